// The Synthesis tab's drawing and state: the choices, the preview, the progress, the tables (see synthesis_view.h).
#include "web/panels/testdb/synthesis_view.h"
#include "web/widgets/flow_layout.h"
#include "web/widgets/prompt_pager.h"

#include <imgui.h>
#include <sys/stat.h>

#include <algorithm>
#include <cstdio>

#include "core/base/clock.h"
#include "core/base/file_text.h"
#include "core/base/json_dump.h"
#include "core/base/path_part.h"
#include "core/dataset/bird_writer.h"
#include "core/db/sql_quote.h"
#include "core/llm/replay_store.h"
#include "core/metrics/cohen_kappa.h"
#include "core/metrics/eval_pairs.h"
#include "core/mutate/mutant_generation.h"
#include "core/testdb/complexity.h"
#include "core/testdb/synthesis_manifest.h"
#include "core/testdb/synthetic_database.h"
#include "core/testdb/unique_keys.h"
#include "web/llm/llm_session.h"
#include "web/llm/session_batch_run.h"
#include "web/widgets/item_places.h"
#include "web/widgets/ui_px.h"
#include "web/widgets/widgets.h"
#include "web/workspace/workspace.h"

#include "web/panels/testdb/synthesis_run.h"

namespace chokepoint::web {
namespace {

using testdb::SynthesisLoop;
using testdb::SynthesisOutcome;

// A table's first rows, as text: what the synthetic database holds next to what the original does.
void draw_synthesis_rows(const Connection& db, const std::string& table, const std::vector<std::string>& columns,
                         const char* id) {
  std::string cols;
  for (const auto& c : columns) cols += (cols.empty() ? "" : ", ") + quote_identifier(c);
  QueryLimits limits;
  limits.timeout_ms = 500;
  limits.max_rows = 20;
  const auto rows = db.query("SELECT " + cols + " FROM " + quote_identifier(table) + " LIMIT 20", limits);
  if (!rows.ok()) {
    ImGui::TextDisabled("%s", rows.message.c_str());
    return;
  }
  const int n = static_cast<int>(std::min<size_t>(columns.size(), 16));
  if (n == 0 || !ImGui::BeginTable(id, n, ImGuiTableFlags_Borders | ImGuiTableFlags_SizingFixedFit)) return;
  for (int c = 0; c < n; ++c) ImGui::TableSetupColumn(columns[static_cast<size_t>(c)].c_str());
  ImGui::TableHeadersRow();
  for (const auto& row : rows.result.rows) {
    ImGui::TableNextRow();
    for (int c = 0; c < n && c < static_cast<int>(row.size()); ++c) {
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(row[static_cast<size_t>(c)].display_prefix(60).c_str());
    }
  }
  ImGui::EndTable();
}

void draw_selected(AppState& state, const SynthesisView& view) {
  const size_t k = static_cast<size_t>(view.selected);
  if (k >= view.loops.size() || !view.loops[k]) return;
  const SynthesisLoop& loop = *view.loops[k];
  const EvalItem& it = view.gold->items[view.items[k]];
  ImGui::TextWrapped("%s: %s", view.results[k].id.c_str(), it.question.c_str());
  if (!it.evidence.empty()) ImGui::TextDisabled("evidence: %s", it.evidence.c_str());
  ImGui::TextDisabled("gold: %s", it.sql.c_str());
  if (!loop.note().empty()) ImGui::TextDisabled("%s", loop.note().c_str());
  for (const auto& round : loop.rounds()) {
    ImGui::PushID(round.round);
    const bool chosen = loop.chosen() == &round;
    if (ImGui::TreeNode("round", "round %d: %zu rows kept%s%s", round.round, round.validation.rows_kept,
                        round.review ? (round.accepted ? ", accepted" : ", refined") : "",
                        chosen ? " (the database)" : "")) {
      if (round.review) {
        ImGui::Text("average %.2f", round.review->average());
        for (const auto& s : round.review->scores)
          ImGui::BulletText("%s: %.0f%s%s", testdb::criterion_title(s.criterion), s.score,
                            s.feedback.empty() ? "" : " - ", s.feedback.c_str());
        if (!round.review->feedback.empty()) ImGui::TextWrapped("feedback: %s", round.review->feedback.c_str());
      } else if (!round.critic_error.empty()) {
        ImGui::TextDisabled("critic: %s", round.critic_error.c_str());
      }
      ImGui::TextDisabled("%zu validation changes", round.validation.changes.size());
      ImGui::TreePop();
    }
    ImGui::PopID();
  }
  const auto& r = view.results.size() > k ? view.results[k] : SynthesisView::Written{};
  const LoadedDatabase* original = find_database(state, it.db_id);
  std::optional<Connection> synthetic;
  if (!r.path.empty())
    if (auto c = Connection::open_read_only(r.path); c.ok()) synthetic = std::move(*c);
  if (!synthetic) return;
  ImGui::Separator();
  if (!ImGui::BeginTable("side-by-side", 2, ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_Resizable)) return;
  ImGui::TableSetupColumn("synthetic (the first 20 rows)");
  ImGui::TableSetupColumn("original (the first 20 rows)");
  ImGui::TableHeadersRow();
  for (const auto& t : loop.schema().tables) {
    std::vector<std::string> cols;
    for (const auto& c : t.columns) cols.push_back(c.name);
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextColored(ImVec4(0.6f, 0.8f, 1, 1), "%s", t.name.c_str());
    draw_synthesis_rows(*synthetic, t.name, cols, ("syn-" + t.name).c_str());
    ImGui::TableNextColumn();
    ImGui::TextColored(ImVec4(0.6f, 0.8f, 1, 1), "%s", t.name.c_str());
    if (original && original->connection)
      draw_synthesis_rows(*original->connection, t.name, cols, ("orig-" + t.name).c_str());
  }
  ImGui::EndTable();
}

void draw_synthesis_results(AppState& state, SynthesisView& view) {
  std::vector<const SynthesisLoop*> finished;
  for (const auto& l : view.loops)
    if (l) finished.push_back(l.get());
  const auto summary = testdb::synthesis_summary_json(finished);
  ImGui::Text(
      "%d questions: %d accepted, %d not accepted, %d generated, %d failed; %s rounds; calls %lld sent, %lld "
      "from the replay store",
      summary.value("items", 0), summary.value("accepted", 0), summary.value("not_accepted", 0),
      summary.value("generated", 0), summary.value("failed", 0), summary["rounds_used"].dump().c_str(),
      view.usage.network_calls, view.usage.replayed);
  ImGui::TextDisabled("databases in %s (a BIRD db_root with set.json and manifest.json)", view.folder.c_str());
  if (const auto& f = view.failures; f.n > 0)
    ImGui::TextWrapped(
        "Why questions fail SR (SynSQL Fig. 4): %zu of %zu fail; %zu selector omissions (the data's schema lacks a "
        "table or column the gold uses), %zu misinterpretations (it has them, yet the gold finds no row); counted "
        "apart: %zu without data, %zu whose gold could not be resolved.",
        f.failures(), f.n, f.selector_omission, f.misinterpretation, f.no_database, f.gold_unresolved);
  if (!view.labels_name.empty())
    ImGui::TextDisabled("human labels: %s (SynSQL Table 3 in the Studies tab's synsql)", view.labels_name.c_str());
  const auto& o = view.original_totals;
  const auto& s = view.synthetic_totals;
  if (ImGui::BeginTable("synth-discrimination", 4, ImGuiTableFlags_Borders | ImGuiTableFlags_SizingFixedFit)) {
    for (const char* c : {"database", "SR: gold has rows", "mutants told apart", "golds with one told apart"})
      ImGui::TableSetupColumn(c);
    ImGui::TableHeadersRow();
    for (const auto& [name, t] : {std::pair<const char*, const testdb::DiscriminationTotals*>{"original", &o},
                                  {view.loops.empty() || !view.loops[0] ? "synthetic" : "SynSQL", &s}}) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(name);
      ImGui::TableNextColumn();
      ImGui::Text("%zu / %zu", t->golds_nonempty, t->golds);
      ImGui::TableNextColumn();
      ImGui::Text("%zu / %zu (%.1f%%)", t->distinguished, t->mutants, 100 * t->share());
      ImGui::TableNextColumn();
      ImGui::Text("%zu", t->golds_distinguished);
    }
    ImGui::EndTable();
  }
  const auto agreement = agreement_items(view);
  if (!agreement.empty()) {
    const auto a = testdb::summarize_agreement(agreement);
    char ar[48] = "-";
    if (a.ar) std::snprintf(ar, sizeof ar, "%.4f (%s)", *a.ar, landis_koch_band(*a.ar));
    ImGui::Text(
        "%s on both: EX %.1f%% original, %.1f%% synthetic, delta %.1f; AR %s; TP %zu TN %zu FP %zu FN %zu; "
        "CC %.1f",
        view.pred_name.c_str(), a.ex_original, a.ex_test, a.delta, ar, a.confusion.tp, a.confusion.tn, a.confusion.fp,
        a.confusion.fn, a.cc);
    for (const auto& b : testdb::agreement_by_bucket(agreement))
      ImGui::BulletText("%s (%zu): EX %.1f%% / %.1f%%", testdb::complexity_bucket_name(b.bucket), b.summary.n,
                        b.summary.ex_original, b.summary.ex_test);
  }
  draw_suite_run(state, view);
  const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY |
                                ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_Resizable;
  if (ImGui::BeginTable("synth-items", 7, flags, ImVec2(0, ui_px(180)))) {
    ImGui::TableSetupScrollFreeze(0, 1);
    for (const char* c : {"item", "outcome", "rounds", "average", "gold rows", "told apart (orig / syn)"})
      ImGui::TableSetupColumn(c);
    ImGui::TableSetupColumn("question", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableHeadersRow();
    for (size_t k = 0; k < view.loops.size(); ++k) {
      const auto& r = view.results[k];
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::PushID(static_cast<int>(k));
      if (ImGui::Selectable(r.id.c_str(), view.selected == static_cast<int>(k), ImGuiSelectableFlags_SpanAllColumns))
        view.selected = static_cast<int>(k);
      if (k == 0) note_item_place("first synthesized question");
      ImGui::PopID();
      ImGui::TableNextColumn();
      const SynthesisLoop* loop = view.loops[k].get();
      ImGui::TextUnformatted(loop ? testdb::synthesis_outcome_name(loop->outcome()) : "no database loaded");
      ImGui::TableNextColumn();
      ImGui::Text("%zu", loop ? loop->rounds().size() : 0);
      ImGui::TableNextColumn();
      const auto* chosen = loop ? loop->chosen() : nullptr;
      if (chosen && chosen->review)
        ImGui::Text("%.2f", chosen->review->average());
      else
        ImGui::TextDisabled("-");
      ImGui::TableNextColumn();
      if (r.gold_rows)
        ImGui::Text("%zu", *r.gold_rows);
      else
        ImGui::TextDisabled("-");
      ImGui::TableNextColumn();
      ImGui::Text("%zu / %zu of %zu", r.original.distinguished, r.synthetic.distinguished, r.mutants);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(view.gold->items[view.items[k]].question.c_str());
    }
    ImGui::EndTable();
  }
  if (view.selected >= 0) {
    ImGui::BeginChild("synth-selected", ImVec2(0, 0), true);
    draw_selected(state, view);
    ImGui::EndChild();
  }
}

// With `same_line`, on the line of the controls before it when it fits there.
void set_combo_synthesis(const AppState& state, const char* label, int& index, bool predictions, bool none,
                         bool same_line = false) {
  const auto& sets = state.eval_sets.sets;
  const bool valid = index >= 0 && static_cast<size_t>(index) < sets.size();
  if (same_line)
    flow_next_item(ui_px(200), label);
  else
    ImGui::SetNextItemWidth(ui_px(200));
  if (!ImGui::BeginCombo(label, valid ? sets[static_cast<size_t>(index)].name.c_str() : "(none)")) return;
  if (none && ImGui::Selectable("(none)", index < 0)) index = -1;
  for (size_t i = 0; i < sets.size(); ++i) {
    if (!predictions && sets[i].predictions) continue;
    if (ImGui::Selectable((sets[i].name + "##" + label + std::to_string(i)).c_str(), static_cast<int>(i) == index))
      index = static_cast<int>(i);
  }
  ImGui::EndCombo();
}

}  // namespace

void draw_synthesis_view(AppState& state, SynthesisView& view) {
  ImGui::TextWrapped(
      "A small database per question, written by a model from the question, its evidence and the schema, with no "
      "gold query and no row of your data (SynSQL): a schema selector, a synthesizer and a critic that sends it back "
      "until the data is good enough. Then each gold query runs on it, and its single-error mutants show whether it "
      "tells right from wrong as the original does.");
  const auto& sets = state.eval_sets.sets;
  if (view.set < 0)
    for (size_t i = 0; i < sets.size() && view.set < 0; ++i)
      if (!sets[i].predictions) view.set = static_cast<int>(i);
  const bool busy = view.running || view.scoring;
  ImGui::BeginDisabled(busy || view.preview);
  set_combo_synthesis(state, "gold set##synth", view.set, false, false);
  set_combo_synthesis(state, "predictions (agreement)##synth", view.pred, true, true, true);
  ImGui::SetNextItemWidth(ui_px(160));
  ImGui::Combo("method", &view.method, "SynSQL\0vanilla (one pass)\0");
  ImGui::BeginDisabled(view.method != 0);  // the ablations change SynSQL's loop; vanilla has no selector or critic
  flow_next_item(ui_px(190), "ablation (Table 4)");
  const int ablations = static_cast<int>(std::size(testdb::kSynthesisAblations));
  view.ablation = std::clamp(view.ablation, 0, ablations - 1);
  if (ImGui::BeginCombo("ablation (Table 4)",
                        testdb::synthesis_ablation_name(testdb::kSynthesisAblations[view.ablation]))) {
    for (int a = 0; a < ablations; ++a)
      if (ImGui::Selectable(testdb::synthesis_ablation_name(testdb::kSynthesisAblations[a]), a == view.ablation))
        view.ablation = a;
    ImGui::EndCombo();
  }
  ImGui::EndDisabled();
  flow_next_item(ui_px(90), "rounds");
  ImGui::InputInt("rounds", &view.rounds);
  view.rounds = std::clamp(view.rounds, 1, 9);
  flow_next_item(ui_px(90), "threshold");
  ImGui::InputFloat("threshold", &view.threshold, 0.5f, 1.0f, "%.1f");
  view.threshold = std::clamp(view.threshold, 1.0f, 10.0f);
  flow_next_item(ui_px(90), "first questions");
  ImGui::InputInt("first questions", &view.limit);
  view.limit = std::clamp(view.limit, 1, 100000);
  flow_same_line(button_width("Synthesize..."));
  if (ImGui::Button("Synthesize...")) prepare_synthesis(state, view);
  note_item_place("synthesize");
  ImGui::EndDisabled();
  if (!view.error.empty()) draw_error(view.error);
  if (view.preview) {
    ImGui::TextWrapped(
        "%zu questions: %zu to %zu calls to %s (%s); the first %lld calls are not in the replay store (~%lld prompt "
        "tokens), %lld are. Sent: each question, its evidence and its database's schema; the critic also sees the "
        "rows the model wrote. No row of your databases leaves the page.",
        view.loops.size(), view.calls_min, view.calls_max, view.destination.c_str(), view.model.c_str(),
        view.usage.network_calls, view.tokens, view.usage.replayed);
    ImGui::TextWrapped(
        "The first calls are listed below. Each later call (the synthesis from the chosen columns, then up to %d "
        "critic rounds with the rows the model wrote) is written from the answers before it, so it exists only "
        "once they arrive; all go to the same destination and model.",
        view.rounds);
    if (ImGui::Button("Confirm and send")) confirm_synthesis(state, view);
    note_item_place("synthesize confirm");
    ImGui::SameLine();
    if (ImGui::Button("Discard")) {
      view.preview = false;
      view.life.discard();
    }
    draw_prompt_pager("synthesis", view.first_prompts.size(), [&](size_t i) { return view.first_prompts[i]; });
    return;
  }
  if (view.running) {
    const size_t finished = static_cast<size_t>(
        std::count_if(view.loops.begin(), view.loops.end(), [](const auto& l) { return !l || l->finished(); }));
    ImGui::TextDisabled("%zu calls answered", view.scheduler ? view.scheduler->count(CallState::Succeeded) : 0);
    if (draw_progress_cancel(finished, view.loops.size())) cancel_synthesis(state, view);
    for (const auto& l : view.loops)
      if (l && !l->finished() && !l->pending().empty())
        ImGui::BulletText("%s: %s", l->item().key.c_str(), l->pending().front().label.c_str());
    return;
  }
  if (view.scoring) {
    ImGui::Text("scoring on both databases: %zu of %zu questions", view.next_score, view.loops.size());
    return;
  }
  if (view.done) draw_synthesis_results(state, view);
}

nlohmann::json synthesis_view_json(const SynthesisView& view) {
  nlohmann::json j = {
      {"running", view.running},     {"scoring", view.scoring},    {"done", view.done},
      {"cancelled", view.cancelled}, {"error", view.error},        {"folder", view.folder},
      {"batch", view.life.json()},   {"labels", view.labels_name}, {"suite", suite_run_json(view.suite)}};
  if (view.preview)
    j["preview"] = {
        {"items", std::count_if(view.loops.begin(), view.loops.end(), [](const auto& l) { return l != nullptr; })},
        {"method", view.method == 1 ? "vanilla" : "synsql"},
        {"ablation", testdb::synthesis_ablation_name(view.run_ablation)},
        {"calls_at_least", view.calls_min},
        {"calls_at_most", view.calls_max},
        {"network_calls_first", view.usage.network_calls},
        {"replayed_first", view.usage.replayed},
        {"destination", view.destination},
        {"model", view.model}};
  if (!view.done) return j;
  std::vector<const SynthesisLoop*> finished;
  for (const auto& l : view.loops)
    if (l) finished.push_back(l.get());
  nlohmann::json summary = nlohmann::json::parse(testdb::synthesis_summary_json(finished).dump());
  size_t databases = 0, nonempty = 0;
  nlohmann::json items = nlohmann::json::array();
  for (size_t k = 0; k < view.loops.size(); ++k) {
    const auto& r = view.results[k];
    databases += !r.path.empty();
    nonempty += r.gold_rows && *r.gold_rows > 0;
    nlohmann::json e = {
        {"id", r.id},
        {"synthetic_db_id", r.synthetic_id},
        {"mutants", r.mutants},
        {"distinguished", {{"original", r.original.distinguished}, {"synthetic", r.synthetic.distinguished}}}};
    e["gold_rows"] = r.gold_rows ? nlohmann::json(*r.gold_rows) : nlohmann::json();
    if (view.loops[k]) {
      const auto& loop = *view.loops[k];
      e["outcome"] = testdb::synthesis_outcome_name(loop.outcome());
      nlohmann::json rounds = nlohmann::json::array();
      int chosen = 0;
      for (const auto& round : loop.rounds()) {
        rounds.push_back({{"average", round.review ? nlohmann::json(round.review->average()) : nlohmann::json()},
                          {"accepted", round.accepted},
                          {"rows_kept", round.validation.rows_kept}});
        if (loop.chosen() == &round) chosen = round.round;
      }
      e["rounds"] = rounds;
      e["chosen_round"] = chosen;
      e["selector"] =
          nlohmann::json::parse(testdb::synthesis_item_json(loop).dump()).value("selector", nlohmann::json());
    } else {
      e["outcome"] = "no_schema";
    }
    items.push_back(std::move(e));
  }
  summary["databases"] = databases;
  summary["success_rate"] = finished.empty() ? nlohmann::json() : nlohmann::json(double(nonempty) / finished.size());
  summary["success"] = testdb::success_breakdown_json(view.failures);
  summary["usage"] = {{"network_calls", view.usage.network_calls}, {"replayed", view.usage.replayed}};
  j["summary"] = summary;
  j["items"] = items;
  j["discrimination"] = {{"original", testdb::discrimination_totals_json(view.original_totals)},
                         {"synthetic", testdb::discrimination_totals_json(view.synthetic_totals)}};
  const auto agreement = agreement_items(view);
  if (!agreement.empty()) j["agreement"] = testdb::agreement_summary_json(testdb::summarize_agreement(agreement));
  j["selected"] = view.selected;
  return j;
}

}  // namespace chokepoint::web
