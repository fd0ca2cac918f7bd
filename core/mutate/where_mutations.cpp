// WHERE operators: predicate deletion, comparison flips, stricter and looser bounds, clause removal.
#include "core/mutate/where_mutations.h"

#include "core/mutate/comparison_edits.h"
#include "core/mutate/outer_query.h"

namespace chokepoint::mutate {
using sql::Kind;
using sql::Node;
using sql::Slot;

namespace {

bool is_connective(const Node& n) { return n.kind == Kind::Binary && (n.text == "AND" || n.text == "OR"); }

// A parenthesised AND/OR is part of the connective tree; a parenthesised comparison is a leaf.
const Node* unwrap_connective(const Node& n) {
  if (is_connective(n)) return &n;
  if (n.kind == Kind::Paren) {
    const Node* inner = n.get(Slot::This);
    if (inner && (is_connective(*inner) || inner->kind == Kind::Paren)) return unwrap_connective(*inner);
  }
  return nullptr;
}

// Leaves of the AND/OR tree rooted at `n`, left to right; each leaf's parent is an AND/OR node.
void collect_leaves(const Node& n, std::vector<const Node*>& out) {
  const Node* c = unwrap_connective(n);
  if (!c) {
    out.push_back(&n);
    return;
  }
  collect_leaves(*c->get(Slot::Left), out);
  collect_leaves(*c->get(Slot::Right), out);
}

}  // namespace

std::vector<Mutant> where_predicate_delete(const Node& query) {
  std::vector<Mutant> out;
  for (const Node* select : outer_selects(query)) {
    const Node* where = select->get(Slot::Where);
    if (!where || !unwrap_connective(*where)) continue;
    std::vector<const Node*> leaves;
    collect_leaves(*where, leaves);
    for (const Node* leaf : leaves) {
      const Node* connective = leaf->parent;
      const Node* kept = connective->get(leaf->slot() == Slot::Left ? Slot::Right : Slot::Left);
      std::string what = block_label(query, *select) + "WHERE: " + quoted(*connective) + " -> " + quoted(*kept);
      Slot kept_slot = kept->slot();
      out.push_back(mutate_copy(
          "where_predicate_delete", query, *connective,
          [kept_slot](Node& c) {
            sql::NodePtr survivor = sql::detach(*c.get(kept_slot));
            sql::replace(c, std::move(survivor));
          },
          std::move(what)));
    }
  }
  return out;
}

std::vector<Mutant> where_condition_flip(const Node& query) {
  return rewrite_comparisons("where_condition_flip", query, Slot::Where, flipped_comparison);
}

std::vector<Mutant> where_strengthen(const Node& query) {
  return rewrite_comparisons("where_strengthen", query, Slot::Where, stricter_comparison);
}

std::vector<Mutant> where_weaken(const Node& query) {
  return rewrite_comparisons("where_weaken", query, Slot::Where, looser_comparison);
}

std::vector<Mutant> where_remove(const Node& query) { return remove_clause("where_remove", query, Slot::Where); }

}  // namespace chokepoint::mutate
