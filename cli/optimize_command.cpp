// `chokepoint optimize`: SQL optimisation (004 §4.3; core/llm_tasks/sql_optimization.h). The predictions are the
// stage-one queries Y; each variant asks each model for faster queries (or, `direct`, for the fastest query straight
// from the question), a rewrite replaces Y only when it returns Y's result, and every (variant, model) cell is timed
// against the gold as `chokepoint ves` times it: VES and C-VES per variant and model, beside the baseline (Y itself),
// shaped like 004 Table 6.
#include <climits>
#include <iostream>
#include <map>
#include <optional>

#include <nlohmann/json.hpp>

#include "cli/call_preview.h"
#include "cli/cli_inputs.h"
#include "cli/command.h"
#include "cli/common_flags.h"
#include "cli/ex_inputs.h"
#include "cli/llm_calls.h"
#include "cli/model_calls.h"
#include "core/base/json_dump.h"
#include "core/llm/chat_request.h"
#include "core/llm_tasks/sql_optimization.h"
#include "core/llm_tasks/sql_optimization_json.h"
#include "core/metrics/efficiency_evaluation.h"
#include "core/metrics/eval_pairs.h"
#include "core/runner/prompt_formats.h"

namespace chokepoint::cli {
namespace {

const char* kOptimizeUsage =
    "Usage: chokepoint optimize --gold FILE --pred Y --db-root DIR --out OPT.json --llm-config CONFIG.json\n"
    "                           [--llm-config ANOTHER.json ...] [--variant NAME ...] [--iterations N]\n"
    "                           [--semantics bird|spider] [--timeout-ms T] [--replay FILE.sqlite] [--prompts DIR]\n"
    "                           [--preview]\n"
    "SQL optimisation (004 §4.3). --pred holds the stage-one queries Y (e.g. `chokepoint predict`'s output). Variants\n"
    "(default all): with-y (the query alone), with-y+s (and the schema), with-y+s+q (and the question), demo (after\n"
    "three demonstrations), demo+comments (with the reason each is faster), direct (the fastest query straight from\n"
    "the question and schema, one stage). Only correct Ys are sent (a rewrite that keeps a wrong Y's result keeps it\n"
    "wrong, and VES scores it 0 anyway); a rewrite replaces Y only when it returns Y's result (the safe view).\n"
    "Each cell is also scored as 004 scores it (as_published): every rewrite the model wrote replaces Y, so one\n"
    "that breaks a correct query counts against the method. Each cell is then timed\n"
    "against the gold as `chokepoint ves` does (--iterations, default 10 as BIRD's script; --timeout-ms bounds each\n"
    "query and each pair's timing at T x N). Sent: the query, the schema (table and column names) and the question\n"
    "with its evidence, as the variant needs. --preview prints every prompt for every model and sends nothing.\n"
    "stdout: JSON {n, iterations, baseline: {ex, ves, c_ves, correct, self_ves, self_score_sd}, table: [{variant,\n"
    "model, ex, ves, c_ves, correct, accepted, changed_result, failed, no_sql, no_answer, not_asked, generated,\n"
    "as_published: {ex, ves, c_ves, correct, scored, rewrites_not_kept}}],\n"
    "usage, model_calls}; OPT.json adds each cell's items (outcome, final query, score). A database missing under\n"
    "--db-root is an error unless --skip-missing.";

FlagTable optimize_flags() {
  std::vector<std::string> variants;
  for (auto v : llm_tasks::all_optimize_variants()) variants.push_back(llm_tasks::optimize_variant_name(v));
  return with_model_call_flags({
      flags::gold(),
      flags::pred().described("the stage-one queries Y"),
      flags::db_root(),
      flags::out("OPT.json", "the table and each cell's items"),
      flags::llm_config().described("a model asked for faster rewrites").repeated(),
      choice_flag("--variant", variants, "a prompt variant").valued("NAME").shows("all").repeated(),
      whole_flag("--iterations", "N", 1, 100000, "iterations", "timed runs of each pair").or_else("10"),
      flags::semantics({"bird", "spider", "test-suite"}, "gold's benchmark"),
      flags::timeout_ms("5000", "time limit of one query; a pair's timing gets T x N"),
      flags::prompts(),
      flags::skip_missing(),
  });
}

int optimize_main(const FlagValues& r) {
  if (r.text("--gold").empty() || r.text("--pred").empty() || r.text("--db-root").empty() || r.text("--out").empty() ||
      !r.has("--llm-config"))
    return fail_input(std::string("missing arguments\n") + kOptimizeUsage);
  const int iterations = static_cast<int>(r.integer("--iterations"));
  std::vector<llm_tasks::OptimizeVariant> variants;
  for (const auto& name : r.all("--variant")) variants.push_back(*llm_tasks::optimize_variant_from_name(name));
  if (variants.empty()) variants = llm_tasks::all_optimize_variants();
  std::vector<ChatEndpoint> models;
  for (const auto& config : r.all("--llm-config")) {
    auto c = read_chat_endpoint(config);
    if (!c.ok()) return fail_input(c.error());
    models.push_back(*c);
  }
  auto prompts = read_prompts(r);
  if (!prompts.ok()) return fail_input(prompts.error());
  auto in = read_ex_inputs_with_databases(r);
  if (!in.ok()) return fail_input(in.error());
  in->options.regimes.clear();
  const auto& pairs = in->pairs;

  // Stage one: which Ys are correct.
  const auto y_items = evaluate_pairs(pairs, *in->open.pool, in->options);
  std::map<std::string, const EvalItem*> gold_of;
  for (const auto& g : in->gold.items) gold_of[g.key] = &g;
  std::map<std::string, std::string> schema_text;  // db_id -> SimpleDDL as SimpleDDL-MD-Chat shows it
  const auto format = runner::prompt_format_from_name("SimpleDDL-MD-Chat");
  for (const auto& [db, schema] : in->open.schemas) schema_text[db] = runner::render_schema(schema, *format, {});

  // The prompts of each variant: (pair index, prompt).
  std::map<llm_tasks::OptimizeVariant, std::vector<std::pair<size_t, std::string>>> asks;
  long long tokens = 0;
  for (auto v : variants) {
    for (size_t i = 0; i < pairs.size(); ++i) {
      const bool correct_y = y_items[i].status == ItemStatus::Scored && y_items[i].ex;
      if (llm_tasks::is_two_stage(v) && !correct_y) continue;
      if (!schema_text.count(pairs[i].db_id)) continue;
      const EvalItem* g = gold_of.count(pairs[i].id) ? gold_of[pairs[i].id] : nullptr;
      llm_tasks::OptimizeInput input{schema_text[pairs[i].db_id], g ? g->question : "", g ? g->evidence : "",
                                     pairs[i].pred_sql};
      auto p = llm_tasks::render_optimize_prompt(*prompts, v, input);
      if (!p.ok()) return fail_input(p.error());
      tokens += estimate_tokens(*p) * static_cast<long long>(models.size());
      asks[v].emplace_back(i, *p);
    }
  }
  size_t call_count = 0;
  for (const auto& [v, list] : asks) call_count += list.size() * models.size();
  std::cerr << "chokepoint: optimize: " << call_count << " prompts (" << variants.size() << " variants x "
            << models.size() << " models) to " << endpoint_url(models[0].endpoint, "") << ", ~" << tokens
            << " prompt tokens; queries, table and column names and questions are sent\n";
  auto calls = ModelCalls::open(r);
  if (!calls.ok()) return fail_input(calls.error());
  // The batch of one variant, the same for every model.
  auto batch_of = [&](llm_tasks::OptimizeVariant v) {
    std::vector<std::pair<std::string, std::string>> batch;
    for (const auto& [i, prompt] : asks[v])
      batch.emplace_back(pairs[i].id + " / optimize " + llm_tasks::optimize_variant_name(v), prompt);
    return batch;
  };
  if (calls->preview()) {
    CallPreview preview;
    for (const auto& m : models) preview.destinations.push_back({m.settings.model, endpoint_url(m.endpoint, "")});
    for (auto v : variants)
      for (const auto& m : models)
        for (const auto& [id, prompt] : batch_of(v))
          preview.prompts.push_back(preview_prompt((models.size() > 1 ? m.settings.model + " / " : "") + id, prompt,
                                                   m.settings, calls->replay()));
    nlohmann::ordered_json per_model = nlohmann::ordered_json::object();
    for (const auto& [v, list] : asks) per_model[llm_tasks::optimize_variant_name(v)] = list.size();
    nlohmann::ordered_json listed = nlohmann::ordered_json::array();
    for (const auto& m : models)
      listed.push_back({{"model", m.settings.model}, {"destination", endpoint_url(m.endpoint, "")}});
    preview.details = {{"calls_per_model", per_model}, {"models", listed}};
    return print_preview(preview);
  }

  EfficiencyOptions timing;
  timing.timing.iterations = iterations;
  timing.timing.min_span_ns = std::max<int64_t>(1000000, 100 * clock_resolution_ns(timing.timing.clock));
  const int64_t limit = int64_t{in->options.limits.timeout_ms} * iterations;
  timing.timing.timeout_ms =
      in->options.limits.timeout_ms <= 0 ? 0 : static_cast<int>(std::min<int64_t>(limit, INT_MAX));
  timing.self_check = true;  // the baseline reports the spread; the cells do not need it again
  const auto baseline_items = evaluate_efficiency_pairs(pairs, *in->open.pool, in->options, timing);
  const auto baseline = summarize_efficiency(baseline_items);
  timing.self_check = false;

  UsageTotals usage;
  nlohmann::json table = nlohmann::json::array(), cells = nlohmann::json::array();
  for (auto v : variants) {
    for (const auto& m : models) {
      const auto answers = calls->ask(m.settings, m.endpoint, batch_of(v), &usage);
      std::vector<std::optional<Result<std::string>>> answer_of(pairs.size());
      for (size_t k = 0; k < asks[v].size(); ++k) answer_of[asks[v][k].first] = answers[k];

      std::vector<llm_tasks::RewriteDecision> decisions;
      std::vector<EvalPair> final_pairs = pairs;
      for (size_t i = 0; i < pairs.size(); ++i) {
        if (!llm_tasks::is_two_stage(v)) {
          decisions.push_back(answer_of[i] ? llm_tasks::direct_query(*answer_of[i])
                                           : llm_tasks::RewriteDecision{"", llm_tasks::RewriteOutcome::NoAnswer,
                                                                        "no schema for " + pairs[i].db_id, ""});
        } else {
          auto db = in->open.pool->get(pairs[i].db_id);
          decisions.push_back(
              !db.ok()
                  ? llm_tasks::RewriteDecision{pairs[i].pred_sql, llm_tasks::RewriteOutcome::NotAsked, db.error(), ""}
                  : llm_tasks::decide_rewrite(pairs[i].pred_sql, answer_of[i],
                                              llm_tasks::same_result_as_prediction(**db, pairs[i], in->options)));
        }
        final_pairs[i].pred_sql = decisions.back().final_sql;
      }
      const auto timed = evaluate_efficiency_pairs(final_pairs, *in->open.pool, in->options, timing);
      const auto s = summarize_efficiency(timed);
      // As 004 scores it: every rewrite the model wrote replaces Y, kept or not; only those items are timed again.
      std::vector<EvalPair> replaced;
      std::vector<size_t> replaced_at;
      for (size_t i = 0; i < pairs.size(); ++i)
        if (llm_tasks::published_final_sql(decisions[i]) != final_pairs[i].pred_sql) {
          replaced.push_back(final_pairs[i]);
          replaced.back().pred_sql = llm_tasks::published_final_sql(decisions[i]);
          replaced_at.push_back(i);
        }
      auto published = timed;
      const auto retimed = evaluate_efficiency_pairs(replaced, *in->open.pool, in->options, timing);
      for (size_t k = 0; k < replaced_at.size() && k < retimed.size(); ++k) published[replaced_at[k]] = retimed[k];
      nlohmann::json row = llm_tasks::optimize_row_json(v, s, decisions);
      row["model"] = m.settings.model;
      row["as_published"] = llm_tasks::optimize_scores_json(summarize_efficiency(published));
      row["as_published"]["rewrites_not_kept"] = replaced.size();
      table.push_back(row);
      for (size_t i = 0; i < pairs.size(); ++i) {
        nlohmann::json cell = llm_tasks::optimize_item_json(v, pairs[i].id, decisions[i]);
        cell["model"] = m.settings.model;
        cell["correct"] = timed[i].correct();
        cell["score"] = timed[i].correct() ? timed[i].timing.summary.score : 0.0;
        cells.push_back(std::move(cell));
      }
    }
  }
  nlohmann::json base = llm_tasks::optimize_scores_json(baseline);
  base["self_ves"] = baseline.self_ves;
  base["self_score_sd"] = baseline.self_score_sd;
  nlohmann::json summary = {
      {"n", pairs.size()}, {"iterations", iterations},
      {"timing", "step"},  {"baseline", base},
      {"table", table},    {"usage", {{"network_calls", usage.network_calls}, {"replayed", usage.replayed}}}};
  summary["model_calls"] = calls->tally_json();
  calls->report("optimize");
  if (int rc = finish_report(r.text("--out"), summary, std::move(cells))) return rc;
  return calls->exit_code();
}

const Registrar optimize_registrar{
    {"optimize", "SQL optimisation: faster rewrites by prompt variant and model, scored by VES and C-VES (004)",
     kOptimizeUsage, optimize_flags, optimize_main}};

}  // namespace
}  // namespace chokepoint::cli
