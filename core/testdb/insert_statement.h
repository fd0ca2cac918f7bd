// A parser for the one statement a model may write into a synthetic database (SynSQL §2.3):
//   INSERT [OR REPLACE|IGNORE|ABORT|FAIL|ROLLBACK] INTO [main.]table [(column, ...)] VALUES (literal, ...)[, (...)]
// with literals only: strings, numbers with an optional sign, NULL, TRUE/FALSE, blobs. The core/sql parser reads
// queries, not DML, so this is its own small grammar on core/sql's tokenizer. Nothing parsed here is ever executed
// as text: the rows come out as typed values, and any other statement (a `; DROP TABLE`, INSERT ... SELECT, a
// function call as a value) makes the whole line a refusal.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "core/base/result.h"
#include "core/db/value.h"

namespace chokepoint::testdb {

// One INSERT statement. Invariant: rows is not empty; columns is empty when the statement lists none (then values
// are positional against the table's columns).
struct InsertStatement {
  std::string table;                 // as written, quotes removed
  std::vector<std::string> columns;  // as written, quotes removed
  std::vector<Row> rows;             // one per VALUES tuple, as many values as written
};

// Every INSERT statement of one line (several when a model groups statements with ';'). An error names the first
// thing that is not part of an INSERT-VALUES statement; the line then yields nothing.
Result<std::vector<InsertStatement>> parse_insert_line(std::string_view line);

// Whether the line is meant as an INSERT (its first word, after spaces, is INSERT in any case): other lines of a
// model's answer (prose, code fences) are not statements at all.
bool looks_like_insert(std::string_view line);

}  // namespace chokepoint::testdb
