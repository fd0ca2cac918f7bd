// Evaluation requests and items as bytes (how the app's worker sends them): an item evaluated with its details comes
// back equal in every field the reports and the explanation view read; damaged bytes give an error, never a crash;
// a request with a plugged-in embedding function is refused.
#include "core/metrics/evaluation_codec.h"

#include <gtest/gtest.h>

#include "core/metrics/evaluation_job.h"
#include "core/metrics/explanation.h"
#include "core/metrics/ngram_similarity.h"
#include "tests/unit/metrics/result_builders.h"

namespace chokepoint {
using namespace testing_support;

namespace {

const char* kShop =
    "CREATE TABLE item(id INTEGER PRIMARY KEY, name TEXT, price REAL, pic BLOB);"
    "INSERT INTO item VALUES (1,'pen',1.5,x'00ff'),(2,'ink',0.1,NULL),(3,'cap',-0.0,x'');";

std::vector<EvalPair> pairs() {
  return {{"1", "shop", "SELECT name, price FROM item ORDER BY id", "SELECT name, price FROM item ORDER BY id"},
          {"2", "shop", "SELECT name, price FROM item", "SELECT price, name, pic FROM item WHERE id < 3"},
          {"3", "shop", "SELECT nope FROM item", "SELECT 1"},
          {"4", "shop", "SELECT count(*) FROM item", "SELECT count(* FROM item"},
          {"5", "gone", "SELECT 1", "SELECT 1"}};
}

EvaluationOptions detailed() {
  EvaluationOptions o;
  o.regimes = table_xi_regimes();
  o.regimes.push_back(*parse_regime("NC-PC"));
  o.keep_details = true;
  o.limits.timeout_ms = 3000;
  o.limits.max_rows = 1234;
  o.kept_result_bytes = 4096;
  o.semantics = ExSemantics::Spider;
  return o;
}

std::vector<ItemEvaluation> evaluate(const EvaluationOptions& options) {
  static Connection db = memory_db(kShop);
  EvaluationJob job(pairs(), options, [](const std::string& id) -> Result<const Connection*> {
    if (id == "shop") return &db;
    return Error{"database " + id + " is not loaded"};
  });
  job.advance([] { return true; });
  return job.take_items();
}

}  // namespace

TEST(EvaluationCodec, AnItemWithItsDetailsComesBackAsItWas) {
  const auto options = detailed();
  const auto items = evaluate(options);
  ASSERT_EQ(items.size(), 5u);
  EXPECT_EQ(items[1].comparisons.size(), options.regimes.size());  // the case has something to carry
  for (const auto& item : items) {
    auto back = decode_item_evaluation(encode_item_evaluation(item));
    ASSERT_TRUE(back.ok()) << back.error();
    // Everything a report or the explanation view reads, with every kept row and matched cell.
    EXPECT_EQ(item_to_json(*back, options.regimes, 1000), item_to_json(item, options.regimes, 1000)) << item.id;
    EXPECT_EQ(back->status, item.status);
    EXPECT_EQ(back->message, item.message);
    EXPECT_EQ(back->ex_reasons, item.ex_reasons);
    EXPECT_EQ(back->gold_ms, item.gold_ms);
    EXPECT_EQ(back->pred_result.column_names, item.pred_result.column_names);
    ASSERT_EQ(back->comparisons.size(), item.comparisons.size());
    for (size_t c = 0; c < item.comparisons.size(); ++c) {
      EXPECT_EQ(back->comparisons[c].regime, item.comparisons[c].regime);
      EXPECT_EQ(back->comparisons[c].rows.size(), item.comparisons[c].rows.size());
      EXPECT_EQ(back->comparisons[c].columns.size(), item.comparisons[c].columns.size());
    }
  }
  // Typed values survive: a blob stays a blob with its NUL byte, a real stays a real.
  const auto back = decode_item_evaluation(encode_item_evaluation(items[1]));
  ASSERT_TRUE(back.ok());
  ASSERT_EQ(back->pred_result.rows.size(), 2u);
  EXPECT_EQ(back->pred_result.rows[0][2].type, ValueType::Blob);
  EXPECT_EQ(back->pred_result.rows[0][2].bytes, std::string("\0\xff", 2));
  EXPECT_EQ(back->pred_result.rows[1][0].type, ValueType::Real);
  EXPECT_EQ(back->pred_result.rows[1][0].real, 0.1);
}

TEST(EvaluationCodec, ARequestComesBackAsItWas) {
  EvaluationRequest q{pairs(), detailed(), 2};
  auto bytes = encode_evaluation_request(q);
  ASSERT_TRUE(bytes.ok()) << bytes.error();
  auto back = decode_evaluation_request(*bytes);
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_EQ(back->first, 2u);
  ASSERT_EQ(back->pairs.size(), q.pairs.size());
  for (size_t i = 0; i < q.pairs.size(); ++i) {
    EXPECT_EQ(back->pairs[i].id, q.pairs[i].id);
    EXPECT_EQ(back->pairs[i].db_id, q.pairs[i].db_id);
    EXPECT_EQ(back->pairs[i].gold_sql, q.pairs[i].gold_sql);
    EXPECT_EQ(back->pairs[i].pred_sql, q.pairs[i].pred_sql);
  }
  const auto& o = back->options;
  EXPECT_EQ(o.semantics, ExSemantics::Spider);
  EXPECT_EQ(o.regimes, q.options.regimes);
  EXPECT_EQ(o.limits.timeout_ms, 3000);
  EXPECT_EQ(o.limits.max_rows, 1234u);
  EXPECT_EQ(o.limits.max_value_bytes, q.options.limits.max_value_bytes);
  EXPECT_EQ(o.limits.max_result_bytes, q.options.limits.max_result_bytes);
  EXPECT_TRUE(o.keep_details);
  EXPECT_EQ(o.kept_result_bytes, 4096u);
  EXPECT_EQ(o.columns.embedding_label, q.options.columns.embedding_label);
}

TEST(EvaluationCodec, GoldAnswersToleranceAndTiesTravel) {
  EvaluationRequest q{pairs(), detailed(), 0};
  q.pairs[0].gold_alternatives = {"SELECT 1", "SELECT 'a;b'"};
  q.pairs[0].tie = {"SELECT id FROM item ORDER BY id LIMIT 2 OFFSET 2", "SELECT id FROM item ORDER BY id",
                    "SELECT name FROM item ORDER BY id", 2, 1};
  q.options.abs_tolerance = 1e-9;
  q.options.rel_tolerance = 0.01;
  q.options.tie_aware = true;
  auto bytes = encode_evaluation_request(q);
  ASSERT_TRUE(bytes.ok()) << bytes.error();
  auto back = decode_evaluation_request(*bytes);
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_EQ(back->pairs[0].gold_alternatives, q.pairs[0].gold_alternatives);
  EXPECT_TRUE(back->pairs[1].gold_alternatives.empty());
  EXPECT_EQ(back->pairs[0].tie.probe_sql, q.pairs[0].tie.probe_sql);
  EXPECT_EQ(back->pairs[0].tie.keys_sql, q.pairs[0].tie.keys_sql);
  EXPECT_EQ(back->pairs[0].tie.unlimited_sql, q.pairs[0].tie.unlimited_sql);
  EXPECT_EQ(back->pairs[0].tie.limit, 2);
  EXPECT_EQ(back->pairs[0].tie.offset, 1);
  EXPECT_EQ(back->options.abs_tolerance, 1e-9);
  EXPECT_EQ(back->options.rel_tolerance, 0.01);
  EXPECT_TRUE(back->options.tie_aware);

  ItemEvaluation item = evaluate(detailed())[0];
  item.golds = 3;
  item.matched_gold = 2;
  item.tie_dependent = item.tie_accepted = true;
  auto item_back = decode_item_evaluation(encode_item_evaluation(item));
  ASSERT_TRUE(item_back.ok()) << item_back.error();
  EXPECT_EQ(item_back->golds, 3u);
  EXPECT_EQ(item_back->matched_gold, 2u);
  EXPECT_TRUE(item_back->tie_dependent);
  EXPECT_TRUE(item_back->tie_accepted);
  const auto json = item_to_json(*item_back, detailed().regimes);
  EXPECT_EQ(json["matched_gold"], 2);
  EXPECT_EQ(json["tie_accepted"], true);
}

TEST(EvaluationCodec, TheSameScoresAsEvaluatingInPlace) {
  // What the worker sends is what this thread would have computed: scores from decoded requests equal the direct ones.
  auto bytes = encode_evaluation_request({pairs(), detailed(), 0});
  ASSERT_TRUE(bytes.ok());
  auto q = decode_evaluation_request(*bytes);
  ASSERT_TRUE(q.ok());
  const auto direct = evaluate(detailed());
  const auto remote = evaluate(q->options);
  ASSERT_EQ(direct.size(), remote.size());
  for (size_t i = 0; i < direct.size(); ++i)
    EXPECT_EQ(item_to_json(remote[i], q->options.regimes), item_to_json(direct[i], detailed().regimes));
}

TEST(EvaluationCodec, APluggedInEmbeddingFunctionCannotTravel) {
  EvaluationRequest q{pairs(), detailed(), 0};
  q.options.columns.embed = [](const std::vector<std::string>& texts) { return std::vector<Embedding>(texts.size()); };
  auto bytes = encode_evaluation_request(q);
  ASSERT_FALSE(bytes.ok());
  EXPECT_NE(bytes.error().find("in place"), std::string::npos);
}

TEST(EvaluationCodec, DamagedBytesAreAnErrorNeverACrash) {
  const auto items = evaluate(detailed());
  const std::string whole = encode_item_evaluation(items[1]);
  // Every cut of the item and a flipped byte at every position: each decodes to an error or to some item, no crash.
  for (size_t cut = 0; cut < whole.size(); ++cut) EXPECT_FALSE(decode_item_evaluation(whole.substr(0, cut)).ok());
  for (size_t at = 0; at < whole.size(); ++at) {
    std::string damaged = whole;
    damaged[at] = static_cast<char>(damaged[at] ^ 0x5a);
    (void)decode_item_evaluation(damaged);
  }
  EXPECT_FALSE(decode_item_evaluation(whole + "x").ok());
  auto request = encode_evaluation_request({pairs(), detailed(), 0});
  ASSERT_TRUE(request.ok());
  for (size_t cut = 0; cut < request->size(); ++cut)
    EXPECT_FALSE(decode_evaluation_request(request->substr(0, cut)).ok());
  auto beyond = encode_evaluation_request({pairs(), detailed(), 6});  // resumes past the last pair
  ASSERT_TRUE(beyond.ok());
  EXPECT_FALSE(decode_evaluation_request(*beyond).ok());
}

TEST(EvaluationJob, RecordsItemsEvaluatedElsewhereOnlyForTheNextPair) {
  const auto items = evaluate(detailed());
  EvaluationJob job(pairs(), detailed(), nullptr);
  EXPECT_FALSE(job.record(items[1]));  // not the next pair's
  EXPECT_TRUE(job.record(items[0]));
  EXPECT_TRUE(job.record(items[1]));
  EXPECT_EQ(job.progress().done, 2u);
  for (size_t i = 2; i < items.size(); ++i) EXPECT_TRUE(job.record(items[i]));
  EXPECT_TRUE(job.done());
  EXPECT_FALSE(job.record(items[0]));
}

}  // namespace chokepoint
