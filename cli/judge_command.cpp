// `chokepoint judge`: an LLM's second opinion on EX (core/llm_tasks/judge.h; FLEX's idea, our templates). Gold and
// predictions are evaluated as `eval` does (EX only, keeping the leading rows of each result); each scored item
// whose prediction ran goes to the model, strictly when EX = 1 and leniently when EX = 0, with the question, the
// evidence, the schema, both queries and an excerpt of both results. The report gives EX, the judged accuracy, the
// flipped items with the judge's reason and Cohen's kappa between EX and the judge.
#include <iostream>
#include <map>
#include <optional>

#include <nlohmann/json.hpp>

#include "cli/call_preview.h"
#include "cli/cli_inputs.h"
#include "cli/command.h"
#include "cli/common_flags.h"
#include "cli/ex_inputs.h"
#include "cli/llm_calls.h"
#include "cli/model_calls.h"
#include "core/base/json_dump.h"
#include "core/llm/chat_request.h"
#include "core/llm_tasks/judge.h"
#include "core/metrics/eval_pairs.h"
#include "core/runner/prompt_formats.h"

namespace chokepoint::cli {
namespace {

const char* kJudgeUsage =
    "Usage: chokepoint judge --gold FILE --pred FILE --db-root DIR --out JUDGE.json --llm-config CONFIG.json\n"
    "                        [--semantics bird|spider|test-suite] [--timeout-ms T] [--only strict|lenient]\n"
    "                        [--excerpt-rows N] [--replay FILE.sqlite] [--prompts DIR] [--preview]\n"
    "Files as `chokepoint eval` reads them. Every scored item whose prediction ran is sent to the model for a second\n"
    "opinion: strictly when EX = 1 (prompts/judge_strict.mustache: right on every database, or only here by luck?),\n"
    "leniently when EX = 0 (prompts/judge_lenient.mustache: would a careful analyst accept it?). Sent: the question,\n"
    "the evidence, the schema (CREATE TABLE statements), both queries and at most --excerpt-rows rows (default 10, up "
    "to\n"
    "50) of each result. --only asks one of the two kinds. --preview prints what would be sent (destination, calls,\n"
    "estimated tokens, every prompt) and sends nothing. A failed prediction is not asked: it stays wrong.\n"
    "stdout: JSON {n, scored, ex, judged_accuracy, kappa, kappa_items, judge: {model, asked, agreed,\n"
    "false_positives, false_negatives, unreadable, no_answer, usage}}: false_positives are EX = 1 items the judge\n"
    "called wrong, false_negatives EX = 0 items it called right; an unreadable or missing answer leaves EX. kappa is\n"
    "Cohen's kappa between EX and the readable verdicts (null when undefined). JUDGE.json adds the items asked, with\n"
    "mode, outcome (agreed, flipped, unreadable, no_answer), judged and reason; model_calls counts the calls "
    "answered,\n"
    "failed and cut by a budget. A database missing under --db-root is an error unless --skip-missing.";

FlagTable judge_flags() {
  return with_model_call_flags({
      flags::gold(),
      flags::pred(),
      flags::db_root(),
      flags::out("JUDGE.json", "the summary and the items asked"),
      flags::llm_config().described("the judge"),
      flags::semantics({"bird", "spider", "test-suite"}, "gold's benchmark"),
      flags::timeout_ms("5000", "time limit of one item"),
      choice_flag("--only", {"strict", "lenient"}, "ask only one of the two kinds"),
      whole_flag("--excerpt-rows", "N", 0, 50, "rows", "rows of each result shown to the judge")
          .alias("--max-rows")
          .or_else("10"),
      flags::prompts(),
      flags::skip_missing(),
  });
}

int judge_main(const FlagValues& r) {
  if (r.text("--gold").empty() || r.text("--pred").empty() || r.text("--db-root").empty() || r.text("--out").empty() ||
      !r.has("--llm-config"))
    return fail_input(std::string("missing arguments\n") + kJudgeUsage);
  std::optional<llm_tasks::JudgeMode> only;
  if (r.has("--only"))
    only = r.text("--only") == "strict" ? llm_tasks::JudgeMode::Strict : llm_tasks::JudgeMode::Lenient;
  llm_tasks::ExcerptLimits limits;
  limits.rows = static_cast<size_t>(r.integer("--excerpt-rows"));
  auto chat = read_chat_setup(r);
  if (!chat.ok()) return fail_input(chat.error());
  auto in = read_ex_inputs(r);
  if (!in.ok()) return fail_input(in.error());
  in->options.regimes.clear();
  in->options.keep_details = true;
  in->options.kept_result_bytes = 64 * 1024;  // more than any excerpt shows, bounded whatever a prediction returns
  const auto& pairs = in->pairs;
  const auto items = evaluate_pairs(pairs, *in->open.pool, in->options);

  std::map<std::string, std::pair<std::string, std::string>> texts;  // pair id -> question, evidence
  for (const auto& g : in->gold.items) texts[g.key] = {g.question, g.evidence};
  size_t scored = 0;
  for (const auto& it : items) scored += it.status == ItemStatus::Scored;
  auto planned = llm_tasks::plan_judge(
      pairs, items, texts,
      [&](const std::string& db) -> const Schema* {
        auto s = in->open.schemas.find(db);
        return s == in->open.schemas.end() ? nullptr : &s->second;
      },
      chat->prompts, only, limits);
  if (!planned.ok()) return fail_input(planned.error());
  const std::vector<llm_tasks::JudgeAsk>& asked = *planned;

  // What leaves the machine, before anything does.
  long long tokens = 0;
  size_t strict = 0;
  for (const auto& a : asked) {
    tokens += estimate_tokens(a.prompt);
    strict += a.mode == llm_tasks::JudgeMode::Strict;
  }
  std::cerr << "chokepoint: judge: " << asked.size() << " prompts (" << strict << " strict, " << asked.size() - strict
            << " lenient) to " << endpoint_url(chat->endpoint, "") << ", ~" << tokens
            << " prompt tokens; questions, evidence, schemas, both queries and up to " << limits.rows
            << " rows of each result are sent\n";
  auto calls = ModelCalls::open(r);
  if (!calls.ok()) return fail_input(calls.error());
  std::vector<std::pair<std::string, std::string>> batch;
  for (const auto& a : asked)
    batch.emplace_back(pairs[a.item].id + " / judge " + llm_tasks::judge_mode_name(a.mode), a.prompt);
  if (calls->preview()) {
    CallPreview preview;
    preview.destinations = {{chat->settings.model, endpoint_url(chat->endpoint, "")}};
    for (const auto& [id, prompt] : batch)
      preview.prompts.push_back(preview_prompt(id, prompt, chat->settings, calls->replay()));
    preview.details = {{"strict", strict}, {"lenient", asked.size() - strict}};
    return print_preview(preview);
  }

  UsageTotals usage;
  const auto answers = calls->ask(chat->settings, chat->endpoint, batch, &usage);

  std::vector<llm_tasks::JudgeVerdict> verdicts;  // verdicts[k] is asked[k]'s
  const auto all = llm_tasks::judge_verdicts(items, asked, answers, &verdicts);
  const auto s = llm_tasks::summarize_judgements(all);

  nlohmann::json listed = nlohmann::json::array();
  std::map<size_t, size_t> verdict_of;  // item -> its ask, in item order
  for (size_t k = 0; k < asked.size(); ++k) verdict_of[asked[k].item] = k;
  for (const auto& [i, k] : verdict_of) {
    const auto& v = verdicts[k];
    listed.push_back({{"id", items[i].id},
                      {"db_id", items[i].db_id},
                      {"gold", pairs[i].gold_sql},
                      {"pred", pairs[i].pred_sql},
                      {"ex", v.ex},
                      {"mode", llm_tasks::judge_mode_name(v.mode)},
                      {"outcome", llm_tasks::judge_outcome_name(v.outcome)},
                      {"judged", v.judged},
                      {"reason", v.reason}});
  }
  nlohmann::json summary = {{"n", items.size()},
                            {"scored", scored},
                            {"ex", s.ex},
                            {"judged_accuracy", s.judged_accuracy},
                            {"kappa", s.kappa ? nlohmann::json(*s.kappa) : nlohmann::json(nullptr)},
                            {"kappa_items", s.kappa_items},
                            {"judge",
                             {{"model", chat->settings.model},
                              {"asked", s.asked},
                              {"agreed", s.agreed},
                              {"false_positives", s.false_positives},
                              {"false_negatives", s.false_negatives},
                              {"unreadable", s.unreadable},
                              {"no_answer", s.no_answer},
                              {"usage", {{"network_calls", usage.network_calls}, {"replayed", usage.replayed}}}}}};
  if (r.has("--skip-missing")) summary["skipped_no_database"] = in->skipped_no_database;
  summary["model_calls"] = calls->tally_json();
  calls->report("judge");
  if (int rc = finish_report(r.text("--out"), summary, std::move(listed))) return rc;
  return calls->exit_code();
}

const Registrar judge_registrar{{"judge", "an LLM's second opinion on EX: strict on matches, lenient on misses (FLEX)",
                                 kJudgeUsage, judge_flags, judge_main}};

}  // namespace
}  // namespace chokepoint::cli
