// De-naturalising one database as a step-driven job (SQLMorph §V), the one pipeline behind `chokepoint tqa denat`
// and the TQA panel's variants. Phases, in order:
//   naturalness  every table and column labelled N1/N2/N3: the LLM classifier when an LLM is given (the heuristic
//                stands in for each unusable answer), else the dictionary-coverage heuristic;
//   names        with `DenatLlm::names`, the LLM proposes the new spellings (the abbreviator for unanswered ones);
//   rename       the plan, the clone at `renamed_path` and the ALTER TABLE renames;
//   sql          each item's gold SQL rewritten and checked on both databases, then kept by the options' rule (by
//                default: only if the rows agree; or by the system's EX on the original), a few per step so the
//                browser keeps drawing;
//   questions,   the text side of kept items: the LLM's rewrite (the deterministic mention rewrite for an
//   evidence     unusable answer); without an LLM the deterministic rewrite for every item.
// LLM calls go through the caller's CallScheduler (its transport does the network), so the job itself is pure
// apart from SQLite.
#pragma once
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/base/result.h"
#include "core/db/connection.h"
#include "core/lexicon/lexicon.h"
#include "core/llm/call_scheduler.h"
#include "core/llm/prompt_template.h"
#include "core/schema/schema.h"
#include "core/tqa/database_rename.h"
#include "core/tqa/denat_keep_rule.h"
#include "core/tqa/denaturalisation.h"
#include "core/tqa/rename_plan.h"

namespace chokepoint::tqa {

struct DenatLlm {
  CallScheduler* scheduler = nullptr;  // null: no LLM at all
  const PromptLibrary* library = nullptr;
  ChatRequest request;  // model and sampling; the messages are filled per call
  bool names = false;   // the LLM proposes the new names too
};

// How one kind of LLM answer fared: used, or replaced by the fallback, with each distinct failure counted once (so
// an unreachable endpoint is one line, not one per identifier).
struct LlmAnswerUse {
  size_t asked = 0, used = 0;
  std::map<std::string, size_t> failures;  // message -> times

  void add(const LlmAnswerUse& other);
  nlohmann::json json() const;  // {"asked", "from_llm", "fallback"}
};

struct DenatLlmUse {
  LlmAnswerUse naturalness, names, questions, evidence;
  void add(const DenatLlmUse& other);
};

enum class DenatPhase { naturalness, names, rename, sql, questions, evidence, done, failed };
const char* denat_phase_name(DenatPhase p);

struct DenatJobOptions {
  std::string renamed_path;      // where the renamed copy is written (":memory:" for none on disk)
  QueryLimits limits;            // per gold query, on each database
  bool require_renames = false;  // fail when every identifier is already N3 (the app: a variant equal to the source)
  // Which items are kept (and get their text rewritten): SQLMorph §V's gold check, the system's EX on the original,
  // or both (denat_keep_rule.h). system_ex holds the run's per-item EX when the rule needs it.
  DenatKeepRule keep_rule = DenatKeepRule::gold_result;
  ExByItem system_ex;
};

class DenatJob {
 public:
  // `schema`, `original`, `lexicon` and the LLM's scheduler and library must outlive the job.
  DenatJob(const Schema& schema, const Connection& original, std::vector<EvalItem> items, const Lexicon& lexicon,
           DenatJobOptions options, DenatLlm llm = {});

  // Works until `budget_ms` of wall time is spent or the job waits for LLM answers; `now_ms` is the host's clock
  // for the scheduler's retry timing.
  void step(double now_ms, double budget_ms);
  bool finished() const { return phase_ == DenatPhase::done || phase_ == DenatPhase::failed; }
  DenatPhase phase() const { return phase_; }
  const std::string& error() const { return error_; }   // when failed
  double progress() const;                              // 0..1
  bool waiting_for_llm() const { return batch_open_; }  // a batch of calls is out; hosts may sleep a little

  const RenamePlan& plan() const { return plan_; }                    // complete from the sql phase on
  const std::vector<DenatItem>& results() const { return results_; }  // item order; complete when done
  size_t kept() const;
  const DenatLlmUse& llm_use() const { return use_; }
  // Closes the read-write connection to the renamed copy (the app reopens it read-only).
  void close_renamed() { renamed_.reset(); }

 private:
  using Batch = std::vector<std::pair<std::string, std::string>>;  // call id, prompt
  void fail(const std::string& message);
  bool queue(const Batch& prompts);    // false (and failed) when there is no LLM
  bool batch_answered(double now_ms);  // steps the scheduler; true when every call of the batch is over
  std::vector<Result<std::string>> answers() const;
  void plan_and_rename();
  void start_questions();
  void absorb_questions();
  void absorb_evidence();

  const Schema& schema_;
  const Connection& original_;
  std::vector<EvalItem> items_;
  const Lexicon& lexicon_;
  DenatJobOptions options_;
  DenatLlm llm_;
  DenatPhase phase_ = DenatPhase::naturalness;
  std::string error_;

  std::vector<std::string> identifiers_;  // distinct names: tables then their columns, schema order
  std::map<std::string, Naturalness> labels_;
  std::map<std::string, std::string> proposals_;
  bool naturalness_from_llm_ = false;
  RenamePlan plan_;
  std::unique_ptr<Connection> renamed_;
  std::unique_ptr<RenameApplier> renaming_;  // while the copy is being renamed
  std::vector<DenatItem> results_;
  std::vector<size_t> question_items_, evidence_items_;  // result index per call of the current batch
  size_t batch_first_ = 0, batch_size_ = 0;              // scheduler call indices of the batch in flight
  bool batch_open_ = false;
  DenatLlmUse use_;
};

}  // namespace chokepoint::tqa
