// The uniform tree operations of ast.h. Children stay sorted by slot so that structural equality does not depend
// on the order in which a transform attached them.
#include "core/sql/ast.h"

#include <algorithm>

namespace chokepoint::sql {

Node::~Node() {
  if (children.empty()) return;
  std::vector<NodePtr> pending;
  for (auto& c : children) pending.push_back(std::move(c.node));
  children.clear();
  while (!pending.empty()) {
    NodePtr n = std::move(pending.back());
    pending.pop_back();
    for (auto& c : n->children) pending.push_back(std::move(c.node));
    n->children.clear();
  }
}

Node* Node::get(Slot s) const {
  for (const auto& c : children)
    if (c.slot == s) return c.node.get();
  return nullptr;
}

std::vector<Node*> Node::list(Slot s) const {
  std::vector<Node*> out;
  for (const auto& c : children)
    if (c.slot == s) out.push_back(c.node.get());
  return out;
}

Node* Node::add(Slot s, NodePtr child) {
  if (!child) return nullptr;
  child->parent = this;
  if (child->height + 1 > height) height = child->height + 1;
  Node* raw = child.get();
  auto it = std::upper_bound(children.begin(), children.end(), s,
                             [](Slot v, const Child& c) { return static_cast<int>(v) < static_cast<int>(c.slot); });
  children.insert(it, Child{s, std::move(child)});
  return raw;
}

Node* Node::set(Slot s, NodePtr child) {
  for (auto it = children.begin(); it != children.end(); ++it) {
    if (it->slot != s) continue;
    if (!child) {
      children.erase(it);
      return nullptr;
    }
    child->parent = this;
    it->node = std::move(child);
    return it->node.get();
  }
  return add(s, std::move(child));
}

Slot Node::slot() const {
  if (parent)
    for (const auto& c : parent->children)
      if (c.node.get() == this) return c.slot;
  return Slot::This;
}

NodePtr make_node(Kind kind, std::string text) { return std::make_unique<Node>(kind, std::move(text)); }

NodePtr make_identifier(std::string name, char quote) {
  auto n = make_node(Kind::Identifier, std::move(name));
  n->quote = quote;
  return n;
}

NodePtr make_column(const std::string& table, const std::string& name) {
  auto c = make_node(Kind::Column);
  if (!table.empty()) c->add(Slot::Table, make_identifier(table));
  c->add(Slot::Name, make_identifier(name));
  return c;
}

NodePtr clone(const Node& node) {
  auto copy = make_node(node.kind, node.text);
  copy->quote = node.quote;
  copy->flags = node.flags;
  copy->height = node.height;
  copy->children.reserve(node.children.size());
  for (const auto& c : node.children) {
    NodePtr child = clone(*c.node);
    child->parent = copy.get();
    copy->children.push_back(Child{c.slot, std::move(child)});
  }
  return copy;
}

bool equal(const Node& a, const Node& b) {
  if (a.kind != b.kind || a.quote != b.quote || a.flags != b.flags || a.text != b.text ||
      a.children.size() != b.children.size())
    return false;
  for (size_t i = 0; i < a.children.size(); ++i) {
    if (a.children[i].slot != b.children[i].slot) return false;
    if (!equal(*a.children[i].node, *b.children[i].node)) return false;
  }
  return true;
}

void walk(Node& root, const std::function<bool(Node&)>& visit) {
  if (!visit(root)) return;
  for (auto& c : root.children) walk(*c.node, visit);
}

void walk(const Node& root, const std::function<bool(const Node&)>& visit) {
  if (!visit(root)) return;
  for (const auto& c : root.children) walk(static_cast<const Node&>(*c.node), visit);
}

std::vector<Node*> find_all(Node& root, Kind kind) {
  std::vector<Node*> out;
  walk(root, [&](Node& n) {
    if (n.kind == kind) out.push_back(&n);
    return true;
  });
  return out;
}

std::vector<const Node*> find_all(const Node& root, Kind kind) {
  std::vector<const Node*> out;
  walk(root, [&](const Node& n) {
    if (n.kind == kind) out.push_back(&n);
    return true;
  });
  return out;
}

Node* find_first(Node& root, Kind kind) {
  if (root.kind == kind) return &root;
  for (auto& c : root.children)
    if (Node* f = find_first(*c.node, kind)) return f;
  return nullptr;
}

NodePtr detach(Node& node) {
  Node* p = node.parent;
  if (!p) return nullptr;
  for (auto it = p->children.begin(); it != p->children.end(); ++it) {
    if (it->node.get() != &node) continue;
    NodePtr owned = std::move(it->node);
    p->children.erase(it);
    owned->parent = nullptr;
    return owned;
  }
  return nullptr;
}

NodePtr replace(Node& node, NodePtr replacement) {
  Node* p = node.parent;
  if (!p) return nullptr;
  for (auto& c : p->children) {
    if (c.node.get() != &node) continue;
    NodePtr old = std::move(c.node);
    old->parent = nullptr;
    if (replacement) replacement->parent = p;
    c.node = std::move(replacement);
    if (!c.node)
      p->children.erase(std::find_if(p->children.begin(), p->children.end(), [](const Child& x) { return !x.node; }));
    return old;
  }
  return nullptr;
}

const char* kind_name(Kind kind) {
  static const char* const names[] = {
      "Select",    "Compound", "With",       "Cte",    "Table",  "Subquery",   "JoinGroup", "Join",    "Alias",
      "Star",      "Ordering", "Identifier", "Column", "Number", "String",     "Blob",      "Null",    "Constant",
      "Parameter", "Unary",    "Binary",     "Like",   "In",     "Between",    "Postfix",   "Collate", "Case",
      "When",      "Cast",     "Function",   "Window", "Frame",  "FrameBound", "Exists",    "Paren",   "Tuple"};
  return names[static_cast<int>(kind)];
}

const char* slot_name(Slot slot) {
  static const char* const names[] = {
      "With",   "Schema",    "Table",   "Name",  "Operand", "This",   "Left",  "Right",       "Low",     "High",
      "Escape", "Columns",   "Items",   "Query", "Source",  "From",   "Where", "GroupBy",     "Having",  "Ctes",
      "Whens",  "Condition", "Result",  "Else",  "Args",    "Filter", "Over",  "PartitionBy", "OrderBy", "Frame",
      "Start",  "End",       "Exclude", "On",    "Using",   "Alias",  "Limit", "Offset"};
  return names[static_cast<int>(slot)];
}

namespace {
void sexpr(const Node& n, std::string& out) {
  out += '(';
  out += kind_name(n.kind);
  if (!n.text.empty() || n.kind == Kind::String || n.kind == Kind::Identifier) {
    out += " \"";
    out += n.text;
    out += '"';
  }
  if (n.quote) {
    out += " quote=";
    out += n.quote;
  }
  if (n.flags) out += " flags=" + std::to_string(n.flags);
  for (const auto& c : n.children) {
    out += ' ';
    out += slot_name(c.slot);
    out += ':';
    sexpr(*c.node, out);
  }
  out += ')';
}
}  // namespace

std::string to_sexpr(const Node& node) {
  std::string out;
  sexpr(node, out);
  return out;
}

}  // namespace chokepoint::sql
