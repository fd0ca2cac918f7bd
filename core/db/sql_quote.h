// Quoting for SQL text we generate ourselves (DDL, PRAGMA arguments, ALTER TABLE): identifiers always in double
// quotes with embedded quotes doubled, so any name from a schema (spaces, keywords, quotes) is safe.
#pragma once
#include <string>

namespace chokepoint {

std::string quote_identifier(const std::string& name);  // abc -> "abc", a"b -> "a""b"
std::string quote_string(const std::string& text);      // it's -> 'it''s'

}  // namespace chokepoint
