// The run store's schema and its reads and writes. Statements carry quoted literals (quote_string) because
// Connection exposes no parameter binding, as the replay store does. A file is inspected read-only before any write,
// so a file that is not a store is left exactly as it was.
#include "core/runs/run_store.h"

#include <cmath>
#include <cstdio>
#include <fstream>
#include <functional>
#include <limits>

#include "core/base/json_dump.h"
#include "core/db/sql_quote.h"
#include "core/metrics/explanation.h"

namespace chokepoint::runs {
namespace {

constexpr const char* kFormat = "chokepoint-runs";  // meta.format: what tells a store from any other SQLite file

// Version 1. run_item_scores holds one row per item and regime (runs.regimes names them, comma-separated, in order).
constexpr const char* kSchema =
    "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);"
    "CREATE TABLE runs (id INTEGER PRIMARY KEY, created_at TEXT NOT NULL, label TEXT NOT NULL, "
    "settings TEXT NOT NULL, summary TEXT NOT NULL, regimes TEXT NOT NULL);"
    "CREATE TABLE run_items (run_id INTEGER NOT NULL REFERENCES runs(id), position INTEGER NOT NULL, "
    "item_id TEXT NOT NULL, db_id TEXT NOT NULL, gold_sql TEXT NOT NULL, pred_sql TEXT NOT NULL, "
    "status TEXT NOT NULL, gold_status TEXT NOT NULL, pred_status TEXT NOT NULL, ex INTEGER NOT NULL, "
    "soft_f1 REAL, message TEXT NOT NULL, truncation TEXT NOT NULL, gold_ms REAL, pred_ms REAL, "
    "gold_rows INTEGER NOT NULL, pred_rows INTEGER NOT NULL, PRIMARY KEY (run_id, position));"
    "CREATE TABLE run_item_scores (run_id INTEGER NOT NULL, position INTEGER NOT NULL, regime TEXT NOT NULL, "
    "exp REAL, exr REAL, f1 REAL, PRIMARY KEY (run_id, position, regime));"
    "CREATE TABLE marks (db_id TEXT NOT NULL, item_id TEXT NOT NULL, pred_sql TEXT NOT NULL, "
    "almost_correct INTEGER NOT NULL, note TEXT NOT NULL, set_at TEXT NOT NULL, "
    "PRIMARY KEY (db_id, item_id, pred_sql));";
const char* const kTables[] = {"marks", "meta", "run_item_scores", "run_items", "runs"};

QueryLimits unlimited() {
  QueryLimits l;
  l.timeout_ms = 0;
  l.max_rows = std::numeric_limits<size_t>::max();
  l.max_value_bytes = 0;
  l.max_result_bytes = 0;
  return l;
}

Result<ResultSet> read(const Connection& db, const std::string& sql) {
  auto out = db.query(sql, unlimited());
  if (!out.ok()) return Error{"cannot read the run store '" + db.path() + "': " + out.message};
  return std::move(out.result);
}

std::string number(double v) {
  if (!std::isfinite(v)) return "NULL";
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}
double number_of(const Value& v) {
  return v.type == ValueType::Integer ? static_cast<double>(v.integer) : v.type == ValueType::Real ? v.real : 0.0;
}
int64_t integer_of(const Value& v) {
  return v.type == ValueType::Integer ? v.integer : v.type == ValueType::Real ? static_cast<int64_t>(v.real) : 0;
}

std::optional<ItemStatus> item_status_named(const std::string& s) {
  for (auto st : {ItemStatus::Scored, ItemStatus::GoldError, ItemStatus::NoDatabase})
    if (s == item_status_name(st)) return st;
  return std::nullopt;
}
std::optional<QueryStatus> query_status_named(const std::string& s) {
  for (auto st : {QueryStatus::Ok, QueryStatus::Error, QueryStatus::Timeout})
    if (s == query_status_name(st)) return st;
  return std::nullopt;
}

bool file_exists(const std::string& path) { return std::ifstream(path, std::ios::binary).good(); }

// What a readable SQLite file holds: nothing yet, a store this build reads, or something else (the error).
enum class Contents { Empty, Store };
Result<Contents> inspect(const Connection& db) {
  const std::string& path = db.path();
  auto tables = read(db, "SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name");
  if (!tables.ok()) return Error{tables.error()};
  if (tables->rows.empty()) return Contents::Empty;
  std::vector<std::string> names;
  for (const auto& row : tables->rows) names.push_back(row[0].bytes);
  const auto has = [&](const std::string& t) {
    for (const auto& n : names)
      if (n == t) return true;
    return false;
  };
  const std::string not_store = "'" + path + "' is not a Chokepoint run store";
  if (!has("meta")) return Error{not_store + " (a SQLite database without its meta table)"};
  auto meta = read(db, "SELECT key, value FROM meta");
  if (!meta.ok()) return Error{not_store + ": " + meta.error()};
  std::string format, version;
  for (const auto& row : meta->rows) {
    if (row.size() < 2) continue;
    if (row[0].bytes == "format") format = row[1].bytes;
    if (row[0].bytes == "schema_version") version = row[1].to_string();
  }
  if (format != kFormat) return Error{not_store + " (its meta table does not name the format '" + kFormat + "')"};
  int v = 0;
  try {
    size_t used = 0;
    v = std::stoi(version, &used);
    if (used != version.size()) v = 0;
  } catch (...) {
    v = 0;
  }
  if (v < 1) return Error{"'" + path + "' is a damaged run store: schema version '" + version + "'"};
  if (v > kRunStoreSchemaVersion)
    return Error{"'" + path + "' is a run store of schema version " + std::to_string(v) +
                 ", newer than this chokepoint reads (up to " + std::to_string(kRunStoreSchemaVersion) +
                 "): use a newer chokepoint"};
  for (const char* t : kTables)
    if (!has(t)) return Error{"'" + path + "' is a damaged run store: it has no table " + t};
  return Contents::Store;
}

// Runs `body` between BEGIN IMMEDIATE and COMMIT, rolling back when any part fails.
Status in_transaction(const Connection& db, const std::function<Status()>& body) {
  auto begun = db.exec_script("BEGIN IMMEDIATE");
  if (!begun.ok()) return Error{"cannot write to the run store '" + db.path() + "': " + begun.error()};
  auto done = body();
  if (done.ok()) done = db.exec_script("COMMIT");
  if (!done.ok()) {
    db.exec_script("ROLLBACK");
    return Error{"cannot write to the run store '" + db.path() + "': " + done.error()};
  }
  return ok_status();
}

std::string regime_names(const std::vector<Regime>& regimes) {
  std::string s;
  for (const auto& r : regimes) s += (s.empty() ? "" : ",") + r.name();
  return s;
}

RunInfo info_of(const Row& row) {
  RunInfo info;
  info.id = integer_of(row[0]);
  info.created_at = row[1].bytes;
  info.label = row[2].bytes;
  info.settings_json = row[3].bytes;
  info.summary_json = row[4].bytes;
  info.items = static_cast<size_t>(integer_of(row[5]));
  return info;
}

}  // namespace

Result<RunStore> RunStore::open(const std::string& path, OpenMode mode) {
  auto probe = Connection::open_read_only(path);
  if (!probe.ok()) {
    if (file_exists(path)) return Error{"'" + path + "' is not a Chokepoint run store: " + probe.error()};
    if (mode == OpenMode::MustExist) return Error{"no run store at '" + path + "'"};
  } else {
    auto contents = inspect(*probe);
    if (!contents.ok()) return Error{contents.error()};
    if (*contents == Contents::Empty && mode == OpenMode::MustExist)
      return Error{"'" + path + "' is an empty database, not a run store (eval --store makes one)"};
  }
  probe = Error{""};  // closes the read-only connection before the writable one opens
  auto db = Connection::open_read_write(path);
  if (!db.ok()) return Error{db.error()};
  return prepare(std::move(db).value());
}

Result<RunStore> RunStore::open_memory() {
  auto db = Connection::open_memory();
  if (!db.ok()) return Error{db.error()};
  return prepare(std::move(db).value());
}

Result<RunStore> RunStore::prepare(Connection db) {
  db.exec_script("PRAGMA busy_timeout = 5000");  // another process appending: wait for it instead of failing
  auto contents = inspect(db);
  if (!contents.ok()) return Error{contents.error()};
  if (*contents == Contents::Empty) {
    auto created = in_transaction(db, [&]() -> Status {
      return db.exec_script(std::string(kSchema) + "INSERT INTO meta VALUES ('format', " + quote_string(kFormat) +
                            "), ('schema_version', '" + std::to_string(kRunStoreSchemaVersion) + "');");
    });
    if (!created.ok()) return Error{created.error()};
  }
  return RunStore(std::move(db));
}

Result<int64_t> RunStore::add_run(const NewRun& run) {
  auto id = begin_run(run);
  if (!id.ok()) return id;
  auto written = add_run_items(*id, run, 0, run.items.size());
  if (written.ok()) written = commit_run();
  if (!written.ok()) {
    abandon_run();
    return Error{written.error()};
  }
  return id;
}

Result<int64_t> RunStore::begin_run(const NewRun& run) {
  if (run.pairs.size() != run.items.size())
    return Error{"a run needs one evaluation per pair (" + std::to_string(run.pairs.size()) + " pairs, " +
                 std::to_string(run.items.size()) + " evaluations)"};
  for (const auto& it : run.items)
    if (it.scores.size() > run.regimes.size())
      return Error{"item '" + it.id + "' has more scores than the run has regimes"};
  const std::string summary = dump_json(summary_to_json(summarize(run.items, run.regimes)));
  auto begun = db_.exec_script("BEGIN IMMEDIATE");
  if (!begun.ok()) return Error{"cannot write to the run store '" + db_.path() + "': " + begun.error()};
  auto s = db_.exec_script("INSERT INTO runs (created_at, label, settings, summary, regimes) VALUES (" +
                           quote_string(run.created_at) + ", " + quote_string(run.label) + ", " +
                           quote_string(run.settings_json.empty() ? "{}" : run.settings_json) + ", " +
                           quote_string(summary) + ", " + quote_string(regime_names(run.regimes)) + ")");
  auto rowid = s.ok() ? read(db_, "SELECT last_insert_rowid()") : Result<ResultSet>(Error{s.error()});
  if (!rowid.ok() || rowid->rows.empty()) {
    abandon_run();
    return Error{"cannot write to the run store '" + db_.path() + "': " + (rowid.ok() ? "no run id" : rowid.error())};
  }
  return integer_of(rowid->rows[0][0]);
}

Status RunStore::add_run_items(int64_t id, const NewRun& run, size_t from, size_t to) {
  const std::string run_id = std::to_string(id);
  // Multi-row INSERTs of at most kRowsPerInsert rows: compiling one statement per row was most of the time (a
  // BIRD run with five regimes is 9,000 rows, about 90 ms in the browser).
  constexpr size_t kRowsPerInsert = 400;
  std::string sql, items, scores;
  size_t item_rows = 0, score_rows = 0;
  auto flush = [&](std::string& rows, size_t& n, const char* table) {
    if (n == 0) return;
    sql += std::string("INSERT INTO ") + table + " VALUES " + rows + ";\n";
    rows.clear();
    n = 0;
  };
  for (size_t k = from; k < to && k < run.items.size(); ++k) {
    const auto& p = run.pairs[k];
    const auto& it = run.items[k];
    const std::string pos = std::to_string(k);
    items += std::string(item_rows ? ",\n" : "") + "(" + run_id + ", " + pos + ", " + quote_string(p.id) + ", " +
             quote_string(p.db_id) + ", " + quote_string(p.gold_sql) + ", " + quote_string(p.pred_sql) + ", " +
             quote_string(item_status_name(it.status)) + ", " + quote_string(query_status_name(it.gold_status)) + ", " +
             quote_string(query_status_name(it.pred_status)) + ", " + (it.ex ? "1" : "0") + ", " + number(it.soft_f1) +
             ", " + quote_string(it.message) + ", " + quote_string(it.truncation) + ", " + number(it.gold_ms) + ", " +
             number(it.pred_ms) + ", " + std::to_string(it.gold_rows) + ", " + std::to_string(it.pred_rows) + ")";
    if (++item_rows == kRowsPerInsert) flush(items, item_rows, "run_items");
    for (size_t r = 0; r < it.scores.size(); ++r) {
      const auto& sc = it.scores[r];
      scores += std::string(score_rows ? ",\n" : "") + "(" + run_id + ", " + pos + ", " +
                quote_string(run.regimes[r].name()) + ", " + number(sc.exp) + ", " + number(sc.exr) + ", " +
                number(sc.f1) + ")";
      if (++score_rows == kRowsPerInsert) flush(scores, score_rows, "run_item_scores");
    }
  }
  flush(items, item_rows, "run_items");
  flush(scores, score_rows, "run_item_scores");
  if (sql.empty()) return ok_status();
  auto s = db_.exec_script(sql);
  if (!s.ok()) return Error{"cannot write to the run store '" + db_.path() + "': " + s.error()};
  return ok_status();
}

Status RunStore::commit_run() {
  auto s = db_.exec_script("COMMIT");
  if (!s.ok()) return Error{"cannot write to the run store '" + db_.path() + "': " + s.error()};
  return ok_status();
}

void RunStore::abandon_run() { db_.exec_script("ROLLBACK"); }

Result<std::vector<RunInfo>> RunStore::list_runs() const {
  auto rows = read(db_,
                   "SELECT r.id, r.created_at, r.label, r.settings, r.summary, "
                   "(SELECT count(*) FROM run_items i WHERE i.run_id = r.id) FROM runs r ORDER BY r.id");
  if (!rows.ok()) return Error{rows.error()};
  std::vector<RunInfo> out;
  for (const auto& row : rows->rows) out.push_back(info_of(row));
  return out;
}

Result<StoredRun> RunStore::load_run(int64_t id) const {
  const std::string run_id = std::to_string(id);
  auto head = read(db_,
                   "SELECT r.id, r.created_at, r.label, r.settings, r.summary, "
                   "(SELECT count(*) FROM run_items i WHERE i.run_id = r.id), r.regimes FROM runs r WHERE r.id = " +
                       run_id);
  if (!head.ok()) return Error{head.error()};
  if (head->rows.empty()) return Error{"the run store '" + path() + "' has no run " + run_id};
  StoredRun run;
  run.info = info_of(head->rows[0]);
  const std::string names = head->rows[0][6].bytes;
  if (!names.empty()) {
    auto regimes = parse_regime_list(names);
    if (!regimes.ok()) return Error{"run " + run_id + " names unknown regimes: " + regimes.error()};
    run.regimes = std::move(regimes).value();
  }
  auto items = read(db_,
                    "SELECT item_id, db_id, gold_sql, pred_sql, status, gold_status, pred_status, ex, soft_f1, "
                    "message, truncation, gold_ms, pred_ms, gold_rows, pred_rows FROM run_items WHERE run_id = " +
                        run_id + " ORDER BY position");
  if (!items.ok()) return Error{items.error()};
  for (const auto& row : items->rows) {
    EvalPair p;
    p.id = row[0].bytes;
    p.db_id = row[1].bytes;
    p.gold_sql = row[2].bytes;
    p.pred_sql = row[3].bytes;
    ItemEvaluation it;
    it.id = p.id;
    it.db_id = p.db_id;
    auto status = item_status_named(row[4].bytes);
    auto gold_status = query_status_named(row[5].bytes);
    auto pred_status = query_status_named(row[6].bytes);
    if (!status || !gold_status || !pred_status)
      return Error{"run " + run_id + ", item '" + p.id + "': unknown status in the run store"};
    it.status = *status;
    it.gold_status = *gold_status;
    it.pred_status = *pred_status;
    it.ex = integer_of(row[7]) != 0;
    it.soft_f1 = number_of(row[8]);
    it.message = row[9].bytes;
    it.truncation = row[10].bytes;
    it.truncated = !it.truncation.empty();
    it.gold_ms = number_of(row[11]);
    it.pred_ms = number_of(row[12]);
    it.gold_rows = static_cast<size_t>(integer_of(row[13]));
    it.pred_rows = static_cast<size_t>(integer_of(row[14]));
    run.pairs.push_back(std::move(p));
    run.items.push_back(std::move(it));
  }
  auto scores = read(db_, "SELECT position, regime, exp, exr, f1 FROM run_item_scores WHERE run_id = " + run_id +
                              " ORDER BY position");
  if (!scores.ok()) return Error{scores.error()};
  for (auto& it : run.items) it.scores.clear();
  for (const auto& row : scores->rows) {
    const auto pos = static_cast<size_t>(integer_of(row[0]));
    size_t r = 0;
    while (r < run.regimes.size() && run.regimes[r].name() != row[1].bytes) ++r;
    if (pos >= run.items.size() || r == run.regimes.size())
      return Error{"run " + run_id + ": a score of an unknown item or regime in the run store"};
    auto& scores_of = run.items[pos].scores;
    if (scores_of.size() <= r) scores_of.resize(r + 1);
    scores_of[r].exp = number_of(row[2]);
    scores_of[r].exr = number_of(row[3]);
    scores_of[r].f1 = number_of(row[4]);
    scores_of[r].forced_by_ex = run.items[pos].ex;
  }
  return run;
}

Status RunStore::set_mark(const ItemMark& m) {
  return in_transaction(db_, [&]() -> Status {
    return db_.exec_script("INSERT OR REPLACE INTO marks VALUES (" + quote_string(m.db_id) + ", " +
                           quote_string(m.item_id) + ", " + quote_string(m.pred_sql) + ", " +
                           (m.almost_correct ? "1" : "0") + ", " + quote_string(m.note) + ", " +
                           quote_string(m.set_at) + ")");
  });
}

Status RunStore::clear_mark(const std::string& db_id, const std::string& item_id, const std::string& pred_sql) {
  return in_transaction(db_, [&]() -> Status {
    return db_.exec_script("DELETE FROM marks WHERE db_id = " + quote_string(db_id) +
                           " AND item_id = " + quote_string(item_id) + " AND pred_sql = " + quote_string(pred_sql));
  });
}

Result<std::vector<ItemMark>> RunStore::marks() const {
  auto rows = read(db_,
                   "SELECT db_id, item_id, pred_sql, almost_correct, note, set_at FROM marks "
                   "ORDER BY db_id, item_id, pred_sql");
  if (!rows.ok()) return Error{rows.error()};
  std::vector<ItemMark> out;
  for (const auto& row : rows->rows)
    out.push_back({row[0].bytes, row[1].bytes, row[2].bytes, integer_of(row[3]) != 0, row[4].bytes, row[5].bytes});
  return out;
}

const ItemMark* find_mark(const std::vector<ItemMark>& marks, const std::string& db_id, const std::string& item_id,
                          const std::string& pred_sql) {
  for (const auto& m : marks)
    if (m.db_id == db_id && m.item_id == item_id && m.pred_sql == pred_sql) return &m;
  return nullptr;
}

}  // namespace chokepoint::runs
