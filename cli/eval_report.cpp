// REPORT.json, the stdout summary and the CSV rows of `chokepoint eval`, from pairs and items (eval and merge).
#include "cli/eval_report.h"

#include <algorithm>
#include <cmath>
#include <unordered_set>

#include "cli/eval_exact_match.h"
#include "cli/parallel_for.h"
#include "core/evaluation/scenario_breakdown.h"
#include "core/metrics/eval_pairs.h"
#include "core/metrics/explanation.h"
#include "core/metrics/regime.h"
#include "core/metrics/report_csv.h"
#include "core/runner/ex_by_gold_tables.h"
#include "core/schema/sqlite_schema.h"
#include "core/sql/query_shape.h"

namespace chokepoint::cli {

namespace {

std::optional<Schema> schema_in(DatabasePool& pool, const std::string& db_id) {
  auto db = pool.get(db_id);
  if (!db.ok()) return std::nullopt;
  auto read = read_schema(**db, db_id);
  if (!read.ok()) return std::nullopt;
  return std::move(read).value();
}

}  // namespace

void SchemaCache::read_all(const std::vector<std::string>& db_ids, int jobs) {
  std::vector<std::string> missing;
  for (const auto& id : db_ids)
    if (!schemas_.count(id) && std::find(missing.begin(), missing.end(), id) == missing.end()) missing.push_back(id);
  std::vector<std::optional<Schema>> read(missing.size());
  std::vector<DatabasePool> pools;
  for (size_t t = 0; t < parallel_threads(missing.size(), jobs); ++t) pools.emplace_back(db_root_);
  parallel_for(missing.size(), jobs, [&](size_t i, size_t t) { read[i] = schema_in(pools[t], missing[i]); });
  for (size_t i = 0; i < missing.size(); ++i) schemas_.emplace(missing[i], std::move(read[i]));
}

const Schema* SchemaCache::get(const std::string& db_id) {
  auto found = schemas_.find(db_id);
  if (found == schemas_.end()) found = schemas_.emplace(db_id, schema_in(pool_, db_id)).first;
  return found->second ? &*found->second : nullptr;
}

const Schema* SchemaCache::known(const std::string& db_id) const {
  auto found = schemas_.find(db_id);
  return found != schemas_.end() && found->second ? &*found->second : nullptr;
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

namespace {

// What the report needs of each pair beyond its evaluation, computed pair by pair on the --jobs threads: every
// part is a pure function of the pair, its item and its database's schema, read before the threads start.
struct PairFacts {
  std::vector<std::string> qvt_keys;                     // the gold, normalised (QVT groups)
  std::vector<size_t> gold_tables;                       // tables the gold reads, 0 when unknown (by_gold_tables)
  std::vector<em::ExactMatchResult> em_ours, em_spider;  // exact match with each parser
  nlohmann::json items = nlohmann::json::array();        // each item's entry in REPORT.json
};

// The pairs' db_ids, each once, in order of first use.
std::vector<std::string> distinct_db_ids(const std::vector<EvalPair>& pairs) {
  std::vector<std::string> ids;
  std::unordered_set<std::string> seen;
  for (const auto& p : pairs)
    if (seen.insert(p.db_id).second) ids.push_back(p.db_id);
  return ids;
}

PairFacts pair_facts(const EvalReportInputs& in, const std::vector<ItemEvaluation>& items) {
  const auto& pairs = *in.pairs;
  const auto db_ids = distinct_db_ids(pairs);
  in.schemas->read_all(db_ids, in.jobs);
  const SchemaCache& schemas = *in.schemas;
  const auto em_schemas = prepare_em_schemas(
      db_ids, [&schemas](const std::string& db) { return schemas.known(db); }, in.jobs);
  const bool spider_parser = in.em_mode == "spider-parser";
  PairFacts f;
  f.qvt_keys.resize(pairs.size());
  f.gold_tables.resize(pairs.size());
  f.em_ours.resize(pairs.size());
  f.em_spider.resize(pairs.size());
  std::vector<nlohmann::json> entries(items.size());
  parallel_for(std::max(pairs.size(), items.size()), in.jobs, [&](size_t k, size_t) {
    if (k < pairs.size()) {
      const auto& pair = pairs[k];
      f.qvt_keys[k] = evaluation::qvt_key(pair);
      auto em = exact_match_pair(pair, em_schemas);
      f.em_ours[k] = std::move(em.ours);
      f.em_spider[k] = std::move(em.spider);
      if (k < items.size() && items[k].status == ItemStatus::Scored)
        f.gold_tables[k] = runner::gold_table_count(pair, schemas.known(pair.db_id));
    }
    if (k >= items.size()) return;
    auto j = item_to_json(items[k], in.options->regimes);
    if (k < pairs.size()) {
      const auto& chosen = spider_parser ? f.em_spider[k] : f.em_ours[k];
      if (chosen.scored) {
        j["em"] = chosen.match ? 1 : 0;
        j["hardness"] = em::hardness_name(chosen.hardness);
      }
      if (!f.em_spider[k].pred_error.empty()) j["spider_parser_error"] = f.em_spider[k].pred_error;
    }
    entries[k] = std::move(j);
  });
  for (auto& e : entries) f.items.push_back(std::move(e));
  return f;
}

}  // namespace

EvalReport build_eval_report(const EvalReportInputs& in, const std::vector<ItemEvaluation>& items) {
  const auto& options = *in.options;
  const auto& positions = *in.positions;
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
  auto facts = pair_facts(in, items);
  const auto qvt = evaluation::qvt_json(evaluation::qvt_of_keys(facts.qvt_keys, items));
  report["qvt"] = qvt;
  if (in.group_by)
    report["groups"] = {{"by", sql::characteristic_name(*in.group_by)},
                        {"values", evaluation::characteristic_groups_json(evaluation::group_by_characteristic(
                                       *in.characteristics, items, *in.group_by, options.regimes))}};
  // 004 Table 4: EX by the number of tables the gold query reads.
  report["by_gold_tables"] = runner::gold_tables_strata_json(runner::ex_by_gold_table_counts(facts.gold_tables, items));
  // Spider's exact set match with both parsers; --em chooses the one per-item em and by_level use.
  const auto& em_chosen = in.em_mode == "spider-parser" ? facts.em_spider : facts.em_ours;
  const auto em_ours = em::summarize_exact_match(facts.em_ours);
  const auto em_spider = em::summarize_exact_match(facts.em_spider);
  size_t spider_rejected = 0;
  for (const auto& e : facts.em_spider)
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
  report["items"] = std::move(facts.items);

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
