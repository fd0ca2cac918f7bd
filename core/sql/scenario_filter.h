// Scenario filters: a condition over an item's SQL characteristics (sql_characteristics.h), such as
// "joins >= 2 && subqueries = 0", to score only the items of one scenario (NL2SQL360's filter idea; its filter
// is Python over its own columns, ours a small language parsed here). Grammar:
//   filter := or;  or := and ("||" and)*;  and := unary ("&&" unary)*;  unary := "!" unary | "(" or ")" | test
//   test   := name op integer;  op := "=" | "==" | "!=" | "<" | "<=" | ">" | ">="
// Names are characteristic names (ours or NL2SQL360's count_* columns). Errors say where and what was expected.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "core/base/result.h"
#include "core/sql/sql_characteristics.h"

namespace chokepoint::sql {

class ScenarioFilter {
 public:
  struct Term;  // a node of the parsed condition
  ScenarioFilter();
  ~ScenarioFilter();
  ScenarioFilter(ScenarioFilter&&) noexcept;
  ScenarioFilter& operator=(ScenarioFilter&&) noexcept;

  bool matches(const Characteristics& c) const;
  const std::string& text() const { return text_; }  // as the user wrote it

 private:
  friend Result<ScenarioFilter> parse_scenario_filter(const std::string& text);
  std::string text_;
  std::vector<Term> terms_;
  size_t root_ = 0;  // the index of the whole condition in terms_
};

Result<ScenarioFilter> parse_scenario_filter(const std::string& text);

}  // namespace chokepoint::sql
