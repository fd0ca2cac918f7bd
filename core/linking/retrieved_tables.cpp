// Retrieved table lists by item key (see retrieved_tables.h).
#include "core/linking/retrieved_tables.h"

#include <algorithm>
#include <optional>

#include <nlohmann/json.hpp>

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

Result<std::map<std::string, std::vector<std::string>>> retrieved_tables_from_report(const std::string& text,
                                                                                     const std::string& source) {
  const auto doc = nlohmann::json::parse(text, nullptr, false);
  if (doc.is_discarded()) return Error{source + ": not JSON"};
  if (!doc.is_object() || !doc.contains("items") || !doc["items"].is_array())
    return Error{source + ": not a report of chokepoint link or retrieval (no \"items\" list)"};
  // A retrieval report lists each item once per variant and approach: one retriever's tables are asked for.
  for (const auto& [field, plural] :
       {std::pair<const char*, const char*>{"variant", "variants"}, {"approach", "approaches"}}) {
    std::vector<std::string> seen;
    for (const auto& it : doc["items"])
      if (it.is_object() && it.contains(field) && it[field].is_string() &&
          std::find(seen.begin(), seen.end(), it[field].get<std::string>()) == seen.end())
        seen.push_back(it[field].get<std::string>());
    if (seen.size() > 1) {
      std::string names;
      for (const auto& n : seen) names += (names.empty() ? "" : ", ") + n;
      return Error{source + ": holds " + std::to_string(seen.size()) + " " + plural + " (" + names +
                   "): give one retriever's run on one set (chokepoint retrieval --gold SET.json --approach tcsl)"};
    }
  }
  std::map<std::string, std::vector<std::string>> out;
  size_t at = 0;
  for (const auto& it : doc["items"]) {
    const std::string where = source + ": item " + std::to_string(at++);
    if (!it.is_object() || !it.contains("id") || !it.contains("outcome") || !it["outcome"].is_string() ||
        !it.contains("retrieved_tables") || !it["retrieved_tables"].is_array())
      return Error{where + " lacks id, outcome or retrieved_tables"};
    const std::string key = it["id"].is_string() ? it["id"].get<std::string>() : it["id"].dump();
    const std::string outcome = it["outcome"].get<std::string>();
    std::optional<LinkOutcome> read;
    for (auto o : {LinkOutcome::Linked, LinkOutcome::Unreadable, LinkOutcome::NoAnswer, LinkOutcome::NoSchema,
                   LinkOutcome::GoldUnusable})
      if (outcome == link_outcome_name(o)) read = o;
    if (!read) return Error{where + ": unknown outcome '" + outcome + "'"};
    if (out.count(key)) return Error{where + ": id " + key + " appears twice"};
    std::vector<std::string> tables;
    for (const auto& t : it["retrieved_tables"]) {
      if (!t.is_string()) return Error{where + ": retrieved_tables holds a non-string"};
      add_once(tables, t.get<std::string>());
    }
    if (tables.empty() && !answered(*read)) continue;
    out[key] = std::move(tables);
  }
  return out;
}

}  // namespace chokepoint::linking
