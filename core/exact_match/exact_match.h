// Spider's exact set match (evaluation.py, test-suite-sql-eval): values and DISTINCT ignored (rebuild_sql_val,
// rebuild_sql_col), foreign-key columns identified (build_foreign_key_map), ten partial-match components, and the
// per-hardness table `evaluate` prints. Queries are read by our parser (EmParser::Ours) or by the port of Spider's
// own strict parser (EmParser::Spider), under which a prediction Spider cannot read scores as the empty query.
#pragma once
#include <array>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/base/result.h"
#include "core/exact_match/hardness.h"
#include "core/exact_match/spider_parser.h"
#include "core/exact_match/spider_sql.h"
#include "core/schema/schema.h"

namespace chokepoint::em {

enum class EmParser {
  Ours,    // core/sql parser + name resolution (spider_from_ast.h): reads every query SQLite's dialect allows
  Spider,  // process_sql.py port (spider_parser.h): Spider's own reading, failures included
};
const char* em_parser_name(EmParser p);  // "ours", "spider"

// evaluation.py partial_types, in its order.
constexpr int kComponentCount = 10;
const std::array<const char*, kComponentCount>& component_names();  // "select", "select(no AGG)", ...

// One component of eval_partial_match. gold_count/pred_count are evaluation.py's label_total/pred_total (for
// "and/or" Python returns them swapped; kept as returned, since they only gate the averages).
struct ComponentScore {
  int gold_count = 0;
  int pred_count = 0;
  int match_count = 0;
  double acc = 0, rec = 0, f1 = 0;  // get_scores: all 1 or all 0
};
using PartialScores = std::array<ComponentScore, kComponentCount>;

// evaluation.py build_foreign_key_map: column key -> representative key of its foreign-key group.
using ForeignKeyMap = std::map<std::string, std::string>;
ForeignKeyMap build_foreign_key_map(const Schema& schema);

// Everything exact match needs about one database, prepared once.
struct EmSchema {
  Schema schema;
  SpiderSchema spider;
  ForeignKeyMap foreign_keys;
};
EmSchema prepare_em_schema(const Schema& schema);

// A query read into Spider's structure by the chosen parser.
Result<SpiderSql> read_spider_sql(const std::string& sql, const EmSchema& schema, EmParser parser);

// evaluation.py build_valid_col_units: the columns of the tables (not subqueries) in `from`.
std::set<std::string> build_valid_col_units(const std::vector<TableUnit>& from, const SpiderSchema& schema);
// evaluation.py rebuild_sql_val: every condition value that is not a query becomes None.
SpiderSql rebuild_sql_val(const SpiderSql& sql);
// evaluation.py rebuild_sql_col: foreign-key columns of `valid` mapped to their representative, DISTINCT -> None.
SpiderSql rebuild_sql_col(const std::set<std::string>& valid, const SpiderSql& sql, const ForeignKeyMap& kmap);

// evaluation.py Evaluator.eval_partial_match and eval_exact_match (on rebuilt structures).
PartialScores eval_partial_match(const SpiderSql& pred, const SpiderSql& gold);
bool eval_exact_match(const SpiderSql& pred, const SpiderSql& gold, PartialScores* partial = nullptr);

struct ExactMatchResult {
  bool scored = false;  // false when the gold could not be read (Spider's evaluator stops there; we report it)
  bool match = false;
  Hardness hardness = Hardness::Easy;  // of the gold, as read by the chosen parser
  PartialScores components{};
  std::string gold_error;  // non-empty: why the gold could not be read
  std::string pred_error;  // non-empty: why the prediction could not be read (scored as the empty query: EM 0)
};

// One item, the way evaluation.py's `evaluate` scores it. With EmParser::Spider the prediction's "value" becomes "1"
// first, as `evaluate` does.
ExactMatchResult exact_match(const std::string& gold_sql, const std::string& pred_sql, const EmSchema& schema,
                             EmParser parser);
ExactMatchResult exact_match(const std::string& gold_sql, const std::string& pred_sql, const Schema& schema,
                             EmParser parser);

// evaluation.py's table: per level (easy, medium, hard, extra, all) the count, EM and each component's acc/rec/f1,
// averaged as `evaluate` does (acc over items with a predicted component, rec over items with a gold one, f1 from
// those two, 1 when both are 0).
struct ComponentAverage {
  double acc = 0, rec = 0, f1 = 0;
  int acc_count = 0, rec_count = 0;
};
struct EmLevel {
  std::string name;  // "easy", "medium", "hard", "extra", "all"
  int count = 0;
  int exact_count = 0;
  double exact = 0;  // exact_count / count, 0 when empty
  std::array<ComponentAverage, kComponentCount> partial{};
};
struct EmSummary {
  std::array<EmLevel, kHardnessLevels + 1> levels;  // the four hardness levels, then "all"
  int gold_errors = 0;                              // items not scored
  int pred_errors = 0;                              // predictions the parser could not read (each scored EM 0)
};
EmSummary summarize_exact_match(const std::vector<ExactMatchResult>& items);

// evaluation.py print_scores for etype "match" (single-turn): the text block it prints.
std::string format_em_table(const EmSummary& summary);

nlohmann::ordered_json to_json(const ExactMatchResult& r);
nlohmann::ordered_json to_json(const EmSummary& s);

}  // namespace chokepoint::em
