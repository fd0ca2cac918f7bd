// Time-sliced linker analysis: analyze_linker_tables on one item at a time, sharing the run's matcher.
#include "web/panels/tqa/tqa_linker_run.h"
#include "core/base/clock.h"

#include <chrono>

namespace chokepoint::web {
namespace {}  // namespace

Result<std::shared_ptr<LinkerRun>> start_linker_run(const AppState& state, int set_index, const Lexicon& lex) {
  const auto& sets = state.eval_sets.sets;
  if (set_index < 0 || set_index >= static_cast<int>(sets.size())) return Error{"no evaluation set is loaded"};
  const LoadedSet& set = sets[static_cast<size_t>(set_index)];
  auto run = std::make_shared<LinkerRun>();
  run->set_name = set.name;
  for (const auto& i : set.set.items) {
    run->items.push_back({i.key, i.db_id, i.question, i.evidence, i.sql, i.difficulty});
    if (run->schemas.count(i.db_id)) continue;
    const LoadedDatabase* db = find_database(state, i.db_id);
    if (db) run->schemas[i.db_id] = db->schema;
  }
  if (run->schemas.empty()) return Error{"none of the databases of " + set.name + " is loaded"};
  for (const auto& [db_id, schema] : run->schemas) run->graphs[db_id] = build_schema_graph(schema);
  for (const auto& [db_id, schema] : run->schemas) run->databases[db_id] = {&schema, &run->graphs[db_id]};
  run->matcher = std::make_unique<tqa::ReferenceMatcher>(lex);
  run->analyses.reserve(run->items.size());
  return run;
}

void step_linker_run(LinkerRun& run, double budget_ms) {
  const double start = monotonic_ms();
  while (run.running()) {
    const std::vector<EvalItem> one = {run.items[run.analyses.size()]};
    auto analysed = tqa::analyze_linker_tables(one, run.databases, *run.matcher);
    run.analyses.push_back(std::move(analysed.front()));
    if (monotonic_ms() - start >= budget_ms) break;
  }
  run.analysis_ms += monotonic_ms() - start;
}

}  // namespace chokepoint::web
