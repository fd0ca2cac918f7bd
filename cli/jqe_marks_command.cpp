// `chokepoint jqe marks`: SQLMorph §IV-F's human check of the regenerated questions, tallied: each expanded pair a
// person marked aligned / adds context / loses intent, as shares of the marked pairs beside the paper's 74.1 / 13.8 /
// 12.1 % of 58 (core/jqe/question_alignment.h; the Questions tab tallies the same labels set in the page).
#include <iostream>

#include <nlohmann/json.hpp>

#include "cli/command.h"
#include "cli/common_flags.h"
#include "core/base/file_text.h"
#include "core/dataset/eval_set_loader.h"
#include "core/jqe/question_alignment.h"

namespace chokepoint::cli {
namespace {

const char* kMarksUsage =
    "Usage: chokepoint jqe marks --set EXPANDED.json --marks MARKS.json\n"
    "SQLMorph IV-F's human check of regenerated questions, tallied. EXPANDED.json: the expanded set `chokepoint jqe\n"
    "--llm-config` writes (or the Questions tab's export); the pairs checked are its items whose question the model\n"
    "wrote (question_status \"generated\"; every item when the set has no question_status). MARKS.json:\n"
    "{\"<question_id>\": \"aligned\" | \"adds_context\" | \"loses_intent\"}, the form the Questions tab exports.\n"
    "The shares are over the marked pairs; the unmarked ones are counted and listed, never dropped silently, and a\n"
    "mark naming no checked pair is listed as unknown.\n"
    "stdout: JSON {set, marks, checked, not_generated, items, marked, unmarked, aligned: {count, percent},\n"
    "adds_context, loses_intent, denominator, unmarked_ids, unknown_ids, paper: {aligned, adds_context,\n"
    "loses_intent, pairs}}. Exit code 2 on bad input.";

FlagTable marks_flags() {
  return {
      path_flag("--set", "EXPANDED.json", "the expanded set whose regenerated questions were checked"),
      path_flag("--marks", "MARKS.json", "a person's mark for each checked pair"),
  };
}

int marks_main(const FlagValues& r) {
  if (!r.positionals().empty()) return fail_input("unexpected argument '" + r.positionals()[0] + "'");
  for (const char* f : {"--set", "--marks"})
    if (r.text(f).empty()) return fail_input(std::string("missing ") + f + "\n" + kMarksUsage);
  const std::string set_path = r.text("--set");
  auto text = read_file(set_path, kMaxSetFileBytes);
  if (!text.ok()) return fail_input(set_path + ": " + text.error());
  const auto set = nlohmann::json::parse(*text, nullptr, false);
  if (!set.is_array()) return fail_input(set_path + ": not a JSON list of items (the expanded set of chokepoint jqe)");
  bool has_status = false;
  for (const auto& x : set) has_status = has_status || (x.is_object() && x.contains("question_status"));
  std::vector<std::string> ids;
  size_t not_generated = 0;
  for (size_t i = 0; i < set.size(); ++i) {
    const auto& x = set[i];
    if (!x.is_object() || !x.contains("question_id") || !(x["question_id"].is_string() || x["question_id"].is_number()))
      return fail_input(set_path + ": item " + std::to_string(i + 1) + " has no question_id");
    if (has_status && x.value("question_status", nlohmann::json()) != "generated") {
      ++not_generated;
      continue;
    }
    ids.push_back(x["question_id"].is_string() ? x["question_id"].get<std::string>() : x["question_id"].dump());
  }
  auto marks = jqe::load_alignment_marks(r.text("--marks"));
  if (!marks.ok()) return fail_input(marks.error());  // it names the file
  const jqe::AlignmentTally tally = jqe::tally_alignment(ids, *marks);
  nlohmann::json out = {{"set", set_path},
                        {"marks", r.text("--marks")},
                        {"checked", has_status ? "items whose question the model wrote" : "every item"},
                        {"not_generated", not_generated}};
  const nlohmann::json t = jqe::alignment_tally_json(tally);
  for (auto it = t.begin(); it != t.end(); ++it) out[it.key()] = it.value();
  out["paper"] = {{"aligned", 74.1}, {"adds_context", 13.8}, {"loses_intent", 12.1}, {"pairs", 58}};
  std::cout << out.dump(2) << "\n";
  return 0;
}

const Registrar marks_registrar{{"jqe marks",
                                 "JQE: the human check of regenerated questions tallied (aligned / adds context / "
                                 "loses intent, SQLMorph IV-F)",
                                 kMarksUsage, marks_flags, marks_main}};

}  // namespace
}  // namespace chokepoint::cli
