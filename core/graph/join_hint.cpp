// Reader of the user join-hint file (format documented in join_hint.h).
#include "core/graph/join_hint.h"

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

namespace chokepoint {
namespace {

using nlohmann::json;

struct ColumnRef {
  std::string table, column;
};

Result<ColumnRef> split_reference(const json& value, const std::string& where) {
  if (!value.is_string()) return Error{where + ": expected a \"table.column\" string"};
  const auto text = value.get<std::string>();
  const auto dot = text.find('.');
  if (dot == std::string::npos || dot == 0 || dot + 1 == text.size())
    return Error{where + ": '" + text + "' is not of the form table.column"};
  return ColumnRef{text.substr(0, dot), text.substr(dot + 1)};
}

// One side of a hint: a single reference or a list of references, all in the same table.
Result<std::vector<ColumnRef>> read_side(const json& value, const std::string& where) {
  std::vector<json> items = value.is_array() ? value.get<std::vector<json>>() : std::vector<json>{value};
  if (items.empty()) return Error{where + ": empty column list"};
  std::vector<ColumnRef> out;
  for (const auto& item : items) {
    auto ref = split_reference(item, where);
    if (!ref.ok()) return Error{ref.error()};
    if (!out.empty() && out.front().table != ref->table)
      return Error{where + ": all columns of one side must belong to the same table"};
    out.push_back(*ref);
  }
  return out;
}

Result<JoinHint> read_hint(const json& entry, size_t index) {
  const std::string where = "join hint " + std::to_string(index);
  if (!entry.is_object() || !entry.contains("left") || !entry.contains("right"))
    return Error{where + ": expected an object with \"left\" and \"right\""};
  auto left = read_side(entry.at("left"), where);
  if (!left.ok()) return Error{left.error()};
  auto right = read_side(entry.at("right"), where);
  if (!right.ok()) return Error{right.error()};
  if (left->size() != right->size()) return Error{where + ": \"left\" and \"right\" list different numbers of columns"};
  JoinHint hint;
  if (entry.contains("db_id")) {
    if (!entry.at("db_id").is_string()) return Error{where + ": \"db_id\" must be a string"};
    hint.db_id = entry.at("db_id").get<std::string>();
  }
  hint.left_table = left->front().table;
  hint.right_table = right->front().table;
  for (const auto& r : *left) hint.left_columns.push_back(r.column);
  for (const auto& r : *right) hint.right_columns.push_back(r.column);
  return hint;
}

}  // namespace

JoinHint single_column_hint(std::string left_table, std::string left_column, std::string right_table,
                            std::string right_column, std::string db_id) {
  return JoinHint{std::move(db_id),
                  std::move(left_table),
                  {std::move(left_column)},
                  std::move(right_table),
                  {std::move(right_column)}};
}

Result<std::vector<JoinHint>> parse_join_hints_json(const std::string& text) {
  try {
    const json doc = json::parse(text);
    if (!doc.is_array()) return Error{"join hints must be a JSON array of {\"left\": ..., \"right\": ...} objects"};
    std::vector<JoinHint> out;
    for (size_t i = 0; i < doc.size(); ++i) {
      auto hint = read_hint(doc[i], i);
      if (!hint.ok()) return Error{hint.error()};
      out.push_back(std::move(hint).value());
    }
    return out;
  } catch (const std::exception& e) {
    return Error{std::string("malformed join hints: ") + e.what()};
  }
}

Result<std::vector<JoinHint>> load_join_hints(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Error{"cannot read '" + path + "'"};
  std::stringstream ss;
  ss << in.rdbuf();
  auto r = parse_join_hints_json(ss.str());
  if (!r.ok()) return Error{path + ": " + r.error()};
  return r;
}

}  // namespace chokepoint
