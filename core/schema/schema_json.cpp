// Schema -> JSON summary.
#include "core/schema/schema_json.h"

namespace chokepoint {

nlohmann::json schema_to_json(const Schema& schema) {
  using nlohmann::json;
  json tables = json::array();
  for (const auto& t : schema.tables) {
    json cols = json::array();
    for (const auto& c : t.columns) cols.push_back({{"name", c.name}, {"type", c.type}, {"not_null", c.not_null}});
    json fks = json::array();
    for (const auto& fk : t.foreign_keys)
      fks.push_back({{"columns", fk.from_columns}, {"references", fk.to_table}, {"to_columns", fk.to_columns}});
    json tj = {{"name", t.name}, {"columns", cols}, {"primary_key", t.primary_key}, {"foreign_keys", fks}};
    tj["rows"] = t.row_count >= 0 ? json(t.row_count) : json(nullptr);
    tables.push_back(std::move(tj));
  }
  return {{"db_id", schema.db_id}, {"tables", tables}};
}

}  // namespace chokepoint
