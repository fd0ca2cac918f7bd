// Reading the Describer's and the Proposers' answers: each description or predicate kept with its item, aspect,
// proposer and iteration, an answer without one counted unreadable, a failed or missing call counted failed; and
// PREDICATES.json's layout, which `features --predicates` reads.
#include "core/sqlspace/discovery_answers.h"

#include <gtest/gtest.h>

namespace chokepoint::sqlspace {
namespace {

TEST(DiscoveryAnswers, DescriptionsAreKeptByItemAndAspectAndTheRestCounted) {
  const std::vector<DescribeAsk> asks = {{0, Aspect::Syntax, "p0"},
                                         {0, Aspect::Pragmatics, "p1"},
                                         {1, Aspect::Syntax, "p2"},
                                         {1, Aspect::Pragmatics, "p3"},
                                         {2, Aspect::Syntax, "p4"}};
  const std::vector<Result<std::string>> answers = {std::string("  The question asks for a count.\n"),
                                                    std::string("```\nIt names a year.\n```"), std::string("   "),
                                                    Error{"HTTP 500"}};  // the fifth was never answered
  const auto r = read_descriptions(asks, answers);
  ASSERT_EQ(r.descriptions.size(), 2u);
  EXPECT_EQ(r.descriptions[0].item, 0u);
  EXPECT_EQ(r.descriptions[0].description, "The question asks for a count.");
  EXPECT_EQ(r.descriptions[1].aspect, Aspect::Pragmatics);
  EXPECT_EQ(r.descriptions[1].description, "It names a year.");
  EXPECT_EQ(r.unreadable, 1u);
  EXPECT_EQ(r.failed, 2u);
  EXPECT_EQ(r.descriptions.size() + r.unreadable + r.failed, asks.size());
  const auto by = r.by_aspect();
  ASSERT_EQ(by.size(), kAspectCount);
  EXPECT_EQ(by[static_cast<size_t>(Aspect::Syntax)], std::vector<std::string>{"The question asks for a count."});
  EXPECT_EQ(by[static_cast<size_t>(Aspect::Pragmatics)], std::vector<std::string>{"It names a year."});
  EXPECT_TRUE(by[static_cast<size_t>(Aspect::SqlSyntax)].empty());
}

TEST(DiscoveryAnswers, ProposalsNameTheirProposerAndIterationFromOne) {
  const std::vector<ProposeAsk> asks = {
      {Aspect::Syntax, 0, {0, 1}, "a"}, {Aspect::Syntax, 1, {1, 2}, "b"}, {Aspect::Pragmatics, 0, {0}, "c"}};
  ProposalReading r;
  read_proposals(
      asks, {std::string("- asks for a count\n- uses a superlative"), std::string("no list here"), Error{"timed out"}},
      "model-a", r);
  read_proposals(asks, {std::string("1. names a year")}, "model-b", r);
  ASSERT_EQ(r.candidates.size(), 3u);
  EXPECT_EQ(r.candidates[0].predicate, "asks for a count");
  EXPECT_EQ(r.candidates[0].proposer, "model-a");
  EXPECT_EQ(r.candidates[0].iteration, 1u);
  EXPECT_EQ(r.candidates[1].predicate, "uses a superlative");
  EXPECT_EQ(r.candidates[2].proposer, "model-b");
  EXPECT_EQ(r.candidates[2].predicate, "names a year");
  EXPECT_EQ(r.unreadable, 1u);  // model-a's second answer
  EXPECT_EQ(r.failed, 1u + 2);  // model-a's third; model-b's second and third were never answered
}

TEST(DiscoveryAnswers, ThePredicatesFileListsTheKeptThenTheDroppedWithWhatTheyRepeat) {
  Deduplication d;
  d.kept = {{Aspect::Syntax, "asks for a count", "m", 1}};
  d.dropped = {{{Aspect::Syntax, "asks for the count", "m", 2}, "asks for a count", 0, 95}};
  const auto j = predicates_file_json(d);
  EXPECT_EQ(j.dump(),
            R"({"predicates":[{"aspect":"syntax","predicate":"asks for a count","proposer":"m","iteration":1}],)"
            R"("dropped":[{"aspect":"syntax","predicate":"asks for the count","proposer":"m",)"
            R"("repeats":"asks for a count","catalogue_id":0,"score":95}]})");
}

}  // namespace
}  // namespace chokepoint::sqlspace
