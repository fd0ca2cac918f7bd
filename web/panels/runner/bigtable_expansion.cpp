// BigTable's expansion step in the page (see bigtable_expansion.h).
#include "web/panels/runner/bigtable_expansion.h"

#include <imgui.h>

#include "core/jqe/options_json.h"
#include "core/schema/schema_ddl.h"
#include "web/llm/llm_session.h"
#include "web/llm/session_batch_run.h"
#include "web/llm/session_question_job.h"
#include "web/widgets/prompt_pager.h"

namespace chokepoint::web {
namespace {

void open_preview(BigtableExpansion& e) {
  e.plan = e.questions->plan(&session_replay());
  auto endpoint = session_endpoint();
  e.destination = endpoint.ok() ? session_destination(*endpoint) : std::string();
  (void)e.life.open_preview(plan_facts(
      *e.plan, e.destination, session_request({}).model,
      {"each evidence prompt shows {{question}} until its question is answered; it is sent with that answer"}));
  e.stage = ExpansionStage::Preview;
}

void finish(BigtableExpansion& e, std::string outcome) {
  e.stage = ExpansionStage::Done;
  e.plan.reset();
  e.outcome = std::move(outcome);
}

}  // namespace

const char* expansion_stage_name(ExpansionStage s) {
  switch (s) {
    case ExpansionStage::Expanding:
      return "expanding";
    case ExpansionStage::Preview:
      return "preview";
    case ExpansionStage::Asking:
      return "asking";
    case ExpansionStage::Done:
      break;
  }
  return "done";
}

Result<std::unique_ptr<BigtableExpansion>> start_bigtable_expansion(std::vector<EvalItem> seeds,
                                                                    std::map<std::string, JqeBatchDatabase> databases,
                                                                    size_t short_by) {
  if (auto ready = batch_prerequisites(); !ready.ok()) return Error{ready.error()};
  // The options `chokepoint bigtable` gives `chokepoint jqe`: no cap per isomorphism class, twice the shortfall.
  jqe::JqeOptions options;
  if (auto st = jqe::apply_jqe_options_json(options, {{"per_pattern", 0}, {"budget", 2 * short_by}}); !st.ok())
    return Error{st.error()};
  auto e = std::make_unique<BigtableExpansion>();
  e->seeds = seeds.size();
  e->short_by = short_by;
  for (const auto& [id, db] : databases) e->ddl[id] = schema_to_ddl(db.schema);
  e->jqe = std::make_unique<JqeBatch>(std::move(seeds), std::move(databases), options);
  return e;
}

void step_bigtable_expansion(BigtableExpansion& e, double budget_ms) {
  if (e.stage == ExpansionStage::Expanding) {
    if (!e.jqe->step(budget_ms)) return;
    auto job = session_question_job(e.jqe->run(), e.ddl);
    if (!job.ok()) return finish(e, "no questions asked: " + job.error());
    if ((*job)->items().empty()) return finish(e, "no three-table item expanded, so no question was asked");
    e.questions = std::move(*job);
    open_preview(e);
    return;
  }
  if (e.stage != ExpansionStage::Asking) return;
  const bool finished = step_session_question_job(*e.questions, e.persisted_calls);
  const size_t done = e.questions->count(jqe::ItemStatus::Done), failed = e.questions->count(jqe::ItemStatus::Failed);
  e.life.progress(done + failed, e.questions->items().size(), failed);
  if (!finished) return;
  e.life.finish(false);
  finish(e, std::to_string(done) + " of " + std::to_string(e.questions->items().size()) +
                " expansions got a question from the model" +
                (failed > 0 ? ", " + std::to_string(failed) + " failed" : std::string()));
}

Status confirm_bigtable_expansion(BigtableExpansion& e) {
  if (e.stage != ExpansionStage::Preview) return Error{"no preview is open"};
  auto endpoint = confirm_batch_endpoint(e.life);
  if (!endpoint.ok()) {
    e.error = endpoint.error();
    return Error{endpoint.error()};
  }
  e.error.clear();
  e.plan.reset();
  start_session_question_job(*e.questions, *endpoint);
  e.stage = ExpansionStage::Asking;
  return ok_status();
}

void discard_bigtable_expansion(BigtableExpansion& e) {
  if (e.stage == ExpansionStage::Asking) e.questions->cancel();
  e.life.discard();
  e.questions.reset();
  finish(e, "discarded: no question was asked");
}

nlohmann::json bigtable_expansions(const BigtableExpansion& e) {
  return e.questions ? e.questions->to_json() : nlohmann::json::array();
}

void draw_bigtable_expansion(BigtableExpansion& e) {
  switch (e.stage) {
    case ExpansionStage::Expanding:
      ImGui::Text("expanding %zu three-table items by one join: %.0f%%", e.seeds, 100.0 * e.jqe->fraction());
      return;
    case ExpansionStage::Asking:
      ImGui::Text("the model writes the expansions' questions: %zu of %zu answered",
                  e.questions->count(jqe::ItemStatus::Done) + e.questions->count(jqe::ItemStatus::Failed),
                  e.questions->items().size());
      return;
    case ExpansionStage::Done:
      return;
    case ExpansionStage::Preview:
      break;
  }
  const jqe::QuestionPlan& plan = *e.plan;
  ImGui::TextWrapped(
      "The >3 stratum is %zu items short. %zu expansions of three-table items can top it up, each once the model "
      "writes its question (and evidence when its seed has one): %zu prompts to %s, %zu to send (~%lld prompt "
      "tokens), %zu answered by the replay store. Each holds the expanded query, its seed's question and the "
      "database's CREATE TABLE statements (no rows). Discard builds without them.",
      e.short_by, e.questions->items().size(), plan.calls.size(), e.destination.c_str(), plan.network_calls,
      plan.estimated_tokens, plan.calls.size() - plan.network_calls);
  if (!e.error.empty()) ImGui::TextWrapped("%s", e.error.c_str());
  draw_preview_actions(
      "BigTable expansion", [&e] { (void)confirm_bigtable_expansion(e); }, [&e] { discard_bigtable_expansion(e); },
      plan.calls.size(), [&plan](size_t i) { return std::make_pair(plan.calls[i].id, plan.calls[i].prompt); });
}

nlohmann::json bigtable_expansion_json(const BigtableExpansion& e) {
  return {{"stage", expansion_stage_name(e.stage)},
          {"seeds", e.seeds},
          {"expansions", e.questions ? e.questions->items().size() : 0},
          {"outcome", e.outcome},
          {"error", e.error},
          {"batch", e.life.json()}};
}

}  // namespace chokepoint::web
