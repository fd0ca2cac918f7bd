// SQLSpace's LLM features (003 §2.4, Prompts F): the Yes/No questions a model answers for the predicates no rule
// decides, as prompts to build and answers to read; the front end makes the calls (CallScheduler and its replay
// store) and hands the answers back, as for schema linking. One prompt asks several features of one aspect at once
// (prompts/sqlspace_<aspect>.mustache) and the model answers a JSON object {"f009": "Yes", ...}; an answer read for
// no feature, a feature the answer leaves out and a value other than yes/no all leave their cells unknown.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "core/base/result.h"
#include "core/dataset/eval_set.h"
#include "core/llm/prompt_template.h"
#include "core/schema/schema.h"
#include "core/sqlspace/feature_catalogue.h"
#include "core/sqlspace/feature_matrix.h"

namespace chokepoint::sqlspace {

// "sqlspace_syntax", "sqlspace_sql_syntax", ...: the manifest name of an aspect's evaluation template.
std::string llm_feature_template(Aspect aspect);

struct LlmFeatureOptions {
  std::vector<Aspect> aspects;         // asked aspects; empty: all five
  bool include_deterministic = false;  // also ask the rule-decided features (for the agreement)
  size_t batch_size = 10;              // features per prompt (>= 1)
  bool show_sql = true;                // false online: Pragmatics is asked without the SQL, SQL aspects are not asked
};

// One prompt: some features of one aspect for one item (row of the matrix, item of the set: the same index).
struct LlmFeatureAsk {
  size_t row = 0;
  Aspect aspect = Aspect::Syntax;
  std::vector<int> feature_ids;  // increasing
  std::string prompt;
};

// The schema as 003's Describer prompts describe it: "db | table : col, col | table : col, ...".
std::string sqlspace_schema_text(const Schema& schema);

// The prompts for the matrix's columns that are LLM features (and, with include_deterministic, rule features) of
// the asked aspects, item by item, aspects in Table 10 order, `batch_size` features a prompt. What the paper's
// prompt for the aspect shows (paper_inputs) must exist: an item without SQL is not asked SQL aspects, one whose
// database has no schema is not asked Database Reasoning. `items` and `matrix.rows` are parallel. An error only
// when a template is missing from the library or fails to render.
Result<std::vector<LlmFeatureAsk>> plan_llm_features(const FeatureCatalogue& catalogue, const FeatureMatrix& matrix,
                                                     const std::vector<EvalItem>& items,
                                                     const std::map<std::string, Schema>& schemas,
                                                     const PromptLibrary& library, const LlmFeatureOptions& options);

// Reads one answer for the features asked: the first JSON object in it (fences and prose around it tolerated;
// core/testdb/json_answer.h), keys matched loosely ("f009", "F-009", "9", "#9" or the predicate's words), values
// yes/no in any case (a trailing full stop, true/false, 1/0 also read); without a JSON object, lines "f009: Yes".
// Features the answer leaves out or answers otherwise are not in the result. An error when no asked feature is
// answered (the caller leaves them unknown).
Result<std::vector<FeatureDecision>> parse_llm_feature_answer(const std::string& answer, const std::vector<int>& asked,
                                                              const FeatureCatalogue& catalogue);

struct LlmFeatureReading {
  FeatureMatrix answers;  // the matrix's shape, cells known only where the model answered
  size_t prompts = 0, answered = 0, unreadable = 0, failed = 0;  // per prompt
  size_t cells_asked = 0, cells_answered = 0;
  std::vector<std::string> notes;  // "<key> <aspect>: why", for unreadable and failed prompts, in ask order
};
// answers[k] is asks[k]'s (the call's error when it failed).
LlmFeatureReading read_llm_features(const FeatureMatrix& matrix, const std::vector<LlmFeatureAsk>& asks,
                                    const std::vector<Result<std::string>>& answers, const FeatureCatalogue& catalogue);

// Fills the cells of `matrix` that are unknown with `llm`'s known ones (same columns and rows); a rule's answer is
// never replaced. Returns the cells filled.
size_t fill_unknown_cells(FeatureMatrix& matrix, const FeatureMatrix& llm);

}  // namespace chokepoint::sqlspace
