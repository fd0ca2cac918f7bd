// Spider's exact set match against Spider's own evaluator. (a) The 1,034 dev golds against themselves: hardness
// 248/446/174/166 and EM 100% with our parser and with the process_sql.py port. (b) The 1,034 Codex predictions:
// the port reproduces, item by item, the table data/spider_em_codex.tsv made by the reference evaluator (hardness,
// EM, parser failure, the ten partial components) and its printed table; our own parser scores at least as high.
#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <map>
#include <sstream>

#include "core/dataset/eval_set_loader.h"
#include "core/exact_match/exact_match.h"
#include "core/exact_match/spider_from_ast.h"
#include "core/schema/tables_json.h"

namespace chokepoint::em {
namespace {

std::string spider_dir() { return std::string(CHOKEPOINT_SHARED_DATA) + "/spider"; }
std::string data_dir() { return std::string(CHOKEPOINT_SOURCE_DIR) + "/tests/conformance/data"; }
bool have_data() { return static_cast<bool>(std::ifstream(spider_dir() + "/dev_gold.sql")); }

struct Fixture {
  std::vector<EvalItem> gold;
  std::vector<EvalItem> pred;
  std::map<std::string, EmSchema> schemas;
};

const Fixture& fixture() {
  static const Fixture f = [] {
    Fixture out;
    auto gold = load_eval_set(spider_dir() + "/dev_gold.sql");
    EXPECT_TRUE(gold.ok()) << gold.error();
    if (gold.ok()) out.gold = gold->items;
    auto pred = load_eval_set(std::string(CHOKEPOINT_SHARED_DATA) + "/preds/spider_dev_codex_fewshot.csv");
    EXPECT_TRUE(pred.ok()) << pred.error();
    if (pred.ok()) out.pred = pred->items;
    auto tables = load_tables_json(spider_dir() + "/tables.json");
    EXPECT_TRUE(tables.ok()) << tables.error();
    if (tables.ok())
      for (const auto& s : *tables) out.schemas.emplace(s.db_id, prepare_em_schema(s));
    return out;
  }();
  return f;
}

struct Reference {
  std::string hardness;
  bool exact = false;
  bool pred_failed = false;
  std::string partial;  // ten 0/1 digits
};

std::vector<Reference> reference_rows() {
  std::ifstream in(data_dir() + "/spider_em_codex.tsv");
  std::vector<Reference> rows;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string idx, hardness, exact, failed, partial;
    std::getline(fields, idx, '\t');
    std::getline(fields, hardness, '\t');
    std::getline(fields, exact, '\t');
    std::getline(fields, failed, '\t');
    std::getline(fields, partial, '\t');
    rows.push_back({hardness, exact == "1", failed == "1", partial});
  }
  return rows;
}

std::string partial_bits(const ExactMatchResult& r) {
  std::string bits;
  for (const auto& c : r.components) bits += c.f1 == 1 ? '1' : '0';
  return bits;
}

std::vector<ExactMatchResult> score_all(const Fixture& f, bool self, EmParser parser) {
  std::vector<ExactMatchResult> out;
  for (size_t i = 0; i < f.gold.size(); ++i) {
    const auto& g = f.gold[i];
    const std::string& pred = self ? g.sql : f.pred[i].sql;
    out.push_back(exact_match(g.sql, pred, f.schemas.at(g.db_id), parser));
  }
  return out;
}

}  // namespace

TEST(ExactMatchSpider, GoldAgainstItselfWithBothParsers) {
  if (!have_data()) GTEST_SKIP() << "shared data not found";
  const Fixture& f = fixture();
  ASSERT_EQ(f.gold.size(), 1034u);
  for (EmParser parser : {EmParser::Ours, EmParser::Spider}) {
    auto start = std::chrono::steady_clock::now();
    EmSummary s = summarize_exact_match(score_all(f, true, parser));
    double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    std::printf("[ exact match ] gold vs gold, %s parser: EM %.3f in %.0f ms\n", em_parser_name(parser),
                s.levels[kHardnessLevels].exact, ms);
    EXPECT_EQ(s.gold_errors, 0) << em_parser_name(parser);
    EXPECT_EQ(s.pred_errors, 0) << em_parser_name(parser);
    EXPECT_EQ(s.levels[0].count, 248) << em_parser_name(parser);
    EXPECT_EQ(s.levels[1].count, 446) << em_parser_name(parser);
    EXPECT_EQ(s.levels[2].count, 174) << em_parser_name(parser);
    EXPECT_EQ(s.levels[3].count, 166) << em_parser_name(parser);
    EXPECT_EQ(s.levels[kHardnessLevels].exact_count, 1034) << em_parser_name(parser);
  }
}

// Our builder reads every gold query into the structure Spider's parser gives (so EM of one against the other is 1).
TEST(ExactMatchSpider, BuilderAgreesWithSpiderParserOnGold) {
  if (!have_data()) GTEST_SKIP() << "shared data not found";
  const Fixture& f = fixture();
  int same = 0, em_same = 0;
  for (const auto& g : f.gold) {
    const EmSchema& schema = f.schemas.at(g.db_id);
    auto ours = spider_sql_from_text(g.sql, schema.schema);
    auto theirs = spider_parse(g.sql, schema.spider);
    ASSERT_TRUE(ours.ok()) << g.sql;
    ASSERT_TRUE(theirs.ok()) << g.sql;
    if (*ours == *theirs)
      ++same;
    else
      ADD_FAILURE() << g.sql << "\nours:   " << to_json(*ours).dump() << "\nspider: " << to_json(*theirs).dump();
    auto rebuild = [&](const SpiderSql& q) {
      return rebuild_sql_col(build_valid_col_units(q.from, schema.spider), rebuild_sql_val(q), schema.foreign_keys);
    };
    em_same += eval_exact_match(rebuild(*ours), rebuild(*theirs));
  }
  std::printf("[ exact match ] builder = spider parser on %d of %zu golds (EM %d)\n", same, f.gold.size(), em_same);
  EXPECT_EQ(same, 1034);
  EXPECT_EQ(em_same, 1034);
}

// On the Codex predictions Spider's parser reads, our builder gives the same structure.
TEST(ExactMatchSpider, BuilderAgreesWithSpiderParserOnReadablePredictions) {
  if (!have_data()) GTEST_SKIP() << "shared data not found";
  const Fixture& f = fixture();
  ASSERT_EQ(f.pred.size(), 1034u);
  int readable = 0, same = 0;
  for (size_t i = 0; i < f.pred.size(); ++i) {
    const EmSchema& schema = f.schemas.at(f.gold[i].db_id);
    auto theirs = spider_parse(f.pred[i].sql, schema.spider);
    if (!theirs.ok()) continue;
    ++readable;
    auto ours = spider_sql_from_text(f.pred[i].sql, schema.schema);
    ASSERT_TRUE(ours.ok()) << f.pred[i].sql;
    if (*ours == *theirs)
      ++same;
    else
      ADD_FAILURE() << f.pred[i].sql << "\nours:   " << to_json(*ours).dump()
                    << "\nspider: " << to_json(*theirs).dump();
  }
  std::printf("[ exact match ] builder = spider parser on %d of %d readable predictions\n", same, readable);
  EXPECT_EQ(readable, 1034 - 142);
  EXPECT_EQ(same, readable);
}

TEST(ExactMatchSpider, SpiderParserReproducesTheReferenceOnCodexPredictions) {
  if (!have_data()) GTEST_SKIP() << "shared data not found";
  const Fixture& f = fixture();
  ASSERT_EQ(f.pred.size(), 1034u);
  std::vector<Reference> ref = reference_rows();
  ASSERT_EQ(ref.size(), 1034u);
  auto start = std::chrono::steady_clock::now();
  std::vector<ExactMatchResult> items = score_all(f, false, EmParser::Spider);
  double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  int agree = 0, rejected = 0, ref_rejected = 0, em = 0;
  for (size_t i = 0; i < items.size(); ++i) {
    const ExactMatchResult& r = items[i];
    ASSERT_TRUE(r.scored) << r.gold_error;
    bool failed = !r.pred_error.empty();
    rejected += failed;
    ref_rejected += ref[i].pred_failed;
    em += r.match;
    bool same = hardness_name(r.hardness) == ref[i].hardness && r.match == ref[i].exact &&
                failed == ref[i].pred_failed && partial_bits(r) == ref[i].partial;
    agree += same;
    EXPECT_TRUE(same) << "item " << i << ": " << f.pred[i].sql << "\n  gold " << f.gold[i].sql << "\n  ours "
                      << hardness_name(r.hardness) << " " << r.match << " " << failed << " " << partial_bits(r) << " ("
                      << r.pred_error << ")\n  ref  " << ref[i].hardness << " " << ref[i].exact << " "
                      << ref[i].pred_failed << " " << ref[i].partial;
  }
  std::printf(
      "[ exact match ] spider parser vs reference: %d of %zu items agree; EM %d; rejected %d (ref %d); %.0f ms\n",
      agree, items.size(), em, rejected, ref_rejected, ms);
  EXPECT_EQ(agree, 1034);
  EXPECT_EQ(em, 519);
  EXPECT_EQ(rejected, 142);

  std::ifstream table_in(data_dir() + "/spider_em_codex_table.txt");
  std::string expected((std::istreambuf_iterator<char>(table_in)), std::istreambuf_iterator<char>());
  expected = expected.substr(expected.find('\n') + 1);  // the comment line
  EXPECT_EQ(format_em_table(summarize_exact_match(items)), expected);
}

TEST(ExactMatchSpider, OurParserScoresAtLeastSpiders) {
  if (!have_data()) GTEST_SKIP() << "shared data not found";
  const Fixture& f = fixture();
  ASSERT_EQ(f.pred.size(), 1034u);
  std::vector<ExactMatchResult> spider = score_all(f, false, EmParser::Spider);
  std::vector<ExactMatchResult> ours = score_all(f, false, EmParser::Ours);
  int em_spider = 0, em_ours = 0, rejected = 0, ours_errors = 0, lost = 0;
  for (size_t i = 0; i < spider.size(); ++i) {
    em_spider += spider[i].match;
    em_ours += ours[i].match;
    rejected += !spider[i].pred_error.empty();
    ours_errors += !ours[i].pred_error.empty();
    if (spider[i].match && !ours[i].match) {
      ++lost;
      ADD_FAILURE() << "item " << i << " matches under Spider's parser only: " << f.pred[i].sql;
    }
  }
  std::printf("[ exact match ] Codex EM: ours %d, spider %d of %zu; Spider's parser rejects %d, ours %d\n", em_ours,
              em_spider, spider.size(), rejected, ours_errors);
  EXPECT_GE(em_ours, em_spider);
  EXPECT_EQ(lost, 0);
}

}  // namespace chokepoint::em
