// `chokepoint synth`: SynSQL (seed 002; core/testdb/synthesis_loop) or its vanilla baseline for every question of a
// set, each question's synthetic database written as a BIRD-layout db_root with a provenance manifest. The loops of
// all items advance together: each phase's calls go out as one batch through the CallScheduler and its replay store,
// so a rerun answers from the store and a failed call costs only its own item.
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <set>

#include <nlohmann/json.hpp>

#include "cli/call_preview.h"
#include "cli/cli_inputs.h"
#include "cli/command.h"
#include "cli/common_flags.h"
#include "cli/llm_calls.h"
#include "cli/model_calls.h"
#include "core/base/file_text.h"
#include "core/base/json_dump.h"
#include "core/base/path_part.h"
#include "core/dataset/bird_writer.h"
#include "core/dataset/eval_set_loader.h"
#include "core/llm/chat_request.h"
#include "core/llm/replay_store.h"
#include "core/testdb/success_diagnosis.h"
#include "core/testdb/synthesis_calls.h"
#include "core/testdb/synthesis_loop.h"
#include "core/testdb/synthesis_manifest.h"
#include "core/testdb/synthesis_prompts.h"
#include "core/testdb/synthetic_database.h"
#include "core/testdb/unique_keys.h"

namespace chokepoint::cli {
namespace {

using Json = nlohmann::ordered_json;

const char* kSynthUsage =
    "Usage: chokepoint synth --gold FILE (--db-root DIR | --tables TABLES.json) --llm-config CONFIG.json --out DIR\n"
    "                        [--method synsql|vanilla] [--ablation NAME] [--rounds 3] [--threshold 8.0] [--limit N]\n"
    "                        [--no-align-case] [--replay FILE.sqlite] [--prompts DIR] [--preview]\n"
    "SynSQL (seed 002): a small synthetic database per question, from the question, its evidence and the schema\n"
    "(the gold query is not shown to the model). synsql: three column selections (temperatures 0, 0.3, 0.7,\n"
    "unioned), one expansion (at most 3 columns), primary keys and the foreign-key columns between the kept tables\n"
    "always kept; then rounds of one-line INSERTs (prompts/synsql_synthesize.mustache), validated by rule (never\n"
    "executed as text), and a critic scoring six criteria 1-10 (Hint Alignment only with evidence), accepted at\n"
    "average >= --threshold, at most --rounds rounds in all (the best-scoring round is kept otherwise). vanilla:\n"
    "one synthesizer call on the full schema, no selector, no critic. With --db-root the original's unique keys are\n"
    "checked too; --no-align-case keeps the model's casing of values that equal a question literal up to case.\n"
    "--ablation (synsql only; SynSQL 5.3, Table 4 and Figs. 2/10): oracle_schema (the gold query's tables and\n"
    "columns, no selector call; the gold is never shown to the model), no_expansion, no_ensemble_expansion (one\n"
    "selection at temperature 0, no expansion), full_schema (no selector, the critic still runs), no_critic (one\n"
    "synthesizer call, no critic); none is SynSQL as published. The estimate and --preview count its own calls.\n"
    "Sent: questions, evidence and schemas (no rows). --preview prints every prompt of the first calls (the\n"
    "selector's, or vanilla's synthesizer's) and the most calls the later ones make, and sends and writes nothing.\n"
    "Calls are recorded in --replay (default DIR/replay.sqlite), so a rerun sends only what is missing.\n"
    "DIR: one database per question, DIR/<db_id>__q<key>/<db_id>__q<key>.sqlite; set.json, the set as BIRD dev JSON\n"
    "with each item's db_id pointing at its database (`chokepoint eval --gold DIR/set.json --db-root DIR` runs on\n"
    "it); with --db-root, original/, the original databases under the same ids as links (`chokepoint agreement\n"
    "--gold DIR/set.json --db-root DIR/original --test-db-root DIR` compares the two); manifest.json: model,\n"
    "temperatures, rounds, scores and feedback per round, validation changes, replay keys, the gold query's rows on\n"
    "each database. A question that got no database (no schema, or failed) makes those commands stop unless\n"
    "--skip-missing.\n"
    "stdout: JSON {n, method, model, items, accepted, not_accepted, generated, failed, rounds_used, mean_rounds,\n"
    "mean_columns, criteria, databases, no_schema, success_rate, success: {n, sr, cc, success, failures,\n"
    "selector_omission, misinterpretation, no_database, gold_unresolved} (Fig. 4: why questions fail SR; each\n"
    "question's verdict and the gold's missing tables or columns are in manifest.json), usage, model_calls, out}.\n"
    "Exit code 1 also when a question failed (nothing usable came back; a rerun resumes the calls that failed).";

FlagTable synth_flags() {
  return with_model_call_flags({
      flags::gold().alias("--set").described("the set: questions, evidence and gold SQL"),
      flags::db_root().described("the original databases: schemas and unique keys"),
      flags::tables().described("the schemas, without databases"),
      flags::llm_config().described("the selector, synthesizer and critic"),
      flags::out("DIR", "one database per question, set.json, original/ and manifest.json"),
      choice_flag("--method", {"synsql", "vanilla"}, "SynSQL's loop, or one synthesizer call").or_else("synsql"),
      choice_flag("--ablation",
                  {"none", "oracle_schema", "no_expansion", "no_ensemble_expansion", "full_schema", "no_critic"},
                  "a row of SynSQL's Table 4 or the critic's ablation (synsql only)")
          .or_else("none"),
      whole_flag("--rounds", "R", 1, 99, "rounds", "synthesis rounds at most").or_else("3"),
      real_flag("--threshold", "X", 1, 10, "the critic's average that accepts a round").or_else("8.0"),
      flags::limit(),
      switch_flag("--no-align-case", "keep the model's casing of values that equal a question literal up to case"),
      flags::replay().shows("DIR/replay.sqlite"),
      flags::prompts(),
  });
}

// Options from the flags; errors are the line to print.
Result<testdb::SynthesisOptions> read_options(const FlagValues& r) {
  testdb::SynthesisOptions o;
  auto method = testdb::synthesis_method_from_name(r.text("--method"));
  if (!method.ok()) return Error{method.error()};
  o.method = *method;
  o.rounds = static_cast<int>(r.integer("--rounds"));
  o.threshold = r.real("--threshold");
  o.validation.align_case = !r.has("--no-align-case");
  auto ablation = testdb::synthesis_ablation_from_name(r.text("--ablation"));
  if (!ablation.ok()) return Error{"--ablation: " + ablation.error()};
  if (*ablation != testdb::SynthesisAblation::None) {
    if (o.method == testdb::SynthesisMethod::Vanilla)
      return Error{"--ablation " + r.text("--ablation") + " changes SynSQL's loop; vanilla has no selector or critic"};
    o = testdb::with_ablation(o, *ablation);
  }
  return o;
}

struct ItemRun {
  size_t index = 0;                             // in the set
  std::unique_ptr<testdb::SynthesisLoop> loop;  // null: no schema for its database
  Json calls = Json::array();                   // {label, temperature, replay_key, replayed, ok}
};

int synth_main(const FlagValues& r) {
  if (r.text("--gold").empty() || r.text("--out").empty() || !r.has("--llm-config") ||
      (r.text("--db-root").empty() && r.text("--tables").empty()))
    return fail_input(std::string("missing arguments\n") + kSynthUsage);
  auto options = read_options(r);
  if (!options.ok()) return fail_input(options.error());
  const auto limit = static_cast<size_t>(r.integer("--limit"));
  auto chat = read_chat_setup(r);
  if (!chat.ok()) return fail_input(chat.error());
  auto set = load_eval_set(r.text("--gold"));
  if (!set.ok()) return fail_input(r.text("--gold") + ": " + set.error());
  if (holds_predictions(*set))
    return fail_input(r.text("--gold") + ": holds predictions, not questions with their gold queries");
  if (limit > 0 && set->items.size() > limit) set->items.resize(limit);
  std::set<std::string> ids;
  for (const auto& it : set->items) ids.insert(it.db_id);
  // Each db_id names the synthetic database's folder and file under --out.
  for (const auto& id : ids)
    if (auto named = check_path_part(id, "db_id"); !named.ok())
      return fail_input(r.text("--gold") + ": " + named.error());

  // Schemas, and with --db-root the unique keys the original declares.
  std::map<std::string, Schema> schemas;
  std::map<std::string, std::map<std::string, std::vector<std::vector<std::string>>>> unique_keys;
  if (!r.text("--tables").empty()) {
    auto s = schemas_for(r, ids);
    if (!s.ok()) return fail_input(s.error());
    schemas = std::move(*s);
  } else {
    auto open = open_databases(r.text("--db-root"), ids);
    if (!open.ok()) return fail_input(open.error());
    for (const auto& [db, conn] : open->connections) {
      auto keys = testdb::unique_keys_of(*conn, open->schemas[db]);
      if (keys.ok()) unique_keys[db] = std::move(*keys);
    }
    schemas = std::move(open->schemas);
  }
  if (schemas.empty())
    return fail_input("no database of the set was found in " +
                      (r.text("--tables").empty() ? r.text("--db-root") : r.text("--tables")));

  std::vector<ItemRun> runs(set->items.size());
  for (size_t i = 0; i < set->items.size(); ++i) {
    const auto& it = set->items[i];
    runs[i].index = i;
    auto s = schemas.find(it.db_id);
    if (s == schemas.end()) continue;
    testdb::SynthesisOptions o = *options;
    if (unique_keys.count(it.db_id)) o.validation.unique_keys = unique_keys[it.db_id];
    if (o.schema_source == testdb::SchemaSource::Oracle) o.oracle_gold_sql = it.sql;
    o.synthesis_temperature = o.critic_temperature = chat->settings.temperature;
    const std::string key = it.key.empty() ? std::to_string(i) : it.key;
    runs[i].loop = std::make_unique<testdb::SynthesisLoop>(
        testdb::SynthesisItem{key, it.db_id, it.question, it.evidence}, s->second, chat->prompts, o);
    if (runs[i].loop->outcome() == testdb::SynthesisOutcome::Failed) return fail_input(runs[i].loop->note());
  }

  // What leaves the machine, before anything does.
  const bool synsql = options->method == testdb::SynthesisMethod::SynSql;
  size_t items = 0;
  long long tokens = 0;
  for (const auto& run : runs) {
    if (!run.loop) continue;
    ++items;
    for (const auto& p : run.loop->pending()) tokens += estimate_tokens(p.prompt);
  }
  const testdb::SynthesisCallCounts per_item = testdb::synthesis_call_counts(*options);
  const size_t calls_min = items * per_item.at_least();
  const size_t calls_max = items * per_item.at_most();
  std::cerr << "chokepoint: synth: " << items << (items == 1 ? " question (" : " questions (")
            << testdb::synthesis_method_name(options->method) << "), " << calls_min << " to " << calls_max
            << " calls to " << endpoint_url(chat->endpoint, "") << ", ~" << tokens
            << " prompt tokens in the first calls; questions, evidence and schemas are sent, no rows\n";
  const std::string out = r.text("--out");
  const std::string replay_path = r.has("--replay") ? r.text("--replay") : out + "/replay.sqlite";
  std::error_code ec;
  if (!r.has("--preview")) {
    std::filesystem::create_directories(out, ec);
    if (ec) return fail_input("cannot create " + out + ": " + ec.message());
  }
  auto calls = ModelCalls::open(r, replay_path);
  if (!calls.ok()) return fail_input(calls.error());
  // The id of a run's call, as the scheduler and the manifest name it.
  auto call_id = [&](size_t k, const testdb::SynthesisRequest& request) {
    const auto& key = set->items[runs[k].index].key;
    return (key.empty() ? std::to_string(k) : key) + " / synth " + request.label;
  };
  if (calls->preview()) {
    CallPreview preview;
    preview.destinations = {{chat->settings.model, endpoint_url(chat->endpoint, "")}};
    for (size_t k = 0; k < runs.size(); ++k) {
      if (!runs[k].loop) continue;
      for (const auto& p : runs[k].loop->pending())
        preview.prompts.push_back({call_id(k, p), p.prompt,
                                   replay_answers(calls->replay(), chat->settings.provider,
                                                  testdb::synthesis_chat_request(chat->settings, p))});
    }
    if (synsql) {
      // The first calls shown above are the selector's, or (oracle and full schema) the first synthesizer call's.
      const bool selector = per_item.select > 0;
      if (per_item.expand > 0)
        preview.later_rounds.push_back(
            {"expand", "one call per question: at most 3 more columns for its selection", items * per_item.expand});
      const size_t synth_later = per_item.synthesize_max - (selector ? 0 : 1);
      if (synth_later > 0)
        preview.later_rounds.push_back(
            {"synthesize", "one-line INSERTs for the reduced schema (with the critic's feedback after the first round)",
             items * synth_later});
      if (per_item.critique_max > 0)
        preview.later_rounds.push_back(
            {"critique", "the synthesized rows scored on six criteria", items * per_item.critique_max});
    }
    preview.details = {{"items", items},
                       {"method", testdb::synthesis_method_name(options->method)},
                       {"ablation", r.text("--ablation")},
                       {"calls_at_least", calls_min},
                       {"calls_at_most", calls_max}};
    return print_preview(preview);
  }

  // Phase by phase: every pending call of every item in one batch, answers handed back per item.
  UsageTotals usage;
  for (;;) {
    CallScheduler scheduler(chat->endpoint, calls->transport(), calls->replay(), calls->limits(chat->settings));
    std::vector<std::pair<size_t, size_t>> of;  // (run, position in its pending())
    for (size_t k = 0; k < runs.size(); ++k) {
      if (!runs[k].loop) continue;
      const auto& pending = runs[k].loop->pending();
      for (size_t j = 0; j < pending.size(); ++j) {
        scheduler.add({call_id(k, pending[j]), testdb::synthesis_chat_request(chat->settings, pending[j])});
        of.emplace_back(k, j);
      }
    }
    if (of.empty()) break;
    calls->run(scheduler);
    usage += scheduler.usage();
    const auto answers = calls->answers(scheduler);
    std::map<size_t, std::vector<Result<std::string>>> per_run;
    for (size_t c = 0; c < of.size(); ++c) {
      const auto& status = scheduler.calls()[c];
      const auto& req = runs[of[c].first].loop->pending()[of[c].second];
      runs[of[c].first].calls.push_back({{"label", req.label},
                                         {"temperature", req.temperature},
                                         {"replay_key", replay_key(chat->settings.provider, status.call.request)},
                                         {"replayed", status.from_replay},
                                         {"ok", answers[c].ok()}});
      per_run[of[c].first].push_back(answers[c]);
    }
    for (auto& [k, a] : per_run) runs[k].loop->answer(a);
  }

  // The databases, the gold query on each, the rewritten set and the manifest.
  EvalSet rewritten = *set;
  rewritten.format = DatasetFormat::BirdDevJson;
  Json listed = Json::array();
  std::vector<const testdb::SynthesisLoop*> finished;
  size_t databases = 0, gold_nonempty = 0, no_schema = 0;
  std::string first_failure;
  testdb::SuccessBreakdown breakdown;  // Fig. 4: why the questions that fail SR fail
  bool call_failed = false;  // a failure a rerun can mend (the other failures' answers are replayed as they were)
  for (auto& run : runs) {
    auto& it = rewritten.items[run.index];
    const std::string key = it.key.empty() ? std::to_string(run.index) : it.key;
    const std::string original = it.db_id;
    const std::string id = testdb::synthetic_db_id(original, key);
    it.db_id = id;
    Json entry = {{"id", key},
                  {"db_id", original},
                  {"synthetic_db_id", id},
                  {"question", it.question},
                  {"evidence", it.evidence}};
    if (!run.loop) {
      ++no_schema;
      entry["outcome"] = "no_schema";
      entry["note"] = "no schema for database " + original;
      listed.push_back(std::move(entry));
      continue;
    }
    const auto& loop = *run.loop;
    finished.push_back(&loop);
    // Fig. 4's verdict: the gold on the chosen round's rows (success_gold_limits).
    const testdb::SuccessDiagnosis diagnosis = testdb::diagnose_success(loop, set->items[run.index].sql);
    breakdown.add(diagnosis);
    entry["success"] = testdb::success_diagnosis_json(diagnosis);
    entry["database"] = nullptr;
    if (loop.outcome() != testdb::SynthesisOutcome::Failed && loop.chosen()) {
      std::filesystem::create_directories(out + "/" + id, ec);
      const std::string path = out + "/" + id + "/" + id + ".sqlite";
      auto built = testdb::build_synthetic_database(path, loop.schema(), loop.chosen()->validation.tables);
      if (!built.ok()) {
        entry["build_error"] = built.error();
      } else {
        ++databases;
        entry["database"] = id + "/" + id + ".sqlite";
        auto db = Connection::open_read_only(path);
        if (db.ok()) {
          QueryLimits gl;
          gl.timeout_ms = 5000;
          const auto gold = db->query(set->items[run.index].sql, gl);
          entry["gold_rows"] = gold.ok() ? Json(gold.result.rows.size()) : Json();
          if (!gold.ok()) entry["gold_error"] = gold.message;
          if (gold.ok() && !gold.result.rows.empty()) ++gold_nonempty;
        }
      }
    }
    if (loop.outcome() == testdb::SynthesisOutcome::Failed && first_failure.empty())
      first_failure = key + ": " + loop.note();
    for (const auto& c : run.calls) call_failed = call_failed || !c["ok"].get<bool>();
    Json record = testdb::synthesis_item_json(loop);
    for (auto e = record.begin(); e != record.end(); ++e) entry[e.key()] = e.value();
    entry["calls"] = run.calls;
    listed.push_back(std::move(entry));
  }
  if (auto st = write_file(out + "/set.json", write_bird_dev_json(rewritten)); !st.ok()) return fail_input(st.error());
  // With --db-root, DIR/original is the original db_root seen under the synthetic ids (a symbolic link per question
  // to its original database, no copy), so `agreement --gold DIR/set.json --db-root DIR/original --test-db-root DIR`
  // compares each question's synthetic database with its original.
  size_t linked = 0;
  if (!r.text("--db-root").empty()) {
    for (const auto& run : runs) {
      if (!run.loop) continue;
      const std::string& id = rewritten.items[run.index].db_id;
      const std::string& db = set->items[run.index].db_id;
      const auto target = std::filesystem::absolute(r.text("--db-root") + "/" + db + "/" + db + ".sqlite", ec);
      const std::string folder = out + "/original/" + id;
      std::filesystem::create_directories(folder, ec);
      const std::string link = folder + "/" + id + ".sqlite";
      std::filesystem::remove(link, ec);
      std::filesystem::create_symlink(target, link, ec);
      if (!ec) ++linked;
    }
  }

  Json summary = {{"n", set->items.size()},
                  {"method", testdb::synthesis_method_name(options->method)},
                  {"ablation", r.text("--ablation")},
                  {"model", chat->settings.model}};
  Json counts = testdb::synthesis_summary_json(finished);
  for (auto e = counts.begin(); e != counts.end(); ++e) summary[e.key()] = e.value();
  summary["databases"] = databases;
  summary["no_schema"] = no_schema;
  // SR (seed 002 §4.2): the gold query non-empty on the question's database, over the questions attempted.
  summary["success_rate"] = finished.empty() ? Json() : Json(static_cast<double>(gold_nonempty) / finished.size());
  // Fig. 4: each question that fails SR, as a selector omission (the data's schema lacks a table or column the gold
  // uses) or a misinterpretation (it has them all, yet the gold finds no row); the other failures counted apart.
  summary["success"] = testdb::success_breakdown_json(breakdown);
  summary["usage"] = call_usage_json(usage);
  summary["model_calls"] = calls->tally_json();
  summary["out"] = out;
  Json manifest = {
      {"generator", "chokepoint synth"},
      {"method", testdb::synthesis_method_name(options->method)},
      {"ablation", r.text("--ablation")},
      {"schema_source", testdb::schema_source_name(options->schema_source)},
      {"critic", options->critic},
      {"provider", chat->settings.provider},
      {"model", chat->settings.model},
      {"temperatures",
       {{"selection", options->selection_temperatures},
        {"expansion", options->expansion_temperature},
        {"synthesis", chat->settings.temperature},
        {"critic", chat->settings.temperature}}},
      {"rounds", synsql && options->critic ? options->rounds : 1},
      {"threshold", synsql ? Json(options->threshold) : Json()},
      {"align_case", options->validation.align_case},
      {"set", r.text("--gold")},
      {"schemas", r.text("--tables").empty() ? r.text("--db-root") : r.text("--tables")},
      {"replay", replay_path},
      {"layout", "<synthetic_db_id>/<synthetic_db_id>.sqlite per question; set.json points each item at it"},
      {"summary", summary},
      {"items", listed}};
  if (auto st = write_file(out + "/manifest.json", dump_json(manifest, 2) + "\n"); !st.ok())
    return fail_input(st.error());
  std::cout << dump_json(summary, 2) << "\n";
  calls->report("synth");
  if (!first_failure.empty()) {
    std::cerr << "chokepoint: synth: " << counts["failed"].get<size_t>() << " of " << finished.size()
              << (finished.size() == 1 ? " question" : " questions") << " failed (first: " << first_failure
              << "); the others are written"
              << (call_failed ? ", and a rerun with the same replay store resumes the calls that failed"
                              : "; the model's answers are in manifest.json")
              << "\n";
  }
  return calls->exit_code(!first_failure.empty());
}

const Registrar synth_registrar{
    {"synth", "SynSQL synthetic databases per question (seed 002): selector, synthesizer, critic; or vanilla",
     kSynthUsage, synth_flags, synth_main}};

}  // namespace
}  // namespace chokepoint::cli
