// The Text augmentation panel (thesis ch. 4 and SQLMorph §V): for the selected evaluation set and
// the loaded databases, (1) linker tables with their name components, the question and evidence tokens that refer
// to them (highlighted) and the attribute mentions, plus set statistics like thesis Tables 4.1, 4.2 and 4.7, from
// a time-sliced job; (2) the three augmentation strategies' rendered prompts for the selected item, and with an LLM
// configured in the LLM tab their outputs and hiding scores; (3) de-naturalisation: heuristic naturalness and
// proposed less-natural names per identifier, and "Create variant". The WordNet lexicon is fetched when the panel
// is first opened or a command needs it (web/bridge/lexicon_loader.h).
#pragma once
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "core/tqa/rename_plan.h"
#include "web/app_state.h"
#include "web/panels/tqa/tqa_augmentation_run.h"
#include "web/panels/tqa/tqa_denat_run.h"
#include "web/panels/tqa/tqa_linker_run.h"
#include "web/panels/tqa/tqa_split_view.h"

namespace chokepoint::web {

struct TqaPanel {
  int set_index = -1;                 // the set to analyse (-1: the Evaluation set tab's selection)
  std::shared_ptr<LinkerRun> linker;  // current or last analysis
  bool request_analysis = false;      // start once the lexicon is loaded
  bool auto_analysed = false;         // the first opening analyses the selected set by itself
  bool only_linker_items = true;
  int selected = -1;  // index into linker->analyses
  std::string error;  // last analysis error
  enum class View { none, linker, strategies, denat, split };
  View view = View::none;  // sub-tab a page command or button asks for on the next frame

  std::unique_ptr<AugmentationRun> augmentation;
  std::string augmentation_error;

  int denat_db = -1;                                        // index into the loaded databases
  tqa::DenatSetting denat_setting = tqa::DenatSetting::LL;  // of the set added with the variant
  std::string plan_for;                                     // path of the database `plan` was computed for
  tqa::RenamePlan plan;
  bool request_variant = false;  // start once the lexicon is loaded
  bool denat_llm = false;        // naturalness and text rewrite through the LLM tab's endpoint
  // Which items the variant keeps: the renamed gold's rows (SQLMorph §V-C's check), the system's EX on the original
  // (the evaluation in Predictions & metrics, on the same set), or both.
  tqa::DenatKeepRule denat_keep = tqa::DenatKeepRule::gold_result;
  std::unique_ptr<DenatRun> denat;  // current or last variant
  TqaSplitView split;               // train/dev/test by whole databases
  std::string denat_error;
};

TqaPanel& tqa_panel(AppState& state);
void draw_tqa_panel(AppState& state, TqaPanel& panel);
void step_tqa_panel(AppState& state, TqaPanel& panel, double budget_ms);
nlohmann::json tqa_state_json(const TqaPanel& panel);

}  // namespace chokepoint::web
