// The llm-tasks study (004, Zhang et al.): each model through the paper's five tasks on one set. Text-to-SQL in
// every prompt format chosen (Table 3) and EX by the number of gold tables (Table 4); the wrong predictions' error
// taxonomy (Fig. 3); self-debugging by each strategy (Fig. 4) and round by round (Fig. 5); each model debugging
// every model's wrong SQL (Table 5); SQL optimisation's VES
// and C-VES as 004 scores them and in the safe view (Table 6); SQL-to-Text (Table 7); schema linking's RES and
// subset and exact match without and with foreign keys (Tables 8 and 9); and one radar chart of each model across
// the five tasks (Fig. 2). The paper's columns stand beside ours in each table. The figures come from the commands
// that compute them (predict, errors, debug, optimize, describe, link); this module only lays them out.
#pragma once
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/study/study_report.h"

namespace chokepoint::study {

struct GoldTablesEx {
  std::string tables;  // "1", "2", "3", ">3"
  size_t n = 0;
  double ex = 0;  // percent
};

struct DebugRound {
  int round = 0;  // 0: before debugging
  size_t fixed = 0, still_wrong = 0, system_errors = 0, result_errors = 0;
  double ex_over_wrong = 0;                          // percent of the initially wrong SQL right after this round
  std::map<std::string, size_t> result_error_kinds;  // Result Errors by subcategory
};

struct DebugStrategyRun {
  std::string strategy;  // regenerate, wrong_sql, system_error, all_errors, comment
  std::vector<DebugRound> rounds;
};

// One model debugging another model's wrong predictions, or its own, for one round (004 Table 5).
struct CrossDebugRun {
  std::string debugger, generator;           // model names
  size_t wrong = 0;                          // the generator's wrong predictions, what each percent is over
  std::vector<DebugStrategyRun> strategies;  // each with its round 1 (a self-debugging run may hold more rounds)
};

struct OptimizationCell {
  std::string variant;
  double ves = 0, c_ves = 0;                             // the safe view: a rewrite replaces Y only with Y's result
  std::optional<double> published_ves, published_c_ves;  // as 004 scores it: every rewrite replaces Y
  size_t rewrites_not_kept = 0;
};

struct DescribeScores {
  size_t described = 0;
  double rouge1 = 0, rouge2 = 0, rouge_l = 0;  // F1, as fractions
  std::optional<double> judge;                 // percent judged the same question (both orders averaged)
  std::string judge_model;
  std::optional<double> cosine;
};

struct LinkCell {
  std::string method;  // zero-shot, few-shot, presql, few-shot+presql
  bool fk = false;
  size_t scored = 0;
  double res = 0, subset = 0, exact = 0;  // fractions
};

struct LlmTasksModel {
  std::string name;
  std::map<std::string, double> format_ex;                     // EX (%) per format run
  std::vector<GoldTablesEx> by_gold_tables;                    // of the main format
  size_t wrong = 0;                                            // main-format items with EX = 0
  std::map<std::string, size_t> system_errors, result_errors;  // by kind and by subcategory
  std::vector<DebugStrategyRun> debug;
  std::optional<double> baseline_ves, baseline_c_ves;
  std::vector<OptimizationCell> optimization;
  std::optional<DescribeScores> describe;
  std::vector<LinkCell> link;
  size_t failed_calls = 0;  // model calls that failed or were cut by a budget, over every step
};

struct LlmTasksItem {
  std::string id, db_id;
  std::vector<std::string> verdicts;  // per model: "1", or the error's kind or subcategory
};

struct LlmTasksInputs {
  size_t items = 0;
  std::string semantics;             // of every EX
  std::vector<std::string> formats;  // in run order
  std::string main_format;           // the one the later tasks use
  int rounds = 0;
  std::vector<LlmTasksModel> models;       // at least one
  std::vector<CrossDebugRun> cross_debug;  // every debugger x generator pair run, the diagonal included
  std::vector<LlmTasksItem> item_rows;
};

// The radar's axes and each model's values on them (NaN: the task was not run): Text-to-SQL EX of the main format;
// the percent of wrong SQL the comment strategy fixed by the last round (else the last strategy run); the best
// method's VES as 004 scores it; SQL-to-Text judged the same question (ROUGE-L F1 x 100 without a judge); the
// best schema-linking RES x 100.
StudyChart llm_tasks_radar(const LlmTasksInputs& in);

StudyReport llm_tasks_report(const LlmTasksInputs& in);

}  // namespace chokepoint::study
