// SQLSpace step 1 (003 §2.1, Prompts D): a Describer model writes, for each example and each of the five aspects, a
// paragraph of observations from that aspect's perspective only. The descriptions are the material step 2
// (predicate_proposal.h) finds shared properties in; they are never features themselves.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "core/base/result.h"
#include "core/dataset/eval_set.h"
#include "core/llm/prompt_template.h"
#include "core/schema/schema.h"
#include "core/sqlspace/feature_catalogue.h"

namespace chokepoint::sqlspace {

// What the describe prompt tells the model for an aspect: the perspective it takes and what the paragraph covers.
struct AspectPerspective {
  std::string perspective, focus;
};
const AspectPerspective& aspect_perspective(Aspect aspect);

struct DescribeAsk {
  size_t item = 0;  // position in the set
  Aspect aspect = Aspect::Syntax;
  std::string prompt;
};

// One prompt per item and aspect asked (every aspect when `aspects` is empty), with the question, the gold SQL and the
// schema (names only, as sqlspace_schema_text writes it). An item without a question or SQL, or whose database has no
// schema, is skipped (counted in *skipped).
Result<std::vector<DescribeAsk>> plan_descriptions(const std::vector<EvalItem>& items,
                                                   const std::map<std::string, Schema>& schemas,
                                                   const PromptLibrary& library, const std::vector<Aspect>& aspects,
                                                   size_t* skipped = nullptr);

// The paragraph in an answer: surrounding whitespace and a code fence removed; an error when nothing is left.
Result<std::string> read_description(const std::string& answer);

}  // namespace chokepoint::sqlspace
