// Tables and columns a query uses, by name resolution (see gold_schema_items.h).
#include "core/linking/gold_schema_items.h"

#include <algorithm>
#include <map>

#include "core/base/text.h"
#include "core/sql/name_resolution.h"
#include "core/sql/parser.h"

namespace chokepoint::linking {
namespace {

// Collects items by lower-case key, keeping the schema's spelling; emits them sorted by key.
class ItemSet {
 public:
  explicit ItemSet(const Schema& schema) : schema_(schema) {}

  void table(const std::string& name) {
    if (const Table* t = schema_.find_table(name)) tables_.emplace(to_lower_ascii(t->name), t->name);
  }
  void column(const std::string& table, const std::string& column) {
    const Table* t = schema_.find_table(table);
    const Column* c = t ? t->find_column(column) : nullptr;
    if (!c) return;
    tables_.emplace(to_lower_ascii(t->name), t->name);
    const std::string name = t->name + "." + c->name;
    columns_.emplace(to_lower_ascii(name), name);
  }
  void all_columns(const std::string& table) {
    if (const Table* t = schema_.find_table(table))
      for (const auto& c : t->columns) column(t->name, c.name);
  }
  SchemaItems items() const {
    SchemaItems out;
    for (const auto& [k, v] : tables_) out.tables.push_back(v);
    for (const auto& [k, v] : columns_) out.columns.push_back(v);
    return out;
  }

 private:
  const Schema& schema_;
  std::map<std::string, std::string> tables_, columns_;
};

// The instances a star covers in its scope: all of them, or the one named by t.*.
void expand_star(const sql::NameResolution& names, const sql::Scope& scope, const sql::Node& star, ItemSet& set) {
  const sql::Node* only = star.get(sql::Slot::Table);
  for (int id : scope.instances) {
    const auto& inst = names.instances[id];
    if (only && !iequals(inst.ref_name(), only->text)) continue;
    if (!inst.derived) {
      if (inst.known) set.all_columns(inst.table);
      continue;
    }
    for (const auto& c : inst.columns)
      if (!c.base_table.empty()) set.column(c.base_table, c.base_column);
  }
}

// JOIN ... USING (x): x of every base table of the scope that has it (the join's two sides; SQLite binds the name
// to the left-most one, but both are read).
void using_columns(const sql::NameResolution& names, const sql::Scope& scope, ItemSet& set, const Schema& schema) {
  for (const auto* join : scope.select->list(sql::Slot::From)) {
    if (join->kind != sql::Kind::Join) continue;
    for (const auto* id : join->list(sql::Slot::Using))
      for (int i : scope.instances) {
        const auto& inst = names.instances[i];
        const Table* t = inst.derived ? nullptr : schema.find_table(inst.table);
        if (t && t->find_column(id->text)) set.column(t->name, id->text);
      }
  }
}

}  // namespace

SchemaItems query_schema_items(const sql::Node& query, const Schema& schema) {
  const auto names = sql::resolve_names(query, schema);
  ItemSet set(schema);
  for (const auto& inst : names.instances)
    if (!inst.derived && inst.known) set.table(inst.table);
  for (const auto& ref : names.columns) {
    std::string table, column;
    if (names.base_column(ref, table, column)) set.column(table, column);
  }
  for (const auto& scope : names.scopes) {
    if (!scope.select) continue;
    using_columns(names, scope, set, schema);
    const sql::Node* parent = scope.select->parent;
    if (parent && parent->kind == sql::Kind::Exists) continue;
    for (const auto* col : scope.select->list(sql::Slot::Columns))
      if (col->kind == sql::Kind::Star) expand_star(names, scope, *col, set);
  }
  return set.items();
}

Result<SchemaItems> schema_items_of(const std::string& sql, const Schema& schema) {
  auto tree = sql::parse_sql(sql);
  if (!tree.ok()) return Error{tree.error()};
  return query_schema_items(**tree, schema);
}

SchemaItems full_schema_items(const Schema& schema) {
  ItemSet set(schema);
  for (const auto& t : schema.tables) {
    set.table(t.name);
    set.all_columns(t.name);
  }
  return set.items();
}

std::vector<std::string> columns_of_tables(const Schema& schema, const std::vector<std::string>& tables) {
  ItemSet set(schema);
  for (const auto& t : tables) set.all_columns(t);
  return set.items().columns;
}

}  // namespace chokepoint::linking
