// The tables and columns a query reads (see read_schema_items.h).
#include "core/sql/read_schema_items.h"

#include "core/base/text.h"
#include "core/sql/name_resolution.h"

namespace chokepoint::sql {
namespace {

class Reader {
 public:
  explicit Reader(const Schema& schema) : schema_(schema) {}

  void table(const std::string& name) {
    if (const Table* t = schema_.find_table(name)) out_.push_back({t, nullptr});
  }
  void column(const std::string& table, const std::string& column) {
    const Table* t = schema_.find_table(table);
    const Column* c = t ? t->find_column(column) : nullptr;
    if (c) out_.push_back({t, c});
  }
  void all_columns(const std::string& table) {
    if (const Table* t = schema_.find_table(table))
      for (const auto& c : t->columns) out_.push_back({t, &c});
  }
  std::vector<ReadItem> take() { return std::move(out_); }

 private:
  const Schema& schema_;
  std::vector<ReadItem> out_;
};

// The instances a star covers in its scope: all of them, or the one named by t.*.
void expand_star(const NameResolution& names, const Scope& scope, const Node& star, Reader& read) {
  const Node* only = star.get(Slot::Table);
  for (int id : scope.instances) {
    const auto& inst = names.instances[id];
    if (only && !iequals(inst.ref_name(), only->text)) continue;
    if (!inst.derived) {
      if (inst.known) read.all_columns(inst.table);
      continue;
    }
    for (const auto& c : inst.columns)
      if (!c.base_table.empty()) read.column(c.base_table, c.base_column);
  }
}

// JOIN ... USING (x): x of every base table of the scope that has it (the join's two sides; SQLite binds the name
// to the left-most one, but both are read).
void using_columns(const NameResolution& names, const Scope& scope, const Schema& schema, Reader& read) {
  for (const auto* join : scope.select->list(Slot::From)) {
    if (join->kind != Kind::Join) continue;
    for (const auto* id : join->list(Slot::Using))
      for (int i : scope.instances) {
        const auto& inst = names.instances[i];
        const Table* t = inst.derived ? nullptr : schema.find_table(inst.table);
        if (t && t->find_column(id->text)) read.column(t->name, id->text);
      }
  }
}

}  // namespace

std::vector<ReadItem> read_schema_items(const Node& query, const Schema& schema) {
  const NameResolution names = resolve_names(query, schema);
  Reader read(schema);
  for (const auto& inst : names.instances)
    if (!inst.derived && inst.known) read.table(inst.table);
  for (const auto& ref : names.columns) {
    std::string table, column;
    if (names.base_column(ref, table, column)) read.column(table, column);
  }
  for (const auto& scope : names.scopes) {
    if (!scope.select) continue;
    using_columns(names, scope, schema, read);
    const Node* parent = scope.select->parent;
    if (parent && parent->kind == Kind::Exists) continue;
    for (const auto* col : scope.select->list(Slot::Columns))
      if (col->kind == Kind::Star) expand_star(names, scope, *col, read);
  }
  return read.take();
}

}  // namespace chokepoint::sql
