// `chokepoint errors`: the error taxonomy of 004 §5 over an evaluation (core/diagnosis/error_taxonomy.h). Gold and
// predictions are evaluated as `eval` does (EX only); every failed item gets a System Error kind or one Result Error
// subcategory with the evidence that decided it. With --llm-config, the Result Errors the rules leave to
// condition_filter or data_processing also go to the model (core/diagnosis/error_category_llm.h), through the
// CallScheduler and the replay store, and its readable answers decide those two.
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
#include "core/diagnosis/error_category_llm.h"
#include "core/diagnosis/error_counts.h"
#include "core/diagnosis/error_taxonomy.h"
#include "core/metrics/eval_pairs.h"
#include "core/runner/prompt_formats.h"

namespace chokepoint::cli {
namespace {

const char* kErrorsUsage =
    "Usage: chokepoint errors --gold FILE --pred FILE --db-root DIR --out ERRORS.json\n"
    "                         [--semantics bird|spider|test-suite] [--timeout-ms T]\n"
    "                         [--llm-config CONFIG.json [--replay FILE.sqlite] [--prompts DIR] [--preview]]\n"
    "Files as `chokepoint eval` reads them. Each item with EX = 0 is a System Error (the prediction did not run:\n"
    "kinds 'no such column', 'no such table', 'syntax error', 'ambiguous column', 'timeout', 'empty', ...) or a "
    "Result\n"
    "Error with one subcategory, the first that applies: table_query, column_selection (each excessive, missing or\n"
    "incorrect), join_columns, condition_filter, data_processing. The last two are told apart by a rule on the\n"
    "WHERE/HAVING conditions, or with --llm-config by the model (prompts/t2s_error_category.mustache: the question,\n"
    "the gold query and the prediction are sent); an answer that names neither keeps the rule's decision.\n"
    "--replay FILE.sqlite: the model's answers are recorded there and a rerun sends nothing it already has;\n"
    "--preview prints what would be sent, every prompt, and sends nothing (the rules' work is done first).\n"
    "stdout: JSON {n, failed, system_errors: {kind: n}, result_errors: {subcategory: n, 'subcategory/direction': n}};\n"
    "with --llm-config also llm: {model, asked, agreed, changed, unreadable, no_answer, usage: {network_calls,\n"
    "replayed}} (changed: the model's category replaced the rule's) and model_calls. ERRORS.json adds the items\n"
    "with their evidence and decided_by (rule or llm); the items the model was asked about also have llm: agreed|\n"
    "changed|unreadable|no_answer. A database missing under --db-root is an error unless --skip-missing (then the\n"
    "summary has skipped_no_database). The model-call flags below go with --llm-config.";

FlagTable errors_flags() {
  return with_model_call_flags({
      flags::gold(),
      flags::pred(),
      flags::db_root(),
      flags::out("ERRORS.json", "the summary and every failed item with its evidence"),
      flags::semantics({"bird", "spider", "test-suite"}, "gold's benchmark"),
      flags::timeout_ms("5000", "time limit of one item"),
      flags::llm_config().described("a model decides condition_filter or data_processing"),
      flags::prompts(),
      flags::skip_missing(),
  });
}

int errors_main(const FlagValues& r) {
  if (r.text("--gold").empty() || r.text("--pred").empty() || r.text("--db-root").empty() || r.text("--out").empty())
    return fail_input(std::string("missing arguments\n") + kErrorsUsage);
  if (auto st = check_model_call_flags_need_model(r); !st.ok()) return fail_input(st.error());
  std::optional<ChatSetup> chat;
  if (r.has("--llm-config")) {
    auto setup = read_chat_setup(r);
    if (!setup.ok()) return fail_input(setup.error());
    chat = std::move(*setup);
  }
  auto in = read_ex_inputs(r);
  if (!in.ok()) return fail_input(in.error());
  const auto& pairs = in->pairs;
  auto* open = &in->open;
  const auto items = evaluate_pairs(pairs, *open->pool, in->options);

  // Every failed item by the rules first: (pair index, classification).
  std::vector<std::pair<size_t, diagnosis::ErrorClassification>> failures;
  for (size_t i = 0; i < items.size(); ++i) {
    const auto& it = items[i];
    if (it.status != ItemStatus::Scored || it.ex) continue;
    auto schema = open->schemas.find(it.db_id);
    if (schema == open->schemas.end()) continue;
    failures.emplace_back(i, diagnosis::classify_failed_item(it, pairs[i], schema->second));
  }

  // Then the model, for the Result Errors the rules left to condition_filter or data_processing.
  std::map<size_t, diagnosis::LlmCategoryOutcome> asked;  // failure index -> outcome
  nlohmann::json llm_summary;
  std::optional<ModelCalls> calls;
  if (chat) {
    std::map<std::string, std::string> questions;  // by pair id
    for (const auto& g : in->gold.items) questions[g.key] = runner::question_with_evidence(g.question, g.evidence);
    std::vector<size_t> which;
    std::vector<std::pair<std::string, std::string>> batch;
    for (size_t f = 0; f < failures.size(); ++f) {
      if (!diagnosis::asks_llm_category(failures[f].second)) continue;
      const EvalPair& p = pairs[failures[f].first];
      auto prompt = diagnosis::render_error_category_prompt(chat->prompts, questions[p.id], p.gold_sql, p.pred_sql);
      if (!prompt.ok()) return fail_input(prompt.error());
      which.push_back(f);
      batch.emplace_back(p.id + " / error category", *prompt);
    }
    auto opened = ModelCalls::open(r);
    if (!opened.ok()) return fail_input(opened.error());
    calls = std::move(*opened);
    std::cerr << "chokepoint: errors: " << batch.size() << " prompts to " << endpoint_url(chat->endpoint, "")
              << "; questions, gold queries and predictions are sent\n";
    if (calls->preview()) {
      CallPreview preview;
      preview.destinations = {{chat->settings.model, endpoint_url(chat->endpoint, "")}};
      for (const auto& [id, prompt] : batch)
        preview.prompts.push_back(preview_prompt(id, prompt, chat->settings, calls->replay()));
      preview.details = {{"failed", failures.size()}};
      return print_preview(preview);
    }
    UsageTotals usage;
    const auto answers = calls->ask(chat->settings, chat->endpoint, batch, &usage);
    std::map<diagnosis::LlmCategoryOutcome, size_t> outcomes;
    for (size_t k = 0; k < which.size(); ++k) {
      auto decision = diagnosis::merge_llm_category(failures[which[k]].second, chat->settings.model, answers[k]);
      failures[which[k]].second = std::move(decision.classification);
      asked[which[k]] = decision.outcome;
      ++outcomes[decision.outcome];
    }
    llm_summary = {{"model", chat->settings.model},
                   {"asked", which.size()},
                   {"usage", {{"network_calls", usage.network_calls}, {"replayed", usage.replayed}}}};
    for (auto o : {diagnosis::LlmCategoryOutcome::Agreed, diagnosis::LlmCategoryOutcome::Changed,
                   diagnosis::LlmCategoryOutcome::Unreadable, diagnosis::LlmCategoryOutcome::NoAnswer})
      llm_summary[diagnosis::llm_category_outcome_name(o)] = outcomes[o];
  }

  nlohmann::json listed = nlohmann::json::array();
  std::vector<diagnosis::ErrorClassification> classes;
  for (size_t f = 0; f < failures.size(); ++f) {
    const auto& [i, c] = failures[f];
    const auto& it = items[i];
    classes.push_back(c);
    nlohmann::json j = {{"id", it.id},
                        {"db_id", it.db_id},
                        {"gold", pairs[i].gold_sql},
                        {"pred", pairs[i].pred_sql},
                        {"evidence", c.evidence},
                        {"decided_by", diagnosis::error_decider_name(c.decided_by)}};
    if (auto a = asked.find(f); a != asked.end()) j["llm"] = diagnosis::llm_category_outcome_name(a->second);
    if (c.error_class == diagnosis::ErrorClass::SystemError) {
      j["class"] = "system_error";
      j["kind"] = c.system_kind;
    } else {
      j["class"] = "result_error";
      j["kind"] = diagnosis::error_category(c);
      j["direction"] = diagnosis::error_direction_name(c.direction);
    }
    listed.push_back(std::move(j));
  }
  nlohmann::json summary = {{"n", items.size()}};
  summary.update(diagnosis::error_counts_json(classes));
  if (chat) summary["llm"] = llm_summary;
  if (r.has("--skip-missing")) summary["skipped_no_database"] = in->skipped_no_database;
  if (calls) {
    summary["model_calls"] = calls->tally_json();
    calls->report("errors");
  }
  if (int rc = finish_report(r.text("--out"), summary, std::move(listed))) return rc;
  return calls ? calls->exit_code() : 0;
}

const Registrar errors_registrar{{"errors", "error taxonomy of failed predictions (004: System and Result Errors)",
                                  kErrorsUsage, errors_flags, errors_main}};

}  // namespace
}  // namespace chokepoint::cli
