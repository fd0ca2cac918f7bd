// SynSQL's schema selector: reading the selection and expansion answers, the union and the key rule (see
// schema_selector.h).
#include "core/testdb/schema_selector.h"

#include <algorithm>
#include <map>
#include <set>

#include "core/base/text.h"
#include "core/testdb/json_answer.h"

namespace chokepoint::testdb {
namespace {

// Around a table or column name a model writes: white space, quotes and brackets.
const char* kNameSpace = " \t\r\n\"'`[]";

using Json = nlohmann::ordered_json;

bool contains(const std::vector<ColumnRef>& refs, const ColumnRef& r) {
  return std::find(refs.begin(), refs.end(), r) != refs.end();
}

void add_once(std::vector<ColumnRef>& refs, const ColumnRef& r) {
  if (!contains(refs, r)) refs.push_back(r);
}

// `name` ("column" of `table`, or "table.column") resolved against the schema; false when it names nothing.
bool resolve(const Schema& schema, const Table* table, std::string name, ColumnRef& out) {
  name = trim(name, kNameSpace);
  const size_t dot = name.find('.');
  if (dot != std::string::npos && !(table && table->find_column(name))) {
    const Table* t = schema.find_table(trim(name.substr(0, dot), kNameSpace));
    if (!t) return false;
    table = t;
    name = trim(name.substr(dot + 1), kNameSpace);
  }
  if (!table || name.empty() || name == "*") return false;
  const Column* c = table->find_column(name);
  if (!c) return false;
  out = {table->name, c->name};
  return true;
}

// The strings of a JSON value: a string, or the strings of a list.
std::vector<std::string> strings_of(const Json& v) {
  std::vector<std::string> out;
  if (v.is_string()) out.push_back(v.get<std::string>());
  if (v.is_array())
    for (const auto& e : v)
      if (e.is_string()) out.push_back(e.get<std::string>());
  return out;
}

// Reads the table keys of a selection-shaped object into `sel`.
void read_table_keys(const Json& doc, const Schema& schema, ColumnSelection& sel) {
  for (auto it = doc.begin(); it != doc.end(); ++it) {
    const std::string k = loose_key(it.key());
    if (k == "chainofthoughtreasoning" || k == "reasoning" || k == "foreignkeys") continue;
    const Table* table = schema.find_table(trim(it.key(), kNameSpace));
    for (const auto& name : strings_of(it.value())) {
      ColumnRef ref;
      if (resolve(schema, table, name, ref))
        add_once(sel.columns, ref);
      else
        sel.unknown.push_back(table ? table->name + "." + trim(name, kNameSpace)
                                    : it.key() + "." + trim(name, kNameSpace));
    }
  }
}

// "t1.c1 = t2.c2[, t3.c3 = t4.c4]" strings: both endpoints of each pair whose columns both exist.
void read_foreign_keys(const Json& doc, const Schema& schema, ColumnSelection& sel) {
  for (auto it = doc.begin(); it != doc.end(); ++it) {
    if (loose_key(it.key()) != "foreignkeys") continue;
    for (const auto& text : strings_of(it.value())) {
      size_t start = 0;
      while (start <= text.size()) {
        size_t comma = text.find(',', start);
        if (comma == std::string::npos) comma = text.size();
        const std::string pair = text.substr(start, comma - start);
        start = comma + 1;
        const size_t eq = pair.find('=');
        if (eq == std::string::npos) continue;
        ColumnRef a, b;
        if (resolve(schema, nullptr, pair.substr(0, eq), a) && resolve(schema, nullptr, pair.substr(eq + 1), b)) {
          add_once(sel.join_columns, a);
          add_once(sel.join_columns, b);
        } else {
          sel.unknown.push_back(trim(pair, " \t\r\n"));
        }
      }
    }
  }
}

std::string key_of(const std::string& table, const std::string& column) {
  return to_lower_ascii(table) + "\n" + to_lower_ascii(column);
}

}  // namespace

bool ColumnRef::operator==(const ColumnRef& o) const { return iequals(table, o.table) && iequals(column, o.column); }

size_t ReducedSchema::column_count() const { return schema.column_count(); }

Result<ColumnSelection> parse_column_selection(const std::string& answer, const Schema& schema) {
  auto doc = first_json_object(answer);
  if (!doc.ok()) return Error{doc.error()};
  ColumnSelection sel;
  read_table_keys(*doc, schema, sel);
  read_foreign_keys(*doc, schema, sel);
  if (sel.columns.empty() && sel.join_columns.empty()) return Error{"the answer names no column of the schema"};
  return sel;
}

Result<std::vector<ColumnRef>> parse_column_expansion(const std::string& answer, const Schema& schema,
                                                      const std::vector<ColumnRef>& selected, size_t max) {
  auto doc = first_json_object(answer);
  if (!doc.ok()) return Error{doc.error()};
  ColumnSelection sel;
  bool listed = false;
  for (auto it = doc->begin(); it != doc->end(); ++it) {
    if (loose_key(it.key()) != "columns") continue;
    listed = true;
    for (const auto& name : strings_of(it.value())) {
      ColumnRef ref;
      if (resolve(schema, nullptr, name, ref)) add_once(sel.columns, ref);
    }
  }
  if (!listed) read_table_keys(*doc, schema, sel);
  std::vector<ColumnRef> out;
  for (const auto& c : sel.columns) {
    if (out.size() >= max) break;
    if (!contains(selected, c)) out.push_back(c);
  }
  return out;
}

std::vector<ColumnRef> union_selections(const std::vector<ColumnSelection>& selections) {
  std::vector<ColumnRef> out;
  for (const auto& s : selections) {
    for (const auto& c : s.columns) add_once(out, c);
    for (const auto& c : s.join_columns) add_once(out, c);
  }
  return out;
}

ReducedSchema reduce_schema(const Schema& full, const std::vector<ColumnRef>& selected,
                            const std::vector<ColumnRef>& expanded, bool key_rule) {
  ReducedSchema out;
  out.selected = selected;
  out.expanded = expanded;
  std::set<std::string> kept;         // key_of(table, column)
  std::set<std::string> kept_tables;  // lower case
  auto keep = [&](const std::string& table, const std::string& column) {
    kept_tables.insert(to_lower_ascii(table));
    return kept.insert(key_of(table, column)).second;
  };
  for (const auto& c : selected) keep(c.table, c.column);
  for (const auto& c : expanded) keep(c.table, c.column);
  // The key rule, in schema order: primary keys of kept tables, then the foreign keys between kept tables.
  for (const auto& t : full.tables) {
    if (!key_rule) break;
    if (!kept_tables.count(to_lower_ascii(t.name))) continue;
    for (const auto& pk : t.primary_key)
      if (const Column* c = t.find_column(pk))
        if (keep(t.name, c->name)) out.key_added.push_back({t.name, c->name});
  }
  for (const auto& t : full.tables) {
    if (!key_rule) break;
    if (!kept_tables.count(to_lower_ascii(t.name))) continue;
    for (const auto& fk : t.foreign_keys) {
      const Table* to = full.find_table(fk.to_table);
      if (!to || !kept_tables.count(to_lower_ascii(to->name))) continue;
      for (const auto& f : fk.from_columns)
        if (const Column* c = t.find_column(f))
          if (keep(t.name, c->name)) out.key_added.push_back({t.name, c->name});
      for (const auto& f : fk.to_columns)
        if (const Column* c = to->find_column(f))
          if (keep(to->name, c->name)) out.key_added.push_back({to->name, c->name});
    }
  }
  out.schema.db_id = full.db_id;
  for (const auto& t : full.tables) {
    if (!kept_tables.count(to_lower_ascii(t.name))) continue;
    Table r;
    r.name = t.name;
    r.natural_name = t.natural_name;
    for (const auto& c : t.columns)
      if (kept.count(key_of(t.name, c.name))) r.columns.push_back(c);
    bool whole_key = true;  // always, with the key rule
    for (const auto& k : t.primary_key) whole_key = whole_key && kept.count(key_of(t.name, k));
    if (whole_key) r.primary_key = t.primary_key;
    for (const auto& fk : t.foreign_keys) {
      const Table* to = full.find_table(fk.to_table);
      if (!to || !kept_tables.count(to_lower_ascii(to->name))) continue;
      bool whole = true;
      for (const auto& f : fk.from_columns) whole = whole && kept.count(key_of(t.name, f));
      for (const auto& f : fk.to_columns) whole = whole && kept.count(key_of(to->name, f));
      if (whole) r.foreign_keys.push_back(fk);
    }
    out.schema.tables.push_back(std::move(r));
  }
  return out;
}

std::string selected_columns_text(const std::vector<ColumnRef>& columns) {
  std::string s;
  for (const auto& c : columns) s += c.text() + "\n";
  if (!s.empty()) s.pop_back();
  return s;
}

}  // namespace chokepoint::testdb
