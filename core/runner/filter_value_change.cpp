// One filter value of a gold query changed to another of its column's values (see filter_value_change.h).
#include "core/runner/filter_value_change.h"

#include <vector>

#include "core/learn/seeded_random.h"
#include "core/sql/parser.h"
#include "core/sql/printer.h"

namespace chokepoint::runner {
namespace {

using sql::Kind;
using sql::Node;
using sql::Slot;

bool word_byte(char c) {
  const auto u = static_cast<unsigned char>(c);
  return (u >= '0' && u <= '9') || (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || u >= 0x80 || c == '_';
}

// Positions where `from` stands as its own token in `text`.
std::vector<size_t> mentions(const std::string& text, const std::string& from) {
  std::vector<size_t> at;
  if (from.empty()) return at;
  for (size_t p = text.find(from); p != std::string::npos; p = text.find(from, p + from.size())) {
    const bool open = p == 0 || !word_byte(text[p - 1]) || !word_byte(from.front());
    const size_t end = p + from.size();
    const bool close = end == text.size() || !word_byte(text[end]) || !word_byte(from.back());
    if (open && close) at.push_back(p);
  }
  return at;
}

bool literal(const Node* n) { return n && (n->kind == Kind::String || n->kind == Kind::Number); }
bool column(const Node* n) { return n && n->kind == Kind::Column; }

// The comparisons `column = literal` (either way round) of `where`, outside nested queries, in pre-order.
std::vector<const Node*> equalities(const Node& where) {
  std::vector<const Node*> out;
  sql::walk(where, [&](const Node& n) {
    if (n.kind == Kind::Select || n.kind == Kind::Compound || n.kind == Kind::Subquery || n.kind == Kind::Exists)
      return false;
    if (n.kind == Kind::Binary && (n.text == "=" || n.text == "==")) {
      const Node *l = n.get(Slot::Left), *r = n.get(Slot::Right);
      if ((column(l) && literal(r)) || (literal(l) && column(r))) out.push_back(&n);
    }
    return true;
  });
  return out;
}

// The node at `index` of a pre-order walk of `root` (the same node in a copy of the tree).
Node* at_preorder(Node& root, size_t index) {
  size_t i = 0;
  Node* found = nullptr;
  sql::walk(root, [&](Node& n) {
    if (i++ == index) found = &n;
    return found == nullptr;
  });
  return found;
}

// A value of the column as the query would write it: text for a string literal, digits for a number.
bool usable_value(const Value& v, bool number, std::string& out) {
  if (number) {
    if (!v.is_number()) return false;
    out = v.to_string();
  } else {
    if (v.type != ValueType::Text) return false;
    out = v.bytes;
  }
  return !out.empty() && out.size() <= 80 && out.find_first_of("\r\n\t") == std::string::npos;
}

FilterValueOutcome kept(FilterKept reason, std::string detail) {
  FilterValueOutcome out;
  out.kept = reason;
  out.detail = std::move(detail);
  return out;
}

}  // namespace

size_t replace_mentions(std::string& text, const std::string& from, const std::string& to) {
  const auto at = mentions(text, from);
  for (auto it = at.rbegin(); it != at.rend(); ++it) text.replace(*it, from.size(), to);
  return at.size();
}

const char* filter_kept_name(FilterKept reason) {
  switch (reason) {
    case FilterKept::unparsable:
      return "the gold query does not parse";
    case FilterKept::no_where:
      return "no WHERE on a single SELECT";
    case FilterKept::not_mentioned:
      return "no WHERE column = value whose value the question mentions";
    case FilterKept::unreadable_values:
      return "the column's values cannot be read";
    case FilterKept::no_other_value:
      return "the column has no other value to filter on";
    case FilterKept::every_value_empties:
      return "no other value keeps a non-empty result";
  }
  return "?";
}

FilterValueOutcome change_filter_value(const std::string& sql, const std::string& question, const std::string& evidence,
                                       const Connection& db, uint64_t seed, const QueryLimits& limits,
                                       size_t max_tries) {
  auto tree = sql::parse_sql(sql);
  if (!tree.ok()) return kept(FilterKept::unparsable, "the gold query does not parse: " + tree.error());
  const Node& root = **tree;
  if (root.kind != Kind::Select || !root.get(Slot::Where))
    return kept(FilterKept::no_where, filter_kept_name(FilterKept::no_where));
  const Node* site = nullptr;
  const Node *col = nullptr, *lit = nullptr;
  for (const Node* eq : equalities(*root.get(Slot::Where))) {
    const Node* l = eq->get(Slot::Left);
    const Node* r = eq->get(Slot::Right);
    const Node* value = literal(l) ? l : r;
    if (!mentions(question, value->text).empty()) {
      site = eq;
      lit = value;
      col = literal(l) ? r : l;
      break;
    }
  }
  if (!site) return kept(FilterKept::not_mentioned, filter_kept_name(FilterKept::not_mentioned));

  // Other values of the column, over the query's own FROM (its aliases and joins), in a fixed order.
  auto probe = sql::make_node(Kind::Select);
  probe->flags |= sql::kDistinct;
  probe->add(Slot::Columns, sql::clone(*col));
  for (const Node* f : root.list(Slot::From)) probe->add(Slot::From, sql::clone(*f));
  auto filter = sql::parse_expression(sql::print_sql(*col) + " IS NOT NULL AND " + sql::print_sql(*col) + " <> " +
                                      sql::print_sql(*lit));
  if (!filter.ok()) return kept(FilterKept::unreadable_values, "the value probe does not parse: " + filter.error());
  probe->set(Slot::Where, std::move(*filter));
  const QueryOutcome values = db.query(sql::print_sql(*probe) + " ORDER BY 1 LIMIT 500", limits);
  if (!values.ok()) return kept(FilterKept::unreadable_values, "the column's values cannot be read: " + values.message);
  const bool number = lit->kind == Kind::Number;
  std::vector<std::string> candidates;
  for (const auto& row : values.result.rows) {
    std::string v;
    if (!row.empty() && usable_value(row[0], number, v) && v != lit->text) candidates.push_back(v);
  }
  if (candidates.empty()) return kept(FilterKept::no_other_value, filter_kept_name(FilterKept::no_other_value));
  learn::SeededRandom rng(seed);
  rng.shuffle(candidates);

  // Every literal of the WHERE with the same spelling changes together ("a = 'X' OR b = 'X'" asks about one X); one
  // elsewhere (a LIMIT 2 beside "= 2") is another number.
  const Node* where = root.get(Slot::Where);
  auto in_where = [&](const Node& n) {
    for (const Node* p = &n; p; p = p->parent)
      if (p == where) return true;
    return false;
  };
  std::vector<size_t> same;
  size_t i = 0;
  sql::walk(root, [&](const Node& n) {
    if (n.kind == lit->kind && n.text == lit->text && in_where(n)) same.push_back(i);
    ++i;
    return true;
  });
  FilterValueChange change;
  change.comparison = sql::print_sql(*site);
  change.from = lit->text;
  for (const auto& to : candidates) {
    if (change.tried == max_tries) break;
    ++change.tried;
    auto copy = sql::clone(root);
    std::vector<Node*> targets;
    for (size_t index : same) targets.push_back(at_preorder(*copy, index));
    for (Node* target : targets) target->text = to;
    const std::string changed = sql::print_sql(*copy);
    const QueryOutcome run = db.query(changed, limits);
    if (!run.ok() || run.result.rows.empty()) continue;
    change.sql = changed;
    change.to = to;
    change.question = question;
    change.evidence = evidence;
    replace_mentions(change.question, change.from, to);
    replace_mentions(change.evidence, change.from, to);
    FilterValueOutcome out;
    out.change = std::move(change);
    return out;
  }
  return kept(FilterKept::every_value_empties, "none of " + std::to_string(change.tried) + " other values of " +
                                                   sql::print_sql(*col) + " keeps the result non-empty");
}

}  // namespace chokepoint::runner
