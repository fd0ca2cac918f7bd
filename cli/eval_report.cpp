// REPORT.json, the stdout summary and the CSV rows of `chokepoint eval`, from pairs and items (eval and merge).
#include "cli/eval_report.h"

#include <cmath>

#include "cli/eval_exact_match.h"
#include "core/evaluation/scenario_breakdown.h"
#include "core/metrics/eval_pairs.h"
#include "core/metrics/explanation.h"
#include "core/metrics/regime.h"
#include "core/metrics/report_csv.h"
#include "core/runner/ex_by_gold_tables.h"
#include "core/schema/sqlite_schema.h"
#include "core/sql/query_shape.h"

namespace chokepoint::cli {

const Schema* SchemaCache::get(const std::string& db_id) {
  auto found = schemas_.find(db_id);
  if (found == schemas_.end()) {
    std::optional<Schema> schema;
    auto db = pool_.get(db_id);
    if (db.ok()) {
      auto read = read_schema(**db, db_id);
      if (read.ok()) schema = std::move(read).value();
    }
    found = schemas_.emplace(db_id, std::move(schema)).first;
  }
  return found->second ? &*found->second : nullptr;
}

std::string build_eval_csv(const EvalReportInputs& in, const std::vector<ItemEvaluation>& items) {
  // The same per-item facts the app shows: difficulty from the gold set, joins from each database's own schema.
  CsvItemFacts facts;
  for (size_t i : *in.positions) {
    const auto& g = in.gold->items[i];
    facts.difficulty.push_back(g.difficulty);
    const Schema* schema = in.schemas->get(g.db_id);
    facts.joins.push_back(schema ? sql::join_count(g.sql, *schema) : -1);
  }
  return evaluation_csv(*in.pairs, items, in.options->regimes, facts);
}

EvalReport build_eval_report(const EvalReportInputs& in, const std::vector<ItemEvaluation>& items) {
  const auto& options = *in.options;
  const auto& pairs = *in.pairs;
  const auto& positions = *in.positions;
  const auto schema_of = [&](const std::string& db) { return in.schemas->get(db); };
  auto summary = summarize(items, options.regimes);

  // Beside EX over the scored items: the items not scored for want of a database (missing under --db-root, which
  // only --skip-missing allows, or unreadable) and EX over every item given, so a partial run shows both figures.
  const auto with_coverage = [&summary](nlohmann::json j) {
    j["skipped_no_database"] = summary.no_database;
    const double over_n = summary.n ? 100.0 * static_cast<double>(summary.correct) / static_cast<double>(summary.n) : 0;
    j["ex_over_n"] = std::round(over_n * 100.0) / 100.0;  // as summary_to_json rounds ex
    return j;
  };
  nlohmann::json report;
  report["summary"] = with_coverage(summary_to_json(summary));
  report["semantics"] = ex_semantics_name(options.semantics);
  report["gold_file"] = in.gold_file;
  report["gold_format"] = dataset_format_name(in.gold->format);
  report["pred_file"] = in.pred_file;
  report["pred_format"] = dataset_format_name(in.pred->format);
  report["timeout_ms"] = options.limits.timeout_ms;
  report["sc_embedding"] = options.columns.embedding_label;
  if (!in.scenario.is_null()) report["scenario"] = in.scenario;
  const auto qvt = evaluation::qvt_json(evaluation::qvt_of(pairs, items));
  report["qvt"] = qvt;
  if (in.group_by)
    report["groups"] = {{"by", sql::characteristic_name(*in.group_by)},
                        {"values", evaluation::characteristic_groups_json(evaluation::group_by_characteristic(
                                       *in.characteristics, items, *in.group_by, options.regimes))}};
  // 004 Table 4: EX by the number of tables the gold query reads.
  report["by_gold_tables"] = runner::gold_tables_strata_json(runner::ex_by_gold_tables(pairs, items, schema_of));
  // Spider's exact set match with both parsers; --em chooses the one per-item em and by_level use.
  const auto em_results = exact_match_pairs(pairs, schema_of, in.jobs);
  const auto& em_chosen = in.em_mode == "spider-parser" ? em_results.spider : em_results.ours;
  const auto em_ours = em::summarize_exact_match(em_results.ours);
  const auto em_spider = em::summarize_exact_match(em_results.spider);
  size_t spider_rejected = 0;
  for (const auto& e : em_results.spider)
    if (e.scored && !e.pred_error.empty()) ++spider_rejected;
  report["exact_match"] = {{"parser", in.em_mode},
                           {"ours", em::to_json(em_ours)},
                           {"spider_parser", em::to_json(em_spider)},
                           {"spider_parser_rejected", spider_rejected}};
  // EX and EM per level: BIRD's difficulty when the gold set has one, Spider's hardness otherwise.
  bool has_difficulty = false;
  for (size_t i : positions) has_difficulty = has_difficulty || !in.gold->items[i].difficulty.empty();
  std::vector<std::string> levels;
  std::vector<std::optional<bool>> em_flags;
  for (size_t k = 0; k < em_chosen.size(); ++k) {
    const auto& e = em_chosen[k];
    em_flags.push_back(e.scored ? std::optional<bool>(e.match) : std::nullopt);
    levels.push_back(has_difficulty ? in.gold->items[positions[k]].difficulty
                     : e.scored     ? em::hardness_name(e.hardness)
                                    : "");
  }
  report["by_level"] = {{"by", has_difficulty ? "difficulty" : "hardness"},
                        {"levels", evaluation::ex_em_by_level(
                                       levels, items, em_flags,
                                       has_difficulty ? std::vector<std::string>{"simple", "moderate", "challenging"}
                                                      : std::vector<std::string>{"easy", "medium", "hard", "extra"})}};
  auto arr = nlohmann::json::array();
  for (size_t k = 0; k < items.size(); ++k) {
    auto j = item_to_json(items[k], options.regimes);
    if (k < em_chosen.size() && em_chosen[k].scored) {
      j["em"] = em_chosen[k].match ? 1 : 0;
      j["hardness"] = em::hardness_name(em_chosen[k].hardness);
    }
    if (k < em_results.spider.size() && !em_results.spider[k].pred_error.empty())
      j["spider_parser_error"] = em_results.spider[k].pred_error;
    arr.push_back(std::move(j));
  }
  report["items"] = arr;

  auto s = with_coverage(summary_to_json(summary));
  s["semantics"] = ex_semantics_name(options.semantics);
  s["qvt"] = qvt["qvt"];
  const auto em_percent = [](const em::EmSummary& e) {
    return std::round(e.levels.back().exact * 10000.0) / 100.0;  // "all", as a percent with two decimals
  };
  s["em"] = em_percent(in.em_mode == "spider-parser" ? em_spider : em_ours);
  s["em_ours"] = em_percent(em_ours);
  s["em_spider_parser"] = em_percent(em_spider);
  s["spider_parser_rejected"] = spider_rejected;
  if (!in.scenario.is_null()) s["scenario"] = in.scenario;
  return {std::move(report), std::move(s)};
}

}  // namespace chokepoint::cli
