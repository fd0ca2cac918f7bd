// Runs kept in a SQLite file: each evaluation with its settings, summary and per-item scores,
// errors and timings, plus the user's "almost correct" marks, so that any two runs can be compared item by item
// (run_comparison.h). The file is opened through core/db's Connection; the caller supplies every timestamp, so the
// core reads no clock. decisions.md §17 gives the keying of marks and the pairing of items.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/base/result.h"
#include "core/db/connection.h"
#include "core/metrics/pair_evaluation.h"
#include "core/metrics/regime.h"

namespace chokepoint::runs {

// The schema this build writes and the newest it reads; a file with a newer version is refused, never rewritten.
inline constexpr int kRunStoreSchemaVersion = 1;

// A run as the caller hands it over. items[k] is pairs[k]'s evaluation (the stored fields: status, gold and
// prediction status, message, EX, Soft-F1, one score per regime, gold and prediction time).
struct NewRun {
  std::string created_at;     // the caller's timestamp, e.g. "2026-11-25T13:40:00Z" (the core reads no clock)
  std::string label;          // free text, may be empty
  std::string settings_json;  // what produced the run: arguments, semantics, regimes, limits (a JSON object)
  std::vector<Regime> regimes;
  std::vector<EvalPair> pairs;
  std::vector<ItemEvaluation> items;
};

// One row of list_runs.
struct RunInfo {
  int64_t id = 0;
  std::string created_at, label;
  std::string settings_json, summary_json;  // summary_json: summary_to_json of the run's items
  size_t items = 0;
};

// A run read back. pairs hold id, db_id, gold_sql and pred_sql; items hold the stored fields only (no results,
// comparisons or explanations: those are not kept).
struct StoredRun {
  RunInfo info;
  std::vector<Regime> regimes;
  std::vector<EvalPair> pairs;
  std::vector<ItemEvaluation> items;
};

// The user's judgement of one prediction for one item. Keyed by (db_id, item id, pred_sql): the same prediction of
// the same question keeps its mark in every run; a different prediction text needs a judgement of its own.
struct ItemMark {
  std::string db_id, item_id, pred_sql;
  bool almost_correct = true;
  std::string note;
  std::string set_at;  // the caller's timestamp
};

class RunStore {
 public:
  enum class OpenMode {
    CreateIfMissing,  // a missing file (or an empty SQLite database) becomes a new store
    MustExist,        // the file must already be a store
  };
  // Refuses, without writing a byte, a file that is not SQLite, a SQLite database that is not a store, and a store
  // of a newer schema version.
  static Result<RunStore> open(const std::string& path, OpenMode mode);
  static Result<RunStore> open_memory();  // a new store, for tests and the app

  // Appends a run in one transaction; returns its id (1, 2, ... in the order added).
  Result<int64_t> add_run(const NewRun& run);
  // add_run in slices, for a page that must not hold a frame: begin_run checks the run and writes its row inside a
  // transaction it leaves open, add_run_items writes items [from, to) (any order of slices), commit_run ends the
  // transaction. Nothing is kept before commit_run; abandon_run (or an error) rolls back. No other write may come
  // in between: it would fail, as a transaction is open.
  Result<int64_t> begin_run(const NewRun& run);
  Status add_run_items(int64_t id, const NewRun& run, size_t from, size_t to);
  Status commit_run();
  void abandon_run();
  // Every run, by id, without its items.
  Result<std::vector<RunInfo>> list_runs() const;
  // The run with its items in their stored order; an error naming the id when there is none.
  Result<StoredRun> load_run(int64_t id) const;

  // Sets (or replaces) the mark of mark.db_id/item_id/pred_sql.
  Status set_mark(const ItemMark& mark);
  // Removes it; not an error when there was none.
  Status clear_mark(const std::string& db_id, const std::string& item_id, const std::string& pred_sql);
  // Every mark, ordered by db_id, item_id, pred_sql.
  Result<std::vector<ItemMark>> marks() const;

  const std::string& path() const { return db_.path(); }

 private:
  explicit RunStore(Connection db) : db_(std::move(db)) {}
  static Result<RunStore> prepare(Connection db);
  Connection db_;
};

// The mark of an item's prediction among `marks` (as marks() orders them); nullptr when it has none.
const ItemMark* find_mark(const std::vector<ItemMark>& marks, const std::string& db_id, const std::string& item_id,
                          const std::string& pred_sql);

}  // namespace chokepoint::runs
