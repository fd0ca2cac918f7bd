// What the Describer's and the Proposers' answers give (003 steps 1 and 2), read one way for `chokepoint space
// describe|propose` and the app's Discover view: each answer's description or predicates, and the answers that gave
// nothing counted apart (unreadable: answered without one; failed: the call failed or was not made). Also
// PREDICATES.json, the file `space propose` writes and `features --predicates` reads.
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/base/result.h"
#include "core/sqlspace/aspect_descriptions.h"
#include "core/sqlspace/predicate_proposal.h"

namespace chokepoint::sqlspace {

struct ItemDescription {
  size_t item = 0;  // position in the set
  Aspect aspect = Aspect::Syntax;
  std::string description;
};

// Invariant: descriptions + unreadable + failed = the asks read.
struct DescriptionReading {
  std::vector<ItemDescription> descriptions;  // in ask order
  size_t unreadable = 0, failed = 0;
  // The descriptions of each aspect (kAspectCount lists, in ask order): what plan_proposals reads.
  std::vector<std::vector<std::string>> by_aspect() const;
};

// answers[k] answers asks[k]; a missing answer counts as failed.
DescriptionReading read_descriptions(const std::vector<DescribeAsk>& asks,
                                     const std::vector<Result<std::string>>& answers);

// Invariant: every ask read is an answer with predicates, unreadable or failed.
struct ProposalReading {
  std::vector<CandidatePredicate> candidates;  // in ask order, then the answer's order
  size_t unreadable = 0, failed = 0;
};

// Adds one Proposer's answers to `into`: answers[k] answers asks[k] (the iteration is counted from 1).
void read_proposals(const std::vector<ProposeAsk>& asks, const std::vector<Result<std::string>>& answers,
                    const std::string& proposer, ProposalReading& into);

// {"predicates": [{aspect, predicate, proposer, iteration}], "dropped": [{aspect, predicate, proposer, repeats,
//  catalogue_id, score}]}
nlohmann::ordered_json predicates_file_json(const Deduplication& dedup);

}  // namespace chokepoint::sqlspace
