// `chokepoint tqa linker` (thesis ch. 4: linker tables and their references, no LLM needed) and `chokepoint tqa
// denat` (SQLMorph §V: de-naturalised databases and O/O, L/O, O/L, L/L sets, the pipeline being core/tqa/denat_job).
// The lexicon's probes `tqa wup` and `tqa lemma` live in cli/tqa_wordnet_command.cpp.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <sstream>
#include <thread>

#include "cli/call_preview.h"
#include "cli/cli_inputs.h"
#include "cli/command.h"
#include "cli/common_flags.h"
#include "cli/denat_keep.h"
#include "cli/linker_inputs.h"
#include "cli/llm_calls.h"
#include "cli/model_calls.h"
#include "core/base/clock.h"
#include "core/base/file_text.h"
#include "core/dataset/bird_writer.h"
#include "core/dataset/eval_set.h"
#include "core/dataset/eval_set_loader.h"
#include "core/db/database_pool.h"
#include "core/graph/schema_graph.h"
#include "core/lexicon/lexicon.h"
#include "core/llm/answer_parser.h"
#include "core/llm/call_scheduler.h"
#include "core/llm/llm_settings.h"
#include "core/llm/prompt_template.h"
#include "core/schema/sqlite_schema.h"
#include "core/schema/tables_json.h"
#include "core/tqa/database_rename.h"
#include "core/tqa/denat_batch.h"
#include "core/tqa/denat_job.h"
#include "core/tqa/denaturalisation.h"
#include "core/tqa/less_natural_name.h"
#include "core/tqa/linker_analysis.h"
#include "core/tqa/naturalness.h"

namespace chokepoint::cli {
namespace {

const char* kLinkerUsage =
    "Usage: chokepoint tqa linker --gold SET.json (--tables TABLES.json | --db-root DIR) --out OUT.json\n"
    "         [--lexicon ASSET | --wordnet DIR] [--siblings column|table|none]\n"
    "Finds the linker table of every query whose join query graph has >= 3 nodes (highest betweenness, ties by\n"
    "the schema graph) and the question/evidence tokens that refer to it (thesis ch. 4). Prints the statistics\n"
    "of thesis Table 4.2 as JSON; OUT.json holds them and the per-item components and matched tokens.";

FlagTable tqa_linker_flags() {
  return {
      flags::gold().alias("--set").valued("SET.json"),
      flags::tables(),
      flags::db_root().described("the databases whose schemas are read"),
      flags::out("OUT.json", "the statistics, per-item components and matched tokens"),
      flags::lexicon(),
      flags::wordnet(),
      flags::siblings(),
  };
}

int tqa_linker(const FlagValues& r) {
  if (r.text("--gold").empty() || r.text("--out").empty() ||
      (r.text("--tables").empty() && r.text("--db-root").empty()))
    return fail_input(std::string("missing arguments\n") + kLinkerUsage);
  auto in = read_linker_inputs(r);
  if (!in.ok()) return fail_input(in.error());

  const double start = monotonic_ms();
  tqa::ReferenceMatcher matcher((*in)->lexicon);
  auto analyses = tqa::analyze_linker_tables((*in)->set.items, (*in)->databases, matcher);
  double ms = elapsed_ms(start);
  nlohmann::json stats = tqa::linker_statistics_json(tqa::linker_statistics(analyses));
  stats["detection_ms"] = std::round(ms);
  nlohmann::json report = {{"statistics", stats}, {"items", tqa::linker_items_json(analyses)}};
  if (!write_file(r.text("--out"), report.dump(2) + "\n")) return fail_input("cannot write " + r.text("--out"));
  std::cout << stats.dump(2) << "\n";
  return 0;
}

const Registrar linker_command{{"tqa linker", "TQA: linker tables and their references in questions and evidence",
                                kLinkerUsage, tqa_linker_flags, tqa_linker}};

const char* kDenatUsage =
    "Usage: chokepoint tqa denat --gold SET.json --db-root DIR --out OUTDIR [--llm-config F [--llm-names]\n"
    "         [--replay FILE.sqlite] [--preview] [--prompts DIR]] [--lexicon ASSET | --wordnet DIR] [--timeout-ms T]\n"
    "         [--keep-by gold-result|system-ex|both [--pred FILE]]\n"
    "De-naturalises schema names (SQLMorph V): classifies each identifier N1/N2/N3 (LLM classifier with\n"
    "--llm-config, else a dictionary-coverage heuristic), abbreviates N1/N2 names (deterministic abbreviator, or\n"
    "the LLM with --llm-names), clones DIR/<db>/<db>.sqlite to OUTDIR/databases/<db>/<db>.sqlite renamed through\n"
    "ALTER TABLE, rewrites the gold SQL through the AST and keeps an item only if its result is unchanged\n"
    "(--keep-by gold-result, the default), only if the system answered the original right (--keep-by system-ex,\n"
    "with --pred: the system's predictions on the original set, scored as eval scores them), or both.\n"
    "Question/evidence mentions are rewritten by the LLM, else by a deterministic exact-mention rewrite.\n"
    "Writes OUTDIR/O_O.json, L_O.json, O_L.json, L_L.json (BIRD format) and OUTDIR/denat_report.json.\n"
    "With --llm-config the summary counts, per kind, the answers used and those replaced by the fallback, and\n"
    "model_calls; a call that failed or was cut by a budget is an unusable answer, replaced by the fallback.\n"
    "--replay FILE.sqlite keeps the answers, so a rerun sends nothing already answered. --preview prints every\n"
    "naturalness prompt (the first phase, every identifier of every database) and the most calls the names,\n"
    "questions and evidence phases make, and sends and writes nothing. --timeout-ms is a gold query's time limit;\n"
    "--request-timeout-ms an HTTP request's. Exit code 1 also when some LLM answer was unusable (the files are\n"
    "written anyway). The model-call flags below go with --llm-config.";

// Reports, per kind of LLM answer, each distinct reason answers were unusable, and what replaced them.
void report_fallbacks(const std::string& what, const tqa::LlmAnswerUse& use, const std::string& fallback) {
  for (const auto& [message, n] : use.failures)
    std::cerr << "chokepoint: " << what << ": " << n << " of " << use.asked << " answers unusable (" << message << "); "
              << fallback << " used for them\n";
}

FlagTable tqa_denat_flags() {
  return with_model_call_flags({
      flags::gold().alias("--set").valued("SET.json"),
      flags::db_root().described("the databases to clone, as DIR/<db>/<db>.sqlite"),
      flags::out("OUTDIR", "the renamed databases, the four sets and denat_report.json"),
      flags::llm_config().described("the model that classifies names and rewrites questions"),
      switch_flag("--llm-names", "the model abbreviates the names too (with --llm-config)"),
      flags::prompts(),
      flags::lexicon(),
      flags::wordnet(),
      whole_flag("--timeout-ms", "T", 0, 3600000, "milliseconds", "time limit of one query (0: none)").or_else("5000"),
      choice_flag("--keep-by", {"gold-result", "system-ex", "both"},
                  "which items the sets keep: the renamed gold returns the original's rows; the system answered the "
                  "original right (--pred); both")
          .or_else("gold-result"),
      path_flag("--pred", "FILE", "the system's predictions on the original set, for --keep-by system-ex or both"),
  });
}

int tqa_denat(const FlagValues& r) {
  if (r.text("--gold").empty() || r.text("--db-root").empty() || r.text("--out").empty())
    return fail_input(std::string("missing arguments\n") + kDenatUsage);
  const std::string out_dir = r.text("--out");
  auto set = load_eval_set(r.text("--gold"));
  if (!set.ok()) return fail_input(r.text("--gold") + ": " + set.error());
  auto lex = open_lexicon(r);
  if (!lex.ok()) return fail_input("lexicon: " + lex.error());
  QueryLimits limits;
  limits.timeout_ms = static_cast<int>(r.integer("--timeout-ms"));
  const auto keep_by = tqa::denat_keep_rule_from_name(r.text("--keep-by"));
  if (!keep_by.ok()) return fail_input("--keep-by: " + keep_by.error());
  const bool needs_ex = *keep_by != tqa::DenatKeepRule::gold_result;
  if (needs_ex && !r.has("--pred"))
    return fail_input("--keep-by " + r.text("--keep-by") +
                      " needs --pred: the system's predictions on the original set");
  if (!needs_ex && r.has("--pred"))
    return fail_input("--pred is read only with --keep-by system-ex or both (the default keeps by the gold's result)");

  // Optional LLM: settings, prompts, the run's calls and the scheduler every database's job queues on (held under
  // --preview: the first phase's calls are queued, none is sent).
  if (auto st = check_model_call_flags_need_model(r); !st.ok()) return fail_input(st.error());
  if (r.has("--llm-names") && !r.has("--llm-config")) return fail_input("--llm-names needs --llm-config");
  std::optional<ChatSetup> chat;
  std::optional<ModelCalls> calls;
  std::unique_ptr<CallScheduler> scheduler;
  tqa::DenatLlm llm;
  if (r.has("--llm-config")) {
    auto setup = read_chat_setup(r);
    if (!setup.ok()) return fail_input(setup.error());
    chat = std::move(*setup);
    auto opened = ModelCalls::open(r);
    if (!opened.ok()) return fail_input(opened.error());
    calls = std::move(*opened);
    // A preview's scheduler has no replay store, so no phase is answered and the jobs wait on their first calls (the
    // preview looks each up itself).
    scheduler =
        std::make_unique<CallScheduler>(chat->endpoint, calls->transport(),
                                        calls->preview() ? nullptr : calls->replay(), calls->limits(chat->settings));
    if (calls->preview()) scheduler->hold();
    llm = {scheduler.get(), &chat->prompts, chat_request_from_settings(chat->settings, {}), r.has("--llm-names")};
  }
  const bool preview = calls && calls->preview();
  size_t identifiers = 0, question_items = 0, evidence_items = 0;  // what the later phases ask at most

  std::map<std::string, std::vector<EvalItem>> by_db;
  for (const auto& i : set->items) by_db[i.db_id].push_back(i);
  tqa::ExByItem system_ex;
  if (needs_ex && !preview) {
    auto ex = system_ex_by_item(*set, r.text("--pred"), r.text("--db-root"), limits.timeout_ms);
    if (!ex.ok()) return fail_input(ex.error());
    system_ex = std::move(*ex);
  }

  DatabasePool pool(r.text("--db-root"));
  std::vector<tqa::DenatDatabase> databases;
  const double start = monotonic_ms();
  for (const auto& [db_id, items] : by_db) {
    auto original = pool.get(db_id);
    if (!original.ok()) {
      std::cerr << "chokepoint: " << db_id << ": " << original.error() << " (its queries are skipped)\n";
      continue;
    }
    SchemaReadOptions ro;
    ro.count_rows = false;
    auto schema = read_schema(**original, db_id, ro);
    if (!schema.ok()) return fail_input(db_id + ": " + schema.error());
    // The pool owns the connection and outlives the batch.
    const std::shared_ptr<const Connection> connection(std::shared_ptr<void>(), *original);
    if (preview) {
      // The naturalness phase queues its calls on the held scheduler and waits; nothing is cloned or written.
      tqa::DenatJobOptions options;
      options.renamed_path = ":memory:";
      options.limits = limits;
      tqa::DenatJob job(*schema, **original, items, *lex, options, llm);
      job.step(elapsed_ms(start), 1000);
      if (!job.error().empty()) return fail_input(job.error());
      for (const auto& t : schema->tables) identifiers += 1 + t.columns.size();
      question_items += items.size();
      for (const auto& it : items) evidence_items += it.evidence.empty() ? 0 : 1;
      continue;
    }
    const std::string db_dir = out_dir + "/databases/" + db_id;
    std::error_code ec;
    std::filesystem::create_directories(db_dir, ec);  // the CLI is native only; core stays free of <filesystem>
    if (ec) return fail_input("cannot create " + db_dir + ": " + ec.message());
    const std::string renamed_path = db_dir + "/" + db_id + ".sqlite";
    std::remove(renamed_path.c_str());
    databases.push_back({std::move(*schema), connection, items, renamed_path});
  }

  std::vector<tqa::DenatItem> results;
  nlohmann::json plans = nlohmann::json::array(), discarded = nlohmann::json::array();
  tqa::DenatJobOptions options;
  options.limits = limits;
  tqa::DenatBatch batch(std::move(databases), *lex, options, llm);
  while (!preview && !batch.finished()) {
    batch.step(elapsed_ms(start), 1000);
    // curl answers inside send(), so this rarely sleeps: only while the scheduler waits to retry.
    if (batch.waiting_for_llm() && !scheduler->has_in_flight())
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  if (!batch.error().empty()) return fail_input(batch.error());
  const tqa::DenatLlmUse& use = batch.llm_use();
  for (const auto& plan : batch.plans()) plans.push_back(tqa::rename_plan_json(plan));
  for (auto d : batch.results()) {
    tqa::apply_keep_rule(d, *keep_by, system_ex);
    if (!d.kept) discarded.push_back({{"key", d.original.key}, {"db_id", d.original.db_id}, {"reason", d.reason}});
    results.push_back(d);
  }

  if (preview) {
    CallPreview p;
    p.destinations = {{chat->settings.model, endpoint_url(chat->endpoint, "")}};
    for (const auto& c : scheduler->calls())
      p.prompts.push_back({c.call.id, c.call.request.messages.empty() ? "" : c.call.request.messages[0].content,
                           replay_answers(calls->replay(), chat->settings.provider, c.call.request)});
    if (r.has("--llm-names"))
      p.later_rounds.push_back(
          {"names", "a new spelling for each identifier (prompts/tqa_abbreviate_identifier)", identifiers});
    p.later_rounds.push_back(
        {"questions", "each kept item's question with the new names (one call each)", question_items});
    p.later_rounds.push_back(
        {"evidence", "each kept item's evidence with the new names, after its question", evidence_items});
    p.details = {{"items", set->items.size()}, {"databases", by_db.size()}, {"identifiers", identifiers}};
    return print_preview(p);
  }

  size_t kept = 0;
  for (tqa::DenatSetting s : tqa::kDenatSettings) {
    const EvalSet out = tqa::denat_setting_set(results, s);
    kept = out.items.size();
    std::string path = out_dir + "/" + tqa::denat_setting_file(s) + ".json";
    if (!write_file(path, write_bird_dev_json(out))) return fail_input("cannot write " + path);
  }
  nlohmann::json summary = {{"items", results.size()},
                            {"keep_by", tqa::denat_keep_rule_name(*keep_by)},
                            {"kept", kept},
                            {"discarded", results.size() - kept},
                            {"text_rewrite", scheduler ? "llm" : "deterministic mention rewrite"},
                            {"naturalness", scheduler ? "llm classifier" : "dictionary-coverage heuristic"},
                            {"settings", {"O/O", "L/O", "O/L", "L/L"}},
                            {"databases", out_dir + "/databases"}};
  bool llm_failures = false;
  if (scheduler) {
    // What the model actually decided, kind by kind; the rest came from the deterministic fallbacks.
    calls->tally_scheduler(*scheduler);
    summary["llm_calls"] = scheduler->usage().network_calls;
    summary["model_calls"] = calls->tally_json();
    summary["llm_answers"] = {{"naturalness", use.naturalness.json()},
                              {"questions", use.questions.json()},
                              {"evidence", use.evidence.json()}};
    if (r.has("--llm-names")) summary["llm_answers"]["names"] = use.names.json();
    report_fallbacks("naturalness", use.naturalness, "the dictionary-coverage heuristic");
    report_fallbacks("names", use.names, "the deterministic abbreviator");
    report_fallbacks("questions", use.questions, "the deterministic mention rewrite");
    report_fallbacks("evidence", use.evidence, "the deterministic mention rewrite");
    for (const tqa::LlmAnswerUse* u : {&use.naturalness, &use.names, &use.questions, &use.evidence})
      llm_failures = llm_failures || u->used < u->asked;
    if (use.naturalness.used == 0) summary["naturalness"] = "dictionary-coverage heuristic (no usable LLM answer)";
    if (use.questions.used == 0 && use.evidence.used == 0)
      summary["text_rewrite"] = "deterministic mention rewrite (no usable LLM answer)";
  }
  nlohmann::json report = {{"summary", summary}, {"plans", plans}, {"discarded", discarded}};
  if (!write_file(out_dir + "/denat_report.json", report.dump(2) + "\n"))
    return fail_input("cannot write " + out_dir + "/denat_report.json");
  std::cout << summary.dump(2) << "\n";
  if (calls) calls->report("tqa denat");
  // Like `jqe --llm-config`: the files are written, the fallbacks are said.
  return model_call_exit_code(calls ? calls->tally() : CallTally{}, llm_failures);
}

const Registrar denat_command{{"tqa denat", "TQA: de-naturalised schema names and O/O, L/O, O/L, L/L sets", kDenatUsage,
                               tqa_denat_flags, tqa_denat}};

}  // namespace
}  // namespace chokepoint::cli
