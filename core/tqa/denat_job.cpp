#include "core/tqa/denat_job.h"

#include <set>

#include "core/base/clock.h"
#include "core/llm/answer_parser.h"
#include "core/tqa/database_rename.h"
#include "core/tqa/less_natural_name.h"
#include "core/tqa/naturalness.h"

namespace chokepoint::tqa {
namespace {

// Notes one answer in `use`; true when it is usable.
template <typename T>
bool note(LlmAnswerUse& use, const Result<T>& r) {
  ++use.asked;
  if (r.ok()) return ++use.used, true;
  ++use.failures[r.error()];
  return false;
}

// An answer's text run through `parse`, or the call's error.
template <typename F>
auto parsed(const Result<std::string>& answer, F parse) -> decltype(parse(std::string())) {
  if (!answer.ok()) return Error{answer.error()};
  return parse(*answer);
}

}  // namespace

void LlmAnswerUse::add(const LlmAnswerUse& other) {
  asked += other.asked;
  used += other.used;
  for (const auto& [message, n] : other.failures) failures[message] += n;
}

nlohmann::json LlmAnswerUse::json() const { return {{"asked", asked}, {"from_llm", used}, {"fallback", asked - used}}; }

void DenatLlmUse::add(const DenatLlmUse& other) {
  naturalness.add(other.naturalness);
  names.add(other.names);
  questions.add(other.questions);
  evidence.add(other.evidence);
}

const char* denat_phase_name(DenatPhase p) {
  switch (p) {
    case DenatPhase::naturalness:
      return "labelling naturalness";
    case DenatPhase::names:
      return "proposing names";
    case DenatPhase::rename:
      return "renaming the copy";
    case DenatPhase::sql:
      return "checking gold SQL";
    case DenatPhase::questions:
      return "rewriting questions";
    case DenatPhase::evidence:
      return "rewriting evidence";
    case DenatPhase::done:
      return "done";
    case DenatPhase::failed:
      return "failed";
  }
  return "";
}

DenatJob::DenatJob(const Schema& schema, const Connection& original, std::vector<EvalItem> items,
                   const Lexicon& lexicon, DenatJobOptions options, DenatLlm llm)
    : schema_(schema),
      original_(original),
      items_(std::move(items)),
      lexicon_(lexicon),
      options_(std::move(options)),
      llm_(llm) {
  // Each distinct name once: a label and a proposal belong to the name (a column molecule_id in two tables is one
  // identifier to judge and rename), so asking twice would send the same prompt twice.
  std::set<std::string> seen;
  const auto add = [&](const std::string& name) {
    if (seen.insert(name).second) identifiers_.push_back(name);
  };
  for (const auto& t : schema_.tables) {
    add(t.name);
    for (const auto& c : t.columns) add(c.name);
  }
  for (const auto& id : identifiers_) labels_[id] = heuristic_naturalness(lexicon_, id);
  if (llm_.scheduler && !llm_.library) fail("the LLM path needs the prompt library");
}

void DenatJob::fail(const std::string& message) {
  error_ = message;
  phase_ = DenatPhase::failed;
  renaming_.reset();
  renamed_.reset();
}

size_t DenatJob::kept() const {
  size_t n = 0;
  for (const auto& r : results_) n += r.kept ? 1 : 0;
  return n;
}

double DenatJob::progress() const {
  switch (phase_) {
    case DenatPhase::naturalness:
      return 0;
    case DenatPhase::names:
      return 0.05;
    case DenatPhase::rename:
      return 0.1;
    case DenatPhase::sql:
      return 0.1 +
             0.7 * (items_.empty() ? 1.0 : static_cast<double>(results_.size()) / static_cast<double>(items_.size()));
    case DenatPhase::questions:
      return 0.8;
    case DenatPhase::evidence:
      return 0.9;
    case DenatPhase::done:
    case DenatPhase::failed:
      return 1;
  }
  return 0;
}

bool DenatJob::queue(const Batch& prompts) {
  batch_first_ = llm_.scheduler->calls().size();
  batch_size_ = prompts.size();
  for (const auto& [id, prompt] : prompts) {
    ChatRequest request = llm_.request;
    request.messages = {{"user", prompt}};
    llm_.scheduler->add({id, request});
  }
  batch_open_ = true;
  return true;
}

bool DenatJob::batch_answered(double now_ms) {
  CallScheduler& s = *llm_.scheduler;
  s.step(now_ms);
  bool over = true;
  for (size_t i = batch_first_; i < batch_first_ + batch_size_ && over; ++i)
    over = s.calls()[i].state == CallState::Succeeded || s.calls()[i].state == CallState::Failed;
  // A cancelled or over-budget scheduler sends nothing more: what is not answered by then never will be. A held
  // one (a preview is open) will send once confirmed: wait.
  const SchedulerStop stop = s.stopped();
  if (!over && stop != SchedulerStop::None && stop != SchedulerStop::Held && !s.has_in_flight()) over = true;
  if (over) batch_open_ = false;
  return over;
}

std::vector<Result<std::string>> DenatJob::answers() const {
  std::vector<Result<std::string>> out;
  for (size_t i = batch_first_; i < batch_first_ + batch_size_; ++i) {
    const auto& c = llm_.scheduler->calls()[i];
    if (c.completion)
      out.push_back(c.completion->text);
    else
      out.push_back(Error{c.last_error ? c.last_error->message : std::string("call not answered")});
  }
  return out;
}

void DenatJob::plan_and_rename() {
  plan_ = plan_renames(
      schema_, [&](const std::string& n) { return labels_.count(n) ? labels_[n] : Naturalness::N1; },
      [&](const std::string& n) {
        auto p = proposals_.find(n);
        return p != proposals_.end() ? p->second : abbreviate_identifier(n);
      });
  plan_.naturalness_source = naturalness_from_llm_ ? NaturalnessSource::llm : NaturalnessSource::heuristic;
  plan_.naming = llm_.names ? "llm (deterministic abbreviator when unanswered)" : "deterministic abbreviator";
  if (options_.require_renames && plan_.renamed_count() == 0)
    return fail("every identifier of " + schema_.db_id + " is already N3");
  auto clone = clone_database(original_, options_.renamed_path);
  if (!clone.ok()) return fail(schema_.db_id + ": " + clone.error());
  renamed_ = std::make_unique<Connection>(std::move(clone).value());
  renaming_ = std::make_unique<RenameApplier>(*renamed_, plan_);  // its statements, one a unit of work (step)
}

void DenatJob::start_questions() {
  if (!llm_.scheduler) {
    for (auto& d : results_) {
      d.less_natural_question = rewrite_mentions(d.original.question, plan_, &lexicon_);
      d.less_natural_evidence = rewrite_mentions(d.original.evidence, plan_, &lexicon_);
      d.text_method = "deterministic mention rewrite";
    }
    phase_ = DenatPhase::done;
    return;
  }
  Batch prompts;
  question_items_.clear();
  for (size_t i = 0; i < results_.size(); ++i) {
    if (!results_[i].kept) continue;
    auto p = render_denat_prompt(*llm_.library, TextSide::question, plan_, results_[i].original.question, "");
    if (!p.ok()) return fail(p.error());
    prompts.push_back({results_[i].original.key + "/denat/question", *p});
    question_items_.push_back(i);
  }
  queue(prompts);
}

void DenatJob::absorb_questions() {
  auto replies = answers();
  Batch prompts;
  evidence_items_.clear();
  for (size_t k = 0; k < question_items_.size(); ++k) {
    DenatItem& d = results_[question_items_[k]];
    auto q = parsed(replies[k], parse_single_line_question);
    note(use_.questions, q);
    d.less_natural_question = q.ok() ? *q : rewrite_mentions(d.original.question, plan_, &lexicon_);
    d.text_method = q.ok() ? "llm" : "deterministic mention rewrite";
    if (d.original.evidence.empty()) continue;
    // The evidence prompt sees the new question, so both texts use the same names.
    auto p =
        render_denat_prompt(*llm_.library, TextSide::evidence, plan_, d.less_natural_question, d.original.evidence);
    if (!p.ok()) return fail(p.error());
    prompts.push_back({d.original.key + "/denat/evidence", *p});
    evidence_items_.push_back(question_items_[k]);
  }
  phase_ = DenatPhase::evidence;
  queue(prompts);
}

void DenatJob::absorb_evidence() {
  auto replies = answers();
  for (size_t k = 0; k < evidence_items_.size(); ++k) {
    DenatItem& d = results_[evidence_items_[k]];
    auto e = parsed(replies[k], parse_evidence_line);
    note(use_.evidence, e);
    d.less_natural_evidence = e.ok() ? *e : rewrite_mentions(d.original.evidence, plan_, &lexicon_);
  }
  phase_ = DenatPhase::done;
}

void DenatJob::step(double now_ms, double budget_ms) {
  const double start = monotonic_ms();
  while (!finished() && elapsed_ms(start) < budget_ms) {
    switch (phase_) {
      case DenatPhase::naturalness: {
        if (!llm_.scheduler) {
          phase_ = DenatPhase::names;
          break;
        }
        if (!batch_open_) {
          const PromptTemplate* t = llm_.library->find("tqa_naturalness");
          if (!t) return fail("prompts: no template tqa_naturalness");
          Batch prompts;
          for (const auto& id : identifiers_) {
            auto p = render_prompt(*t, {{"identifier", id}});
            if (!p.ok()) return fail(p.error());
            prompts.push_back({schema_.db_id + "/naturalness/" + id, *p});
          }
          queue(prompts);
        }
        if (!batch_answered(now_ms)) return;
        auto replies = answers();
        for (size_t i = 0; i < identifiers_.size(); ++i) {
          auto n = parsed(replies[i], parse_naturalness);
          if (note(use_.naturalness, n)) {
            labels_[identifiers_[i]] = *n;
            naturalness_from_llm_ = true;
          }
        }
        phase_ = DenatPhase::names;
        break;
      }
      case DenatPhase::names: {
        if (!llm_.scheduler || !llm_.names) {
          phase_ = DenatPhase::rename;
          break;
        }
        if (!batch_open_) {
          const PromptTemplate* t = llm_.library->find("tqa_abbreviate_identifier");
          if (!t) return fail("prompts: no template tqa_abbreviate_identifier");
          Batch prompts;
          for (const auto& id : identifiers_) {
            auto p = render_prompt(*t, {{"identifier", id}, {"target_level", "N3"}});
            if (!p.ok()) return fail(p.error());
            prompts.push_back({schema_.db_id + "/name/" + id, *p});
          }
          queue(prompts);
        }
        if (!batch_answered(now_ms)) return;
        auto replies = answers();
        for (size_t i = 0; i < identifiers_.size(); ++i) {
          auto line = parsed(replies[i], parse_single_line_question);
          if (note(use_.names, line)) proposals_[identifiers_[i]] = *line;
        }
        phase_ = DenatPhase::rename;
        break;
      }
      case DenatPhase::rename:
        if (!renaming_) {
          plan_and_rename();
          break;
        }
        if (auto st = renaming_->step(); !st.ok()) return fail(schema_.db_id + ": " + st.error());
        if (renaming_->done()) {
          renaming_.reset();
          phase_ = DenatPhase::sql;
        }
        break;
      case DenatPhase::sql:
        if (results_.size() < items_.size()) {
          results_.push_back(
              denaturalise_sql(items_[results_.size()], schema_, plan_, original_, *renamed_, options_.limits));
          apply_keep_rule(results_.back(), options_.keep_rule, options_.system_ex);
          break;
        }
        phase_ = DenatPhase::questions;
        start_questions();
        break;
      case DenatPhase::questions:
        if (!batch_answered(now_ms)) return;
        absorb_questions();
        break;
      case DenatPhase::evidence:
        if (!batch_answered(now_ms)) return;
        absorb_evidence();
        break;
      case DenatPhase::done:
      case DenatPhase::failed:
        return;
    }
  }
}

}  // namespace chokepoint::tqa
