// `chokepoint ves`: efficiency scores (core/metrics/ves.h) of a prediction set. Gold and predictions are paired and
// EX decided as `eval` does them (cli/ex_inputs.h); each correct pair is timed (core/metrics/query_timing.h) and
// each gold also against itself, so the summary shows beside VES how far from 100 a pair that differs in nothing
// lands. Items run one after another: timings taken in parallel would measure each other.
#include <algorithm>
#include <climits>
#include <cmath>
#include <filesystem>
#include <iostream>
#include <map>
#include <sstream>

#include <nlohmann/json.hpp>

#include "cli/cli_inputs.h"
#include "cli/command.h"
#include "cli/common_flags.h"
#include "cli/ex_inputs.h"
#include "core/metrics/efficiency_evaluation.h"

namespace chokepoint::cli {
namespace {

const char* kVesUsage =
    "Usage: chokepoint ves --gold FILE --pred FILE --db-root DIR --out V.json [--iterations N] [--reward]\n"
    "                      [--bird-timing] [--timeout-ms T] [--min-span-us U] [--no-self] [--plans]\n"
    "                      [--semantics bird|spider|test-suite] [--replay FILE]\n"
    "Files as `chokepoint eval` reads them; EX decides which predictions are correct (a wrong, failed or timed-out\n"
    "prediction scores 0). Each correct pair runs N times (default 100, as BIRD mini-dev), prediction then gold,\n"
    "after a warm-up; a run's ratio is gold time / prediction time, ratios outside mean +- 3 sigma are dropped and\n"
    "the item scores sqrt(mean ratio) x 100 (BIRD's evaluation_ves.py). Timed: the stepping of the prepared\n"
    "statement from the first row to the last (prepare excluded); --bird-timing times the first step only, as BIRD's\n"
    "cursor.execute does without fetching rows. A run shorter than --min-span-us (default 1000, or 100 clock ticks\n"
    "if more) is repeated within one measured span. --timeout-ms bounds EX per item as in eval (default 5000) and\n"
    "the timing of a pair at T x N (mini-dev's meta_time_out x iterate_num). Each gold is also timed against itself\n"
    "(--no-self skips it). --replay is accepted and ignored (no model is asked).\n"
    "stdout: JSON {n, scored, correct, ex, ves, c_ves, r_ves, spread: {self_ves, self_score_sd, self_cv, items},\n"
    "mean_cv, iterations, timing: step|bird-execute, clock_resolution_ns, min_span_ns, harness: {wall_ms,\n"
    "stepped_ms, overhead_pct}, gold_errors, no_database, timing_failures}; --reward adds the items per R-VES\n"
    "reward (mini-dev's distribution). V.json adds per item the ratios, kept count, mean, CV, score, reward, per-run\n"
    "times and VM steps of both queries, the gold-against-itself score, and with --plans EXPLAIN QUERY PLAN of both.\n"
    "A database missing under --db-root is an error unless --skip-missing (then the summary has\n"
    "skipped_no_database). Exit code 0, or 2 on bad input.";

FlagTable ves_flags() {
  return {
      flags::gold(),
      flags::pred(),
      flags::db_root(),
      flags::out("V.json", "the summary and each item's timings"),
      whole_flag("--iterations", "N", 1, 100000, "iterations", "timed runs of each correct pair").or_else("100"),
      switch_flag("--reward", "the items per R-VES reward"),
      switch_flag("--bird-timing", "time the first step only, as BIRD's cursor.execute"),
      flags::timeout_ms("5000", "time limit of EX per item; a pair's timing gets T x N"),
      whole_flag("--min-span-us", "U", 0, 10000000, "microseconds", "a run shorter than this is repeated in one span")
          .shows("1000"),
      switch_flag("--no-self", "do not time each gold against itself"),
      switch_flag("--plans", "EXPLAIN QUERY PLAN of both queries in V.json"),
      flags::semantics({"bird", "spider", "test-suite"}, "gold's benchmark"),
      flags::replay().described("accepted and ignored: no model is asked"),
      flags::skip_missing(),
  };
}

// x with `decimals` decimals; dividing by the power of ten keeps the shortest spelling in the JSON (0.061, not
// 0.061000000000000006).
double round_to(double x, int decimals) {
  const double scale = std::pow(10.0, decimals);
  return std::round(x * scale) / scale;
}
// "1.25", "1", "0.75", "0.5", "0.25", "0": mini-dev's reward steps as keys.
std::string reward_label(double reward) {
  std::ostringstream o;
  o << reward;
  return o.str();
}
double ms_of(int64_t ns) { return round_to(static_cast<double>(ns) / 1e6, 3); }

nlohmann::json timing_json(const PairTiming& t, bool reward) {
  nlohmann::json j = {{"status", query_status_name(t.status)}};
  if (!t.ok()) {
    j["message"] = t.message;
    return j;
  }
  nlohmann::json ratios = nlohmann::json::array(), gold = nlohmann::json::array(), pred = nlohmann::json::array();
  for (size_t i = 0; i < t.ratios.size(); ++i) {
    ratios.push_back(round_to(t.ratios[i], 4));
    gold.push_back(round_to(t.gold.run_ns[i] / 1e6, 6));
    pred.push_back(round_to(t.pred.run_ns[i] / 1e6, 6));
  }
  j["kept"] = t.summary.kept;
  j["mean_ratio"] = round_to(t.summary.mean, 4);
  j["cv"] = round_to(t.summary.cv, 4);
  j["score"] = round_to(t.summary.score, 2);
  if (reward) j["reward"] = t.summary.reward;
  j["ratios"] = std::move(ratios);
  j["gold"] = {{"ms", std::move(gold)}, {"repetitions", t.gold.repetitions}, {"vm_steps", t.gold.vm_steps}};
  j["pred"] = {{"ms", std::move(pred)}, {"repetitions", t.pred.repetitions}, {"vm_steps", t.pred.vm_steps}};
  return j;
}

int ves_main(const FlagValues& r) {
  if (r.text("--gold").empty() || r.text("--pred").empty() || r.text("--db-root").empty() || r.text("--out").empty())
    return fail_input(std::string("missing arguments\n") + kVesUsage);
  if (!r.positionals().empty()) return fail_input("unexpected argument '" + r.positionals()[0] + "'\n" + kVesUsage);
  const int iterations = static_cast<int>(r.integer("--iterations"));
  const int min_span_us = static_cast<int>(r.integer("--min-span-us"));
  std::error_code ec;
  if (!std::filesystem::is_directory(r.text("--db-root"), ec))
    return fail_input("--db-root " + r.text("--db-root") + ": not a directory");
  auto in = read_ex_inputs_with_databases(r);
  if (!in.ok()) return fail_input(in.error());

  EfficiencyOptions options;
  options.timing.mode = r.has("--bird-timing") ? TimingMode::BirdExecute : TimingMode::Step;
  options.timing.iterations = iterations;
  const int64_t resolution = clock_resolution_ns(options.timing.clock);
  options.timing.min_span_ns =
      min_span_us > 0 ? int64_t{min_span_us} * 1000 : std::max<int64_t>(1000000, 100 * resolution);
  const int64_t limit = int64_t{in->options.limits.timeout_ms} * iterations;
  options.timing.timeout_ms =
      in->options.limits.timeout_ms <= 0 ? 0 : static_cast<int>(std::min<int64_t>(limit, INT_MAX));
  options.self_check = !r.has("--no-self");
  options.plans = r.has("--plans");
  const bool reward = r.has("--reward");

  const auto items = evaluate_efficiency_pairs(in->pairs, *in->open.pool, in->options, options);
  const auto s = summarize_efficiency(items);

  nlohmann::json listed = nlohmann::json::array();
  std::map<std::string, size_t> rewards;
  for (size_t i = 0; i < items.size(); ++i) {
    const auto& it = items[i];
    nlohmann::json j = {{"id", it.ex.id},
                        {"db_id", it.ex.db_id},
                        {"status", item_status_name(it.ex.status)},
                        {"ex", it.ex.ex ? 1 : 0},
                        {"correct", it.correct()},
                        {"score", it.correct() ? round_to(it.timing.summary.score, 2) : 0.0}};
    if (reward) {
      const double rw = it.correct() ? it.timing.summary.reward : 0.0;
      j["reward"] = rw;
      if (it.ex.status == ItemStatus::Scored) ++rewards[reward_label(rw)];
    }
    if (!it.ex.message.empty()) j["message"] = it.ex.message;
    if (it.ex.status == ItemStatus::Scored && it.ex.pred_status != QueryStatus::Ok)
      j["pred_status"] = query_status_name(it.ex.pred_status);
    j["gold_sql"] = it.timed_gold_sql.empty() ? in->pairs[i].gold_sql : it.timed_gold_sql;
    j["pred_sql"] = in->pairs[i].pred_sql;
    if (it.timed) j["timing"] = timing_json(it.timing, reward);
    if (it.self_timed)
      j["self"] = it.self.ok()
                      ? nlohmann::json{{"score", round_to(it.self.summary.score, 2)},
                                       {"cv", round_to(it.self.summary.cv, 4)},
                                       {"kept", it.self.summary.kept}}
                      : nlohmann::json{{"status", query_status_name(it.self.status)}, {"message", it.self.message}};
    if (options.plans && it.ex.status == ItemStatus::Scored) {
      j["plans"] = {{"gold", it.plans.gold}, {"pred", it.plans.pred}};
      if (!it.plans.gold_error.empty()) j["plans"]["gold_error"] = it.plans.gold_error;
      if (!it.plans.pred_error.empty()) j["plans"]["pred_error"] = it.plans.pred_error;
    }
    listed.push_back(std::move(j));
  }

  const size_t scored = s.scores.n;
  const double overhead =
      s.stepped_ns > 0 ? 100.0 * static_cast<double>(s.wall_ns - s.stepped_ns) / static_cast<double>(s.stepped_ns) : 0;
  nlohmann::json summary = {
      {"n", s.n},
      {"scored", scored},
      {"correct", s.scores.correct},
      {"ex", scored ? round_to(100.0 * static_cast<double>(s.scores.correct) / static_cast<double>(scored), 2) : 0.0},
      {"ves", round_to(s.scores.ves, 2)},
      {"c_ves", round_to(s.scores.c_ves, 2)},
      {"r_ves", round_to(s.scores.r_ves, 2)},
      {"spread",
       {{"self_ves", round_to(s.self_ves, 2)},
        {"self_score_sd", round_to(s.self_score_sd, 2)},
        {"self_cv", round_to(s.self_cv, 4)},
        {"items", s.self_items}}},
      {"mean_cv", round_to(s.mean_cv, 4)},
      {"iterations", options.timing.iterations},
      {"timing", timing_mode_name(options.timing.mode)},
      {"clock_resolution_ns", resolution},
      {"min_span_ns", options.timing.min_span_ns},
      {"harness",
       {{"wall_ms", ms_of(s.wall_ns)}, {"stepped_ms", ms_of(s.stepped_ns)}, {"overhead_pct", round_to(overhead, 2)}}},
      {"gold_errors", s.gold_errors},
      {"no_database", s.no_database},
      {"timing_failures", s.timing_failures}};
  if (reward) summary["rewards"] = rewards;
  if (r.has("--skip-missing")) summary["skipped_no_database"] = in->skipped_no_database;
  return finish_report(r.text("--out"), summary, std::move(listed));
}

const Registrar ves_registrar{{"ves", "efficiency scores: VES and C-VES (BIRD), R-VES (mini-dev), with their spread",
                               kVesUsage, ves_flags, ves_main}};

}  // namespace
}  // namespace chokepoint::cli
