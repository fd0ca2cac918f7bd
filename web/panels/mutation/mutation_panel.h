// The Mutation lab (SQLMorph §VI-C-1): pick a gold query of a loaded set; every operator of
// SQLMorph Table IX proposes its single-error mutants (core/mutate, kept when SQLite prepares them on the gold's
// database); each mutant is shown as a diff against the gold with its edit, its EX and its EXP/EXR/F1 under the
// chosen regimes (core/metrics), and its result beside the gold's. Scoring runs a few mutants per frame.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/metrics/evaluation_job.h"
#include "core/metrics/pair_evaluation.h"
#include "core/mutate/mutant_generation.h"
#include "core/sql/sql_diff.h"
#include "web/app_state.h"

namespace chokepoint::web {

struct MutationLab {
  std::string gold_id, db_id, gold_sql;
  std::vector<mutate::CheckedMutant> mutants;    // kept (prepared) mutants, operator table order
  std::vector<mutate::CheckedMutant> rejected;   // did not prepare
  std::vector<std::vector<sql::DiffRun>> diffs;  // per mutant, against the gold
  std::unique_ptr<EvaluationJob> job;            // gold against each mutant, in mutant order, a few per frame
  bool done() const { return !job || job->done(); }
  const std::vector<ItemEvaluation>& scores() const { return job->items(); }  // per mutant, filled as the job runs
  const EvaluationOptions& options() const { return job->options(); }
};

struct MutationPanel {
  int set = 0, item = 0;
  ExSemantics semantics = ExSemantics::Bird;
  std::vector<Regime> regimes = {all_regimes()[1], all_regimes()[5]};  // SQLMorph Table X's two regimes
  int timeout_ms = 2000;
  std::shared_ptr<MutationLab> lab;
  int selected = -1;
  std::string error;
};

void generate_mutation_lab(AppState& state, MutationPanel& panel);  // for panel.set / panel.item
void step_mutation_job(AppState& state, MutationPanel& panel, double budget_ms);
void draw_mutation_panel(AppState& state, MutationPanel& panel);
nlohmann::json mutation_state_json(const MutationPanel& panel);
MutationPanel& mutation_panel(AppState& state);

}  // namespace chokepoint::web
