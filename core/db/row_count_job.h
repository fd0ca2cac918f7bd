// Counting the rows of a database's tables a slice at a time, for a front end that draws between slices: one
// `SELECT count(*)` over a 350 MB table held the page for over 100 ms. A table with a rowid is walked in rowid
// order, `slice_rows` rows a step (the rowid `slice_rows` rows on is found with LIMIT 1 OFFSET, so sparse or negative
// rowids cost nothing extra); a table without one (WITHOUT ROWID, every rowid alias a column's name) is counted
// in one step. The counts equal count(*)'s.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/db/connection.h"

namespace chokepoint {

class RowCountJob {
 public:
  static constexpr int64_t kSliceRows = 65536;
  // `db` must outlive the job; `columns[i]` are the names of tables[i]'s columns (a column may take the name rowid).
  RowCountJob(const Connection& db, std::vector<std::string> tables, std::vector<std::vector<std::string>> columns,
              int64_t slice_rows = kSliceRows);
  // One slice; returns done().
  bool step();
  bool done() const { return table_ >= tables_.size(); }
  // One per table: its row count, or -1 when it could not be counted (an error or the query's time limit).
  const std::vector<int64_t>& counts() const { return counts_; }
  size_t tables_done() const { return table_; }

 private:
  void finish_table(int64_t count);

  const Connection& db_;
  std::vector<std::string> tables_;
  std::vector<std::vector<std::string>> columns_;
  int64_t slice_rows_;
  std::vector<int64_t> counts_;
  size_t table_ = 0;
  int64_t counted_ = 0;            // rows of the current table before the cursor
  std::optional<int64_t> cursor_;  // the last rowid counted; none: the table's start
};

}  // namespace chokepoint
