// `chokepoint space rewrite`: SQLSpace's question rewriting (003 §6, Appendix H, Tables 3-4;
// core/sqlspace/question_rewriting.h). For the items a model is expected to fail, a rewriter model rewrites the
// question around each of the item's top negative features (from `chokepoint space estimate`), the text-to-SQL
// prompt of the runner is sent on each rewrite, the SQL is scored with EX by the metrics engine, and the report gives
// Acc@1 and Acc@3 against no rewriting. Registered as a second word of `space` from its own file.
#include <algorithm>
#include <cmath>
#include <iostream>
#include <map>
#include <set>

#include <nlohmann/json.hpp>

#include "cli/call_preview.h"
#include "cli/cli_inputs.h"
#include "cli/command.h"
#include "cli/common_flags.h"
#include "cli/llm_calls.h"
#include "cli/missing_databases.h"
#include "cli/model_calls.h"
#include "core/base/file_text.h"
#include "core/base/json_dump.h"
#include "core/base/text.h"
#include "core/dataset/eval_set_loader.h"
#include "core/llm/chat_request.h"
#include "core/metrics/eval_pairs.h"
#include "core/metrics/execution_accuracy.h"
#include "core/metrics/pair_evaluation.h"
#include "core/runner/prediction_run.h"
#include "core/sqlspace/correctness_transfer.h"
#include "core/sqlspace/deterministic_features.h"
#include "core/sqlspace/question_rewriting.h"
#include "core/sqlspace/rewrite_attempts.h"

namespace chokepoint::cli {
namespace {

using namespace chokepoint::sqlspace;
using ojson = nlohmann::ordered_json;

const char* kSpaceRewriteUsage =
    "Usage: chokepoint space rewrite --gold S --pred P --db-root DIR --llm-config REWRITER.json --out R.json\n"
    "                                (--estimate E.json | --negative-features F.json) [--items predicted|wrong|all]\n"
    "                                [--train-gold T --train-pred TP [--train-db-root D] [--train-features M2]\n"
    "                                 [--trees N] [--seed N]] [--online [--online-mask aspects|no-sql]]\n"
    "                                [--top N] [--t2s-config MODEL.json] [--format F] [--rows N] [--features M.csv]\n"
    "                                [--semantics bird|spider|test-suite] [--limit N] [--replay R.sqlite]\n"
    "                                [--prompts DIR] [--preview] [--lexicon ASSET | --wordnet DIR]\n"
    "Question rewriting (003 Appendix H). P's items are scored with EX against the set S (an eval set) on DIR, as\n"
    "`chokepoint eval` does (semantics: the gold's benchmark unless --semantics says). The negative features come\n"
    "in order from `chokepoint space estimate`'s report (E.json: \"negative_features\", each with more_common_in) or\n"
    "from a JSON list (F.json: ids, \"f040\" names or such objects). Which items are rewritten (--items):\n"
    "  predicted  those the estimator predicts to fail (P(right) < 0.5). With --train-gold T --train-pred TP, a\n"
    "             random forest (--trees 200, --seed 0) trained on every scored item of T (TP's EX on\n"
    "             --train-db-root, default DIR) predicts every item of S (003's setting: trained on one set, used\n"
    "             on another); otherwise the population is E.json's held-out test_items. The default with either.\n"
    "  wrong      every scored item P got wrong (an oracle estimator; the default with --negative-features alone)\n"
    "  all        every scored item\n"
    "Each chosen item gets up to --top (default 3) rewrites, one per applicable negative feature in order: one\n"
    "commoner among failures that the item has is removed, one commoner among successes that it lacks is added (an\n"
    "unknown cell reads No). Features: --features M / --train-features M2 (from `chokepoint features`, rows by key)\n"
    "or the deterministic features computed here (--online: the mask's only, never the SQL, as 003 §6 does).\n"
    "The rewriter (--llm-config) answers prompts/sqlspace_rewrite.mustache (question and schema names, no rows;\n"
    "INVALID when the question cannot be rewritten so); the model under test (--t2s-config, default the rewriter's\n"
    "config) gets the text-to-SQL prompt of --format (default SimpleDDL-MD-Chat, as `chokepoint predict`; --rows N\n"
    "example rows per table, 003's G.1 shows 3) on each rewrite with the item's evidence. A rewrite that cannot\n"
    "be made (INVALID, unreadable, failed call) keeps the original prediction's EX. Acc@k: an item not chosen keeps\n"
    "its EX, a chosen one is right when one of its first k rewrites is (Acc@1, Acc@3; 003 Table 3); Table 4 splits\n"
    "the items by whether the estimator was right and whether the item is right at Acc@3. --replay keeps both\n"
    "models' answers (a rerun sends nothing); --preview prints every rewrite prompt, and how many text-to-SQL\n"
    "prompts follow at most, and sends nothing. stdout: JSON {n, items_rule, estimator, trained_on, chosen,\n"
    "rewritten, rewrites, invalid, unreadable, failed, no_rewriting, acc_at_1, acc_at_3, table4, top, semantics,\n"
    "format, rewriter, model, negative_features, usage, model_calls}; R.json adds the items with their rewrites (and\n"
    "p_correct). A rewrite whose call failed or was cut keeps the original EX; a rerun with --replay asks only\n"
    "those. A database missing under --db-root (or --train-db-root) is an error unless --skip-missing.";

FlagTable space_rewrite_flags() {
  return with_model_call_flags({
      flags::gold().alias("--set").valued("S"),
      flags::pred().valued("P"),
      flags::db_root(),
      flags::llm_config().described("the rewriter"),
      flags::out("R.json", "the summary and the items with their rewrites"),
      path_flag("--estimate", "E.json", "`chokepoint space estimate`'s report: negative features, held-out items"),
      path_flag("--negative-features", "F.json", "the negative features as a JSON list"),
      choice_flag("--items", {"predicted", "wrong", "all"}, "which items are rewritten")
          .shows("predicted with --estimate or --train-gold, else wrong"),
      path_flag("--train-gold", "T", "another set to train the estimator on").alias("--train-set"),
      path_flag("--train-pred", "TP", "its predictions"),
      path_flag("--train-db-root", "D", "its databases").shows("--db-root"),
      path_flag("--train-features", "M2", "its features, from `chokepoint features`"),
      whole_flag("--trees", "N", 1, 100000, "trees", "trees of the random forest").or_else("200"),
      whole_flag("--seed", "N", 0, 999999999, "", "the forest's seed").or_else("0"),
      flags::online(),
      flags::online_mask(),
      whole_flag("--top", "N", 1, 100000, "rewrites", "rewrites per item, one per negative feature").or_else("3"),
      path_flag("--t2s-config", "MODEL.json", "the model under test").shows("--llm-config"),
      text_flag("--format", "F", "the text-to-SQL prompt format").or_else("SimpleDDL-MD-Chat"),
      whole_flag("--rows", "N", 0, 100, "rows", "example rows per table in the text-to-SQL prompt").or_else("0"),
      path_flag("--features", "M.csv", "the set's features, from `chokepoint features`"),
      flags::semantics({"bird", "spider", "test-suite"}, "gold's benchmark"),
      whole_flag("--limit", "N", 0, 9999999, "items", "the first N items only (0: all)").or_else("0"),
      flags::prompts(),
      flags::lexicon(),
      flags::wordnet(),
      flags::skip_missing(),
  });
}

double round4(double x) { return std::round(x * 10000.0) / 10000.0; }

// The set's matrix from a features file, rows in set order matched by key (a missing row is all unknown).
Result<FeatureMatrix> matrix_for_set(const std::string& path, const EvalSet& set) {
  auto text = read_file(path);
  if (!text.ok()) return Error{path + ": " + text.error()};
  const bool jsonl = !text->empty() && (*text)[0] == '{';
  auto m = jsonl ? matrix_from_jsonl(*text) : matrix_from_csv(*text);
  if (!m.ok()) return Error{path + ": " + m.error()};
  std::map<std::string, size_t> by_key;
  for (size_t i = 0; i < m->rows.size(); ++i) by_key.emplace(m->rows[i].key, i);
  FeatureMatrix out;
  out.feature_ids = m->feature_ids;
  for (const auto& item : set.items) {
    auto it = by_key.find(item.key);
    out.rows.push_back(it == by_key.end() ? out.new_row(item.key, item.db_id) : m->rows[it->second]);
  }
  return out;
}

int space_rewrite_main(const FlagValues& r) {
  if (!r.positionals().empty())
    return fail_input("unexpected argument '" + r.positionals()[0] + "'\n" + kSpaceRewriteUsage);
  if (r.text("--gold").empty() || r.text("--pred").empty() || r.text("--db-root").empty() || r.text("--out").empty() ||
      !r.has("--llm-config") || (r.has("--estimate") == r.has("--negative-features")))
    return fail_input(std::string("missing arguments (one of --estimate and --negative-features)\n") +
                      kSpaceRewriteUsage);
  const auto top = static_cast<size_t>(r.integer("--top"));
  const auto limit = static_cast<size_t>(r.integer("--limit"));
  const bool transfer = r.has("--train-gold");
  if (transfer != r.has("--train-pred")) return fail_input("--train-gold and --train-pred go together");
  const std::string rule = r.has("--items")                  ? r.text("--items")
                           : r.has("--estimate") || transfer ? "predicted"
                                                             : "wrong";
  if (rule == "predicted" && !r.has("--estimate") && !transfer)
    return fail_input(
        "--items predicted needs --estimate (its held-out items) or --train-gold/--train-pred (a forest trained "
        "there)");
  FeatureOptions feature_options;
  feature_options.online = r.has("--online");
  if (r.has("--online-mask")) feature_options.mask = *online_mask_rule_named(r.text("--online-mask"));

  // Negative features and, with --estimate, the estimator's held-out predictions.
  const std::string neg_path = r.has("--estimate") ? r.text("--estimate") : r.text("--negative-features");
  auto neg_text = read_file(neg_path);
  if (!neg_text.ok()) return fail_input(neg_path + ": " + neg_text.error());
  auto negatives = read_negative_features(*neg_text);
  if (!negatives.ok()) return fail_input(neg_path + ": " + negatives.error());
  std::map<std::string, double> p_correct;  // key -> P(right), from the estimate's held-out items or the transfer
  if (rule == "predicted" && !transfer) {
    const auto doc = nlohmann::json::parse(*neg_text, nullptr, false);
    if (doc.is_object() && doc.contains("test_items") && doc["test_items"].is_array())
      for (const auto& t : doc["test_items"])
        if (t.is_object() && t.contains("key") && t.contains("p_correct") && t["p_correct"].is_number())
          p_correct[t["key"].is_string() ? t["key"].get<std::string>() : t["key"].dump()] =
              t["p_correct"].get<double>();
    if (p_correct.empty())
      return fail_input(
          neg_path + ": no test_items with p_correct (space estimate's report); use --train-gold or --items wrong|all");
  }

  auto rewriter = read_chat_setup(r);
  if (!rewriter.ok()) return fail_input(rewriter.error());
  ChatEndpoint model{rewriter->settings, rewriter->endpoint};
  if (r.has("--t2s-config")) {
    auto m = read_chat_endpoint(r.text("--t2s-config"));
    if (!m.ok()) return fail_input(m.error());
    model = std::move(*m);
  }
  auto format = runner::prompt_format_from_name(r.text("--format"));
  if (!format.ok()) return fail_input(format.error());
  runner::SchemaRenderOptions schema_options;
  schema_options.sample_rows = static_cast<int>(r.integer("--rows"));

  // Original EX of every item, as `chokepoint eval` scores it.
  auto set = load_eval_set(r.text("--gold"));
  if (!set.ok()) return fail_input(r.text("--gold") + ": " + set.error());
  if (holds_predictions(*set)) return fail_input(r.text("--gold") + ": holds predictions, not gold queries");
  if (limit && set->items.size() > limit) set->items.resize(limit);
  auto pred = load_eval_set(r.text("--pred"));
  if (!pred.ok()) return fail_input(r.text("--pred") + ": " + pred.error());
  auto pairs = pair_gold_with_predictions(*set, *pred);
  if (!pairs.ok()) return fail_input(r.text("--pred") + ": " + pairs.error());
  EvaluationOptions eval_options;
  eval_options.regimes = {};
  eval_options.semantics = semantics_of_format(set->format).value_or(ExSemantics::Bird);
  if (r.has("--semantics")) eval_options.semantics = *ex_semantics_from_name(r.text("--semantics"));
  std::set<std::string> db_ids;
  std::vector<std::string> item_db_ids;
  for (const auto& p : *pairs) {
    db_ids.insert(p.db_id);
    item_db_ids.push_back(p.db_id);
  }
  if (auto st = require_databases(r.text("--db-root"), item_db_ids, r.has("--skip-missing")); !st.ok())
    return fail_input(st.error());
  auto open = open_databases(r.text("--db-root"), db_ids);
  if (!open.ok()) return fail_input(open.error());
  const auto original = evaluate_pairs(*pairs, *open->pool, eval_options);
  std::map<std::string, runner::SampleRows> samples;  // --rows: example rows per table in the text-to-SQL prompts
  if (schema_options.sample_rows > 0)
    for (const auto& [db, connection] : open->connections)
      if (auto schema = open->schemas.find(db); schema != open->schemas.end())
        samples[db] = runner::read_sample_rows(*connection, schema->second, schema_options.sample_rows);

  // The set's features (a file from `chokepoint features`, else the rules here) and, with --train-gold, the forest
  // trained on another set's features and outcomes, applied to every item.
  const auto catalogue = FeatureCatalogue::sqlspace();
  std::optional<Lexicon> lexicon;
  auto features_of = [&](const EvalSet& s, const std::map<std::string, Schema>& schemas,
                         const char* flag) -> Result<FeatureMatrix> {
    if (r.has(flag)) return matrix_for_set(r.text(flag), s);
    if (!lexicon) {
      auto lex = open_lexicon(r);
      if (!lex.ok()) return Error{"lexicon: " + lex.error()};
      lexicon = std::move(*lex);
    }
    return deterministic_features(catalogue, s.items, schemas, &*lexicon, feature_options).matrix;
  };
  auto matrix_read = features_of(*set, open->schemas, "--features");
  if (!matrix_read.ok()) return fail_input(matrix_read.error());
  const FeatureMatrix matrix = std::move(*matrix_read);
  size_t trained = 0;
  if (transfer) {
    auto train = load_eval_set(r.text("--train-gold"));
    if (!train.ok()) return fail_input(r.text("--train-gold") + ": " + train.error());
    auto train_pred = load_eval_set(r.text("--train-pred"));
    if (!train_pred.ok()) return fail_input(r.text("--train-pred") + ": " + train_pred.error());
    auto train_pairs = pair_gold_with_predictions(*train, *train_pred);
    if (!train_pairs.ok()) return fail_input(r.text("--train-pred") + ": " + train_pairs.error());
    const std::string train_root = r.has("--train-db-root") ? r.text("--train-db-root") : r.text("--db-root");
    std::set<std::string> train_dbs;
    std::vector<std::string> train_item_db_ids;
    for (const auto& p : *train_pairs) {
      train_dbs.insert(p.db_id);
      train_item_db_ids.push_back(p.db_id);
    }
    if (auto st = require_databases(train_root, train_item_db_ids, r.has("--skip-missing")); !st.ok())
      return fail_input("--train-gold: " + st.error());
    auto train_open = open_databases(train_root, train_dbs);
    if (!train_open.ok()) return fail_input(train_open.error());
    EvaluationOptions train_options = eval_options;
    train_options.semantics =
        r.has("--semantics") ? eval_options.semantics : semantics_of_format(train->format).value_or(ExSemantics::Bird);
    const auto train_ex = evaluate_pairs(*train_pairs, *train_open->pool, train_options);
    std::vector<std::optional<bool>> correct;
    for (const auto& e : train_ex)
      correct.push_back(e.status == ItemStatus::Scored ? std::optional<bool>(e.ex) : std::nullopt);
    auto train_matrix = features_of(*train, train_open->schemas, "--train-features");
    if (!train_matrix.ok()) return fail_input(train_matrix.error());
    learn::ForestOptions forest;
    forest.trees = static_cast<int>(r.integer("--trees"));
    forest.seed = static_cast<uint64_t>(r.integer("--seed"));
    const auto t = transfer_correctness(*train_matrix, correct, matrix, forest);
    if (t.p_correct.empty())
      return fail_input(r.text("--train-gold") + ": no scored item or no known feature to train the estimator on");
    trained = t.trained;
    for (size_t i = 0; i < set->items.size(); ++i) p_correct[set->items[i].key] = t.p_correct[i];
  }

  // The population and the chosen items.
  std::vector<std::optional<bool>> scored_ex(set->items.size());
  std::vector<std::optional<double>> p_right(set->items.size());
  for (size_t i = 0; i < set->items.size(); ++i) {
    if (original[i].status == ItemStatus::Scored) scored_ex[i] = original[i].ex;
    if (auto p = p_correct.find(set->items[i].key); p != p_correct.end()) p_right[i] = p->second;
  }
  const auto choice = rule == "predicted" ? RewriteChoice::Predicted
                      : rule == "all"     ? RewriteChoice::All
                                          : RewriteChoice::Wrong;
  const auto [population, chosen] = rewrite_population(choice, scored_ex, p_right);
  if (population.empty())
    return fail_input(rule == "predicted" && !transfer
                          ? "no held-out item of the estimate is a scored item of the set (same set?)"
                          : "no item of the set was scored (do the gold queries run on --db-root?)");

  auto planned =
      plan_rewrites(catalogue, matrix, set->items, open->schemas, chosen, *negatives, top, rewriter->prompts);
  if (!planned.ok()) return fail_input(planned.error());
  const auto& asks = *planned;

  long long tokens = 0;
  for (const auto& a : asks) tokens += estimate_tokens(a.prompt);
  std::cerr << "chokepoint: space rewrite: " << population.size() << " items (" << rule << "), " << chosen.size()
            << " chosen, " << asks.size() << " rewrite prompts to " << endpoint_url(rewriter->endpoint, "") << " (~"
            << tokens << " prompt tokens), then up to " << asks.size() << " text-to-SQL prompts to "
            << endpoint_url(model.endpoint, "") << "; questions, evidence and schemas (names, no rows) are sent\n";
  auto calls = ModelCalls::open(r);
  if (!calls.ok()) return fail_input(calls.error());
  std::vector<std::pair<std::string, std::string>> rewrite_batch;
  for (const auto& a : asks)
    rewrite_batch.emplace_back(
        set->items[a.item].key + " / rewrite " + std::to_string(a.rank) + " " + feature_column_name(a.feature.id),
        a.prompt);
  if (calls->preview()) {
    CallPreview preview;
    preview.destinations = {{rewriter->settings.model, endpoint_url(rewriter->endpoint, "")}};
    if (r.has("--t2s-config")) preview.destinations.push_back({model.settings.model, endpoint_url(model.endpoint, "")});
    for (const auto& [id, prompt] : rewrite_batch)
      preview.prompts.push_back(preview_prompt(id, prompt, rewriter->settings, calls->replay()));
    if (!asks.empty())
      preview.later_rounds.push_back({"text-to-SQL",
                                      "the " + format->name() +
                                          " prompt on each rewritten question, with the item's "
                                          "evidence and schema, to " +
                                          model.settings.model,
                                      asks.size()});
    preview.details = {{"items", population.size()},
                       {"chosen", chosen.size()},
                       {"rewriter", rewriter->settings.model},
                       {"t2s_model", model.settings.model},
                       {"format", format->name()}};
    if (!asks.empty()) {
      EvalSet one;
      one.items = {set->items[asks[0].item]};
      one.items[0].question = "(the rewritten question)";
      auto t2s = runner::plan_predictions(one, open->schemas, {*format}, schema_options, rewriter->prompts, samples);
      if (t2s.ok() && !t2s->empty()) preview.details["example_t2s"] = (*t2s)[0].prompt;
    }
    return print_preview(preview);
  }

  UsageTotals rewrite_usage, t2s_usage;
  std::vector<RewriteAttempt> attempts =
      read_rewrite_answers(asks, calls->ask(rewriter->settings, rewriter->endpoint, rewrite_batch, &rewrite_usage));

  // Text-to-SQL on each rewrite, scored against the item's gold.
  std::vector<size_t> attempt_of;  // per rewrites.items entry
  const EvalSet rewrites = rewritten_questions(*set, attempts, &attempt_of);
  auto tasks = runner::plan_predictions(rewrites, open->schemas, {*format}, schema_options, rewriter->prompts, samples);
  if (!tasks.ok()) return fail_input(tasks.error());
  std::vector<std::pair<std::string, std::string>> t2s_batch;
  for (const auto& t : *tasks) t2s_batch.emplace_back(rewrites.items[t.item].key + " / text-to-SQL", t.prompt);
  const auto sql_answers = calls->ask(model.settings, model.endpoint, t2s_batch, &t2s_usage);
  std::vector<EvalPair> rewrite_pairs;
  std::vector<size_t> attempt_of_pair;
  for (size_t t = 0; t < tasks->size(); ++t) {
    const size_t n = (*tasks)[t].item;
    auto sql = read_rewrite_sql(attempts[attempt_of[n]], rewrites.items[n], *format, sql_answers[t]);
    if (!sql) continue;
    EvalPair pair = (*pairs)[attempts[attempt_of[n]].item];
    pair.id = rewrites.items[n].key;
    pair.pred_sql = *sql;
    rewrite_pairs.push_back(std::move(pair));
    attempt_of_pair.push_back(attempt_of[n]);
  }
  const auto scored = evaluate_pairs(rewrite_pairs, *open->pool, eval_options);
  for (size_t k = 0; k < scored.size(); ++k)
    attempts[attempt_of_pair[k]].ex = scored[k].status == ItemStatus::Scored && scored[k].ex;

  // Outcomes, the summary and the report.
  std::vector<bool> original_ex;
  for (const auto& e : original) original_ex.push_back(e.ex);
  const std::vector<RewriteOutcome> outcomes = rewrite_outcomes(set->items, population, original_ex, chosen, attempts);
  const std::set<size_t> chosen_set(chosen.begin(), chosen.end());
  ojson listed = ojson::array();
  for (size_t i : population) {
    ojson j;
    j["key"] = set->items[i].key;
    j["db_id"] = set->items[i].db_id;
    j["question"] = set->items[i].question;
    j["original_ex"] = original_ex[i];
    if (auto p = p_correct.find(set->items[i].key); p != p_correct.end()) j["p_correct"] = round4(p->second);
    j["chosen"] = chosen_set.count(i) > 0;
    ojson tried = ojson::array();
    for (const auto& at : attempts) {
      if (at.item != i) continue;
      ojson a;
      a["rank"] = at.rank;
      a["feature"] = feature_column_name(at.feature.id);
      a["predicate"] = catalogue.find(at.feature.id) ? catalogue.find(at.feature.id)->predicate : "";
      a["mode"] = at.feature.remove ? "remove" : "add";
      a["state"] = at.state;
      if (!at.question.empty()) a["question"] = at.question;
      if (!at.sql.empty()) a["sql"] = at.sql;
      a["ex"] = at.ex ? ojson(*at.ex) : ojson();
      if (!at.note.empty()) a["note"] = at.note;
      tried.push_back(std::move(a));
    }
    j["rewrites"] = std::move(tried);
    listed.push_back(std::move(j));
  }
  const RewriteSummary s = summarize_rewrites(outcomes);
  const nlohmann::json figures = rewrite_summary_json(s), counts = rewrite_attempt_counts_json(attempts);
  ojson summary;
  summary["n"] = s.n;
  summary["items_rule"] = rule;
  summary["estimator"] = rule != "predicted" ? "none"
                         : transfer          ? "trained on --train-set"
                                             : "held-out items of --estimate";
  if (transfer) summary["trained_on"] = trained;
  for (const char* k : {"chosen", "rewritten"}) summary[k] = figures[k];
  for (const char* k : {"rewrites", "rewrites_scored", "invalid", "unreadable", "failed"}) summary[k] = counts[k];
  for (const char* k : {"no_rewriting", "acc_at_1", "acc_at_3", "table4"}) summary[k] = figures[k];
  summary["top"] = top;
  summary["semantics"] = ex_semantics_name(eval_options.semantics);
  summary["format"] = format->name();
  summary["rewriter"] = rewriter->settings.model;
  summary["model"] = model.settings.model;
  ojson features = ojson::array();
  for (const auto& f : *negatives)
    features.push_back({{"feature", feature_column_name(f.id)}, {"mode", f.remove ? "remove" : "add"}});
  summary["negative_features"] = std::move(features);
  summary["usage"] = {
      {"network_calls", rewrite_usage.network_calls + t2s_usage.network_calls},
      {"replayed", rewrite_usage.replayed + t2s_usage.replayed},
      {"rewrite", {{"network_calls", rewrite_usage.network_calls}, {"replayed", rewrite_usage.replayed}}},
      {"t2s", {{"network_calls", t2s_usage.network_calls}, {"replayed", t2s_usage.replayed}}}};
  summary["model_calls"] = calls->tally_json();
  ojson report = summary;
  report["items"] = std::move(listed);
  if (auto st = write_file(r.text("--out"), dump_json(report, 2) + "\n"); !st.ok()) return fail_input(st.error());
  std::cout << dump_json(summary, 2) << "\n";
  calls->report("space rewrite");
  return calls->exit_code();
}

const Registrar space_rewrite_registrar{
    {"space rewrite", "SQLSpace question rewriting around negative features: Acc@1, Acc@3 (003 App. H)",
     kSpaceRewriteUsage, space_rewrite_flags, space_rewrite_main}};

}  // namespace
}  // namespace chokepoint::cli
