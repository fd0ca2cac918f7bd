#include "core/metrics/column_matching.h"

#include <gtest/gtest.h>

#include "core/metrics/ngram_similarity.h"
#include "tests/unit/metrics/result_builders.h"

namespace chokepoint {
using namespace testing_support;

TEST(ExactColumns, CaseInsensitiveAndRepeatedNamesPairInOrder) {
  auto g = result({"Name", "name", "age"}, {});
  auto p = result({"age", "NAME", "x", "name"}, {});
  auto pairs = match_columns_exact(g, p);
  ASSERT_EQ(pairs.size(), 3u);
  EXPECT_EQ(pairs[0].gold, 0u);
  EXPECT_EQ(pairs[0].pred, 1u);
  EXPECT_EQ(pairs[1].gold, 1u);
  EXPECT_EQ(pairs[1].pred, 3u);
  EXPECT_EQ(pairs[2].gold, 2u);
  EXPECT_EQ(pairs[2].pred, 0u);
}

TEST(ColumnDescriptor, NameThenMostFrequentValues) {
  auto r = result({"city"}, {{T("b")}, {T("a")}, {T("b")}, {N()}, {T("c")}});
  EXPECT_EQ(column_descriptor(r, 0, 2), "city: b, a");
  EXPECT_EQ(column_descriptor(r, 0, 10), "city: b, a, c");
}

// Small columns are sorted, large ones counted in a hash map; both must rank alike: count descending, ties in value
// order (numbers before text), an equal integer and real counted as one value shown as its first occurrence.
TEST(ColumnDescriptor, SmallAndLargeColumnsRankAlike) {
  auto column = [](size_t times) {
    std::vector<std::vector<Value>> rows;
    for (size_t i = 0; i < times; ++i) {
      for (int k = 0; k < 6; ++k) rows.push_back({T("b")});
      for (int k = 0; k < 6; ++k) rows.push_back({T("a")});
      rows.push_back({T("c")});
      rows.push_back({I(3)});
      rows.push_back({R(2.0)});  // equals the integer 2 below
      rows.push_back({I(2)});
      rows.push_back({N()});
    }
    return result({"v"}, rows);
  };
  EXPECT_EQ(column_descriptor(column(1), 0, 10), "v: a, b, 2.0, 3, c");   // 17 values: sorted path
  EXPECT_EQ(column_descriptor(column(10), 0, 10), "v: a, b, 2.0, 3, c");  // 160 values: counted path
  EXPECT_EQ(column_descriptor(column(10), 0, 3), "v: a, b, 2.0");
}

TEST(NgramSimilarity, IdenticalTextsAreOneDisjointAreZero) {
  EXPECT_NEAR(cosine_similarity(ngram_embedding("school name"), ngram_embedding("School Name")), 1.0, 1e-12);
  EXPECT_NEAR(cosine_similarity(ngram_embedding("aaaa"), ngram_embedding("zzzz")), 0.0, 1e-12);
  EXPECT_EQ(cosine_similarity(ngram_embedding(""), ngram_embedding("x")), 0.0);
}

// Counts given in pieces give the cosines of the whole texts' embeddings, bit for bit, one pair at a time or one
// text against many (its counts spread once), with the empty text at 0.
TEST(NgramSimilarity, CountedPiecesGiveTheEmbeddingsCosines) {
  const std::vector<std::vector<std::string>> texts = {
      {"city: ", "Paris", ", ", "Lyon"}, {"town: Paris, Nice"}, {""}, {"C", "ITY: pa", "ris"}, {"x"}};
  TrigramCounter counter;
  std::vector<TrigramCounter::Counts> counts(texts.size());
  std::vector<std::string> whole(texts.size());
  for (size_t t = 0; t < texts.size(); ++t) {
    counter.start();
    for (const auto& piece : texts[t]) {
      counter.append(piece);
      whole[t] += piece;
    }
    counter.finish(counts[t]);
  }
  std::vector<const TrigramCounter::Counts*> all;
  for (const auto& c : counts) all.push_back(&c);
  std::vector<double> row(all.size());
  for (size_t a = 0; a < texts.size(); ++a) {
    counter.cosines(counts[a], all.data(), all.size(), row.data());
    for (size_t b = 0; b < texts.size(); ++b) {
      const double expected = cosine_similarity(ngram_embedding(whole[a]), ngram_embedding(whole[b]));
      EXPECT_EQ(counter.cosine(counts[a], counts[b]), expected) << whole[a] << " / " << whole[b];
      EXPECT_EQ(row[b], expected) << whole[a] << " / " << whole[b];
    }
  }
}

TEST(SemanticColumns, PairsRenamedColumnsWithSameValues) {
  auto g = result({"School", "Street"}, {{T("Lincoln High"), T("1 Main St")}, {T("Adams Middle"), T("2 Oak Ave")}});
  auto p = result({"Street", "City", "School Name"},
                  {{T("1 Main St"), T("Fresno"), T("Lincoln High")}, {T("2 Oak Ave"), T("Fresno"), T("Adams Middle")}});
  auto pairs = match_columns_semantic(g, p, {});
  ASSERT_TRUE(pairs.ok());
  ASSERT_EQ(pairs->size(), 2u);
  EXPECT_EQ((*pairs)[0].gold, 0u);
  EXPECT_EQ((*pairs)[0].pred, 2u);
  EXPECT_EQ((*pairs)[1].gold, 1u);
  EXPECT_EQ((*pairs)[1].pred, 0u);
  EXPECT_GT((*pairs)[0].similarity, 0.7);
}

TEST(SemanticColumns, TypeIncompatiblePairsAreNeverKept) {
  // An embedding that calls everything identical: only the type check can refuse the text/number pair.
  ColumnMatchOptions o;
  o.embed = [](const std::vector<std::string>& t) { return std::vector<Embedding>(t.size(), Embedding{1.0}); };
  auto g = result({"n"}, {{I(1)}});
  auto p = result({"n"}, {{T("1")}});
  auto pairs = match_columns_semantic(g, p, o);
  ASSERT_TRUE(pairs.ok());
  EXPECT_TRUE(pairs->empty());
}

TEST(SemanticColumns, PluggedEmbeddingFailureIsAnError) {
  ColumnMatchOptions o;
  o.embed = [](const std::vector<std::string>&) { return std::vector<Embedding>{}; };
  auto r = match_columns_semantic(result({"a"}, {{I(1)}}), result({"a"}, {{I(1)}}), o);
  EXPECT_FALSE(r.ok());
}

TEST(SemanticColumns, BelowThresholdIsDropped) {
  auto g = result({"population"}, {{I(1200)}, {I(3400)}});
  auto p = result({"zz"}, {{I(7)}, {I(8)}});
  auto pairs = match_columns_semantic(g, p, {});
  ASSERT_TRUE(pairs.ok());
  EXPECT_TRUE(pairs->empty());
}

// Without a plugged-in embedding, SC counts the descriptors' trigrams piece by piece instead of building the texts;
// the pairs and their similarities must be exactly those of ngram_embeddings on the descriptor texts.
TEST(SemanticColumns, LocalTrigramCountsEqualTheDescriptorEmbeddings) {
  std::vector<Row> gold_rows, pred_rows;
  const std::string long_text(1500, 'Q');  // over kDescriptorValueBytes: shown cut
  for (int i = 0; i < 80; ++i) {           // over 64 values: the counted path
    gold_rows.push_back({I(i % 7), R(0.1 * i), T(i % 3 ? "Caf\xc3\xa9 " + std::to_string(i % 5) : long_text),
                         Value::of_blob(std::string(3, static_cast<char>(i)))});
    pred_rows.push_back(
        {T(i % 3 ? "caf\xc3\xa9 " + std::to_string(i % 4) : long_text), I(i % 7), N(), R(0.1 * (i % 9))});
  }
  const auto g = result({"Level", "Score", "Place", "Raw"}, gold_rows);
  const auto p = result({"place", "level", "nothing", "SCORE"}, pred_rows);
  ColumnMatchOptions texts;
  texts.embed = ngram_embeddings;
  auto wider = g;  // the gold's columns and one more: their descriptors are taken from the gold's
  wider.column_names.push_back("extra");
  for (auto& row : wider.rows) row.push_back(I(1));
  auto changed = wider;  // one value differs only in type (2 and 2.0): counted on its own
  changed.rows[5][0] = R(static_cast<double>(changed.rows[5][0].integer));
  for (const auto& [gold, pred] :
       {std::pair{g, p}, std::pair{p, g}, std::pair{g, g}, std::pair{g, wider}, std::pair{g, changed}}) {
    auto local = match_columns_semantic(gold, pred, {});
    auto embedded = match_columns_semantic(gold, pred, texts);
    ASSERT_TRUE(local.ok());
    ASSERT_TRUE(embedded.ok());
    ASSERT_EQ(local->size(), embedded->size());
    EXPECT_FALSE(local->empty());
    for (size_t i = 0; i < local->size(); ++i) {
      EXPECT_EQ((*local)[i].gold, (*embedded)[i].gold);
      EXPECT_EQ((*local)[i].pred, (*embedded)[i].pred);
      EXPECT_EQ((*local)[i].similarity, (*embedded)[i].similarity);  // bit for bit
    }
  }
}

}  // namespace chokepoint
