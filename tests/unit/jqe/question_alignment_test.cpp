// The human check of regenerated questions (SQLMorph §IV-F): marks per expanded pair, tallied as shares of the marked
// pairs, with unmarked pairs counted apart; and the marks file, which refuses labels it does not know.
#include "core/jqe/question_alignment.h"

#include <gtest/gtest.h>

namespace chokepoint::jqe {
namespace {

std::vector<std::string> ids(int n) {
  std::vector<std::string> out;
  for (int i = 0; i < n; ++i) out.push_back("s" + std::to_string(i) + "-e1");
  return out;
}

TEST(QuestionAlignment, ThePapersFiftyEightPairsGiveItsShares) {
  // SQLMorph §IV-F: 43 aligned, 8 adding context, 7 losing the intent, of 58.
  const std::vector<std::string> items = ids(58);
  AlignmentMarks marks;
  for (int i = 0; i < 58; ++i)
    marks[items[i]] = i < 43 ? Alignment::Aligned : i < 51 ? Alignment::AddsContext : Alignment::LosesIntent;
  AlignmentTally t = tally_alignment(items, marks);
  EXPECT_EQ(t.marked(), 58u);
  const nlohmann::json j = alignment_tally_json(t);
  EXPECT_EQ(j["aligned"]["count"], 43);
  EXPECT_EQ(j["aligned"]["percent"], 74.1);       // 43 / 58 = 74.14%
  EXPECT_EQ(j["adds_context"]["percent"], 13.8);  // 8 / 58 = 13.79%
  EXPECT_EQ(j["loses_intent"]["percent"], 12.1);  // 7 / 58 = 12.07%
}

TEST(QuestionAlignment, UnmarkedItemsAreCountedApartAndOutOfTheDenominator) {
  AlignmentTally t = tally_alignment(
      {"a", "b", "c", "d"}, {{"a", Alignment::Aligned}, {"b", Alignment::Aligned}, {"d", Alignment::LosesIntent}});
  EXPECT_EQ(t.items, 4u);
  EXPECT_EQ(t.marked(), 3u);
  EXPECT_EQ(t.unmarked, std::vector<std::string>{"c"});
  EXPECT_DOUBLE_EQ(t.percent(Alignment::Aligned), 200.0 / 3.0);  // 2 of the 3 marked, not of 4
  const nlohmann::json j = alignment_tally_json(t);
  EXPECT_EQ(j["unmarked"], 1);
  EXPECT_EQ(j["denominator"], "marked");
}

TEST(QuestionAlignment, MarksForIdsThatAreNoItemAreListedNotCounted) {
  AlignmentTally t = tally_alignment({"a"}, {{"a", Alignment::AddsContext}, {"zz", Alignment::Aligned}});
  EXPECT_EQ(t.marked(), 1u);
  EXPECT_EQ(t.adds_context, 1u);
  EXPECT_EQ(t.unknown, std::vector<std::string>{"zz"});
}

TEST(QuestionAlignment, NothingMarkedGivesZeroShares) {
  AlignmentTally t = tally_alignment({"a", "b"}, {});
  EXPECT_EQ(t.percent(Alignment::Aligned), 0.0);
  EXPECT_EQ(t.unmarked.size(), 2u);
}

TEST(QuestionAlignment, TheMarksFileReadsItsThreeLabels) {
  auto m = parse_alignment_marks(R"({"7-e1": "aligned", "9-e2": "adds_context", "12-e1": "loses_intent"})");
  ASSERT_TRUE(m.ok()) << m.error();
  EXPECT_EQ(m->at("7-e1"), Alignment::Aligned);
  EXPECT_EQ(m->at("9-e2"), Alignment::AddsContext);
  EXPECT_EQ(m->at("12-e1"), Alignment::LosesIntent);
}

TEST(QuestionAlignment, TheMarksFileRefusesUnknownLabelsNamingEach) {
  auto m = parse_alignment_marks(R"({"1": "aligned", "2": "ok", "3": "misaligned"})");
  ASSERT_FALSE(m.ok());
  EXPECT_NE(m.error().find("'ok' (item 2)"), std::string::npos) << m.error();
  EXPECT_NE(m.error().find("'misaligned' (item 3)"), std::string::npos) << m.error();
}

TEST(QuestionAlignment, TheMarksFileRefusesANonStringMark) {
  auto m = parse_alignment_marks(R"({"1": 1})");
  ASSERT_FALSE(m.ok());
  EXPECT_NE(m.error().find("item 1"), std::string::npos) << m.error();
}

TEST(QuestionAlignment, TheMarksFileMustBeAnObject) {
  EXPECT_FALSE(parse_alignment_marks(R"(["aligned"])").ok());
  EXPECT_FALSE(parse_alignment_marks("not json").ok());
}

TEST(QuestionAlignment, TheMarksFileRoundTrips) {
  const AlignmentMarks marks = {{"b", Alignment::LosesIntent}, {"a", Alignment::Aligned}};
  const std::string text = alignment_marks_text(marks);
  EXPECT_EQ(text, "{\n  \"a\": \"aligned\",\n  \"b\": \"loses_intent\"\n}\n");
  EXPECT_EQ(*parse_alignment_marks(text), marks);
}

TEST(QuestionAlignment, MarksComeFromTheLabelsOfTheQuestionJobsItems) {
  std::vector<QuestionItem> items(3);
  items[0].task.id = "0-e1";
  items[0].label = Alignment::Aligned;
  items[1].task.id = "0-e2";
  items[2].task.id = "4-e1";
  items[2].label = Alignment::AddsContext;
  EXPECT_EQ(marks_of(items), (AlignmentMarks{{"0-e1", Alignment::Aligned}, {"4-e1", Alignment::AddsContext}}));
  AlignmentTally t = tally_alignment(item_ids_of(items), marks_of(items));
  EXPECT_EQ(t.unmarked, std::vector<std::string>{"0-e2"});
}

}  // namespace
}  // namespace chokepoint::jqe
