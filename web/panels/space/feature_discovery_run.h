// The Feature space panel's Discover tab: SQLSpace steps 1-3 (003 §2.1-2.3) on a loaded set with the LLM tab's
// model, as `chokepoint space describe` and `space propose` do them. Describe: each item's five aspect descriptions
// (core/sqlspace/aspect_descriptions.h). Propose: samples of each aspect's descriptions shown to the model, which
// names properties many of them share; the candidates deduplicated against the catalogue and each other
// (core/sqlspace/predicate_proposal.h), every drop naming what it repeats. Each step is one batch with the privacy
// preview first (nothing sent before Confirm) and the session's replay store (a rerun asks nothing twice). The kept
// predicates are saved as PREDICATES.json (what `chokepoint features --predicates` reads) or added to the panel's
// catalogue as features 188 on, which the LLM features tab then asks like the model features of their aspect; the
// added ones are kept in the workspace (a reload gives the same catalogue) until "Remove them".
#pragma once
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/sqlspace/discovery_answers.h"
#include "web/app_state.h"
#include "web/llm/session_batch_run.h"

namespace chokepoint::web {

struct FeatureSpacePanel;

struct FeatureDiscoveryRun {
  // Settings, as the CLI's --predicates, --iterations, --sample, --seed and --threshold.
  std::string set;  // a loaded gold set's name
  int predicates = 40, iterations = 5, sample = 40, seed = 0, threshold = 70;

  enum class Step { None, Describe, Propose };
  Step asking = Step::None;  // what the open or running batch asks
  std::vector<sqlspace::DescribeAsk> describe_asks;
  size_t skipped = 0;  // items without a question, SQL or schema
  std::vector<sqlspace::ProposeAsk> propose_asks;
  std::vector<std::pair<std::string, std::string>> calls;  // (id, prompt) of the batch
  SessionBatchRun batch;

  std::string described_set;  // the set the descriptions are of
  std::optional<sqlspace::DescriptionReading> descriptions;
  std::optional<sqlspace::ProposalReading> proposals;  // every proposer's, in the order they proposed
  // The proposers behind `proposals` (003 used two): a Propose batch with another model of the LLM tab adds its
  // answers to those of the same plan (descriptions and settings), as `space propose --llm-config A --llm-config B`
  // does; the same model again replaces its own; describing again, or other settings, start over.
  std::vector<std::pair<std::string, sqlspace::ProposalReading>> by_proposer;
  std::string proposals_plan, asking_plan;  // the plan the pooled answers are of, and the open or running batch's
  std::optional<sqlspace::Deduplication> dedup;
  std::vector<int> added_ids;  // the kept predicates' feature ids once added to the catalogue
  std::string error;
};

// Opens the preview of one step (sends nothing); an error when the set, the model or the descriptions are missing.
void prepare_descriptions(AppState& state, FeatureSpacePanel& panel);
void prepare_proposals(AppState& state, FeatureSpacePanel& panel);
void confirm_discovery(AppState& state, FeatureSpacePanel& panel);
void cancel_discovery(AppState& state, FeatureSpacePanel& panel);
// The kept predicates as features 188 on: the panel's features are computed again with them (unknown until the LLM
// features tab asks them); its comparison, clusters and estimate are cleared.
void add_discovered_features(AppState& state, FeatureSpacePanel& panel);
void save_discovered_predicates(AppState& state, const FeatureSpacePanel& panel);
void step_feature_discovery(AppState& state, FeatureSpacePanel& panel);  // every frame
void draw_feature_discovery(AppState& state, FeatureSpacePanel& panel);
// {"set", "asking": "describe" | "propose" | "", "running", "done", "error", "preview"?: {calls, network_calls,
//  ...}, "descriptions"?: {set, described, unreadable, failed, skipped, by_aspect}, "proposals"?: {prompts (each
//  proposer's), proposers, proposed, unreadable, failed, kept, dropped, file: PREDICATES.json}, "added": [ids of
//  this run's],
//  "catalogue_added": [every added feature's id, also those a page before the reload added]}
nlohmann::json feature_discovery_json(const FeatureDiscoveryRun& run);

}  // namespace chokepoint::web
