// The Audit tab: the set's items per database -> audit_database one database a frame -> findings by kind.
#include "web/panels/testdb/audit_view.h"

#include <imgui.h>

#include <algorithm>
#include <set>

#include "web/widgets/item_places.h"
#include "web/widgets/ui_px.h"
#include "web/widgets/widgets.h"

namespace chokepoint::web {
namespace {

const char* kind_meaning(testdb::AuditKind k) {
  switch (k) {
    case testdb::AuditKind::ForeignKeyOrphans:
      return "rows whose foreign key names no row: joins silently drop them";
    case testdb::AuditKind::PaddedValues:
      return "text values with spaces around them: a literal from the question never equals them";
    case testdb::AuditKind::LiteralMismatch:
      return "a literal of the question or evidence stored only with another case or with spaces";
    case testdb::AuditKind::NullSensitiveGold:
      return "golds whose result changes when NULLs of a column are filtered out";
  }
  return "";
}

// Per kind: the findings and the distinct "db/item" keys they name.
std::map<testdb::AuditKind, std::pair<size_t, std::set<std::string>>> by_kind(const AuditView& view) {
  std::map<testdb::AuditKind, std::pair<size_t, std::set<std::string>>> out;
  for (auto k : testdb::kAuditKinds) out[k];
  for (const auto& f : view.findings) {
    auto& k = out[f.kind];
    ++k.first;
    for (const auto& key : f.items) k.second.insert(f.db_id + "/" + key);
  }
  return out;
}

void draw_findings(AppState& state, AuditView& view) {
  const auto kinds = by_kind(view);
  if (ImGui::BeginTable("audit-kinds", 4, ImGuiTableFlags_Borders | ImGuiTableFlags_SizingFixedFit)) {
    for (const char* c : {"kind", "findings", "items", "what it means"}) ImGui::TableSetupColumn(c);
    ImGui::TableHeadersRow();
    for (auto k : testdb::kAuditKinds) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(testdb::audit_kind_name(k));
      ImGui::TableNextColumn();
      ImGui::Text("%zu", kinds.at(k).first);
      ImGui::TableNextColumn();
      ImGui::Text("%zu", kinds.at(k).second.size());
      ImGui::TableNextColumn();
      ImGui::TextDisabled("%s", kind_meaning(k));
    }
    ImGui::EndTable();
  }
  if (!view.incomplete.empty() &&
      ImGui::TreeNode("incomplete", "%zu checks stopped by a limit or an error", view.incomplete.size())) {
    for (const auto& line : view.incomplete) ImGui::BulletText("%s", line.c_str());
    ImGui::TreePop();
  }
  if (view.findings.empty()) {
    ImGui::TextDisabled("no finding");
    return;
  }
  const float list_height = std::max(ImGui::GetContentRegionAvail().y * 0.55f, 140.0f);
  const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY |
                                ImGuiTableFlags_Resizable | ImGuiTableFlags_SizingFixedFit;
  if (ImGui::BeginTable("audit-findings", 7, flags, ImVec2(0, list_height))) {
    ImGui::TableSetupScrollFreeze(0, 1);
    for (const char* c : {"kind", "database", "table", "column", "count", "items"}) ImGui::TableSetupColumn(c);
    ImGui::TableSetupColumn("detail and examples", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableHeadersRow();
    for (size_t i = 0; i < view.findings.size(); ++i) {
      const auto& f = view.findings[i];
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::PushID(static_cast<int>(i));
      if (ImGui::Selectable(testdb::audit_kind_name(f.kind), view.selected == static_cast<int>(i),
                            ImGuiSelectableFlags_SpanAllColumns))
        view.selected = static_cast<int>(i);
      if (i == 0) note_item_place("first audit finding");
      ImGui::PopID();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(f.db_id.c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(f.table.c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(f.column.c_str());
      ImGui::TableNextColumn();
      ImGui::Text("%lld", f.count);
      ImGui::TableNextColumn();
      ImGui::Text("%zu", f.items.size());
      ImGui::TableNextColumn();
      std::string text = f.detail;
      for (const auto& e : f.examples) text += (text.empty() ? "" : " | ") + e;
      ImGui::TextUnformatted(text.c_str());
    }
    ImGui::EndTable();
  }
  if (view.selected < 0 || static_cast<size_t>(view.selected) >= view.findings.size()) return;
  const auto& f = view.findings[static_cast<size_t>(view.selected)];
  ImGui::Text("%zu items affected by %s on %s.%s:", f.items.size(), testdb::audit_kind_name(f.kind), f.table.c_str(),
              f.column.c_str());
  const auto db = view.by_db.find(f.db_id);
  if (!ImGui::BeginChild("audit-items", ImVec2(0, 0), true)) {
    ImGui::EndChild();
    return;
  }
  for (const auto& key : f.items) {
    const EvalItem* it = nullptr;
    if (db != view.by_db.end())
      for (const auto& candidate : db->second)
        if (candidate.key == key) it = &candidate;
    ImGui::TextColored(ImVec4(0.6f, 0.8f, 1, 1), "%s", key.c_str());
    if (!it) continue;
    ImGui::SameLine();
    ImGui::TextWrapped("%s", it->question.c_str());
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", it->sql.c_str());
  }
  ImGui::EndChild();
  (void)state;
}

}  // namespace

void start_audit(AppState& state, AuditView& view) {
  view.error.clear();
  const auto& sets = state.eval_sets.sets;
  if (view.set < 0 || static_cast<size_t>(view.set) >= sets.size() || sets[static_cast<size_t>(view.set)].predictions) {
    view.error = "choose a gold set with questions";
    return;
  }
  const auto& loaded = sets[static_cast<size_t>(view.set)];
  view.set_name = loaded.name;
  view.by_db.clear();
  for (const auto& it : loaded.set.items) view.by_db[it.db_id].push_back(it);
  view.queue.clear();
  view.missing.clear();
  for (const auto& [db, items] : view.by_db) {  // database order, as the CLI
    const LoadedDatabase* d = find_database(state, db);
    if (d && d->connection && !d->schema_only)
      view.queue.push_back(db);
    else
      view.missing.push_back(db);
  }
  std::reverse(view.queue.begin(), view.queue.end());  // popped from the back
  view.findings.clear();
  view.incomplete.clear();
  view.databases = view.golds_unparsed = view.golds_failed = view.queries = 0;
  view.selected = -1;
  view.done = false;
  view.running = true;
}

void step_audit(AppState& state, AuditView& view) {
  if (!view.running) return;
  if (view.queue.empty()) {
    view.running = false;
    view.done = true;
    std::set<std::string> affected;
    for (const auto& f : view.findings)
      for (const auto& key : f.items) affected.insert(f.db_id + "/" + key);
    notify(state, "audit of " + view.set_name + ": " + std::to_string(view.findings.size()) + " findings, " +
                      std::to_string(affected.size()) + " items affected");
    return;
  }
  const std::string db = view.queue.back();
  view.queue.pop_back();
  const LoadedDatabase* d = find_database(state, db);
  if (!d || !d->connection) {  // unloaded since the start
    view.missing.push_back(db);
    return;
  }
  testdb::AuditOptions options;
  const int set = find_set(state, view.set_name);
  if (set >= 0)
    options.semantics =
        semantics_of_format(state.eval_sets.sets[static_cast<size_t>(set)].set.format).value_or(ExSemantics::Bird);
  const auto a = testdb::audit_database(*d->connection, d->schema, nullptr, view.by_db[db], options);
  ++view.databases;
  view.golds_unparsed += a.golds_unparsed;
  view.golds_failed += a.golds_failed;
  view.queries += a.queries;
  view.incomplete.insert(view.incomplete.end(), a.incomplete.begin(), a.incomplete.end());
  view.findings.insert(view.findings.end(), a.findings.begin(), a.findings.end());
}

void draw_audit_view(AppState& state, AuditView& view) {
  ImGui::TextWrapped(
      "Are the databases fit to score on? SynSQL's list of defects that make EX wrong on the original data: "
      "orphan keys, padded values, literals stored with another case or spacing, and golds that depend on NULLs. "
      "Each finding names the items it affects. Runs on this machine; nothing leaves the page.");
  const auto& sets = state.eval_sets.sets;
  if (view.set < 0)
    for (size_t i = 0; i < sets.size() && view.set < 0; ++i)
      if (!sets[i].predictions) view.set = static_cast<int>(i);
  ImGui::BeginDisabled(view.running);
  const bool valid = view.set >= 0 && static_cast<size_t>(view.set) < sets.size();
  ImGui::SetNextItemWidth(ui_px(240));
  if (ImGui::BeginCombo("gold set", valid ? sets[static_cast<size_t>(view.set)].name.c_str() : "(none)")) {
    for (size_t i = 0; i < sets.size(); ++i) {
      if (sets[i].predictions) continue;
      if (ImGui::Selectable((sets[i].name + "##audit" + std::to_string(i)).c_str(), static_cast<int>(i) == view.set))
        view.set = static_cast<int>(i);
    }
    ImGui::EndCombo();
  }
  ImGui::SameLine();
  if (ImGui::Button("Audit")) start_audit(state, view);
  note_item_place("audit databases");
  ImGui::EndDisabled();
  if (!view.error.empty()) draw_error(view.error);
  if (view.running) {
    const size_t total = view.databases + view.queue.size();
    ImGui::Text("auditing %zu of %zu databases", view.databases, total);
    return;
  }
  if (!view.done) return;
  ImGui::Text("%s: %zu databases audited, %zu queries", view.set_name.c_str(), view.databases, view.queries);
  if (!view.missing.empty()) {
    std::string names;
    for (const auto& m : view.missing) names += (names.empty() ? "" : ", ") + m;
    ImGui::TextDisabled("not audited (not loaded, or schema only): %s", names.c_str());
  }
  if (view.golds_unparsed || view.golds_failed)
    ImGui::TextDisabled("%zu golds our parser rejects and %zu that fail on their database got no literal or NULL check",
                        view.golds_unparsed, view.golds_failed);
  draw_findings(state, view);
}

nlohmann::json audit_view_json(const AuditView& view) {
  nlohmann::json j = {{"running", view.running}, {"done", view.done}, {"error", view.error}, {"set", view.set_name}};
  if (!view.done) return j;
  const auto kinds = by_kind(view);
  std::set<std::string> affected;
  nlohmann::json per_kind = nlohmann::json::object();
  for (const auto& [k, v] : kinds) {
    per_kind[testdb::audit_kind_name(k)] = {{"findings", v.first}, {"items", v.second.size()}};
    affected.insert(v.second.begin(), v.second.end());
  }
  nlohmann::json findings = nlohmann::json::array();
  for (const auto& f : view.findings)  // ordered_json to plain json through text: no implicit conversion
    findings.push_back(nlohmann::json::parse(testdb::audit_finding_json(f).dump()));
  j.update({{"databases", view.databases},
            {"databases_missing", view.missing},
            {"by_kind", per_kind},
            {"items_affected", affected.size()},
            {"incomplete", view.incomplete.size()},
            {"golds_unparsed", view.golds_unparsed},
            {"golds_failed", view.golds_failed},
            {"queries", view.queries},
            {"selected", view.selected},
            {"findings", findings}});
  return j;
}

}  // namespace chokepoint::web
