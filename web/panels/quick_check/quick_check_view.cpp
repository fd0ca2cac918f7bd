// The Quick check tab's drawing, its fragment link, registration and page command (see quick_check.h).
#include <imgui.h>

#include <cstdlib>

#include "core/metrics/regime.h"
#include "web/llm/llm_session.h"
#include "web/panel_registry.h"
#include "web/panels/quick_check/quick_check.h"
#include "web/widgets/flow_layout.h"
#include "web/widgets/item_places.h"
#include "web/widgets/string_input.h"
#include "web/widgets/text_colors.h"
#include "web/widgets/ui_px.h"
#include "web/widgets/widgets.h"

extern "C" {
// Implemented in web/bridge/js/fragment.js.
char* chokepoint_js_fragment_read();  // malloc'd, or null
void chokepoint_js_fragment_write(const char* text);
}

namespace chokepoint::web {
namespace {

// The check named by the page address's fragment, read once; one that does not parse is ignored.
void restore_from_fragment(AppState& state) {
  QuickCheck& q = quick_check(state);
  if (q.restored) return;
  q.restored = true;
  char* text = chokepoint_js_fragment_read();
  if (!text) return;
  const auto j = nlohmann::json::parse(text, nullptr, false);
  std::free(text);
  if (!j.is_object()) return;
  set_quick_check(state, j.value("db", ""), j.value("gold", ""), j.value("pred", ""), session_now_ms());
  for (const auto& g : all_regimes())
    if (g.name() == j.value("regime", "")) q.shown_regime = g.name();
}

void keep_in_fragment(const QuickCheck& q) {
  chokepoint_js_fragment_write(
      nlohmann::json{{"db", q.db_id}, {"gold", q.gold}, {"pred", q.pred}, {"regime", q.shown_regime}}.dump().c_str());
}

void draw_verdict(const char* semantics, const ItemEvaluation& e) {
  if (e.status != ItemStatus::Scored) {
    ImGui::TextColored(kRed, "%s: not scored (%s): %s", semantics, item_status_name(e.status), e.message.c_str());
    return;
  }
  ImGui::TextColored(e.ex ? kGreen : kRed, "%s: EX = %d", semantics, e.ex ? 1 : 0);
  if (!e.message.empty()) {
    ImGui::SameLine();
    ImGui::TextColored(kRed, "(%s)", e.message.c_str());
  }
  for (const auto& r : e.ex_reasons) ImGui::BulletText("%s", r.c_str());
}

void draw_regimes(const ItemEvaluation& e) {
  const auto all = all_regimes();
  if (e.scores.empty() ||
      !ImGui::BeginTable("quick-regimes", 4, ImGuiTableFlags_Borders | ImGuiTableFlags_SizingFixedFit))
    return;
  for (const char* c : {"regime (columns-cells-extras)", "EXP %", "EXR %", "F1 %"}) ImGui::TableSetupColumn(c);
  ImGui::TableHeadersRow();
  for (size_t i = 0; i < e.scores.size() && i < all.size(); ++i) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(all[i].name().c_str());
    for (double v : {e.scores[i].exp, e.scores[i].exr, e.scores[i].f1}) {
      ImGui::TableNextColumn();
      ImGui::Text("%.1f", 100 * v);
    }
  }
  ImGui::EndTable();
}

// The two results side by side, the cells that count as matched under the chosen regime in green.
void draw_quick_check_results(QuickCheck& q) {
  const ItemEvaluation& e = *q.bird;
  ImGui::SetNextItemWidth(ui_px(160));
  if (ImGui::BeginCombo("matched cells under##quick", q.shown_regime.c_str())) {
    for (const auto& g : all_regimes())
      if (ImGui::Selectable(g.name().c_str(), g.name() == q.shown_regime)) {
        q.shown_regime = g.name();
        keep_in_fragment(q);  // a reload shows the same cells coloured
      }
    ImGui::EndCombo();
  }
  note_item_place("quick regime");
  ImGui::SameLine();
  ImGui::TextDisabled(e.ex ? "(EX = 1: every cell counts)" : "(green: a cell that counts as matched)");
  const MatchedCells& m = quick_check_matched(q);
  const float half = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) / 2;
  QueryOutcome gold{e.gold_status, e.gold_status == QueryStatus::Ok ? "" : e.message, e.gold_result, e.gold_ms};
  QueryOutcome pred{e.pred_status, e.pred_status == QueryStatus::Ok ? "" : e.message, e.pred_result, e.pred_ms};
  ImGui::BeginChild("quick-gold", ImVec2(half, ui_px(220)), true);
  ImGui::TextUnformatted("gold");
  draw_result_table("quick-gold-rows", gold, 50, m.gold.empty() ? nullptr : &m.gold);
  ImGui::EndChild();
  ImGui::SameLine();
  ImGui::BeginChild("quick-pred", ImVec2(half, ui_px(220)), true);
  ImGui::TextUnformatted("prediction");
  draw_result_table("quick-pred-rows", pred, 50, m.pred.empty() ? nullptr : &m.pred);
  ImGui::EndChild();
}

void draw_quick_check(AppState& state) {
  restore_from_fragment(state);
  QuickCheck& q = quick_check(state);
  ImGui::TextWrapped(
      "Type or paste a gold and a predicted query and pick a database: the check runs as you type. Nothing leaves "
      "the page; the link in the address bar (after #) reproduces this check on the same databases. A query stops "
      "after %d ms here (the Predictions & metrics tab runs long ones in a worker).",
      kQuickCheckTimeoutMs);
  const auto& dbs = state.databases.databases;
  if (q.db_id.empty() && !dbs.empty()) q.db_id = dbs.front().schema.db_id;
  std::string db = q.db_id, gold = q.gold, pred = q.pred;
  ImGui::SetNextItemWidth(ui_px(220));
  if (ImGui::BeginCombo("database", db.empty() ? "(none)" : db.c_str())) {
    for (const auto& d : dbs)
      if (d.connection && ImGui::Selectable(d.schema.db_id.c_str(), d.schema.db_id == db)) db = d.schema.db_id;
    ImGui::EndCombo();
  }
  const float half = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) / 2;
  ImGui::BeginGroup();
  ImGui::TextUnformatted("gold query");
  input_text_multiline("##quick-gold", gold, ImVec2(half, ui_px(110)));
  note_item_place("quick gold");
  ImGui::EndGroup();
  ImGui::SameLine();
  ImGui::BeginGroup();
  ImGui::TextUnformatted("predicted query");
  input_text_multiline("##quick-pred", pred, ImVec2(half, ui_px(110)));
  note_item_place("quick prediction");
  ImGui::EndGroup();
  if (db != q.db_id || gold != q.gold || pred != q.pred) {
    set_quick_check(state, db, gold, pred, session_now_ms());
    keep_in_fragment(q);
  }
  if (!q.error.empty()) draw_error(q.error);
  if (!q.bird || !q.spider) return;
  draw_verdict("BIRD (set semantics)", *q.bird);
  draw_verdict("Spider (bag semantics; order when the gold ends in ORDER BY)", *q.spider);
  wrapped_disabled("EXP/EXR/F1 under every regime, with BIRD's EX (an item right there scores 100 in all three):");
  draw_regimes(*q.bird);
  draw_quick_check_results(q);
}

// {"do": "quick_check", "db": NAME, "gold": SQL, "pred": SQL, "regime"?: NAME}: as typing them (the check runs after
// the pause) and choosing the regime whose matched cells are coloured.
const PageCommandRegistrar command{"quick_check", [](AppState& state, const nlohmann::json& cmd) {
                                     set_quick_check(state, cmd.value("db", ""), cmd.value("gold", ""),
                                                     cmd.value("pred", ""), session_now_ms());
                                     for (const auto& g : all_regimes())
                                       if (g.name() == cmd.value("regime", ""))
                                         quick_check(state).shown_regime = g.name();
                                     keep_in_fragment(quick_check(state));
                                   }};

const PanelRegistrar quick_check_view_registrar{{"Quick check", 35, draw_quick_check,
                                                 [](AppState& s, double) { step_quick_check(s, session_now_ms()); },
                                                 [](AppState& s) { return quick_check_json(quick_check(s)); }}};

}  // namespace
}  // namespace chokepoint::web
