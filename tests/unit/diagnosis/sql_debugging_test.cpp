// SQL debugging prompts: each of the five strategies shows exactly its share of what is known about the wrong query
// (004 §4.2): nothing, the query, SQLite's message or the rough result note, the subcategory (never the gold query's
// content), and the comment on where to look.
#include <gtest/gtest.h>

#include "core/diagnosis/sql_debugging.h"
#include "core/runner/prompt_formats.h"
#include "tests/unit/llm/repository_prompts.h"
#include "tests/unit/sql/thesis_schemas.h"

namespace chokepoint::diagnosis {
namespace {

const PromptLibrary& library() { return chokepoint::testing::repository_prompts(); }

const char* kWrong = "SELECT COUNT(*) FROM atom WHERE element = 'c'";
const char* kQuestion = "How many chlorine atoms are there?";

std::string prompt_for(DebugStrategy s, const ErrorClassification& e) {
  const auto f = runner::prompt_format_from_name("SimpleDDL-MD-Chat");
  auto p = render_debug_prompt(library(), s, runner::render_schema(sql::testing::toxicology(), *f, {}), kQuestion,
                               kWrong, e);
  EXPECT_TRUE(p.ok()) << (p.ok() ? "" : p.error());
  return p.ok() ? *p : "";
}

ErrorClassification condition_error() {
  auto c = classify_result_error(kWrong, "SELECT COUNT(*) FROM atom WHERE element = 'cl'", sql::testing::toxicology());
  EXPECT_TRUE(c.ok());
  return *c;
}

TEST(SqlDebugging, EachStrategyShowsItsShare) {
  const auto e = condition_error();
  ASSERT_EQ(e.kind, ResultErrorKind::ConditionFilter);
  const std::string regenerate = prompt_for(DebugStrategy::Regenerate, e);
  EXPECT_EQ(regenerate.find(kWrong), std::string::npos);
  EXPECT_NE(regenerate.find(kQuestion), std::string::npos);

  const std::string wrong = prompt_for(DebugStrategy::WrongSql, e);
  EXPECT_NE(wrong.find(kWrong), std::string::npos);
  EXPECT_EQ(wrong.find("What went wrong"), std::string::npos);

  const std::string rough = prompt_for(DebugStrategy::SystemError, e);
  EXPECT_NE(rough.find("It runs, but its result is not the right one."), std::string::npos);
  EXPECT_EQ(rough.find("condition_filter"), std::string::npos) << "the rough information names no subcategory";

  const std::string all = prompt_for(DebugStrategy::AllErrors, e);
  EXPECT_NE(all.find("Kind of error: condition_filter"), std::string::npos);
  EXPECT_EQ(all.find("'cl'"), std::string::npos) << "nothing of the gold query leaks into the prompt: " << all;
  EXPECT_EQ(all.find("Where to look"), std::string::npos);

  const std::string comment = prompt_for(DebugStrategy::Comment, e);
  EXPECT_NE(comment.find("### Where to look: the tables, columns and joins are right; a condition filters the wrong "
                         "rows."),
            std::string::npos);
}

TEST(SqlDebugging, SystemErrorsShowSqlitesMessage) {
  ErrorClassification e;
  e.error_class = ErrorClass::SystemError;
  e.system_kind = "no such column";
  e.evidence = {"no such column: elemnt"};
  EXPECT_EQ(error_information(DebugStrategy::SystemError, e), "SQLite refused it: no such column: elemnt");
  EXPECT_EQ(error_information(DebugStrategy::WrongSql, e), "");
  EXPECT_NE(category_comment(e).find("SQLite could not run it"), std::string::npos);
}

TEST(SqlDebugging, StrategyNames) {
  for (const char* n : {"regenerate", "wrong_sql", "system_error", "all_errors", "comment"})
    EXPECT_EQ(debug_strategy_name(*debug_strategy_from_name(n)), std::string(n));
  EXPECT_FALSE(debug_strategy_from_name("guess").ok());
}

}  // namespace
}  // namespace chokepoint::diagnosis
