// Rewrites a top-level SELECT ... ORDER BY keys LIMIT n [OFFSET m] into SELECT keys ... LIMIT 2 OFFSET m + n - 1.
#include "core/sql/tie_probe.h"

#include <cctype>

#include "core/sql/parser.h"
#include "core/sql/printer.h"

namespace chokepoint::sql {
namespace {

std::optional<long long> literal_integer(const Node* n) {
  if (!n || n->kind != Kind::Number || n->text.empty() || n->text.size() > 12) return std::nullopt;
  for (char c : n->text)
    if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
  return std::stoll(n->text);
}

bool same_name(const std::string& a, const std::string& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i]))) return false;
  return true;
}

// The expression an ordering term sorts by: a position names the result column (its expression without alias), a
// bare name equal to a result column's alias names that column's expression, anything else stands for itself.
NodePtr key_expression(const Node& term, const std::vector<Node*>& columns) {
  if (auto position = literal_integer(&term)) {
    if (*position < 1 || static_cast<size_t>(*position) > columns.size()) return nullptr;
    const Node* column = columns[static_cast<size_t>(*position - 1)];
    if (column->kind == Kind::Star) return nullptr;
    if (column->kind == Kind::Alias) column = column->get(Slot::This);
    return clone(*column);
  }
  if (term.kind == Kind::Column && !term.get(Slot::Table) && term.get(Slot::Name)) {
    const std::string& name = term.get(Slot::Name)->text;
    for (const Node* column : columns)
      if (column->kind == Kind::Alias && column->get(Slot::Alias) && same_name(column->get(Slot::Alias)->text, name))
        return clone(*column->get(Slot::This));
  }
  return clone(term);
}

// An aggregate in the result columns of a query without GROUP BY makes it one row; the probe's columns would not.
bool aggregates_without_grouping(const Node& select) {
  if (!select.list(Slot::GroupBy).empty()) return false;
  for (const Node* column : select.list(Slot::Columns))
    for (const Node* f : find_all(*column, Kind::Function)) {
      std::string name = f->text;
      for (auto& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      if (name == "count" || name == "sum" || name == "avg" || name == "min" || name == "max" || name == "total" ||
          name == "group_concat")
        return true;
    }
  return false;
}

}  // namespace

std::optional<TieProbe> tie_probe(const std::string& text) {
  auto parsed = parse_sql(text);
  if (!parsed.ok()) return std::nullopt;
  Node& select = **parsed;
  if (select.kind != Kind::Select || select.has(kDistinct) || select.has(kLimitComma)) return std::nullopt;
  const auto orderings = select.list(Slot::OrderBy);
  const auto limit = literal_integer(select.get(Slot::Limit));
  if (orderings.empty() || !limit || *limit < 1 || aggregates_without_grouping(select)) return std::nullopt;
  long long offset = 0;
  if (select.get(Slot::Offset)) {
    auto o = literal_integer(select.get(Slot::Offset));
    if (!o) return std::nullopt;
    offset = *o;
  }
  const auto columns = select.list(Slot::Columns);
  std::vector<NodePtr> keys;
  for (const Node* ordering : orderings) {
    const Node* term = ordering->kind == Kind::Ordering ? ordering->get(Slot::This) : ordering;
    if (!term) return std::nullopt;
    auto key = key_expression(*term, columns);
    if (!key) return std::nullopt;
    keys.push_back(std::move(key));
  }
  // The keys become both the columns and the ordering terms: an alias or a position would name nothing (or
  // another column) once the columns are replaced.
  for (Node* c : columns) detach(*c);
  TieProbe probe;
  probe.keys = keys.size();
  probe.limit = *limit;
  for (size_t i = 0; i < keys.size(); ++i) {
    Node* ordering = orderings[i];
    Node* term = ordering->kind == Kind::Ordering ? ordering->get(Slot::This) : ordering;
    replace(*term, clone(*keys[i]));
    select.add(Slot::Columns, std::move(keys[i]));
  }
  select.set(Slot::Limit, make_node(Kind::Number, "2"));
  select.set(Slot::Offset, make_node(Kind::Number, std::to_string(offset + *limit - 1)));
  probe.sql = print_sql(select);
  return probe;
}

}  // namespace chokepoint::sql
