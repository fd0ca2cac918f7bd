// Reading augment_report.json.
#include "core/study/augment_report_file.h"

#include <set>

#include <nlohmann/json.hpp>

namespace chokepoint::study {

Result<AugmentReport> read_augment_report(const std::string& text, const std::string& name) {
  auto doc = nlohmann::json::parse(text, nullptr, false);
  if (doc.is_discarded() || !doc.is_object() || !doc.contains("hiding") || !doc["hiding"].is_object() ||
      !doc.contains("attributes") || !doc["attributes"].is_object())
    return Error{name + ": not an augment_report.json (no hiding or attributes)"};
  AugmentInputs in;
  in.hiding_rule = doc.value("hiding_rule", "");
  auto whole = [](const nlohmann::json& o, const char* key) -> size_t {
    return o.contains(key) && o[key].is_number_unsigned() ? o[key].get<size_t>() : 0;
  };
  auto real = [](const nlohmann::json& o, const char* key) {
    return o.contains(key) && o[key].is_number() ? o[key].get<double>() : 0.0;
  };
  for (const char* code : {"SR", "BT", "CA"}) {
    if (!doc["hiding"].contains(code) || !doc["hiding"][code].is_object()) continue;
    const auto& h = doc["hiding"][code];
    in.hiding.push_back({code, whole(h, "question_hidden"), whole(h, "question_scored"), whole(h, "evidence_hidden"),
                         whole(h, "evidence_scored")});
  }
  for (const char* v : augment_variants()) {
    if (!doc["attributes"].contains(v) || !doc["attributes"][v].is_object()) continue;
    const auto& a = doc["attributes"][v];
    in.attributes.push_back({v, whole(a, "queries"), real(a, "join_in_questions"),
                             real(a, "projection_filter_in_questions"), real(a, "join_in_evidence"),
                             real(a, "projection_filter_in_evidence")});
  }
  AugmentReport report{std::move(in), {}};
  std::set<std::string> seen;
  if (doc.contains("items_detail") && doc["items_detail"].is_array())
    for (const auto& it : doc["items_detail"]) {
      if (!it.is_object() || !it.contains("id") || !it.contains("linker_table") || !it["linker_table"].is_string())
        continue;
      const std::string key = it["id"].is_string() ? it["id"].get<std::string>() : it["id"].dump();
      if (seen.insert(key).second)
        report.linkers.push_back({key, it.value("db_id", std::string()), it["linker_table"].get<std::string>()});
    }
  return report;
}

Result<PresenceRow> linker_presence_row(const std::string& variant, const std::vector<tqa::ItemLinker>& linkers,
                                        const std::map<std::string, std::vector<std::string>>& tables,
                                        const std::string& source) {
  const auto t = tqa::linker_table_presence(linkers, tables);
  if (!linkers.empty() && t.no_retrieval == linkers.size() && !tables.empty())
    return Error{source + " names none of the augmented items"};
  return PresenceRow{variant, t.retrieved, t.missed, t.no_retrieval};
}

}  // namespace chokepoint::study
