// Tables and columns a query uses, by name resolution (see gold_schema_items.h).
#include "core/linking/gold_schema_items.h"

#include <algorithm>
#include <map>

#include "core/base/text.h"
#include "core/sql/parser.h"
#include "core/sql/read_schema_items.h"

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

}  // namespace

SchemaItems query_schema_items(const sql::Node& query, const Schema& schema) {
  ItemSet set(schema);
  for (const auto& item : sql::read_schema_items(query, schema)) {
    if (item.column)
      set.column(item.table->name, item.column->name);
    else
      set.table(item.table->name);
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
