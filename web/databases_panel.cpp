// Databases panel: opens SQLite files read-only through the core and draws their schema with row counts.
#include "web/databases_panel.h"

#include <imgui.h>

#include "core/db/connection.h"
#include "core/schema/sqlite_schema.h"

namespace chokepoint::web {
namespace {

std::string stem_of(const std::string& path) {
  auto slash = path.find_last_of('/');
  std::string base = slash == std::string::npos ? path : path.substr(slash + 1);
  auto dot = base.find_last_of('.');
  return dot == std::string::npos ? base : base.substr(0, dot);
}

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

}  // namespace

void load_database(DatabasesPanel& panel, const std::string& path) {
  LoadedDatabase d;
  d.path = path;
  auto db = Connection::open_read_only(path);
  if (!db.ok()) {
    d.error = db.error();
  } else {
    auto s = read_schema(*db, stem_of(path));
    if (s.ok())
      d.schema = std::move(s).value();
    else
      d.error = s.error();
  }
  panel.databases.push_back(std::move(d));
}

void draw_databases_panel(DatabasesPanel& panel) {
  ImGui::TextDisabled("Databases are read through SQLite compiled to WebAssembly; nothing leaves this page.");
  if (panel.databases.empty()) {
    ImGui::Text("No database loaded.");
    return;
  }
  if (ImGui::BeginTabBar("databases")) {
    for (size_t i = 0; i < panel.databases.size(); ++i) {
      const auto& d = panel.databases[i];
      const std::string label = d.schema.db_id.empty() ? stem_of(d.path) : d.schema.db_id;
      if (!ImGui::BeginTabItem(label.c_str())) continue;
      panel.selected = static_cast<int>(i);
      if (!d.error.empty()) {
        ImGui::TextColored(ImVec4(1, 0.4f, 0.4f, 1), "%s", d.error.c_str());
        ImGui::EndTabItem();
        continue;
      }
      ImGui::Text("%zu tables", d.schema.tables.size());
      for (const auto& t : d.schema.tables) {
        ImGui::SetNextItemOpen(true, ImGuiCond_Once);
        const std::string header = t.name + "  (" + std::to_string(t.row_count) + " rows)";
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
      ImGui::EndTabItem();
    }
    ImGui::EndTabBar();
  }
}

}  // namespace chokepoint::web
