// Self-debugging rounds (see debug_rounds.h).
#include "core/diagnosis/debug_rounds.h"

#include "core/runner/prompt_formats.h"

namespace chokepoint::diagnosis {

nlohmann::json debug_rows_json(const std::vector<DebugRoundRow>& rows) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& r : rows)
    out.push_back({{"round", r.round},
                   {"attempted", r.attempted},
                   {"answered", r.answered},
                   {"fixed", r.fixed},
                   {"still_wrong", r.still_wrong},
                   {"system_errors", r.system_errors},
                   {"result_errors", r.result_errors},
                   {"result_error_kinds", r.result_error_kinds},
                   {"ex_over_wrong", r.ex_over_wrong}});
  return out;
}

DebugRounds::DebugRounds(std::vector<EvalPair> pairs, const std::vector<ItemEvaluation>& items,
                         std::map<std::string, std::string> questions, DebugStrategy strategy, int rounds,
                         SchemaOf schema_of)
    : pairs_(std::move(pairs)),
      items_(items),
      questions_(std::move(questions)),
      strategy_(strategy),
      rounds_(rounds),
      schema_of_(std::move(schema_of)) {
  items_.resize(pairs_.size());
  for (size_t i = 0; i < items_.size() && i < items.size(); ++i)
    if (items_[i].status == ItemStatus::Scored && !items_[i].ex && schema_of_(pairs_[i].db_id)) wrong_.push_back(i);
  initially_wrong_ = wrong_.size();
  classify_wrong();
  DebugRoundRow row;
  count_still_wrong(row);
  rows_.push_back(row);
}

void DebugRounds::count_still_wrong(DebugRoundRow& row) const {
  row.still_wrong = wrong_.size();
  for (size_t i : wrong_) {
    const ErrorClassification& c = classes_.at(i);
    if (c.error_class == ErrorClass::SystemError) {
      ++row.system_errors;
      continue;
    }
    ++row.result_errors;
    ++row.result_error_kinds[c.kind == ResultErrorKind::None ? "unclassified" : result_error_kind_name(c.kind)];
  }
}

void DebugRounds::classify_wrong() {
  classes_.clear();
  for (size_t i : wrong_) classes_[i] = classify_failed_item(items_[i], pairs_[i], *schema_of_(pairs_[i].db_id));
}

const ErrorClassification* DebugRounds::classification(size_t pair) const {
  auto it = classes_.find(pair);
  return it == classes_.end() ? nullptr : &it->second;
}

Result<std::vector<DebugPrompt>> DebugRounds::next_prompts(const PromptLibrary& library) {
  if (awaiting_ != Awaiting::Nothing) return Error{"the round in progress is not finished"};
  if (done()) return Error{"no debugging round is left"};
  static const runner::PromptFormat md_chat = *runner::prompt_format_from_name("SimpleDDL-MD-Chat");
  std::vector<DebugPrompt> prompts;
  for (size_t i : wrong_) {
    const EvalPair& p = pairs_[i];
    auto text = schema_text_.find(p.db_id);
    if (text == schema_text_.end())
      text = schema_text_.emplace(p.db_id, runner::render_schema(*schema_of_(p.db_id), md_chat, {})).first;
    auto q = questions_.find(p.id);
    auto prompt = render_debug_prompt(library, strategy_, text->second, q == questions_.end() ? "" : q->second,
                                      p.pred_sql, classes_.at(i));
    if (!prompt.ok()) return Error{prompt.error()};
    prompts.push_back({i, p.id + " / debug round " + std::to_string(round_ + 1), std::move(*prompt)});
  }
  prompted_ = wrong_;
  awaiting_ = Awaiting::Answers;
  return prompts;
}

Result<std::vector<EvalPair>> DebugRounds::answer(const std::vector<std::optional<std::string>>& sql) {
  if (awaiting_ != Awaiting::Answers) return Error{"no round is waiting for answers"};
  if (sql.size() != prompted_.size())
    return Error{"expected " + std::to_string(prompted_.size()) + " answers, got " + std::to_string(sql.size())};
  answered_ = 0;
  std::vector<EvalPair> again;
  for (size_t k = 0; k < prompted_.size(); ++k) {
    const size_t i = prompted_[k];
    if (!history_.count(i)) history_[i] = DebugHistory{i, pairs_[i].pred_sql, {}};
    if (sql[k]) {
      pairs_[i].pred_sql = *sql[k];
      ++answered_;
    }
    again.push_back(pairs_[i]);
  }
  awaiting_ = Awaiting::Evaluations;
  return again;
}

Result<DebugRoundRow> DebugRounds::evaluated(const std::vector<ItemEvaluation>& items) {
  if (awaiting_ != Awaiting::Evaluations) return Error{"no round is waiting for its evaluations"};
  if (items.size() != prompted_.size())
    return Error{"expected " + std::to_string(prompted_.size()) + " evaluations, got " + std::to_string(items.size())};
  DebugRoundRow row;
  row.round = ++round_;
  row.attempted = prompted_.size();
  row.answered = answered_;
  std::vector<size_t> still;
  for (size_t k = 0; k < prompted_.size(); ++k) {
    const size_t i = prompted_[k];
    items_[i] = items[k];
    const bool right = items_[i].status == ItemStatus::Scored && items_[i].ex;
    history_[i].rounds.push_back({pairs_[i].pred_sql, right});
    if (right)
      ++row.fixed;
    else
      still.push_back(i);
  }
  fixed_total_ += row.fixed;
  wrong_ = std::move(still);
  classify_wrong();
  count_still_wrong(row);
  row.ex_over_wrong =
      initially_wrong_ ? 100.0 * static_cast<double>(fixed_total_) / static_cast<double>(initially_wrong_) : 0.0;
  rows_.push_back(row);
  prompted_.clear();
  awaiting_ = Awaiting::Nothing;
  return row;
}

std::vector<DebugHistory> DebugRounds::history() const {
  std::vector<DebugHistory> out;
  for (const auto& [i, h] : history_) out.push_back(h);
  return out;
}

}  // namespace chokepoint::diagnosis
