// SynSQL §2.4 validation (see insert_validation.h): one pass over the lines that maps, pads, re-cases and checks the
// row-local constraints in line order, then a fixpoint over the foreign keys once every row is known.
#include "core/testdb/insert_validation.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <unordered_map>
#include <unordered_set>

#include "core/base/text.h"
#include "core/db/column_affinity.h"
#include "core/testdb/insert_statement.h"

namespace chokepoint::testdb {
namespace {

// A key's values as one string: numbers by value (1 and 1.0 are one key, as SQLite compares them), text and blobs
// by bytes, each tagged so 1 and '1' differ. Returns false when a value is NULL (NULL keys never collide).
// Written into `key` in place, without a temporary string per value: keys are built for every row and every key.
bool key_of(const Row& row, const std::vector<size_t>& columns, std::string& key) {
  key.clear();
  char buf[40];
  auto append_number = [&key, &buf](int64_t n) { key.append(buf, std::to_chars(buf, buf + sizeof buf, n).ptr); };
  for (size_t c : columns) {
    const Value& v = row[c];
    switch (v.type) {
      case ValueType::Null:
        return false;
      case ValueType::Integer:
        key += 'n';
        append_number(v.integer);
        break;
      case ValueType::Real: {
        if (v.real == static_cast<double>(static_cast<int64_t>(v.real)) && v.real > -9.2e18 && v.real < 9.2e18) {
          key += 'n';
          append_number(static_cast<int64_t>(v.real));
        } else {
          std::snprintf(buf, sizeof buf, "r%.17g", v.real);
          key += buf;
        }
        break;
      }
      case ValueType::Text:
      case ValueType::Blob:
        key += v.type == ValueType::Text ? 't' : 'b';
        append_number(static_cast<int64_t>(v.bytes.size()));
        key += ':';
        key += v.bytes;
        break;
    }
    key += '|';
  }
  return true;
}

// The position of column `name` in `table` (any case), or the number of columns when it has none of that name.
size_t column_position(const Table& table, std::string_view name) {
  size_t k = 0;
  while (k < table.columns.size() && !iequals(table.columns[k].name, name)) ++k;
  return k;
}

// Column positions of `names` in `table`; false when one is missing.
bool positions(const Table& table, const std::vector<std::string>& names, std::vector<size_t>& out) {
  out.clear();
  for (const auto& n : names) {
    const size_t k = column_position(table, n);
    if (k == table.columns.size()) return false;
    out.push_back(k);
  }
  return true;
}

std::string plural(size_t n, const std::string& word) { return std::to_string(n) + " " + word + (n == 1 ? "" : "s"); }

// A value as a report shows it: 'text', numbers plainly, NULL.
std::string shown(const Value& v) {
  return v.type == ValueType::Text ? "'" + clip_utf8(v.bytes, 60) + "'" : v.display_prefix(60);
}

// The value SQLite would store: text that is a well-formed number becomes one in a numeric column, a number
// becomes text in a text column. Silent in SQLite, so not recorded as a change; keys are compared after it.
void apply_affinity(Value& v, Affinity a) {
  if (a == Affinity::Blob) return;
  if (a == Affinity::Text) {
    if (v.is_number()) v = Value::of_text(v.to_string());
    return;
  }
  if (v.type == ValueType::Text && !v.bytes.empty() && v.bytes.size() < 40) {
    const char* b = v.bytes.c_str();
    char* end = nullptr;
    errno = 0;
    const long long i = std::strtoll(b, &end, 10);
    if (end && *end == 0 && errno != ERANGE && !std::isspace(static_cast<unsigned char>(b[0]))) {
      v = a == Affinity::Real ? Value::of_real(static_cast<double>(i)) : Value::of_int(i);
    } else {
      const double d = std::strtod(b, &end);
      if (end && *end == 0 && !std::isspace(static_cast<unsigned char>(b[0])) && std::isfinite(d))
        v = Value::of_real(d);
    }
  }
  if (v.type == ValueType::Real && a != Affinity::Real && v.real == static_cast<double>(static_cast<int64_t>(v.real)) &&
      v.real > -9.2e18 && v.real < 9.2e18)
    v = Value::of_int(static_cast<int64_t>(v.real));
  if (v.type == ValueType::Integer && a == Affinity::Real) v = Value::of_real(static_cast<double>(v.integer));
}

// Per-table state while the lines are read.
struct TableState {
  const Table* table = nullptr;
  ValidatedTable out;
  std::vector<size_t> primary;                        // positions of the primary key
  std::vector<std::vector<size_t>> uniques;           // positions of each unique key
  std::vector<std::unordered_set<std::string>> seen;  // seen[0]: primary keys; seen[1 + u]: unique key u
  std::vector<Affinity> affinity;                     // per column
};

}  // namespace

const char* change_kind_name(ChangeKind k) {
  switch (k) {
    case ChangeKind::Refused:
      return "refused";
    case ChangeKind::UnknownTable:
      return "unknown_table";
    case ChangeKind::UnknownColumn:
      return "unknown_column";
    case ChangeKind::DuplicateColumn:
      return "duplicate_column";
    case ChangeKind::Padded:
      return "padded";
    case ChangeKind::Truncated:
      return "truncated";
    case ChangeKind::Grouped:
      return "grouped";
    case ChangeKind::CaseAligned:
      return "case_aligned";
    case ChangeKind::NotNull:
      return "not_null";
    case ChangeKind::PrimaryKey:
      return "primary_key";
    case ChangeKind::Unique:
      return "unique";
    case ChangeKind::ForeignKey:
      return "foreign_key";
  }
  return "?";
}

size_t InsertValidation::count(ChangeKind k) const {
  return static_cast<size_t>(
      std::count_if(changes.begin(), changes.end(), [k](const ValidationChange& c) { return c.kind == k; }));
}

InsertValidation validate_inserts(std::string_view answer, const Schema& schema,
                                  const std::vector<std::string>& literals, const ValidationOptions& options) {
  InsertValidation v;
  std::vector<TableState> states(schema.tables.size());
  std::unordered_map<std::string, size_t> table_index;  // lower-case name -> schema position
  for (size_t t = 0; t < schema.tables.size(); ++t) {
    const Table& table = schema.tables[t];
    TableState& s = states[t];
    s.table = &table;
    s.out.name = table.name;
    for (const auto& c : table.columns) {
      s.out.columns.push_back(c.name);
      s.affinity.push_back(affinity_of(c.type));
    }
    if (!positions(table, table.primary_key, s.primary)) s.primary.clear();
    for (const auto& [name, keys] : options.unique_keys) {
      if (!iequals(name, table.name)) continue;
      for (const auto& key : keys) {
        std::vector<size_t> p;
        if (!key.empty() && positions(table, key, p) && p != s.primary) s.uniques.push_back(std::move(p));
      }
    }
    s.seen.resize(1 + s.uniques.size());
    table_index.emplace(to_lower_ascii(table.name), t);
  }
  std::unordered_map<std::string, std::vector<std::string>> cased;  // lower-case literal -> spellings, in order
  if (options.align_case)
    for (const auto& l : literals) {
      auto& spellings = cased[to_lower_ascii(l)];
      if (std::find(spellings.begin(), spellings.end(), l) == spellings.end()) spellings.push_back(l);
    }
  auto change = [&v](size_t line, ChangeKind kind, std::string table, std::string detail) {
    v.changes.push_back({line, kind, std::move(table), std::move(detail)});
  };

  // Kept between statements and rows, so that a line's checks allocate as little as they can: the wasm build's
  // allocator costs more than a native one's.
  std::string key, lower;
  std::vector<long> target;  // target[k]: the schema position of a statement's k-th value, or -1 to drop it
  std::vector<bool> named;   // the schema positions a statement's column list has named
  std::vector<std::pair<size_t, std::unordered_set<std::string>::iterator>> inserted;  // a row's keys, by set
  size_t line_no = 0;
  size_t pos = 0;
  while (pos <= answer.size()) {
    size_t end = answer.find('\n', pos);
    if (end == std::string_view::npos) end = answer.size();
    std::string_view line = answer.substr(pos, end - pos);
    pos = end + 1;
    if (end == answer.size() && line.empty() && line_no > 0) break;
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (!looks_like_insert(line)) continue;
    ++v.insert_lines;
    auto parsed = parse_insert_line(line);
    if (!parsed.ok()) {
      change(line_no, ChangeKind::Refused, "", parsed.error());
      continue;
    }
    size_t rows_on_line = 0;
    for (const auto& st : *parsed) rows_on_line += st.rows.size();
    v.rows_written += rows_on_line;
    if (rows_on_line > 1)
      change(line_no, ChangeKind::Grouped, parsed->size() == 1 ? (*parsed)[0].table : "",
             plural(rows_on_line, "row") + " in " + plural(parsed->size(), "statement") + ", taken one by one");

    for (auto& st : *parsed) {  // its values are moved into the rows kept
      assign_lower_ascii(lower, st.table);
      auto found = table_index.find(lower);
      if (found == table_index.end()) {
        change(line_no, ChangeKind::UnknownTable, st.table,
               "table '" + st.table + "' is not in the schema: " + plural(st.rows.size(), "row") + " dropped");
        continue;
      }
      TableState& s = states[found->second];
      const Table& table = *s.table;
      target.clear();
      if (st.columns.empty()) {
        for (size_t k = 0; k < table.columns.size(); ++k) target.push_back(static_cast<long>(k));
      } else {
        named.assign(table.columns.size(), false);
        for (const auto& c : st.columns) {
          const size_t p = column_position(table, c);
          if (p == table.columns.size()) {
            change(line_no, ChangeKind::UnknownColumn, table.name,
                   "column '" + c + "' is not in " + table.name + ": its values dropped");
            target.push_back(-1);
          } else if (named[p]) {
            change(line_no, ChangeKind::DuplicateColumn, table.name,
                   "column '" + c + "' named twice: the later values dropped");
            target.push_back(-1);
          } else {
            named[p] = true;
            target.push_back(static_cast<long>(p));
          }
        }
      }
      for (size_t r = 0; r < st.rows.size(); ++r) {
        Row& written = st.rows[r];
        const std::string which = st.rows.size() > 1 ? "row " + std::to_string(r + 1) + ": " : "";
        if (written.size() < target.size())
          change(line_no, ChangeKind::Padded, table.name,
                 which + plural(written.size(), "value") + " for " + plural(target.size(), "column") +
                     ", padded with NULL");
        else if (written.size() > target.size())
          change(line_no, ChangeKind::Truncated, table.name,
                 which + plural(written.size(), "value") + " for " + plural(target.size(), "column") + ", " +
                     plural(written.size() - target.size(), "value") + " dropped");
        Row row(table.columns.size());
        for (size_t k = 0; k < target.size() && k < written.size(); ++k)
          if (target[k] >= 0) row[static_cast<size_t>(target[k])] = std::move(written[k]);
        for (size_t c = 0; c < row.size(); ++c) apply_affinity(row[c], s.affinity[c]);
        // Rule 3: the question's casing.
        for (size_t c = 0; c < row.size(); ++c) {
          Value& val = row[c];
          if (val.type != ValueType::Text || cased.empty()) continue;
          assign_lower_ascii(lower, val.bytes);
          auto spellings = cased.find(lower);
          if (spellings == cased.end()) continue;
          const auto& sp = spellings->second;
          if (std::find(sp.begin(), sp.end(), val.bytes) != sp.end()) continue;
          change(line_no, ChangeKind::CaseAligned, table.name,
                 which + table.columns[c].name + ": " + shown(val) + " -> '" + clip_utf8(sp[0], 60) + "'");
          val.bytes = sp[0];
        }
        // NOT NULL, and NULL in a primary key column.
        std::string null_column;
        for (size_t c = 0; c < row.size() && null_column.empty(); ++c) {
          const bool key_column = std::find(s.primary.begin(), s.primary.end(), c) != s.primary.end();
          if (row[c].is_null() && (table.columns[c].not_null || key_column)) null_column = table.columns[c].name;
        }
        if (!null_column.empty()) {
          change(line_no, ChangeKind::NotNull, table.name, which + "NULL in " + null_column + ": row dropped");
          continue;
        }
        // Each key is built and hashed once: inserted at once, and taken out again if a later key of the row
        // clashes (the row is dropped, so none of its keys may stay).
        inserted.clear();
        // Whether the row's key over `columns` (set `set` of s.seen) is new; a new one is kept in `inserted`.
        const auto admitted = [&](size_t set, const std::vector<size_t>& columns) {
          if (!key_of(row, columns, key)) return true;
          auto [at, fresh] = s.seen[set].insert(key);
          if (fresh) inserted.emplace_back(set, at);
          return fresh;
        };
        bool clash = false;
        if (!s.primary.empty() && !admitted(0, s.primary)) {
          change(line_no, ChangeKind::PrimaryKey, table.name,
                 which + "primary key (" + shown(row[s.primary[0]]) + (s.primary.size() > 1 ? ", ..." : "") +
                     ") repeats an earlier row: row dropped");
          clash = true;
        }
        for (size_t u = 0; u < s.uniques.size() && !clash; ++u)
          if (!admitted(1 + u, s.uniques[u])) {
            change(line_no, ChangeKind::Unique, table.name,
                   which + "unique key on " + table.columns[s.uniques[u][0]].name +
                       (s.uniques[u].size() > 1 ? ", ..." : "") + " repeats an earlier row: row dropped");
            clash = true;
          }
        if (clash) {
          for (const auto& [set, at] : inserted) s.seen[set].erase(at);
          continue;
        }
        s.out.rows.push_back(std::move(row));
        s.out.lines.push_back(line_no);
      }
    }
  }

  // Foreign keys: checked against tables that have rows; repeated until nothing more is dropped.
  if (options.check_foreign_keys) {
    bool dropped = true;
    while (dropped) {
      dropped = false;
      for (TableState& s : states) {
        for (const ForeignKey& fk : s.table->foreign_keys) {
          auto parent = table_index.find(to_lower_ascii(fk.to_table));
          if (parent == table_index.end()) continue;
          const TableState& p = states[parent->second];
          std::vector<size_t> from, to;
          if (p.out.rows.empty() || !positions(*s.table, fk.from_columns, from) ||
              !positions(*p.table, fk.to_columns, to) || from.size() != to.size())
            continue;
          std::unordered_set<std::string> present;
          for (const Row& row : p.out.rows)
            if (key_of(row, to, key)) present.insert(key);
          size_t kept = 0;
          for (size_t r = 0; r < s.out.rows.size(); ++r) {
            if (key_of(s.out.rows[r], from, key) && !present.count(key)) {
              change(s.out.lines[r], ChangeKind::ForeignKey, s.table->name,
                     fk.from_columns[0] + " = " + shown(s.out.rows[r][from[0]]) + " names no row of " + p.table->name +
                         ": row dropped");
              dropped = true;
              continue;
            }
            if (kept != r) {
              s.out.rows[kept] = std::move(s.out.rows[r]);
              s.out.lines[kept] = s.out.lines[r];
            }
            ++kept;
          }
          s.out.rows.resize(kept);
          s.out.lines.resize(kept);
        }
      }
    }
  }

  v.lines = line_no;
  std::stable_sort(v.changes.begin(), v.changes.end(),
                   [](const ValidationChange& a, const ValidationChange& b) { return a.line < b.line; });
  for (TableState& s : states) {
    v.rows_kept += s.out.rows.size();
    if (!s.out.rows.empty()) v.tables.push_back(std::move(s.out));
  }
  return v;
}

}  // namespace chokepoint::testdb
