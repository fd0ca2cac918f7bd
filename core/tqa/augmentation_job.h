// The augmentation of a whole set as a step-driven job (decisions.md §9: long work in slices): every linker item
// with at least one reference gets, per strategy, a rewritten question and/or evidence through the CallScheduler
// (replay store first, so a rerun costs no calls). The evidence prompts of back-translation and contextual
// augmentation receive the new question (appendix B.2-B.3), so they are queued once the question's answer is in.
// Results carry the hiding score per component (Tables 4.3-4.4) and the attribute mentions of the new texts
// (Table 4.8).
#pragma once
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/llm/call_scheduler.h"
#include "core/llm/prompt_template.h"
#include "core/tqa/augmentation_prompts.h"
#include "core/tqa/hiding_score.h"
#include "core/tqa/linker_analysis.h"

namespace chokepoint::tqa {

struct AugmentedItem {
  const ItemLinkerAnalysis* source = nullptr;
  Strategy strategy = Strategy::synonym_replacement;
  std::string new_question;  // the original when the question had no reference or its call failed
  std::string new_evidence;
  bool question_rewritten = false;
  bool evidence_rewritten = false;
  std::vector<std::string> errors;  // failed calls or unusable answers, one line each
  HidingScores hiding;
  AttributeMentions mentions;  // on the new texts
};

struct AugmentationOptions {
  std::vector<Strategy> strategies = {kAllStrategies[0], kAllStrategies[1], kAllStrategies[2]};
  HidingRule hiding_rule = HidingRule::matcher;
  ChatRequest request;  // model and sampling parameters; messages are filled per call
};

class AugmentationJob {
 public:
  // `analyses`, `schemas`, `library`, `scheduler` and `matcher` must outlive the job. Items without a linker
  // table or without any reference are skipped.
  AugmentationJob(const std::vector<ItemLinkerAnalysis>& analyses, std::map<std::string, const Schema*> schemas,
                  const PromptLibrary& library, CallScheduler& scheduler, ReferenceMatcher& matcher,
                  AugmentationOptions options);

  // Renders and queues the first calls; an error if a template is missing or does not render.
  Status start();
  // Steps the scheduler, then turns finished calls into results and queues dependent evidence calls.
  void step(double now_ms);
  bool finished() const;
  double progress() const;  // finished calls / calls known so far

  const std::vector<AugmentedItem>& results() const { return results_; }  // item order, then strategy order
  // Table 4.3 per strategy: {"SR": {"question_percent", "question_scored", ...}, ...}.
  nlohmann::json hiding_table() const;
  // Table 4.8 per strategy, plus "original".
  nlohmann::json attribute_table() const;

 private:
  struct Pending {
    size_t result = 0;
    TextSide side = TextSide::question;
    bool done = false;
  };
  Status queue(size_t result, TextSide side);
  void absorb(size_t call, const CallStatus& status);
  void finish(size_t result);

  const std::vector<ItemLinkerAnalysis>& analyses_;
  std::map<std::string, const Schema*> schemas_;
  const PromptLibrary& library_;
  CallScheduler& scheduler_;
  ReferenceMatcher& matcher_;
  AugmentationOptions options_;
  std::vector<AugmentedItem> results_;
  std::vector<int> open_calls_;        // per result: calls still expected
  std::map<size_t, Pending> pending_;  // scheduler call index -> what it is for
  std::vector<std::string> start_errors_;
};

}  // namespace chokepoint::tqa
