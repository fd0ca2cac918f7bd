// Row counts a slice at a time (see row_count_job.h).
#include "core/db/row_count_job.h"

#include <algorithm>

#include "core/base/text.h"
#include "core/db/sql_quote.h"

namespace chokepoint {
namespace {

// The name that reaches a table's rowid: the first of SQLite's three that no column has taken; none when all are.
std::optional<std::string> rowid_name(const std::vector<std::string>& columns) {
  for (const char* name : {"rowid", "_rowid_", "oid"}) {
    const bool taken =
        std::any_of(columns.begin(), columns.end(), [&](const std::string& c) { return iequals(c, name); });
    if (!taken) return std::string(name);
  }
  return std::nullopt;
}

std::optional<int64_t> first_integer(const QueryOutcome& q) {
  if (!q.ok() || q.result.rows.empty() || q.result.rows[0].empty() || q.result.rows[0][0].type != ValueType::Integer)
    return std::nullopt;
  return q.result.rows[0][0].integer;
}

}  // namespace

RowCountJob::RowCountJob(const Connection& db, std::vector<std::string> tables,
                         std::vector<std::vector<std::string>> columns, int64_t slice_rows)
    : db_(db),
      tables_(std::move(tables)),
      columns_(std::move(columns)),
      slice_rows_(std::max<int64_t>(1, slice_rows)),
      counts_(tables_.size(), -1) {
  columns_.resize(tables_.size());
}

void RowCountJob::finish_table(int64_t count) {
  counts_[table_] = count;
  ++table_;
  counted_ = 0;
  cursor_.reset();
}

bool RowCountJob::step() {
  if (done()) return true;
  const std::string table = quote_identifier(tables_[table_]);
  QueryLimits limits;
  limits.timeout_ms = 0;  // a slice is bounded by its rows; a whole count is what it was before
  const auto rowid = rowid_name(columns_[table_]);
  // Without a rowid to walk (WITHOUT ROWID, or all three names taken): the whole count in one step.
  const auto whole = [&] { return first_integer(db_.query("SELECT count(*) FROM " + table, limits)).value_or(-1); };
  if (!rowid) {
    finish_table(whole());
    return done();
  }
  const std::string after = cursor_ ? " WHERE " + *rowid + " > " + std::to_string(*cursor_) : "";
  // The rowid slice_rows rows on: every row up to it is in this slice.
  const auto next = db_.query("SELECT " + *rowid + " FROM " + table + after + " ORDER BY " + *rowid +
                                  " LIMIT 1 OFFSET " + std::to_string(slice_rows_ - 1),
                              limits);
  if (!next.ok()) {  // no rowid after all (WITHOUT ROWID)
    finish_table(cursor_ ? -1 : whole());
    return done();
  }
  if (const auto at = first_integer(next)) {
    counted_ += slice_rows_;
    cursor_ = *at;
    return done();
  }
  // Fewer than slice_rows rows are left: count them.
  const auto rest = first_integer(db_.query("SELECT count(*) FROM " + table + after, limits));
  finish_table(rest ? counted_ + *rest : -1);
  return done();
}

}  // namespace chokepoint
