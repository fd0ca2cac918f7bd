// SQL-to-Text (004 §4.4): a model says which question a query answers, and the question it wrote
// is compared with a reference question by ROUGE (core/metrics/rouge.h), by the cosine of the endpoint's
// embeddings (labelled as such: it is not BERTScore, which the paper reports) and by an LLM judge of whether the two
// ask the same thing, asked in both orders and averaged as the paper does against position bias.
// Two uses: the paper's task (describe the gold query, compare with the set's question), and a check of
// predictions (describe each predicted query, compare with the user's question, and see how well "judged
// different" predicts EX = 0, so a user can tell whether the check is worth its calls). This module builds the
// prompts, reads the answers and sums up; the front end makes the calls through the CallScheduler.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "core/base/result.h"
#include "core/llm/prompt_template.h"
#include "core/metrics/rouge.h"

namespace chokepoint::llm_tasks {

inline constexpr const char* kSqlToTextTemplate = "sql_to_text";
inline constexpr const char* kQuestionEquivalenceTemplate = "question_equivalence";

// The describe prompt; an empty evidence is written "(none given)".
Result<std::string> render_sql_to_text_prompt(const PromptLibrary& library, const std::string& sql,
                                              const std::string& evidence);
// The question from an answer: the text after the first "question:" label (any case, Markdown emphasis and quotes
// around it dropped), else the first non-empty line when the answer is one line. An error when there is none.
Result<std::string> parse_described_question(const std::string& answer);

Result<std::string> render_equivalence_prompt(const PromptLibrary& library, const std::string& first,
                                              const std::string& second);
// True/False (also yes/no, same/different) as the first word of the first non-empty line, after Markdown and a
// label such as "Answer:". An error when that word is none of them.
Result<bool> parse_equivalence_answer(const std::string& answer);

double embedding_cosine(const std::vector<double>& a, const std::vector<double>& b);  // 0 when either is zero

struct DescribedItem {
  std::string id;
  std::string reference;                 // the question compared with
  std::optional<std::string> generated;  // the model's question; nullopt: no answer or none could be read
  std::string error;                     // why there is none
  RougeScores rouge;                     // generated vs reference (zero when no question)
  std::optional<double> cosine;          // endpoint embeddings, when asked for
  std::optional<bool> same_forward;      // judge(generated, reference), when readable
  std::optional<bool> same_backward;     // judge(reference, generated), when readable
  std::optional<bool> ex;                // the prediction's EX, in the check of predictions
};

// A query to describe: a gold one (the paper's task) or a prediction with its EX (the check of predictions).
struct DescribeSubject {
  std::string id, sql, evidence, question;
  std::optional<bool> ex;
};

// One described item from the model's answer to the subject's prompt: the question it wrote, scored by ROUGE
// against the subject's question, or why there is none (the call failed, or no question could be read). The
// judge's verdicts and the cosine are filled later, when asked for.
DescribedItem described_item(const DescribeSubject& subject, const Result<std::string>& answer);

// How well "judged different" predicts EX = 0 over the items with an EX and both verdicts (the check's question:
// is describing each prediction worth its cost?). `both` calls an item different when both orders say so;
// `either` when at least one does.
struct ExPrediction {
  size_t items = 0;
  size_t true_positive = 0, false_positive = 0, false_negative = 0, true_negative = 0;  // positive: EX = 0
  std::optional<double> precision, recall;  // nullopt when undefined (nothing judged different / no EX = 0)
};

struct DescribeSummary {
  size_t n = 0, described = 0, unreadable = 0;  // unreadable: an answer without a question, or no answer
  RougeScores rouge;                            // mean over every item (an item without a question scores 0)
  std::optional<double> cosine;                 // mean over the items with both vectors
  size_t cosine_items = 0;
  // The judge's accuracy as the paper reports it: the share judged the same in each order (over that order's
  // readable verdicts), and their average.
  std::optional<double> judge_forward, judge_backward, judge_average;
  size_t judge_unreadable = 0;
  ExPrediction different_both, different_either;  // only with EX (the check of predictions)
};
DescribeSummary summarize_descriptions(const std::vector<DescribedItem>& items);

}  // namespace chokepoint::llm_tasks
