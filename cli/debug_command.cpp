// `chokepoint debug`: SQL debugging (004 §4.2) of a prediction file. Every prediction that fails EX is classified
// (core/diagnosis/error_taxonomy.h) and sent back to the configured model with the strategy's information
// (core/diagnosis/sql_debugging.h); the answer replaces it when it is a query, and the next round takes only what is
// still wrong. The model may differ from the one that made the predictions (cross-model debugging).
#include <iostream>
#include <set>

#include <nlohmann/json.hpp>

#include "cli/call_preview.h"
#include "cli/cli_inputs.h"
#include "cli/command.h"
#include "cli/common_flags.h"
#include "cli/ex_inputs.h"
#include "cli/llm_calls.h"
#include "cli/model_calls.h"
#include "core/base/file_text.h"
#include "core/base/json_dump.h"
#include "core/dataset/eval_set_loader.h"
#include "core/diagnosis/debug_rounds.h"
#include "core/llm/sql_answer.h"
#include "core/metrics/eval_pairs.h"
#include "core/metrics/execution_accuracy.h"
#include "core/runner/prompt_formats.h"

namespace chokepoint::cli {
namespace {

const char* kDebugUsage =
    "Usage: chokepoint debug --gold FILE --pred FILE --db-root DIR --llm-config CONFIG.json --out REPORT.json\n"
    "                        [--strategy regenerate|wrong_sql|system_error|all_errors|comment|all] [--rounds R]\n"
    "                        [--replay FILE.sqlite] [--prompts DIR] [--semantics bird|spider|test-suite] [--preview]\n"
    "Each prediction with EX = 0 is sent back to the model with the strategy's information (default comment: the\n"
    "wrong SQL, its error information and a comment on its error category), for R rounds (default 2), each round\n"
    "only what is still wrong. stdout: JSON {wrong, strategy, rounds: [{round, attempted, answered, fixed,\n"
    "still_wrong, system_errors, result_errors, ex_over_wrong}]}: answered counts answers that held a query (the\n"
    "others keep the previous prediction); ex_over_wrong is the percent of the initially wrong SQLs right after that\n"
    "round (004 Table 5); round 0 counts the errors before debugging (Figure 5); model_calls counts the calls\n"
    "answered, failed and cut by a budget. REPORT.json adds each debugged item's queries. --preview prints every\n"
    "prompt of the first round (the predictions are evaluated first) and says what later rounds send, and sends\n"
    "nothing. --strategy all runs the five strategies side by side on the same wrong predictions (004 Fig. 4):\n"
    "stdout then has strategies: [{strategy, rounds}] and REPORT.json's items name their strategy.\n"
    "A database missing under --db-root is an error unless --skip-missing.";

FlagTable debug_flags() {
  return with_model_call_flags({
      flags::gold(),
      flags::pred(),
      flags::db_root(),
      flags::llm_config(),
      flags::out("REPORT.json", "the summary and each debugged item's queries"),
      choice_flag("--strategy", {"regenerate", "wrong_sql", "system_error", "all_errors", "comment", "all"},
                  "what the model is shown of each wrong prediction; all: the five side by side")
          .valued("STRATEGY")
          .or_else("comment"),
      whole_flag("--rounds", "R", 1, 10, "rounds", "rounds of debugging, each on what is still wrong").or_else("2"),
      flags::prompts(),
      flags::semantics({"bird", "spider", "test-suite"}, "gold's benchmark"),
      flags::timeout_ms("5000", "time limit of one item"),
      flags::skip_missing(),
  });
}

int debug_main(const FlagValues& r) {
  const std::string config = r.text("--llm-config");
  if (r.text("--gold").empty() || r.text("--pred").empty() || r.text("--db-root").empty() || config.empty() ||
      r.text("--out").empty())
    return fail_input(std::string("missing arguments\n") + kDebugUsage);
  const bool all = r.text("--strategy") == "all";
  std::vector<diagnosis::DebugStrategy> strategies;
  if (all) {
    strategies = {diagnosis::DebugStrategy::Regenerate, diagnosis::DebugStrategy::WrongSql,
                  diagnosis::DebugStrategy::SystemError, diagnosis::DebugStrategy::AllErrors,
                  diagnosis::DebugStrategy::Comment};
  } else {
    auto strategy = diagnosis::debug_strategy_from_name(r.text("--strategy"));
    if (!strategy.ok()) return fail_input(strategy.error());
    strategies = {*strategy};
  }
  const int rounds = static_cast<int>(r.integer("--rounds"));
  auto in = read_ex_inputs(r);
  if (!in.ok()) return fail_input(in.error());
  const EvaluationOptions& options = in->options;
  auto* open = &in->open;
  auto setup = read_chat_setup(r);
  if (!setup.ok()) return fail_input(setup.error());
  const LlmSettings& settings = setup->settings;
  const LlmEndpoint& endpoint = setup->endpoint;
  const PromptLibrary& prompts = setup->prompts;
  auto calls = ModelCalls::open(r);
  if (!calls.ok()) return fail_input(calls.error());
  std::map<std::string, std::string> questions;  // by pair id
  for (const auto& it : in->gold.items) questions[it.key] = runner::question_with_evidence(it.question, it.evidence);

  const auto items = evaluate_pairs(in->pairs, *open->pool, options);
  auto rounds_of = [&](diagnosis::DebugStrategy strategy) {
    return diagnosis::DebugRounds(in->pairs, items, questions, strategy, rounds, [&](const std::string& db) {
      auto s = open->schemas.find(db);
      return s == open->schemas.end() ? nullptr : &s->second;
    });
  };
  const size_t wrong = rounds_of(strategies.front()).initially_wrong();
  const std::string strategy_name = all ? "all" : diagnosis::debug_strategy_name(strategies.front());
  UsageTotals usage;
  std::cerr << "chokepoint: debug: " << wrong << " wrong predictions, up to " << rounds << " rounds"
            << (all ? " for each of the five strategies" : "") << " to " << endpoint_url(endpoint, "") << " ("
            << strategy_name << ")\n";
  if (calls->preview()) {
    CallPreview preview;
    preview.destinations = {{settings.model, endpoint_url(endpoint, "")}};
    size_t first_round = 0;
    for (auto strategy : strategies) {
      auto debug = rounds_of(strategy);
      if (debug.done()) continue;
      auto first = debug.next_prompts(prompts);
      if (!first.ok()) return fail_input(first.error());
      first_round = first->size();
      for (const auto& p : *first) preview.prompts.push_back(preview_prompt(p.id, p.prompt, settings, calls->replay()));
    }
    for (int round = 2; round <= rounds && !preview.prompts.empty(); ++round)
      preview.later_rounds.push_back({"round " + std::to_string(round),
                                      "the predictions still wrong after round " + std::to_string(round - 1) +
                                          ", with the strategy's information on the latest query",
                                      first_round * strategies.size()});
    preview.details = {{"wrong", wrong}, {"strategy", strategy_name}, {"rounds", rounds}};
    return print_preview(preview);
  }
  nlohmann::json per_strategy = nlohmann::json::array(), listed = nlohmann::json::array();
  for (auto strategy : strategies) {
    auto debug = rounds_of(strategy);
    while (!debug.done()) {
      auto prompts_of_round = debug.next_prompts(prompts);
      if (!prompts_of_round.ok()) return fail_input(prompts_of_round.error());
      std::vector<std::pair<std::string, std::string>> batch;
      for (const auto& p : *prompts_of_round) batch.emplace_back(p.id, p.prompt);
      const auto answers = calls->ask(settings, endpoint, batch, &usage);
      std::vector<std::optional<std::string>> sql;
      for (const auto& a : answers) {
        std::optional<std::string> q;
        if (a.ok())
          if (auto extracted = extract_sql(*a, PromptPostfix::Chat); extracted.ok()) q = extracted->sql;
        sql.push_back(std::move(q));
      }
      auto again = debug.answer(sql);
      if (!again.ok()) return fail_input(again.error());
      std::vector<ItemEvaluation> evaluated;
      for (const auto& pair : *again) {
        auto conn = open->pool->get(pair.db_id);
        evaluated.push_back(conn.ok()
                                ? evaluate_pair(**conn, pair, options)
                                : unfinished_item(pair, options.regimes.size(), QueryStatus::Error, conn.error()));
      }
      if (auto row = debug.evaluated(evaluated); !row.ok()) return fail_input(row.error());
    }
    per_strategy.push_back(
        {{"strategy", diagnosis::debug_strategy_name(strategy)}, {"rounds", diagnosis::debug_rows_json(debug.rows())}});
    for (const auto& h : debug.history()) {
      nlohmann::json steps = nlohmann::json::array();
      for (const auto& s : h.rounds) steps.push_back({{"sql", s.sql}, {"ex", s.ex}});
      nlohmann::json item = {{"id", debug.pairs()[h.pair].id}, {"original", h.original}, {"rounds", steps}};
      if (all) item["strategy"] = diagnosis::debug_strategy_name(strategy);
      listed.push_back(std::move(item));
    }
  }
  nlohmann::json summary = {{"wrong", wrong},
                            {"strategy", strategy_name},
                            {"usage", {{"network_calls", usage.network_calls}, {"replayed", usage.replayed}}}};
  if (all)
    summary["strategies"] = per_strategy;
  else
    summary["rounds"] = per_strategy[0]["rounds"];
  if (r.has("--skip-missing")) summary["skipped_no_database"] = in->skipped_no_database;
  summary["model_calls"] = calls->tally_json();
  calls->report("debug");
  if (int rc = finish_report(r.text("--out"), summary, std::move(listed))) return rc;
  return calls->exit_code();
}

const Registrar debug_registrar{{"debug", "SQL debugging of wrong predictions with a model (004's five strategies)",
                                 kDebugUsage, debug_flags, debug_main}};

}  // namespace
}  // namespace chokepoint::cli
