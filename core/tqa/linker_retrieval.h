// Thesis Table 4.9: is the linker table among the tables a schema retriever returned? Per item a hit or a miss and
// the set's rates, from a linker analysis and each item's retrieved tables (linking::retrieved_tables_by_key); an
// item the retriever has no answer for is counted apart, never as a miss.
#pragma once
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/tqa/linker_analysis.h"

namespace chokepoint::tqa {

enum class LinkerPresence {
  retrieved,     // the linker table is in the retrieved list (Table 4.9 "LT in Retrieved Tables")
  missed,        // it is not ("LT not in Retrieved Tables")
  no_retrieval,  // the retriever gave nothing for this item (no answer, unknown database): outside both columns
};
const char* linker_presence_name(LinkerPresence p);  // "retrieved", "missed", "no_retrieval"

struct LinkerPresenceItem {
  std::string key;  // EvalItem::key
  std::string db_id;
  std::string linker_table;  // schema spelling
  LinkerPresence presence = LinkerPresence::no_retrieval;
  std::vector<std::string> retrieved;  // the retriever's tables, in its order (empty for no_retrieval)
};

// Invariants: items are the analyses with a linker table, in analysis order; retrieved + missed + no_retrieval =
// items.size(); the rates are over retrieved + missed (the items that were retrieved for).
struct LinkerPresenceTable {
  std::vector<LinkerPresenceItem> items;
  size_t retrieved = 0, missed = 0, no_retrieval = 0;
  size_t without_linker = 0;  // analyses with no linker table (or an error): not Table 4.9's items
  size_t scored() const { return retrieved + missed; }
  double retrieved_pct() const;  // 100 * retrieved / scored, 0 when nothing was scored
  double missed_pct() const;
};

// An item's linker table as a report names it (e.g. `chokepoint tqa augment`'s augment_report.json), without the
// analysis that found it.
struct ItemLinker {
  std::string key, db_id, table;
};

// `retrieved_tables` maps an item key to the tables retrieved for it; a key that is absent means no retrieval. Names
// match case-insensitively (a retriever's answer is read into schema spelling, but a caller may pass raw lists).
// Pass only the analyses with a question reference to get the thesis' set (§4.3.1: TQA's items).
LinkerPresenceTable linker_table_presence(const std::vector<ItemLinkerAnalysis>& analyses,
                                          const std::map<std::string, std::vector<std::string>>& retrieved_tables);

// The same over linker tables already found, one per item, in the given order.
LinkerPresenceTable linker_table_presence(const std::vector<ItemLinker>& linkers,
                                          const std::map<std::string, std::vector<std::string>>& retrieved_tables);

// {"retrieved", "missed", "no_retrieval", "without_linker", "scored", "retrieved_pct", "missed_pct",
//  "retrieved_row": "97 / 106 (91.51%)", "missed_row": "9 / 106 (8.49%)",
//  "items": [{"key", "db_id", "linker_table", "presence", "retrieved"}]}
nlohmann::json linker_presence_json(const LinkerPresenceTable& table);

}  // namespace chokepoint::tqa
