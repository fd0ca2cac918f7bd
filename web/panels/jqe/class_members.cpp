// Class members of a set for the step-through view, parsed as the JQE driver parses seeds.
#include "web/panels/jqe/class_members.h"

#include <algorithm>

#include "core/jqe/seed_parse.h"

namespace chokepoint::web {

int ClassMembers::add(const EvalItem& query, const Schema& schema) {
  auto p = jqe::parse_seed(query, schema);
  if (!p.ok()) return -1;
  const int c = index_.add(p->graph);
  if (static_cast<size_t>(c) >= representatives_.size()) representatives_.push_back(query);
  return c;
}

std::vector<EvalItem> ClassMembers::context(int per_pattern) const {
  std::vector<EvalItem> out;
  if (per_pattern <= 0) return out;
  for (size_t c = 0; c < representatives_.size(); ++c) {
    const size_t copies = std::min(index_.member_count(static_cast<int>(c)), static_cast<size_t>(per_pattern));
    for (size_t k = 0; k < copies; ++k) out.push_back(representatives_[c]);
  }
  return out;
}

}  // namespace chokepoint::web
