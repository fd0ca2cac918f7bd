// Retrieved table lists by item key (see retrieved_tables.h).
#include "core/linking/retrieved_tables.h"

#include "core/base/text.h"

namespace chokepoint::linking {
namespace {

void add_once(std::vector<std::string>& tables, const std::string& table) {
  if (table.empty()) return;
  for (const auto& t : tables)
    if (iequals(t, table)) return;
  tables.push_back(table);
}

// Whether an item with nothing retrieved still counts: its answer was read (or unreadable), so the retriever spoke.
bool answered(LinkOutcome o) { return o == LinkOutcome::Linked || o == LinkOutcome::Unreadable; }

}  // namespace

std::string table_of_column(const std::string& column, const Schema& schema) {
  std::string best;
  for (const auto& t : schema.tables)
    if (t.name.size() > best.size() && column.size() > t.name.size() && column[t.name.size()] == '.' &&
        column.compare(0, t.name.size(), t.name) == 0)
      best = t.name;
  return best;
}

std::map<std::string, std::vector<std::string>> retrieved_tables_by_key(const EvalSet& set,
                                                                        const std::vector<RetrievedItem>& retrieval,
                                                                        const SchemaOf& schema_of) {
  std::map<std::string, std::vector<std::string>> out;
  for (const auto& r : retrieval) {
    if (r.item >= set.items.size()) continue;
    const EvalItem& item = set.items[r.item];
    std::vector<std::string> tables;
    for (const auto& t : r.tables) add_once(tables, t);
    if (tables.empty())
      if (const Schema* schema = schema_of(item.db_id))
        for (const auto& c : r.columns) add_once(tables, table_of_column(c, *schema));
    if (tables.empty() && !answered(r.outcome)) continue;
    out[item.key] = std::move(tables);
  }
  return out;
}

std::map<std::string, std::vector<std::string>> retrieved_tables_by_key(const EvalSet& set,
                                                                        const std::vector<LinkedItem>& linking) {
  std::map<std::string, std::vector<std::string>> out;
  for (const auto& l : linking) {
    if (l.item >= set.items.size()) continue;
    if (l.retrieved.tables.empty() && !answered(l.outcome)) continue;
    out[set.items[l.item].key] = l.retrieved.tables;
  }
  return out;
}

}  // namespace chokepoint::linking
