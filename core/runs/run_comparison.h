// Two stored runs side by side, item by item: which items were fixed (EX 0 -> 1), which broke
// (EX 1 -> 0), which changed otherwise (status, prediction, gold, scores) and a short reason for each, built from the
// items' statuses and messages. The user's "almost correct" marks (run_store.h) travel with each side.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/runs/run_store.h"

namespace chokepoint::runs {

enum class ItemChange {
  Unchanged,  // same EX, outcome, prediction, gold, message and scores
  Fixed,      // EX 0 -> 1
  Broken,     // EX 1 -> 0
  Changed,    // same EX, something else differs
  OnlyInA,    // no partner in run B
  OnlyInB,    // no partner in run A
};
const char* item_change_name(ItemChange c);  // "unchanged", "fixed", "broken", "changed_other", "only_in_a", ...

// How items were paired: by item id when every id of both runs is non-empty and unique within its run (eval always
// gives one: the item's key or its gold position), else by position in the run.
enum class Pairing { ById, ByPosition };

// "scored", "pred_error", "pred_timeout" (scored 0: the prediction failed), "gold_error", "no_database".
std::string item_outcome(const ItemEvaluation& item);

// One run's side of a compared item.
struct ComparedSide {
  size_t position = 0;  // in its run
  std::string pred_sql, gold_sql;
  std::string outcome;  // item_outcome
  bool ex = false;
  double soft_f1 = 0;
  std::string message;
  std::optional<ItemMark> mark;  // the mark of this side's prediction, if the user set one
};

struct ItemDelta {
  std::string id, db_id;
  ItemChange change = ItemChange::Unchanged;
  // What differs, in this order: "ex", "outcome", "prediction", "gold", "message", "scores". Empty when unchanged.
  std::vector<std::string> differences;
  std::string reason;  // one line, e.g. "EX 0 -> 1; pred_error -> scored; prediction changed (was: no such column: x)"
  std::optional<ComparedSide> a, b;
};

struct RunComparison {
  RunInfo run_a, run_b;
  Pairing pairing = Pairing::ById;
  std::string pairing_note;  // why pairing fell back to positions; empty when by id
  size_t fixed = 0, broken = 0, unchanged = 0, changed = 0, only_in_a = 0, only_in_b = 0;
  // Items with EX = 0 whose prediction the user marked almost correct, in each run.
  size_t almost_correct_a = 0, almost_correct_b = 0;
  std::vector<ItemDelta> items;  // every item: run A's order, then run B's unpaired items in B's order
};

// Scores are compared on the regimes both runs have, within 1e-9.
RunComparison compare_runs(const StoredRun& a, const StoredRun& b, const std::vector<ItemMark>& marks);

// {"run_a": {id, label, created_at, items, ex}, "run_b": {...}, "pairing", "pairing_note"?, "counts": {fixed,
// broken, unchanged, changed_other, only_in_a, only_in_b}, "almost_correct": {a, b}, "items": [{id, db_id, change,
// reason, differences, before, after}]}. before/after: {position, ex, status, pred_sql, message?, mark?}. items
// holds the items that are not unchanged or carry a mark on either side, unless all_items.
nlohmann::json comparison_json(const RunComparison& c, bool all_items = false);

}  // namespace chokepoint::runs
