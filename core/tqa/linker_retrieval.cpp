// Table 4.9 from a linker analysis and retrieved table lists (see linker_retrieval.h).
#include "core/tqa/linker_retrieval.h"

#include <cmath>

#include "core/base/text.h"

namespace chokepoint::tqa {
namespace {

double percent_of(size_t part, size_t whole) {
  return whole ? std::round(10000.0 * static_cast<double>(part) / static_cast<double>(whole)) / 100.0 : 0.0;
}

}  // namespace

const char* linker_presence_name(LinkerPresence p) {
  switch (p) {
    case LinkerPresence::retrieved:
      return "retrieved";
    case LinkerPresence::missed:
      return "missed";
    case LinkerPresence::no_retrieval:
      return "no_retrieval";
  }
  return "?";
}

double LinkerPresenceTable::retrieved_pct() const { return percent_of(retrieved, scored()); }
double LinkerPresenceTable::missed_pct() const { return percent_of(missed, scored()); }

LinkerPresenceTable linker_table_presence(const std::vector<ItemLinker>& linkers,
                                          const std::map<std::string, std::vector<std::string>>& retrieved_tables) {
  LinkerPresenceTable t;
  for (const auto& l : linkers) {
    LinkerPresenceItem item{l.key, l.db_id, l.table, LinkerPresence::no_retrieval, {}};
    if (auto r = retrieved_tables.find(l.key); r == retrieved_tables.end()) {
      ++t.no_retrieval;
    } else {
      item.retrieved = r->second;
      bool found = false;
      for (const auto& table : r->second) found = found || iequals(table, item.linker_table);
      item.presence = found ? LinkerPresence::retrieved : LinkerPresence::missed;
      ++(found ? t.retrieved : t.missed);
    }
    t.items.push_back(std::move(item));
  }
  return t;
}

LinkerPresenceTable linker_table_presence(const std::vector<ItemLinkerAnalysis>& analyses,
                                          const std::map<std::string, std::vector<std::string>>& retrieved_tables) {
  std::vector<ItemLinker> linkers;
  size_t without = 0;
  for (const auto& a : analyses) {
    if (a.linker)
      linkers.push_back({a.item.key, a.item.db_id, a.linker->table});
    else
      ++without;
  }
  LinkerPresenceTable t = linker_table_presence(linkers, retrieved_tables);
  t.without_linker = without;
  return t;
}

nlohmann::json linker_presence_json(const LinkerPresenceTable& t) {
  nlohmann::json items = nlohmann::json::array();
  for (const auto& i : t.items)
    items.push_back({{"key", i.key},
                     {"db_id", i.db_id},
                     {"linker_table", i.linker_table},
                     {"presence", linker_presence_name(i.presence)},
                     {"retrieved", i.retrieved}});
  return {{"retrieved", t.retrieved},
          {"missed", t.missed},
          {"no_retrieval", t.no_retrieval},
          {"without_linker", t.without_linker},
          {"scored", t.scored()},
          {"retrieved_pct", t.retrieved_pct()},
          {"missed_pct", t.missed_pct()},
          {"retrieved_row", part_of_whole(t.retrieved, t.scored())},
          {"missed_row", part_of_whole(t.missed, t.scored())},
          {"items", items}};
}

}  // namespace chokepoint::tqa
