// Names and table of a run over several models (see model_comparison.h).
#include "core/runner/model_comparison.h"

#include <set>

namespace chokepoint::runner {

std::string url_authority(const std::string& url) {
  size_t begin = url.find("://");
  begin = begin == std::string::npos ? 0 : begin + 3;
  size_t end = url.find_first_of("/?#", begin);
  std::string authority = url.substr(begin, end == std::string::npos ? std::string::npos : end - begin);
  // A user:password@ prefix is a credential; a name built from it would end up in file names and reports.
  if (auto at = authority.rfind('@'); at != std::string::npos) authority = authority.substr(at + 1);
  return authority;
}

std::vector<std::string> model_column_names(const std::vector<ModelEndpoint>& endpoints) {
  std::map<std::string, size_t> per_model;
  for (const auto& e : endpoints) ++per_model[e.model];
  std::vector<std::string> names;
  for (const auto& e : endpoints) {
    std::string name = e.model;
    if (per_model[e.model] > 1) name += "@" + url_authority(e.base_url);
    names.push_back(std::move(name));
  }
  std::map<std::string, size_t> per_name, seen;
  for (const auto& n : names) ++per_name[n];
  for (auto& n : names)
    if (per_name[n] > 1) n += "#" + std::to_string(++seen[n]);
  return names;
}

std::vector<std::string> file_safe_names(const std::vector<std::string>& names) {
  std::vector<std::string> out;
  std::set<std::string> taken;
  for (const auto& name : names) {
    std::string safe;
    for (char c : name) {  // ASCII ranges, not isalnum: the same bytes give the same name in every locale
      const bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
                        c == '_' || c == '-';
      safe += keep ? c : '_';
    }
    // A leading '.' would hide the file (and ".." would climb out of the folder).
    if (safe.empty() || safe.front() == '.') safe.insert(safe.begin(), '_');
    std::string unique = safe;
    for (int k = 2; taken.count(unique); ++k) unique = safe + "-" + std::to_string(k);
    taken.insert(unique);
    out.push_back(unique);
  }
  return out;
}

nlohmann::json format_model_table_json(const FormatModelTable& table) {
  nlohmann::json rows = nlohmann::json::array();
  for (const auto& f : table.formats) {
    nlohmann::json cells = nlohmann::json::array();
    for (const auto& m : table.models) {
      auto it = table.ex.find({m, f});
      cells.push_back(it == table.ex.end() ? nlohmann::json(nullptr) : nlohmann::json(it->second));
    }
    rows.push_back({{"format", f}, {"ex", std::move(cells)}});
  }
  return {{"semantics", table.semantics}, {"columns", table.models}, {"rows", std::move(rows)}};
}

Result<FormatModelTable> parse_format_model_table(const nlohmann::json& j) {
  if (!j.is_object()) return Error{"a format x model table is a JSON object"};
  FormatModelTable t;
  if (j.contains("semantics") && j["semantics"].is_string()) t.semantics = j["semantics"].get<std::string>();
  const auto columns = j.find("columns");
  const auto rows = j.find("rows");
  if (columns == j.end() || !columns->is_array() || rows == j.end() || !rows->is_array())
    return Error{"a format x model table needs the arrays \"columns\" and \"rows\""};
  for (const auto& c : *columns) {
    if (!c.is_string()) return Error{"a column of the format x model table is not a model name: " + c.dump()};
    t.models.push_back(c.get<std::string>());
  }
  for (const auto& r : *rows) {
    if (!r.is_object() || !r.contains("format") || !r["format"].is_string() || !r.contains("ex") || !r["ex"].is_array())
      return Error{"a row of the format x model table needs \"format\" and \"ex\": " + r.dump()};
    const std::string format = r["format"].get<std::string>();
    if (r["ex"].size() != t.models.size())
      return Error{"the row of " + format + " has " + std::to_string(r["ex"].size()) + " cells for " +
                   std::to_string(t.models.size()) + " models"};
    t.formats.push_back(format);
    for (size_t m = 0; m < t.models.size(); ++m) {
      const auto& cell = r["ex"][m];
      if (cell.is_number())
        t.ex[{t.models[m], format}] = cell.get<double>();
      else if (!cell.is_null())
        return Error{"the cell of " + format + " x " + t.models[m] + " is neither a number nor null"};
    }
  }
  return t;
}

}  // namespace chokepoint::runner
