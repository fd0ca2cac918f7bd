// The names' naturalness before and after renaming, as the denat-delta study counts it: read from
// denat_report.json's plans or taken from a plan, and classified by the heuristic with a lexicon (the header's own
// examples: WinterWeather N1, WintrWthr N2, WWth N3) or counted from the levels the run recorded without one.
#include "core/study/naturalness_tally.h"

#include <gtest/gtest.h>

#include "tests/unit/lexicon/wordnet_fixture.h"

namespace chokepoint::study {
namespace {

// Two tables of one database: a table renamed with one column renamed, and a table renamed with nothing else.
const char* kReport = R"({
  "summary": {"naturalness": "dictionary-coverage heuristic"},
  "plans": [{"db_id": "weather", "tables": [
    {"old": "WinterWeather", "new": "WWth", "naturalness": "N1",
     "columns": [{"old": "WinterWeather", "new": "WintrWthr", "naturalness": "N1"}]},
    {"old": "WintrWthr", "new": "WWth", "naturalness": "N2", "columns": []}]}]
})";

TEST(NaturalnessTally, ReportIdentifiersInPlanOrder) {
  auto ids = read_denat_report_identifiers(kReport, "denat_report.json");
  ASSERT_TRUE(ids.ok()) << ids.error();
  EXPECT_EQ(ids->recorded_by, "dictionary-coverage heuristic");
  ASSERT_EQ(ids->identifiers.size(), 3u);
  EXPECT_EQ(ids->identifiers[1].old_name, "WinterWeather");
  EXPECT_EQ(ids->identifiers[1].new_name, "WintrWthr");
  EXPECT_EQ(ids->identifiers[2].recorded, 1);  // N2

  auto bad = read_denat_report_identifiers(R"({"summary": {}})", "r.json");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error(), "r.json: not a denat_report.json (no plans)");
}

TEST(NaturalnessTally, WithoutALexiconTheRecordedLevelsOfTheOriginalsOnly) {
  auto ids = read_denat_report_identifiers(kReport, "denat_report.json");
  ASSERT_TRUE(ids.ok());
  const auto t = tally_naturalness(*ids, nullptr);
  EXPECT_EQ(t.before, (std::array<size_t, 3>{2, 1, 0}));
  EXPECT_FALSE(t.has_after);
  EXPECT_EQ(t.after, (std::array<size_t, 3>{0, 0, 0}));
  EXPECT_EQ(t.source,
            "classifier the de-naturalisation run used (dictionary-coverage heuristic), originals only: no lexicon");
}

TEST(NaturalnessTally, WithALexiconBothSidesByTheHeuristic) {
  REQUIRE_WORDNET();
  auto ids = read_denat_report_identifiers(kReport, "denat_report.json");
  ASSERT_TRUE(ids.ok());
  const auto t = tally_naturalness(*ids, &lex);
  EXPECT_EQ(t.before, (std::array<size_t, 3>{2, 1, 0}));  // WinterWeather twice, WintrWthr
  EXPECT_EQ(t.after, (std::array<size_t, 3>{0, 1, 2}));   // WWth twice, WintrWthr
  EXPECT_TRUE(t.has_after);
  EXPECT_EQ(t.source, "dictionary-coverage heuristic");
}

TEST(NaturalnessTally, APlanGivesTheSameIdentifiersAsItsReport) {
  tqa::RenamePlan plan;
  plan.db_id = "weather";
  plan.tables = {
      {{"WinterWeather", "WWth", tqa::Naturalness::N1}, {{"WinterWeather", "WintrWthr", tqa::Naturalness::N1}}},
      {{"WintrWthr", "WWth", tqa::Naturalness::N2}, {}}};
  const auto from_plan = plan_identifiers(plan);
  auto from_report =
      read_denat_report_identifiers(R"({"summary": {"naturalness": "dictionary-coverage heuristic"}, "plans": [)" +
                                        tqa::rename_plan_json(plan).dump() + "]}",
                                    "r.json");
  ASSERT_TRUE(from_report.ok()) << from_report.error();
  EXPECT_EQ(from_plan.recorded_by, from_report->recorded_by);
  ASSERT_EQ(from_plan.identifiers.size(), 3u);
  for (size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(from_plan.identifiers[i].old_name, from_report->identifiers[i].old_name) << i;
    EXPECT_EQ(from_plan.identifiers[i].new_name, from_report->identifiers[i].new_name) << i;
    EXPECT_EQ(from_plan.identifiers[i].recorded, from_report->identifiers[i].recorded) << i;
  }
  EXPECT_EQ(tally_naturalness(from_plan, nullptr).before, (std::array<size_t, 3>{2, 1, 0}));
}

}  // namespace
}  // namespace chokepoint::study
