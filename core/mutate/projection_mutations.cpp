// Projection operators: drop a result column, append a star, toggle DISTINCT.
#include "core/mutate/projection_mutations.h"

#include "core/mutate/outer_query.h"

namespace chokepoint::mutate {
using sql::Kind;
using sql::Node;
using sql::Slot;

namespace {

// The identifier that names the first FROM source ("T1" in "FROM t AS T1"), or nullptr.
const Node* first_source_name(const Node& owner) {
  auto from = owner.list(Slot::From);
  if (from.empty()) return nullptr;
  const Node& source = *from.front();
  if (const Node* alias = source.get(Slot::Alias)) return alias;
  if (source.kind == Kind::Table) return source.get(Slot::Name);
  if (source.kind == Kind::JoinGroup) return first_source_name(source);
  return nullptr;  // an unaliased subquery has no name to qualify a star with
}

// "name.*", or "*" without a name; the name keeps its spelling and quotes.
sql::NodePtr make_star(const Node* name) {
  auto star = sql::make_node(Kind::Star);
  if (name) star->set(Slot::Table, sql::clone(*name));
  return star;
}

}  // namespace

std::vector<Mutant> projection_drop(const Node& query) {
  std::vector<Mutant> out;
  for (const Node* select : outer_selects(query)) {
    auto columns = select->list(Slot::Columns);
    if (columns.size() < 2) continue;
    for (const Node* column : columns) {
      std::string what = block_label(query, *select) + "SELECT: column " + quoted(*column) + " removed";
      out.push_back(mutate_copy(
          "projection_drop", query, *column, [](Node& c) { sql::detach(c); }, std::move(what)));
    }
  }
  return out;
}

std::vector<Mutant> add_star_wildcard(const Node& query) {
  std::vector<Mutant> out;
  for (const Node* select : outer_selects(query)) {
    bool has_star = false;
    for (const Node* column : select->list(Slot::Columns)) has_star |= column->kind == Kind::Star;
    if (has_star) continue;
    const Node* name = first_source_name(*select);
    std::string what = block_label(query, *select) + "SELECT: " + quoted(*make_star(name)) + " appended";
    out.push_back(mutate_copy(
        "add_star_wildcard", query, *select, [name](Node& s) { s.add(Slot::Columns, make_star(name)); },
        std::move(what)));
  }
  return out;
}

std::vector<Mutant> distinct_toggle(const Node& query) {
  std::vector<Mutant> out;
  for (const Node* select : outer_selects(query)) {
    bool had = select->has(sql::kDistinct);
    std::string what = block_label(query, *select) + (had ? "SELECT DISTINCT -> SELECT" : "SELECT -> SELECT DISTINCT");
    out.push_back(mutate_copy(
        "distinct_toggle", query, *select,
        [had](Node& s) {
          s.flags &= static_cast<uint16_t>(~(sql::kDistinct | sql::kAll));
          if (!had) s.flags |= sql::kDistinct;
        },
        std::move(what)));
  }
  return out;
}

}  // namespace chokepoint::mutate
