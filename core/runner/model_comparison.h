// Several models in one run (004 Table 3 is a format × model table of EX). Each endpoint is one
// column named after its model; names that collide are told apart by the endpoint's host, then by position, and
// each name has a spelling safe in a file name (predict writes PRED.<model>.<format>.json).
#pragma once
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/base/result.h"

namespace chokepoint::runner {

struct ModelEndpoint {
  std::string model;     // the model field of the endpoint's configuration
  std::string base_url;  // where its calls go
};

// "host:port" of a URL, without scheme, credentials or path ("" when there is none).
std::string url_authority(const std::string& url);

// One name per endpoint, in order: the model; "model@host:port" when another endpoint has the same model; and
// "#1", "#2", ... after it (in endpoint order) when the host does not tell them apart either.
std::vector<std::string> model_column_names(const std::vector<ModelEndpoint>& endpoints);

// Each name with every character outside [A-Za-z0-9._-] replaced by '_' (no leading '.', never empty), and a "-2",
// "-3", ... suffix on a name whose spelling an earlier one already took, so no two runs share a file.
std::vector<std::string> file_safe_names(const std::vector<std::string>& names);

// 004 Table 3: rows are formats, columns models, cells EX in percent. ex[{model, format}]; a missing cell is null
// (the run was not scored, e.g. without databases).
struct FormatModelTable {
  std::string semantics;            // the EX semantics of the cells ("bird")
  std::vector<std::string> models;  // columns, in the order given
  std::vector<std::string> formats;
  std::map<std::pair<std::string, std::string>, double> ex;
};
// {"semantics", "columns": [models], "rows": [{"format", "ex": [cell per column]}]}.
nlohmann::json format_model_table_json(const FormatModelTable& table);
// The table back from format_model_table_json's shape (the app keeps it in the workspace across reloads). A row
// whose cells do not match the columns, or a cell that is neither a number nor null, is refused by name.
Result<FormatModelTable> parse_format_model_table(const nlohmann::json& j);

}  // namespace chokepoint::runner
