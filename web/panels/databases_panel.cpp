// Databases panel: schema tables per database and a paged row browser reading through the core's read-only
// connection (LIMIT/OFFSET pages, so a million-row table costs one page).
#include "web/panels/databases_panel.h"

#include "core/base/clock.h"
#include "core/db/sql_quote.h"

#include <imgui.h>

#include "web/panel_registry.h"

#include "web/bridge/file_bridge.h"
#include "web/widgets/flow_layout.h"
#include "web/widgets/item_places.h"
#include "web/widgets/ui_px.h"
#include "web/widgets/widgets.h"

namespace chokepoint::web {
namespace {

constexpr int kRowsPerPage = 50;

bool is_key_column(const Table& t, const std::string& col) {
  for (const auto& k : t.primary_key)
    if (iequals(k, col)) return true;
  return false;
}

std::string references_of(const Table& t, const std::string& col) {
  for (const auto& fk : t.foreign_keys)
    for (size_t i = 0; i < fk.from_columns.size(); ++i)
      if (iequals(fk.from_columns[i], col))
        return fk.to_table + "." + (i < fk.to_columns.size() ? fk.to_columns[i] : std::string("?"));
  return "";
}

void draw_schema_tables(const LoadedDatabase& d) {
  for (const auto& t : d.schema.tables) {
    ImGui::SetNextItemOpen(true, ImGuiCond_Once);
    const std::string rows = d.schema_only     ? "schema only"
                             : d.row_counts    ? "counting rows"
                             : t.row_count < 0 ? "rows not counted"
                                               : std::to_string(t.row_count) + " rows";
    const std::string header = t.name + "  (" + rows + ")###" + t.name;
    if (!ImGui::CollapsingHeader(header.c_str())) continue;
    if (ImGui::BeginTable(t.name.c_str(), 4, ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg)) {
      ImGui::TableSetupColumn("column");
      ImGui::TableSetupColumn("type");
      ImGui::TableSetupColumn("key");
      ImGui::TableSetupColumn("references");
      ImGui::TableHeadersRow();
      for (const auto& c : t.columns) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(c.name.c_str());
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(c.type.c_str());
        ImGui::TableNextColumn();
        const std::string ref = references_of(t, c.name);
        std::string key = is_key_column(t, c.name) ? "PK" : "";
        if (!ref.empty()) key += key.empty() ? "FK" : ", FK";
        ImGui::TextUnformatted(key.c_str());
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(ref.c_str());
      }
      ImGui::EndTable();
    }
  }
}

void draw_row_browser(DatabasesPanel& panel) {
  auto& b = panel.browser;
  const auto& d = panel.databases[static_cast<size_t>(panel.selected)];
  if (d.opening) {
    ImGui::TextDisabled("Opening the file...");
    return;
  }
  if (!d.error.empty()) {
    ImGui::TextColored(ImVec4(1, 0.45f, 0.45f, 1), "%s", d.error.c_str());
    return;
  }
  if (d.schema.tables.empty() || !d.connection) {
    ImGui::TextDisabled("No tables.");
    return;
  }
  if (b.table >= static_cast<int>(d.schema.tables.size())) b.table = 0;
  const Table& t = d.schema.tables[static_cast<size_t>(b.table)];
  ImGui::SetNextItemWidth(ui_px(240));
  if (ImGui::BeginCombo("table", t.name.c_str())) {
    for (size_t i = 0; i < d.schema.tables.size(); ++i)
      if (ImGui::Selectable(d.schema.tables[i].name.c_str(), static_cast<int>(i) == b.table)) {
        b.table = static_cast<int>(i);
        b.page = 0;
      }
    ImGui::EndCombo();
  }
  const long long total = t.row_count < 0 ? 0 : t.row_count;
  const int pages = static_cast<int>((total + kRowsPerPage - 1) / kRowsPerPage);
  ImGui::SameLine();
  if (ImGui::ArrowButton("prev", ImGuiDir_Left) && b.page > 0) --b.page;
  ImGui::SameLine();
  if (ImGui::ArrowButton("next", ImGuiDir_Right) && b.page + 1 < pages) ++b.page;
  ImGui::SameLine();
  ImGui::Text("page %d of %d", pages == 0 ? 0 : b.page + 1, pages);
  if (b.loaded_db != panel.selected || b.loaded_table != b.table || b.loaded_page != b.page) {
    QueryLimits lim;
    lim.timeout_ms = 2000;
    lim.max_rows = kRowsPerPage;
    b.rows = d.connection->query("SELECT * FROM " + quote_identifier(t.name) + " LIMIT " +
                                     std::to_string(kRowsPerPage) + " OFFSET " + std::to_string(b.page * kRowsPerPage),
                                 lim);
    b.loaded_db = panel.selected;
    b.loaded_table = b.table;
    b.loaded_page = b.page;
  }
  draw_result_table("rows", b.rows, 0);
}

}  // namespace

void draw_databases_panel(AppState& state) {
  auto& panel = state.databases;
  if (ImGui::Button("Open files...")) open_file_picker();
  flow_disabled("SQLite databases, tables.json, evaluation sets (or drop files on the page). Nothing leaves it.");
  if (panel.databases.empty()) {
    ImGui::Text("No database loaded.");
    return;
  }
  if (panel.selected >= static_cast<int>(panel.databases.size())) panel.selected = 0;
  ImGui::BeginChild("db-list", ui_px(220, 0), true);
  for (size_t i = 0; i < panel.databases.size(); ++i) {
    const auto& d = panel.databases[i];
    std::string label = d.schema.db_id + "  [" + d.origin + "]##" + std::to_string(i);
    if (ImGui::Selectable(label.c_str(), panel.selected == static_cast<int>(i))) {
      panel.selected = static_cast<int>(i);
      panel.browser.table = 0;
      panel.browser.page = 0;
    }
  }
  ImGui::EndChild();
  ImGui::SameLine();
  ImGui::BeginChild("db-detail", ImVec2(0, 0), false);
  const auto& d = panel.databases[static_cast<size_t>(panel.selected)];
  ImGui::Text("%s: %zu tables%s", d.schema.db_id.c_str(), d.schema.tables.size(),
              d.schema_only ? " (schema only)" : "");
  if (ImGui::BeginTabBar("db-views")) {
    if (begin_noted_tab_item("Schema")) {
      draw_schema_tables(d);
      ImGui::EndTabItem();
    }
    if (!d.schema_only && begin_noted_tab_item("Rows")) {
      draw_row_browser(panel);
      ImGui::EndTabItem();
    }
    ImGui::EndTabBar();
  }
  ImGui::EndChild();
}

namespace {
// The row counts of big files opened, a slice at a time; each table's count is set when its database is done.
void step_row_counts(AppState& state, double budget_ms) {
  const double start = monotonic_ms();
  for (auto& d : state.databases.databases) {
    if (!d.row_counts) continue;
    while (!d.row_counts->step() && monotonic_ms() - start < budget_ms) {
    }
    if (!d.row_counts->done()) return;
    const auto& counts = d.row_counts->counts();
    for (size_t i = 0; i < d.schema.tables.size() && i < counts.size(); ++i) d.schema.tables[i].row_count = counts[i];
    d.row_counts.reset();
    if (monotonic_ms() - start >= budget_ms) return;
  }
}

const PanelRegistrar databases_panel_registrar{{"Databases", 10, draw_databases_panel, step_row_counts, nullptr}};
// {"do": "select_database", "db_id": NAME}: what clicking a database in the list does.
const PageCommandRegistrar databases_panel_select_registrar{
    "select_database", [](AppState& s, const nlohmann::json& cmd) {
      const auto id = cmd.find("db_id");
      if (id == cmd.end() || !id->is_string() || id->get<std::string>().empty())
        return notify(s, "select_database: give \"db_id\", the name of a loaded database", true);
      auto& dbs = s.databases.databases;
      for (size_t i = 0; i < dbs.size(); ++i)
        if (dbs[i].schema.db_id == id->get<std::string>()) {
          s.databases.selected = static_cast<int>(i);
          return;
        }
      notify(s, "select_database: no database named '" + id->get<std::string>() + "' is loaded", true);
    }};
}  // namespace

}  // namespace chokepoint::web
