// `chokepoint features`: SQLSpace's feature matrix of a set (003; core/sqlspace), the deterministic features only:
// the SQL-syntax features from the parsed gold SQL, the question's surface features and question/schema grounding.
// The features an LLM must judge stay unknown (empty cells); asking a model for them (--llm-config) is not there yet.
#include <algorithm>
#include <cmath>
#include <iostream>
#include <set>

#include <nlohmann/json.hpp>

#include "cli/cli_inputs.h"
#include "cli/command.h"
#include "core/base/clock.h"
#include "core/base/file_text.h"
#include "core/base/json_dump.h"
#include "core/base/text.h"
#include "core/dataset/eval_set_loader.h"
#include "core/sqlspace/deterministic_features.h"
#include "core/sqlspace/feature_matrix.h"

namespace chokepoint::cli {
namespace {

using namespace chokepoint::sqlspace;

const char* kUsage =
    "Usage: chokepoint features --set SET (--db-root DIR | --tables TABLES.json) --out F.csv|F.jsonl\n"
    "                           [--online] [--online-mask aspects|no-sql] [--lexicon ASSET | --wordnet DIR]\n"
    "       chokepoint features --catalogue\n"
    "SQLSpace's binary features (003 Table 10: 187 predicates in five aspects) for every item of SET, a set in any\n"
    "format `chokepoint eval` reads. Decided here, without a model: the 40 SQL-syntax features from the parsed gold\n"
    "SQL, 28 surface features of the question (symbols, numbers and units, ranges, disjunction, comparisons, temporal\n"
    "expressions, quoted values, word lists) and 5 grounding features (question words against column names after\n"
    "segmentation and lemmatisation, question numbers against the SQL's literals); all but the SQL ones approximate\n"
    "a judgement the paper left to an LLM. The other 114 are LLM features: their cells stay empty (unknown), and\n"
    "--llm-config, which will ask a model for them, is not supported yet (exit 2). --online keeps the online mask's\n"
    "columns only (aspects: Syntax + Pragmatics + Database Reasoning = 121, the default; no-sql: Syntax + Database\n"
    "Reasoning = 89) and never reads the gold SQL. F.csv: header key,db_id,f001,...; cells 1, 0 or empty. A name\n"
    "ending in .jsonl writes a header line {\"columns\": [...]} and one object per item. --catalogue prints the 187\n"
    "features with aspect, decider, inputs and each rule's definition. stdout: JSON {items, features, deterministic,\n"
    "llm_undecided, online, mask, sql_unparsed, without_schema, ms, note, prevalence: {f074: share of 1s, ...}}.\n"
    "Exit code 0, or 2 on bad input.";

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

int features_main(const Args& args) {
  ArgReader r(args, {"--online", "--catalogue"});
  if (!r.error().empty()) return fail_input(r.error());
  if (!r.positionals().empty()) return fail_input("unexpected argument '" + r.positionals()[0] + "'\n" + kUsage);
  if (r.has("--catalogue")) return print_catalogue();
  if (r.has("--llm-config"))
    return fail_input(
        "features --llm-config: not yet; LLM features are not asked in this version (run without it for the "
        "deterministic features)");
  const std::string set_path = r.get("--set"), out = r.get("--out");
  if (set_path.empty() || out.empty() || (r.get("--tables").empty() && r.get("--db-root").empty()))
    return fail_input(std::string("missing arguments\n") + kUsage);
  FeatureOptions options;
  options.online = r.has("--online");
  if (r.has("--online-mask")) {
    auto rule = online_mask_rule_named(r.get("--online-mask"));
    if (!rule) return fail_input("--online-mask is aspects or no-sql, not '" + r.get("--online-mask") + "'");
    options.mask = *rule;
  }
  auto set = load_eval_set(set_path);
  if (!set.ok()) return fail_input(set_path + ": " + set.error());
  std::set<std::string> db_ids;
  for (const auto& item : set->items) db_ids.insert(item.db_id);
  auto schemas = schemas_for(r, db_ids);
  if (!schemas.ok()) return fail_input(schemas.error());
  auto lex = open_lexicon(r);
  if (!lex.ok()) return fail_input("lexicon: " + lex.error());

  const auto catalogue = FeatureCatalogue::sqlspace();
  const double start = monotonic_ms();
  const FeatureRun run = deterministic_features(catalogue, set->items, *schemas, &*lex, options);
  const double ms = elapsed_ms(start);
  const bool jsonl = ends_with(to_lower_ascii(out), ".jsonl");
  if (!write_file(out, jsonl ? matrix_to_jsonl(run.matrix) : matrix_to_csv(run.matrix)).ok())
    return fail_input("cannot write " + out);

  nlohmann::ordered_json prevalence = nlohmann::ordered_json::object();
  for (int id : run.deterministic_ids) {
    const int c = run.matrix.column_of(id);
    size_t known = 0, ones = 0;
    for (const auto& row : run.matrix.rows)
      if (row.known.test(static_cast<size_t>(c))) {
        ++known;
        ones += row.values.test(static_cast<size_t>(c));
      }
    if (known) prevalence[feature_column_name(id)] = rounded(static_cast<double>(ones) / static_cast<double>(known));
  }
  nlohmann::ordered_json summary;
  summary["items"] = run.matrix.rows.size();
  summary["features"] = run.matrix.feature_ids.size();
  summary["deterministic"] = run.deterministic_ids.size();
  summary["llm_undecided"] = run.llm_ids.size();
  summary["online"] = options.online;
  summary["mask"] = options.online ? online_mask_rule_name(options.mask) : "none";
  summary["sql_unparsed"] = run.sql_unparsed;
  summary["without_schema"] = run.without_schema;
  summary["ms"] = std::round(ms);
  summary["note"] = std::to_string(run.llm_ids.size()) +
                    " features need an LLM and are left unknown (empty cells); --llm-config is not supported yet";
  summary["prevalence"] = std::move(prevalence);
  std::cout << dump_json(summary, 2) << "\n";
  return 0;
}

const Registrar features_command{{"features",
                                  "SQLSpace feature matrix of a set (deterministic features; LLM features unknown)",
                                  kUsage, features_main}};

}  // namespace
}  // namespace chokepoint::cli
