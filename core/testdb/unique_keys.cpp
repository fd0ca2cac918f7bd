// Unique keys through PRAGMA index_list and index_info (see unique_keys.h).
#include "core/testdb/unique_keys.h"

#include "core/db/sql_quote.h"

namespace chokepoint::testdb {

Result<std::map<std::string, std::vector<std::vector<std::string>>>> unique_keys_of(const Connection& db,
                                                                                    const Schema& schema) {
  std::map<std::string, std::vector<std::vector<std::string>>> out;
  for (const Table& t : schema.tables) {
    auto list = db.inspect("PRAGMA index_list(" + quote_identifier(t.name) + ")");
    if (!list.ok()) return Error{t.name + ": " + list.message};
    // Columns: seq, name, unique, origin ('c', 'u', 'pk'), partial.
    for (const Row& index : list.result.rows) {
      if (index.size() < 5 || index[2].integer != 1 || index[3].bytes == "pk" || index[4].integer != 0) continue;
      auto info = db.inspect("PRAGMA index_info(" + quote_identifier(index[1].bytes) + ")");
      if (!info.ok()) return Error{index[1].bytes + ": " + info.message};
      std::vector<std::string> columns;
      bool expression = false;
      for (const Row& c : info.result.rows) {  // seqno, cid, name (NULL for an expression)
        if (c.size() < 3 || c[2].is_null())
          expression = true;
        else
          columns.push_back(c[2].bytes);
      }
      if (!expression && !columns.empty()) out[t.name].push_back(std::move(columns));
    }
  }
  return out;
}

}  // namespace chokepoint::testdb
