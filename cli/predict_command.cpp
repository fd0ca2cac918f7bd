// `chokepoint predict`: runs a model on an evaluation set: each item's prompt in the chosen formats of
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

#include "cli/call_preview.h"
#include "cli/cli_inputs.h"
#include "cli/command.h"
#include "cli/common_flags.h"
#include "cli/llm_calls.h"
#include "cli/missing_databases.h"
#include "cli/model_calls.h"
#include "cli/predict_shard_items.h"
#include "cli/shard.h"
#include "cli/shard_file.h"
#include "cli/sharded_commands.h"
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
#include "core/runner/user_template.h"

namespace chokepoint::cli {
namespace {

const char* kPredictUsage =
    "Usage: chokepoint predict --gold FILE (--db-root DIR | --tables TABLES.json) --llm-config CONFIG.json\n"
    "                          [--llm-config CONFIG2.json ...] --out PRED.json [--format F ... | --formats all]\n"
    "                          [--rows N] [--fk] [--limit N] [--replay FILE.sqlite] [--prompts DIR] [--shard k/n]\n"
    "                          [--preview] [--max-calls N] [--max-tokens N]\n"
    "                          [--template FILE.mustache [--template-schema DDL|SimpleDDL] [--template-answer "
    "Chat|Complete]]\n"
    "FILE: a set in any format `chokepoint eval` reads; BIRD evidence is joined to the question.\n"
    "--format: one of the 12 formats of 004 (SCHEMA-WRAPPER-POSTFIX: DDL or SimpleDDL, MD, HTML or Coding, Chat\n"
    "  or Complete; default SimpleDDL-MD-Chat), repeated for several; --formats all runs the 12. --rows N: N example\n"
    "  rows per table (needs --db-root). --fk: foreign keys in the schema. --limit N: the first N items only.\n"
    "--template FILE.mustache: your own prompt, a thirteenth format named Custom (run after the --format ones; alone\n"
    "  when no --format is given). It may use {{schema}} (in --template-schema style, default SimpleDDL, with --fk "
    "and\n"
    "  --rows), {{question}} (required; BIRD evidence joined) and {{completion}}; an unknown variable is refused.\n"
    "  --template-answer Chat (default: the SQL is found in the answer) or Complete (SELECT is put back).\n"
    "--llm-config: repeat the flag for several models (004 Table 3); each runs every chosen format. A model is named\n"
    "  by its config's model field, with @host:port when two configs name the same model (and #1, #2 when the host\n"
    "  is the same too). Two configs with the same provider, model and sampling are refused: the replay store could\n"
    "  not tell their answers apart.\n"
    "--replay FILE.sqlite: answers are recorded there (for every model) and a rerun sends nothing it already has.\n"
    "--preview: every prompt for every model (of this shard, with --shard), and nothing is sent or written.\n"
    "Writes PRED.json (BIRD's prediction dict) and PRED.txt (Spider's one query per line); with several formats,\n"
    "PRED.<format>.json and .txt for each; with several models, PRED.<model>.<format>.json and .txt (the model's\n"
    "name with characters other than letters, digits, '.', '_' and '-' written as '_').\n"
    "stdout, one model: JSON {formats: {name: {items, ok, no_sql, llm_error, out, spider_out, ex_bird, ex_spider,\n"
    "by_gold_tables}}, usage: {network_calls, replayed, retries, prompt_tokens, completion_tokens}}; several models:\n"
    "{models: {model: {config, model, formats: {...as above}, usage}}, table: {semantics: 'bird', columns: [model],\n"
    "rows: [{format, ex: [EX per column]}]}, usage: {...all models}}. With --db-root each format is scored at once\n"
    "against the set (EX in both semantics: 004 Table 3; by_gold_tables: EX by the number of tables the gold query\n"
    "reads, 1, 2, 3, >3: 004 Table 4); without it the EX fields are absent and the table's cells null; model_calls\n"
    "counts the calls answered, failed and cut by a budget. An answer without SQL is counted as no_sql and written\n"
    "as an empty query (a failed prediction to `eval`).\n"
    "--shard k/n: send only the prompts of the items whose 0-based position p in the set (after --limit) has\n"
    "  p % n = k - 1, for every format and model, and write a shard file (the answers, not predictions) to --out;\n"
    "  `chokepoint merge --out PRED.json SHARD...` makes of the n shards the files and stdout one run writes,\n"
    "  scoring with the --db-root given here, and contacts no endpoint. --replay is the shard's own (each shard may\n"
    "  keep its own file). Usage counters add up over the shards; against a real endpoint, retries and replays may\n"
    "  differ from one run's. --max-calls and --max-tokens count per shard process.\n"
    "With --db-root, an item whose database is missing there is an error (exit 2) before anything is sent.\n"
    "Exit code 1 also when some answers have no SQL (the files are written anyway).";

FlagTable predict_flags() {
  return with_model_call_flags({
      flags::gold().alias("--set").described("the set: questions (BIRD evidence joined), gold SQL for the scores"),
      flags::db_root().described("the databases: schemas, example rows and EX of each format"),
      flags::tables().described("the schemas, without databases (no scores)"),
      flags::llm_config().described("a model; every format runs for every model").repeated(),
      flags::out("PRED.json", "BIRD's prediction dict; PRED.txt beside it (one file pair per format and model)"),
      text_flag("--format", "F", "a prompt format of 004, e.g. SimpleDDL-MD-Chat")
          .shows("SimpleDDL-MD-Chat")
          .repeated(),
      choice_flag("--formats", {"all"}, "run the 12 formats"),
      whole_flag("--rows", "N", 0, 100, "rows", "example rows per table in the prompt (needs --db-root)").or_else("0"),
      flags::fk(),
      flags::limit(),
      flags::prompts(),
      flags::shard(),
      path_flag("--template", "FILE.mustache", "your own prompt, a thirteenth format named Custom"),
      choice_flag("--template-schema", {"DDL", "SimpleDDL"}, "the schema style of {{schema}}").or_else("SimpleDDL"),
      choice_flag("--template-answer", {"Chat", "Complete"},
                  "Chat: the SQL is found in the answer; Complete: "
                  "SELECT is put back")
          .or_else("Chat"),
  });
}

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

// What the run's models answered: answers[m][i] is model m's answer to task i, usage[m] what getting them cost.
struct RunAnswers {
  std::vector<std::vector<Result<std::string>>> answers;
  std::vector<UsageTotals> usage;
};

// Where a task's answer sits in a shard item (cli/predict_shard_items.h): models in order, each with the run's
// formats in order.
struct AnswerSlots {
  std::map<std::string, size_t> format_index;  // format name -> its place in the run's formats
  size_t models = 0;
  size_t per_item() const { return models * format_index.size(); }
  size_t operator()(size_t m, const runner::PredictionTask& t) const {
    return m * format_index.size() + format_index.at(t.format.name());
  }
};

// The counters of UsageTotals a shard keeps, by usage_json's names (cost is not reported).
const std::pair<const char*, long long UsageTotals::*> kUsageCounters[] = {
    {"network_calls", &UsageTotals::network_calls},
    {"replayed", &UsageTotals::replayed},
    {"retries", &UsageTotals::retries},
    {"prompt_tokens", &UsageTotals::prompt_tokens},
    {"completion_tokens", &UsageTotals::completion_tokens}};
// Model m's counter in a shard file's counts.
std::string usage_count_name(size_t m, const char* field) { return "model" + std::to_string(m) + "." + field; }

// Merge: the shards' answers in task order, each checked against the prompt this run would have sent (so a set,
// schema, example rows or template that changed since the shards ran is refused), and their usage added up.
Result<RunAnswers> merged_answers(MergedShards& merged, const EvalSet& set,
                                  const std::vector<runner::PredictionTask>& tasks, const AnswerSlots& slots) {
  std::vector<size_t> positions(set.items.size());
  for (size_t p = 0; p < positions.size(); ++p) positions[p] = p;
  auto encoded = take_items(merged, positions, "set item");
  if (!encoded.ok()) return Error{encoded.error()};
  std::vector<std::vector<PromptAnswer>> by_item;
  for (size_t p = 0; p < positions.size(); ++p) {
    auto decoded = decode_prompt_answers((*encoded)[p]);
    if (!decoded.ok() || decoded->size() != slots.per_item())
      return Error{"the shards' set item at position " + std::to_string(p) + " is damaged"};
    by_item.push_back(std::move(*decoded));
  }
  RunAnswers run;
  run.answers.resize(slots.models);
  run.usage.resize(slots.models);
  for (size_t m = 0; m < slots.models; ++m) {
    for (const auto& t : tasks) {
      PromptAnswer& a = by_item[t.item][slots(m, t)];
      if (a.prompt_hash != text_hash(t.prompt))
        return Error{"the prompt of set item " + set.items[t.item].key + " in " + t.format.name() +
                     " is not the one its shard sent (the set, schemas, example rows or --prompts changed)"};
      run.answers[m].push_back(std::move(a.answer));
    }
    for (const auto& [name, counter] : kUsageCounters) run.usage[m].*counter = merged.counts[usage_count_name(m, name)];
  }
  return run;
}

// Shard: the answers to the `chosen` tasks as items of `file`, by set position, with the usage. Reports each
// answer without SQL on stderr, as the single run does, and returns whether there was one.
bool fill_predict_shard(ShardFile& file, const EvalSet& set, const std::vector<runner::PredictionTask>& tasks,
                        const std::vector<size_t>& chosen, const RunAnswers& run, const AnswerSlots& slots,
                        const std::vector<std::string>& labels) {
  std::map<size_t, std::vector<PromptAnswer>> by_item;
  bool missing = false;
  for (size_t m = 0; m < slots.models; ++m)
    for (size_t i : chosen) {
      const auto& t = tasks[i];
      auto& item = by_item[t.item];
      item.resize(slots.per_item());
      item[slots(m, t)] = {text_hash(t.prompt), run.answers[m][i]};
      const auto read = runner::read_prediction(set.items[t.item], t.format, run.answers[m][i]);
      if (read.status == runner::PredictionStatus::Ok) continue;
      missing = true;
      std::cerr << "chokepoint: " << labels[m] << t.format.name() << " item " << read.key << ": "
                << runner::prediction_status_name(read.status) << ": " << read.error << "\n";
    }
  for (auto& [position, item] : by_item) {
    file.positions.push_back(position);
    file.items.push_back(encode_prompt_answers(item));
  }
  for (size_t m = 0; m < slots.models; ++m)
    for (const auto& [name, counter] : kUsageCounters) file.counts[usage_count_name(m, name)] = run.usage[m].*counter;
  return missing;
}

// --template FILE with --template-schema DDL|SimpleDDL and --template-answer Chat|Complete.
Result<runner::UserTemplate> read_user_template(const FlagValues& r) {
  runner::UserTemplate t;
  auto source = read_file(r.text("--template"), 1 << 20);  // a prompt template, not a data file
  if (!source.ok()) return Error{"--template: " + source.error()};
  t.source = std::move(*source);
  const std::string schema = r.text("--template-schema"), answer = r.text("--template-answer");
  t.schema = schema == "DDL" ? runner::SchemaStyle::Ddl : runner::SchemaStyle::SimpleDdl;
  t.postfix = answer == "Chat" ? PromptPostfix::Chat : PromptPostfix::Complete;
  return t;
}

}  // namespace

int run_predict(const FlagValues& r, MergedShards* merged) {
  const std::string set_path = r.text("--gold"), out = r.text("--out");
  const std::vector<std::string> configs = r.all("--llm-config");
  if (set_path.empty() || out.empty() || configs.empty() || (r.text("--db-root").empty() && r.text("--tables").empty()))
    return fail_input(std::string("missing arguments\n") + kPredictUsage);
  std::vector<runner::PromptFormat> formats;
  if (r.text("--formats") == "all") {
    formats = runner::all_prompt_formats();
  } else {
    std::vector<std::string> names = r.all("--format");
    if (names.empty() && !r.has("--template")) names.push_back("SimpleDDL-MD-Chat");
    std::set<std::string> chosen;
    for (const auto& name : names) {
      auto f = runner::prompt_format_from_name(name);
      if (!f.ok()) return fail_input(f.error());
      if (chosen.insert(f->name()).second) formats.push_back(*f);  // a format given twice runs once
    }
  }
  runner::SchemaRenderOptions schema_options;
  schema_options.foreign_keys = r.has("--fk");
  schema_options.sample_rows = static_cast<int>(r.integer("--rows"));
  const long limit = static_cast<long>(r.integer("--limit"));
  if (schema_options.sample_rows > 0 && r.text("--db-root").empty())
    return fail_input("--rows needs --db-root (the rows come from the databases)");

  auto shard_flag = read_shard(r);
  if (!shard_flag.ok()) return fail_input(shard_flag.error());
  const std::optional<ShardSpec> shard = *shard_flag;

  // The endpoints, each checked before anything is read or sent. Merge sends nothing: it takes the models' names
  // as the shards recorded them (their configs may name keys only the shards' machines have).
  std::vector<ChatEndpoint> models;                      // empty in merge
  std::vector<std::string> names;                        // per model: its column name (004 Table 3)
  std::vector<std::string> model_fields;                 // per model: its config's model field
  nlohmann::json model_facts = nlohmann::json::array();  // what a shard records of each model
  if (merged) {
    const nlohmann::json recorded = merged->run.value("models", nlohmann::json::array());
    if (recorded.size() != configs.size()) return fail_input("the shards record another number of models");
    for (const auto& m : recorded) {
      names.push_back(m.value("name", ""));
      model_fields.push_back(m.value("model", ""));
    }
  } else {
    std::map<std::string, std::string> config_of_identity;  // the replay store's view of a model -> its config
    std::vector<runner::ModelEndpoint> identities;
    std::vector<std::string> request_keys;  // per model: replay_key of its settings (key-free), for the shards
    for (const auto& config : configs) {
      auto chat = read_chat_endpoint(config);
      if (!chat.ok()) return fail_input(chat.error());
      // The replay key is provider, model, sampling and prompt, not the host: two such configs would share answers.
      const ChatRequest request = chat_request_from_settings(chat->settings, {});
      const std::string identity = canonical_request_json(chat->endpoint.provider, request);
      auto [first, fresh] = config_of_identity.emplace(identity, config);
      if (!fresh)
        return fail_input(config + ": same provider, model and sampling as " + first->second +
                          "; the replay store would give one the other's answers (set a different \"seed\" in one, "
                          "or run them separately with their own --replay)");
      request_keys.push_back(replay_key(chat->endpoint.provider, request));
      identities.push_back({chat->settings.model, chat->endpoint.base_url});
      model_fields.push_back(chat->settings.model);
      models.push_back(std::move(*chat));
    }
    names = runner::model_column_names(identities);
    for (size_t m = 0; m < names.size(); ++m)
      model_facts.push_back({{"name", names[m]}, {"model", model_fields[m]}, {"request", request_keys[m]}});
  }
  const std::vector<std::string> file_names = runner::file_safe_names(names);
  const bool several_models = names.size() > 1;

  auto set = load_eval_set(set_path);
  if (!set.ok()) return fail_input(set_path + ": " + set.error());
  if (limit > 0 && set->items.size() > static_cast<size_t>(limit)) set->items.resize(static_cast<size_t>(limit));
  std::set<std::string> ids;
  for (const auto& it : set->items) ids.insert(it.db_id);
  std::map<std::string, Schema> schemas;
  std::map<std::string, runner::SampleRows> samples;
  OpenDatabases open;
  if (!r.text("--db-root").empty()) {
    std::vector<std::string> item_db_ids;  // the prompts need every item's schema: no item can be skipped
    for (const auto& it : set->items) item_db_ids.push_back(it.db_id);
    if (auto st = require_databases(r.text("--db-root"), item_db_ids, false, ""); !st.ok())
      return fail_input(st.error());
    auto opened = open_databases(r.text("--db-root"), ids);
    if (!opened.ok()) return fail_input(opened.error());
    open = std::move(*opened);
    schemas = open.schemas;
    for (const auto& [db, c] : open.connections)
      samples[db] = runner::read_sample_rows(*c, schemas[db], schema_options.sample_rows);
  } else {
    auto all = tables_json_by_db(r.text("--tables"));
    if (!all.ok()) return fail_input(all.error());
    schemas = std::move(*all);
  }
  auto prompts = read_prompts(r);
  if (!prompts.ok()) return fail_input(prompts.error());
  if (r.has("--template")) {
    // The thirteenth format (runner/user_template.h), checked as the app checks it: no unknown variable, and the
    // question shown. It runs after the chosen formats, as "Custom".
    auto custom = read_user_template(r);
    if (!custom.ok()) return fail_input(custom.error());
    auto format = runner::add_user_template(*prompts, *custom);
    if (!format.ok()) return fail_input("--template " + r.text("--template") + ": " + format.error());
    formats.push_back(*format);
  }
  auto tasks = runner::plan_predictions(*set, schemas, formats, schema_options, *prompts, samples);
  if (!tasks.ok()) return fail_input(tasks.error());
  AnswerSlots slots;
  slots.models = names.size();
  for (size_t f = 0; f < formats.size(); ++f) slots.format_index[formats[f].name()] = f;

  RunAnswers got;
  CallTally tally;  // of this process's calls, or the shards' added up
  if (merged) {
    for (const auto& [key, path] : {std::pair<std::string, std::string>{"set_hash", set_path},
                                    std::pair<std::string, std::string>{"tables_hash", r.text("--tables")}})
      if (!path.empty())
        if (auto st = check_input_file(*merged, key, path); !st.ok()) return fail_input(st.error());
    auto taken = merged_answers(*merged, *set, *tasks, slots);
    if (!taken.ok()) return fail_input(taken.error());
    got = std::move(*taken);
    tally = tally_from_counts(merged->counts);
  } else {
    // The prompts this process sends: all, or the shard's items'.
    std::vector<size_t> chosen;
    for (size_t i = 0; i < tasks->size(); ++i)
      if (!shard || shard->contains((*tasks)[i].item)) chosen.push_back(i);
    auto calls = ModelCalls::open(r);
    if (!calls.ok()) return fail_input(calls.error());
    long long tokens = 0;
    for (size_t i : chosen) tokens += estimate_tokens((*tasks)[i].prompt);
    // What leaves the machine, before anything does (the CLI's privacy preview): one line per model.
    for (size_t m = 0; m < models.size(); ++m)
      std::cerr << "chokepoint: predict: " << (several_models ? names[m] + ": " : "") << chosen.size() << " prompts ("
                << formats.size() << " format" << (formats.size() == 1 ? "" : "s") << ") to "
                << endpoint_url(models[m].endpoint, "") << ", ~" << tokens << " prompt tokens; schema, questions"
                << (schema_options.sample_rows ? " and example rows" : "") << " are sent\n";
    std::vector<std::pair<std::string, std::string>> prompts_to_send;
    for (size_t i : chosen) {
      const auto& t = (*tasks)[i];
      prompts_to_send.emplace_back(set->items[t.item].key + " / " + t.format.name(), t.prompt);
    }
    if (calls->preview()) {
      CallPreview preview;
      for (size_t m = 0; m < models.size(); ++m) {
        preview.destinations.push_back({model_fields[m], endpoint_url(models[m].endpoint, "")});
        for (const auto& [id, prompt] : prompts_to_send)
          preview.prompts.push_back(preview_prompt((several_models ? names[m] + " / " : "") + id, prompt,
                                                   models[m].settings, calls->replay()));
      }
      nlohmann::ordered_json format_names = nlohmann::ordered_json::array();
      for (const auto& f : formats) format_names.push_back(f.name());
      preview.details = {{"items", set->items.size()}, {"formats", format_names}};
      if (shard) preview.details["shard"] = shard->label();
      return print_preview(preview);
    }
    got.usage.resize(models.size());
    for (size_t m = 0; m < models.size(); ++m) {
      auto answers = calls->ask(models[m].settings, models[m].endpoint, prompts_to_send, &got.usage[m]);
      got.answers.emplace_back(tasks->size(), Error{"not this shard's"});
      for (size_t c = 0; c < chosen.size(); ++c) got.answers[m][chosen[c]] = std::move(answers[c]);
    }
    if (shard) {
      // Shard k of n: its items' answers, every model and format, for merge to read, write and score.
      ShardFile file = new_shard(
          "predict", *shard,
          without_flags(r.arguments(), {"--out", "--shard", "--replay", "--concurrency", "--request-timeout-ms"}));
      auto set_hash = content_hash(set_path);
      if (!set_hash.ok()) return fail_input(set_hash.error());
      file.run = {{"set_hash", *set_hash}, {"models", model_facts}};
      if (r.has("--tables")) {
        auto tables_hash = content_hash(r.text("--tables"));
        if (!tables_hash.ok()) return fail_input(tables_hash.error());
        file.run["tables_hash"] = *tables_hash;
      }
      std::vector<std::string> labels;  // as write_and_score names a model in its messages
      for (const auto& name : names) labels.push_back(several_models ? name + " " : "");
      const bool missing = fill_predict_shard(file, *set, *tasks, chosen, got, slots, labels);
      put_tally_counts(calls->tally(), file.counts);
      if (auto st = write_shard(out, file); !st.ok()) return fail_input(st.error());
      UsageTotals total;
      for (const auto& u : got.usage) total += u;
      std::cout << dump_json(nlohmann::json{{"shard", shard->label()},
                                            {"items", file.items.size()},
                                            {"of", set->items.size()},
                                            {"usage", usage_json(total)},
                                            {"model_calls", calls->tally_json()}},
                             2)
                << "\n";
      calls->report("predict");
      return calls->exit_code(missing);
    }
    calls->report("predict");
    tally = calls->tally();
  }

  UsageTotals total;
  bool any_missing = false;
  nlohmann::json per_model = nlohmann::json::object();
  runner::FormatModelTable table;
  table.semantics = ex_semantics_name(ExSemantics::Bird);
  table.models = names;
  for (const auto& f : formats) table.formats.push_back(f.name());
  for (size_t m = 0; m < names.size(); ++m) {
    const UsageTotals& u = got.usage[m];
    total += u;
    std::map<std::string, std::vector<runner::PredictedItem>> by_format;
    for (size_t i = 0; i < tasks->size(); ++i) {
      const auto& t = (*tasks)[i];
      by_format[t.format.name()].push_back(runner::read_prediction(set->items[t.item], t.format, got.answers[m][i]));
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
                           {"model", model_fields[m]},
                           {"formats", std::move(summary_formats)},
                           {"usage", usage_json(u)}};
  }
  // One model keeps the shape scripts already read; several add the models and 004 Table 3.
  nlohmann::json summary;
  if (several_models)
    summary = {{"models", per_model}, {"table", runner::format_model_table_json(table)}, {"usage", usage_json(total)}};
  else
    summary = {{"formats", per_model[names[0]]["formats"]}, {"usage", usage_json(total)}};
  summary["model_calls"] = call_tally_json(tally);
  std::cout << dump_json(summary, 2) << "\n";
  return model_call_exit_code(tally, any_missing);
}

namespace {

int predict_main(const FlagValues& r) { return run_predict(r, nullptr); }

const Registrar predict_registrar{{"predict", "run a model on a set: predictions in the prompt formats of 004",
                                   kPredictUsage, predict_flags, predict_main}};

}  // namespace
}  // namespace chokepoint::cli
