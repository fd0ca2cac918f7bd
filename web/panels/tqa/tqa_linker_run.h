// The linker-table analysis of one evaluation set in the browser (thesis Algorithm 2 up to line 30, no LLM): the
// same core/tqa calls as `chokepoint tqa linker`, run a few items per frame so a large set never freezes the page.
// The run owns copies of the schemas and their graphs, so databases closed meanwhile do not invalidate it.
#pragma once
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/base/result.h"
#include "core/graph/schema_graph.h"
#include "core/lexicon/lexicon.h"
#include "core/tqa/linker_analysis.h"
#include "web/app_state.h"

namespace chokepoint::web {

struct LinkerRun {
  std::string set_name;
  std::vector<EvalItem> items;                           // the whole set, in file order
  std::map<std::string, Schema> schemas;                 // db_id -> schema (loaded databases only)
  std::map<std::string, SchemaGraph> graphs;             // db_id -> schema graph (sibling rule: same column)
  std::map<std::string, tqa::LinkerDatabase> databases;  // pointers into the two maps above
  std::unique_ptr<tqa::ReferenceMatcher> matcher;        // one per run: its similarity cache spans the set
  std::vector<tqa::ItemLinkerAnalysis> analyses;         // item order; analyses.size() items done so far
  bool cancelled = false;
  double analysis_ms = 0;  // time spent in the core, summed over slices

  bool done() const { return analyses.size() == items.size(); }
  bool running() const { return !cancelled && !done(); }
};

// Prepares the run of set `set_index` (schemas and graphs of its loaded databases); no item is analysed yet.
// `lex` must outlive the run.
Result<std::shared_ptr<LinkerRun>> start_linker_run(const AppState& state, int set_index, const Lexicon& lex);

// Analyses items until `budget_ms` is spent (at least one per call).
void step_linker_run(LinkerRun& run, double budget_ms);

}  // namespace chokepoint::web
