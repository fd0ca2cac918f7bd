#include "core/dataset/eval_set_loader.h"

#include <gtest/gtest.h>

#include "core/dataset/bird_writer.h"
#include "core/dataset/csv_set.h"
#include "core/dataset/format_detection.h"
#include "core/dataset/json_sets.h"
#include "core/dataset/text_sets.h"

namespace chokepoint {

namespace {
const char* kBird =
    R"([{"question_id": 0, "db_id": "california_schools", "question": "Q?", "evidence": "E", )"
    R"("SQL": "SELECT 1", "difficulty": "simple"}, {"question_id": 1, "db_id": "financial", "question": "R?", )"
    R"("evidence": "", "SQL": "SELECT 2", "difficulty": "moderate"}])";
const char* kSpider =
    R"([{"db_id": "concert_singer", "question": "How many singers?", "query": "SELECT count(*) FROM singer"}])";
}  // namespace

TEST(FormatDetection, RecognisesEveryFormat) {
  EXPECT_EQ(*detect_format(kBird), DatasetFormat::BirdDevJson);
  EXPECT_EQ(*detect_format(kSpider), DatasetFormat::SpiderDevJson);
  EXPECT_EQ(*detect_format("{\"0\": \"SELECT 1\\t----- bird -----\\tdb\"}"), DatasetFormat::BirdPredictionJson);
  EXPECT_EQ(*detect_format("SELECT 1\tdb\nSELECT 2\tdb\n"), DatasetFormat::GoldTsv);
  EXPECT_EQ(*detect_format("SELECT 1\nSELECT 2\n"), DatasetFormat::SqlLines);
  EXPECT_EQ(*detect_format("db_id,sql\ndb,SELECT 1\n"), DatasetFormat::Csv);
  EXPECT_FALSE(detect_format("  \n").ok());
  EXPECT_FALSE(detect_format("[{\"x\": 1}]").ok());
}

TEST(JsonSets, BirdPredictionsWithANumberForAMissingAnswer) {
  // As published files do: 0 where the system produced nothing. The item is an empty prediction, not a load error.
  auto set = parse_eval_set_auto("{\"0\": \"SELECT 1\\t----- bird -----\\tdb\", \"1\": 0, \"2\": null}");
  ASSERT_TRUE(set.ok()) << set.error();
  ASSERT_EQ(set->items.size(), 3u);
  EXPECT_EQ(set->items[0].sql, "SELECT 1");
  EXPECT_EQ(set->items[1].sql, "");
  EXPECT_EQ(set->items[1].key, "1");
  EXPECT_EQ(set->items[2].sql, "");
}

TEST(FormatDetection, PredictionFilesAreToldFromGoldSets) {
  EXPECT_FALSE(holds_predictions(*parse_eval_set_auto(kBird)));
  EXPECT_FALSE(holds_predictions(*parse_eval_set_auto(kSpider)));
  EXPECT_FALSE(holds_predictions(*parse_eval_set_auto("SELECT 1\tdb\n")));
  EXPECT_TRUE(holds_predictions(*parse_eval_set_auto("{\"0\": \"SELECT 1\\t----- bird -----\\tdb\"}")));
  EXPECT_TRUE(holds_predictions(*parse_eval_set_auto("SELECT 1\nSELECT 2\n")));
  EXPECT_TRUE(holds_predictions(*parse_eval_set_auto("db_id,sql\ndb,SELECT 1\n")));
  EXPECT_FALSE(holds_predictions(*parse_eval_set_auto("db_id,question,sql\ndb,How many?,SELECT 1\n")));
}

TEST(JsonSets, BirdDevJsonFields) {
  auto s = parse_bird_dev_json(kBird);
  ASSERT_TRUE(s.ok());
  ASSERT_EQ(s->items.size(), 2u);
  EXPECT_EQ(s->items[1].key, "1");
  EXPECT_EQ(s->items[1].db_id, "financial");
  EXPECT_EQ(s->items[0].evidence, "E");
  EXPECT_EQ(s->items[0].sql, "SELECT 1");
  EXPECT_EQ(s->items[1].difficulty, "moderate");
}

TEST(JsonSets, SpiderDevJsonFields) {
  auto s = parse_spider_dev_json(kSpider);
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(s->items[0].sql, "SELECT count(*) FROM singer");
  EXPECT_EQ(s->items[0].key, "0");
}

TEST(JsonSets, MalformedJsonNamesTheLine) {
  auto s = parse_bird_dev_json("[\n  {\"SQL\": \"SELECT 1\",\n   \"db_id\": }\n]");
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.error().find("line 3"), std::string::npos) << s.error();
  EXPECT_FALSE(parse_bird_dev_json("[{\"db_id\": \"x\"}]").ok());  // no SQL field
  EXPECT_FALSE(parse_bird_dev_json("{}").ok());
}

TEST(JsonSets, BirdPredictionsSplitAndSortedByKey) {
  auto s = parse_bird_predictions(
      "{\"10\": \"SELECT b\\t----- bird -----\\tdb2\", \"2\": \"SELECT a\\t----- bird -----\\tdb1\"}");
  ASSERT_TRUE(s.ok());
  ASSERT_EQ(s->items.size(), 2u);
  EXPECT_EQ(s->items[0].key, "2");
  EXPECT_EQ(s->items[0].sql, "SELECT a");
  EXPECT_EQ(s->items[0].db_id, "db1");
  EXPECT_EQ(s->items[1].key, "10");
}

TEST(TextSets, GoldTsvUsesTheLastTab) {
  auto s = parse_gold_tsv("SELECT a FROM t WHERE x = '\t'\tdb1\n\nSELECT 2\tdb2\n");
  ASSERT_TRUE(s.ok());
  ASSERT_EQ(s->items.size(), 2u);
  EXPECT_EQ(s->items[0].db_id, "db1");
  EXPECT_EQ(s->items[0].sql, "SELECT a FROM t WHERE x = '\t'");
  auto bad = parse_gold_tsv("SELECT 1\tdb\nSELECT 2\n");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().find("line 2"), std::string::npos);
}

TEST(TextSets, SqlLinesKeepBlankPredictionsForAlignment) {
  auto s = parse_sql_lines("SELECT 1\n\nSELECT 3\r\n\n\n");
  ASSERT_TRUE(s.ok());
  ASSERT_EQ(s->items.size(), 3u);
  EXPECT_EQ(s->items[1].sql, "");
  EXPECT_EQ(s->items[2].sql, "SELECT 3");
}

TEST(CsvSet, QuotedFieldsWithCommasQuotesAndNewlines) {
  auto s = parse_csv_set("Question,SQL,db_id\n\"a, b\",\"SELECT \"\"x\"\"\nFROM t\",db\nq2,SELECT 2,db2\n");
  ASSERT_TRUE(s.ok()) << s.error();
  ASSERT_EQ(s->items.size(), 2u);
  EXPECT_EQ(s->items[0].question, "a, b");
  EXPECT_EQ(s->items[0].sql, "SELECT \"x\"\nFROM t");
  EXPECT_EQ(s->items[1].db_id, "db2");
}

// Spider's Codex predictions: "NLQ,PREDICTED SQL,GOLD SQL,DATABASE". The predicted column is the SQL (not the gold
// beside it), DATABASE the db_id, and the file is a CSV, not one SQL per line (which gave one item too many).
TEST(CsvSet, SpacedHeaderNamesOfPublishedPredictions) {
  const std::string text =
      "NLQ,PREDICTED SQL,GOLD SQL,DATABASE\nHow many?,SELECT count(*) FROM singer,SELECT count(*) FROM t,concert\n";
  EXPECT_EQ(*detect_format(text), DatasetFormat::Csv);
  auto s = parse_csv_set(text);
  ASSERT_TRUE(s.ok()) << s.error();
  ASSERT_EQ(s->items.size(), 1u);
  EXPECT_EQ(s->items[0].sql, "SELECT count(*) FROM singer");
  EXPECT_EQ(s->items[0].db_id, "concert");
  EXPECT_EQ(csv_column_key(" Predicted_SQL "), "predictedsql");
}

TEST(CsvSet, ErrorsNameTheLine) {
  auto a = parse_csv_set("sql,db_id\nSELECT 1,db\nSELECT 2\n");
  ASSERT_FALSE(a.ok());
  EXPECT_NE(a.error().find("line 3"), std::string::npos) << a.error();
  auto b = parse_csv_set("sql,db_id\n\"SELECT 1,db\n");
  ASSERT_FALSE(b.ok());
  EXPECT_NE(b.error().find("line 2"), std::string::npos) << b.error();
  EXPECT_FALSE(parse_csv_set("question,db_id\nq,db\n").ok());
}

TEST(Alignment, LinesByPositionDictsByKey) {
  auto gold = parse_gold_tsv("SELECT 1\tdb\nSELECT 2\tdb\nSELECT 3\tdb2\n");
  auto lines = parse_sql_lines("SELECT 10\nSELECT 20\nSELECT 30\n");
  auto a = align_predictions(*gold, *lines);
  ASSERT_TRUE(a.ok());
  EXPECT_EQ((*a)[2], "SELECT 30");
  EXPECT_FALSE(align_predictions(*gold, *parse_sql_lines("SELECT 1\n")).ok());
  auto dict = parse_bird_predictions("{\"2\": \"SELECT 30\\t----- bird -----\\tdb2\"}");
  auto b = align_predictions(*gold, *dict);
  ASSERT_TRUE(b.ok());
  EXPECT_EQ((*b)[0], "");  // missing key: empty prediction
  EXPECT_EQ((*b)[2], "SELECT 30");
  auto wrong_db = parse_bird_predictions("{\"0\": \"SELECT 1\\t----- bird -----\\tother\"}");
  EXPECT_FALSE(align_predictions(*gold, *wrong_db).ok());
}

TEST(BirdWriter, RoundTripsThroughTheLoader) {
  auto s = parse_bird_dev_json(kBird);
  auto again = parse_eval_set_auto(write_bird_dev_json(*s));
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(again->format, DatasetFormat::BirdDevJson);
  ASSERT_EQ(again->items.size(), 2u);
  EXPECT_EQ(again->items[0].question, "Q?");
  EXPECT_EQ(again->items[1].sql, "SELECT 2");
  EXPECT_EQ(again->items[1].key, "1");
  auto preds = parse_eval_set_auto(write_bird_predictions(*s));
  ASSERT_TRUE(preds.ok());
  EXPECT_EQ(preds->format, DatasetFormat::BirdPredictionJson);
  EXPECT_EQ(preds->items[1].db_id, "financial");
}

TEST(Loader, MissingFileIsAnError) { EXPECT_FALSE(load_eval_set("/nonexistent/dev.json").ok()); }

}  // namespace chokepoint
