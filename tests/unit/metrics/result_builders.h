// Test helpers: results written as literals ({"name", "age"}, {{T("a"), I(1)}}) and small in-memory databases.
#pragma once
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/db/connection.h"
#include "core/db/value.h"

namespace chokepoint::testing_support {

inline Value I(int64_t v) { return Value::of_int(v); }
inline Value R(double v) { return Value::of_real(v); }
inline Value T(const std::string& v) { return Value::of_text(v); }
inline Value N() { return Value::null(); }

inline ResultSet result(std::vector<std::string> columns, std::vector<Row> rows) {
  ResultSet r;
  r.column_names = std::move(columns);
  r.declared_types.assign(r.column_names.size(), "");
  r.rows = std::move(rows);
  return r;
}

// An in-memory database holding `script`; fails the test if the script does not run.
inline Connection memory_db(const std::string& script) {
  auto c = Connection::open_memory();
  EXPECT_TRUE(c.ok());
  auto st = c->exec_script(script);
  EXPECT_TRUE(st.ok()) << st.error();
  return std::move(*c);
}

}  // namespace chokepoint::testing_support
