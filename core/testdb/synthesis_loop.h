// SynSQL for one question as a resumable state machine (seed 002 §3.2-3.5, Algorithm 1): it hands out the LLM calls
// it needs (pending()) and moves on when their answers come back (answer()), so the CLI can batch many questions
// through its scheduler and the app can step it a little per frame; it never touches the network. Phases:
//   select      three column selections, at temperatures 0, 0.3 and 0.7, unioned (schema_selector.h)
//   expand      one expansion call, at most 3 more columns; then the reduced schema with the key rule
//   synthesize  one-line INSERTs for the reduced schema (with the previous round's feedback), parsed and validated
//               (insert_validation.h; nothing a model writes is executed)
//   critique    six criteria, accepted at average >= threshold (critic.h); otherwise the next round, at most
//               `rounds` synthesizer-critic rounds in all
// The vanilla baseline (§5.1) is one synthesize call on the full schema: no selector, no critic. The ablations of
// §5.3 (Table 4's schema-selection rows, Figs. 2 and 10's loop without the critic) are options of the same loop
// (SynthesisAblation below). Every round's answer, validation, scores and feedback are kept.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "core/base/result.h"
#include "core/llm/chat_request.h"
#include "core/llm/llm_settings.h"
#include "core/llm/prompt_template.h"
#include "core/schema/schema.h"
#include "core/testdb/critic.h"
#include "core/testdb/insert_validation.h"
#include "core/testdb/schema_selector.h"

namespace chokepoint::testdb {

enum class SynthesisMethod { SynSql, Vanilla };
const char* synthesis_method_name(SynthesisMethod m);  // "synsql", "vanilla"
Result<SynthesisMethod> synthesis_method_from_name(const std::string& name);

// Where the schema the data is written for comes from (Table 4's rows).
enum class SchemaSource {
  Selector,  // Algorithm 1: selections at selection_temperatures, unioned, then the expansion call
  Oracle,    // "w Oracle Schema": the gold query's tables and columns (oracle_schema.h), no selector call
  Full,      // "w/o Schema Selection (Full-Schema)": the whole schema, no selector call
};
const char* schema_source_name(SchemaSource s);  // "selector", "oracle", "full"

struct SynthesisOptions {
  SynthesisMethod method = SynthesisMethod::SynSql;
  // SynSQL only (vanilla always writes for the full schema and asks no critic).
  SchemaSource schema_source = SchemaSource::Selector;
  bool expansion = true;  // Selector: ask the expansion call (Algorithm 1 lines 7-8); false is "w/o Expansion"
  bool critic = true;     // false: one synthesize call, no critic call at all (Figs. 2 and 10 "w/o critic")
  // Oracle only: the item's gold query, whose tables and columns are the schema (oracle_schema.h). Set per item, as
  // validation.unique_keys is; never shown to a model.
  std::string oracle_gold_sql;
  // Synthesizer-critic rounds at most, the first included: the paper's "maximum of three refinement iterations"
  // read as three critic rounds (decisions.md §28). Without a critic (vanilla, critic = false) there is one round
  // whatever this says.
  int rounds = 3;
  double threshold = 8.0;  // accept at average >= threshold
  std::vector<double> selection_temperatures = {0.0, 0.3, 0.7};
  double expansion_temperature = 0.0;  // the paper does not say
  double synthesis_temperature = 0.0;
  double critic_temperature = 0.0;
  size_t max_expansion = 3;
  size_t critic_rows = 200;      // rows shown to the critic at most
  ValidationOptions validation;  // unique keys of the original database, casing alignment
};

// The ablations of SynSQL §5.3 as presets of SynthesisOptions, one per row of Table 4 and the critic's of Figs. 2
// and 10. NoEnsembleExpansion is Table 4's "w/o Ensemble-Expansion": Algorithm 1's whole ensemble-expansion strategy
// removed, one selection at temperature 0 and no expansion call (its CC, 4.99 on BIRD, is below "w/o Expansion"'s
// 5.42, which a single selection plus up to 3 expanded columns could not give); the ensemble alone is dropped by
// setting selection_temperatures = {0} and leaving expansion on.
enum class SynthesisAblation {
  None,                 // SynSQL as published
  OracleSchema,         // schema_source = Oracle (needs oracle_gold_sql per item)
  NoExpansion,          // expansion = false
  NoEnsembleExpansion,  // selection_temperatures = {0}, expansion = false
  FullSchema,           // schema_source = Full (the critic still runs: unlike vanilla)
  NoCritic,             // critic = false
};
constexpr SynthesisAblation kSynthesisAblations[] = {
    SynthesisAblation::None,        SynthesisAblation::OracleSchema,
    SynthesisAblation::NoExpansion, SynthesisAblation::NoEnsembleExpansion,
    SynthesisAblation::FullSchema,  SynthesisAblation::NoCritic};
// "none", "oracle_schema", "no_expansion", "no_ensemble_expansion", "full_schema", "no_critic"
const char* synthesis_ablation_name(SynthesisAblation a);
Result<SynthesisAblation> synthesis_ablation_from_name(const std::string& name);
// `base` (temperatures, threshold, rounds, validation, ...) with the ablation's switches set; method becomes SynSql.
SynthesisOptions with_ablation(SynthesisOptions base, SynthesisAblation a);

// The question a database is synthesised for.
struct SynthesisItem {
  std::string key;  // the set item's key
  std::string db_id;
  std::string question;
  std::string evidence;  // "" when none (Spider): Hint Alignment is then not asked
};

enum class SynthesisCall { Select, Expand, Synthesize, Critique };
const char* synthesis_call_name(SynthesisCall c);  // "select", "expand", "synthesize", "critique"

struct SynthesisRequest {
  SynthesisCall call = SynthesisCall::Select;
  int round = 0;  // 1-based synthesizer-critic round; 0 for the selector's calls
  double temperature = 0;
  int min_max_tokens = 0;  // a host sending a smaller max_tokens raises it to this (INSERT answers are long)
  std::string label;       // "select t=0.3", "synthesize round 2": the call's name in logs, ids and the manifest
  std::string prompt;      // exactly what is sent, as one user message
};

// The chat request of one call as every front end sends it (so the CLI's replay store answers the app and back):
// the settings' model and seed, the call's temperature, one user message, max_tokens raised to min_max_tokens.
ChatRequest synthesis_chat_request(const LlmSettings& settings, const SynthesisRequest& request);

// What the schema selector did (SynSQL only). With the oracle schema no answer is read: `reduced` is the gold's
// (its columns as `selected`); with the full schema it stays empty.
struct SelectorRecord {
  std::vector<std::string> selection_answers;  // one per temperature, verbatim
  std::vector<std::string> selection_errors;   // "" when the answer was read
  std::string expansion_answer, expansion_error;
  std::vector<std::string> unknown;  // names the answers gave that the schema lacks
  ReducedSchema reduced;
};

struct SynthesisRound {
  int round = 1;
  std::string feedback;  // what the synthesizer was told about the previous round ("" in the first)
  std::string answer;    // the synthesizer's answer, verbatim
  InsertValidation validation;
  std::string critic_answer;           // verbatim ("" when not asked)
  std::optional<CriticReview> review;  // nullopt: no critic asked, no rows to review, or an unreadable answer
  std::string critic_error;            // why there is no review
  bool accepted = false;
};

enum class SynthesisOutcome {
  Running,
  Accepted,     // a round reached the threshold
  NotAccepted,  // the rounds ran out; the best-scoring round is kept (the paper does not say which)
  Generated,    // no critic (vanilla, or the no-critic ablation): one round with rows
  Failed,       // a call failed, a template is missing, the selection named nothing, or no round kept a row
};
const char* synthesis_outcome_name(SynthesisOutcome o);  // "running", "accepted", "not_accepted", ...

class SynthesisLoop {
 public:
  // `library` must outlive the loop; the schema is copied. The first calls are pending at once.
  SynthesisLoop(SynthesisItem item, Schema full, const PromptLibrary& library, SynthesisOptions options);

  // The calls the loop waits for (three at once while selecting, else one); empty when finished.
  const std::vector<SynthesisRequest>& pending() const { return pending_; }
  // answers[i] answers pending()[i] (its text, or why the call failed); a failed call ends the loop as Failed with
  // the rounds done so far kept. Ignored when finished or when the count does not match.
  void answer(const std::vector<Result<std::string>>& answers);

  bool finished() const { return outcome_ != SynthesisOutcome::Running; }
  SynthesisOutcome outcome() const { return outcome_; }
  const std::string& note() const { return note_; }  // why it failed, or what went wrong along the way
  const SynthesisItem& item() const { return item_; }
  const SynthesisOptions& options() const { return options_; }
  const Schema& full_schema() const { return full_; }
  // The schema the data is written for: the reduced one (the selector's or the oracle's), or the full one (vanilla,
  // full-schema ablation).
  const Schema& schema() const;
  // Table 4's CC for this question: the columns of schema() (0 while the selector has not answered, or when it
  // failed).
  size_t column_count() const;
  // Whether the loop asks the selector, the expansion call and the critic (the method and options together).
  bool asks_selector() const;
  bool asks_expansion() const;
  bool asks_critic() const;
  const SelectorRecord& selector() const { return selector_; }
  const std::vector<SynthesisRound>& rounds() const { return rounds_; }
  // The round whose data is the database: the accepted one; else the best average among reviewed rounds with rows
  // (the later on a tie); else the last round with rows. nullptr when no round kept a row.
  const SynthesisRound* chosen() const;
  size_t calls_answered() const { return calls_; }

 private:
  void fail(const std::string& message);
  void start_selection();
  void start_oracle();
  void start_expansion();
  void start_round(const std::string& feedback);
  void after_selection(const std::vector<Result<std::string>>& answers);
  void after_expansion(const Result<std::string>& answer);
  void keep_surviving_unique_keys();
  void after_synthesis(const std::string& answer);
  void after_critique(const std::string& answer);
  void finish_rounds();

  SynthesisItem item_;
  Schema full_;
  const PromptLibrary& library_;
  SynthesisOptions options_;
  std::vector<std::string> literals_;
  std::vector<SynthesisRequest> pending_;
  SelectorRecord selector_;
  std::vector<SynthesisRound> rounds_;
  SynthesisOutcome outcome_ = SynthesisOutcome::Running;
  std::string note_;
  size_t calls_ = 0;
};

}  // namespace chokepoint::testdb
