// `chokepoint jqe`: Join Query Expansion over an evaluation set (decisions.md §5), with execution checks on a folder
// of databases or schema-only from a tables.json. Writes the expansion set in BIRD format with provenance and
// prints the summary JSON.
#include <algorithm>
#include <chrono>
#include <cstdlib>
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
#include "cli/llm_calls.h"
#include "cli/model_calls.h"
#include "core/base/clock.h"
#include "core/base/file_text.h"
#include "core/base/json_dump.h"
#include "core/dataset/eval_set_loader.h"
#include "core/db/database_pool.h"
#include "core/graph/schema_graph.h"
#include "core/jqe/expansion.h"
#include "core/jqe/options_json.h"
#include "core/jqe/question_generation.h"
#include "core/jqe/report.h"
#include "core/llm/llm_settings.h"
#include "core/schema/schema_ddl.h"
#include "core/schema/sqlite_schema.h"
#include "core/schema/tables_json.h"

namespace chokepoint::cli {
namespace {

const char* kJqeUsage =
    "Usage: chokepoint jqe --gold FILE (--db-root DIR | --tables TABLES.json) --out OUT.json\n"
    "         [--per-pattern N] [--budget N] [--order complexity:desc,centrality:asc]\n"
    "         [--centrality degree|betweenness] [--iso structural|tables] [--rounds K] [--timeout-ms T]\n"
    "         [--max-per-pair N] [--siblings column|table|none] [--execute-all] [--always-alias]\n"
    "         [--add-projection] [--add-predicate]\n"
    "         [--report REPORT.json] [--pruned PRUNED.json]\n"
    "         [--llm-config FILE [--prompts DIR] [--replay FILE.sqlite] [--evidence auto|always|never] [--preview]]\n"
    "Expands each query with one more joined table (thesis ch. 3 / SQLMorph §IV). --db-root DIR holds\n"
    "DIR/<db_id>/<db_id>.sqlite and enables the execution check; --tables runs schema-only.\n"
    "--per-pattern N: at most N expansions per JQG isomorphism class (default 1; 0 = no cap), counted against the\n"
    "input set too. --budget N: at most N expansions in total (default: none). --max-per-pair N: at most N\n"
    "conditions between the new table and one query table (default 2; 0 = unlimited). --execute-all: execute\n"
    "every candidate before the isomorphism cap (thesis-comparable empty-result counts).\n"
    "--add-projection / --add-predicate: enrich each kept expansion with one result column / one predicate on the\n"
    "new table, chosen from what the input set projects and filters on most (thesis §3.2); an addition that fails\n"
    "the execution check is dropped, the expansion kept. The summary then counts them under \"enriched\".\n"
    "OUT.json: BIRD dev.json items plus question_status \"pending\" and a jqe provenance object.\n"
    "--llm-config FILE (JSON: provider, base_url, model, key or key_env, temperature, seed, ...; see `chokepoint\n"
    "llm test`): ask the model for each expansion's question (thesis appendix A.1 for a round-1 expansion of a\n"
    "seed with a question, A.2 otherwise) and, for seeds with evidence (--evidence auto), an Evidence: line (A.3).\n"
    "question_status becomes \"generated\" or \"failed\" (with the error), \"pending\" when a budget cut its call.\n"
    "--replay FILE.sqlite records the answers so a rerun makes no network call. --preview runs the expansion, then\n"
    "prints every question prompt and how many evidence prompts follow, and sends and writes nothing. The summary\n"
    "then has model_calls. --budget caps expansions, not calls (--max-calls does). Exit code 1 also when some\n"
    "questions failed (the file is written anyway). The model-call flags below go with --llm-config.\n"
    "--shard is refused: which expansions are kept is decided in one pass over the whole set (docs/decisions.md\n"
    "§19), so shards could not be merged into the single run's output.";

// A whole-number flag whose bounds are the options JSON's (core/jqe/options_json.h), so the CLI and the page agree.
FlagSpec jqe_number(const std::string& flag, const std::string& value_name, const std::string& unit,
                    const std::string& help, const std::string& fallback) {
  std::string key = flag.substr(2);
  for (char& c : key)
    if (c == '-') c = '_';
  const jqe::IntOptionBound& b = jqe::jqe_int_bound(key);
  return whole_flag(flag, value_name, b.min, b.max, unit, help).shows(fallback);
}

FlagTable jqe_flags() {
  return with_model_call_flags({
      flags::gold().alias("--set"),
      flags::db_root().described("the databases: the execution check runs there"),
      flags::tables().described("the schemas: schema-only, no execution check"),
      flags::out("OUT.json", "the expansions as BIRD dev.json items with provenance"),
      jqe_number("--per-pattern", "N", "expansions", "expansions per JQG isomorphism class (0: no cap)", "1"),
      jqe_number("--budget", "N", "expansions", "expansions in total (0: none)", "0"),
      text_flag("--order", "KEY:DIR,...", "preference order of candidates, e.g. complexity:desc,centrality:asc"),
      choice_flag("--centrality", {"degree", "betweenness"}, "the centrality --order ranks tables by")
          .or_else("degree"),
      choice_flag("--iso", {"structural", "tables"}, "what makes two expansions isomorphic").or_else("structural"),
      jqe_number("--rounds", "K", "rounds", "round r+1 expands round r's expansions", "1"),
      jqe_number("--timeout-ms", "T", "milliseconds", "time limit of one execution check (0: none)", "5000"),
      jqe_number("--max-per-pair", "N", "conditions", "conditions between the new table and one query table (0: all)",
                 "2"),
      flags::siblings(),
      switch_flag("--execute-all", "execute every candidate before the isomorphism cap"),
      switch_flag("--always-alias", "alias every table in the expanded SQL"),
      switch_flag("--add-projection", "add one result column on the new table to each expansion"),
      switch_flag("--add-predicate", "add one predicate on the new table to each expansion"),
      path_flag("--report", "REPORT.json", "the run's report"),
      path_flag("--pruned", "PRUNED.json", "the candidates pruned, and why"),
      flags::llm_config().described("ask the model each expansion's question"),
      flags::prompts(),
      choice_flag("--evidence", {"auto", "always", "never"}, "ask for an Evidence: line").or_else("auto"),
      flags::shard().described("refused: what jqe keeps depends on the whole set"),
  });
}

// "--per-pattern" -> "per_pattern", the options' JSON key.
std::string option_key(std::string flag) {
  flag = flag.substr(2);
  for (char& c : flag)
    if (c == '-') c = '_';
  return flag;
}

// "per_pattern: must be ..." -> "per-pattern: must be ...", to print after "--".
std::string flag_name(std::string error) {
  for (size_t i = 0; i < error.size() && error[i] != ':'; ++i)
    if (error[i] == '_') error[i] = '-';
  return error;
}

// What the questions stage did: the items that got no question (or evidence), or only a preview printed.
struct QuestionStage {
  size_t failed = 0;
  bool previewed = false;
};

// Steps `job` until it finishes or a budget stops it; after a stop the answers already in are taken in.
void drive_question_job(jqe::QuestionJob& job) {
  // Curl answers inside send(), so each step makes progress; between retries the loop sleeps a little.
  while (job.running()) {
    const size_t before = job.count(jqe::ItemStatus::Done) + job.count(jqe::ItemStatus::Failed);
    job.step(monotonic_ms());
    if (job.stopped() != SchedulerStop::None) {
      job.step(monotonic_ms());
      return;
    }
    if (job.count(jqe::ItemStatus::Done) + job.count(jqe::ItemStatus::Failed) == before && job.running())
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

// Adds one phase of a job to the run's tally: each item's call answered (a rejected answer is an answer), failed,
// or cut by the budget that stopped the job. `replays_not_asked`: replayed calls of the job that are not this phase's.
void tally_question_phase(const jqe::QuestionJob& job, bool evidence, size_t replays_not_asked, ModelCalls& calls) {
  CallTally& t = calls.tally();
  const std::string rejected = std::string(evidence ? "evidence" : "question") + ": the model's answer was rejected";
  for (const auto& it : job.items()) {
    ++t.chat.asked;
    if (it.status == jqe::ItemStatus::Done || it.error.rfind(rejected, 0) == 0) {
      ++t.chat.answered;
    } else if (it.status == jqe::ItemStatus::Failed) {
      ++t.chat.failed;
      ++t.errors[it.error];
      if (t.chat.first_failure.empty())
        t.chat.first_failure = it.task.id + (evidence ? " / evidence: " : " / question: ") + it.error;
    } else {
      ++t.chat.cut;
      t.budget = calls.budget_label(job.stopped());
    }
  }
  UsageTotals u = job.usage();
  u.replayed = std::max(0LL, u.replayed - static_cast<long long>(replays_not_asked));
  t.chat.replayed += static_cast<size_t>(std::min<long long>(u.replayed, static_cast<long long>(t.chat.answered)));
  t.usage += u;
}

// The questions stage: fills question (and evidence) of `expansions` (expansion_set_json, same order as the run's
// expansions) through the configured endpoint, or with --preview prints what it would send. Two jobs, so that
// --max-calls and --max-tokens count over both phases: the questions, then the evidence of the expansions that got
// one (whose question calls the replay store then answers).
Result<QuestionStage> generate_questions(const FlagValues& r, const jqe::JqeRun& run,
                                         const std::map<std::string, Schema>& schemas, nlohmann::json& expansions,
                                         ModelCalls& calls) {
  auto chat = read_chat_setup(r);
  if (!chat.ok()) return Error{chat.error()};
  jqe::EvidenceMode mode = jqe::EvidenceMode::WhenSeedHasEvidence;
  const std::string ev = r.text("--evidence");
  if (ev == "always")
    mode = jqe::EvidenceMode::Always;
  else if (ev == "never")
    mode = jqe::EvidenceMode::Never;

  std::map<std::string, std::string> ddl;
  for (const auto& [db, schema] : schemas) ddl[db] = schema_to_ddl(schema);
  auto tasks = jqe::question_tasks(run, ddl, mode);
  if (!tasks.ok()) return Error{tasks.error()};
  const ChatRequest request = chat_request_from_settings(chat->settings, {});
  auto whole = jqe::QuestionJob::create(*tasks, chat->prompts, request, chat->settings.provider);
  if (!whole.ok()) return Error{whole.error()};
  const jqe::QuestionPlan plan = (*whole)->plan(calls.replay());
  std::cerr << "chokepoint: questions: " << plan.calls.size() << " prompts, " << plan.network_calls << " to send to "
            << endpoint_url(chat->endpoint, "") << " (~" << plan.estimated_tokens << " prompt tokens)\n";
  if (calls.preview()) {
    CallPreview preview;
    preview.destinations = {{chat->settings.model, endpoint_url(chat->endpoint, "")}};
    size_t evidence = 0;
    const std::string evidence_suffix = " / evidence";
    for (const auto& c : plan.calls) {
      const bool is_evidence =
          c.id.size() >= evidence_suffix.size() &&
          c.id.compare(c.id.size() - evidence_suffix.size(), evidence_suffix.size(), evidence_suffix) == 0;
      if (is_evidence)
        ++evidence;
      else
        preview.prompts.push_back({c.id, c.prompt, c.in_replay});
    }
    if (evidence)
      preview.later_rounds.push_back({"evidence",
                                      "an Evidence: line for each expansion whose question was generated (thesis "
                                      "A.3), its prompt quoting that question",
                                      evidence});
    preview.details = {{"expansions", tasks->size()}};
    print_preview(preview);
    return QuestionStage{0, true};
  }

  // Phase 1: every question.
  std::vector<jqe::QuestionTask> question_tasks = *tasks;
  for (auto& t : question_tasks) t.wants_evidence = false;
  auto questions = jqe::QuestionJob::create(question_tasks, chat->prompts, request, chat->settings.provider);
  if (!questions.ok()) return Error{questions.error()};
  jqe::QuestionJob& q = **questions;
  q.start(chat->endpoint, calls.transport(), calls.replay(), calls.limits(chat->settings));
  drive_question_job(q);
  tally_question_phase(q, false, 0, calls);

  // Phase 2: the evidence of the expansions whose question came back.
  std::vector<jqe::QuestionTask> evidence_tasks;
  std::map<std::string, size_t> evidence_of;  // expansion id -> its item in the evidence job
  for (size_t i = 0; i < tasks->size(); ++i)
    if ((*tasks)[i].wants_evidence && q.items()[i].status == jqe::ItemStatus::Done) {
      evidence_of[(*tasks)[i].id] = evidence_tasks.size();
      evidence_tasks.push_back((*tasks)[i]);
    }
  nlohmann::json with_evidence = nlohmann::json::array();
  UsageTotals usage = q.usage();
  std::vector<std::string> failures;  // "<id>: <why>", questions first
  for (const auto& it : q.items())
    if (it.status == jqe::ItemStatus::Failed) failures.push_back(it.task.id + ": " + it.error);
  if (!evidence_tasks.empty()) {
    auto evidence = jqe::QuestionJob::create(evidence_tasks, chat->prompts, request, chat->settings.provider);
    if (!evidence.ok()) return Error{evidence.error()};
    jqe::QuestionJob& e = **evidence;
    e.start(chat->endpoint, calls.transport(), calls.replay(), calls.limits(chat->settings));
    drive_question_job(e);
    tally_question_phase(e, true, evidence_tasks.size(), calls);
    with_evidence = e.to_json();
    usage += e.usage();
    for (const auto& it : e.items())
      if (it.status == jqe::ItemStatus::Failed) failures.push_back(it.task.id + ": " + it.error);
  }

  const nlohmann::json answered = q.to_json();
  for (size_t i = 0; i < answered.size() && i < expansions.size(); ++i) {
    auto e = evidence_of.find((*tasks)[i].id);
    nlohmann::json item = e == evidence_of.end() ? answered[i] : with_evidence[e->second];
    if ((*tasks)[i].wants_evidence && e == evidence_of.end()) item["evidence"] = "";  // no question, no evidence
    for (const char* field : {"question", "evidence", "question_status", "question_prompt", "alignment", "error"})
      if (item.contains(field)) expansions[i][field] = item[field];
  }
  size_t generated = 0, failed = 0;
  for (const auto& x : expansions) {
    generated += x.value("question_status", "") == "generated";
    failed += x.value("question_status", "") == "failed";
  }
  std::cerr << "chokepoint: questions: " << generated << " generated, " << failed << " failed; " << usage.network_calls
            << " network calls (" << usage.retries << " retries), " << calls.tally().chat.replayed << " replayed, "
            << usage.prompt_tokens << " + " << usage.completion_tokens << " tokens\n";
  for (const auto& f : failures) std::cerr << "chokepoint: " << f << "\n";
  return QuestionStage{static_cast<size_t>(expansions.size() - generated), false};
}

int jqe(const FlagValues& r) {
  const std::string set_path = r.text("--gold");
  if (set_path.empty() || r.text("--out").empty() || (r.text("--db-root").empty() && r.text("--tables").empty()))
    return fail_input(std::string("missing arguments\n") + kJqeUsage);
  // Sharding would not merge into the single run (decisions.md §19): a candidate is kept only while its isomorphism
  // class, counted over the input set and every expansion kept before it in set order, has room, and --budget counts
  // the whole run; the run executes only candidates that would fill a free slot, and round 2 expands round 1's
  // survivors. A shard cannot know any of that without the other shards' results.
  if (auto st = check_model_call_flags_need_model(r); !st.ok()) return fail_input(st.error());
  if (r.has("--shard"))
    return fail_input(
        "--shard: jqe cannot run in shards: whether an expansion is kept depends on the expansions kept before it "
        "across the whole set (--per-pattern counts each isomorphism class over every seed, --budget the whole run, "
        "round 2 expands round 1's survivors), so shard outputs could not be merged into the single run's; run it "
        "whole (docs/decisions.md §19)");

  // Flags become the options' JSON (--per-pattern 3 -> "per_pattern": "3"), so the CLI and the page share one
  // parser and one set of bounds (core/jqe/options_json.h).
  nlohmann::json options_json = nlohmann::json::object();
  for (const char* flag : {"--order", "--centrality", "--iso"})
    if (r.has(flag)) options_json[option_key(flag)] = r.text(flag);
  for (const char* flag : {"--per-pattern", "--budget", "--rounds", "--timeout-ms", "--max-per-pair"})
    if (r.has(flag)) options_json[option_key(flag)] = r.integer(flag);
  for (const char* flag : {"--execute-all", "--always-alias", "--add-projection", "--add-predicate"})
    if (r.has(flag)) options_json[option_key(flag)] = true;
  jqe::JqeOptions options;
  if (auto st = jqe::apply_jqe_options_json(options, options_json); !st.ok())
    return fail_input("--" + flag_name(st.error()));
  SchemaGraphOptions graph_options;
  if (r.has("--siblings")) {
    auto s = parse_sibling_rule(r.text("--siblings"));
    if (!s.ok()) return fail_input(s.error());
    graph_options.siblings = *s;
  }

  auto set = load_eval_set(set_path);
  if (!set.ok()) return fail_input(set_path + ": " + set.error());
  std::vector<EvalItem> seeds;
  std::set<std::string> db_ids;
  for (const auto& item : set->items) {
    seeds.push_back(item);
    db_ids.insert(item.db_id);
  }

  std::map<std::string, Schema> schemas;
  OpenDatabases open;  // keeps the pool alive while the job runs
  if (!r.text("--db-root").empty()) {
    auto opened = open_databases(r.text("--db-root"), db_ids);
    if (!opened.ok()) return fail_input(opened.error());
    open = std::move(*opened);
    schemas = open.schemas;
  } else {
    auto all = load_tables_json(r.text("--tables"));
    if (!all.ok()) return fail_input(r.text("--tables") + ": " + all.error());
    for (auto& s : *all)
      if (db_ids.count(s.db_id)) schemas[s.db_id] = std::move(s);
  }
  std::map<std::string, SchemaGraph> graphs;
  std::map<std::string, jqe::JqeDatabase> databases;
  for (const auto& [db, schema] : schemas) graphs[db] = build_schema_graph(schema, graph_options);
  for (const auto& [db, schema] : schemas) {
    auto c = open.connections.find(db);
    databases[db] = jqe::JqeDatabase{&schema, &graphs[db], c == open.connections.end() ? nullptr : c->second};
  }

  jqe::JqeRun run = jqe::run_jqe(seeds, databases, options);
  nlohmann::json expansions = jqe::expansion_set_json(run);
  size_t failed_questions = 0;
  std::optional<ModelCalls> calls;
  if (r.has("--llm-config")) {
    auto opened = ModelCalls::open(r);
    if (!opened.ok()) return fail_input(opened.error());
    calls = std::move(*opened);
    auto stage = generate_questions(r, run, schemas, expansions, *calls);
    if (!stage.ok()) return fail_input(stage.error());
    if (stage->previewed) return 0;
    failed_questions = stage->failed;
  }
  if (!write_file(r.text("--out"), dump_json(expansions, 2) + "\n"))
    return fail_input("cannot write " + r.text("--out"));
  if (r.has("--report") && !write_file(r.text("--report"), dump_json(jqe::jqe_report(run), 2) + "\n"))
    return fail_input("cannot write " + r.text("--report"));
  if (r.has("--pruned") && !write_file(r.text("--pruned"), dump_json(jqe::pruned_set_json(run), 2) + "\n"))
    return fail_input("cannot write " + r.text("--pruned"));
  nlohmann::json summary = jqe::jqe_summary(run);
  if (calls) {
    summary["model_calls"] = calls->tally_json();
    calls->report("jqe");
  }
  std::cout << summary.dump(2) << "\n";
  return model_call_exit_code(calls ? calls->tally() : CallTally{}, failed_questions > 0);
}

const Registrar command{
    {"jqe", "Join Query Expansion: harder queries with one more joined table", kJqeUsage, jqe_flags, jqe}};

}  // namespace
}  // namespace chokepoint::cli
