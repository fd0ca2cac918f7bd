// The questions job as two scheduler phases. Items own their answers, so cancelling, a failed call or a restart
// never loses a finished question: a restart only schedules what is still missing, and what was already answered
// by the endpoint comes back from the replay store without a network call.
#include "core/jqe/question_generation.h"

#include <algorithm>

#include "core/llm/answer_parser.h"

namespace chokepoint::jqe {
namespace {

constexpr const char* kEvidenceTemplate = "jqe_evidence_new";
// Shown in the preview where the evidence prompt will quote the question generated first.
constexpr const char* kQuestionPlaceholder = "{{question}}";

bool item_complete(const QuestionItem& item) {
  return !item.question.empty() && (!item.task.wants_evidence || !item.evidence.empty());
}

std::string call_id(const QuestionItem& item, bool evidence) {
  return item.task.id + (evidence ? " / evidence" : " / question");
}

}  // namespace

const char* question_prompt_template(QuestionPrompt prompt) {
  return prompt == QuestionPrompt::Extended ? "jqe_question_extended" : "jqe_question_new";
}

const char* alignment_name(Alignment a) {
  switch (a) {
    case Alignment::Unlabelled:
      return "unlabelled";
    case Alignment::Aligned:
      return "aligned";
    case Alignment::AddsContext:
      return "adds_context";
    case Alignment::LosesIntent:
      return "loses_intent";
  }
  return "unlabelled";
}

Result<Alignment> alignment_from_name(const std::string& name) {
  for (Alignment a : {Alignment::Unlabelled, Alignment::Aligned, Alignment::AddsContext, Alignment::LosesIntent})
    if (name == alignment_name(a)) return a;
  return Error{"unknown alignment label '" + name + "' (use aligned, adds_context, loses_intent or unlabelled)"};
}

const char* item_status_name(ItemStatus s) {
  switch (s) {
    case ItemStatus::Pending:
      return "pending";
    case ItemStatus::Done:
      return "done";
    case ItemStatus::Failed:
      return "failed";
  }
  return "pending";
}

Result<std::vector<QuestionTask>> question_tasks(const JqeRun& run, const std::map<std::string, std::string>& schemas,
                                                 EvidenceMode evidence) {
  std::vector<QuestionTask> tasks;
  for (const auto& x : run.expansions) {
    if (x.seed < 0 || static_cast<size_t>(x.seed) >= run.seeds.size())
      return Error{"expansion " + x.id + " refers to a missing seed"};
    const SeedRecord& s = run.seeds[static_cast<size_t>(x.seed)];
    auto schema = schemas.find(s.item.db_id);
    if (schema == schemas.end())
      return Error{"expansion " + x.id + ": no schema for database " + s.item.db_id + " to show the model"};
    QuestionTask t;
    t.id = x.id;
    t.db_id = s.item.db_id;
    t.sql = x.sql;
    t.seed_sql = s.item.sql;
    t.seed_question = s.item.question;
    t.seed_evidence = s.item.evidence;
    t.difficulty = s.item.difficulty;
    t.schema = schema->second;
    // Only a round-1 seed carries the benchmark's own question for this exact query (thesis §3, A.1 vs A.2).
    t.prompt = x.round == 1 && !s.item.question.empty() ? QuestionPrompt::Extended : QuestionPrompt::New;
    t.wants_evidence =
        evidence == EvidenceMode::Always || (evidence == EvidenceMode::WhenSeedHasEvidence && !s.item.evidence.empty());
    tasks.push_back(std::move(t));
  }
  return tasks;
}

Result<std::unique_ptr<QuestionJob>> QuestionJob::create(std::vector<QuestionTask> tasks, const PromptLibrary& prompts,
                                                         ChatRequest request, std::string provider) {
  std::unique_ptr<QuestionJob> job(new QuestionJob());
  job->request_ = std::move(request);
  job->request_.messages.clear();
  job->provider_ = std::move(provider);
  for (auto& t : tasks) {
    std::vector<std::string> needed = {question_prompt_template(t.prompt)};
    if (t.wants_evidence) needed.push_back(kEvidenceTemplate);
    for (const auto& name : needed) {
      if (job->templates_.count(name)) continue;
      const PromptTemplate* p = prompts.find(name);
      if (!p) return Error{"the prompt library has no template " + name};
      job->templates_[name] = *p;
    }
    QuestionItem item;
    item.task = std::move(t);
    job->items_.push_back(std::move(item));
  }
  // Render every prompt once now so a template that cannot be filled fails here, not half-way through a batch.
  for (const auto& item : job->items_) {
    auto q = job->render(item, false);
    if (!q.ok()) return Error{item.task.id + ": " + q.error()};
    if (item.task.wants_evidence) {
      auto e = job->render(item, true);
      if (!e.ok()) return Error{item.task.id + ": " + e.error()};
    }
  }
  return job;
}

Result<std::string> QuestionJob::render(const QuestionItem& item, bool evidence) const {
  const QuestionTask& t = item.task;
  if (evidence) {
    const std::string question = item.question.empty() ? std::string(kQuestionPlaceholder) : item.question;
    return render_prompt(templates_.at(kEvidenceTemplate),
                         {{"schema", t.schema}, {"main_query", t.sql}, {"question", question}});
  }
  const PromptTemplate& p = templates_.at(question_prompt_template(t.prompt));
  if (t.prompt == QuestionPrompt::Extended)
    return render_prompt(
        p, {{"schema", t.schema}, {"old_query", t.seed_sql}, {"old_question", t.seed_question}, {"new_query", t.sql}});
  return render_prompt(p, {{"schema", t.schema}, {"main_query", t.sql}});
}

std::vector<size_t> QuestionJob::items_needing(bool evidence) const {
  std::vector<size_t> out;
  for (size_t i = 0; i < items_.size(); ++i) {
    const QuestionItem& it = items_[i];
    if (it.status == ItemStatus::Failed) continue;
    if (!evidence && it.question.empty()) out.push_back(i);
    if (evidence && it.task.wants_evidence && !it.question.empty() && it.evidence.empty()) out.push_back(i);
  }
  return out;
}

QuestionPlan QuestionJob::plan(const ReplayStore* replay) const {
  QuestionPlan plan;
  plan.max_answer_tokens = request_.max_tokens;
  auto request_for = [this](const std::string& prompt) {
    ChatRequest r = request_;
    r.messages = {{"user", prompt}};
    return r;
  };
  // The question each evidence prompt will quote: generated already, or recorded in the replay store.
  std::vector<std::string> questions;
  for (const auto& it : items_) {
    std::string q = it.question;
    auto prompt = render(it, false);
    if (q.empty() && replay && prompt.ok()) {
      if (auto hit = replay->find(replay_key(provider_, request_for(*prompt)))) {
        auto parsed = parse_single_line_question(hit->completion.text);
        if (parsed.ok()) q = *parsed;
      }
    }
    questions.push_back(q);
  }
  for (bool evidence : {false, true}) {
    for (size_t i = 0; i < items_.size(); ++i) {
      const QuestionItem& it = items_[i];
      bool needed = evidence ? it.task.wants_evidence && it.evidence.empty() : it.question.empty();
      if (!needed) continue;
      QuestionItem shown = it;
      shown.question = questions[i];
      auto prompt = render(shown, evidence);
      PlannedCall call;
      call.id = call_id(it, evidence);
      call.prompt = prompt.ok() ? *prompt : "(cannot render: " + prompt.error() + ")";
      call.estimated_tokens = estimate_tokens(call.prompt);
      // An evidence prompt quoting a question not generated yet has no replay key yet.
      const bool known = !evidence || !questions[i].empty();
      if (replay && known && prompt.ok())
        call.in_replay = replay->find(replay_key(provider_, request_for(*prompt))).has_value();
      if (!call.in_replay) {
        plan.network_calls += 1;
        plan.estimated_tokens += call.estimated_tokens;
      }
      plan.calls.push_back(std::move(call));
    }
  }
  return plan;
}

void QuestionJob::start(const LlmEndpoint& endpoint, HttpTransport& transport, ReplayStore* replay,
                        SchedulerLimits limits) {
  fold_scheduler();
  endpoint_ = endpoint;
  transport_ = &transport;
  replay_ = replay;
  limits_ = limits;
  cancelled_ = false;
  for (auto& it : items_) {
    if (it.status == ItemStatus::Failed) {
      it.status = ItemStatus::Pending;
      it.error.clear();
    }
  }
  begin_phase(JobPhase::Questions);
}

void QuestionJob::begin_phase(JobPhase phase) {
  fold_scheduler();
  phase_ = phase;
  while (phase_ == JobPhase::Questions || phase_ == JobPhase::Evidence) {
    const bool evidence = phase_ == JobPhase::Evidence;
    std::vector<size_t> need = items_needing(evidence);
    if (!need.empty()) {
      scheduler_ = std::make_unique<CallScheduler>(endpoint_, *transport_, replay_, limits_);
      for (size_t i : need) {
        auto prompt = render(items_[i], evidence);
        if (!prompt.ok()) {
          items_[i].status = ItemStatus::Failed;
          items_[i].error = prompt.error();
          continue;
        }
        ChatRequest r = request_;
        r.messages = {{"user", *prompt}};
        scheduler_->add(LlmCall{call_id(items_[i], evidence), std::move(r)});
        scheduled_.push_back(i);
      }
      if (!scheduled_.empty()) {
        if (cancelled_) scheduler_->cancel();  // a cancel outlives the phase it was given in
        return;
      }
      scheduler_.reset();
    }
    phase_ = evidence ? JobPhase::Finished : JobPhase::Evidence;
  }
  for (auto& it : items_)
    if (it.status == ItemStatus::Pending && item_complete(it)) it.status = ItemStatus::Done;
}

void QuestionJob::step(double now_ms) {
  if (!running() || !scheduler_) return;
  scheduler_->step(now_ms);
  absorb_finished();
  if (scheduler_->finished()) begin_phase(phase_ == JobPhase::Questions ? JobPhase::Evidence : JobPhase::Finished);
}

void QuestionJob::absorb_finished() {
  const bool evidence = phase_ == JobPhase::Evidence;
  const auto& calls = scheduler_->calls();
  for (size_t c = 0; c < calls.size(); ++c) {
    QuestionItem& it = items_[scheduled_[c]];
    std::string& slot = evidence ? it.evidence : it.question;
    if (!slot.empty() || it.status == ItemStatus::Failed) continue;  // absorbed already
    const CallStatus& call = calls[c];
    if (call.state == CallState::Failed) {
      it.status = ItemStatus::Failed;
      it.error = call.last_error ? call.last_error->message : "the call failed";
    } else if (call.state == CallState::Succeeded && call.completion) {
      auto parsed =
          evidence ? parse_evidence_line(call.completion->text) : parse_single_line_question(call.completion->text);
      if (!parsed.ok()) {
        // A rejected answer must not be replayed: forget it so "retry" asks the endpoint again.
        if (replay_) (void)replay_->erase(replay_key(provider_, call.call.request));
        it.status = ItemStatus::Failed;
        it.error =
            std::string(evidence ? "evidence" : "question") + ": the model's answer was rejected: " + parsed.error();
        continue;
      }
      slot = *parsed;
      if (!call.from_replay) it.replayed = false;
      if (item_complete(it)) it.status = ItemStatus::Done;
    }
  }
}

void QuestionJob::fold_scheduler() {
  if (!scheduler_) return;
  usage_ += scheduler_->usage();
  log_.insert(log_.end(), scheduler_->log().begin(), scheduler_->log().end());
  scheduler_.reset();
  scheduled_.clear();
}

void QuestionJob::cancel() {
  cancelled_ = true;
  if (scheduler_) scheduler_->cancel();
}

void QuestionJob::resume() {
  cancelled_ = false;
  if (scheduler_) scheduler_->resume();
}

SchedulerStop QuestionJob::stopped() const {
  if (cancelled_) return SchedulerStop::Cancelled;
  return scheduler_ ? scheduler_->stopped() : SchedulerStop::None;
}

size_t QuestionJob::count(ItemStatus s) const {
  return static_cast<size_t>(
      std::count_if(items_.begin(), items_.end(), [s](const QuestionItem& it) { return it.status == s; }));
}

Status QuestionJob::set_label(const std::string& id, Alignment label) {
  for (auto& it : items_) {
    if (it.task.id != id) continue;
    if (it.status != ItemStatus::Done) return Error{"expansion " + id + " has no generated question to label yet"};
    it.label = label;
    return ok_status();
  }
  return Error{"no expansion " + id + " in the questions job"};
}

UsageTotals QuestionJob::usage() const {
  UsageTotals u = usage_;
  if (scheduler_) u += scheduler_->usage();
  return u;
}

std::vector<CallLogEntry> QuestionJob::log() const {
  std::vector<CallLogEntry> out = log_;
  if (scheduler_) out.insert(out.end(), scheduler_->log().begin(), scheduler_->log().end());
  return out;
}

std::optional<std::string> QuestionJob::last_error() const {
  for (auto it = items_.rbegin(); it != items_.rend(); ++it)
    if (it->status == ItemStatus::Failed) return it->task.id + ": " + it->error;
  if (scheduler_) {
    const auto& entries = scheduler_->log();
    for (auto e = entries.rbegin(); e != entries.rend(); ++e)
      if (!e->error.empty()) return e->call_id + ": " + e->error;
  }
  return std::nullopt;
}

nlohmann::json QuestionJob::to_json() const {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& it : items_) {
    const QuestionTask& t = it.task;
    const bool done = it.status == ItemStatus::Done;
    nlohmann::json j;
    j["question_id"] = t.id;
    j["db_id"] = t.db_id;
    j["question"] = done ? it.question : t.seed_question;
    j["evidence"] = t.wants_evidence ? (done ? it.evidence : "") : t.seed_evidence;
    j["SQL"] = t.sql;
    j["difficulty"] = t.difficulty;
    j["question_status"] = done ? "generated" : it.status == ItemStatus::Failed ? "failed" : "pending";
    j["question_prompt"] = question_prompt_template(t.prompt);
    j["alignment"] = alignment_name(it.label);
    j["seed"] = {{"question", t.seed_question}, {"evidence", t.seed_evidence}, {"SQL", t.seed_sql}};
    if (!it.error.empty()) j["error"] = it.error;
    out.push_back(std::move(j));
  }
  return out;
}

EvalSet QuestionJob::to_eval_set() const {
  EvalSet set;
  set.format = DatasetFormat::BirdDevJson;
  for (const auto& it : items_) {
    if (it.status != ItemStatus::Done) continue;
    const QuestionTask& t = it.task;
    set.items.push_back(
        EvalItem{t.id, t.db_id, it.question, t.wants_evidence ? it.evidence : t.seed_evidence, t.sql, t.difficulty});
  }
  return set;
}

}  // namespace chokepoint::jqe
