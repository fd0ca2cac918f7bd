// The isomorphism classes of an evaluation set's queries, cached per set, for the step-through view: expanding
// one seed with the whole set's diversity cap means handing the core (JqeOptions::context_seeds) the set's queries.
// Copies of one representative count the same as the class's members, so each class gives min(members, n) copies.
#pragma once
#include <vector>

#include "core/dataset/eval_set.h"
#include "core/graph/isomorphism.h"
#include "core/schema/schema.h"

namespace chokepoint::web {

class ClassMembers {
 public:
  explicit ClassMembers(IsomorphismMode mode) : index_(mode) {}
  // Adds a query's main-scope graph; returns its class, or -1 when JQE would skip the query.
  int add(const EvalItem& query, const Schema& schema);
  size_t class_count() const { return index_.class_count(); }
  size_t member_count(int c) const { return index_.member_count(c); }
  // Each class's representative, min(members, per_pattern) times; nothing when per_pattern <= 0 (no cap).
  std::vector<EvalItem> context(int per_pattern) const;

 private:
  IsomorphismIndex index_;
  std::vector<EvalItem> representatives_;
};

}  // namespace chokepoint::web
