// The optional LLM classifier of the error taxonomy (004 §5 asks an LLM where our rules compare
// normalised WHERE/HAVING conjuncts). A Result Error the rules left to condition_filter or data_processing (tables,
// selected columns and joins agree) goes to a model with prompts/t2s_error_category.mustache; its answer names one
// of the two, and when it is readable it decides. An unreadable answer, or none, keeps the rule's decision and says
// so. This module fills the prompt, reads the answer and merges the two; the front end makes the call (through the
// CallScheduler and its replay store, so a rerun asks nothing twice).
#pragma once
#include <string>

#include "core/base/result.h"
#include "core/diagnosis/error_taxonomy.h"
#include "core/llm/prompt_template.h"

namespace chokepoint::diagnosis {

inline constexpr const char* kErrorCategoryTemplate = "t2s_error_category";

// Whether the classifier is asked about this classification: a Result Error of kind condition_filter or
// data_processing (the first three subcategories are decided by rules on the resolved queries, never asked).
bool asks_llm_category(const ErrorClassification& c);

// The template's variables; an empty question is written "(none given)" (gold files of bare SQL have none).
PromptVariables error_category_variables(const std::string& question, const std::string& gold_sql,
                                         const std::string& pred_sql);
Result<std::string> render_error_category_prompt(const PromptLibrary& library, const std::string& question,
                                                 const std::string& gold_sql, const std::string& pred_sql);

struct LlmCategoryAnswer {
  ResultErrorKind kind = ResultErrorKind::None;  // ConditionFilter or DataProcessing
  std::string reason;                            // the first line of its reason, "" when it gave none
};

// Reads an answer: the category names in any case, with underscores, hyphens or spaces ("Condition Filter",
// "data-processing", "**condition_filter**"), labelled or inside prose. The first line naming a category decides:
// one name there is the answer, two are read only when the line starts with one of them. An error when no line
// names one, or the deciding line names both without starting with either.
Result<LlmCategoryAnswer> parse_error_category_answer(const std::string& answer);

enum class LlmCategoryOutcome {
  Agreed,      // readable, same category as the rule
  Changed,     // readable, the other category: the LLM's answer replaces the rule's
  Unreadable,  // an answer neither name could be read from: the rule's decision stands
  NoAnswer,    // the call failed: the rule's decision stands
};
const char* llm_category_outcome_name(LlmCategoryOutcome o);  // "agreed", "changed", "unreadable", "no_answer"

struct LlmCategoryDecision {
  ErrorClassification classification;  // the rule's, with the LLM's evidence line and decided_by
  LlmCategoryOutcome outcome = LlmCategoryOutcome::NoAnswer;
};

// The rule's classification and the model's answer (or why there is none) as one decision. The evidence keeps the
// rule's lines and adds one: "LLM (<model>): <category> — <reason>" (noting the rule's category when it differs),
// or why the answer was not used. decided_by is Llm exactly when the answer was readable.
LlmCategoryDecision merge_llm_category(const ErrorClassification& rule, const std::string& model,
                                       const Result<std::string>& answer);

}  // namespace chokepoint::diagnosis
