// Display form of typed values.
#include "core/db/value.h"

#include <cstdio>
#include <cstdlib>

namespace chokepoint {

std::string Value::to_string() const {
  switch (type) {
    case ValueType::Null:
      return "NULL";
    case ValueType::Integer:
      return std::to_string(integer);
    case ValueType::Real: {
      char buf[64];
      std::snprintf(buf, sizeof buf, "%.17g", real);
      // Prefer the shortest form that round-trips, as Python's repr does.
      for (int prec = 1; prec <= 17; ++prec) {
        char b2[64];
        std::snprintf(b2, sizeof b2, "%.*g", prec, real);
        if (std::strtod(b2, nullptr) == real) {
          std::snprintf(buf, sizeof buf, "%s", b2);
          break;
        }
      }
      std::string s = buf;
      if (s.find_first_of(".eEn") == std::string::npos) s += ".0";
      return s;
    }
    case ValueType::Text:
      return bytes;
    case ValueType::Blob: {
      static const char* hex = "0123456789ABCDEF";
      std::string s = "X'";
      for (unsigned char c : bytes) {
        s += hex[c >> 4];
        s += hex[c & 15];
      }
      return s + "'";
    }
  }
  return "";
}

}  // namespace chokepoint
