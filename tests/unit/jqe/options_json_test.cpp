// JQE options as JSON: the one parser and set of bounds behind the CLI's flags and the page's jqe_prefs command.
#include "core/jqe/options_json.h"

#include <gtest/gtest.h>

namespace chokepoint::jqe {
namespace {

TEST(JqeOptionsJson, RoundTripsEveryOption) {
  JqeOptions o;
  o.preferences.order = {{SortKey::centrality, Direction::ascending}, {SortKey::complexity, Direction::descending}};
  o.preferences.centrality = CentralityKind::betweenness;
  o.preferences.max_conditions_per_pair = 3;
  o.iso = IsomorphismMode::by_tables;
  o.per_pattern = 4;
  o.budget = 50;
  o.rounds = 2;
  o.timeout_ms = 0;
  o.max_recorded_decisions = 1000;
  o.execute_before_pruning = true;
  o.add_projection = true;
  o.alias_style = AliasStyle::always;
  JqeOptions back;
  ASSERT_TRUE(apply_jqe_options_json(back, jqe_options_json(o)).ok());
  EXPECT_EQ(jqe_options_json(back), jqe_options_json(o));
  EXPECT_EQ(jqe_options_json(back)["order"], "centrality:asc,complexity:desc");
}

TEST(JqeOptionsJson, FlagStringsAndNumbersParseAlike) {
  JqeOptions a, b;
  ASSERT_TRUE(apply_jqe_options_json(a, {{"rounds", "3"}, {"per_pattern", "0"}}).ok());
  ASSERT_TRUE(apply_jqe_options_json(b, {{"rounds", 3}, {"per_pattern", 0}}).ok());
  EXPECT_EQ(a.rounds, 3);
  EXPECT_EQ(jqe_options_json(a), jqe_options_json(b));
}

TEST(JqeOptionsJson, OneSetOfBoundsWithErrorsNamingTheKey) {
  JqeOptions o;
  const auto before = jqe_options_json(o);
  auto st = apply_jqe_options_json(o, {{"per_pattern", 2}, {"rounds", 0}});
  ASSERT_FALSE(st.ok());
  EXPECT_EQ(st.error(), "rounds: must be an integer from 1 to 10");
  EXPECT_EQ(jqe_options_json(o), before);  // nothing applied, not even the valid key
  EXPECT_FALSE(apply_jqe_options_json(o, {{"rounds", "2x"}}).ok());
  EXPECT_FALSE(apply_jqe_options_json(o, {{"timeout_ms", -1}}).ok());
  EXPECT_FALSE(apply_jqe_options_json(o, {{"budget", 1.5}}).ok());
  EXPECT_EQ(apply_jqe_options_json(o, {{"iso", "graphs"}}).error(), "iso: must be structural or tables (got 'graphs')");
  EXPECT_EQ(apply_jqe_options_json(o, {{"per_patern", 1}}).error(), "unknown JQE option 'per_patern'");
  EXPECT_EQ(apply_jqe_options_json(o, {{"execute_all", "yes"}}).error(), "execute_all: must be true or false");
  EXPECT_TRUE(apply_jqe_options_json(o, {{"rounds", jqe_int_bound("rounds").max}}).ok());
}

}  // namespace
}  // namespace chokepoint::jqe
