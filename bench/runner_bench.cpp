// Runner overhead per item outside the network: a model run over BIRD dev (1,534 items) as the CLI's `predict` and
// the app's model run do it, its prompts planned in SimpleDDL-MD-Chat (`plan_predictions`: each database's schema
// text rendered once, every item's prompt around it, evidence joined) and every answer read back (`read_prediction`:
// the SQL extracted from a chat answer that wraps the gold query in a code fence); then the error taxonomy over 1,000
// wrong predictions (each gold query against the next item's gold on the same database). Goals: render + extract
// under 1 ms per item; the taxonomy of 1,000 failures under 1 s natively. Scoring is metrics_bench's figure.
// The schema rendered again for every item, which no run does, is printed too (bench/README.md: it was the headline).
#include <chrono>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "bench/bench_passes.h"
#include "core/dataset/eval_set_loader.h"
#include "core/diagnosis/error_taxonomy.h"
#include "core/llm/sql_answer.h"
#include "core/runner/prediction_run.h"
#include "core/runner/prompt_formats.h"
#include "core/schema/tables_json.h"

using namespace chokepoint;
using Clock = std::chrono::steady_clock;

static double ms_since(Clock::time_point t) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
}

int main(int argc, char** argv) {
  std::string root = argc > 1 ? argv[1] : std::string(CHOKEPOINT_SOURCE_DIR) + "/../shared/data/bird";
  auto set = load_eval_set(root + "/dev.json");
  auto tables = load_tables_json(root + "/dev_tables.json");
  auto prompts = load_prompt_library(default_prompts_folder());
  if (!set.ok() || !tables.ok() || !prompts.ok()) {
    std::fprintf(stderr, "BIRD dev or the prompts not found under %s\n", root.c_str());
    return 2;
  }
  std::map<std::string, Schema> schemas;
  for (auto& s : *tables) schemas[s.db_id] = s;
  const auto format = *runner::prompt_format_from_name("SimpleDDL-MD-Chat");

  // The answers as they arrive from a model: built before the clock starts.
  std::vector<Result<std::string>> answers;
  for (const auto& it : set->items) answers.emplace_back("```sql\n" + it.sql + "\n```");
  size_t planned = 0;
  bench::print_headline("runner: a 1,534-item BIRD dev run planned and its answers read", bench::time_passes([&] {
                          auto tasks = runner::plan_predictions(*set, schemas, {format}, {}, *prompts);
                          if (!tasks.ok()) return;
                          planned = tasks->size();
                          for (const auto& task : *tasks)
                            (void)runner::read_prediction(set->items[task.item], task.format, answers[task.item]);
                        }));
  if (planned != set->items.size()) {
    std::fprintf(stderr, "runner: %zu of %zu items planned\n", planned, set->items.size());
    return 1;
  }
  const auto per_item = bench::time_passes([&] {
    for (const auto& it : set->items) {
      auto s = schemas.find(it.db_id);
      if (s == schemas.end()) continue;
      auto p = runner::render_text_to_sql_prompt(*prompts, format, runner::render_schema(s->second, format, {}),
                                                 runner::question_with_evidence(it.question, it.evidence));
      (void)extract_sql("```sql\n" + it.sql + "\n```", PromptPostfix::Chat);
    }
  });
  std::printf(
      "runner: the schema rendered again for each of the 1,534 items, as no run does: first %.2f ms, warm "
      "%.2f ms\n",
      per_item.first_ms, per_item.warm_ms);
  auto t0 = Clock::now();
  size_t rendered = 0, extracted = 0, prompt_bytes = 0;
  for (const auto& it : set->items) {
    auto s = schemas.find(it.db_id);
    if (s == schemas.end()) continue;
    auto p = runner::render_text_to_sql_prompt(*prompts, format, runner::render_schema(s->second, format, {}),
                                               runner::question_with_evidence(it.question, it.evidence));
    if (!p.ok()) continue;
    ++rendered;
    prompt_bytes += p->size();
    const std::string answer = "Here is the query:\n\n```sql\n" + it.sql + "\n```\n\nIt answers the question.";
    auto sql = extract_sql(answer, PromptPostfix::Chat);
    extracted += sql.ok() && sql->sql == it.sql;
  }
  const double render_ms = ms_since(t0);
  std::printf(
      "runner: %zu prompts rendered (SimpleDDL-MD-Chat, %.1f KB on average), %zu answers extracted back to "
      "the gold SQL\n",
      rendered, rendered ? static_cast<double>(prompt_bytes) / static_cast<double>(rendered) / 1024 : 0.0, extracted);
  std::printf("runner: render + extract %.1f ms in all, %.3f ms per item (goal < 1 ms)\n", render_ms,
              rendered ? render_ms / static_cast<double>(rendered) : 0.0);

  auto t1 = Clock::now();
  size_t classified = 0;
  std::map<std::string, size_t> kinds;
  for (size_t i = 0; i + 1 < set->items.size() && classified < 1000; ++i) {
    const auto& gold = set->items[i];
    const auto& other = set->items[i + 1];
    if (other.db_id != gold.db_id) continue;
    auto c = diagnosis::classify_result_error(other.sql, gold.sql, schemas[gold.db_id]);
    if (!c.ok()) continue;
    ++classified;
    ++kinds[diagnosis::result_error_kind_name(c->kind)];
  }
  const double taxonomy_ms = ms_since(t1);
  std::printf("taxonomy: %zu wrong predictions classified in %.1f ms (goal < 1000 ms):", classified, taxonomy_ms);
  for (const auto& [k, n] : kinds) std::printf(" %s %zu", k.c_str(), n);
  std::printf("\n");
  return 0;
}
