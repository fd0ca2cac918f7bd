// `chokepoint eval`: EX and EXP/EXR/F1 of a prediction file against a gold file on a folder of databases.
// Prints the summary JSON on stdout and writes the full report (summary, per-item scores, explanations with
// --explain) to --out.
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>
#include <stdexcept>

#include "cli/cli_inputs.h"
#include "cli/command.h"
#include "cli/llm_transport_curl.h"
#include "core/base/json_dump.h"
#include "core/dataset/eval_set.h"
#include "core/dataset/eval_set_loader.h"
#include "core/db/database_pool.h"
#include "core/llm/embedding_cache.h"
#include "core/llm/llm_settings.h"
#include "core/metrics/eval_pairs.h"
#include "core/metrics/explanation.h"
#include "core/metrics/pair_evaluation.h"
#include "core/metrics/regime.h"
#include "core/metrics/report_csv.h"
#include "core/runner/ex_by_gold_tables.h"
#include "core/schema/sqlite_schema.h"
#include "core/sql/query_shape.h"

namespace chokepoint::cli {
namespace {

// A whole number of MiB within [lo, hi], as bytes; std::out_of_range outside it, std::invalid_argument if not a number.
size_t megabytes(const std::string& text, unsigned long lo, unsigned long hi) {
  size_t used = 0;
  const unsigned long v = std::stoul(text, &used);
  if (used != text.size()) throw std::invalid_argument(text);
  if (v < lo || v > hi) throw std::out_of_range(text);
  return static_cast<size_t>(v) << 20;
}

const char* kUsage =
    "Usage: chokepoint eval --gold FILE --pred FILE --db-root DIR --out REPORT.json\n"
    "                       [--semantics bird|spider] [--regimes EC-EC-IE,NC-PC,...] [--timeout-ms T]\n"
    "                       [--max-rows N] [--max-value-mb M] [--max-result-mb M] [--explain] [--csv ITEMS.csv]\n"
    "                       [--llm-config FILE [--embedding-model M]]\n"
    "FILE formats (detected from the content): BIRD or Spider dev.json, gold TSV (SQL<TAB>db_id per line),\n"
    "BIRD prediction dicts {\"0\": \"SQL\\t----- bird -----\\tdb_id\"}, one SQL per line (aligned with the gold),\n"
    "CSV with a sql column. Databases are DIR/<db_id>/<db_id>.sqlite, opened read-only.\n"
    "--semantics: EX as BIRD computes it (set of rows; default) or as Spider's test-suite evaluator (bag of rows,\n"
    "  order when the gold has ORDER BY, column permutations allowed).\n"
    "--regimes: fine-grained metric configurations (default: the five of SQLMorph Table XI:\n"
    "  EC-EC-IE,EC-PC-IE,SC-EC-IE,SC-PC-IE,NC-PC). SC uses local character-trigram embeddings.\n"
    "--timeout-ms: time limit of one item, gold, prediction and scoring together (default 5000); over it the\n"
    "  prediction is a timeout. --max-rows (default 100000) and --max-result-mb (default 64) cap a result, which is\n"
    "  then marked truncated with the cap; --max-value-mb (default 16) is the longest string or blob a query may "
    "make.\n"
    "--explain: per-item column and row matchings in the report.\n"
    "--csv ITEMS.csv: also one row per item (id, db_id, difficulty, joins, status, prediction ok|error|timeout, ex,\n"
    "  EXP/EXR/F1 per regime, gold_sql, pred_sql, message), the same file the app's \"Export CSV\" writes.\n"
    "--llm-config FILE: SC uses the endpoint's embeddings instead (OpenAI-compatible /v1/embeddings; model from\n"
    "  --embedding-model, else the config's model), fetched once per descriptor and cached for the run.\n"
    "Summary on stdout: n, scored, ex (percent of scored items), gold_errors (not scored), pred_errors, timeouts,\n"
    "regimes {name: {exp, exr, f1}} (percent means over scored items). REPORT.json also has by_gold_tables: EX by\n"
    "the number of tables the gold query reads (1, 2, 3, >3; 004 Table 4). Exit code 0, or 2 on bad input.";

int eval_main(const Args& args) {
  ArgReader r(args, {"--explain"});
  if (!r.error().empty()) return fail_input(r.error());
  if (!r.positionals().empty()) return fail_input("unexpected argument '" + r.positionals()[0] + "'\n" + kUsage);
  for (const char* f : {"--gold", "--pred", "--db-root", "--out"})
    if (r.get(f).empty()) return fail_input(std::string("missing ") + f + "\n" + kUsage);

  EvaluationOptions options;
  std::string sem = r.get("--semantics", "bird");
  if (sem == "bird")
    options.semantics = ExSemantics::Bird;
  else if (sem == "spider")
    options.semantics = ExSemantics::Spider;
  else
    return fail_input("--semantics must be bird or spider, not '" + sem + "'");
  if (r.has("--regimes")) {
    auto regimes = parse_regime_list(r.get("--regimes"));
    if (!regimes.ok()) return fail_input(regimes.error());
    options.regimes = *regimes;
  }
  try {
    if (r.has("--timeout-ms")) options.limits.timeout_ms = std::stoi(r.get("--timeout-ms"));
    if (r.has("--max-rows")) options.limits.max_rows = static_cast<size_t>(std::stoul(r.get("--max-rows")));
    if (r.has("--max-value-mb")) options.limits.max_value_bytes = megabytes(r.get("--max-value-mb"), 1, 1000);
    if (r.has("--max-result-mb")) options.limits.max_result_bytes = megabytes(r.get("--max-result-mb"), 1, 4096);
  } catch (const std::out_of_range&) {
    return fail_input("--max-value-mb takes 1 to 1000 and --max-result-mb 1 to 4096");
  } catch (...) {
    return fail_input("--timeout-ms, --max-rows, --max-value-mb and --max-result-mb take whole numbers");
  }
  options.keep_details = r.has("--explain");

  // SC with endpoint embeddings: column matching calls a cache-backed function that fetches the
  // descriptors it has not seen through curl (blocking is fine in the CLI).
  EmbeddingCache embedding_cache;
  CurlTransport transport;
  std::optional<LlmSettings> llm;
  std::optional<LlmEndpoint> endpoint;
  if (r.has("--llm-config")) {
    auto settings = read_llm_config(r.get("--llm-config"));
    if (!settings.ok()) return fail_input(settings.error());
    auto e = endpoint_from_settings(*settings);
    if (!e.ok()) return fail_input(r.get("--llm-config") + ": " + e.error());
    llm = *settings;
    endpoint = *e;
    const std::string model = r.get("--embedding-model", llm->model);
    if (model.empty()) return fail_input("--llm-config: name an embeddings model (--embedding-model M)");
    options.columns.embed =
        cached_embedding_function(embedding_cache, model, [&, model](const std::vector<std::string>& missing) {
          return fetch_embeddings_now(*endpoint, model, missing, transport, embedding_cache, 64, llm->timeout_ms);
        });
    options.columns.embedding_label = "endpoint embeddings: " + model + " at " + endpoint_url(*endpoint, "");
  }

  auto gold = load_eval_set(r.get("--gold"));
  if (!gold.ok()) return fail_input(gold.error());
  auto pred = load_eval_set(r.get("--pred"));
  if (!pred.ok()) return fail_input(pred.error());
  auto pairs = pair_gold_with_predictions(*gold, *pred);
  if (!pairs.ok()) return fail_input(pairs.error());
  DatabasePool pool(r.get("--db-root"));
  auto items = evaluate_pairs(*pairs, pool, options);
  // Each database's own schema, read once (nullopt when unreadable): joins for the CSV, tables for Table 4.
  std::map<std::string, std::optional<Schema>> schemas;
  auto schema_of = [&](const std::string& db_id) -> const std::optional<Schema>& {
    auto found = schemas.find(db_id);
    if (found == schemas.end()) {
      std::optional<Schema> schema;
      auto db = pool.get(db_id);
      if (db.ok()) {
        auto read = read_schema(**db, db_id);
        if (read.ok()) schema = std::move(read).value();
      }
      found = schemas.emplace(db_id, std::move(schema)).first;
    }
    return found->second;
  };
  if (r.has("--csv")) {
    // The same per-item facts the app shows: difficulty from the gold set, joins from each database's own schema.
    CsvItemFacts facts;
    for (const auto& g : gold->items) {
      facts.difficulty.push_back(g.difficulty);
      const auto& schema = schema_of(g.db_id);
      facts.joins.push_back(schema ? sql::join_count(g.sql, *schema) : -1);
    }
    const std::string csv = evaluation_csv(*pairs, items, options.regimes, facts);
    std::ofstream out(r.get("--csv"), std::ios::binary);
    if (!(out << csv)) return fail_input("cannot write '" + r.get("--csv") + "'");
  }
  auto summary = summarize(items, options.regimes);

  nlohmann::json report;
  report["summary"] = summary_to_json(summary);
  report["semantics"] = ex_semantics_name(options.semantics);
  report["gold_file"] = r.get("--gold");
  report["gold_format"] = dataset_format_name(gold->format);
  report["pred_file"] = r.get("--pred");
  report["pred_format"] = dataset_format_name(pred->format);
  report["timeout_ms"] = options.limits.timeout_ms;
  report["sc_embedding"] = options.columns.embedding_label;
  // 004 Table 4: EX by the number of tables the gold query reads.
  report["by_gold_tables"] = runner::gold_tables_strata_json(
      runner::ex_by_gold_tables(*pairs, items, [&](const std::string& db) -> const Schema* {
        const auto& schema = schema_of(db);
        return schema ? &*schema : nullptr;
      }));
  auto arr = nlohmann::json::array();
  for (const auto& it : items) arr.push_back(item_to_json(it, options.regimes));
  report["items"] = arr;
  std::ofstream out(r.get("--out"), std::ios::binary);
  if (!out) return fail_input("cannot write '" + r.get("--out") + "'");
  out << dump_json(report, 2) << "\n";
  if (!out) return fail_input("could not finish writing '" + r.get("--out") + "'");

  auto s = summary_to_json(summary);
  s["semantics"] = ex_semantics_name(options.semantics);
  if (endpoint) s["embeddings_cached"] = embedding_cache.size();
  std::cout << s.dump(2) << "\n";
  return 0;
}

const Registrar eval_registrar{{"eval", "EX and EXP/EXR/F1 of predictions against gold SQL", kUsage, eval_main}};

}  // namespace
}  // namespace chokepoint::cli
