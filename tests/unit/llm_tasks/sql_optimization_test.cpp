// SQL optimisation: variant names, every variant's prompt from the repository's templates (what each shows and
// hides), and the decision on a rewrite: kept only when it returns the original's result, with the reason otherwise.
#include <gtest/gtest.h>

#include "core/llm_tasks/sql_optimization.h"
#include "tests/unit/llm/repository_prompts.h"

namespace chokepoint::llm_tasks {
namespace {

const OptimizeInput kInput{"# movie(MovieID, Title, Gross)", "Which film earned most?", "earned means Gross",
                           "SELECT Title FROM movie WHERE Gross = (SELECT MAX(Gross) FROM movie)"};

TEST(SqlOptimization, NamesRoundTrip) {
  ASSERT_EQ(all_optimize_variants().size(), 6u);
  for (auto v : all_optimize_variants()) EXPECT_EQ(optimize_variant_from_name(optimize_variant_name(v)), v);
  EXPECT_FALSE(optimize_variant_from_name("with-y+q"));
  EXPECT_TRUE(is_two_stage(OptimizeVariant::DemoComments));
  EXPECT_FALSE(is_two_stage(OptimizeVariant::Direct));
}

TEST(SqlOptimization, EachVariantShowsWhatItsNameSays) {
  const auto& lib = chokepoint::testing::repository_prompts();
  auto has = [](const std::string& p, const std::string& part) { return p.find(part) != std::string::npos; };
  for (auto v : all_optimize_variants()) {
    auto p = render_optimize_prompt(lib, v, kInput);
    ASSERT_TRUE(p.ok()) << optimize_variant_name(v) << ": " << p.error();
    const bool schema = v != OptimizeVariant::WithY;
    const bool question = v != OptimizeVariant::WithY && v != OptimizeVariant::WithYS;
    const bool query = v != OptimizeVariant::Direct;
    const bool demos = v == OptimizeVariant::Demo || v == OptimizeVariant::DemoComments;
    EXPECT_EQ(has(*p, kInput.schema_text), schema) << optimize_variant_name(v);
    EXPECT_EQ(has(*p, "Which film earned most? Hint: earned means Gross"), question) << optimize_variant_name(v);
    EXPECT_EQ(has(*p, kInput.sql), query) << optimize_variant_name(v);
    EXPECT_EQ(has(*p, "Examples of rewrites"), demos) << optimize_variant_name(v);
    EXPECT_EQ(has(*p, "# Why:"), v == OptimizeVariant::DemoComments) << optimize_variant_name(v);
  }
}

TEST(SqlOptimization, ARewriteIsKeptOnlyWithTheOriginalsResult) {
  const std::string y = "SELECT a FROM t WHERE f(a) = 1";
  auto same = [](bool v) { return [v](const std::string&) { return Result<bool>(v); }; };
  auto kept = decide_rewrite(y, Result<std::string>("```sql\nSELECT a FROM t WHERE a = 1;\n```"), same(true));
  EXPECT_EQ(kept.outcome, RewriteOutcome::Accepted);
  EXPECT_EQ(kept.final_sql, "SELECT a FROM t WHERE a = 1");
  auto changed = decide_rewrite(y, Result<std::string>("SELECT a FROM t"), same(false));
  EXPECT_EQ(changed.outcome, RewriteOutcome::ChangedResult);
  EXPECT_EQ(changed.final_sql, y);
  EXPECT_EQ(changed.note, "SELECT a FROM t");
  auto failed = decide_rewrite(y, Result<std::string>("SELECT b FROM t"),
                               [](const std::string&) { return Result<bool>(Error{"no such column: b"}); });
  EXPECT_EQ(failed.outcome, RewriteOutcome::Failed);
  EXPECT_EQ(failed.final_sql, y);
  EXPECT_NE(failed.note.find("no such column: b"), std::string::npos);
  auto prose = decide_rewrite(y, Result<std::string>("It is already optimal."), same(true));
  EXPECT_EQ(prose.outcome, RewriteOutcome::NoSql);
  EXPECT_EQ(prose.final_sql, y);
  // As 004 scores it, every rewrite the model wrote replaces Y, kept or not; without one, Y stays.
  EXPECT_EQ(published_final_sql(kept), "SELECT a FROM t WHERE a = 1");
  EXPECT_EQ(published_final_sql(changed), "SELECT a FROM t");
  EXPECT_EQ(published_final_sql(failed), "SELECT b FROM t");
  EXPECT_EQ(published_final_sql(prose), y);
  auto down = decide_rewrite(y, Result<std::string>(Error{"HTTP 500"}), same(true));
  EXPECT_EQ(down.outcome, RewriteOutcome::NoAnswer);
  auto not_asked = decide_rewrite(y, std::nullopt, same(true));
  EXPECT_EQ(not_asked.outcome, RewriteOutcome::NotAsked);
  EXPECT_EQ(not_asked.final_sql, y);

  const auto c =
      count_rewrites({kept, changed, failed, prose, down, not_asked, direct_query(Result<std::string>("SELECT 1"))});
  EXPECT_EQ(c.accepted + c.changed_result + c.failed + c.no_sql + c.no_answer + c.not_asked + c.generated, 7u);
  EXPECT_EQ(c.generated, 1u);
}

TEST(SqlOptimization, DirectTakesTheAnswersQueryOrNone) {
  auto d = direct_query(Result<std::string>("SQL: SELECT Title FROM movie ORDER BY Gross DESC LIMIT 1"));
  EXPECT_EQ(d.outcome, RewriteOutcome::Generated);
  EXPECT_EQ(d.final_sql, "SELECT Title FROM movie ORDER BY Gross DESC LIMIT 1");
  auto none = direct_query(Result<std::string>("I cannot answer that."));
  EXPECT_EQ(none.outcome, RewriteOutcome::NoSql);
  EXPECT_EQ(none.final_sql, "");
}

}  // namespace
}  // namespace chokepoint::llm_tasks
