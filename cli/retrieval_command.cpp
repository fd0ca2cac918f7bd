// `chokepoint retrieval`: the stage-level retrieval analysis of SQLMorph (001 §VII-b, Table VIII). Over the O/O, L/O,
// O/L and L/L sets `chokepoint tqa denat` writes, each retrieval approach (Full-Schema, TCSL, SCSL;
// core/linking/column_retrieval) retrieves columns for every item, scored against the gold query's columns as FPR and
// SLR (core/linking/linking_scores), with each variant's change against O/O.
#include <algorithm>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <map>
#include <optional>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "cli/call_preview.h"
#include "cli/cli_inputs.h"
#include "cli/command.h"
#include "cli/common_flags.h"
#include "cli/ex_inputs.h"
#include "cli/llm_calls.h"
#include "cli/model_calls.h"
#include "cli/study_output.h"
#include "core/base/json_dump.h"
#include "core/dataset/eval_set_loader.h"
#include "core/linking/column_retrieval.h"
#include "core/linking/retrieved_tables.h"
#include "core/llm/chat_request.h"
#include "core/study/retrieval_study.h"
#include "core/tqa/denaturalisation.h"

namespace chokepoint::cli {
namespace {

const char* kRetrievalUsage =
    "Usage: chokepoint retrieval (--variants DIR | --gold SET.json) (--db-root DIR | --tables TABLES.json)\n"
    "                            --out R.json\n"
    "                            [--approach full-schema|tcsl|scsl ...] [--llm-config CONFIG.json] [--fk]\n"
    "                            [--limit N] [--replay FILE.sqlite] [--prompts DIR] [--preview]\n"
    "Stage-level retrieval (001 SQLMorph §VII-b, Table VIII) over the variants `chokepoint tqa denat` writes in DIR:\n"
    "O_O.json, L_O.json, O_L.json, L_L.json. O/O and L/O use the original schemas (--db-root or --tables); O/L and\n"
    "L/L the de-naturalised ones, DIR/tables.json when present, else DIR/databases/<db>/<db>.sqlite. A variant whose\n"
    "set or schemas are missing is named on stderr and skipped. --gold SET.json instead: that one set, on the\n"
    "original schemas (a column of its own, no change against O/O); e.g. a TQA variant (`chokepoint tqa augment`'s\n"
    "DIR/SR.json), whose R.json `study tqa --linked SR=R.json` reads for thesis Table 4.9. Approaches (--approach, "
    "repeated or comma-separated;\n"
    "all three by default):\n"
    "  full-schema  no filtering: every column of the schema (no call)\n"
    "  tcsl         the model picks tables (prompts/retrieve_tables.mustache), then columns of the picked tables\n"
    "               (prompts/retrieve_columns_in_tables.mustache): two calls per question\n"
    "  scsl         the model picks columns among all of them, listed as table.column\n"
    "               (prompts/retrieve_columns.mustache): one call per question\n"
    "--llm-config is needed for tcsl and scsl. Sent: questions with their evidence and the schemas (no rows).\n"
    "--fk adds the foreign keys to the prompts. --preview prints every prompt of the first round and how many\n"
    "TCSL's column round sends at most, and sends nothing.\n"
    "Scores over the items whose gold query names a column (the gold is the columns it uses, by name resolution):\n"
    "  FPR  mean over queries of |retrieved \\ gold| / |retrieved| (queries that retrieved nothing left out;\n"
    "       fpr_pooled = Σ|R \\ G| / Σ|R|), in %\n"
    "  SLR  share of queries whose gold columns were all retrieved, in %\n"
    "An unreadable or failed answer retrieves nothing. stdout: JSON {n, variants, missing, approaches, model,\n"
    "table_viii: [{approach, cells: {variant: {n, fpr, fpr_pooled, slr, delta_fpr, delta_slr, ...}}}], usage,\n"
    "model_calls}; deltas are percentage points against O/O. stderr also shows the table as text. R.json adds every\n"
    "item of every variant and approach, with the tables its answer named (retrieved_tables: TCSL's picked tables,\n"
    "else those of the retrieved columns).";

FlagTable retrieval_flags() {
  return with_model_call_flags({
      path_flag("--variants", "DIR", "the O_O, L_O, O_L and L_L sets `chokepoint tqa denat --out DIR` writes"),
      path_flag("--gold", "SET.json", "one set on the original schemas instead of --variants"),
      flags::db_root().described("the original databases (O/O, L/O)"),
      flags::tables().described("the original schemas (O/O, L/O), without databases"),
      flags::out("R.json", "the summary and every item of every variant and approach"),
      list_flag("--approach", "A,...", "full-schema, tcsl or scsl").shows("all three").repeated(),
      flags::llm_config().described("the model tcsl and scsl ask"),
      flags::fk(),
      flags::limit(),
      flags::prompts(),
  });
}

using linking::RetrievalApproach;
using tqa::DenatSetting;

struct Variant {
  DenatSetting setting;
  std::string name;  // the setting's ("O/O", ...), or with --gold the set's file stem
  EvalSet set;
  const std::map<std::string, Schema>* schemas = nullptr;
};

// One (variant, approach) pair: its asks in both rounds and, once answered, their answers.
struct Job {
  size_t variant = 0;
  RetrievalApproach approach = RetrievalApproach::FullSchema;
  std::vector<linking::RetrievalAsk> asks;
  std::vector<Result<std::string>> answers;
};

Result<std::vector<RetrievalApproach>> read_approaches(const FlagValues& r) {
  std::vector<RetrievalApproach> out;
  std::vector<std::string> names = r.all("--approach");
  if (names.empty()) names = {"full-schema,tcsl,scsl"};
  for (const auto& value : names) {
    std::stringstream ss(value);
    std::string name;
    while (std::getline(ss, name, ',')) {
      if (name.empty()) continue;
      auto a = linking::retrieval_approach_from_name(name);
      if (!a.ok()) return Error{a.error()};
      if (std::find(out.begin(), out.end(), *a) == out.end()) out.push_back(*a);
    }
  }
  if (out.empty()) return Error{"--approach names no approach (full-schema, tcsl or scsl)"};
  return out;
}

std::string fixed1(double v) {
  std::ostringstream s;
  s << std::fixed << std::setprecision(1) << v;
  return s.str();
}
std::string signed1(double v) { return (v >= 0 ? "+" : "") + fixed1(v); }

// `retrieval` writes R.json; `study retrieval` (as_study) the study's folder under --out instead, with the same
// stdout.
int run_retrieval(const FlagValues& r, bool as_study) {
  const std::string gold = as_study ? "" : r.text("--gold");
  if (!gold.empty() && !r.text("--variants").empty())
    return fail_input(std::string("give --variants DIR or --gold SET.json, not both\n") + kRetrievalUsage);
  if ((r.text("--variants").empty() && gold.empty()) || r.text("--out").empty() ||
      (r.text("--db-root").empty() && r.text("--tables").empty()))
    return fail_input(std::string("missing arguments\n") + kRetrievalUsage);
  auto approaches = read_approaches(r);
  if (!approaches.ok()) return fail_input(approaches.error());
  const long limit = static_cast<long>(r.integer("--limit"));
  linking::RetrievalOptions options;
  options.foreign_keys = r.has("--fk");
  const bool asks_model = std::any_of(approaches->begin(), approaches->end(),
                                      [](RetrievalApproach a) { return a != RetrievalApproach::FullSchema; });
  std::optional<ChatSetup> chat;
  if (asks_model) {
    if (!r.has("--llm-config")) return fail_input("tcsl and scsl ask a model: --llm-config CONFIG.json is needed");
    auto c = read_chat_setup(r);
    if (!c.ok()) return fail_input(c.error());
    chat = std::move(*c);
  }

  // The variants present in DIR (or the one --gold set), their sets and schemas.
  namespace fs = std::filesystem;
  const std::string dir = gold.empty() ? r.text("--variants") : gold;
  std::error_code ec;
  if (gold.empty() && !fs::is_directory(dir, ec)) return fail_input("--variants " + dir + ": not a folder");
  std::map<std::string, std::string> missing;
  std::vector<Variant> variants;
  auto read_set = [&](const std::string& path) -> Result<EvalSet> {
    auto set = load_eval_set(path);
    if (!set.ok()) return Error{path + ": " + set.error()};
    if (holds_predictions(*set)) return Error{path + ": holds predictions, not gold queries with their questions"};
    if (limit > 0 && set->items.size() > static_cast<size_t>(limit)) set->items.resize(static_cast<size_t>(limit));
    return set;
  };
  if (!gold.empty()) {
    auto set = read_set(gold);
    if (!set.ok()) return fail_input(set.error());
    variants.push_back({DenatSetting::OO, fs::path(gold).stem().string(), std::move(*set), nullptr});
  }
  for (DenatSetting s : gold.empty()
                            ? std::vector<DenatSetting>(std::begin(tqa::kDenatSettings), std::end(tqa::kDenatSettings))
                            : std::vector<DenatSetting>{}) {
    const std::string path = dir + "/" + tqa::denat_setting_file(s) + ".json";
    if (!fs::exists(path, ec)) {
      missing[tqa::denat_setting_name(s)] = path + " not found";
      continue;
    }
    auto set = read_set(path);
    if (!set.ok()) return fail_input(set.error());
    variants.push_back({s, tqa::denat_setting_name(s), std::move(*set), nullptr});
  }
  if (variants.empty())
    return fail_input("--variants " + dir +
                      " holds none of O_O.json, L_O.json, O_L.json, L_L.json (written by "
                      "`chokepoint tqa denat --out DIR`)");
  auto renamed = [](DenatSetting s) { return s == DenatSetting::OL || s == DenatSetting::LL; };
  std::set<std::string> original_ids, renamed_ids;
  for (const auto& v : variants)
    for (const auto& it : v.set.items) (renamed(v.setting) ? renamed_ids : original_ids).insert(it.db_id);
  std::map<std::string, Schema> original_schemas, renamed_schemas;
  std::string renamed_source;
  if (!original_ids.empty()) {
    auto s = schemas_for(r, original_ids);
    if (!s.ok()) return fail_input(s.error());
    original_schemas = std::move(*s);
  }
  if (!renamed_ids.empty()) {
    if (fs::exists(dir + "/tables.json", ec)) {
      renamed_source = dir + "/tables.json";
      auto all = tables_json_by_db(renamed_source);
      if (!all.ok()) return fail_input(renamed_source + ": " + all.error());
      for (auto& [db, schema] : *all)
        if (renamed_ids.count(db)) renamed_schemas[db] = std::move(schema);
    } else if (fs::is_directory(dir + "/databases", ec)) {
      renamed_source = dir + "/databases";
      auto open = open_databases(renamed_source, renamed_ids);
      if (!open.ok()) return fail_input(open.error());
      renamed_schemas = std::move(open->schemas);
    }
  }
  for (auto it = variants.begin(); it != variants.end();) {
    const bool de_naturalised = renamed(it->setting);
    it->schemas = de_naturalised ? &renamed_schemas : &original_schemas;
    if (it->schemas->empty()) {
      missing[it->name] =
          de_naturalised
              ? (renamed_source.empty() ? "no de-naturalised schemas (" + dir + "/tables.json or " + dir + "/databases)"
                                        : "none of its databases is in " + renamed_source)
              : "none of its databases is in " +
                    (r.text("--tables").empty() ? r.text("--db-root") : r.text("--tables"));
      it = variants.erase(it);
    } else {
      ++it;
    }
  }
  for (const auto& [name, why] : missing)
    std::cerr << "chokepoint: retrieval: variant " << name << " skipped: " << why << "\n";
  if (variants.empty()) return fail_input("no variant has both its set and its schemas");

  auto schema_of = [&](const Variant& v) -> linking::SchemaOf {
    const auto* schemas = v.schemas;
    return [schemas](const std::string& db) -> const Schema* {
      auto s = schemas->find(db);
      return s == schemas->end() ? nullptr : &s->second;
    };
  };

  // Round 1: TCSL's table prompts and SCSL's column prompts of every variant.
  std::vector<Job> jobs;
  for (size_t v = 0; v < variants.size(); ++v)
    for (auto a : *approaches) {
      Job job{v, a, {}, {}};
      if (a != RetrievalApproach::FullSchema) {
        auto planned = linking::plan_retrieval(variants[v].set, schema_of(variants[v]), chat->prompts, a, options);
        if (!planned.ok()) return fail_input(planned.error());
        job.asks = std::move(*planned);
      }
      jobs.push_back(std::move(job));
    }
  size_t first_round = 0, tcsl_tables = 0;
  long long tokens = 0;
  for (const auto& j : jobs)
    for (const auto& a : j.asks) {
      ++first_round;
      tcsl_tables += a.step == linking::RetrievalStep::Tables;
      tokens += estimate_tokens(a.prompt);
    }
  if (asks_model)
    std::cerr << "chokepoint: retrieval: " << first_round << " prompts, then up to " << tcsl_tables
              << " more for TCSL's columns, to " << endpoint_url(chat->endpoint, "") << ", ~" << tokens
              << " prompt tokens in the first round; questions, evidence and schemas are sent, no rows\n";
  auto calls = ModelCalls::open(r);
  if (!calls.ok()) return fail_input(calls.error());
  auto batch_of = [&](const std::vector<std::pair<size_t, size_t>>& which) {  // (job, ask) pairs
    std::vector<std::pair<std::string, std::string>> batch;
    for (const auto& [j, k] : which) {
      const Job& job = jobs[j];
      const auto& a = job.asks[k];
      batch.emplace_back(variants[job.variant].set.items[a.item].key + " / retrieval " + variants[job.variant].name +
                             " " + linking::retrieval_step_name(a.step),
                         a.prompt);
    }
    return batch;
  };
  UsageTotals usage;
  auto run_round = [&](const std::vector<std::pair<size_t, size_t>>& which) {
    if (which.empty()) return;
    auto answers = calls->ask(chat->settings, chat->endpoint, batch_of(which), &usage);
    for (size_t n = 0; n < which.size() && n < answers.size(); ++n) {
      Job& job = jobs[which[n].first];
      if (job.answers.size() < job.asks.size()) job.answers.resize(job.asks.size(), Error{"not asked"});
      job.answers[which[n].second] = std::move(answers[n]);
    }
  };
  std::vector<std::pair<size_t, size_t>> round;
  for (size_t j = 0; j < jobs.size(); ++j)
    for (size_t k = 0; k < jobs[j].asks.size(); ++k) round.emplace_back(j, k);
  if (calls->preview()) {
    CallPreview preview;
    if (chat) {
      preview.destinations = {{chat->settings.model, endpoint_url(chat->endpoint, "")}};
      for (const auto& [id, prompt] : batch_of(round))
        preview.prompts.push_back(preview_prompt(id, prompt, chat->settings, calls->replay()));
    }
    if (tcsl_tables)
      preview.later_rounds.push_back({"tcsl columns",
                                      "for each readable TCSL table answer, the columns of the tables it picked "
                                      "(prompts/retrieve_columns_in_tables.mustache)",
                                      tcsl_tables});
    nlohmann::ordered_json names = nlohmann::ordered_json::array();
    for (const auto& v : variants) names.push_back(v.name);
    preview.details = {{"second_round_at_most", tcsl_tables}, {"fk", options.foreign_keys}, {"variants", names}};
    return print_preview(preview);
  }
  if (as_study)
    if (auto st = prepare_study_out(r.text("--out")); !st.ok()) return fail_input(st.error());
  run_round(round);

  // Round 2: TCSL's columns within the tables each answer picked.
  round.clear();
  for (size_t j = 0; j < jobs.size(); ++j) {
    Job& job = jobs[j];
    if (job.approach != RetrievalApproach::Tcsl) continue;
    const Variant& v = variants[job.variant];
    auto second = linking::plan_column_step(v.set, schema_of(v), chat->prompts, job.asks, job.answers, options);
    if (!second.ok()) return fail_input(second.error());
    for (auto& a : *second) {
      round.emplace_back(j, job.asks.size());
      job.asks.push_back(std::move(a));
    }
  }
  run_round(round);

  // Scores, the table and the items.
  std::map<RetrievalApproach, std::map<DenatSetting, linking::RetrievalScores>> scored;
  nlohmann::json listed = nlohmann::json::array();
  std::map<std::pair<size_t, size_t>, nlohmann::json> cells;  // (approach index, variant index)
  std::vector<study::RetrievalCell> study_cells;
  std::vector<study::RetrievalItemRow> study_items;
  for (const auto& job : jobs) {
    const Variant& v = variants[job.variant];
    const std::string& variant_name = v.name;
    const auto items = linking::retrieve_items(v.set, schema_of(v), job.approach, job.asks, job.answers);
    const auto scores = linking::score_retrieval(linking::retrieval_cases(items));
    scored[job.approach][v.setting] = scores;
    study_cells.push_back({linking::retrieval_approach_name(job.approach), variant_name, scores});
    const auto rows =
        study::retrieval_item_rows(v.set, items, variant_name, linking::retrieval_approach_name(job.approach));
    // The tables each answer named, as `study tqa --linked` reads them for thesis Table 4.9.
    const auto tables = linking::retrieved_tables_by_key(v.set, items, schema_of(v));
    study_items.insert(study_items.end(), rows.begin(), rows.end());
    std::map<std::string, size_t> outcomes;
    for (auto o : {linking::LinkOutcome::Linked, linking::LinkOutcome::Unreadable, linking::LinkOutcome::NoAnswer,
                   linking::LinkOutcome::NoSchema, linking::LinkOutcome::GoldUnusable})
      outcomes[linking::link_outcome_name(o)] = 0;
    size_t dropped = 0;
    for (size_t k = 0; k < items.size(); ++k) {
      const auto& ri = items[k];
      ++outcomes[linking::link_outcome_name(ri.outcome)];
      dropped += ri.dropped;
      const auto& it = v.set.items[ri.item];
      nlohmann::json entry = {
          {"variant", variant_name},
          {"approach", linking::retrieval_approach_name(job.approach)},
          {"id", it.key},
          {"db_id", it.db_id},
          {"outcome", linking::link_outcome_name(ri.outcome)},
          {"gold_columns", ri.gold.columns},
          {"retrieved_columns", ri.columns},
          {"retrieved_tables", tables.count(it.key) ? tables.at(it.key) : std::vector<std::string>{}},
          {"dropped", ri.dropped},
          {"note", ri.note}};
      if (job.approach == RetrievalApproach::Tcsl) entry["picked_tables"] = ri.tables;
      if (rows[k].all_gold) entry["all_gold_retrieved"] = *rows[k].all_gold;
      if (rows[k].fpr) entry["fpr"] = *rows[k].fpr;
      listed.push_back(std::move(entry));
    }
    cells[{static_cast<size_t>(job.approach), job.variant}] = {{"n", scores.n},
                                                               {"skipped", scores.skipped},
                                                               {"fpr", scores.fpr},
                                                               {"fpr_pooled", scores.fpr_pooled},
                                                               {"slr", scores.slr},
                                                               {"fpr_items", scores.fpr_items},
                                                               {"retrieved", scores.retrieved},
                                                               {"dropped_names", dropped},
                                                               {"outcomes", outcomes}};
  }
  const bool has_oo = gold.empty() && variants.front().setting == DenatSetting::OO;
  nlohmann::json table = nlohmann::json::array();
  std::stringstream text;
  text << "Table VIII: FPR / SLR (%)" << (has_oo ? ", change against O/O in points" : "") << "\n";
  text << std::left << std::setw(13) << "approach";
  for (const auto& v : variants) text << std::setw(30) << v.name;
  text << "\n";
  for (auto a : *approaches) {
    nlohmann::json row_cells = nlohmann::json::object();
    text << std::setw(13) << linking::retrieval_approach_name(a);
    for (size_t v = 0; v < variants.size(); ++v) {
      nlohmann::json cell = cells[{static_cast<size_t>(a), v}];
      const auto& s = scored[a][variants[v].setting];
      // FPR is undefined when nothing was retrieved (fpr_items 0): the text says so, the JSON keeps 0 and fpr_items.
      const std::string fpr = s.fpr_items ? fixed1(s.fpr) : "n/a";
      std::string shown = fpr + " / " + fixed1(s.slr);
      if (has_oo && v > 0) {
        const auto& base = scored[a][DenatSetting::OO];
        cell["delta_fpr"] = s.fpr - base.fpr;
        cell["delta_slr"] = s.slr - base.slr;
        shown =
            fpr + " (" + signed1(s.fpr - base.fpr) + ") / " + fixed1(s.slr) + " (" + signed1(s.slr - base.slr) + ")";
      }
      text << std::setw(30) << shown;
      row_cells[variants[v].name] = std::move(cell);
    }
    text << "\n";
    table.push_back({{"approach", linking::retrieval_approach_name(a)}, {"cells", std::move(row_cells)}});
  }
  std::string shown_table;  // without the padding at the ends of lines
  for (std::string line; std::getline(text, line);) shown_table += line.erase(line.find_last_not_of(' ') + 1) + "\n";
  std::cerr << shown_table;

  nlohmann::json variant_names = nlohmann::json::array(), approach_names = nlohmann::json::array();
  for (const auto& v : variants) variant_names.push_back(v.name);
  for (auto a : *approaches) approach_names.push_back(linking::retrieval_approach_name(a));
  nlohmann::json summary = {
      {"n", variants.front().set.items.size()},  // items per variant (tqa denat keeps them aligned)
      {"variants", variant_names},
      {"missing", missing},
      {"approaches", approach_names},
      {"fk", options.foreign_keys},
      {"model", chat ? chat->settings.model : ""},
      {"table_viii", table},
      {"usage", call_usage_json(usage)}};
  summary["model_calls"] = calls->tally_json();
  calls->report("retrieval");
  if (as_study) {
    std::vector<std::string> setting_names, approach_names_in_paper_order;
    for (const auto& v : variants) setting_names.push_back(v.name);
    for (auto a : {RetrievalApproach::FullSchema, RetrievalApproach::Scsl, RetrievalApproach::Tcsl})
      if (std::find(approaches->begin(), approaches->end(), a) != approaches->end())
        approach_names_in_paper_order.push_back(linking::retrieval_approach_name(a));
    auto report = study::retrieval_report(setting_names, approach_names_in_paper_order, study_cells, study_items,
                                          chat ? chat->settings.model : "");
    report.inputs = {{"variants", dir}};
    report.inputs.push_back(
        {"schemas", r.text("--tables").empty() ? "db-root " + r.text("--db-root") : "tables " + r.text("--tables")});
    report.inputs.push_back({"fk", options.foreign_keys ? "yes" : "no"});
    if (limit > 0) report.inputs.push_back({"limit", std::to_string(limit)});
    for (const auto& [name, why] : missing) report.notes.push_back("Setting " + name + " skipped: " + why + ".");
    auto files = write_study_report(r.text("--out"), report);
    if (!files.ok()) return fail_input(files.error());
    summary["out"] = r.text("--out");
    summary["files"] = *files;
    std::cout << dump_json(summary, 2) << "\n";
    return calls->exit_code();
  }
  if (int rc = finish_report(r.text("--out"), summary, std::move(listed))) return rc;
  return calls->exit_code();
}

int retrieval_main(const FlagValues& r) { return run_retrieval(r, false); }

const std::string kStudyUsage =
    std::string(
        "Usage: chokepoint study retrieval --variants DIR (--db-root DIR | --tables TABLES.json) --out DIR\n"
        "                                  [--approach full-schema|tcsl|scsl ...] [--llm-config CONFIG.json] [--fk]\n"
        "                                  [--limit N] [--replay FILE.sqlite] [--prompts DIR] [--preview]\n"
        "`chokepoint retrieval` as a study: the same retrieval, calls and scores, written as a report folder with the\n"
        "paper's Table VIII beside ours (FPR and SLR per setting and approach, their change against O/O, charts, and\n"
        "one row per item, approach and setting). Without --llm-config only full-schema can run (no call).\n"
        "stdout: the JSON `chokepoint retrieval` prints, with out and files. Exit codes as `chokepoint retrieval`.\n") +
    kStudyOutRule;

FlagTable study_retrieval_flags() {
  FlagTable table = retrieval_flags();
  table.erase(std::remove_if(table.begin(), table.end(), [](const auto& f) { return f.name == "--gold"; }),
              table.end());  // the study compares the four settings
  for (auto& f : table)
    if (f.name == "--out") f = flags::out("DIR", "the folder for report.json, the CSV files and report.html");
  return table;
}

int study_retrieval_main(const FlagValues& r) { return run_retrieval(r, true); }

const Registrar study_registrar{{"study retrieval",
                                 "schema retrieval across naturalness settings (SQLMorph Table VIII) as a report",
                                 kStudyUsage, study_retrieval_flags, study_retrieval_main}};

const Registrar retrieval_registrar{
    {"retrieval",
     "stage-level retrieval (001 Table VIII): FPR and SLR of Full-Schema, TCSL and SCSL over "
     "the O/O, L/O, O/L, L/L variants",
     kRetrievalUsage, retrieval_flags, retrieval_main}};

}  // namespace
}  // namespace chokepoint::cli
