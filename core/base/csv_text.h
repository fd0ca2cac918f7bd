// CSV text (RFC 4180) as every reader and writer of the product spells it: a field is quoted when it holds a comma,
// a quote, a CR or an LF, with its quotes doubled; a record ends at LF, CRLF or CR outside quotes, and a quoted
// field may hold all of them.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "core/base/result.h"

namespace chokepoint {

// The field as written: unchanged, or quoted with its quotes doubled when it holds a comma, a quote, a CR or an LF.
std::string csv_field(const std::string& text);

struct CsvRecord {
  size_t line = 0;  // the line the record starts on
  std::vector<std::string> fields;
};

// The records of `text`, after a UTF-8 byte order mark if there is one. Empty lines are no records. A quote may only
// open a field; errors name the line ("CSV line 3: a quote inside an unquoted field", "CSV line 7: quoted field is
// never closed").
Result<std::vector<CsvRecord>> read_csv_records(const std::string& text);

}  // namespace chokepoint
