// `chokepoint eval`: EX and EXP/EXR/F1 of a prediction file against a gold file on a folder of databases.
// Prints the summary JSON on stdout and writes the full report (summary, per-item scores, explanations with
// --explain) to --out.
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <limits>
#include <map>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <utility>

#include "cli/call_preview.h"
#include "cli/cli_inputs.h"
#include "cli/command.h"
#include "cli/common_flags.h"
#include "cli/eval_baseline.h"
#include "cli/eval_exact_match.h"
#include "cli/eval_report.h"
#include "cli/eval_shard_items.h"
#include "cli/eval_store.h"
#include "cli/missing_databases.h"
#include "cli/model_calls.h"
#include "cli/parallel_evaluation.h"
#include "cli/parallel_for.h"
#include "cli/parallel_release.h"
#include "cli/report_json_text.h"
#include "cli/shard.h"
#include "cli/shard_file.h"
#include "cli/sharded_commands.h"
#include "core/base/json_dump.h"
#include "core/dataset/eval_set.h"
#include "core/dataset/eval_set_loader.h"
#include "core/db/database_pool.h"
#include "core/evaluation/gold_validation.h"
#include "core/evaluation/scenario_breakdown.h"
#include "core/evaluation/tie_queries.h"
#include "core/llm/embedding_cache.h"
#include "core/llm/embedding_replay.h"
#include "core/llm/llm_settings.h"
#include "core/metrics/eval_pairs.h"
#include "core/metrics/explanation.h"
#include "core/metrics/ngram_similarity.h"
#include "core/metrics/pair_evaluation.h"
#include "core/metrics/regime.h"
#include "core/metrics/report_csv.h"
#include "core/runner/ex_by_gold_tables.h"
#include "core/schema/sqlite_schema.h"
#include "core/sql/query_shape.h"

namespace chokepoint::cli {
namespace {

const char* kEvalUsage =
    "Usage: chokepoint eval --gold FILE --pred FILE --db-root DIR --out REPORT.json\n"
    "       chokepoint eval --validate-gold --gold FILE --db-root DIR --out REPORT.json [--semantics S] [--timeout-ms "
    "T]\n"
    "                       [--semantics bird|spider|test-suite] [--test-suite] [--regimes EC-EC-IE,...]\n"
    "                       [--timeout-ms T]\n"
    "                       [--max-rows N] [--max-value-mb M] [--max-result-mb M] [--explain] [--csv ITEMS.csv]\n"
    "                       [--llm-config FILE [--embedding-model M] [--replay FILE.sqlite] [--preview]]\n"
    "                       [--where FILTER] [--group-by NAME]\n"
    "                       [--em ours|spider-parser] [--jobs N] [--shard k/n]\n"
    "                       [--abs-tol X] [--rel-tol Y] [--tie-aware] [--store RUNS.sqlite [--run-label TEXT]]\n"
    "FILE formats (detected from the content): BIRD or Spider dev.json, gold TSV (SQL<TAB>db_id per line),\n"
    "BIRD prediction dicts {\"0\": \"SQL\\t----- bird -----\\tdb_id\"}, one SQL per line (aligned with the gold),\n"
    "CSV with a sql column. Databases are DIR/<db_id>/<db_id>.sqlite, opened read-only.\n"
    "--semantics: EX as BIRD computes it (bird: set of rows; default), as Spider's test-suite evaluator with\n"
    "  --keep_distinct (spider: bag of rows, order when the gold ends with ORDER BY, column permutations allowed),\n"
    "  or as that evaluator's default, which published Spider EX uses (test-suite: the spider comparison on\n"
    "  rewritten queries: DISTINCT deleted everywhere, '> =' joined, YEAR(CURDATE()) -> 2020, \"value\" -> 1 in the\n"
    "  prediction; order matters when \"order by\" appears anywhere in the gold). Items say what ran\n"
    "  (executed_gold_sql, executed_pred_sql) when it differs.\n"
    "--test-suite: distilled test suites: an item is right only if it matches on every DIR/<db_id>/*.sqlite\n"
    "  (<db_id>.sqlite first, then by name; stops at the first mismatch); items give test_suite_databases and\n"
    "  test_suite_failed_database.\n"
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
    "  --embedding-model, else the config's model), fetched once per descriptor and cached for the run; --replay\n"
    "  FILE.sqlite keeps them, so a rerun sends nothing already embedded. --preview evaluates without the endpoint to\n"
    "  find the descriptors SC would embed and prints how many requests they take at most, sending and writing\n"
    "  nothing. The summary then has model_calls (embedding_texts: answered, failed or cut by a budget; a descriptor\n"
    "  without its vector leaves its item's SC scores at 0 with the reason). The model-call flags below go with\n"
    "  --llm-config.\n"
    "--validate-gold: no scores; each gold runs as its own prediction (twice) and the report lists the golds that\n"
    "  cannot serve as references: error, slow (over --timeout-ms), no_database, empty, truncated,\n"
    "  non_deterministic (two runs differ), tie_dependent (ORDER BY ... LIMIT n cuts through equal keys), and the\n"
    "  ceiling: the percent of golds a perfect prediction file can match.\n"
    "--abs-tol X, --rel-tol Y: EX compares numbers (integer or real, never text) as equal when |a - b| <=\n"
    "  max(X, Y * max(|a|, |b|)), in every semantics (default 0: exact, as BIRD and Spider compare).\n"
    "--tie-aware: when the gold's ORDER BY ... LIMIT n cuts through rows with equal ordering keys, a prediction\n"
    "  returning another member of the tie is right too; items say tie_dependent, and tie_accepted when that made\n"
    "  EX 1. A gold may hold several answers (a JSON list in SQL/query, or statements separated by ';'): EX is 1\n"
    "  when any matches, and items give golds and matched_gold (0 = the first).\n"
    "--em: Spider's exact set match (evaluation.py: components compared as sets, values and DISTINCT ignored) and\n"
    "  hardness are computed with our parser, which reads every query SQLite does, and with a port of Spider's\n"
    "  parser, which rejects INNER JOIN, aliases in the select list and more (Spider's evaluator scores those 0).\n"
    "  Both are in REPORT.json's exact_match; --em picks the one per-item em and by_level use (default ours).\n"
    "  by_level: EX and EM per Spider hardness, or per BIRD difficulty when the gold set has difficulties.\n"
    "--where FILTER: score only the items whose gold query fits a scenario over its SQL characteristics, e.g.\n"
    "  'joins >= 2 && subqueries = 0' (&&, ||, !, parentheses; = != < <= > >=; names below). Golds that do not\n"
    "  parse are left out and counted.\n"
    "--group-by NAME: REPORT.json's groups: EX and Soft-F1 per value of one characteristic of the gold query.\n"
    "  Characteristics (NL2SQL360's counters): select_fields, joins, subqueries, set_operations, aggregates,\n"
    "  scalar_functions, group_by, order_by, limit, window, control_flow, like, distinct, predicates, math,\n"
    "  logical_connectors.\n"
    "--jobs N: evaluate with N threads (1 to 64, default 1), each with its own connection to each database; the\n"
    "  report is the same, byte for byte, whatever N. On a terminal, stderr shows \"evaluated 1200/5000 items\".\n"
    "--shard k/n: evaluate only the pairs whose 0-based position p in the gold file has p % n = k - 1, and write a\n"
    "  shard file (not a report) to --out; `chokepoint merge --out REPORT.json SHARD...` makes of the n shards the\n"
    "  report and summary one run writes. Merge re-reads --gold, --pred and --db-root at the paths given here.\n"
    "  --csv goes to merge.\n"
    "--store RUNS.sqlite: once the report is written, append the evaluation as a run (settings, per-item scores,\n"
    "  errors, timings) to that run store, created when missing; the summary then gives stored_run, its id.\n"
    "  --run-label names it. `chokepoint runs compare` sets two runs side by side.\n"
    "Summary on stdout: n, scored, ex (percent of scored items), gold_errors (not scored), pred_errors, timeouts,\n"
    "regimes {name: {exp, exr, f1}} (percent means over scored items), soft_f1 (BIRD mini-dev's Soft-F1, percent),\n"
    "qvt (NL2SQL360's query variance testing: mean EX over groups of questions sharing a gold query, groups of two\n"
    "or more with one right). REPORT.json also has by_gold_tables: EX by the number of tables the gold query reads\n"
    "(1, 2, 3, >3; 004 Table 4).\n"
    "A database missing under --db-root is an error (exit 2, naming the missing db_ids); --skip-missing scores the\n"
    "rest, and the summary's skipped_no_database counts the items not scored for want of a database, ex_over_n\n"
    "gives EX over all n items beside ex over the scored ones.\n"
    "--baseline REPORT.json: the summary's baseline gives the ΔEX transitions (thesis Table 3.7) of this run against\n"
    "an earlier report: plus (0 -> 1), minus (1 -> 0), zero_correct, zero_wrong over the pairs scored on both sides,\n"
    "with unscored and unmatched items counted apart. Items pair by id, or with --align seed_id each item of a\n"
    "`chokepoint jqe` set with its seed (jqe.seed_id; many expansions to one seed).";

FlagTable eval_flags() {
  return with_model_call_flags({
      flags::gold(),
      flags::pred(),
      flags::db_root(),
      flags::out("REPORT.json", "the full report: summary, per-item scores, explanations with --explain"),
      switch_flag("--validate-gold", "no scores: check that each gold can serve as a reference"),
      flags::semantics({"bird", "spider", "test-suite"}, "").or_else("bird"),
      switch_flag("--test-suite", "distilled test suites: right only on every DIR/<db_id>/*.sqlite"),
      list_flag("--regimes", "EC-EC-IE,...", "fine-grained metric configurations").shows("Table XI's five"),
      flags::timeout_ms("5000", "time limit of one item: gold, prediction and scoring together"),
      whole_flag("--max-rows", "N", 1, 100000000, "rows", "rows of a result kept; more are cut and marked truncated")
          .or_else("100000"),
      whole_flag("--max-value-mb", "M", 1, 1000, "megabytes", "the longest string or blob a query may make")
          .or_else("16"),
      whole_flag("--max-result-mb", "M", 1, 4096, "megabytes", "the size of a result kept; more is cut").or_else("64"),
      switch_flag("--explain", "per-item column and row matchings in the report"),
      path_flag("--csv", "ITEMS.csv", "also one row per item, as the app's Export CSV"),
      flags::llm_config().described("SC uses the endpoint's embeddings"),
      text_flag("--embedding-model", "M", "the embeddings model").shows("config's model"),
      text_flag("--where", "FILTER", "score only the items whose gold fits, e.g. 'joins >= 2 && subqueries = 0'"),
      text_flag("--group-by", "NAME", "EX and Soft-F1 per value of one characteristic of the gold query"),
      choice_flag("--em", {"ours", "spider-parser"}, "the exact-match parser per-item em and by_level use")
          .or_else("ours"),
      whole_flag("--jobs", "N", 1, kMaxJobs, "threads", "evaluate with N threads").or_else("1"),
      flags::shard(),
      real_flag("--abs-tol", "X", 0, std::numeric_limits<double>::max(), "numbers within X of each other are equal")
          .or_else("0"),
      real_flag("--rel-tol", "Y", 0, std::numeric_limits<double>::max(),
                "numbers within Y times the larger of the two are equal")
          .or_else("0"),
      switch_flag("--tie-aware", "a gold's ORDER BY ... LIMIT that cuts through a tie accepts any tied row"),
      path_flag("--store", "RUNS.sqlite", "append the run to this run store"),
      text_flag("--run-label", "TEXT", "the stored run's name (with --store)"),
      path_flag("--baseline", "REPORT.json", "an earlier eval report: the ΔEX transitions of this run against it"),
      choice_flag("--align", {"id", "seed_id"}, "how items pair with the baseline's: by id, or by jqe.seed_id")
          .or_else("id"),
      flags::skip_missing(),
  });
}

// --validate-gold: every gold as its own prediction, twice, with its tie probe; the report instead of scores.
int validate_gold_main(const FlagValues& r, const EvalSet& gold, const EvaluationOptions& options) {
  auto pairs = pair_gold_with_predictions(gold, gold);
  if (!pairs.ok()) return fail_input(pairs.error());
  std::vector<std::string> db_ids;
  for (const auto& p : *pairs) db_ids.push_back(p.db_id);
  if (auto st = require_databases(r.text("--db-root"), db_ids, r.has("--skip-missing")); !st.ok())
    return fail_input(st.error());
  DatabasePool pool(r.text("--db-root"));
  const auto validation = evaluation::validate_golds(
      *pairs, [&pool](const std::string& db_id) { return pool.get(db_id); }, options.semantics, options.limits);
  nlohmann::json report = evaluation::gold_validation_json(validation);
  report["semantics"] = ex_semantics_name(options.semantics);
  report["gold_file"] = r.text("--gold");
  report["timeout_ms"] = options.limits.timeout_ms;
  std::ofstream out(r.text("--out"), std::ios::binary);
  if (!(out << dump_json(report, 2) << "\n")) return fail_input("cannot write '" + r.text("--out") + "'");
  report.erase("items");
  std::cout << report.dump(2) << "\n";
  return 0;
}

// --preview: the pairs evaluated with local vectors standing in for the endpoint's, every text SC asks for recorded,
// then the requests the run would send for them (the texts the replay store lacks, kEmbeddingBatch a request, per
// SC call as the run fetches them). Nothing is sent or written.
int preview_embeddings(const std::vector<EvalPair>& pairs, const std::string& db_root, EvaluationOptions options,
                       const ModelCalls& calls, const std::string& model, const std::string& base_url) {
  std::vector<std::vector<std::string>> asked;  // the texts of each SC call, in order
  options.columns.embed = [&asked](const std::vector<std::string>& texts) {
    asked.push_back(texts);
    return ngram_embeddings(texts);
  };
  auto evaluated = evaluate_in_parallel(pairs, db_root, options, 1);
  if (!evaluated.ok()) return fail_input(evaluated.error());
  std::vector<std::string> all;
  for (const auto& texts : asked) all.insert(all.end(), texts.begin(), texts.end());
  EmbeddingCache known;  // the vectors the run would have: the replay store's, then those it fetched
  const std::vector<std::string> distinct = known.missing(model, all);
  const size_t replayed = load_replayed_embeddings(*calls.replay(), model, distinct, known);
  size_t sent = 0, requests = 0;
  for (const auto& call : asked) {
    const auto fresh = known.missing(model, call);
    sent += fresh.size();
    requests += (fresh.size() + kEmbeddingBatch - 1) / kEmbeddingBatch;
    for (const auto& t : fresh) known.put(model, t, {});
  }
  CallPreview preview;
  preview.destinations = {{model, base_url}};
  if (requests)
    preview.later_rounds.push_back({"embeddings",
                                    "the column descriptors SC compares (each result column's name and its most "
                                    "frequent values), " +
                                        std::to_string(sent) + " texts the replay store lacks, " +
                                        std::to_string(kEmbeddingBatch) + " to a request",
                                    requests});
  preview.details = {{"pairs", pairs.size()},
                     {"embedding_model", model},
                     {"embedding_texts", distinct.size()},
                     {"embedding_texts_replayed", replayed}};
  return print_preview(preview);
}

}  // namespace

int run_eval(const FlagValues& r, MergedShards* merged) {
  if (!r.positionals().empty()) return fail_input("unexpected argument '" + r.positionals()[0] + "'\n" + kEvalUsage);
  const bool validate_gold = r.has("--validate-gold");
  for (const char* f : {"--gold", "--pred", "--db-root", "--out"})
    if (r.text(f).empty() && !(validate_gold && std::string(f) == "--pred"))
      return fail_input(std::string("missing ") + f + "\n" + kEvalUsage);

  EvaluationOptions options;
  options.semantics = *ex_semantics_from_name(r.text("--semantics"));
  options.test_suite = r.has("--test-suite");
  if (r.has("--regimes")) {
    auto regimes = parse_regime_list(r.text("--regimes"));
    if (!regimes.ok()) return fail_input(regimes.error());
    options.regimes = *regimes;
  }
  options.limits.timeout_ms = static_cast<int>(r.integer("--timeout-ms"));
  options.limits.max_rows = static_cast<size_t>(r.integer("--max-rows"));
  options.limits.max_value_bytes = static_cast<size_t>(r.integer("--max-value-mb")) << 20;
  options.limits.max_result_bytes = static_cast<size_t>(r.integer("--max-result-mb")) << 20;
  options.keep_details = r.has("--explain");
  options.abs_tolerance = r.real("--abs-tol");
  options.rel_tolerance = r.real("--rel-tol");
  options.tie_aware = r.has("--tie-aware");
  const std::string em_mode = r.text("--em");
  const int jobs = static_cast<int>(r.integer("--jobs"));
  auto shard_flag = read_shard(r);
  if (!shard_flag.ok()) return fail_input(shard_flag.error());
  const std::optional<ShardSpec> shard = *shard_flag;
  if (shard && r.has("--csv")) return fail_input("--csv is not written by a shard: give it to chokepoint merge");
  if (shard && r.has("--baseline"))
    return fail_input("--baseline is not compared by a shard: run eval on the whole set");
  if (r.has("--align") && !r.has("--baseline")) return fail_input("--align pairs items with a --baseline: give one");
  if (validate_gold && (jobs > 1 || shard)) return fail_input("--validate-gold runs with neither --jobs nor --shard");
  if (r.has("--run-label") && !r.has("--store")) return fail_input("--run-label needs --store (it names the run)");
  if (r.has("--store") && (shard || validate_gold))
    return fail_input("--store keeps a scored run: not with --shard or --validate-gold");
  start_helpers(jobs);  // running beside this thread by the time the inputs are read

  // SC with endpoint embeddings: column matching calls a cache-backed function that fetches the descriptors it has
  // not seen (the replay store's first, then curl's; blocking is fine in the CLI) within the run's budget.
  if (auto st = check_model_call_flags_need_model(r); !st.ok()) return fail_input(st.error());
  if (validate_gold && r.has("--preview")) return fail_input("--preview: --validate-gold asks no model");
  EmbeddingCache embedding_cache;
  std::optional<LlmSettings> llm;
  std::optional<LlmEndpoint> endpoint;
  std::optional<ModelCalls> calls;
  std::string embedding_model;
  if (merged) options.columns.embedding_label = merged->run.value("sc_embedding", "");  // the shards ran the endpoint
  if (r.has("--llm-config") && !merged) {
    auto settings = read_llm_config(r.text("--llm-config"));
    if (!settings.ok()) return fail_input(settings.error());
    auto e = endpoint_from_settings(*settings);
    if (!e.ok()) return fail_input(r.text("--llm-config") + ": " + e.error());
    llm = *settings;
    endpoint = *e;
    embedding_model = r.has("--embedding-model") ? r.text("--embedding-model") : llm->model;
    if (embedding_model.empty()) return fail_input("--llm-config: name an embeddings model (--embedding-model M)");
    auto opened = ModelCalls::open(r);
    if (!opened.ok()) return fail_input(opened.error());
    calls = std::move(*opened);
    options.columns.embed =
        cached_embedding_function(embedding_cache, embedding_model, [&](const std::vector<std::string>& missing) {
          return calls->embed(*llm, *endpoint, embedding_model, missing, embedding_cache);
        });
    options.columns.embedding_label = "endpoint embeddings: " + embedding_model + " at " + endpoint_url(*endpoint, "");
  }

  // The gold and prediction files are read side by side with --jobs 2 or more; a gold error is reported first.
  const std::vector<std::string> set_paths = {r.text("--gold"), r.text("--pred")};
  std::vector<std::optional<Result<EvalSet>>> sets(validate_gold ? 1 : 2);
  parallel_for(sets.size(), jobs, [&](size_t i, size_t) { sets[i] = load_eval_set(set_paths[i]); });
  auto& gold = *sets[0];
  if (!gold.ok()) return fail_input(gold.error());
  if (validate_gold) return validate_gold_main(r, *gold, options);
  auto& pred = *sets[1];
  if (!pred.ok()) return fail_input(pred.error());
  auto pairs = pair_gold_with_predictions(*gold, *pred);
  if (!pairs.ok()) return fail_input(pairs.error());
  // Scenario: the pairs whose gold fits --where, by their positions in the gold file (facts below follow them).
  std::vector<size_t> positions;
  for (size_t i = 0; i < pairs->size(); ++i) positions.push_back(i);
  std::vector<std::optional<sql::Characteristics>> characteristics(pairs->size());
  parallel_for(pairs->size(), jobs,
               [&](size_t i, size_t) { characteristics[i] = evaluation::gold_characteristics_of((*pairs)[i]); });
  std::optional<sql::Characteristic> group_by;
  if (r.has("--group-by")) {
    group_by = sql::characteristic_named(r.text("--group-by"));
    if (!group_by) return fail_input("--group-by: unknown characteristic '" + r.text("--group-by") + "'");
  }
  nlohmann::json scenario;
  if (r.has("--where")) {
    auto filter = sql::parse_scenario_filter(r.text("--where"));
    if (!filter.ok()) return fail_input("--where: " + filter.error());
    const auto selection = evaluation::select_scenario(characteristics, *filter);
    scenario = {{"where", filter->text()},
                {"selected", selection.kept.size()},
                {"of", pairs->size()},
                {"gold_unparsed", selection.unparsed}};
    std::vector<EvalPair> kept;
    std::vector<std::optional<sql::Characteristics>> kept_characteristics;
    for (size_t i : selection.kept) {
      kept.push_back((*pairs)[i]);
      kept_characteristics.push_back(characteristics[i]);
    }
    *pairs = std::move(kept);
    characteristics = std::move(kept_characteristics);
    positions = selection.kept;
  }
  // Each shard checks every pair's database and records its note; merge repeats the note and reads only schemas.
  std::string skip_note;
  if (merged) {
    skip_note = merged->run.value("skip_note", "");
    print_skip_note(skip_note);
  } else {
    std::vector<std::string> db_ids;
    for (const auto& p : *pairs) db_ids.push_back(p.db_id);
    auto skipped = require_databases(r.text("--db-root"), db_ids, r.has("--skip-missing"));
    if (!skipped.ok()) return fail_input(skipped.error());
    skip_note = skipped->note;
  }
  if (options.tie_aware) evaluation::fill_tie_queries(*pairs);
  if (calls && calls->preview()) {
    std::vector<EvalPair> chosen;
    for (size_t k = 0; k < positions.size(); ++k)
      if (!shard || shard->contains(positions[k])) chosen.push_back((*pairs)[k]);
    return preview_embeddings(chosen, r.text("--db-root"), options, *calls, embedding_model,
                              endpoint_url(*endpoint, ""));
  }
  if (shard) {
    // Shard k of n: its pairs evaluated and written whole, for chokepoint merge.
    ShardFile file = new_shard("eval", *shard, report_arguments(r.arguments()));
    auto gold_hash = content_hash(r.text("--gold"));
    auto pred_hash = content_hash(r.text("--pred"));
    if (!gold_hash.ok() || !pred_hash.ok()) return fail_input(gold_hash.ok() ? pred_hash.error() : gold_hash.error());
    std::vector<EvalPair> chosen;
    for (size_t k = 0; k < positions.size(); ++k)
      if (shard->contains(positions[k])) {
        chosen.push_back((*pairs)[k]);
        file.positions.push_back(positions[k]);
      }
    auto evaluated = evaluate_in_parallel(chosen, r.text("--db-root"), options, jobs);
    if (!evaluated.ok()) return fail_input(evaluated.error());
    for (const auto& item : *evaluated) file.items.push_back(encode_eval_item(item));
    // The SC label names the endpoint, which merge does not contact; the count is this shard's fetches.
    file.run = {
        {"gold_hash", *gold_hash}, {"pred_hash", *pred_hash}, {"sc_embedding", options.columns.embedding_label}};
    if (!skip_note.empty()) file.run["skip_note"] = skip_note;
    file.counts["embeddings_cached"] = endpoint ? static_cast<long long>(embedding_cache.size()) : 0;
    if (calls) put_tally_counts(calls->tally(), file.counts);
    if (auto st = write_shard(r.text("--out"), file); !st.ok()) return fail_input(st.error());
    nlohmann::json done = {{"shard", shard->label()}, {"items", file.items.size()}, {"of", pairs->size()}};
    if (calls) done["model_calls"] = calls->tally_json();
    std::cout << done.dump(2) << "\n";
    if (!calls) return 0;
    calls->report("eval");
    return calls->exit_code();
  }
  // The store is checked before the evaluation, so a file that is not a store costs no time (and is not touched).
  std::optional<runs::RunStore> store;
  if (r.has("--store")) {
    auto opened = open_store_for_eval(r.text("--store"));
    if (!opened.ok()) return fail_input("--store: " + opened.error());
    store.emplace(std::move(opened).value());
  }
  auto items = merged ? take_merged_items(*merged, r.text("--gold"), r.text("--pred"), *pairs, positions)
                      : evaluate_in_parallel(*pairs, r.text("--db-root"), options, jobs);
  if (!items.ok()) return fail_input(items.error());
  SchemaCache schemas(r.text("--db-root"));
  EvalReportInputs in;
  in.gold = &*gold;
  in.pred = &*pred;
  in.gold_file = r.text("--gold");
  in.pred_file = r.text("--pred");
  in.pairs = &*pairs;
  in.positions = &positions;
  in.characteristics = &characteristics;
  in.group_by = group_by;
  in.scenario = scenario;
  in.options = &options;
  in.em_mode = em_mode;
  in.schemas = &schemas;
  in.jobs = jobs;
  if (r.has("--csv")) {
    std::ofstream out(r.text("--csv"), std::ios::binary);
    if (!(out << build_eval_csv(in, *items))) return fail_input("cannot write '" + r.text("--csv") + "'");
  }
  auto built = build_eval_report(in, *items);
  if (r.has("--baseline")) {
    auto delta = compare_with_baseline(r.text("--baseline"), r.text("--align"), r.text("--gold"), *items, positions);
    if (!delta.ok()) return fail_input(delta.error());
    built.report["baseline"] = *delta;
    built.summary["baseline"] = *delta;
    if ((*delta)["unmatched"].get<size_t>() > 0 || (*delta)["unscored"].get<size_t>() > 0)
      std::cerr << "chokepoint: eval: ΔEX against " << r.text("--baseline") << " is over " << (*delta)["n"]
                << " pairs; " << (*delta)["unmatched"] << " items have no counterpart there and "
                << (*delta)["unscored"] << " are not scored on one side\n";
  }
  std::ofstream out(r.text("--out"), std::ios::binary);
  if (!out) return fail_input("cannot write '" + r.text("--out") + "'");
  write_report_json(out, built.report, jobs);
  out << "\n";
  if (!out) return fail_input("could not finish writing '" + r.text("--out") + "'");
  if (store) {
    auto id = store_eval_run(*store, r.arguments(), r.text("--run-label"), options, em_mode, *pairs, *items);
    if (!id.ok()) return fail_input("--store: " + id.error());
    built.summary["stored_run"] = *id;
  }
  // Everything is written: the per-item results are freed on the --jobs threads (cli/parallel_release.h).
  const auto release = [&] {
    release_in_parallel(jobs, built.report["items"].get_ref<nlohmann::json::array_t&>(), *items);
  };
  if (!r.has("--llm-config")) {
    std::cout << built.summary.dump(2) << "\n";
    release();
    return 0;
  }
  built.summary["embeddings_cached"] =
      merged ? static_cast<size_t>(merged->counts["embeddings_cached"]) : embedding_cache.size();
  const CallTally tally = merged ? tally_from_counts(merged->counts) : calls->tally();
  built.summary["model_calls"] = call_tally_json(tally);
  std::cout << built.summary.dump(2) << "\n";
  if (calls) calls->report("eval");
  release();
  return model_call_exit_code(tally);
}

namespace {

int eval_main(const FlagValues& r) { return run_eval(r, nullptr); }

const Registrar eval_registrar{
    {"eval", "EX and EXP/EXR/F1 of predictions against gold SQL", kEvalUsage, eval_flags, eval_main}};

}  // namespace
}  // namespace chokepoint::cli
