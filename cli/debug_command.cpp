// `chokepoint debug`: SQL debugging (004 §4.2) of a prediction file. Every prediction that fails EX is classified
// (core/runner/error_taxonomy.h) and sent back to the configured model with the strategy's information
// (core/runner/sql_debugging.h); the answer replaces it when it is a query, and the next round takes only what is
// still wrong. The model may differ from the one that made the predictions (cross-model debugging).
#include <iostream>
#include <set>

#include <nlohmann/json.hpp>

#include "cli/cli_inputs.h"
#include "cli/command.h"
#include "cli/ex_inputs.h"
#include "cli/llm_calls.h"
#include "core/base/file_text.h"
#include "core/base/json_dump.h"
#include "core/dataset/eval_set_loader.h"
#include "core/llm/sql_answer.h"
#include "core/metrics/eval_pairs.h"
#include "core/metrics/execution_accuracy.h"
#include "core/runner/prompt_formats.h"
#include "core/runner/sql_debugging.h"

namespace chokepoint::cli {
namespace {

const char* kUsage =
    "Usage: chokepoint debug --gold FILE --pred FILE --db-root DIR --llm-config CONFIG.json --out REPORT.json\n"
    "                        [--strategy regenerate|wrong_sql|system_error|all_errors|comment] [--rounds R]\n"
    "                        [--replay FILE.sqlite] [--prompts DIR] [--semantics bird|spider]\n"
    "Each prediction with EX = 0 is sent back to the model with the strategy's information (default comment: the\n"
    "wrong SQL, its error information and a comment on its error category), for R rounds (default 2), each round\n"
    "only what is still wrong. stdout: JSON {wrong, strategy, rounds: [{round, attempted, fixed, still_wrong,\n"
    "system_errors, result_errors, ex_over_wrong}]}: ex_over_wrong is the percent of the initially wrong SQLs right\n"
    "after that round (004 Table 5); round 0 counts the errors before debugging (Figure 5). REPORT.json adds each\n"
    "debugged item's queries. Exit code 0, or 2 on bad input.";

int debug_main(const Args& args) {
  ArgReader r(args, {});
  if (!r.error().empty()) return fail_input(r.error());
  const std::string config = r.get("--llm-config");
  if (r.get("--gold").empty() || r.get("--pred").empty() || r.get("--db-root").empty() || config.empty() ||
      r.get("--out").empty())
    return fail_input(std::string("missing arguments\n") + kUsage);
  auto strategy = runner::debug_strategy_from_name(r.get("--strategy", "comment"));
  if (!strategy.ok()) return fail_input(strategy.error());
  int rounds = 2;
  try {
    rounds = std::stoi(r.get("--rounds", "2"));
  } catch (...) {
    return fail_input("--rounds takes a whole number");
  }
  if (rounds < 1 || rounds > 10) return fail_input("--rounds must be 1 to 10");
  auto in = read_ex_inputs(r);
  if (!in.ok()) return fail_input(in.error());
  const EvaluationOptions& options = in->options;
  auto* open = &in->open;
  auto setup = read_chat_setup(r);
  if (!setup.ok()) return fail_input(setup.error());
  const LlmSettings& settings = setup->settings;
  const LlmEndpoint& endpoint = setup->endpoint;
  const PromptLibrary& prompts = setup->prompts;
  auto replay = open_replay(r);
  if (!replay.ok()) return fail_input(replay.error());
  const auto md_chat = runner::prompt_format_from_name("SimpleDDL-MD-Chat");
  std::map<std::string, std::string> schema_text;
  for (const auto& [db, s] : open->schemas) schema_text[db] = runner::render_schema(s, *md_chat, {});
  std::map<std::string, std::string> questions;  // by pair id
  for (const auto& it : in->gold.items) questions[it.key] = runner::question_with_evidence(it.question, it.evidence);

  auto items = evaluate_pairs(in->pairs, *open->pool, options);
  std::vector<size_t> wrong;
  for (size_t i = 0; i < items.size(); ++i)
    if (items[i].status == ItemStatus::Scored && !items[i].ex && open->schemas.count(items[i].db_id))
      wrong.push_back(i);
  const size_t initially_wrong = wrong.size();
  std::vector<EvalPair> current = in->pairs;
  nlohmann::json round_rows = nlohmann::json::array();
  auto count_errors = [&](const std::vector<size_t>& positions, size_t& system, size_t& result) {
    system = result = 0;
    for (size_t i : positions) {
      const auto c = runner::classify_failed_item(items[i], current[i], open->schemas.at(items[i].db_id));
      (c.error_class == runner::ErrorClass::SystemError ? system : result)++;
    }
  };
  size_t system = 0, result = 0;
  count_errors(wrong, system, result);
  round_rows.push_back({{"round", 0},
                        {"attempted", 0},
                        {"fixed", 0},
                        {"still_wrong", wrong.size()},
                        {"system_errors", system},
                        {"result_errors", result},
                        {"ex_over_wrong", 0.0}});
  std::map<size_t, nlohmann::json> history;
  UsageTotals usage;
  size_t fixed_total = 0;
  std::cerr << "chokepoint: debug: " << wrong.size() << " wrong predictions, up to " << rounds << " rounds to "
            << endpoint_url(endpoint, "") << " (" << runner::debug_strategy_name(*strategy) << ")\n";
  for (int round = 1; round <= rounds && !wrong.empty(); ++round) {
    std::vector<std::pair<std::string, std::string>> batch;
    for (size_t i : wrong) {
      const auto c = runner::classify_failed_item(items[i], current[i], open->schemas.at(items[i].db_id));
      auto prompt = runner::render_debug_prompt(prompts, *strategy, schema_text[items[i].db_id],
                                                questions.count(current[i].id) ? questions[current[i].id] : "",
                                                current[i].pred_sql, c);
      if (!prompt.ok()) return fail_input(prompt.error());
      batch.emplace_back(current[i].id + " / debug round " + std::to_string(round), *prompt);
    }
    const auto answers = run_chat_prompts(settings, endpoint, replay->store.get(), batch, usage);
    std::vector<size_t> still;
    size_t fixed = 0;
    for (size_t k = 0; k < wrong.size(); ++k) {
      const size_t i = wrong[k];
      auto& h = history[i];
      h["id"] = current[i].id;
      h["original"] = in->pairs[i].pred_sql;
      if (answers[k].ok()) {
        if (auto sql = extract_sql(*answers[k], PromptPostfix::Chat); sql.ok()) current[i].pred_sql = sql->sql;
      }
      auto conn = open->pool->get(current[i].db_id);
      if (conn.ok()) items[i] = evaluate_pair(**conn, current[i], options);
      h["rounds"].push_back({{"sql", current[i].pred_sql}, {"ex", items[i].ex}});
      if (items[i].ex)
        ++fixed;
      else
        still.push_back(i);
    }
    fixed_total += fixed;
    wrong = std::move(still);
    count_errors(wrong, system, result);
    round_rows.push_back(
        {{"round", round},
         {"attempted", batch.size()},
         {"fixed", fixed},
         {"still_wrong", wrong.size()},
         {"system_errors", system},
         {"result_errors", result},
         {"ex_over_wrong",
          initially_wrong ? 100.0 * static_cast<double>(fixed_total) / static_cast<double>(initially_wrong) : 0.0}});
  }
  nlohmann::json summary = {{"wrong", initially_wrong},
                            {"strategy", runner::debug_strategy_name(*strategy)},
                            {"rounds", round_rows},
                            {"usage", {{"network_calls", usage.network_calls}, {"replayed", usage.replayed}}}};
  nlohmann::json listed = nlohmann::json::array();
  for (auto& [i, h] : history) listed.push_back(std::move(h));
  return finish_report(r.get("--out"), summary, std::move(listed));
}

const Registrar registrar{
    {"debug", "SQL debugging of wrong predictions with a model (004's five strategies)", kUsage, debug_main}};

}  // namespace
}  // namespace chokepoint::cli
