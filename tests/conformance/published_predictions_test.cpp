// Published predictions load as their authors' evaluators load them: BIRD's ChatGPT predictions hold the number 0
// where the system produced nothing, which must give an empty (failed) prediction for that item, not a load error;
// Spider's Codex predictions (CSV) align with the gold line by line.
#include <gtest/gtest.h>

#include <fstream>

#include <map>

#include "core/base/file_text.h"
#include "core/dataset/eval_set_loader.h"
#include "core/metrics/eval_pairs.h"
#include "core/schema/schema_ddl.h"
#include "core/schema/tables_json.h"
#include "core/sql/parser.h"

namespace chokepoint {
namespace {

std::string data(const std::string& rel) { return std::string(CHOKEPOINT_SHARED_DATA) + "/" + rel; }

// Every prediction SQLite prepares as one statement on the schema (a schema-only database from tables.json) must
// parse with our parser too: models write SQL such as FROM 'flights' and 'T'.'col', which SQLite takes.
// Returns how many SQLite prepares and, of those, the ones our parser refuses.
std::pair<size_t, std::vector<std::string>> unparsed_predictions(const std::string& pred_path,
                                                                 const std::string& tables_path) {
  auto pred = load_eval_set(pred_path);
  auto tables = read_file(tables_path);
  EXPECT_TRUE(pred.ok() && tables.ok()) << pred_path;
  if (!pred.ok() || !tables.ok()) return {};
  auto schemas = parse_tables_json(*tables);
  EXPECT_TRUE(schemas.ok());
  std::map<std::string, Connection> dbs;
  for (const auto& s : *schemas)
    if (auto db = create_schema_database(s); db.ok()) dbs.emplace(s.db_id, std::move(*db));
  size_t prepared = 0;
  std::vector<std::string> refused;
  for (const auto& it : pred->items) {
    auto db = dbs.find(it.db_id);
    if (it.sql.empty() || db == dbs.end() || !db->second.prepare_check_single(it.sql).ok()) continue;
    ++prepared;
    if (!sql::parse_sql(it.sql).ok()) refused.push_back(it.sql);
  }
  return {prepared, refused};
}

}  // namespace

TEST(PublishedPredictions, EveryPredictionSqlitePreparesParses) {
  if (!std::ifstream(data("preds/bird_dev_chatgpt.json"))) GTEST_SKIP() << "shared data not found";
  for (const auto& [pred, tables] :
       {std::pair<std::string, std::string>{"preds/bird_dev_chatgpt.json", "bird/dev_tables.json"},
        {"preds/spider_dev_codex_fewshot.csv", "spider/tables.json"}}) {
    auto [prepared, refused] = unparsed_predictions(data(pred), data(tables));
    EXPECT_GT(prepared, 900u) << pred;
    EXPECT_TRUE(refused.empty()) << pred << ": " << refused.size() << " refused, first: " << refused.front();
  }
}

TEST(PublishedPredictions, BirdChatGptLoadsWithItsEmptyAnswers) {
  if (!std::ifstream(data("preds/bird_dev_chatgpt.json"))) GTEST_SKIP() << "shared data not found";
  auto gold = load_eval_set(data("bird/dev.json"));
  auto pred = load_eval_set(data("preds/bird_dev_chatgpt.json"));
  ASSERT_TRUE(gold.ok()) << gold.error();
  ASSERT_TRUE(pred.ok()) << pred.error();
  ASSERT_EQ(pred->items.size(), 1534u);
  size_t empty = 0;
  for (const auto& it : pred->items) empty += it.sql.empty();
  EXPECT_EQ(empty, 54u);  // the file's values that are the number 0, counted independently with Python's json
  auto pairs = pair_gold_with_predictions(*gold, *pred);
  ASSERT_TRUE(pairs.ok()) << pairs.error();
  EXPECT_EQ(pairs->size(), 1534u);
}

}  // namespace chokepoint
