#include "core/llm_tasks/sql_to_text_json.h"

namespace chokepoint::llm_tasks {
namespace {

nlohmann::json optional_json(const std::optional<double>& v) { return v ? nlohmann::json(*v) : nlohmann::json(); }

nlohmann::json rouge_json(const RougeScore& s) {
  return {{"recall", s.recall}, {"precision", s.precision}, {"f1", s.f1}};
}

nlohmann::json prediction_json(const ExPrediction& p) {
  return {{"items", p.items},
          {"true_positive", p.true_positive},
          {"false_positive", p.false_positive},
          {"false_negative", p.false_negative},
          {"true_negative", p.true_negative},
          {"precision", optional_json(p.precision)},
          {"recall", optional_json(p.recall)}};
}

}  // namespace

nlohmann::json described_item_json(const DescribedItem& it) {
  nlohmann::json j = {{"id", it.id},
                      {"reference", it.reference},
                      {"generated", it.generated ? nlohmann::json(*it.generated) : nlohmann::json()},
                      {"rouge1_f1", it.rouge.r1.f1},
                      {"rouge2_f1", it.rouge.r2.f1},
                      {"rougeL_f1", it.rouge.rl.f1},
                      {"rouge1_recall", it.rouge.r1.recall},
                      {"rouge2_recall", it.rouge.r2.recall},
                      {"rougeL_recall", it.rouge.rl.recall}};
  if (!it.error.empty()) j["error"] = it.error;
  if (it.cosine) j["cosine"] = *it.cosine;
  if (it.same_forward) j["same_forward"] = *it.same_forward;
  if (it.same_backward) j["same_backward"] = *it.same_backward;
  if (it.ex) j["ex"] = *it.ex;
  return j;
}

nlohmann::json describe_summary_json(const DescribeSummary& s, bool judged, bool checked) {
  nlohmann::json j = {
      {"n", s.n},
      {"described", s.described},
      {"unreadable", s.unreadable},
      {"rouge",
       {{"rouge1", rouge_json(s.rouge.r1)}, {"rouge2", rouge_json(s.rouge.r2)}, {"rougeL", rouge_json(s.rouge.rl)}}},
      {"cosine", optional_json(s.cosine)},
      {"cosine_items", s.cosine_items}};
  if (judged)
    j["judge"] = {{"forward", optional_json(s.judge_forward)},
                  {"backward", optional_json(s.judge_backward)},
                  {"average", optional_json(s.judge_average)},
                  {"unreadable", s.judge_unreadable}};
  if (checked)
    j["check"] = {{"different_both", prediction_json(s.different_both)},
                  {"different_either", prediction_json(s.different_either)}};
  return j;
}

}  // namespace chokepoint::llm_tasks
