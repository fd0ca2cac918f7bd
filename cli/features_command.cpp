// `chokepoint features`: SQLSpace's feature matrix of a set (003; core/sqlspace): the SQL-syntax features from the
// parsed gold SQL, the question's surface features and question/schema grounding by rule; with --llm-config, the
// features a model must judge asked through the LLM layer (core/sqlspace/llm_features.h: per aspect, several features
// a prompt, replayable), and with --agreement the rule features asked too and compared (Table 6).
#include <algorithm>
#include <cmath>
#include <iostream>
#include <set>

#include <nlohmann/json.hpp>

#include "cli/call_preview.h"
#include "cli/cli_inputs.h"
#include "cli/command.h"
#include "cli/common_flags.h"
#include "cli/llm_calls.h"
#include "cli/model_calls.h"
#include "core/base/clock.h"
#include "core/base/file_text.h"
#include "core/base/json_dump.h"
#include "core/base/text.h"
#include "core/dataset/eval_set_loader.h"
#include "core/llm/chat_request.h"
#include "core/sqlspace/deterministic_features.h"
#include "core/sqlspace/feature_agreement.h"
#include "core/sqlspace/feature_matrix.h"
#include "core/sqlspace/llm_features.h"

namespace chokepoint::cli {
namespace {

using namespace chokepoint::sqlspace;

const char* kFeaturesUsage =
    "Usage: chokepoint features --gold SET (--db-root DIR | --tables TABLES.json) --out F.csv|F.jsonl\n"
    "                           [--online] [--online-mask aspects|no-sql] [--lexicon ASSET | --wordnet DIR]\n"
    "                           [--llm-config C.json [--replay R.sqlite] [--preview] [--aspects a,b,...]\n"
    "                            [--limit N] [--batch N] [--agreement] [--prompts DIR]]\n"
    "       chokepoint features --catalogue\n"
    "SQLSpace's binary features (003 Table 10: 187 predicates in five aspects) for every item of SET, a set in any\n"
    "format `chokepoint eval` reads. Decided here, without a model: the 40 SQL-syntax features from the parsed gold\n"
    "SQL, 28 surface features of the question (symbols, numbers and units, ranges, disjunction, comparisons, temporal\n"
    "expressions, quoted values, word lists) and 5 grounding features (question words against column names after\n"
    "segmentation and lemmatisation, question numbers against the SQL's literals); all but the SQL ones approximate\n"
    "a judgement the paper left to an LLM. The other 114 are LLM features: their cells stay empty (unknown) unless\n"
    "--llm-config names a model, which is then asked Yes/No for them (prompts/sqlspace_<aspect>.mustache: per item\n"
    "and aspect, --batch features a prompt, default 10, answered as a JSON object; \"No\" when unsure). The prompt of\n"
    "an aspect shows what 003's Prompt F shows: Syntax the question, SQL Syntax the SQL, Example Semantics and\n"
    "Pragmatics both, Database Reasoning the schema (names, no rows) and the question. An unreadable answer or a\n"
    "failed call leaves its cells unknown. --aspects limits the aspects asked (syntax, sql_syntax,\n"
    "example_semantics, pragmatics, database_reasoning); --limit N keeps the first N items. --agreement also asks the\n"
    "rule features (the rule's answer stays in the matrix) and writes F_agreement.json next to F: per feature and\n"
    "aspect, the LLM's accuracy against the rule and Cohen's kappa (003 Table 6). --replay keeps every answer so a\n"
    "rerun sends nothing; --preview prints every prompt (and one example per aspect) and sends nothing.\n"
    "--online keeps the online mask's columns only (aspects: Syntax + Pragmatics + Database Reasoning = 121, the\n"
    "default; no-sql: Syntax + Database Reasoning = 89) and never reads the gold SQL (Pragmatics is asked without "
    "it).\n"
    "F.csv: header key,db_id,f001,...; cells 1, 0 or empty. A name ending in .jsonl writes a header line\n"
    "{\"columns\": [...]} and one object per item. --catalogue prints the 187 features with aspect, decider, inputs\n"
    "and each rule's definition. stdout: JSON {items, features, deterministic, llm_undecided, online, mask,\n"
    "sql_unparsed, without_schema, ms, note, prevalence: {f074: share of 1s, ...}, and with --llm-config llm: {model,\n"
    "prompts, answered, unreadable, failed, cells_asked, cells_answered, cells_filled, usage}, agreement: {...},\n"
    "model_calls}. A failed or cut call leaves its cells unknown; a rerun with --replay asks only those. The\n"
    "model-call flags below go with --llm-config.\n"
    "--predicates PREDICATES.json ({predicates: [{aspect, predicate}]}, as `chokepoint space propose` writes it)\n"
    "adds your own predicates after the 187, ids from 188 in the file's order, each decided by the model like the\n"
    "LLM features of its aspect (unknown without --llm-config); stdout's added_predicates lists {id, column,\n"
    "aspect, predicate}. A predicate the catalogue already has (same words) is refused, naming it.";

FlagTable features_flags() {
  return with_model_call_flags({
      flags::gold().alias("--set").valued("SET"),
      flags::db_root().described("the databases whose schemas the features read"),
      flags::tables(),
      flags::out("F.csv|F.jsonl", "the feature matrix: CSV, or JSONL for a name ending in .jsonl"),
      flags::online(),
      flags::online_mask(),
      flags::lexicon(),
      flags::wordnet(),
      flags::llm_config().described("ask a model the LLM features"),
      list_flag("--aspects", "a,b,...", "the aspects asked").shows("all five"),
      flags::limit(),
      whole_flag("--batch", "N", 1, 1000, "features", "features asked in one prompt").or_else("10"),
      switch_flag("--agreement", "also ask the rule features; write F_agreement.json (Table 6)"),
      path_flag("--predicates", "PREDICATES.json", "your own predicates (space propose's file), as features 188 on"),
      flags::prompts(),
      switch_flag("--catalogue", "print the 187 features with aspect, decider and definition"),
  });
}

int print_catalogue() {
  const auto c = FeatureCatalogue::sqlspace();
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const Feature& f : c.features()) {
    nlohmann::ordered_json j;
    j["id"] = f.id;
    j["column"] = feature_column_name(f.id);
    j["aspect"] = aspect_name(f.aspect);
    j["predicate"] = f.predicate;
    j["paper_inputs"] = inputs_name(paper_inputs(f.aspect));
    j["online"] = in_online_mask(f, OnlineMaskRule::QuestionSchemaAspects);
    j["decider"] = decider_name(f.decider);
    if (f.deterministic()) {
      j["rule_inputs"] = inputs_name(f.rule_inputs);
      j["approximation"] = f.approximation;
      j["definition"] = rule_definition(f.id);
    }
    list.push_back(std::move(j));
  }
  std::cout << dump_json(list, 2) << "\n";
  return 0;
}

double rounded(double x) { return std::round(x * 10000.0) / 10000.0; }

nlohmann::ordered_json optional_number(const std::optional<double>& v) {
  return v ? nlohmann::ordered_json(rounded(*v)) : nlohmann::ordered_json();
}

nlohmann::ordered_json cell_json(const AgreementCell& c) {
  nlohmann::ordered_json j;
  j["n"] = c.n();
  j["accuracy"] = optional_number(c.accuracy());
  j["kappa"] = optional_number(c.kappa());
  j["both_yes"] = c.counts.both_yes;
  j["both_no"] = c.counts.both_no;
  j["rule_yes_llm_no"] = c.counts.only_a;
  j["rule_no_llm_yes"] = c.counts.only_b;
  return j;
}

// The Table 6 report: per aspect (pooled cells, and the mean of the features' accuracies), then per feature.
nlohmann::ordered_json agreement_json(const FeatureCatalogue& catalogue, const AgreementReport& a) {
  nlohmann::ordered_json out;
  out["overall"] = cell_json(a.overall);
  nlohmann::ordered_json aspects = nlohmann::ordered_json::array();
  for (const auto& as : a.aspects) {
    nlohmann::ordered_json j;
    j["aspect"] = aspect_name(as.aspect);
    j["features"] = as.features;
    j["mean_accuracy"] = optional_number(as.mean_accuracy);
    j["pooled"] = cell_json(as.pooled);
    aspects.push_back(std::move(j));
  }
  out["aspects"] = std::move(aspects);
  nlohmann::ordered_json features = nlohmann::ordered_json::array();
  for (const auto& f : a.features) {
    nlohmann::ordered_json j;
    j["id"] = f.id;
    j["column"] = feature_column_name(f.id);
    j["aspect"] = aspect_name(f.aspect);
    j["predicate"] = catalogue.find(f.id)->predicate;
    j["approximation"] = catalogue.find(f.id)->approximation;
    j.update(cell_json(f.cell));
    features.push_back(std::move(j));
  }
  out["features"] = std::move(features);
  return out;
}

std::string path_stem(const std::string& path) {
  const size_t slash = path.find_last_of('/');
  const size_t dot = path.find_last_of('.');
  if (dot != std::string::npos && (slash == std::string::npos || dot > slash + 1)) return path.substr(0, dot);
  return path;
}

int features_main(const FlagValues& r) {
  if (!r.positionals().empty())
    return fail_input("unexpected argument '" + r.positionals()[0] + "'\n" + kFeaturesUsage);
  if (r.has("--catalogue")) return print_catalogue();
  const bool with_llm = r.has("--llm-config");
  if (auto st = check_model_call_flags_need_model(r); !st.ok()) return fail_input(st.error());
  for (const char* flag : {"--aspects", "--limit", "--batch", "--agreement", "--prompts"})
    if (r.has(flag) && !with_llm) return fail_input(std::string(flag) + " goes with --llm-config (the LLM features)");
  const std::string set_path = r.text("--gold"), out = r.text("--out");
  if (set_path.empty() || out.empty() || (r.text("--tables").empty() && r.text("--db-root").empty()))
    return fail_input(std::string("missing arguments\n") + kFeaturesUsage);
  FeatureOptions options;
  options.online = r.has("--online");
  if (r.has("--online-mask")) options.mask = *online_mask_rule_named(r.text("--online-mask"));
  LlmFeatureOptions llm_options;
  llm_options.include_deterministic = r.has("--agreement");
  llm_options.show_sql = !options.online;
  if (r.has("--aspects")) {
    auto aspects = aspects_from_list(r.text("--aspects"));
    if (!aspects.ok()) return fail_input(aspects.error());
    llm_options.aspects = *aspects;
  }
  const auto limit = static_cast<size_t>(r.integer("--limit"));
  llm_options.batch_size = static_cast<size_t>(r.integer("--batch"));
  std::optional<ChatSetup> chat;
  if (with_llm) {
    auto c = read_chat_setup(r);
    if (!c.ok()) return fail_input(c.error());
    chat = std::move(*c);
  }
  auto set = load_eval_set(set_path);
  if (!set.ok()) return fail_input(set_path + ": " + set.error());
  if (limit && set->items.size() > limit) set->items.resize(limit);
  std::set<std::string> db_ids;
  for (const auto& item : set->items) db_ids.insert(item.db_id);
  auto schemas = schemas_for(r, db_ids);
  if (!schemas.ok()) return fail_input(schemas.error());
  auto lex = open_lexicon(r);
  if (!lex.ok()) return fail_input("lexicon: " + lex.error());

  auto catalogue = FeatureCatalogue::sqlspace();
  nlohmann::ordered_json added = nlohmann::ordered_json::array();
  if (r.has("--predicates")) {
    auto text = read_file(r.text("--predicates"), kMaxSetFileBytes);
    if (!text.ok()) return fail_input(r.text("--predicates") + ": " + text.error());
    const auto j = nlohmann::json::parse(*text, nullptr, false);
    if (!j.is_object() || !j.contains("predicates") || !j["predicates"].is_array())
      return fail_input(r.text("--predicates") + ": not an object with a list 'predicates' (space propose writes one)");
    for (size_t k = 0; k < j["predicates"].size(); ++k) {
      const auto& p = j["predicates"][k];
      const std::string where = r.text("--predicates") + " predicate " + std::to_string(k + 1);
      if (!p.is_object() || !p.contains("aspect") || !p["aspect"].is_string() || !p.contains("predicate") ||
          !p["predicate"].is_string())
        return fail_input(where + ": not an object with an aspect and a predicate");
      const auto aspect = aspect_named(p["aspect"].get<std::string>());
      if (!aspect) return fail_input(where + ": unknown aspect '" + p["aspect"].get<std::string>().substr(0, 40) + "'");
      auto id = catalogue.add_predicate(*aspect, p["predicate"].get<std::string>());
      if (!id.ok()) return fail_input(where + ": " + id.error());
      added.push_back({{"id", *id},
                       {"column", feature_column_name(*id)},
                       {"aspect", aspect_name(*aspect)},
                       {"predicate", catalogue.find(*id)->predicate}});
    }
  }
  const double start = monotonic_ms();
  FeatureRun run = deterministic_features(catalogue, set->items, *schemas, &*lex, options);
  const double ms = elapsed_ms(start);

  // The LLM features: plan, preview or ask, read, fill the unknown cells.
  nlohmann::ordered_json llm_summary, agreement_summary, model_calls;
  bool calls_failed = false;
  if (chat) {
    // Online, the items' SQL is never shown (plan_llm_features skips the SQL aspects and hides it from Pragmatics).
    auto planned = plan_llm_features(catalogue, run.matrix, set->items, *schemas, chat->prompts, llm_options);
    if (!planned.ok()) return fail_input(planned.error());
    const auto& asks = *planned;
    long long tokens = 0;
    for (const auto& a : asks) tokens += estimate_tokens(a.prompt);
    const bool shows_schema = std::any_of(asks.begin(), asks.end(),
                                          [](const LlmFeatureAsk& a) { return a.aspect == Aspect::DatabaseReasoning; });
    const bool shows_sql = std::any_of(asks.begin(), asks.end(), [&](const LlmFeatureAsk& a) {
      return llm_options.show_sql && a.aspect != Aspect::Syntax && a.aspect != Aspect::DatabaseReasoning;
    });
    std::cerr << "chokepoint: features: " << asks.size() << " prompts for " << set->items.size() << " items to "
              << endpoint_url(chat->endpoint, "") << ", ~" << tokens << " prompt tokens; questions"
              << (shows_sql ? ", gold SQL" : "") << (shows_schema ? ", schemas (names only)" : "")
              << " are sent, no rows\n";
    auto calls = ModelCalls::open(r);
    if (!calls.ok()) return fail_input(calls.error());
    std::vector<std::pair<std::string, std::string>> batch_prompts;
    for (const auto& a : asks)
      batch_prompts.emplace_back(run.matrix.rows[a.row].key + " / features " + aspect_name(a.aspect) + " " +
                                     feature_column_name(a.feature_ids.front()) + "-" +
                                     feature_column_name(a.feature_ids.back()),
                                 a.prompt);
    if (calls->preview()) {
      CallPreview preview;
      preview.destinations = {{chat->settings.model, endpoint_url(chat->endpoint, "")}};
      for (const auto& [id, prompt] : batch_prompts)
        preview.prompts.push_back(preview_prompt(id, prompt, chat->settings, calls->replay()));
      size_t cells = 0;
      for (const auto& a : asks) cells += a.feature_ids.size();
      // One prompt per aspect as well: the page's preview shows them, and the browser test compares the two.
      nlohmann::ordered_json per = nlohmann::ordered_json::object();
      for (size_t a = 0; a < kAspectCount; ++a)
        for (const auto& ask : asks)
          if (static_cast<size_t>(ask.aspect) == a) {
            per[aspect_name(ask.aspect)] = ask.prompt;
            break;
          }
      preview.details = {{"items", set->items.size()},
                         {"cells", cells},
                         {"batch", llm_options.batch_size},
                         {"agreement", llm_options.include_deterministic},
                         {"examples", std::move(per)}};
      return print_preview(preview);
    }
    UsageTotals usage;
    const auto answers = calls->ask(chat->settings, chat->endpoint, batch_prompts, &usage);
    const LlmFeatureReading reading = read_llm_features(run.matrix, asks, answers, catalogue);
    const FeatureMatrix rules = run.matrix;  // before filling: the rules' answers only
    const size_t filled = fill_unknown_cells(run.matrix, reading.answers);
    llm_summary["model"] = chat->settings.model;
    llm_summary["prompts"] = reading.prompts;
    llm_summary["answered"] = reading.answered;
    llm_summary["unreadable"] = reading.unreadable;
    llm_summary["failed"] = reading.failed;
    llm_summary["cells_asked"] = reading.cells_asked;
    llm_summary["cells_answered"] = reading.cells_answered;
    llm_summary["cells_filled"] = filled;
    llm_summary["usage"] = call_usage_json(usage);
    nlohmann::ordered_json notes = nlohmann::ordered_json::array();
    for (size_t i = 0; i < reading.notes.size() && i < 20; ++i) notes.push_back(reading.notes[i]);
    llm_summary["notes"] = std::move(notes);
    model_calls = calls->tally_json();
    calls->report("features");
    calls_failed = calls->exit_code() != 0;
    if (llm_options.include_deterministic) {
      const AgreementReport agreement = rule_llm_agreement(catalogue, rules, reading.answers);
      nlohmann::ordered_json report = agreement_json(catalogue, agreement);
      report["model"] = chat->settings.model;
      report["set"] = set_path;
      report["items"] = set->items.size();
      const std::string path = path_stem(out) + "_agreement.json";
      if (!write_file(path, dump_json(report, 2) + "\n").ok()) return fail_input("cannot write " + path);
      agreement_summary["file"] = path;
      agreement_summary["overall"] = report["overall"];
      nlohmann::ordered_json table = nlohmann::ordered_json::array();
      for (const auto& a : report["aspects"])
        table.push_back({{"aspect", a["aspect"]},
                         {"features", a["features"]},
                         {"mean_accuracy", a["mean_accuracy"]},
                         {"accuracy", a["pooled"]["accuracy"]},
                         {"kappa", a["pooled"]["kappa"]}});
      agreement_summary["aspects"] = std::move(table);
    }
  }

  const bool jsonl = ends_with(to_lower_ascii(out), ".jsonl");
  if (!write_file(out, jsonl ? matrix_to_jsonl(run.matrix) : matrix_to_csv(run.matrix)).ok())
    return fail_input("cannot write " + out);

  nlohmann::ordered_json prevalence = nlohmann::ordered_json::object();
  for (int id : run.matrix.feature_ids) {
    const int c = run.matrix.column_of(id);
    size_t known = 0, ones = 0;
    for (const auto& row : run.matrix.rows)
      if (row.known.test(static_cast<size_t>(c))) {
        ++known;
        ones += row.values.test(static_cast<size_t>(c));
      }
    if (known) prevalence[feature_column_name(id)] = rounded(static_cast<double>(ones) / static_cast<double>(known));
  }
  size_t undecided = 0;  // LLM columns no item knows
  for (int id : run.llm_ids) {
    const int c = run.matrix.column_of(id);
    if (std::none_of(run.matrix.rows.begin(), run.matrix.rows.end(),
                     [&](const FeatureRow& row) { return row.known.test(static_cast<size_t>(c)); }))
      ++undecided;
  }
  nlohmann::ordered_json summary;
  summary["items"] = run.matrix.rows.size();
  summary["features"] = run.matrix.feature_ids.size();
  summary["deterministic"] = run.deterministic_ids.size();
  summary["llm_undecided"] = undecided;
  summary["online"] = options.online;
  summary["mask"] = options.online ? online_mask_rule_name(options.mask) : "none";
  summary["sql_unparsed"] = run.sql_unparsed;
  summary["without_schema"] = run.without_schema;
  summary["ms"] = std::round(ms);
  summary["note"] = chat ? std::to_string(undecided) + " LLM features were not asked (--aspects) and stay unknown"
                         : std::to_string(run.llm_ids.size()) +
                               " features need an LLM and are left unknown (empty cells); --llm-config asks a model";
  summary["prevalence"] = std::move(prevalence);
  if (!added.empty()) summary["added_predicates"] = std::move(added);
  if (chat) summary["llm"] = std::move(llm_summary);
  if (!agreement_summary.is_null()) summary["agreement"] = std::move(agreement_summary);
  if (chat) summary["model_calls"] = std::move(model_calls);
  std::cout << dump_json(summary, 2) << "\n";
  return calls_failed ? 1 : 0;
}

const Registrar features_command{{"features",
                                  "SQLSpace feature matrix of a set (rules; LLM features with --llm-config)",
                                  kFeaturesUsage, features_flags, features_main}};

}  // namespace
}  // namespace chokepoint::cli
