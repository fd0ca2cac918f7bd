// The judge (FLEX's idea — Kim et al., "FLEX: Expert-level False-Less EXecution Metric" — with our
// own templates): an LLM's second opinion on EX. EX compares results only, so it can be wrong both ways: a wrong
// query that happens to return the gold's rows on this database (a false positive) and a right query that differs
// from a narrow gold in a way the question allows (a false negative). So the judge is asked strictly when EX = 1
// (prompts/judge_strict.mustache: is it right for every database, or only by luck here?) and leniently when EX = 0
// (prompts/judge_lenient.mustache: would a careful analyst accept it?). It sees the question, the evidence, the
// schema, both queries and a bounded excerpt of both results. This module builds the prompt, reads the answer,
// merges it with EX and sums up; the front end makes the calls through the CallScheduler and its replay store.
#pragma once
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/base/result.h"
#include "core/db/value.h"
#include "core/llm/prompt_template.h"
#include "core/metrics/pair_evaluation.h"
#include "core/schema/schema.h"

namespace chokepoint::llm_tasks {

enum class JudgeMode {
  Strict,   // EX = 1: look for a reason it is wrong
  Lenient,  // EX = 0: look for a reason it is acceptable
};
const char* judge_mode_name(JudgeMode m);  // "strict", "lenient"
JudgeMode judge_mode_for(bool ex);
const char* judge_template_name(JudgeMode m);  // "judge_strict", "judge_lenient"

// How much of each result the prompt shows: enough to see what a query returns, never a whole table.
struct ExcerptLimits {
  size_t rows = 10;
  size_t columns = 12;
  size_t cell_bytes = 60;
};
// The leading rows as lines "a | b | c" under a header of column names, then "(N rows in all; the first k shown)"
// when rows were left out ("(no rows)" for an empty result). `total_rows` is what the query returned, which can be
// more than the rows held when the evaluation kept only the leading ones.
std::string result_excerpt(const ResultSet& result, size_t total_rows, const ExcerptLimits& limits = {});

struct JudgeInput {
  std::string question, evidence, schema_text;
  std::string gold_sql, pred_sql;
  std::string gold_result, pred_result;  // excerpts (result_excerpt)
  bool ex = false;
};
PromptVariables judge_variables(const JudgeInput& in);  // empty question or evidence -> "(none given)"
Result<std::string> render_judge_prompt(const PromptLibrary& library, const JudgeInput& in);

struct JudgeAnswer {
  bool correct = false;
  std::string reason;  // the rest of the deciding line, else the next line; "" when none
};
// Reads a verdict: the first line whose first word (after Markdown and a label such as "Verdict:") is "correct",
// "incorrect", "right", "wrong", "yes" or "no" decides. An error when no line starts with one.
Result<JudgeAnswer> parse_judge_answer(const std::string& answer);

enum class JudgeOutcome {
  NotAsked,    // the prediction failed to run (nothing to judge: it stays wrong), or the gold was not scored
  Agreed,      // readable, same verdict as EX
  Flipped,     // readable, the other verdict
  Unreadable,  // no verdict could be read: EX stands
  NoAnswer,    // the call failed: EX stands
};
const char* judge_outcome_name(JudgeOutcome o);  // "not_asked", "agreed", "flipped", "unreadable", "no_answer"

struct JudgeVerdict {
  JudgeMode mode = JudgeMode::Strict;
  bool ex = false;
  bool judged = false;  // the judge's verdict when readable, else EX
  JudgeOutcome outcome = JudgeOutcome::NotAsked;
  std::string reason;  // the judge's reason, or why there is none
};
JudgeVerdict judge_not_asked(bool ex);
JudgeVerdict merge_judge(bool ex, const Result<std::string>& answer);

struct JudgeSummary {
  size_t items = 0;  // verdicts summed (scored items)
  size_t ex_correct = 0, judged_correct = 0;
  size_t asked = 0, agreed = 0, unreadable = 0, no_answer = 0;
  size_t false_positives = 0;          // EX = 1 that the strict judge called wrong
  size_t false_negatives = 0;          // EX = 0 that the lenient judge called right
  double ex = 0, judged_accuracy = 0;  // percent of items
  std::optional<double> kappa;         // Cohen's kappa between EX and the readable verdicts
  size_t kappa_items = 0;              // the readable verdicts it is computed over
};
JudgeSummary summarize_judgements(const std::vector<JudgeVerdict>& verdicts);

// One question to the judge: item `item` of the evaluation, in `mode`, with its rendered prompt.
struct JudgeAsk {
  size_t item = 0;
  JudgeMode mode = JudgeMode::Strict;
  std::string prompt;
};
// What the judge is asked about an evaluation (the CLI's `judge` and the metrics panel): every scored item whose
// prediction ran (a failed prediction stays wrong) on a database whose schema `schema_of` knows, in the mode its EX
// gives (only `only`'s, when set). `texts` gives each pair id's question and evidence; the schema is shown as DDL.
// The items need their kept results (EvaluationOptions::keep_details); the excerpts follow `limits`.
Result<std::vector<JudgeAsk>> plan_judge(const std::vector<EvalPair>& pairs, const std::vector<ItemEvaluation>& items,
                                         const std::map<std::string, std::pair<std::string, std::string>>& texts,
                                         const std::function<const Schema*(const std::string&)>& schema_of,
                                         const PromptLibrary& library, std::optional<JudgeMode> only = std::nullopt,
                                         const ExcerptLimits& limits = {});
// Every scored item's verdict, for summarize_judgements: the asked ones from `answers` (answers[k] is asks[k]'s),
// the others not asked. Also gives, per ask, its verdict (`asked_verdicts`, may be null).
std::vector<JudgeVerdict> judge_verdicts(const std::vector<ItemEvaluation>& items, const std::vector<JudgeAsk>& asks,
                                         const std::vector<Result<std::string>>& answers,
                                         std::vector<JudgeVerdict>* asked_verdicts = nullptr);

}  // namespace chokepoint::llm_tasks
