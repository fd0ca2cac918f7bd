// `chokepoint predict`: runs a model on an evaluation set (issue 13): each item's prompt in the chosen formats of
// 004 §4.1.1 goes to the configured endpoint through the CallScheduler (replay store, retries, budget); each answer
// gives one SQL query (core/llm/sql_answer.h) or a reason it gives none. Writes predictions `eval` reads as they
// are: BIRD's dict (--out) and Spider's one-per-line file beside it (.txt), one pair per format.
#include <cmath>
#include <iostream>
#include <set>

#include <nlohmann/json.hpp>

#include "cli/cli_inputs.h"
#include "cli/command.h"
#include "cli/llm_calls.h"
#include "core/base/file_text.h"
#include "core/base/json_dump.h"
#include "core/dataset/eval_set_loader.h"
#include "core/llm/llm_settings.h"
#include "core/metrics/execution_accuracy.h"
#include "core/metrics/pair_evaluation.h"
#include "core/runner/prediction_run.h"

namespace chokepoint::cli {
namespace {

const char* kUsage =
    "Usage: chokepoint predict --set FILE (--db-root DIR | --tables TABLES.json) --llm-config CONFIG.json\n"
    "                          --out PRED.json [--format F | --formats all] [--rows N] [--fk] [--limit N]\n"
    "                          [--replay FILE.sqlite] [--prompts DIR]\n"
    "FILE: a set in any format `chokepoint eval` reads; BIRD evidence is joined to the question.\n"
    "--format: one of the 12 formats of 004 (SCHEMA-WRAPPER-POSTFIX: DDL or SimpleDDL, MD, HTML or Coding, Chat\n"
    "  or Complete; default SimpleDDL-MD-Chat); --formats all runs the 12. --rows N: N example rows per table (needs\n"
    "  --db-root). --fk: foreign keys in the schema. --limit N: the first N items only.\n"
    "--replay FILE.sqlite: answers are recorded there and a rerun sends nothing it already has.\n"
    "Writes PRED.json (BIRD's prediction dict) and PRED.txt (Spider's one query per line); with several formats,\n"
    "PRED.<format>.json and .txt for each. stdout: JSON {formats: {name: {items, ok, no_sql, llm_error, out,\n"
    "spider_out, ex_bird, ex_spider}}, usage: {network_calls, replayed, retries, prompt_tokens, completion_tokens}};\n"
    "with --db-root each format is scored at once against the set (EX in both semantics: 004 Table 3). An answer "
    "without\n"
    "SQL is counted as no_sql and written as an empty query (a failed prediction to `eval`).\n"
    "Exit code 0; 1 when some items have no SQL; 2 on bad input.";

std::string with_suffix(const std::string& out, const std::string& format, const std::string& ext, bool several) {
  std::string stem = out;
  if (stem.size() > 5 && stem.compare(stem.size() - 5, 5, ".json") == 0) stem.resize(stem.size() - 5);
  return stem + (several ? "." + format : "") + ext;
}

int predict_main(const Args& args) {
  ArgReader r(args, {"--fk"});
  if (!r.error().empty()) return fail_input(r.error());
  const std::string set_path = r.get("--set"), out = r.get("--out"), config = r.get("--llm-config");
  if (set_path.empty() || out.empty() || config.empty() || (r.get("--db-root").empty() && r.get("--tables").empty()))
    return fail_input(std::string("missing arguments\n") + kUsage);
  std::vector<runner::PromptFormat> formats;
  if (r.get("--formats") == "all") {
    formats = runner::all_prompt_formats();
  } else {
    auto f = runner::prompt_format_from_name(r.get("--format", "SimpleDDL-MD-Chat"));
    if (!f.ok()) return fail_input(f.error());
    formats.push_back(*f);
  }
  runner::SchemaRenderOptions schema_options;
  schema_options.foreign_keys = r.has("--fk");
  long limit = 0;
  try {
    schema_options.sample_rows = std::stoi(r.get("--rows", "0"));
    limit = std::stol(r.get("--limit", "0"));
  } catch (...) {
    return fail_input("--rows and --limit take whole numbers");
  }
  if (schema_options.sample_rows < 0 || schema_options.sample_rows > 100 || limit < 0)
    return fail_input("--rows must be 0 to 100 and --limit at least 0");
  if (schema_options.sample_rows > 0 && r.get("--db-root").empty())
    return fail_input("--rows needs --db-root (the rows come from the databases)");

  auto set = load_eval_set(set_path);
  if (!set.ok()) return fail_input(set_path + ": " + set.error());
  if (limit > 0 && set->items.size() > static_cast<size_t>(limit)) set->items.resize(static_cast<size_t>(limit));
  std::set<std::string> ids;
  for (const auto& it : set->items) ids.insert(it.db_id);
  std::map<std::string, Schema> schemas;
  std::map<std::string, runner::SampleRows> samples;
  OpenDatabases open;
  if (!r.get("--db-root").empty()) {
    auto opened = open_databases(r.get("--db-root"), ids);
    if (!opened.ok()) return fail_input(opened.error());
    open = std::move(*opened);
    schemas = open.schemas;
    for (const auto& [db, c] : open.connections)
      samples[db] = runner::read_sample_rows(*c, schemas[db], schema_options.sample_rows);
  } else {
    auto all = tables_json_by_db(r.get("--tables"));
    if (!all.ok()) return fail_input(all.error());
    schemas = std::move(*all);
  }
  auto setup = read_chat_setup(r);
  if (!setup.ok()) return fail_input(setup.error());
  const LlmSettings& settings = setup->settings;
  const LlmEndpoint& endpoint = setup->endpoint;
  const PromptLibrary& prompts = setup->prompts;
  auto tasks = runner::plan_predictions(*set, schemas, formats, schema_options, prompts, samples);
  if (!tasks.ok()) return fail_input(tasks.error());

  auto replay = open_replay(r);
  if (!replay.ok()) return fail_input(replay.error());
  long long tokens = 0;
  for (const auto& t : *tasks) tokens += estimate_tokens(t.prompt);
  // What leaves the machine, before anything does (the CLI's privacy preview).
  std::cerr << "chokepoint: predict: " << tasks->size() << " prompts (" << formats.size() << " format"
            << (formats.size() == 1 ? "" : "s") << ") to " << endpoint_url(endpoint, "") << ", ~" << tokens
            << " prompt tokens; schema, questions" << (schema_options.sample_rows ? " and example rows" : "")
            << " are sent\n";

  std::vector<std::pair<std::string, std::string>> prompts_to_send;
  for (const auto& t : *tasks) prompts_to_send.emplace_back(set->items[t.item].key + " / " + t.format.name(), t.prompt);
  UsageTotals u;
  const auto answers = run_chat_prompts(settings, endpoint, replay->store.get(), prompts_to_send, u);

  nlohmann::json summary_formats = nlohmann::json::object();
  bool any_missing = false;
  std::map<std::string, std::vector<runner::PredictedItem>> by_format;
  for (size_t i = 0; i < tasks->size(); ++i) {
    const auto& t = (*tasks)[i];
    by_format[t.format.name()].push_back(runner::read_prediction(set->items[t.item], t.format, answers[i]));
  }
  for (const auto& f : formats) {
    const auto& items = by_format[f.name()];
    const std::string bird_path = with_suffix(out, f.name(), ".json", formats.size() > 1);
    const std::string spider_path = with_suffix(out, f.name(), ".txt", formats.size() > 1);
    if (auto st = write_file(bird_path, runner::write_bird_predictions(items)); !st.ok()) return fail_input(st.error());
    if (auto st = write_file(spider_path, runner::write_spider_predictions(items)); !st.ok())
      return fail_input(st.error());
    size_t ok = 0, no_sql = 0, llm_error = 0;
    for (const auto& p : items) {
      ok += p.status == runner::PredictionStatus::Ok;
      no_sql += p.status == runner::PredictionStatus::NoSql;
      llm_error += p.status == runner::PredictionStatus::LlmError;
      if (p.status != runner::PredictionStatus::Ok)
        std::cerr << "chokepoint: " << f.name() << " item " << p.key << ": " << runner::prediction_status_name(p.status)
                  << ": " << p.error << "\n";
    }
    any_missing = any_missing || ok < items.size();
    summary_formats[f.name()] = {{"items", items.size()},  {"ok", ok},         {"no_sql", no_sql},
                                 {"llm_error", llm_error}, {"out", bird_path}, {"spider_out", spider_path}};
    // Scored at once against the set itself (it is the gold): EX in both semantics, one row of 004 Table 3.
    if (open.pool) {
      std::vector<EvalPair> pairs;
      for (size_t k = 0; k < items.size(); ++k)
        pairs.push_back({set->items[k].key, set->items[k].db_id, set->items[k].sql, items[k].sql});
      for (auto semantics : {ExSemantics::Bird, ExSemantics::Spider}) {
        EvaluationOptions options;
        options.regimes = {};
        options.semantics = semantics;
        const auto summary = summarize(evaluate_pairs(pairs, *open.pool, options), {});
        summary_formats[f.name()][std::string("ex_") + ex_semantics_name(semantics)] = summary.ex;
      }
    }
  }
  const nlohmann::json summary = {{"formats", summary_formats},
                                  {"usage",
                                   {{"network_calls", u.network_calls},
                                    {"replayed", u.replayed},
                                    {"retries", u.retries},
                                    {"prompt_tokens", u.prompt_tokens},
                                    {"completion_tokens", u.completion_tokens}}}};
  std::cout << dump_json(summary, 2) << "\n";
  return any_missing ? 1 : 0;
}

const Registrar registrar{
    {"predict", "run a model on a set: predictions in the prompt formats of 004", kUsage, predict_main}};

}  // namespace
}  // namespace chokepoint::cli
