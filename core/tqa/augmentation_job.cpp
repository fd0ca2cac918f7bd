// Each result waits for at most two calls (question, evidence). When both are absorbed, the hiding scores and
// attribute mentions are computed, so partial runs already show finished items.
#include "core/tqa/augmentation_job.h"

#include "core/llm/answer_parser.h"
#include "core/tqa/positional_rewrite.h"

namespace chokepoint::tqa {
namespace {

bool has_side(const ReferenceDetection& refs, TextSide side) {
  return side == TextSide::question ? refs.question_tokens() > 0 : refs.evidence_tokens() > 0;
}

}  // namespace

AugmentationJob::AugmentationJob(const std::vector<ItemLinkerAnalysis>& analyses,
                                 std::map<std::string, const Schema*> schemas, const PromptLibrary& library,
                                 CallScheduler& scheduler, ReferenceMatcher& matcher, AugmentationOptions options)
    : analyses_(analyses),
      schemas_(std::move(schemas)),
      library_(library),
      scheduler_(scheduler),
      matcher_(matcher),
      options_(std::move(options)) {}

Status AugmentationJob::queue(size_t r, TextSide side) {
  AugmentedItem& res = results_[r];
  const ItemLinkerAnalysis& a = *res.source;
  auto prompt =
      render_augmentation_prompt(library_, res.strategy, side, a.item, a.linker->table, a.references, res.new_question);
  if (!prompt.ok()) return Error{prompt.error()};
  LlmCall call;
  call.id =
      a.item.key + "/" + strategy_code(res.strategy) + "/" + (side == TextSide::question ? "question" : "evidence");
  call.request = options_.request;
  call.request.messages = {{"user", *prompt}};
  size_t index = scheduler_.add(std::move(call));
  pending_[index] = {r, side, false};
  return ok_status();
}

Status AugmentationJob::start() {
  for (const auto& a : analyses_) {
    if (!a.linker || (a.references.question_tokens() == 0 && a.references.evidence_tokens() == 0)) continue;
    for (Strategy s : options_.strategies) {
      AugmentedItem res;
      res.source = &a;
      res.strategy = s;
      res.new_question = a.item.question;
      res.new_evidence = a.item.evidence;
      results_.push_back(std::move(res));
      open_calls_.push_back(0);
    }
  }
  for (size_t r = 0; r < results_.size(); ++r) {
    const ReferenceDetection& refs = results_[r].source->references;
    bool q = has_side(refs, TextSide::question), e = has_side(refs, TextSide::evidence);
    open_calls_[r] = (q ? 1 : 0) + (e ? 1 : 0);
    if (q) {
      if (auto st = queue(r, TextSide::question); !st.ok()) return st;
    }
    // Synonym replacement does not read the new question, and without a question call there is nothing to wait for.
    if (e && (!q || results_[r].strategy == Strategy::synonym_replacement)) {
      if (auto st = queue(r, TextSide::evidence); !st.ok()) return st;
    }
  }
  return ok_status();
}

void AugmentationJob::absorb(size_t call, const CallStatus& status) {
  Pending& p = pending_[call];
  p.done = true;
  AugmentedItem& res = results_[p.result];
  const ItemLinkerAnalysis& a = *res.source;
  const char* side_name = p.side == TextSide::question ? "question" : "evidence";
  std::string& target = p.side == TextSide::question ? res.new_question : res.new_evidence;
  bool& rewritten = p.side == TextSide::question ? res.question_rewritten : res.evidence_rewritten;
  if (status.state == CallState::Failed || !status.completion) {
    res.errors.push_back(std::string(side_name) + ": " +
                         (status.last_error ? status.last_error->message : std::string("call failed")));
  } else if (res.strategy == Strategy::synonym_replacement) {
    auto list = parse_token_list(status.completion->text);
    const std::string& original = p.side == TextSide::question ? a.item.question : a.item.evidence;
    auto text = list.ok() ? replace_at_positions(original, matched_tokens(a.references, p.side), *list)
                          : Result<std::string>(Error{list.error()});
    if (text.ok())
      target = *text, rewritten = true;
    else
      res.errors.push_back(std::string(side_name) + ": " + text.error());
  } else {
    auto text = p.side == TextSide::question ? parse_single_line_question(status.completion->text)
                                             : parse_evidence_line(status.completion->text);
    if (text.ok())
      target = *text, rewritten = true;
    else
      res.errors.push_back(std::string(side_name) + ": " + text.error());
  }
  --open_calls_[p.result];
  // The evidence of BT and CA waits for the new question (the original one if the question call failed).
  if (p.side == TextSide::question && res.strategy != Strategy::synonym_replacement &&
      has_side(a.references, TextSide::evidence)) {
    if (auto st = queue(p.result, TextSide::evidence); !st.ok()) {
      res.errors.push_back(std::string("evidence: ") + st.error());
      --open_calls_[p.result];
    }
  }
  if (open_calls_[p.result] == 0) finish(p.result);
}

void AugmentationJob::finish(size_t r) {
  AugmentedItem& res = results_[r];
  const ItemLinkerAnalysis& a = *res.source;
  auto schema = schemas_.find(a.item.db_id);
  static const Schema kEmpty;
  const Schema& s = schema == schemas_.end() || !schema->second ? kEmpty : *schema->second;
  res.hiding = hiding_scores(matcher_, a.references, res.question_rewritten ? res.new_question : "",
                             res.evidence_rewritten ? res.new_evidence : "", s, options_.hiding_rule);
  res.mentions = attribute_mentions(matcher_, a.attributes, res.new_question, res.new_evidence);
}

void AugmentationJob::step(double now_ms) {
  scheduler_.step(now_ms);
  const auto& calls = scheduler_.calls();
  std::vector<size_t> ready;
  for (auto& [index, p] : pending_) {
    if (p.done || index >= calls.size()) continue;
    if (calls[index].state == CallState::Succeeded || calls[index].state == CallState::Failed) ready.push_back(index);
  }
  for (size_t index : ready) absorb(index, scheduler_.calls()[index]);
  if (!ready.empty()) scheduler_.step(now_ms);  // send the evidence calls just queued
}

bool AugmentationJob::finished() const {
  for (int open : open_calls_)
    if (open > 0) return false;
  return true;
}

double AugmentationJob::progress() const {
  if (pending_.empty()) return 1.0;
  size_t done = 0;
  for (const auto& [i, p] : pending_) done += p.done;
  return static_cast<double>(done) / static_cast<double>(pending_.size());
}

nlohmann::json AugmentationJob::hiding_table() const {
  nlohmann::json out = nlohmann::json::object();
  for (Strategy s : options_.strategies) {
    HidingTally t;
    for (const auto& r : results_)
      if (r.strategy == s && open_calls_[static_cast<size_t>(&r - results_.data())] == 0) t.add(r.hiding);
    out[strategy_code(s)] = {
        {"question_percent", t.question_percent()},      {"question_hidden", t.question_hidden},
        {"question_scored", t.question_scored},          {"evidence_percent", t.evidence_percent()},
        {"evidence_hidden", t.evidence_hidden},          {"evidence_scored", t.evidence_scored},
        {"rule", hiding_rule_name(options_.hiding_rule)}};
  }
  return out;
}

nlohmann::json AugmentationJob::attribute_table() const {
  auto row = [](size_t n, size_t nq, size_t ne, size_t jq, size_t oq, size_t je, size_t oe) {
    auto pct = [](size_t a, size_t b) { return b ? 100.0 * static_cast<double>(a) / static_cast<double>(b) : 0.0; };
    return nlohmann::json{{"queries", n},
                          {"join_in_questions", pct(jq, nq)},
                          {"projection_filter_in_questions", pct(oq, nq)},
                          {"join_in_evidence", pct(je, ne)},
                          {"projection_filter_in_evidence", pct(oe, ne)}};
  };
  nlohmann::json out = nlohmann::json::object();
  auto tally = [&](const char* name, auto&& select) {
    size_t n = 0, nq = 0, ne = 0, jq = 0, oq = 0, je = 0, oe = 0;
    for (const auto& r : results_) {
      const AttributeMentions* m = select(r);
      if (!m) continue;
      ++n;
      nq += !r.source->item.question.empty();
      ne += !r.source->item.evidence.empty();
      jq += m->join_in_question, oq += m->other_in_question, je += m->join_in_evidence, oe += m->other_in_evidence;
    }
    out[name] = row(n, nq, ne, jq, oq, je, oe);
  };
  Strategy first = options_.strategies.empty() ? Strategy::synonym_replacement : options_.strategies.front();
  tally("original", [&](const AugmentedItem& r) { return r.strategy == first ? &r.source->mentions : nullptr; });
  for (Strategy s : options_.strategies)
    tally(strategy_code(s), [&, s](const AugmentedItem& r) { return r.strategy == s ? &r.mentions : nullptr; });
  return out;
}

}  // namespace chokepoint::tqa
