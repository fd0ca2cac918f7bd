// JQE's last stage: a natural-language question (and, for BIRD-style sets, an evidence line) for every expansion,
// asked of the user's language model through the prompt templates of thesis appendix A (decisions.md §5, §8). The
// job is step-driven like CallScheduler: questions first, then evidence (whose prompt quotes the new question); it
// can be previewed before anything is sent, cancelled, resumed and retried, and a rerun answers from the replay
// store. The user labels each finished pair aligned / adds context / loses intent (SQLMorph §IV-F).
#pragma once
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/base/result.h"
#include "core/dataset/eval_set.h"
#include "core/jqe/expansion.h"
#include "core/llm/call_scheduler.h"
#include "core/llm/prompt_template.h"

namespace chokepoint::jqe {

// Thesis §3 (generate_SQL_query): an expansion that keeps its benchmark seed intact is described by rewriting the
// seed's question (A.1); a query with no benchmark question to start from (later rounds, seeds without a question)
// is described from scratch (A.2). Evidence always uses A.3 with the generated question.
enum class QuestionPrompt { Extended, New };
const char* question_prompt_template(QuestionPrompt prompt);  // "jqe_question_extended" / "jqe_question_new"

// When evidence is asked for: BIRD-style sets carry evidence, Spider-style ones do not.
enum class EvidenceMode { WhenSeedHasEvidence, Always, Never };

// SQLMorph §IV-F's manual verification of each rewritten pair.
enum class Alignment { Unlabelled, Aligned, AddsContext, LosesIntent };
const char* alignment_name(Alignment a);  // "unlabelled", "aligned", "adds_context", "loses_intent"
Result<Alignment> alignment_from_name(const std::string& name);

// What one expansion needs for its prompts; built from a JqeRun by question_tasks() or directly by tests.
struct QuestionTask {
  std::string id;  // the expansion's id ("<seed id>-e<k>")
  std::string db_id;
  std::string sql;            // the expanded query
  std::string seed_sql;       // the query it extends
  std::string seed_question;  // "" when the seed has none
  std::string seed_evidence;
  std::string difficulty;
  std::string schema;  // the database's schema as shown to the model (CREATE TABLE script)
  QuestionPrompt prompt = QuestionPrompt::Extended;
  bool wants_evidence = false;
};

// One task per expansion, in expansion order. `schemas` maps db_id to the schema text for the prompts; an
// expansion whose database is missing there is an error (a prompt without its schema would mislead the model).
Result<std::vector<QuestionTask>> question_tasks(const JqeRun& run, const std::map<std::string, std::string>& schemas,
                                                 EvidenceMode evidence = EvidenceMode::WhenSeedHasEvidence);

enum class ItemStatus { Pending, Done, Failed };
const char* item_status_name(ItemStatus s);  // "pending", "done", "failed"

struct QuestionItem {
  QuestionTask task;
  ItemStatus status = ItemStatus::Pending;
  std::string question;  // parsed answer of the question call ("" until it succeeded)
  std::string evidence;  // parsed answer of the evidence call ("" until it succeeded or when not wanted)
  std::string error;     // why the item failed (key-free, from the LLM layer or the answer parser)
  bool replayed = true;  // every answer came from the replay store
  Alignment label = Alignment::Unlabelled;
};

// One call as the privacy preview shows it: exactly the text that will be sent.
struct PlannedCall {
  std::string id;      // "<expansion id> / question" or "/ evidence"
  std::string prompt;  // rendered; an evidence prompt shows "{{question}}" until its question is known (generated
                       // or recorded in the replay store)
  long long estimated_tokens = 0;  // of the prompt (estimate_tokens); each answer adds up to max_tokens
  bool in_replay = false;          // would be answered by the replay store, not sent
};

struct QuestionPlan {
  std::vector<PlannedCall> calls;  // questions first, then evidence, in expansion order
  size_t network_calls = 0;        // calls not in the replay store (retries may add more)
  long long estimated_tokens = 0;  // prompt tokens over network calls only
  int max_answer_tokens = 0;       // the cap per answer
};

enum class JobPhase { Idle, Questions, Evidence, Finished };

class QuestionJob {
 public:
  // `request` supplies model and sampling parameters (its messages are ignored). Fails when a template the tasks
  // need is missing from the library or does not render.
  static Result<std::unique_ptr<QuestionJob>> create(std::vector<QuestionTask> tasks, const PromptLibrary& prompts,
                                                     ChatRequest request, std::string provider);

  // Every call the job would make now (for pending items), checked against `replay` (may be null). Sends nothing.
  QuestionPlan plan(const ReplayStore* replay) const;

  // Starts (or restarts after finishing) on the items still pending; failed items are reset to pending first.
  // The transport and replay store must outlive the job.
  void start(const LlmEndpoint& endpoint, HttpTransport& transport, ReplayStore* replay, SchedulerLimits limits = {});
  void step(double now_ms);
  void cancel();                  // no new sends; in-flight answers are still kept
  void resume();                  // continues a cancelled or budget-stopped job
  SchedulerStop stopped() const;  // Cancelled, a budget stop, or None
  JobPhase phase() const { return phase_; }
  bool running() const { return phase_ == JobPhase::Questions || phase_ == JobPhase::Evidence; }

  const std::vector<QuestionItem>& items() const { return items_; }
  Status set_label(const std::string& id, Alignment label);
  size_t count(ItemStatus s) const;
  UsageTotals usage() const;                      // over every scheduler the job ran
  std::vector<CallLogEntry> log() const;          // key-free, every attempt, oldest first
  std::optional<std::string> last_error() const;  // newest failure message, for the status line

  // The expanded set in BIRD dev.json form: question_id, db_id, question, evidence, SQL, difficulty, plus
  // question_status ("generated" / "failed" / "pending"), alignment and the seed's id, question and SQL.
  nlohmann::json to_json() const;
  // The same as an evaluation set (items with a generated question only, in expansion order).
  EvalSet to_eval_set() const;

 private:
  QuestionJob() = default;
  Result<std::string> render(const QuestionItem& item, bool evidence) const;
  std::vector<size_t> items_needing(bool evidence) const;
  void begin_phase(JobPhase phase);
  void absorb_finished();
  void fold_scheduler();

  std::vector<QuestionItem> items_;
  std::map<std::string, PromptTemplate> templates_;  // by name
  ChatRequest request_;
  std::string provider_;
  JobPhase phase_ = JobPhase::Idle;
  LlmEndpoint endpoint_;
  HttpTransport* transport_ = nullptr;
  ReplayStore* replay_ = nullptr;
  SchedulerLimits limits_;
  bool cancelled_ = false;
  std::unique_ptr<CallScheduler> scheduler_;
  std::vector<size_t> scheduled_;  // item index of each call of scheduler_
  UsageTotals usage_;              // of finished schedulers
  std::vector<CallLogEntry> log_;  // of finished schedulers
};

}  // namespace chokepoint::jqe
