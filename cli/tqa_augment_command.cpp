// `chokepoint tqa augment`: the thesis' textual query augmentation (§4.2) from the command line. Every item of the
// set whose join query graph has a linker table referred to in its question or evidence is rewritten by synonym
// replacement, back-translation and contextual augmentation (core/tqa/augmentation_job.h, the same job as the app's
// Strategies view), and each strategy's rewrites are written as an evaluation set beside the original items, with
// the hiding scores (Tables 4.3-4.4) and the linker attributes the texts mention (Table 4.8).
#include <chrono>
#include <filesystem>
#include <iostream>
#include <map>
#include <set>
#include <thread>

#include <nlohmann/json.hpp>

#include "cli/call_preview.h"
#include "cli/cli_inputs.h"
#include "cli/command.h"
#include "cli/common_flags.h"
#include "cli/linker_inputs.h"
#include "cli/llm_calls.h"
#include "cli/model_calls.h"
#include "cli/study_output.h"
#include "core/base/clock.h"
#include "core/base/file_text.h"
#include "core/base/json_dump.h"
#include "core/dataset/bird_writer.h"
#include "core/dataset/eval_set_loader.h"
#include "core/graph/schema_graph.h"
#include "core/llm/chat_request.h"
#include "core/tqa/augmentation_job.h"
#include "core/tqa/augmentation_sets.h"
#include "core/tqa/linker_analysis.h"

namespace chokepoint::cli {
namespace {

namespace fs = std::filesystem;

const char* kTqaAugmentUsage =
    "Usage: chokepoint tqa augment --gold SET.json (--db-root DIR | --tables TABLES.json) --llm-config CONFIG.json\n"
    "         --out DIR [--strategies SR,BT,CA] [--hiding-rule matcher|literal] [--lexicon ASSET | --wordnet DIR]\n"
    "         [--siblings column|table|none] [--prompts DIR] [--replay FILE.sqlite] [--preview] [model-call flags]\n"
    "Textual query augmentation (thesis §4.2): each item whose join query graph has a linker table referred to in\n"
    "its question or evidence (as `tqa linker` finds them) is rewritten by each strategy: SR synonym replacement\n"
    "(the matched tokens only), BT back-translation and CA contextual augmentation (the whole text; their evidence\n"
    "prompt carries the new question, so it is sent once the question is answered). Prompts:\n"
    "prompts/tqa_*.mustache. Sent: questions, evidence, the gold SQL and the linker table's name (no rows).\n"
    "DIR receives original.json (the augmented items as they were) and SR.json, BT.json, CA.json (the same items,\n"
    "same order, question and evidence rewritten; a failed call keeps the original text and is listed), all in\n"
    "BIRD's dev.json format for `chokepoint predict` and `chokepoint eval`, and augment_report.json: the hiding\n"
    "scores per strategy (--hiding-rule matcher: no token of the new text still matches the component, the default;\n"
    "literal: no originally matched token survives, as the thesis' code scores it), the linker attributes mentioned\n"
    "before and after (Table 4.8) and every item's rewrites and errors. A DIR that holds files is refused.\n"
    "stdout: JSON {items, linker_items, augmented, strategies, hiding_rule, hiding, attributes, failed_rewrites,\n"
    "usage, model_calls, out, files}.\n"
    "Exit code 0 when every model call was answered (by the endpoint or the replay store); 1 when the work finished "
    "but\n"
    "some calls failed or were cut by --max-calls or --max-tokens (the sets are written with the original text where\n"
    "no rewrite came back); 2 on bad input, before anything is sent.";

FlagTable augment_flags() {
  return with_model_call_flags({
      flags::gold().alias("--set").valued("SET.json"),
      flags::tables(),
      flags::db_root().described("the databases whose schemas are read"),
      flags::llm_config().described("the model that rewrites questions and evidence"),
      flags::out("DIR", "original.json, SR.json, BT.json, CA.json and augment_report.json"),
      list_flag("--strategies", "SR,BT,CA", "the augmentation strategies (thesis Table 4.5's codes)")
          .or_else("SR,BT,CA"),
      choice_flag("--hiding-rule", {"matcher", "literal"}, "how a hidden reference is decided").or_else("matcher"),
      flags::lexicon(),
      flags::wordnet(),
      flags::siblings(),
      flags::prompts(),
  });
}

int augment_main(const FlagValues& r) {
  if (!r.positionals().empty()) return fail_input("unexpected argument '" + r.positionals()[0] + "'");
  if (r.text("--gold").empty() || r.text("--out").empty() || r.text("--llm-config").empty() ||
      (r.text("--tables").empty() && r.text("--db-root").empty()))
    return fail_input(std::string("missing arguments\n") + kTqaAugmentUsage);
  std::vector<tqa::Strategy> strategies;
  for (const auto& code : r.items("--strategies")) {
    bool known = false;
    for (auto s : tqa::kAllStrategies)
      if (code == tqa::strategy_code(s)) {
        known = true;
        if (std::find(strategies.begin(), strategies.end(), s) == strategies.end()) strategies.push_back(s);
      }
    if (!known) return fail_input("--strategies: unknown strategy '" + code + "' (SR, BT or CA)");
  }
  if (strategies.empty()) return fail_input("--strategies names no strategy (SR, BT or CA)");
  auto chat = read_chat_setup(r);
  if (!chat.ok()) return fail_input(chat.error());
  auto inputs = read_linker_inputs(r);
  if (!inputs.ok()) return fail_input(inputs.error());
  const LinkerInputs& in = **inputs;
  const EvalSet* set = &in.set;
  if (holds_predictions(*set)) return fail_input(r.text("--gold") + ": holds predictions, not questions with SQL");
  tqa::ReferenceMatcher matcher(in.lexicon);
  const auto all = tqa::analyze_linker_tables(set->items, in.databases, matcher);
  std::vector<tqa::ItemLinkerAnalysis> analyses;
  size_t linker_items = 0;
  for (const auto& a : all) {
    if (!a.linker) continue;
    ++linker_items;
    if (a.references.question_tokens() + a.references.evidence_tokens() > 0) analyses.push_back(a);
  }
  std::map<std::string, const Schema*> schema_of;
  for (const auto& [db, schema] : in.schemas) schema_of[db] = &schema;

  auto calls = ModelCalls::open(r);
  if (!calls.ok()) return fail_input(calls.error());
  tqa::AugmentationOptions options;
  options.strategies = strategies;
  options.hiding_rule = r.text("--hiding-rule") == "literal" ? tqa::HidingRule::literal : tqa::HidingRule::matcher;
  options.request = chat_request_from_settings(chat->settings, {});
  CallScheduler scheduler(chat->endpoint, calls->transport(), calls->replay(), calls->limits(chat->settings));
  tqa::AugmentationJob job(analyses, schema_of, chat->prompts, scheduler, matcher, options);
  if (auto st = job.start(); !st.ok()) return fail_input(st.error());

  size_t later = 0;  // BT and CA evidence prompts, sent once their question is answered
  for (const auto& a : analyses)
    if (a.references.evidence_tokens() > 0)
      for (auto s : strategies) later += s == tqa::Strategy::synonym_replacement ? 0 : 1;
  if (calls->preview()) {
    CallPreview preview;
    preview.destinations = {{chat->settings.model, endpoint_url(chat->endpoint, "")}};
    for (const auto& c : scheduler.calls()) {
      const std::string prompt = c.call.request.messages.empty() ? "" : c.call.request.messages.back().content;
      preview.prompts.push_back(preview_prompt(c.call.id, prompt, chat->settings, calls->replay()));
    }
    if (later)
      preview.later_rounds.push_back({"evidence",
                                      "back-translation's and contextual augmentation's evidence, with the new "
                                      "question once it is answered",
                                      later});
    preview.details = {{"items", set->items.size()},
                       {"linker_items", linker_items},
                       {"augmented", analyses.size()},
                       {"strategies", r.items("--strategies")}};
    return print_preview(preview);
  }
  if (auto st = prepare_study_out(r.text("--out")); !st.ok()) return fail_input(st.error());
  std::cerr << "chokepoint: tqa augment: " << analyses.size() << " items x " << strategies.size() << " strategies to "
            << endpoint_url(chat->endpoint, "") << " (" << scheduler.calls().size() << " calls, then up to " << later
            << " evidence calls); questions, evidence and gold SQL are sent\n";
  // Curl answers inside send(), so each step makes progress; between retries the loop sleeps a little.
  while (!job.finished()) {
    const size_t before = scheduler.count(CallState::Succeeded) + scheduler.count(CallState::Failed);
    job.step(monotonic_ms());
    if (scheduler.stopped() != SchedulerStop::None) {
      job.step(monotonic_ms());
      break;
    }
    if (scheduler.count(CallState::Succeeded) + scheduler.count(CallState::Failed) == before && !job.finished())
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  calls->tally_scheduler(scheduler);

  // The sets: original.json and one per strategy, the items in the same order.
  const std::string dir = r.text("--out");
  const auto sets = tqa::augmentation_sets(job, analyses, strategies);
  std::vector<std::pair<std::string, std::string>> files = {{"original.json", write_bird_dev_json(sets.original)}};
  for (const auto& [code, variant] : sets.variants) files.push_back({code + ".json", write_bird_dev_json(variant)});
  const size_t failed = sets.failed;
  nlohmann::ordered_json summary =
      tqa::augmentation_summary(job, sets, {set->items.size(), linker_items, strategies, options.hiding_rule});
  summary["usage"] = call_usage_json(scheduler.usage());
  summary["model_calls"] = calls->tally_json();
  files.push_back(
      {"augment_report.json",
       dump_json(tqa::augmentation_report(summary, sets, r.text("--gold"), chat->settings.model), 2) + "\n"});
  std::vector<std::string> names;
  for (const auto& [name, bytes] : files) {
    if (auto st = write_file((fs::path(dir) / name).string(), bytes); !st.ok()) return fail_input(st.error());
    names.push_back(name);
  }
  summary["out"] = dir;
  summary["files"] = names;
  std::cout << dump_json(summary, 2) << "\n";
  calls->report("tqa augment");
  if (failed)
    std::cerr << "chokepoint: tqa augment: " << failed
              << " rewrites have a failed call or an unusable answer; their sets keep the original text there "
                 "(augment_report.json lists each error)\n";
  return calls->exit_code(failed > 0);
}

const Registrar tqa_augment_registrar{
    {"tqa augment", "TQA: SR, BT and CA rewrites of linker-table references as evaluation sets, hiding scores",
     kTqaAugmentUsage, augment_flags, augment_main}};

}  // namespace
}  // namespace chokepoint::cli
