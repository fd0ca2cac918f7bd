// Bit-packed rows and their CSV and JSONL forms: a round trip keeps every cell, unknown ones included, and readers
// refuse what a writer never produces.
#include "core/sqlspace/feature_matrix.h"

#include <gtest/gtest.h>

#include "core/sqlspace/deterministic_features.h"

namespace chokepoint::sqlspace {
namespace {

FeatureMatrix sample() {
  FeatureMatrix m;
  for (int id = 1; id <= 187; ++id) m.feature_ids.push_back(id);
  FeatureRow a = m.new_row("0", "concert_singer");
  a.set(0, true);
  a.set(73, false);
  a.set(186, true);
  FeatureRow b = m.new_row("key, \"quoted\"", "db\nwith newline");
  b.set(64, true);
  m.rows = {a, b};
  return m;
}

TEST(FeatureBits, SetTestCountAcrossWords) {
  FeatureBits b(187);
  EXPECT_EQ(b.words().size(), 3u);
  b.set(0);
  b.set(64);
  b.set(186);
  EXPECT_TRUE(b.test(64));
  EXPECT_FALSE(b.test(63));
  EXPECT_EQ(b.count(), 3u);
  b.set(64, false);
  EXPECT_EQ(b.count(), 2u);
}

TEST(FeatureRow, UnknownIsNeitherZeroNorOne) {
  const auto m = sample();
  EXPECT_EQ(m.rows[0].get(0), true);
  EXPECT_EQ(m.rows[0].get(73), false);
  EXPECT_EQ(m.rows[0].get(1), std::nullopt);
}

TEST(FeatureMatrix, CsvRoundTripKeepsEveryCell) {
  const auto m = sample();
  const std::string csv = matrix_to_csv(m);
  EXPECT_EQ(csv.substr(0, 25), "key,db_id,f001,f002,f003,");
  auto back = matrix_from_csv(csv);
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_EQ(back->feature_ids, m.feature_ids);
  ASSERT_EQ(back->rows.size(), 2u);
  for (size_t r = 0; r < 2; ++r) {
    EXPECT_EQ(back->rows[r].key, m.rows[r].key);
    EXPECT_EQ(back->rows[r].db_id, m.rows[r].db_id);
    EXPECT_EQ(back->rows[r].known, m.rows[r].known);
    EXPECT_EQ(back->rows[r].values, m.rows[r].values);
  }
  EXPECT_EQ(matrix_to_csv(*back), csv);
}

TEST(FeatureMatrix, JsonlRoundTripKeepsEveryCell) {
  const auto m = sample();
  const std::string jsonl = matrix_to_jsonl(m);
  auto back = matrix_from_jsonl(jsonl);
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_EQ(matrix_to_jsonl(*back), jsonl);
  EXPECT_EQ(matrix_to_csv(*back), matrix_to_csv(m));
  EXPECT_NE(jsonl.find("\"features\":{\"f001\":1,\"f074\":0,\"f187\":1}"), std::string::npos);
}

TEST(FeatureMatrix, ReadersNameTheLineOfBadInput) {
  EXPECT_NE(matrix_from_csv("key,db_id,f001\n0,a,2\n").error().find("line 2"), std::string::npos);
  EXPECT_FALSE(matrix_from_csv("key,db_id,f002,f001\n").ok());  // columns must increase
  EXPECT_FALSE(matrix_from_csv("key,db_id,x1\n").ok());
  EXPECT_FALSE(matrix_from_csv("key,db_id,f001\n0,a\n").ok());
  // The CSV itself, read as every CSV of the product is (core/base/csv_text.h).
  EXPECT_NE(matrix_from_csv("key,db_id,f001\n0,a,1\n\"open,b,1\n").error().find("line 3"), std::string::npos);
  EXPECT_NE(matrix_from_csv("key,db_id,f001\nk\"ey,b,1\n").error().find("line 2"), std::string::npos);
  EXPECT_FALSE(matrix_from_jsonl("{\"key\":\"0\"}\n").ok());
  EXPECT_FALSE(
      matrix_from_jsonl("{\"columns\":[\"f001\"]}\n{\"key\":\"0\",\"db_id\":\"a\",\"features\":{\"f002\":1}}\n").ok());
  EXPECT_EQ(feature_id_of_column("f074"), 74);
  EXPECT_FALSE(feature_id_of_column("f74").has_value());
}

TEST(DeterministicFeatures, OfflineDecidesSqlAndQuestionOnlineOnlyTheMask) {
  const auto c = FeatureCatalogue::sqlspace();
  std::vector<EvalItem> items = {{"0", "company", "How many employees earn more than 5,000 dollars?", "",
                                  "SELECT COUNT(*) FROM employee WHERE salary > 5000", ""},
                                 {"1", "company", "Broken?", "", "SELECT FROM", ""}};
  auto off = deterministic_features(c, items, {}, nullptr);
  EXPECT_EQ(off.matrix.feature_ids.size(), 187u);
  EXPECT_EQ(off.sql_unparsed, 1u);
  EXPECT_EQ(off.without_schema, 2u);
  EXPECT_EQ(off.deterministic_ids.size(), 69u);  // no lexicon: the four schema-grounding rules wait
  const auto& row = off.matrix.rows[0];
  EXPECT_EQ(row.get(off.matrix.column_of(89)), true);
  EXPECT_EQ(row.get(off.matrix.column_of(124)), true);
  EXPECT_EQ(row.get(off.matrix.column_of(1)), std::nullopt);
  EXPECT_EQ(off.matrix.rows[1].get(off.matrix.column_of(89)), std::nullopt);

  FeatureOptions online;
  online.online = true;
  auto on = deterministic_features(c, items, {}, nullptr, online);
  EXPECT_EQ(on.matrix.feature_ids.size(), 121u);
  EXPECT_EQ(on.matrix.column_of(89), -1);
  EXPECT_EQ(on.sql_unparsed, 0u);  // the SQL is never read
  EXPECT_EQ(on.matrix.rows[0].get(on.matrix.column_of(68)), true);
}

}  // namespace
}  // namespace chokepoint::sqlspace
