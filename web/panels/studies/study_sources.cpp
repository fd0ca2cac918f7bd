// The Studies tab's sources, in the page and in the workspace.
#include "web/panels/studies/study_sources.h"

#include <fstream>

#include <nlohmann/json.hpp>

#include "core/base/file_text.h"
#include "web/workspace/workspace.h"

namespace chokepoint::web {
namespace {

const char* const kSourcesPath = "/workspace/study_sources.json";

std::vector<std::string> names_of_study_sources(const nlohmann::json& j) {
  std::vector<std::string> out;
  if (!j.is_array()) return out;
  for (const auto& n : j)
    if (n.is_string()) out.push_back(n.get<std::string>());
  return out;
}

void write_study_sources(const StudySources& s) {
  if (!workspace_available()) return;  // the sources last as long as the page
  nlohmann::json j = nlohmann::json::object();
  if (s.augmentation)
    j["tqa-augment"] = {{"label", s.augmentation->label},
                        {"published", s.augmentation->published},
                        {"report", s.augmentation->report_text}};
  if (s.denat)
    j["denat-delta"] = {{"variant_id", s.denat->variant_id},
                        {"source_db_id", s.denat->source_db_id},
                        {"published", s.denat->published},
                        {"plan", s.denat->plan_json}};
  std::ofstream(kSourcesPath, std::ios::binary) << j.dump(2);
  persist_workspace();
}

}  // namespace

StudySources& study_sources(AppState& state) { return state.panels.get<StudySources>(); }

void remember_augmentation(AppState& state, AugmentationSource source) {
  StudySources& s = study_sources(state);
  s.augmentation = std::move(source);
  write_study_sources(s);
}

void remember_denat_variant(AppState& state, DenatSource source) {
  StudySources& s = study_sources(state);
  s.denat = std::move(source);
  write_study_sources(s);
}

void restore_study_sources(AppState& state) {
  StudySources& s = study_sources(state);
  if (s.restored || workspace_restoring() > 0) return;
  s.restored = true;
  const auto text = read_file(kSourcesPath);
  if (!text.ok()) return;
  const auto j = nlohmann::json::parse(*text, nullptr, false);
  if (!j.is_object()) return;
  const auto string_of = [](const nlohmann::json& o, const char* key) {
    return o.contains(key) && o[key].is_string() ? o[key].get<std::string>() : std::string();
  };
  if (!s.augmentation && j.contains("tqa-augment") && j["tqa-augment"].is_object()) {
    const auto& a = j["tqa-augment"];
    AugmentationSource source{string_of(a, "label"), names_of_study_sources(a.value("published", nlohmann::json())),
                              string_of(a, "report")};
    if (source.published.size() == 4 && !source.report_text.empty()) s.augmentation = std::move(source);
  }
  if (!s.denat && j.contains("denat-delta") && j["denat-delta"].is_object()) {
    const auto& d = j["denat-delta"];
    DenatSource source{string_of(d, "variant_id"), string_of(d, "source_db_id"),
                       names_of_study_sources(d.value("published", nlohmann::json())), string_of(d, "plan")};
    if (source.published.size() == 4 && !source.plan_json.empty()) s.denat = std::move(source);
  }
}

}  // namespace chokepoint::web
