// The rewrites' attempts and outcomes (see rewrite_attempts.h).
#include "core/sqlspace/rewrite_attempts.h"

#include <cmath>
#include <set>

#include "core/runner/prediction_run.h"

namespace chokepoint::sqlspace {

RewriteFeature rewrite_feature(const NegativeFeature& f) { return {f.id, f.share_in_wrong > f.share_in_right}; }

std::vector<RewriteFeature> rewrite_features(const std::vector<NegativeFeature>& negatives) {
  std::vector<RewriteFeature> out;
  for (const auto& f : negatives) out.push_back(rewrite_feature(f));
  return out;
}

RewritePopulation rewrite_population(RewriteChoice rule, const std::vector<std::optional<bool>>& ex,
                                     const std::vector<std::optional<double>>& p_right) {
  RewritePopulation out;
  for (size_t i = 0; i < ex.size(); ++i) {
    if (!ex[i]) continue;  // not scored: no EX to improve on
    if (rule == RewriteChoice::Predicted) {
      if (i >= p_right.size() || !p_right[i]) continue;
      out.population.push_back(i);
      if (*p_right[i] < kExpectedToFailBelow) out.chosen.push_back(i);
      continue;
    }
    out.population.push_back(i);
    if (rule == RewriteChoice::All || !*ex[i]) out.chosen.push_back(i);
  }
  return out;
}

std::vector<RewriteAttempt> read_rewrite_answers(const std::vector<RewriteAsk>& asks,
                                                 const std::vector<Result<std::string>>& answers) {
  std::vector<RewriteAttempt> out;
  for (size_t k = 0; k < asks.size(); ++k) {
    RewriteAttempt at;
    at.item = asks[k].item;
    at.rank = asks[k].rank;
    at.feature = asks[k].feature;
    if (k >= answers.size()) {
      at.state = "failed";
      at.note = "not asked";
    } else if (!answers[k].ok()) {
      at.state = "failed";
      at.note = answers[k].error();
    } else if (auto q = parse_rewritten_question(*answers[k]); !q.ok()) {
      at.state = "unreadable";
      at.note = q.error();
    } else if (q->invalid) {
      at.state = "invalid";
    } else {
      at.state = "rewritten";
      at.question = q->question;
    }
    out.push_back(std::move(at));
  }
  return out;
}

EvalSet rewritten_questions(const EvalSet& set, const std::vector<RewriteAttempt>& attempts,
                            std::vector<size_t>* attempt_of) {
  EvalSet out;
  out.format = set.format;
  if (attempt_of) attempt_of->clear();
  for (size_t a = 0; a < attempts.size(); ++a) {
    const auto& at = attempts[a];
    if (at.state != "rewritten" || at.item >= set.items.size()) continue;
    EvalItem item = set.items[at.item];
    item.key += "~r" + std::to_string(at.rank);
    item.question = at.question;
    out.items.push_back(std::move(item));
    if (attempt_of) attempt_of->push_back(a);
  }
  return out;
}

std::optional<std::string> read_rewrite_sql(RewriteAttempt& attempt, const EvalItem& rewritten,
                                            const runner::PromptFormat& format, const Result<std::string>& answer) {
  const auto p = runner::read_prediction(rewritten, format, answer);
  if (p.status == runner::PredictionStatus::Ok) {
    attempt.sql = p.sql;
    return p.sql;
  }
  attempt.note = p.error;
  if (p.status == runner::PredictionStatus::LlmError) {
    attempt.state = "t2s_failed";
  } else {
    attempt.state = "no_sql";
    attempt.ex = false;  // an answer without SQL is a failed prediction, as `eval` scores it
  }
  return std::nullopt;
}

std::vector<RewriteOutcome> rewrite_outcomes(const std::vector<EvalItem>& items, const std::vector<size_t>& population,
                                             const std::vector<bool>& original_ex, const std::vector<size_t>& chosen,
                                             const std::vector<RewriteAttempt>& attempts) {
  const std::set<size_t> chosen_set(chosen.begin(), chosen.end());
  std::vector<RewriteOutcome> out;
  for (size_t i : population) {
    RewriteOutcome o;
    o.key = i < items.size() ? items[i].key : "";
    o.original = i < original_ex.size() && original_ex[i];
    o.predicted_fail = chosen_set.count(i) > 0;
    for (const auto& at : attempts)  // attempts come in rank order within an item
      if (at.item == i) o.rewrites.push_back(at.ex.value_or(o.original));
    out.push_back(std::move(o));
  }
  return out;
}

namespace {
double round4(double x) { return std::round(x * 10000.0) / 10000.0; }
}  // namespace

nlohmann::json rewrite_summary_json(const RewriteSummary& s) {
  return {{"n", s.n},
          {"chosen", s.chosen},
          {"rewritten", s.rewritten},
          {"no_rewriting", round4(s.no_rewriting)},
          {"acc_at_1", round4(s.acc_at_1)},
          {"acc_at_3", round4(s.acc_at_3)},
          {"table4",
           {{"estimator_right",
             {{"rewrite_right", s.estimator_right_success}, {"rewrite_wrong", s.estimator_right_failure}}},
            {"estimator_wrong",
             {{"rewrite_right", s.estimator_wrong_success}, {"rewrite_wrong", s.estimator_wrong_failure}}}}}};
}

nlohmann::json rewrite_attempt_counts_json(const std::vector<RewriteAttempt>& attempts) {
  size_t invalid = 0, unreadable = 0, failed = 0, scored = 0;
  for (const auto& at : attempts) {
    invalid += at.state == "invalid";
    unreadable += at.state == "unreadable";
    failed += at.state == "failed" || at.state == "t2s_failed";
    scored += at.ex.has_value();
  }
  return {{"rewrites", attempts.size()},
          {"invalid", invalid},
          {"unreadable", unreadable},
          {"failed", failed},
          {"rewrites_scored", scored}};
}

}  // namespace chokepoint::sqlspace
