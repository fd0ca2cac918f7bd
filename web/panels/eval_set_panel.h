// The Evaluation set panel: loaded sets, items filtered by database and text, the selected item's question,
// evidence and SQL, and its result on the matching database.
#pragma once
#include "core/base/result.h"
#include "web/app_state.h"

namespace chokepoint::web {

void draw_eval_set_panel(AppState& state);
const LoadedDatabase* find_database(const AppState& state, const std::string& db_id);  // first with that db_id

// An item of a loaded set together with its open database, or why there is none (no set, no such item, database
// not loaded), so panels that act on one item check the same things with the same words.
struct ChosenItem {
  const LoadedSet* set = nullptr;
  const EvalItem* item = nullptr;
  const LoadedDatabase* db = nullptr;
};
Result<ChosenItem> choose_item(const AppState& state, int set_index, int item_index);

}  // namespace chokepoint::web
