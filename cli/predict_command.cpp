// `chokepoint predict`: runs a model on an evaluation set (issue 13): each item's prompt in the chosen formats of
// 004 §4.1.1 goes to the configured endpoint through the CallScheduler (replay store, retries, budget); each answer
// gives one SQL query (core/llm/sql_answer.h) or a reason it gives none. Writes predictions `eval` reads as they
// are: BIRD's dict (--out) and Spider's one-per-line file beside it (.txt), one pair per format and model. With
// several --llm-config, every format runs for every model (one scheduler per endpoint, one replay store for all)
// and the summary adds 004 Table 3: formats × models, EX in BIRD semantics.
#include <cmath>
#include <iostream>
#include <map>
#include <optional>
#include <set>

#include <nlohmann/json.hpp>

#include "cli/cli_inputs.h"
#include "cli/command.h"
#include "cli/llm_calls.h"
#include "core/base/file_text.h"
#include "core/base/json_dump.h"
#include "core/dataset/eval_set_loader.h"
#include "core/llm/llm_settings.h"
#include "core/llm/replay_store.h"
#include "core/metrics/execution_accuracy.h"
#include "core/metrics/pair_evaluation.h"
#include "core/runner/ex_by_gold_tables.h"
#include "core/runner/model_comparison.h"
#include "core/runner/prediction_run.h"

namespace chokepoint::cli {
namespace {

const char* kUsage =
    "Usage: chokepoint predict --set FILE (--db-root DIR | --tables TABLES.json) --llm-config CONFIG.json\n"
    "                          [--llm-config CONFIG2.json ...] --out PRED.json [--format F ... | --formats all]\n"
    "                          [--rows N] [--fk] [--limit N] [--replay FILE.sqlite] [--prompts DIR]\n"
    "FILE: a set in any format `chokepoint eval` reads; BIRD evidence is joined to the question.\n"
    "--format: one of the 12 formats of 004 (SCHEMA-WRAPPER-POSTFIX: DDL or SimpleDDL, MD, HTML or Coding, Chat\n"
    "  or Complete; default SimpleDDL-MD-Chat), repeated for several; --formats all runs the 12. --rows N: N example\n"
    "  rows per table (needs --db-root). --fk: foreign keys in the schema. --limit N: the first N items only.\n"
    "--llm-config: repeat the flag for several models (004 Table 3); each runs every chosen format. A model is named\n"
    "  by its config's model field, with @host:port when two configs name the same model (and #1, #2 when the host\n"
    "  is the same too). Two configs with the same provider, model and sampling are refused: the replay store could\n"
    "  not tell their answers apart.\n"
    "--replay FILE.sqlite: answers are recorded there (for every model) and a rerun sends nothing it already has.\n"
    "Writes PRED.json (BIRD's prediction dict) and PRED.txt (Spider's one query per line); with several formats,\n"
    "PRED.<format>.json and .txt for each; with several models, PRED.<model>.<format>.json and .txt (the model's\n"
    "name with characters other than letters, digits, '.', '_' and '-' written as '_').\n"
    "stdout, one model: JSON {formats: {name: {items, ok, no_sql, llm_error, out, spider_out, ex_bird, ex_spider,\n"
    "by_gold_tables}}, usage: {network_calls, replayed, retries, prompt_tokens, completion_tokens}}; several models:\n"
    "{models: {model: {config, model, formats: {...as above}, usage}}, table: {semantics: 'bird', columns: [model],\n"
    "rows: [{format, ex: [EX per column]}]}, usage: {...all models}}. With --db-root each format is scored at once\n"
    "against the set (EX in both semantics: 004 Table 3; by_gold_tables: EX by the number of tables the gold query\n"
    "reads, 1, 2, 3, >3: 004 Table 4); without it the EX fields are absent and the table's cells null. An answer\n"
    "without SQL is counted as no_sql and written as an empty query (a failed prediction to `eval`).\n"
    "Exit code 0; 1 when some items have no SQL; 2 on bad input.";

// PRED.json -> PRED<tag><ext>: tag "" for one run, ".<format>" or ".<model>.<format>" for several.
std::string with_suffix(const std::string& out, const std::string& tag, const std::string& ext) {
  std::string stem = out;
  if (stem.size() > 5 && stem.compare(stem.size() - 5, 5, ".json") == 0) stem.resize(stem.size() - 5);
  return stem + tag + ext;
}

nlohmann::json usage_json(const UsageTotals& u) {
  return {{"network_calls", u.network_calls},
          {"replayed", u.replayed},
          {"retries", u.retries},
          {"prompt_tokens", u.prompt_tokens},
          {"completion_tokens", u.completion_tokens}};
}

// One format's predictions of one model: written in both file formats, counted, and (with databases) scored against
// the set itself, which is the gold: EX in both semantics (a cell of 004 Table 3) and by gold tables (Table 4).
struct FormatOutcome {
  nlohmann::json entry;  // the per-format object of the summary
  bool missing = false;  // some item has no SQL
  std::optional<double> ex_bird;
};

Result<FormatOutcome> write_and_score(const EvalSet& set, const std::vector<runner::PredictedItem>& items,
                                      const std::string& bird_path, const std::string& spider_path,
                                      const OpenDatabases& open, const std::string& label) {
  if (auto st = write_file(bird_path, runner::write_bird_predictions(items)); !st.ok()) return Error{st.error()};
  if (auto st = write_file(spider_path, runner::write_spider_predictions(items)); !st.ok()) return Error{st.error()};
  size_t ok = 0, no_sql = 0, llm_error = 0;
  for (const auto& p : items) {
    ok += p.status == runner::PredictionStatus::Ok;
    no_sql += p.status == runner::PredictionStatus::NoSql;
    llm_error += p.status == runner::PredictionStatus::LlmError;
    if (p.status != runner::PredictionStatus::Ok)
      std::cerr << "chokepoint: " << label << " item " << p.key << ": " << runner::prediction_status_name(p.status)
                << ": " << p.error << "\n";
  }
  FormatOutcome o;
  o.missing = ok < items.size();
  o.entry = {{"items", items.size()},  {"ok", ok},         {"no_sql", no_sql},
             {"llm_error", llm_error}, {"out", bird_path}, {"spider_out", spider_path}};
  if (!open.pool) return o;
  std::vector<EvalPair> pairs;
  for (size_t k = 0; k < items.size(); ++k)
    pairs.push_back({set.items[k].key, set.items[k].db_id, set.items[k].sql, items[k].sql});
  for (auto semantics : {ExSemantics::Bird, ExSemantics::Spider}) {
    EvaluationOptions options;
    options.regimes = {};
    options.semantics = semantics;
    const auto evaluated = evaluate_pairs(pairs, *open.pool, options);
    const auto summary = summarize(evaluated, {});
    o.entry[std::string("ex_") + ex_semantics_name(semantics)] = summary.ex;
    if (semantics != ExSemantics::Bird) continue;
    o.ex_bird = summary.ex;
    o.entry["by_gold_tables"] = runner::gold_tables_strata_json(
        runner::ex_by_gold_tables(pairs, evaluated, [&](const std::string& db) -> const Schema* {
          auto s = open.schemas.find(db);
          return s == open.schemas.end() ? nullptr : &s->second;
        }));
  }
  return o;
}

int predict_main(const Args& args) {
  ArgReader r(args, {"--fk"});
  if (!r.error().empty()) return fail_input(r.error());
  const std::string set_path = r.get("--set"), out = r.get("--out");
  const std::vector<std::string> configs = r.get_all("--llm-config");
  if (set_path.empty() || out.empty() || configs.empty() || (r.get("--db-root").empty() && r.get("--tables").empty()))
    return fail_input(std::string("missing arguments\n") + kUsage);
  std::vector<runner::PromptFormat> formats;
  if (r.get("--formats") == "all") {
    formats = runner::all_prompt_formats();
  } else {
    std::vector<std::string> names = r.get_all("--format");
    if (names.empty()) names.push_back("SimpleDDL-MD-Chat");
    std::set<std::string> chosen;
    for (const auto& name : names) {
      auto f = runner::prompt_format_from_name(name);
      if (!f.ok()) return fail_input(f.error());
      if (chosen.insert(f->name()).second) formats.push_back(*f);  // a format given twice runs once
    }
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

  // The endpoints, each checked before anything is read or sent.
  std::vector<ChatEndpoint> models;
  std::map<std::string, std::string> config_of_identity;  // the replay store's view of a model -> its config
  for (const auto& config : configs) {
    auto chat = read_chat_endpoint(config);
    if (!chat.ok()) return fail_input(chat.error());
    // The replay key is provider, model, sampling and prompt, not the host: two such configs would share answers.
    const std::string identity =
        canonical_request_json(chat->endpoint.provider, chat_request_from_settings(chat->settings, {}));
    auto [first, fresh] = config_of_identity.emplace(identity, config);
    if (!fresh)
      return fail_input(config + ": same provider, model and sampling as " + first->second +
                        "; the replay store would give one the other's answers (set a different \"seed\" in one, or "
                        "run them separately with their own --replay)");
    models.push_back(std::move(*chat));
  }
  std::vector<runner::ModelEndpoint> identities;
  for (const auto& m : models) identities.push_back({m.settings.model, m.endpoint.base_url});
  const std::vector<std::string> names = runner::model_column_names(identities);
  const std::vector<std::string> file_names = runner::file_safe_names(names);
  const bool several_models = models.size() > 1;

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
  auto prompts = read_prompts(r);
  if (!prompts.ok()) return fail_input(prompts.error());
  auto tasks = runner::plan_predictions(*set, schemas, formats, schema_options, *prompts, samples);
  if (!tasks.ok()) return fail_input(tasks.error());

  auto replay = open_replay(r);
  if (!replay.ok()) return fail_input(replay.error());
  long long tokens = 0;
  for (const auto& t : *tasks) tokens += estimate_tokens(t.prompt);
  // What leaves the machine, before anything does (the CLI's privacy preview): one line per model.
  for (size_t m = 0; m < models.size(); ++m)
    std::cerr << "chokepoint: predict: " << (several_models ? names[m] + ": " : "") << tasks->size() << " prompts ("
              << formats.size() << " format" << (formats.size() == 1 ? "" : "s") << ") to "
              << endpoint_url(models[m].endpoint, "") << ", ~" << tokens << " prompt tokens; schema, questions"
              << (schema_options.sample_rows ? " and example rows" : "") << " are sent\n";

  std::vector<std::pair<std::string, std::string>> prompts_to_send;
  for (const auto& t : *tasks) prompts_to_send.emplace_back(set->items[t.item].key + " / " + t.format.name(), t.prompt);
  UsageTotals total;
  bool any_missing = false;
  nlohmann::json per_model = nlohmann::json::object();
  runner::FormatModelTable table;
  table.semantics = ex_semantics_name(ExSemantics::Bird);
  table.models = names;
  for (const auto& f : formats) table.formats.push_back(f.name());
  for (size_t m = 0; m < models.size(); ++m) {
    UsageTotals u;
    const auto answers =
        run_chat_prompts(models[m].settings, models[m].endpoint, replay->store.get(), prompts_to_send, u);
    total += u;
    std::map<std::string, std::vector<runner::PredictedItem>> by_format;
    for (size_t i = 0; i < tasks->size(); ++i) {
      const auto& t = (*tasks)[i];
      by_format[t.format.name()].push_back(runner::read_prediction(set->items[t.item], t.format, answers[i]));
    }
    nlohmann::json summary_formats = nlohmann::json::object();
    for (const auto& f : formats) {
      const std::string tag = several_models       ? "." + file_names[m] + "." + f.name()
                              : formats.size() > 1 ? "." + f.name()
                                                   : "";
      auto outcome =
          write_and_score(*set, by_format[f.name()], with_suffix(out, tag, ".json"), with_suffix(out, tag, ".txt"),
                          open, several_models ? names[m] + " " + f.name() : f.name());
      if (!outcome.ok()) return fail_input(outcome.error());
      any_missing = any_missing || outcome->missing;
      if (outcome->ex_bird) table.ex[{names[m], f.name()}] = *outcome->ex_bird;
      summary_formats[f.name()] = std::move(outcome->entry);
    }
    per_model[names[m]] = {{"config", configs[m]},
                           {"model", models[m].settings.model},
                           {"formats", std::move(summary_formats)},
                           {"usage", usage_json(u)}};
  }
  // One model keeps the shape scripts already read; several add the models and 004 Table 3.
  nlohmann::json summary;
  if (several_models)
    summary = {{"models", per_model}, {"table", runner::format_model_table_json(table)}, {"usage", usage_json(total)}};
  else
    summary = {{"formats", per_model[names[0]]["formats"]}, {"usage", usage_json(total)}};
  std::cout << dump_json(summary, 2) << "\n";
  return any_missing ? 1 : 0;
}

const Registrar registrar{
    {"predict", "run a model on a set: predictions in the prompt formats of 004", kUsage, predict_main}};

}  // namespace
}  // namespace chokepoint::cli
