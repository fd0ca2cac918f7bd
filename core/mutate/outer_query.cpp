// Outer-query blocks, subquery-free walks and copy-then-edit by pre-order position.
#include "core/mutate/outer_query.h"

#include "core/sql/printer.h"

namespace chokepoint::mutate {
using sql::Kind;
using sql::Node;
using sql::Slot;

namespace {

void collect_arms(const Node& n, std::vector<const Node*>& out) {
  if (n.kind == Kind::Select) {
    out.push_back(&n);
  } else if (n.kind == Kind::Compound) {
    if (const Node* l = n.get(Slot::Left)) collect_arms(*l, out);
    if (const Node* r = n.get(Slot::Right)) collect_arms(*r, out);
  }
}

bool is_nested_query(const Node& n) {
  return n.kind == Kind::Select || n.kind == Kind::Compound || n.kind == Kind::Subquery || n.kind == Kind::Exists;
}

// Position of `target` in the pre-order of `root`; clones keep pre-order, so it addresses the same node in a copy.
size_t preorder_index(const Node& root, const Node& target) {
  size_t i = 0, found = 0;
  bool done = false;
  sql::walk(root, [&](const Node& n) {
    if (done) return false;
    if (&n == &target) {
      found = i;
      done = true;
      return false;
    }
    ++i;
    return true;
  });
  return found;
}

Node* node_at(Node& root, size_t index) {
  size_t i = 0;
  Node* hit = nullptr;
  sql::walk(root, [&](Node& n) {
    if (hit) return false;
    if (i++ == index) {
      hit = &n;
      return false;
    }
    return true;
  });
  return hit;
}

}  // namespace

std::vector<const Node*> outer_selects(const Node& query) {
  std::vector<const Node*> out;
  collect_arms(query, out);
  return out;
}

void walk_outside_subqueries(const Node& expr, const std::function<void(const Node&)>& visit) {
  sql::walk(expr, [&](const Node& n) {
    if (is_nested_query(n)) return false;
    visit(n);
    return true;
  });
}

std::string block_label(const Node& query, const Node& select) {
  auto arms = outer_selects(query);
  if (arms.size() <= 1) return "";
  for (size_t i = 0; i < arms.size(); ++i)
    if (arms[i] == &select) return "arm " + std::to_string(i + 1) + " ";
  return "";
}

Mutant mutate_copy(const char* op, const Node& query, const Node& site, const std::function<void(Node&)>& edit,
                   std::string description) {
  Mutant m;
  m.op = op;
  m.description = std::move(description);
  m.tree = sql::clone(query);
  if (Node* copy = node_at(*m.tree, preorder_index(query, site))) edit(*copy);
  return m;
}

std::string quoted(const Node& node) { return "\"" + sql::print_sql(node) + "\""; }

}  // namespace chokepoint::mutate
