// LIMIT operators: double or halve an integer LIMIT.
#include "core/mutate/limit_mutations.h"

#include <cstdint>
#include <string>

#include "core/mutate/outer_query.h"

namespace chokepoint::mutate {
using sql::Kind;
using sql::Node;
using sql::Slot;

namespace {

// The outer LIMIT's value when it is a decimal integer literal that doubling cannot overflow.
bool integer_limit(const Node& query, const Node*& limit, int64_t& n) {
  limit = query.get(Slot::Limit);
  if (!limit || limit->kind != Kind::Number || limit->text.empty() || limit->text.size() > 15) return false;
  for (char c : limit->text)
    if (c < '0' || c > '9') return false;
  n = std::stoll(limit->text);
  return true;
}

std::vector<Mutant> change_limit(const char* op, const Node& query, int64_t (*change)(int64_t)) {
  const Node* limit = nullptr;
  int64_t n = 0;
  if (!integer_limit(query, limit, n)) return {};
  int64_t to = change(n);
  if (to == n) return {};
  std::string what = "LIMIT " + limit->text + " -> LIMIT " + std::to_string(to);
  std::vector<Mutant> out;
  out.push_back(mutate_copy(
      op, query, *limit, [to](Node& l) { l.text = std::to_string(to); }, std::move(what)));
  return out;
}

}  // namespace

std::vector<Mutant> limit_increase(const Node& query) {
  return change_limit("limit_increase", query, [](int64_t n) -> int64_t { return n == 0 ? 1 : 2 * n; });
}

std::vector<Mutant> limit_decrease(const Node& query) {
  return change_limit("limit_decrease", query, [](int64_t n) -> int64_t { return n <= 1 ? n : n / 2; });
}

}  // namespace chokepoint::mutate
