// SynSQL's prompts as sent: the selector sees the full schema with its keys and the hint, an empty hint reads
// "(none given)", the synthesizer hears the previous round's feedback, and the critic's criteria and answer shape
// leave Hint Alignment out when there is no evidence. Provenance JSON sums the chosen rounds' scores per criterion.
#include "core/testdb/synthesis_prompts.h"

#include <gtest/gtest.h>

#include "core/testdb/synthesis_manifest.h"
#include "tests/unit/llm/repository_prompts.h"
#include "tests/unit/testdb/synsql_fixture.h"

namespace chokepoint::testdb {
namespace {

using chokepoint::testing::repository_prompts;

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(SynthesisPrompts, SelectionShowsTheFullSchemaWithKeysAndTheHint) {
  auto p = render_select_prompt(repository_prompts(), fixture::formula_1(), fixture::kQuestion, fixture::kEvidence);
  ASSERT_TRUE(p.ok()) << p.error();
  EXPECT_TRUE(has(*p, "FOREIGN KEY (\"circuitId\") REFERENCES \"circuits\" (\"circuitId\")"));
  EXPECT_TRUE(has(*p, std::string("Question: ") + fixture::kQuestion + "\nHint: " + fixture::kEvidence));
  EXPECT_TRUE(has(*p, "\"foreign_keys\""));
  EXPECT_TRUE(has(*p, "Column descriptions:\n(none given)"));
  auto empty = render_select_prompt(repository_prompts(), fixture::formula_1(), "How many races?", " ");
  ASSERT_TRUE(empty.ok());
  EXPECT_TRUE(has(*empty, "Hint: (none given)"));
}

TEST(SynthesisPrompts, DescriptionsAreNaturalNamesThatSayMore) {
  Schema s = fixture::formula_1();
  s.tables[0].columns[0].natural_name = "circuit id";         // says nothing new
  s.tables[0].columns[2].natural_name = "city of the track";  // says more
  EXPECT_EQ(schema_descriptions(s), "circuits.location: city of the track");
}

TEST(SynthesisPrompts, TheSynthesizerHearsTheFeedback) {
  const Schema s = fixture::formula_1();
  auto first = render_synthesize_prompt(repository_prompts(), s, fixture::kQuestion, fixture::kEvidence, "");
  auto second =
      render_synthesize_prompt(repository_prompts(), s, fixture::kQuestion, fixture::kEvidence, "- Variety (6/10): x");
  ASSERT_TRUE(first.ok() && second.ok());
  EXPECT_TRUE(has(*first, "This is the first version of the data."));
  EXPECT_TRUE(has(*second, "fix what the review says:\n- Variety (6/10): x"));
  EXPECT_TRUE(has(*second, "Database: formula_1"));
  EXPECT_TRUE(has(*second, "every line") || has(*second, "one per line"));
}

TEST(SynthesisPrompts, TheCriticDropsHintAlignmentWithoutEvidence) {
  const Schema s = fixture::formula_1();
  auto with = render_critic_prompt(repository_prompts(), s, fixture::kQuestion, fixture::kEvidence, "INSERT ...");
  auto without = render_critic_prompt(repository_prompts(), s, "How many races?", "", "");
  ASSERT_TRUE(with.ok() && without.ok());
  EXPECT_TRUE(has(*with, "1. Hint Alignment:"));
  EXPECT_TRUE(has(*with, "\"hint_alignment\": {\"score\": <1-10>"));
  EXPECT_TRUE(has(*with, "6. Relevance:"));
  EXPECT_FALSE(has(*without, "Hint Alignment"));
  EXPECT_FALSE(has(*without, "hint_alignment"));
  EXPECT_TRUE(has(*without, "1. Key Integrity:"));
  EXPECT_TRUE(has(*without, "Generated data:\n(no rows)"));
}

TEST(SynthesisPrompts, AMissingTemplateIsAnError) {
  PromptLibrary empty;
  auto p = render_critic_prompt(empty, fixture::formula_1(), "q", "", "");
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(p.error(), "the prompts folder has no template synsql_critic");
  SynthesisLoop loop({"1", "formula_1", "q", ""}, fixture::formula_1(), empty, {});
  EXPECT_EQ(loop.outcome(), SynthesisOutcome::Failed);
  EXPECT_TRUE(loop.pending().empty());
}

TEST(SynthesisManifest, SummaryAveragesTheChosenRoundsPerCriterion) {
  SynthesisOptions vanilla;
  vanilla.method = SynthesisMethod::Vanilla;
  SynthesisLoop a({"1", "formula_1", "q", ""}, fixture::formula_1(), repository_prompts(), vanilla);
  a.answer({Result<std::string>(fixture::a9_inserts())});
  ASSERT_EQ(a.outcome(), SynthesisOutcome::Generated);
  SynthesisLoop b({"2", "formula_1", "q", ""}, fixture::formula_1(), repository_prompts(), vanilla);
  b.answer({Result<std::string>(Error{"HTTP 401"})});
  const auto summary = synthesis_summary_json({&a, &b});
  EXPECT_EQ(summary["items"], 2);
  EXPECT_EQ(summary["generated"], 1);
  EXPECT_EQ(summary["failed"], 1);
  EXPECT_EQ(summary["mean_columns"], 17.0);  // the full schema: 4 + 5 + 4 + 4
  EXPECT_TRUE(summary["criteria"].empty());  // vanilla has no critic
  const auto item = synthesis_item_json(a);
  EXPECT_EQ(item["outcome"], "generated");
  EXPECT_FALSE(item.contains("selector"));
  EXPECT_EQ(item["rounds"][0]["validation"]["rows_kept"], 20);
  EXPECT_EQ(item["chosen_round"], 1);
  EXPECT_TRUE(synthesis_item_json(b)["chosen_round"].is_null());
}

}  // namespace
}  // namespace chokepoint::testdb
