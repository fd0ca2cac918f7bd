// Self-debugging in rounds (004 §3.2 and §4.2; its Table 5 and Figure 5): the wrong predictions of an evaluation go
// back to a model with a strategy's information; each answer that holds a query replaces the prediction, the
// replaced pairs are evaluated again, and the next round takes only what is still wrong. The model may differ from
// the one that made the predictions (cross-model debugging). This class is the bookkeeping only: the front end does
// the calls and the evaluations its own way (the CLI at once; the app across frames, with a worker), so the same
// rounds give the same table everywhere.
#pragma once
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/base/result.h"
#include "core/diagnosis/error_taxonomy.h"
#include "core/diagnosis/sql_debugging.h"
#include "core/llm/prompt_template.h"
#include "core/metrics/pair_evaluation.h"
#include "core/schema/schema.h"

namespace chokepoint::diagnosis {

// One line of the report. Round 0 is the state before debugging (Figure 5's first bars).
struct DebugRoundRow {
  int round = 0;
  size_t attempted = 0;    // prompts sent in this round
  size_t answered = 0;     // of those, answers that held a query (the others keep the previous prediction)
  size_t fixed = 0;        // pairs right after this round that were wrong before it
  size_t still_wrong = 0;  // after this round
  size_t system_errors = 0, result_errors = 0;  // among the still wrong (004 Figure 5)
  // The Result Errors by subcategory (table_query, column_selection, join_columns, condition_filter,
  // data_processing; unclassified when the parser could not read the query): Figure 5's bars per round.
  std::map<std::string, size_t> result_error_kinds;
  double ex_over_wrong = 0;  // percent of the initially wrong pairs right after this round (004 Table 5)
};

// The rows as the CLI prints them and the page reports them: [{round, attempted, answered, fixed, still_wrong,
// system_errors, result_errors, result_error_kinds: {kind: n}, ex_over_wrong}].
nlohmann::json debug_rows_json(const std::vector<DebugRoundRow>& rows);

struct DebugPrompt {
  size_t pair = 0;     // position in pairs()
  std::string id;      // "<pair id> / debug round R": the call's name in logs and replay
  std::string prompt;  // exactly what is sent
};

// What happened to one debugged pair, round by round.
struct DebugHistory {
  size_t pair = 0;
  std::string original;  // the prediction before debugging
  struct Step {
    std::string sql;  // the prediction after the round
    bool ex = false;
  };
  std::vector<Step> rounds;
};

class DebugRounds {
 public:
  using SchemaOf = std::function<const Schema*(const std::string& db_id)>;

  // pairs and items: an evaluation (items in pair order); questions: by pair id, evidence already joined. Pairs
  // whose database has no schema are left out (the taxonomy needs it).
  DebugRounds(std::vector<EvalPair> pairs, const std::vector<ItemEvaluation>& items,
              std::map<std::string, std::string> questions, DebugStrategy strategy, int rounds, SchemaOf schema_of);

  bool done() const { return awaiting_ == Awaiting::Nothing && (round_ >= rounds_ || wrong_.empty()); }
  int round() const { return round_; }  // rounds closed
  int rounds() const { return rounds_; }
  DebugStrategy strategy() const { return strategy_; }
  size_t initially_wrong() const { return initially_wrong_; }

  // The next round's prompts, one per still-wrong pair (SimpleDDL-MD-Chat schema, as 004 debugs). Starts the
  // round; an error when a template is missing or the rounds are over.
  Result<std::vector<DebugPrompt>> next_prompts(const PromptLibrary& library);
  // The round's answers in prompt order: a query replaces the prediction, nullopt keeps it. Returns the pairs to
  // evaluate again, in prompt order.
  Result<std::vector<EvalPair>> answer(const std::vector<std::optional<std::string>>& sql);
  // Their evaluations, in that order: closes the round.
  Result<DebugRoundRow> evaluated(const std::vector<ItemEvaluation>& items);

  const std::vector<DebugRoundRow>& rows() const { return rows_; }
  const std::vector<EvalPair>& pairs() const { return pairs_; }  // the predictions as debugged so far
  const std::vector<size_t>& still_wrong() const { return wrong_; }
  std::vector<DebugHistory> history() const;  // in pair order
  // The current classification of a still-wrong pair (the one its next prompt uses).
  const ErrorClassification* classification(size_t pair) const;

 private:
  enum class Awaiting { Nothing, Answers, Evaluations };
  void classify_wrong();
  void count_still_wrong(DebugRoundRow& row) const;  // still_wrong and the errors among them, from classes_

  std::vector<EvalPair> pairs_;
  std::vector<ItemEvaluation> items_;
  std::map<std::string, std::string> questions_;
  DebugStrategy strategy_;
  int rounds_ = 2, round_ = 0;
  SchemaOf schema_of_;
  std::vector<size_t> wrong_;  // pairs still wrong
  std::map<size_t, ErrorClassification> classes_;
  size_t initially_wrong_ = 0, fixed_total_ = 0;
  std::vector<size_t> prompted_;  // pairs of the open round
  size_t answered_ = 0;
  Awaiting awaiting_ = Awaiting::Nothing;
  std::vector<DebugRoundRow> rows_;
  std::map<size_t, DebugHistory> history_;
  std::map<std::string, std::string> schema_text_;  // by db_id
};

}  // namespace chokepoint::diagnosis
