// SQL quoting.
#include "core/db/sql_quote.h"

namespace chokepoint {
namespace {

std::string delimited(const std::string& s, char q) {
  std::string out(1, q);
  for (char c : s) {
    if (c == q) out += q;
    out += c;
  }
  return out + q;
}

}  // namespace

std::string quote_identifier(const std::string& name) { return delimited(name, '"'); }
std::string quote_string(const std::string& text) { return delimited(text, '\''); }

}  // namespace chokepoint
