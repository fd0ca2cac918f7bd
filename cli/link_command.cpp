// `chokepoint link`: schema linking as 004 §4.5 evaluates it (core/linking). Each item of a set goes to the model with
// the schema as SimpleDDL (with foreign keys under --fk) by one of four methods; the tables (and columns) it
// retrieves are compared with those of the gold query, found by name resolution. The summary gives RES, Subset and
// Exact Match (004 Tables 8 and 9) and column recall and precision.
#include <iostream>
#include <map>
#include <set>

#include <nlohmann/json.hpp>

#include "cli/call_preview.h"
#include "cli/cli_inputs.h"
#include "cli/command.h"
#include "cli/common_flags.h"
#include "cli/ex_inputs.h"
#include "cli/llm_calls.h"
#include "cli/model_calls.h"
#include "core/base/json_dump.h"
#include "core/dataset/eval_set_loader.h"
#include "core/linking/linking_methods.h"
#include "core/llm/chat_request.h"

namespace chokepoint::cli {
namespace {

const char* kLinkUsage =
    "Usage: chokepoint link --gold FILE (--db-root DIR | --tables TABLES.json) --llm-config CONFIG.json --out L.json\n"
    "                       --method zero-shot|few-shot|presql|few-shot+presql [--fk] [--top-k K] [--limit N]\n"
    "                       [--replay FILE.sqlite] [--prompts DIR] [--preview]\n"
    "Schema linking (004 §4.5): for each item of the set (BIRD or Spider dev JSON, gold TSV, CSV) the model is asked\n"
    "which tables a query answering the question needs, the schema shown as SimpleDDL (--fk adds its foreign keys):\n"
    "  zero-shot        rank every table (prompts/link_zero_shot.mustache); --top-k K keeps the first K\n"
    "  few-shot         only the needed tables, after three demonstrations (prompts/link_few_shot.mustache)\n"
    "  presql           a preliminary SQL by the zero-shot text-to-SQL prompt (SimpleDDL-MD-Chat); its tables and\n"
    "                   columns, read by our parser, are the retrieval\n"
    "  few-shot+presql  both; the union of their retrievals\n"
    "The gold is the tables and columns the gold query uses (name resolution through aliases, subqueries and CTEs).\n"
    "Sent: questions with their evidence and the schemas (no rows). --preview prints what would be sent, every\n"
    "prompt, and sends nothing. stdout: JSON {n, scored, method, fk, top_k, model, res, subset_match, exact_match,\n"
    "column_recall, column_precision, column_recall_micro, column_precision_micro, outcomes, usage, model_calls}:\n"
    "RES = Σ 1[T ⊆ T̂]·sqrt(|T|/|T̂|) / N over the scored items (gold query parsed, reading at least one table),\n"
    "subset and exact match the shares\n"
    "with T ⊆ T̂ and T = T̂; column recall and precision are macro (mean per item; _micro pooled), a table-level\n"
    "answer retrieving every column of its tables. An unreadable or failed answer retrieves nothing (it scores 0).\n"
    "L.json adds the items: gold and retrieved tables and columns, outcome and note.";

FlagTable link_flags() {
  return with_model_call_flags({
      flags::gold().alias("--set"),
      flags::db_root().described("the databases whose schemas the model is shown"),
      flags::tables().described("the schemas the model is shown, without databases"),
      flags::llm_config(),
      flags::out("L.json", "the summary and each item's gold and retrieved tables"),
      choice_flag("--method", {"zero-shot", "few-shot", "presql", "few-shot+presql"}, "how the model is asked")
          .valued("METHOD"),
      flags::fk(),
      whole_flag("--top-k", "K", 0, 999999, "tables", "zero-shot: keep the first K tables of the ranking (0: all)")
          .or_else("0"),
      flags::limit(),
      flags::prompts(),
  });
}

nlohmann::json scores_json(const linking::LinkingScores& s) {
  return {{"res", s.res},
          {"subset_match", s.subset_match},
          {"exact_match", s.exact_match},
          {"column_items", s.column_items},
          {"column_recall", s.column_recall},
          {"column_precision", s.column_precision},
          {"column_recall_micro", s.column_recall_micro},
          {"column_precision_micro", s.column_precision_micro}};
}

int link_main(const FlagValues& r) {
  if (r.text("--gold").empty() || r.text("--out").empty() || !r.has("--llm-config") || !r.has("--method") ||
      (r.text("--db-root").empty() && r.text("--tables").empty()))
    return fail_input(std::string("missing arguments\n") + kLinkUsage);
  auto method = linking::linking_method_from_name(r.text("--method"));
  if (!method.ok()) return fail_input(method.error());
  linking::LinkingOptions options;
  options.method = *method;
  options.foreign_keys = r.has("--fk");
  options.top_k = static_cast<size_t>(r.integer("--top-k"));
  const long limit = static_cast<long>(r.integer("--limit"));
  if (options.top_k > 0 && options.method != linking::LinkingMethod::ZeroShot)
    return fail_input("--top-k cuts the zero-shot ranking; the other methods choose their own tables");

  auto chat = read_chat_setup(r);
  if (!chat.ok()) return fail_input(chat.error());
  auto set = load_eval_set(r.text("--gold"));
  if (!set.ok()) return fail_input(r.text("--gold") + ": " + set.error());
  if (holds_predictions(*set))
    return fail_input(r.text("--gold") + ": holds predictions, not gold queries with their questions");
  if (limit > 0 && set->items.size() > static_cast<size_t>(limit)) set->items.resize(static_cast<size_t>(limit));
  std::set<std::string> ids;
  for (const auto& it : set->items) ids.insert(it.db_id);
  auto schemas = schemas_for(r, ids);
  if (!schemas.ok()) return fail_input(schemas.error());
  if (schemas->empty())
    return fail_input("no database of the set was found in " +
                      (r.text("--tables").empty() ? r.text("--db-root") : r.text("--tables")));
  const linking::SchemaOf schema_of = [&](const std::string& db) -> const Schema* {
    auto s = schemas->find(db);
    return s == schemas->end() ? nullptr : &s->second;
  };
  auto planned = linking::plan_linking(*set, schema_of, chat->prompts, options);
  if (!planned.ok()) return fail_input(planned.error());
  const auto& asks = *planned;

  // What leaves the machine, before anything does.
  long long tokens = 0;
  for (const auto& a : asks) tokens += estimate_tokens(a.prompt);
  std::cerr << "chokepoint: link: " << asks.size() << " prompts (" << linking::linking_method_name(options.method)
            << (options.foreign_keys ? ", with foreign keys" : "") << ") to " << endpoint_url(chat->endpoint, "")
            << ", ~" << tokens << " prompt tokens; questions, evidence and schemas are sent, no rows\n";
  auto calls = ModelCalls::open(r);
  if (!calls.ok()) return fail_input(calls.error());
  std::vector<std::pair<std::string, std::string>> batch;
  for (const auto& a : asks)
    batch.emplace_back(set->items[a.item].key + " / link " + linking::linking_step_name(a.step), a.prompt);
  if (calls->preview()) {
    CallPreview preview;
    preview.destinations = {{chat->settings.model, endpoint_url(chat->endpoint, "")}};
    for (const auto& [id, prompt] : batch)
      preview.prompts.push_back(preview_prompt(id, prompt, chat->settings, calls->replay()));
    preview.details = {{"method", linking::linking_method_name(options.method)}, {"fk", options.foreign_keys}};
    return print_preview(preview);
  }

  UsageTotals usage;
  const auto answers = calls->ask(chat->settings, chat->endpoint, batch, &usage);

  const auto linked = linking::link_items(*set, schema_of, asks, answers, options);
  const auto scores = linking::score_linking(linking::linking_cases(linked));
  std::map<std::string, size_t> outcomes;
  for (auto o : {linking::LinkOutcome::Linked, linking::LinkOutcome::Unreadable, linking::LinkOutcome::NoAnswer,
                 linking::LinkOutcome::NoSchema, linking::LinkOutcome::GoldUnusable})
    outcomes[linking::link_outcome_name(o)] = 0;
  nlohmann::json listed = nlohmann::json::array();
  for (const auto& li : linked) {
    ++outcomes[linking::link_outcome_name(li.outcome)];
    const auto& it = set->items[li.item];
    nlohmann::json entry = {{"id", it.key},
                            {"db_id", it.db_id},
                            {"outcome", linking::link_outcome_name(li.outcome)},
                            {"gold_tables", li.gold.tables},
                            {"retrieved_tables", li.retrieved.tables},
                            {"gold_columns", li.gold.columns},
                            {"retrieved_columns", li.retrieved.columns},
                            {"note", li.note}};
    if (li.outcome != linking::LinkOutcome::NoSchema && li.outcome != linking::LinkOutcome::GoldUnusable) {
      entry["res"] = linking::retrieval_efficiency(li.gold.tables, li.retrieved.tables);
      entry["subset"] = linking::is_subset(li.gold.tables, li.retrieved.tables);
      entry["exact"] = linking::same_set(li.gold.tables, li.retrieved.tables);
    }
    listed.push_back(std::move(entry));
  }
  nlohmann::json summary = {
      {"n", set->items.size()},     {"scored", scores.n},     {"method", linking::linking_method_name(options.method)},
      {"fk", options.foreign_keys}, {"top_k", options.top_k}, {"model", chat->settings.model}};
  summary.update(scores_json(scores));
  summary["outcomes"] = outcomes;
  summary["usage"] = call_usage_json(usage);
  summary["model_calls"] = calls->tally_json();
  calls->report("link");
  if (int rc = finish_report(r.text("--out"), summary, std::move(listed))) return rc;
  return calls->exit_code();
}

const Registrar link_registrar{{"link",
                                "schema linking (004 §4.5): RES, Subset and Exact Match of an LLM's retrieved tables",
                                kLinkUsage, link_flags, link_main}};

}  // namespace
}  // namespace chokepoint::cli
