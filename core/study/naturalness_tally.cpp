// Naturalness before and after renaming, tallied for the denat-delta study.
#include "core/study/naturalness_tally.h"

#include <nlohmann/json.hpp>

namespace chokepoint::study {
namespace {

int level_index(const std::string& n) { return n == "N1" ? 0 : n == "N2" ? 1 : n == "N3" ? 2 : -1; }

void add_identifier(RenamedIdentifiers& out, const nlohmann::json& ident) {
  if (!ident.is_object()) return;
  out.identifiers.push_back(
      {ident.value("old", ""), ident.value("new", ""), level_index(ident.value("naturalness", ""))});
}

}  // namespace

Result<RenamedIdentifiers> read_denat_report_identifiers(const std::string& text, const std::string& name) {
  auto doc = nlohmann::json::parse(text, nullptr, false);
  if (doc.is_discarded() || !doc.is_object() || !doc.contains("plans") || !doc["plans"].is_array())
    return Error{name + ": not a denat_report.json (no plans)"};
  RenamedIdentifiers out;
  const auto summary = doc.value("summary", nlohmann::json::object());
  out.recorded_by = summary.is_object() ? summary.value("naturalness", std::string("unknown")) : "unknown";
  for (const auto& plan : doc["plans"]) {
    if (!plan.is_object() || !plan.contains("tables") || !plan["tables"].is_array()) continue;
    for (const auto& table : plan["tables"]) {
      add_identifier(out, table);
      if (table.is_object() && table.contains("columns") && table["columns"].is_array())
        for (const auto& c : table["columns"]) add_identifier(out, c);
    }
  }
  return out;
}

RenamedIdentifiers plan_identifiers(const tqa::RenamePlan& plan) {
  RenamedIdentifiers out;
  out.recorded_by = tqa::naturalness_source_name(plan.naturalness_source);
  auto add = [&](const tqa::IdentifierRename& r) {
    out.identifiers.push_back({r.old_name, r.new_name, static_cast<int>(r.naturalness) - 1});
  };
  for (const auto& t : plan.tables) {
    add(t.table);
    for (const auto& c : t.columns) add(c);
  }
  return out;
}

NaturalnessTally tally_naturalness(const RenamedIdentifiers& ids, const Lexicon* lexicon) {
  NaturalnessTally t;
  for (const auto& id : ids.identifiers) {
    if (lexicon) {
      ++t.before[static_cast<size_t>(tqa::heuristic_naturalness(*lexicon, id.old_name)) - 1];
      ++t.after[static_cast<size_t>(tqa::heuristic_naturalness(*lexicon, id.new_name)) - 1];
    } else if (id.recorded >= 0 && id.recorded < 3) {
      ++t.before[static_cast<size_t>(id.recorded)];
    }
  }
  t.has_after = lexicon != nullptr;
  t.source = lexicon
                 ? std::string(tqa::naturalness_source_name(tqa::NaturalnessSource::heuristic))
                 : "classifier the de-naturalisation run used (" + ids.recorded_by + "), originals only: no lexicon";
  return t;
}

}  // namespace chokepoint::study
