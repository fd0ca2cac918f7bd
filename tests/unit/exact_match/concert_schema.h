// A small part of Spider's concert_singer database for the exact-match tests: singer, concert and the
// singer_in_concert table whose two foreign keys make singer_id and concert_id equivalent columns.
#pragma once
#include <string>
#include <vector>

#include "core/schema/schema.h"

namespace chokepoint::em {

inline Table concert_table(const char* name, std::vector<const char*> columns, std::vector<std::string> key) {
  Table t;
  t.name = name;
  for (const char* c : columns) {
    Column col;
    col.name = c;
    t.columns.push_back(col);
  }
  t.primary_key = std::move(key);
  return t;
}

inline Schema concert_schema() {
  Schema s;
  s.db_id = "concert_singer";
  Table singer = concert_table("singer", {"Singer_ID", "Name", "Country", "Age"}, {"Singer_ID"});
  Table concert = concert_table("concert", {"concert_ID", "concert_Name", "Year"}, {"concert_ID"});
  Table sic = concert_table("singer_in_concert", {"concert_ID", "Singer_ID"}, {"concert_ID", "Singer_ID"});
  sic.foreign_keys.push_back({{"concert_ID"}, "concert", {"concert_ID"}});
  sic.foreign_keys.push_back({{"Singer_ID"}, "singer", {"Singer_ID"}});
  s.tables = {singer, concert, sic};
  return s;
}

}  // namespace chokepoint::em
