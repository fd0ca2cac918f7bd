// Small state helpers.
#include "web/app_state.h"

#include "core/base/clock.h"

#include <algorithm>

namespace chokepoint::web {

uint64_t next_set_revision() {
  static uint64_t last = 0;
  return ++last;
}

void notify(AppState& state, std::string text, bool error) {
  state.notices.push_back({std::move(text), error});
  if (state.notices.size() > 200) state.notices.erase(state.notices.begin());
}

void note_frame_part(AppState& state, std::string name, double started_ms) {
  const double ms = monotonic_ms() - started_ms;
  if (ms > 1) state.frame_parts.emplace_back(std::move(name), static_cast<float>(ms));
}

const LoadedDatabase* find_database(const AppState& state, const std::string& db_id) {
  for (const auto& d : state.databases.databases)
    if (d.schema.db_id == db_id && d.connection) return &d;
  return nullptr;
}

std::map<std::string, Schema> loaded_schemas(const AppState& state, const std::vector<EvalItem>& items) {
  std::map<std::string, Schema> schemas;
  for (const auto& it : items)
    if (!schemas.count(it.db_id))
      if (const LoadedDatabase* db = find_database(state, it.db_id)) schemas[it.db_id] = db->schema;
  return schemas;
}

DatabaseLookup page_database_lookup(const AppState& state) {
  return [&state](const std::string& db_id) {
    const LoadedDatabase* db = find_database(state, db_id);
    if (!db || !db->connection) return Result<const Connection*>(Error{"database " + db_id + " is not loaded"});
    return Result<const Connection*>(db->connection.get());
  };
}

Result<ChosenItem> choose_item(const AppState& state, int set_index, int item_index) {
  const auto& sets = state.eval_sets.sets;
  if (set_index < 0 || set_index >= static_cast<int>(sets.size())) return Error{"no evaluation set loaded"};
  const LoadedSet& set = sets[static_cast<size_t>(set_index)];
  if (item_index < 0 || item_index >= static_cast<int>(set.set.items.size()))
    return Error{"no item " + std::to_string(item_index) + " in " + set.name};
  const EvalItem& item = set.set.items[static_cast<size_t>(item_index)];
  const LoadedDatabase* db = find_database(state, item.db_id);
  if (!db) return Error{"database " + item.db_id + " is not loaded"};
  return ChosenItem{&set, &item, db};
}

void put_set(AppState& state, LoadedSet set) {
  auto& sets = state.eval_sets.sets;
  auto it = std::find_if(sets.begin(), sets.end(), [&](const LoadedSet& s) { return s.name == set.name; });
  if (it != sets.end())
    *it = std::move(set);
  else
    sets.push_back(std::move(set));
}

int find_set(const AppState& state, const std::string& name) {
  for (size_t i = 0; i < state.eval_sets.sets.size(); ++i)
    if (state.eval_sets.sets[i].name == name) return static_cast<int>(i);
  return -1;
}

}  // namespace chokepoint::web
