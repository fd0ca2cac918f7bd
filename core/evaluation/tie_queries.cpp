// The tie probe and the un-limited gold of each pair, for tie-aware EX.
#include "core/evaluation/tie_queries.h"

#include <cctype>
#include <optional>
#include <string>

#include "core/sql/parser.h"
#include "core/sql/printer.h"
#include "core/sql/tie_probe.h"

namespace chokepoint::evaluation {
namespace {

// The statement with its top-level LIMIT and OFFSET removed, printed; nullopt when it does not parse.
std::optional<std::string> without_limit(const std::string& text, int64_t* offset = nullptr) {
  auto parsed = sql::parse_sql(text);
  if (!parsed.ok()) return std::nullopt;
  sql::Node& select = **parsed;
  if (offset) {
    *offset = 0;
    if (const sql::Node* o = select.get(sql::Slot::Offset)) {
      if (o->kind != sql::Kind::Number || o->text.empty() || o->text.size() > 12) return std::nullopt;
      for (char c : o->text)
        if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
      *offset = std::stoll(o->text);
    }
  }
  select.set(sql::Slot::Limit, nullptr);
  select.set(sql::Slot::Offset, nullptr);
  return sql::print_sql(select);
}

}  // namespace

size_t fill_tie_queries(std::vector<EvalPair>& pairs) {
  size_t filled = 0;
  for (auto& pair : pairs) {
    const auto probe = sql::tie_probe(pair.gold_sql);
    if (!probe) continue;
    int64_t offset = 0;
    auto unlimited = without_limit(pair.gold_sql, &offset);
    auto keys = without_limit(probe->sql);
    if (!unlimited || !keys) continue;
    pair.tie = {probe->sql, std::move(*keys), std::move(*unlimited), probe->limit, offset};
    ++filled;
  }
  return filled;
}

}  // namespace chokepoint::evaluation
