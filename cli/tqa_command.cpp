// `chokepoint tqa linker` (thesis ch. 4: linker tables and their references, no LLM needed) and `chokepoint tqa
// denat` (SQLMorph §V: de-naturalised databases and O/O, L/O, O/L, L/L sets). The lexicon's probes `tqa wup` and
// `tqa lemma` live in cli/lexicon_command.cpp.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <thread>
#include <cmath>
#include <fstream>
#include <iostream>
#include <map>
#include <set>

#include "cli/command.h"
#include "cli/llm_transport_curl.h"
#include "core/dataset/bird_writer.h"
#include "core/llm/call_scheduler.h"
#include "core/llm/llm_settings.h"
#include "core/llm/prompt_template.h"
#include "core/llm/answer_parser.h"
#include "core/tqa/database_rename.h"
#include "core/tqa/denaturalisation.h"
#include "core/tqa/less_natural_name.h"
#include "core/tqa/naturalness.h"
#include "core/dataset/eval_set_loader.h"
#include "core/db/database_pool.h"
#include "core/graph/schema_graph.h"
#include "core/lexicon/lexicon.h"
#include "core/schema/sqlite_schema.h"
#include "core/schema/tables_json.h"
#include "core/tqa/linker_analysis.h"
#include "core/dataset/eval_set.h"

namespace chokepoint::cli {
namespace {

const char* const kDefaultWordnet = "/usr/share/wordnet";

const char* kLinkerUsage =
    "Usage: chokepoint tqa linker --set SET.json (--tables TABLES.json | --db-root DIR) --out OUT.json\n"
    "         [--lexicon ASSET | --wordnet DIR] [--siblings column|table|none]\n"
    "Finds the linker table of every query whose join query graph has >= 3 nodes (highest betweenness, ties by\n"
    "the schema graph) and the question/evidence tokens that refer to it (thesis ch. 4). Prints the statistics\n"
    "of thesis Table 4.2 as JSON; OUT.json holds them and the per-item components and matched tokens.";

Result<Lexicon> open_lexicon(const ArgReader& r) {
  if (r.has("--lexicon")) {
    std::ifstream in(r.get("--lexicon"), std::ios::binary);
    if (!in) return Error{"cannot read " + r.get("--lexicon")};
    std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    return Lexicon::load(bytes);
  }
  return Lexicon::load_wordnet_dir(r.get("--wordnet", kDefaultWordnet));
}

bool write_file(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  return static_cast<bool>(out);
}

// Schemas from a tables.json, or read from DIR/<db_id>/<db_id>.sqlite.
Result<std::map<std::string, Schema>> load_schemas(const ArgReader& r, const std::set<std::string>& db_ids) {
  std::map<std::string, Schema> out;
  if (!r.get("--tables").empty()) {
    auto all = load_tables_json(r.get("--tables"));
    if (!all.ok()) return Error{r.get("--tables") + ": " + all.error()};
    for (auto& s : *all)
      if (db_ids.count(s.db_id)) out[s.db_id] = std::move(s);
    return out;
  }
  DatabasePool pool(r.get("--db-root"));
  for (const auto& db : db_ids) {
    auto c = pool.get(db);
    if (!c.ok()) {
      std::cerr << "chokepoint: " << db << ": " << c.error() << " (its queries are skipped)\n";
      continue;
    }
    SchemaReadOptions ro;
    ro.count_rows = false;
    auto s = read_schema(**c, db, ro);
    if (!s.ok()) return Error{db + ": " + s.error()};
    out[db] = std::move(*s);
  }
  return out;
}

int tqa_linker(const Args& args) {
  ArgReader r(args, {});
  if (!r.error().empty()) return fail_input(r.error());
  if (r.get("--set").empty() || r.get("--out").empty() || (r.get("--tables").empty() && r.get("--db-root").empty()))
    return fail_input(std::string("missing arguments\n") + kLinkerUsage);
  SchemaGraphOptions graph_options;
  if (r.has("--siblings")) {
    auto s = parse_sibling_rule(r.get("--siblings"));
    if (!s.ok()) return fail_input(s.error());
    graph_options.siblings = *s;
  }
  auto set = load_eval_set(r.get("--set"));
  if (!set.ok()) return fail_input(r.get("--set") + ": " + set.error());
  std::set<std::string> db_ids;
  for (const auto& i : set->items) db_ids.insert(i.db_id);
  auto schemas = load_schemas(r, db_ids);
  if (!schemas.ok()) return fail_input(schemas.error());
  auto lex = open_lexicon(r);
  if (!lex.ok()) return fail_input("lexicon: " + lex.error());

  std::map<std::string, SchemaGraph> graphs;
  std::map<std::string, tqa::LinkerDatabase> databases;
  for (const auto& [db, schema] : *schemas) graphs[db] = build_schema_graph(schema, graph_options);
  for (const auto& [db, schema] : *schemas) databases[db] = {&schema, &graphs[db]};

  auto start = std::chrono::steady_clock::now();
  tqa::ReferenceMatcher matcher(*lex);
  auto analyses = tqa::analyze_linker_tables(set->items, databases, matcher);
  double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  nlohmann::json stats = tqa::linker_statistics_json(tqa::linker_statistics(analyses));
  stats["detection_ms"] = std::round(ms);
  nlohmann::json report = {{"statistics", stats}, {"items", tqa::linker_items_json(analyses)}};
  if (!write_file(r.get("--out"), report.dump(2) + "\n")) return fail_input("cannot write " + r.get("--out"));
  std::cout << stats.dump(2) << "\n";
  return 0;
}

const Registrar linker_command{{"tqa linker", "TQA: linker tables and their references in questions and evidence",
                                kLinkerUsage, tqa_linker}};

const char* kDenatUsage =
    "Usage: chokepoint tqa denat --set SET.json --db-root DIR --out OUTDIR [--llm-config F] [--llm-names]\n"
    "         [--lexicon ASSET | --wordnet DIR] [--timeout-ms T]\n"
    "De-naturalises schema names (SQLMorph V): classifies each identifier N1/N2/N3 (LLM classifier with\n"
    "--llm-config, else a dictionary-coverage heuristic), abbreviates N1/N2 names (deterministic abbreviator, or\n"
    "the LLM with --llm-names), clones DIR/<db>/<db>.sqlite to OUTDIR/databases/<db>/<db>.sqlite renamed through\n"
    "ALTER TABLE, rewrites the gold SQL through the AST and keeps an item only if its result is unchanged.\n"
    "Question/evidence mentions are rewritten by the LLM, else by a deterministic exact-mention rewrite.\n"
    "Writes OUTDIR/O_O.json, L_O.json, O_L.json, L_L.json (BIRD format) and OUTDIR/denat_report.json.\n"
    "With --llm-config the summary counts, per kind, the answers used and those replaced by the fallback; exit 1\n"
    "when some LLM answer was unusable (the files are written anyway).";

// Runs prompts to completion through the scheduler (curl answers inside send(), so this loop rarely sleeps).
std::vector<Result<std::string>> run_prompts(CallScheduler& scheduler, const LlmSettings& settings,
                                             const std::vector<std::pair<std::string, std::string>>& prompts) {
  size_t first = scheduler.calls().size();
  for (const auto& [id, prompt] : prompts)
    scheduler.add({id, chat_request_from_settings(settings, {{"user", prompt}})});
  auto start = std::chrono::steady_clock::now();
  while (!scheduler.finished() && scheduler.stopped() == SchedulerStop::None) {
    double now = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    scheduler.step(now);
    if (!scheduler.finished() && !scheduler.has_in_flight())
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  std::vector<Result<std::string>> out;
  for (size_t i = first; i < scheduler.calls().size(); ++i) {
    const auto& c = scheduler.calls()[i];
    if (c.completion) out.push_back(c.completion->text);
    else out.push_back(Error{c.last_error ? c.last_error->message : std::string("call not answered")});
  }
  return out;
}

// How one kind of LLM answer fared: used, or replaced by the fallback (with each distinct reason counted once, so
// an unreachable endpoint is one line on stderr, not one per identifier).
struct LlmUse {
  size_t asked = 0, used = 0;
  std::map<std::string, size_t> failures;  // message -> times

  template <typename T>
  bool note(const Result<T>& r) {
    ++asked;
    if (r.ok()) return ++used, true;
    ++failures[r.error()];
    return false;
  }
  nlohmann::json json() const { return {{"asked", asked}, {"from_llm", used}, {"fallback", asked - used}}; }
  void report(const std::string& what, const std::string& fallback) const {
    for (const auto& [message, n] : failures)
      std::cerr << "chokepoint: " << what << ": " << n << " of " << asked << " answers unusable (" << message << "); "
                << fallback << " used for them\n";
  }
};

int tqa_denat(const Args& args) {
  ArgReader r(args, {"--llm-names"});
  if (!r.error().empty()) return fail_input(r.error());
  if (r.get("--set").empty() || r.get("--db-root").empty() || r.get("--out").empty())
    return fail_input(std::string("missing arguments\n") + kDenatUsage);
  const std::string out_dir = r.get("--out");
  auto set = load_eval_set(r.get("--set"));
  if (!set.ok()) return fail_input(r.get("--set") + ": " + set.error());
  auto lex = open_lexicon(r);
  if (!lex.ok()) return fail_input("lexicon: " + lex.error());
  QueryLimits limits;
  if (r.has("--timeout-ms")) limits.timeout_ms = std::atoi(r.get("--timeout-ms").c_str());

  // Optional LLM: settings, prompts, transport, scheduler.
  std::optional<LlmSettings> settings;
  std::optional<PromptLibrary> library;
  std::unique_ptr<CurlTransport> transport;
  std::unique_ptr<CallScheduler> scheduler;
  if (r.has("--llm-config")) {
    std::ifstream in(r.get("--llm-config"));
    if (!in) return fail_input("cannot read " + r.get("--llm-config"));
    std::ostringstream text;
    text << in.rdbuf();
    auto s = settings_from_json(text.str(), [](const std::string& name) -> std::optional<std::string> {
      const char* v = std::getenv(name.c_str());
      return v ? std::optional<std::string>(v) : std::nullopt;
    });
    if (!s.ok()) return fail_input(r.get("--llm-config") + ": " + s.error());
    auto endpoint = endpoint_from_settings(*s);
    if (!endpoint.ok()) return fail_input(endpoint.error());
    auto lib = load_prompt_library(r.get("--prompts", default_prompts_folder()));
    if (!lib.ok()) return fail_input("prompts: " + lib.error());
    settings = *s;
    library = std::move(*lib);
    transport = std::make_unique<CurlTransport>();
    SchedulerLimits sl;
    sl.timeout_ms = s->timeout_ms;
    scheduler = std::make_unique<CallScheduler>(*endpoint, *transport, nullptr, sl);
  } else if (r.has("--llm-names")) {
    return fail_input("--llm-names needs --llm-config");
  }

  std::map<std::string, std::vector<EvalItem>> by_db;
  for (const auto& i : set->items) by_db[i.db_id].push_back(i);

  DatabasePool pool(r.get("--db-root"));
  LlmUse naturalness_use, name_use, question_use, evidence_use;
  std::vector<tqa::DenatItem> results;
  nlohmann::json plans = nlohmann::json::array(), discarded = nlohmann::json::array();
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

    // Naturalness labels and proposals, by the LLM when configured.
    std::map<std::string, tqa::Naturalness> labels;
    std::map<std::string, std::string> proposals;
    std::vector<std::string> identifiers;
    for (const auto& t : schema->tables) {
      identifiers.push_back(t.name);
      for (const auto& c : t.columns) identifiers.push_back(c.name);
    }
    for (const auto& id : identifiers) labels[id] = tqa::heuristic_naturalness(*lex, id);
    tqa::NaturalnessSource source = tqa::NaturalnessSource::heuristic;
    if (scheduler) {
      std::vector<std::pair<std::string, std::string>> prompts;
      for (const auto& id : identifiers) {
        auto p = render_prompt(*library->find("tqa_naturalness"), {{"identifier", id}});
        if (!p.ok()) return fail_input(p.error());
        prompts.push_back({db_id + "/naturalness/" + id, *p});
      }
      auto answers = run_prompts(*scheduler, *settings, prompts);
      const size_t used_before = naturalness_use.used;
      for (size_t i = 0; i < identifiers.size(); ++i) {
        auto n = answers[i].ok() ? tqa::parse_naturalness(*answers[i]) : Result<tqa::Naturalness>(Error{answers[i].error()});
        if (naturalness_use.note(n)) labels[identifiers[i]] = *n;
      }
      if (naturalness_use.used > used_before) source = tqa::NaturalnessSource::llm;  // else all heuristic
      if (r.has("--llm-names")) {
        prompts.clear();
        for (const auto& id : identifiers) {
          auto p = render_prompt(*library->find("tqa_abbreviate_identifier"), {{"identifier", id}, {"target_level", "N3"}});
          if (!p.ok()) return fail_input(p.error());
          prompts.push_back({db_id + "/name/" + id, *p});
        }
        answers = run_prompts(*scheduler, *settings, prompts);
        for (size_t i = 0; i < identifiers.size(); ++i) {
          auto line = answers[i].ok() ? parse_single_line_question(*answers[i]) : Result<std::string>(Error{answers[i].error()});
          if (name_use.note(line)) proposals[identifiers[i]] = *line;
        }
      }
    }
    tqa::RenamePlan plan = tqa::plan_renames(
        *schema, [&](const std::string& n) { return labels.count(n) ? labels[n] : tqa::Naturalness::N1; },
        [&](const std::string& n) {
          auto p = proposals.find(n);
          return p != proposals.end() ? p->second : tqa::abbreviate_identifier(n);
        });
    plan.naturalness_source = source;
    plan.naming = r.has("--llm-names") ? "llm (deterministic abbreviator when unanswered)" : "deterministic abbreviator";
    plans.push_back(tqa::rename_plan_json(plan));

    const std::string db_dir = out_dir + "/databases/" + db_id;
    std::error_code ec;
    std::filesystem::create_directories(db_dir, ec);  // the CLI is native only; core stays free of <filesystem>
    if (ec) return fail_input("cannot create " + db_dir + ": " + ec.message());
    const std::string db_path = db_dir + "/" + db_id + ".sqlite";
    std::remove(db_path.c_str());
    auto renamed = tqa::clone_database(**original, db_path);
    if (!renamed.ok()) return fail_input(db_id + ": " + renamed.error());
    if (auto st = tqa::apply_rename_plan(*renamed, plan); !st.ok()) return fail_input(db_id + ": " + st.error());

    std::vector<tqa::DenatItem> db_results;
    for (const auto& item : items) db_results.push_back(tqa::denaturalise_sql(item, *schema, plan, **original, *renamed, limits));
    // Text side: the LLM for kept items, else the deterministic rewrite.
    if (scheduler) {
      std::vector<std::pair<std::string, std::string>> prompts;
      std::vector<size_t> idx;
      for (size_t i = 0; i < db_results.size(); ++i) {
        if (!db_results[i].kept) continue;
        auto p = tqa::render_denat_prompt(*library, tqa::TextSide::question, plan, db_results[i].original.question, "");
        if (!p.ok()) return fail_input(p.error());
        prompts.push_back({db_results[i].original.key + "/denat/question", *p});
        idx.push_back(i);
      }
      auto answers = run_prompts(*scheduler, *settings, prompts);
      prompts.clear();
      std::vector<size_t> eidx;
      for (size_t k = 0; k < idx.size(); ++k) {
        tqa::DenatItem& d = db_results[idx[k]];
        auto q = answers[k].ok() ? parse_single_line_question(*answers[k]) : Result<std::string>(Error{answers[k].error()});
        question_use.note(q);
        d.less_natural_question = q.ok() ? *q : tqa::rewrite_mentions(d.original.question, plan, &*lex);
        d.text_method = q.ok() ? "llm" : "deterministic mention rewrite";
        if (d.original.evidence.empty()) continue;
        auto p = tqa::render_denat_prompt(*library, tqa::TextSide::evidence, plan, d.less_natural_question, d.original.evidence);
        if (!p.ok()) return fail_input(p.error());
        prompts.push_back({d.original.key + "/denat/evidence", *p});
        eidx.push_back(idx[k]);
      }
      answers = run_prompts(*scheduler, *settings, prompts);
      for (size_t k = 0; k < eidx.size(); ++k) {
        tqa::DenatItem& d = db_results[eidx[k]];
        auto e = answers[k].ok() ? parse_evidence_line(*answers[k]) : Result<std::string>(Error{answers[k].error()});
        evidence_use.note(e);
        d.less_natural_evidence = e.ok() ? *e : tqa::rewrite_mentions(d.original.evidence, plan, &*lex);
      }
    } else {
      for (auto& d : db_results) {
        d.less_natural_question = tqa::rewrite_mentions(d.original.question, plan, &*lex);
        d.less_natural_evidence = tqa::rewrite_mentions(d.original.evidence, plan, &*lex);
        d.text_method = "deterministic mention rewrite";
      }
    }
    for (auto& d : db_results) {
      if (!d.kept) discarded.push_back({{"key", d.original.key}, {"db_id", d.original.db_id}, {"reason", d.reason}});
      results.push_back(std::move(d));
    }
  }

  size_t kept = 0;
  for (tqa::DenatSetting s : {tqa::DenatSetting::OO, tqa::DenatSetting::LO, tqa::DenatSetting::OL, tqa::DenatSetting::LL}) {
    EvalSet out;
    out.format = DatasetFormat::BirdDevJson;
    for (const auto& d : results) {
      if (!d.kept) continue;
      EvalItem t = d.in_setting(s);
      out.items.push_back({t.key, t.db_id, t.question, t.evidence, t.sql, t.difficulty});
    }
    kept = out.items.size();
    std::string path = out_dir + "/" + tqa::denat_setting_file(s) + ".json";
    if (!write_file(path, write_bird_dev_json(out))) return fail_input("cannot write " + path);
  }
  nlohmann::json summary = {{"items", results.size()},
                            {"kept", kept},
                            {"discarded", results.size() - kept},
                            {"text_rewrite", scheduler ? "llm" : "deterministic mention rewrite"},
                            {"naturalness", scheduler ? "llm classifier" : "dictionary-coverage heuristic"},
                            {"settings", {"O/O", "L/O", "O/L", "L/L"}},
                            {"databases", out_dir + "/databases"}};
  bool llm_failures = false;
  if (scheduler) {
    // What the model actually decided, kind by kind; the rest came from the deterministic fallbacks.
    summary["llm_calls"] = scheduler->usage().network_calls;
    summary["llm_answers"] = {{"naturalness", naturalness_use.json()},
                              {"questions", question_use.json()},
                              {"evidence", evidence_use.json()}};
    if (r.has("--llm-names")) summary["llm_answers"]["names"] = name_use.json();
    naturalness_use.report("naturalness", "the dictionary-coverage heuristic");
    name_use.report("names", "the deterministic abbreviator");
    question_use.report("questions", "the deterministic mention rewrite");
    evidence_use.report("evidence", "the deterministic mention rewrite");
    for (const LlmUse* u : {&naturalness_use, &name_use, &question_use, &evidence_use})
      llm_failures = llm_failures || u->used < u->asked;
    if (naturalness_use.used == 0) summary["naturalness"] = "dictionary-coverage heuristic (no usable LLM answer)";
    if (question_use.used == 0 && evidence_use.used == 0)
      summary["text_rewrite"] = "deterministic mention rewrite (no usable LLM answer)";
  }
  nlohmann::json report = {{"summary", summary}, {"plans", plans}, {"discarded", discarded}};
  if (!write_file(out_dir + "/denat_report.json", report.dump(2) + "\n"))
    return fail_input("cannot write " + out_dir + "/denat_report.json");
  std::cout << summary.dump(2) << "\n";
  return llm_failures ? 1 : 0;  // like `jqe --llm-config`: the files are written, the fallbacks are said
}

const Registrar denat_command{{"tqa denat", "TQA: de-naturalised schema names and O/O, L/O, O/L, L/L sets",
                               kDenatUsage, tqa_denat}};

}  // namespace
}  // namespace chokepoint::cli
