// libFuzzer target for the SQL front end: parse, print, re-parse. Crashes, sanitizer reports and round-trip
// mismatches (parse(print(t)) != t) all abort, so `make fuzz` finds both memory bugs and printer bugs.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "core/sql/parser.h"
#include "core/sql/printer.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view sql(reinterpret_cast<const char*>(data), size);
  auto tree = chokepoint::sql::parse_sql(sql);
  if (!tree.ok()) return 0;
  std::string printed = chokepoint::sql::print_sql(**tree);
  auto again = chokepoint::sql::parse_sql(printed);
  if (!again.ok() || !chokepoint::sql::equal(**tree, **again)) {
    std::fprintf(stderr, "round trip failed\nprinted: %s\n%s\n", printed.c_str(),
                 again.ok() ? "trees differ" : again.error().c_str());
    std::abort();
  }
  return 0;
}
