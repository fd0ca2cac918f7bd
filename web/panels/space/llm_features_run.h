// The Feature space panel's LLM features tab (core/sqlspace/llm_features.h, as `chokepoint features
// --llm-config` asks them): the features no rule decides, asked of the LLM tab's model as Yes/No questions, several
// features of one aspect an item a prompt. A privacy preview first (destination, model, calls, cells, what is sent,
// one prompt per aspect; nothing is sent before Confirm); then one CallScheduler batch through the session's replay
// store (a rerun, also after a reload, asks nothing twice). The answers fill the set's unknown cells, which Compare,
// Clusters and Estimator use from their next run and the Items tab marks as decided by the model; with the rule
// features asked too, the rule-vs-LLM agreement (003 Table 6: accuracy and Cohen's kappa per feature and aspect).
#pragma once
#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/sqlspace/feature_agreement.h"
#include "core/sqlspace/llm_features.h"
#include "web/app_state.h"
#include "web/llm/session_batch_run.h"

namespace chokepoint::web {

struct FeatureSpacePanel;

struct LlmFeaturesRun {
  // Settings, as the CLI's --aspects, --batch, --agreement and --online.
  std::string set;                                     // a loaded gold set's name
  std::array<bool, sqlspace::kAspectCount> aspects{};  // asked aspects (Table 10 order); none ticked: all five
  int batch_size = 10;                                 // features a prompt
  bool agreement = false;                              // also ask the rule features
  bool online = false;                                 // never show the gold SQL

  bool waiting = false;  // asked for; plans once the set's features are computed
  std::vector<sqlspace::LlmFeatureAsk> asks;
  std::vector<std::pair<std::string, std::string>> calls;  // (id, prompt) per ask
  size_t items = 0, cells = 0;
  SessionBatchRun batch;

  std::string asked_set;  // the set the last batch asked about
  std::optional<sqlspace::LlmFeatureReading> reading;
  size_t filled = 0;  // cells the answers filled in the set's matrix
  std::optional<sqlspace::AgreementReport> agreement_report;
  std::string error;
};

// Starts the set's features if needed and plans once they are done (then the preview opens); sends nothing.
void prepare_llm_features(AppState& state, FeatureSpacePanel& panel);
void confirm_llm_features(AppState& state, FeatureSpacePanel& panel);
void cancel_llm_features(AppState& state, FeatureSpacePanel& panel);
void step_llm_features(AppState& state, FeatureSpacePanel& panel);  // every frame
void draw_llm_features(AppState& state, FeatureSpacePanel& panel);
// {"set", "waiting", "running", "done", "cancelled", "error", "preview"?: {calls, network_calls, items, cells,
//  estimated_prompt_tokens, destination, model, examples: {aspect: prompt}}, "summary"?: {model, prompts, answered,
//  unreadable, failed, cells_asked, cells_answered, cells_filled, usage: {network_calls, replayed}, notes},
//  "agreement"?: {overall, aspects: [...], features: [...]}} (the CLI's summary and _agreement.json names)
nlohmann::json llm_features_json(const LlmFeaturesRun& run);

}  // namespace chokepoint::web
