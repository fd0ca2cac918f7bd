// SynSQL provenance as JSON (see synthesis_manifest.h).
#include "core/testdb/synthesis_manifest.h"

#include <map>

#include "core/schema/schema_ddl.h"

namespace chokepoint::testdb {
namespace {

using Json = nlohmann::ordered_json;

Json refs_json(const std::vector<ColumnRef>& refs) {
  Json out = Json::array();
  for (const auto& r : refs) out.push_back(r.text());
  return out;
}

Json review_json(const CriticReview& r) {
  Json scores = Json::object(), feedback = Json::object();
  for (const auto& s : r.scores) {
    scores[criterion_name(s.criterion)] = s.score;
    feedback[criterion_name(s.criterion)] = s.feedback;
  }
  return {{"average", r.average()},
          {"scores", scores},
          {"feedback", feedback},
          {"overall_feedback", r.feedback},
          {"meets_minimum", r.meets_minimum ? Json(*r.meets_minimum) : Json()}};
}

Json round_json(const SynthesisRound& r) {
  Json changes = Json::array();
  for (const auto& c : r.validation.changes)
    changes.push_back({{"line", c.line}, {"kind", change_kind_name(c.kind)}, {"table", c.table}, {"detail", c.detail}});
  Json rows = Json::object();
  for (const auto& t : r.validation.tables) rows[t.name] = t.rows.size();
  return {{"round", r.round},
          {"feedback_given", r.feedback},
          {"answer", r.answer},
          {"validation",
           {{"lines", r.validation.lines},
            {"insert_lines", r.validation.insert_lines},
            {"rows_written", r.validation.rows_written},
            {"rows_kept", r.validation.rows_kept},
            {"rows_per_table", rows},
            {"changes", changes}}},
          {"critic_answer", r.critic_answer},
          {"review", r.review ? review_json(*r.review) : Json()},
          {"critic_error", r.critic_error},
          {"accepted", r.accepted}};
}

}  // namespace

Json synthesis_item_json(const SynthesisLoop& loop) {
  Json out = {{"outcome", synthesis_outcome_name(loop.outcome())},
              {"note", loop.note()},
              {"method", synthesis_method_name(loop.options().method)}};
  if (loop.options().method == SynthesisMethod::SynSql) {
    // Which of §5.3's ablations ran (all true and "selector": SynSQL as published).
    out["schema_source"] = schema_source_name(loop.options().schema_source);
    out["expansion"] = loop.asks_expansion();
    out["critic"] = loop.asks_critic();
    const auto& s = loop.selector();
    out["selector"] = {{"selection_answers", s.selection_answers},
                       {"selection_errors", s.selection_errors},
                       {"expansion_answer", s.expansion_answer},
                       {"expansion_error", s.expansion_error},
                       {"selected", refs_json(s.reduced.selected)},
                       {"expanded", refs_json(s.reduced.expanded)},
                       {"added_by_key_rule", refs_json(s.reduced.key_added)},
                       {"unknown_names", s.unknown}};
  }
  out["schema_ddl"] = schema_to_ddl(loop.schema());
  out["tables"] = loop.schema().tables.size();
  out["columns"] = loop.schema().column_count();
  Json rounds = Json::array();
  for (const auto& r : loop.rounds()) rounds.push_back(round_json(r));
  out["rounds"] = rounds;
  const SynthesisRound* chosen = loop.outcome() == SynthesisOutcome::Failed ? nullptr : loop.chosen();
  out["chosen_round"] = chosen ? Json(chosen->round) : Json();
  out["calls"] = loop.calls_answered();
  return out;
}

Json synthesis_summary_json(const std::vector<const SynthesisLoop*>& loops) {
  std::map<SynthesisOutcome, size_t> outcomes;
  size_t rounds = 0, columns = 0, built = 0;
  std::map<std::string, std::pair<double, size_t>> criteria;  // name -> (sum, items)
  for (const SynthesisLoop* l : loops) {
    ++outcomes[l->outcome()];
    rounds += l->rounds().size();
    if (l->outcome() == SynthesisOutcome::Failed) continue;
    ++built;
    columns += l->schema().column_count();
    const SynthesisRound* c = l->chosen();
    if (!c || !c->review) continue;
    for (const auto& s : c->review->scores) {
      const std::string name = criterion_name(s.criterion);
      criteria[name].first += s.score;
      ++criteria[name].second;
    }
  }
  Json means = Json::object();
  for (auto c : critic_criteria(true)) {
    auto it = criteria.find(criterion_name(c));
    if (it != criteria.end()) means[it->first] = it->second.first / static_cast<double>(it->second.second);
  }
  const double n = static_cast<double>(loops.size());
  return {{"items", loops.size()},
          {"accepted", outcomes[SynthesisOutcome::Accepted]},
          {"not_accepted", outcomes[SynthesisOutcome::NotAccepted]},
          {"generated", outcomes[SynthesisOutcome::Generated]},
          {"failed", outcomes[SynthesisOutcome::Failed]},
          {"rounds_used", rounds},
          {"mean_rounds", loops.empty() ? Json() : Json(static_cast<double>(rounds) / n)},
          {"mean_columns", built ? Json(static_cast<double>(columns) / static_cast<double>(built)) : Json()},
          {"criteria", means}};
}

}  // namespace chokepoint::testdb
