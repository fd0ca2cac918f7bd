// The gold's schema items and the oracle schema (see oracle_schema.h).
#include "core/testdb/oracle_schema.h"

#include <algorithm>
#include <set>

#include "core/base/text.h"
#include "core/sql/parser.h"
#include "core/sql/read_schema_items.h"

namespace chokepoint::testdb {
namespace {

// Collects items by lower-case key, keeping the schema's spelling; emitted in the schema's order.
class ItemSet {
 public:
  explicit ItemSet(const Schema& schema) : schema_(schema) {}

  void table(const std::string& name) {
    if (const Table* t = schema_.find_table(name)) tables_.insert(to_lower_ascii(t->name));
  }
  void column(const std::string& table, const std::string& column) {
    const Table* t = schema_.find_table(table);
    const Column* c = t ? t->find_column(column) : nullptr;
    if (!c) return;
    tables_.insert(to_lower_ascii(t->name));
    columns_.insert(to_lower_ascii(t->name) + '\x1f' + to_lower_ascii(c->name));
  }
  GoldSchemaItems items() const {
    GoldSchemaItems out;
    for (const auto& t : schema_.tables) {
      const std::string tk = to_lower_ascii(t.name);
      if (!tables_.count(tk)) continue;
      out.tables.push_back(t.name);
      for (const auto& c : t.columns)
        if (columns_.count(tk + '\x1f' + to_lower_ascii(c.name))) out.columns.push_back({t.name, c.name});
    }
    return out;
  }

 private:
  const Schema& schema_;
  std::set<std::string> tables_, columns_;
};

}  // namespace

Result<GoldSchemaItems> gold_schema_items(const std::string& gold_sql, const Schema& schema) {
  auto tree = sql::parse_sql(gold_sql);
  if (!tree.ok()) return Error{"the gold query does not parse: " + tree.error()};
  ItemSet set(schema);
  for (const auto& item : sql::read_schema_items(**tree, schema)) {
    if (item.column)
      set.column(item.table->name, item.column->name);
    else
      set.table(item.table->name);
  }
  GoldSchemaItems items = set.items();
  if (items.tables.empty()) return Error{"the gold query reads no table of the schema"};
  return items;
}

Result<ReducedSchema> oracle_schema(const Schema& full, const std::string& gold_sql) {
  auto items = gold_schema_items(gold_sql, full);
  if (!items.ok()) return Error{items.error()};
  std::vector<ColumnRef> chosen = items->columns;
  for (const auto& name : items->tables) {
    const bool named =
        std::any_of(chosen.begin(), chosen.end(), [&](const ColumnRef& c) { return iequals(c.table, name); });
    const Table* t = full.find_table(name);
    if (named || !t || t->columns.empty()) continue;
    const Column* keep = t->primary_key.empty() ? nullptr : t->find_column(t->primary_key.front());
    chosen.push_back({t->name, keep ? keep->name : t->columns.front().name});
  }
  return reduce_schema(full, chosen, {}, false);
}

std::vector<std::string> missing_gold_items(const GoldSchemaItems& items, const Schema& used) {
  std::vector<std::string> out;
  for (const auto& name : items.tables)
    if (!used.find_table(name)) out.push_back(name);
  for (const auto& c : items.columns) {
    const Table* t = used.find_table(c.table);
    if (t && !t->find_column(c.column)) out.push_back(c.text());
  }
  return out;
}

}  // namespace chokepoint::testdb
