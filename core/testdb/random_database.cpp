// Random databases that respect an original's schema (see random_database.h).
#include "core/testdb/random_database.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <set>

#include "core/base/text.h"
#include "core/db/column_affinity.h"
#include "core/db/sql_quote.h"
#include "core/sql/lexer.h"

#include <sqlite3.h>

namespace chokepoint::testdb {

uint64_t SeededRandom::next() {
  uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

size_t SeededRandom::below(size_t n) { return n == 0 ? 0 : static_cast<size_t>(next() % n); }

bool SeededRandom::chance(double p) { return static_cast<double>(next() >> 11) * 0x1.0p-53 < p; }

uint64_t SeededRandom::mix(uint64_t a, uint64_t b) {
  SeededRandom r(a ^ (b * 0xD6E8FEB86659FD93ull));
  return r.next();
}

uint64_t SeededRandom::hash(const std::string& text) {
  uint64_t h = 0xCBF29CE484222325ull;
  for (unsigned char c : text) {
    h ^= c;
    h *= 0x100000001B3ull;
  }
  return h;
}

namespace {

std::string pool_key(const std::string& table, const std::string& column) {
  return to_lower_ascii(table) + '\x1f' + to_lower_ascii(column);
}

// A value from the generator typed by the column: small ranges so that equalities, joins and groups meet; wider
// ones for key columns so that unused keys are easy to find.
Value typed_value(const Column& column, bool key, size_t max_rows, SeededRandom& rng) {
  const std::string t = to_lower_ascii(column.type);
  if (t.find("bool") != std::string::npos) return Value::of_int(static_cast<int64_t>(rng.below(2)));
  if (t.find("date") != std::string::npos || t.find("time") != std::string::npos) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%04zu-%02zu-%02zu", 2000 + rng.below(25), 1 + rng.below(12), 1 + rng.below(28));
    std::string text = buf;
    if (t.find("time") != std::string::npos) {
      std::snprintf(buf, sizeof buf, " %02zu:%02zu:00", rng.below(24), rng.below(60));
      text += buf;
    }
    return Value::of_text(text);
  }
  const size_t range = key ? 1000 : std::max<size_t>(10, max_rows);
  switch (affinity_of(column.type)) {
    case Affinity::Text:
      return Value::of_text(column.name + "_" +
                            std::to_string(rng.below(key ? 1000 : std::max<size_t>(3, max_rows / 2))));
    case Affinity::Real:
      return Value::of_real(static_cast<double>(rng.below(range * 4)) / 4.0);
    case Affinity::Integer:
    case Affinity::Numeric:
    case Affinity::Blob:
      break;
  }
  return Value::of_int(static_cast<int64_t>(key ? 1 + rng.below(range) : rng.below(range)));
}

std::string literal(const Value& v) {
  switch (v.type) {
    case ValueType::Null:
      return "NULL";
    case ValueType::Integer:
      return std::to_string(v.integer);
    case ValueType::Real: {
      if (std::isnan(v.real)) return "NULL";
      if (std::isinf(v.real)) return v.real > 0 ? "1e999" : "-1e999";
      char buf[40];
      std::snprintf(buf, sizeof buf, "%.17g", v.real);
      std::string s = buf;
      if (s.find_first_of(".eE") == std::string::npos) s += ".0";
      return s;
    }
    case ValueType::Text:
      return quote_string(v.bytes);
    case ValueType::Blob: {
      static const char* hex = "0123456789ABCDEF";
      std::string s = "X'";
      for (unsigned char c : v.bytes) {
        s += hex[c >> 4];
        s += hex[c & 15];
      }
      return s + "'";
    }
  }
  return "NULL";
}

// A key component as SQLite's unique index compares it, near enough: numbers by value (1 and 1.0 are one key).
std::string key_part(const Value& v) {
  switch (v.type) {
    case ValueType::Integer:
      return "n" + std::to_string(v.integer);
    case ValueType::Real: {
      if (v.real == std::floor(v.real) && std::fabs(v.real) < 9e15)
        return "n" + std::to_string(static_cast<int64_t>(v.real));
      char buf[40];
      std::snprintf(buf, sizeof buf, "%.17g", v.real);
      return std::string("n") + buf;
    }
    case ValueType::Text:
      return "t" + v.bytes;
    case ValueType::Blob:
      return "b" + v.bytes;
    case ValueType::Null:
      break;
  }
  return "";
}

int column_index(const Table& t, const std::string& name) {
  for (size_t i = 0; i < t.columns.size(); ++i)
    if (iequals(t.columns[i].name, name)) return static_cast<int>(i);
  return -1;
}

// Tables with their foreign-key parents first, ties in declaration order. A cycle is broken at the first table
// whose keys towards unfilled tables are all nullable (they get NULL), else at the first table left.
std::vector<size_t> fill_order(const Schema& schema) {
  const size_t n = schema.tables.size();
  std::vector<bool> done(n, false);
  std::vector<size_t> order;
  auto unfilled = [&](size_t i, const ForeignKey& fk) {
    for (size_t j = 0; j < n; ++j)
      if (j != i && !done[j] && iequals(schema.tables[j].name, fk.to_table)) return true;
    return false;
  };
  auto ready = [&](size_t i) {
    for (const auto& fk : schema.tables[i].foreign_keys)
      if (unfilled(i, fk)) return false;
    return true;
  };
  auto breakable = [&](size_t i) {
    const Table& t = schema.tables[i];
    for (const auto& fk : t.foreign_keys) {
      if (!unfilled(i, fk)) continue;
      for (const auto& c : fk.from_columns) {
        const Column* col = t.find_column(c);
        bool in_pk = false;
        for (const auto& k : t.primary_key) in_pk = in_pk || iequals(k, c);
        if (!col || col->not_null || in_pk) return false;
      }
    }
    return true;
  };
  while (order.size() < n) {
    size_t pick = n;
    for (size_t i = 0; i < n && pick == n; ++i)
      if (!done[i] && ready(i)) pick = i;
    for (size_t i = 0; i < n && pick == n; ++i)
      if (!done[i] && breakable(i)) pick = i;
    for (size_t i = 0; i < n && pick == n; ++i)
      if (!done[i]) pick = i;
    done[pick] = true;
    order.push_back(pick);
  }
  return order;
}

// One foreign key of a table, resolved to column positions.
struct ResolvedKey {
  std::vector<int> from;     // positions in the child
  std::string parent;        // the parent table's schema spelling
  std::vector<int> to;       // positions in the parent
  bool self = false;         // the table references itself
  std::vector<Row> parents;  // the parent's stored key tuples (not self)
  bool parent_filled = false;
};

}  // namespace

const std::vector<Value>* ValuePools::find(const std::string& table, const std::string& column) const {
  auto it = by_column.find(pool_key(table, column));
  return it == by_column.end() || it->second.empty() ? nullptr : &it->second;
}

ValuePools sample_value_pools(const Connection& original, const Schema& schema, size_t per_column,
                              const QueryLimits& limits) {
  ValuePools pools;
  for (const Table& t : schema.tables) {
    for (const Column& c : t.columns) {
      const std::string col = quote_identifier(c.name);
      const auto out = original.query("SELECT DISTINCT " + col + " FROM " + quote_identifier(t.name) + " WHERE " + col +
                                          " IS NOT NULL LIMIT " + std::to_string(per_column),
                                      limits);
      if (!out.ok() || out.result.truncated) continue;
      auto& pool = pools.by_column[pool_key(t.name, c.name)];
      for (const Row& r : out.result.rows)
        if (!r.empty()) pool.push_back(r[0]);
    }
  }
  return pools;
}

void add_query_literals(ValuePools& pools, const std::vector<std::string>& sqls) {
  std::set<std::string> seen_numbers, seen_strings;
  for (const auto& v : pools.numbers) seen_numbers.insert(key_part(v));
  for (const auto& v : pools.strings) seen_strings.insert(v.bytes);
  auto number = [&](Value v) {
    if (seen_numbers.insert(key_part(v)).second) pools.numbers.push_back(std::move(v));
  };
  auto text = [&](std::string s) {
    if (seen_strings.insert(s).second) pools.strings.push_back(Value::of_text(std::move(s)));
  };
  for (const auto& sql : sqls) {
    std::vector<sql::Token> tokens;
    sql::SyntaxError error;
    if (!sql::tokenize(sql, tokens, error)) continue;
    for (const auto& t : tokens) {
      if (t.type == sql::TokenType::Number) {
        const std::string raw(t.text);
        if (raw.find_first_of(".eE") == std::string::npos && raw.size() < 18 && raw.rfind("0x", 0) != 0) {
          const int64_t n = std::stoll(raw);
          for (int64_t d : {-1, 0, 1}) number(Value::of_int(n + d));
        } else if (raw.rfind("0x", 0) != 0) {
          number(Value::of_real(std::strtod(raw.c_str(), nullptr)));
        }
      } else if (t.type == sql::TokenType::String) {
        std::string s = sql::unquote(t.text);
        text(s);
        std::string bare;
        for (char c : s)
          if (c != '%') bare += c;
        text(bare);
      }
    }
  }
  auto by_key = [](const Value& a, const Value& b) { return key_part(a) < key_part(b); };
  std::sort(pools.numbers.begin(), pools.numbers.end(), by_key);
  std::sort(pools.strings.begin(), pools.strings.end(), by_key);
}

namespace {

// Lower-case names of the shadow tables a virtual table keeps its data in (fts5's ft_data, ...): its module makes
// them itself, and rows written into them directly would corrupt it. Empty where PRAGMA table_list is missing.
std::set<std::string> shadow_tables(const Connection& db) {
  std::set<std::string> out;
  const auto list = db.query("SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'shadow'");
  if (list.ok())
    for (const Row& r : list.result.rows)
      if (!r.empty()) out.insert(to_lower_ascii(r[0].bytes));
  return out;
}

}  // namespace

Result<std::string> schema_script(const Connection& original, const Schema& schema, const UniqueKeys& uniques) {
  const auto shadows = shadow_tables(original);
  Schema kept = schema;
  kept.tables.erase(std::remove_if(kept.tables.begin(), kept.tables.end(),
                                   [&](const Table& t) { return shadows.count(to_lower_ascii(t.name)) > 0; }),
                    kept.tables.end());
  return schema_to_ddl(kept, &uniques);
}

Result<RandomDatabase> random_database(const std::string& script, const Schema& schema, const UniqueKeys& uniques,
                                       const ValuePools& pools, const RandomDatabaseOptions& options) {
  // A temporary database rather than SQLITE_OPEN_MEMORY: VACUUM INTO opens its target with the source's flags, so
  // an in-memory source would write its copy to memory too.
  auto opened = Connection::open_read_write("");
  if (!opened.ok()) return Error{opened.error()};
  RandomDatabase out{std::move(*opened), {}};
  const Connection& db = out.db;
  if (auto st = db.exec_script(script); !st.ok()) return Error{"the schema does not build: " + st.error()};
  SeededRandom rng(options.seed);
  const size_t max_rows = std::max<size_t>(1, options.max_rows);
  const size_t low = std::max<size_t>(1, max_rows / 3);
  std::set<std::string> filled;  // lower-case table names
  // Tables the script made (a schema-only source's script may leave some out, a database's leaves out shadow
  // tables), lower case: the others are not filled.
  std::set<std::string> built;
  const auto listed = db.query("SELECT name FROM sqlite_schema WHERE type = 'table'");
  if (!listed.ok()) return Error{"cannot list the tables built: " + listed.message};
  for (const Row& r : listed.result.rows)
    if (!r.empty()) built.insert(to_lower_ascii(r[0].bytes));
  for (size_t ti : fill_order(schema)) {
    const Table& t = schema.tables[ti];
    if (!built.count(to_lower_ascii(t.name))) continue;
    const size_t ncol = t.columns.size();
    // Keys: the primary key, then each UNIQUE column list.
    std::vector<std::vector<int>> keys;
    auto resolve = [&](const std::vector<std::string>& names) {
      std::vector<int> k;
      for (const auto& name : names)
        if (int i = column_index(t, name); i >= 0) k.push_back(i);
      if (!k.empty() && k.size() == names.size()) keys.push_back(k);
    };
    if (!t.primary_key.empty()) resolve(t.primary_key);
    for (const auto& [name, lists] : uniques)
      if (iequals(name, t.name))
        for (const auto& l : lists) resolve(l);
    std::vector<bool> in_key(ncol, false), in_pk(ncol, false), in_fk(ncol, false);
    for (const auto& k : keys)
      for (int i : k) in_key[static_cast<size_t>(i)] = true;
    for (const auto& name : t.primary_key)
      if (int i = column_index(t, name); i >= 0) in_pk[static_cast<size_t>(i)] = true;
    std::vector<ResolvedKey> fks;
    for (const auto& fk : t.foreign_keys) {
      const Table* parent = schema.find_table(fk.to_table);
      if (!parent || fk.from_columns.size() != fk.to_columns.size()) continue;
      ResolvedKey r;
      r.parent = parent->name;
      r.self = iequals(parent->name, t.name);
      bool ok = true;
      for (size_t i = 0; i < fk.from_columns.size(); ++i) {
        const int f = column_index(t, fk.from_columns[i]), p = column_index(*parent, fk.to_columns[i]);
        if (f < 0 || p < 0 || in_fk[static_cast<size_t>(f)]) ok = false;
        r.from.push_back(f);
        r.to.push_back(p);
      }
      if (!ok) continue;
      for (int f : r.from) in_fk[static_cast<size_t>(f)] = true;
      if (!r.self && filled.count(to_lower_ascii(parent->name))) {
        r.parent_filled = true;
        std::string cols, not_null;
        for (int p : r.to) {
          const std::string q = quote_identifier(parent->columns[static_cast<size_t>(p)].name);
          cols += (cols.empty() ? "" : ", ") + q;
          not_null += (not_null.empty() ? " WHERE " : " AND ") + q + " IS NOT NULL";
        }
        const auto rows = db.query("SELECT DISTINCT " + cols + " FROM " + quote_identifier(parent->name) + not_null);
        if (!rows.ok()) return Error{t.name + ": cannot read the parent keys of " + parent->name + ": " + rows.message};
        r.parents = rows.result.rows;
      }
      fks.push_back(std::move(r));
    }
    auto nullable = [&](size_t i) { return !t.columns[i].not_null && !in_pk[i]; };
    auto draw = [&](size_t i) -> Value {
      if (nullable(i) && !in_key[i] && rng.chance(options.null_share)) return Value::null();
      const Affinity affinity = affinity_of(t.columns[i].type);
      const std::string declared = to_lower_ascii(t.columns[i].type);
      const bool dated = declared.find("date") != std::string::npos || declared.find("time") != std::string::npos;
      const bool numeric =
          !dated && (affinity == Affinity::Integer || affinity == Affinity::Real || affinity == Affinity::Numeric);
      const auto& literals = numeric ? pools.numbers : pools.strings;
      if (!literals.empty() && rng.chance(options.literal_share)) return literals[rng.below(literals.size())];
      const auto* pool = pools.find(t.name, t.columns[i].name);
      // A pool smaller than the table is used less (down to half as often), so that typed values add the variety
      // that tells a projection's duplicates apart.
      const double fill = pool ? std::min(1.0, std::max(0.5, static_cast<double>(pool->size()) / max_rows)) : 0.0;
      if (pool && rng.chance(options.pool_share * fill)) return (*pool)[rng.below(pool->size())];
      return typed_value(t.columns[i], in_key[i], max_rows, rng);
    };

    const size_t want = low + rng.below(max_rows - low + 1);
    std::vector<std::set<std::string>> used(keys.size());
    std::vector<Row> accepted;
    size_t dropped = 0;
    for (size_t r = 0; r < want; ++r) {
      bool placed = false;
      for (size_t attempt = 0; attempt < std::max<size_t>(1, options.key_retries) && !placed; ++attempt) {
        Row row(ncol);
        for (size_t i = 0; i < ncol; ++i)
          if (!in_fk[i]) row[i] = draw(i);
        for (const auto& fk : fks) {
          const Row* parent = nullptr;
          std::vector<Row> own;
          if (fk.self) {
            if (!accepted.empty()) {
              own.push_back(Row{});
              const Row& pr = accepted[rng.below(accepted.size())];
              for (int p : fk.to) own.back().push_back(pr[static_cast<size_t>(p)]);
            } else {
              bool own_ok = true;  // the first row refers to itself when its referenced columns are its own
              own.push_back(Row{});
              for (int p : fk.to) {
                own_ok = own_ok && !in_fk[static_cast<size_t>(p)];
                own.back().push_back(row[static_cast<size_t>(p)]);
              }
              if (!own_ok) own.clear();
            }
            if (!own.empty()) parent = &own.back();
          } else if (!fk.parents.empty()) {
            parent = &fk.parents[rng.below(fk.parents.size())];
          }
          for (size_t k = 0; k < fk.from.size(); ++k) {
            const size_t i = static_cast<size_t>(fk.from[k]);
            if (parent) {
              row[i] = (*parent)[k];
            } else if (nullable(i)) {
              row[i] = Value::null();  // no parent to draw from: NULL satisfies the key
            } else {
              if (attempt == 0) ++out.stats.fk_unsatisfied;
              row[i] = typed_value(t.columns[i], in_key[i], max_rows, rng);
            }
          }
        }
        // NOT NULL holds by construction; the keys must be unused (a key with a NULL part is never a duplicate).
        std::vector<std::string> parts(keys.size());
        bool fresh = true;
        for (size_t k = 0; k < keys.size() && fresh; ++k) {
          bool has_null = false;
          for (int i : keys[k]) {
            const Value& v = row[static_cast<size_t>(i)];
            if (v.is_null()) has_null = true;
            parts[k] += key_part(v) + '\x1f';
          }
          if (has_null &&
              !std::all_of(keys[k].begin(), keys[k].end(), [&](int i) { return in_pk[static_cast<size_t>(i)]; }))
            parts[k].clear();
          else if (used[k].count(parts[k]))
            fresh = false;
        }
        if (!fresh) continue;
        for (size_t k = 0; k < keys.size(); ++k)
          if (!parts[k].empty()) used[k].insert(parts[k]);
        accepted.push_back(std::move(row));
        placed = true;
      }
      if (!placed) ++dropped;
    }
    std::string cols;
    for (const auto& c : t.columns) cols += (cols.empty() ? "" : ", ") + quote_identifier(c.name);
    std::string sql = "BEGIN;\n";
    for (const Row& row : accepted) {
      std::string values;
      for (const Value& v : row) values += (values.empty() ? "" : ", ") + literal(v);
      sql += "INSERT OR IGNORE INTO " + quote_identifier(t.name) + " (" + cols + ") VALUES (" + values + ");\n";
    }
    sql += "COMMIT;";
    if (auto st = db.exec_script(sql); !st.ok()) return Error{t.name + ": the rows do not insert: " + st.error()};
    const auto count = db.query("SELECT count(*) FROM " + quote_identifier(t.name));
    const size_t stored =
        count.ok() && !count.result.rows.empty() ? static_cast<size_t>(count.result.rows[0][0].integer) : 0;
    out.stats.rows += stored;
    out.stats.rows_dropped += dropped + (accepted.size() > stored ? accepted.size() - stored : 0);
    filled.insert(to_lower_ascii(t.name));
  }
  if (auto st = db.exec_script("PRAGMA query_only = 1;"); !st.ok()) return Error{st.error()};
  return out;
}

Status save_database(const Connection& db, const std::string& path) {
  std::remove(path.c_str());
  auto dest = Connection::open_read_write(path);
  if (!dest.ok()) return Error{path + ": cannot write the database: " + dest.error()};
  sqlite3_backup* backup = sqlite3_backup_init(dest->handle(), "main", db.handle(), "main");
  if (!backup) return Error{path + ": cannot write the database: " + sqlite3_errmsg(dest->handle())};
  const int rc = sqlite3_backup_step(backup, -1);
  sqlite3_backup_finish(backup);
  if (rc != SQLITE_DONE) return Error{path + ": cannot write the database: " + sqlite3_errstr(rc)};
  return ok_status();
}

}  // namespace chokepoint::testdb
