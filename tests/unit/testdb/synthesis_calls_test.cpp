// The calls one question's synthesis makes, for SynSQL as published, vanilla and each ablation of Table 4 and
// Figs. 2/10: counted from Algorithm 1 and the loop's description (three selections, one expansion, then one
// synthesizer and one critic call per round).
#include "core/testdb/synthesis_calls.h"

#include <gtest/gtest.h>

namespace chokepoint::testdb {
namespace {

SynthesisCallCounts counts(SynthesisAblation a, int rounds = 3) {
  SynthesisOptions base;
  base.rounds = rounds;
  return synthesis_call_counts(with_ablation(base, a));
}

TEST(SynthesisCalls, SynSqlAsPublished) {
  const auto c = counts(SynthesisAblation::None);
  EXPECT_EQ(c.select, 3u);
  EXPECT_EQ(c.expand, 1u);
  EXPECT_EQ(c.at_least(), 6u);      // 3 + 1 + one round of synthesize and critique
  EXPECT_EQ(c.at_most(), 4u + 6u);  // three rounds
}

TEST(SynthesisCalls, EachAblationDropsItsCalls) {
  EXPECT_EQ(counts(SynthesisAblation::OracleSchema).at_least(), 2u);  // no selector, no expansion
  EXPECT_EQ(counts(SynthesisAblation::FullSchema).at_most(), 6u);     // the critic still runs three rounds
  EXPECT_EQ(counts(SynthesisAblation::NoExpansion).at_least(), 5u);
  const auto single = counts(SynthesisAblation::NoEnsembleExpansion);
  EXPECT_EQ(single.select, 1u);
  EXPECT_EQ(single.expand, 0u);
  const auto no_critic = counts(SynthesisAblation::NoCritic);
  EXPECT_EQ(no_critic.critique_max, 0u);
  EXPECT_EQ(no_critic.at_least(), no_critic.at_most());
  EXPECT_EQ(no_critic.at_most(), 5u);  // 3 selections, 1 expansion, 1 synthesizer call: no refinement without a critic
}

TEST(SynthesisCalls, VanillaIsOneCall) {
  SynthesisOptions o;
  o.method = SynthesisMethod::Vanilla;
  const auto c = synthesis_call_counts(o);
  EXPECT_EQ(c.at_least(), 1u);
  EXPECT_EQ(c.at_most(), 1u);
}

}  // namespace
}  // namespace chokepoint::testdb
