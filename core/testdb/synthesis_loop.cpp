// SynSQL's loop for one question (see synthesis_loop.h).
#include "core/testdb/synthesis_loop.h"

#include <algorithm>
#include <cstdio>
#include <map>

#include "core/testdb/oracle_schema.h"
#include "core/testdb/question_literals.h"
#include "core/testdb/synthesis_prompts.h"
#include "core/testdb/synthetic_database.h"

namespace chokepoint::testdb {
namespace {

std::string temperature_label(double t) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", t);
  return buf;
}

bool has_text(const std::string& s) { return s.find_first_not_of(" \t\r\n") != std::string::npos; }

// What validation changed that the model should avoid next time, one line per kind ("" when nothing).
std::string validation_feedback(const InsertValidation& v) {
  static const std::map<ChangeKind, const char*> said = {
      {ChangeKind::Refused, "lines were not a single INSERT ... VALUES with literal values"},
      {ChangeKind::UnknownTable, "statements named a table the schema does not have"},
      {ChangeKind::UnknownColumn, "statements named a column the table does not have"},
      {ChangeKind::DuplicateColumn, "statements named a column twice"},
      {ChangeKind::Padded, "rows had fewer values than columns"},
      {ChangeKind::Truncated, "rows had more values than columns"},
      {ChangeKind::Grouped, "lines held several rows or statements"},
      {ChangeKind::NotNull, "rows were dropped for a NULL in a NOT NULL or key column"},
      {ChangeKind::PrimaryKey, "rows were dropped for repeating a primary key"},
      {ChangeKind::Unique, "rows were dropped for repeating a unique key"},
      {ChangeKind::ForeignKey, "rows were dropped for a foreign key naming a row that does not exist"},
  };
  std::string s;
  for (const auto& [kind, text] : said)
    if (size_t n = v.count(kind)) s += "- " + std::to_string(n) + " " + text + "\n";
  if (!s.empty()) s = "The checks of your INSERT statements found:\n" + s;
  if (!s.empty()) s.pop_back();
  return s;
}

std::string joined(const std::string& a, const std::string& b) {
  if (a.empty()) return b;
  if (b.empty()) return a;
  return a + "\n" + b;
}

}  // namespace

const char* synthesis_method_name(SynthesisMethod m) { return m == SynthesisMethod::SynSql ? "synsql" : "vanilla"; }

Result<SynthesisMethod> synthesis_method_from_name(const std::string& name) {
  for (auto m : {SynthesisMethod::SynSql, SynthesisMethod::Vanilla})
    if (iequals(name, synthesis_method_name(m))) return m;
  return Error{"unknown synthesis method '" + name + "' (synsql or vanilla)"};
}

const char* schema_source_name(SchemaSource s) {
  switch (s) {
    case SchemaSource::Selector:
      return "selector";
    case SchemaSource::Oracle:
      return "oracle";
    case SchemaSource::Full:
      return "full";
  }
  return "";
}

const char* synthesis_ablation_name(SynthesisAblation a) {
  switch (a) {
    case SynthesisAblation::None:
      return "none";
    case SynthesisAblation::OracleSchema:
      return "oracle_schema";
    case SynthesisAblation::NoExpansion:
      return "no_expansion";
    case SynthesisAblation::NoEnsembleExpansion:
      return "no_ensemble_expansion";
    case SynthesisAblation::FullSchema:
      return "full_schema";
    case SynthesisAblation::NoCritic:
      return "no_critic";
  }
  return "";
}

Result<SynthesisAblation> synthesis_ablation_from_name(const std::string& name) {
  std::string known;
  for (auto a : kSynthesisAblations) {
    if (name == synthesis_ablation_name(a)) return a;
    known += (known.empty() ? "" : ", ") + std::string(synthesis_ablation_name(a));
  }
  return Error{"unknown ablation '" + name + "' (" + known + ")"};
}

SynthesisOptions with_ablation(SynthesisOptions base, SynthesisAblation a) {
  base.method = SynthesisMethod::SynSql;
  switch (a) {
    case SynthesisAblation::None:
      break;
    case SynthesisAblation::OracleSchema:
      base.schema_source = SchemaSource::Oracle;
      break;
    case SynthesisAblation::NoExpansion:
      base.expansion = false;
      break;
    case SynthesisAblation::NoEnsembleExpansion:
      base.selection_temperatures = {0.0};
      base.expansion = false;
      break;
    case SynthesisAblation::FullSchema:
      base.schema_source = SchemaSource::Full;
      break;
    case SynthesisAblation::NoCritic:
      base.critic = false;
      break;
  }
  return base;
}

const char* synthesis_call_name(SynthesisCall c) {
  switch (c) {
    case SynthesisCall::Select:
      return "select";
    case SynthesisCall::Expand:
      return "expand";
    case SynthesisCall::Synthesize:
      return "synthesize";
    case SynthesisCall::Critique:
      return "critique";
  }
  return "";
}

ChatRequest synthesis_chat_request(const LlmSettings& settings, const SynthesisRequest& request) {
  ChatRequest c = chat_request_from_settings(settings, {{"user", request.prompt}});
  c.temperature = request.temperature;
  c.max_tokens = std::max(c.max_tokens, request.min_max_tokens);
  return c;
}

const char* synthesis_outcome_name(SynthesisOutcome o) {
  switch (o) {
    case SynthesisOutcome::Running:
      return "running";
    case SynthesisOutcome::Accepted:
      return "accepted";
    case SynthesisOutcome::NotAccepted:
      return "not_accepted";
    case SynthesisOutcome::Generated:
      return "generated";
    case SynthesisOutcome::Failed:
      return "failed";
  }
  return "";
}

SynthesisLoop::SynthesisLoop(SynthesisItem item, Schema full, const PromptLibrary& library, SynthesisOptions options)
    : item_(std::move(item)), full_(std::move(full)), library_(library), options_(std::move(options)) {
  if (options_.rounds < 1) options_.rounds = 1;
  for (const auto& l : question_literals(item_.question, item_.evidence)) literals_.push_back(l.text);
  if (asks_selector()) {
    start_selection();
  } else if (options_.method == SynthesisMethod::SynSql && options_.schema_source == SchemaSource::Oracle) {
    start_oracle();
  } else {
    start_round("");
  }
}

void SynthesisLoop::start_oracle() {
  auto oracle = oracle_schema(full_, options_.oracle_gold_sql);
  if (!oracle.ok()) return fail("oracle schema: " + oracle.error());
  selector_.reduced = std::move(*oracle);
  keep_surviving_unique_keys();
  start_round("");
}

bool SynthesisLoop::asks_selector() const {
  return options_.method == SynthesisMethod::SynSql && options_.schema_source == SchemaSource::Selector;
}

bool SynthesisLoop::asks_expansion() const { return asks_selector() && options_.expansion; }

bool SynthesisLoop::asks_critic() const { return options_.method == SynthesisMethod::SynSql && options_.critic; }

const Schema& SynthesisLoop::schema() const {
  const bool reduced = options_.method == SynthesisMethod::SynSql && options_.schema_source != SchemaSource::Full;
  return reduced ? selector_.reduced.schema : full_;
}

size_t SynthesisLoop::column_count() const { return schema().column_count(); }

void SynthesisLoop::fail(const std::string& message) {
  pending_.clear();
  outcome_ = SynthesisOutcome::Failed;
  note_ = message;
}

void SynthesisLoop::start_selection() {
  auto prompt = render_select_prompt(library_, full_, item_.question, item_.evidence);
  if (!prompt.ok()) return fail(prompt.error());
  if (options_.selection_temperatures.empty()) return fail("no selection temperature: the selector asks nothing");
  for (double t : options_.selection_temperatures)
    pending_.push_back({SynthesisCall::Select, 0, t, 1024, "select t=" + temperature_label(t), *prompt});
}

void SynthesisLoop::start_expansion() {
  auto prompt = render_expand_prompt(library_, full_, selected_columns_text(selector_.reduced.selected));
  if (!prompt.ok()) return fail(prompt.error());
  pending_ = {{SynthesisCall::Expand, 0, options_.expansion_temperature, 512, "expand", *prompt}};
}

void SynthesisLoop::start_round(const std::string& feedback) {
  SynthesisRound r;
  r.round = static_cast<int>(rounds_.size()) + 1;
  r.feedback = feedback;
  auto prompt = render_synthesize_prompt(library_, schema(), item_.question, item_.evidence, feedback);
  if (!prompt.ok()) return fail(prompt.error());
  pending_ = {{SynthesisCall::Synthesize, r.round, options_.synthesis_temperature, 4096,
               "synthesize round " + std::to_string(r.round), *prompt}};
  rounds_.push_back(std::move(r));
}

void SynthesisLoop::answer(const std::vector<Result<std::string>>& answers) {
  if (finished() || answers.size() != pending_.size() || pending_.empty()) return;
  const SynthesisCall call = pending_.front().call;
  for (size_t i = 0; i < answers.size(); ++i) {
    if (answers[i].ok()) {
      ++calls_;
      continue;
    }
    // A failed call ends the item: a rerun with the replay store resumes from the calls that were answered.
    return fail(pending_[i].label + ": " + answers[i].error());
  }
  pending_.clear();
  switch (call) {
    case SynthesisCall::Select:
      return after_selection(answers);
    case SynthesisCall::Expand:
      return after_expansion(answers.front());
    case SynthesisCall::Synthesize:
      return after_synthesis(*answers.front());
    case SynthesisCall::Critique:
      return after_critique(*answers.front());
  }
}

void SynthesisLoop::after_selection(const std::vector<Result<std::string>>& answers) {
  std::vector<ColumnSelection> read;
  for (const auto& a : answers) {
    selector_.selection_answers.push_back(*a);
    auto sel = parse_column_selection(*a, full_);
    selector_.selection_errors.push_back(sel.ok() ? "" : sel.error());
    if (!sel.ok()) continue;
    selector_.unknown.insert(selector_.unknown.end(), sel->unknown.begin(), sel->unknown.end());
    read.push_back(std::move(*sel));
  }
  selector_.reduced.selected = union_selections(read);
  if (selector_.reduced.selected.empty()) {
    std::string why;
    for (const auto& e : selector_.selection_errors)
      if (!e.empty()) why = e;
    return fail("no column selection could be read (" + why + ")");
  }
  if (asks_expansion()) return start_expansion();
  // Table 4 "w/o Expansion": the union goes to the synthesizer with the key rule only.
  selector_.reduced = reduce_schema(full_, selector_.reduced.selected, {});
  keep_surviving_unique_keys();
  start_round("");
}

void SynthesisLoop::after_expansion(const Result<std::string>& answer) {
  selector_.expansion_answer = *answer;
  std::vector<ColumnRef> expanded;
  auto parsed = parse_column_expansion(*answer, full_, selector_.reduced.selected, options_.max_expansion);
  if (parsed.ok())
    expanded = std::move(*parsed);
  else
    selector_.expansion_error = parsed.error();
  selector_.reduced = reduce_schema(full_, selector_.reduced.selected, expanded);
  keep_surviving_unique_keys();
  start_round("");
}

void SynthesisLoop::keep_surviving_unique_keys() {
  // The reduced schema's unique keys: those of the original whose columns all survive.
  auto& keys = options_.validation.unique_keys;
  for (auto it = keys.begin(); it != keys.end();) {
    const Table* t = selector_.reduced.schema.find_table(it->first);
    if (!t) {
      it = keys.erase(it);
      continue;
    }
    auto& lists = it->second;
    for (size_t k = lists.size(); k-- > 0;) {
      bool whole = true;
      for (const auto& c : lists[k]) whole = whole && t->find_column(c);
      if (!whole) lists.erase(lists.begin() + static_cast<long>(k));
    }
    ++it;
  }
}

void SynthesisLoop::after_synthesis(const std::string& answer) {
  SynthesisRound& r = rounds_.back();
  r.answer = answer;
  r.validation = validate_inserts(answer, schema(), literals_, options_.validation);
  if (!asks_critic()) {
    if (r.validation.rows_kept == 0) return fail("no INSERT row survived validation");
    outcome_ = SynthesisOutcome::Generated;
    return;
  }
  if (r.validation.rows_kept == 0) {
    r.critic_error = "no row survived validation: nothing to review";
    if (static_cast<int>(rounds_.size()) >= options_.rounds) return finish_rounds();
    return start_round(joined("None of your INSERT statements could be used.", validation_feedback(r.validation)));
  }
  auto prompt = render_critic_prompt(library_, schema(), item_.question, item_.evidence,
                                     validated_inserts_sql(r.validation.tables, options_.critic_rows));
  if (!prompt.ok()) return fail(prompt.error());
  pending_ = {{SynthesisCall::Critique, r.round, options_.critic_temperature, 1024,
               "critique round " + std::to_string(r.round), *prompt}};
}

void SynthesisLoop::after_critique(const std::string& answer) {
  SynthesisRound& r = rounds_.back();
  r.critic_answer = answer;
  auto review = parse_critic_answer(answer, has_text(item_.evidence));
  std::string feedback;
  if (review.ok()) {
    r.review = std::move(*review);
    r.accepted = review_accepts(*r.review, options_.threshold);
    if (r.accepted) {
      outcome_ = SynthesisOutcome::Accepted;
      return;
    }
    feedback = refinement_feedback(*r.review, options_.threshold);
  } else {
    r.critic_error = "the critic's answer could not be read: " + review.error();
    feedback = "Write the data again, following every rule above.";
  }
  if (static_cast<int>(rounds_.size()) >= options_.rounds) return finish_rounds();
  start_round(joined(feedback, validation_feedback(r.validation)));
}

void SynthesisLoop::finish_rounds() {
  if (!chosen()) return fail("no INSERT row survived validation in any round");
  outcome_ = SynthesisOutcome::NotAccepted;
}

const SynthesisRound* SynthesisLoop::chosen() const {
  const SynthesisRound* best = nullptr;
  for (const auto& r : rounds_)
    if (r.accepted) return &r;
  for (const auto& r : rounds_)
    if (r.review && r.validation.rows_kept > 0 && (!best || r.review->average() >= best->review->average())) best = &r;
  if (best) return best;
  for (const auto& r : rounds_)
    if (r.validation.rows_kept > 0) best = &r;
  return best;
}

}  // namespace chokepoint::testdb
