// SQLSpace steps 2 and 3 (003 §2.2-2.3, Prompts E, after Wang et al.'s goal-driven proposer): for each aspect, a
// Proposer model is shown a seeded random sample of that aspect's descriptions (aspect_descriptions.h) and asked
// for n short properties many of them share, j times; two proposers may be used. The candidates are then
// deduplicated by thefuzz's token_set_ratio (threshold 70, near_duplicates.h) against the catalogue's predicates of
// the same aspect and against each other, in order. The paper then removed paraphrases by hand; here the survivors
// are the user's to read before they become features (`chokepoint features --predicates`).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/base/result.h"
#include "core/llm/prompt_template.h"
#include "core/sqlspace/feature_catalogue.h"
#include "core/sqlspace/near_duplicates.h"

namespace chokepoint::sqlspace {

struct ProposalOptions {
  size_t sample = 40;      // descriptions shown per call
  size_t predicates = 40;  // n: properties asked for per call (003: 40)
  size_t iterations = 5;   // j: calls per aspect and proposer (003: 5)
  uint64_t seed = 0;
};

// The goal sentence of an aspect's proposal prompt (our words for Prompts E.1-E.5).
const char* proposal_goal(Aspect aspect);

struct ProposeAsk {
  Aspect aspect = Aspect::Syntax;
  size_t iteration = 0;
  std::vector<size_t> sample;  // positions in that aspect's descriptions
  std::string prompt;
};

// by_aspect[a]: the descriptions of aspect a (any may be empty: that aspect is not asked). Each iteration draws its own
// sample (seeded by seed, aspect and iteration), so the same inputs always give the same prompts.
Result<std::vector<ProposeAsk>> plan_proposals(const std::vector<std::vector<std::string>>& by_aspect,
                                               const PromptLibrary& library, const ProposalOptions& options);

// The properties of an answer: its lines that start with "- ", "* " or "1. " (bullets and numbering removed, a leading
// "The example" dropped, a final period cut), else a JSON list of strings. At most 200; each 3 to 200 characters.
std::vector<std::string> parse_predicates(const std::string& answer);

struct CandidatePredicate {
  Aspect aspect = Aspect::Syntax;
  std::string predicate;
  std::string proposer;  // the model's name
  size_t iteration = 0;
};

struct DroppedPredicate {
  CandidatePredicate candidate;
  std::string repeats;   // the predicate it scores >= threshold against
  int catalogue_id = 0;  // that predicate's id when it is the catalogue's, else 0 (an earlier candidate)
  int score = 0;
};

struct Deduplication {
  std::vector<CandidatePredicate> kept;
  std::vector<DroppedPredicate> dropped;
};

Deduplication deduplicate_predicates(const std::vector<CandidatePredicate>& candidates,
                                     const FeatureCatalogue& catalogue, int threshold = kNearDuplicateThreshold);

}  // namespace chokepoint::sqlspace
