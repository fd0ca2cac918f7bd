// Prompt formats (see prompt_formats.h).
#include "core/runner/prompt_formats.h"

#include <sstream>

#include "core/base/text.h"
#include "core/db/sql_quote.h"

namespace chokepoint::runner {
namespace {

const char* schema_name(SchemaStyle s) { return s == SchemaStyle::Ddl ? "DDL" : "SimpleDDL"; }
const char* wrapper_name(Wrapper w) { return w == Wrapper::Md ? "MD" : w == Wrapper::Html ? "HTML" : "Coding"; }

std::string join(const std::vector<std::string>& parts, const char* sep) {
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i) out += (i ? sep : "") + parts[i];
  return out;
}

std::string ddl_line(const Table& t, bool foreign_keys) {
  std::vector<std::string> parts;
  const bool single_key = t.primary_key.size() == 1;
  for (const auto& c : t.columns) {
    std::string p = c.name + (c.type.empty() ? "" : " " + c.type);
    if (single_key && iequals(c.name, t.primary_key[0])) p += " PRIMARY KEY";
    parts.push_back(p);
  }
  if (t.primary_key.size() > 1) parts.push_back("PRIMARY KEY (" + join(t.primary_key, ", ") + ")");
  if (foreign_keys)
    for (const auto& fk : t.foreign_keys)
      parts.push_back("FOREIGN KEY (" + join(fk.from_columns, ", ") + ") REFERENCES " + fk.to_table + " (" +
                      join(fk.to_columns, ", ") + ")");
  return "CREATE TABLE " + t.name + " (" + join(parts, ", ") + ");";
}

std::string simple_line(const Table& t) {
  std::vector<std::string> names;
  for (const auto& c : t.columns) names.push_back(c.name);
  return t.name + "(" + join(names, ", ") + ");";
}

// A sample as a comment: the column names, then a row per line, values as SQLite displays them (tab-separated).
std::vector<std::string> sample_lines(const std::string& table, const TableSample& s) {
  std::vector<std::string> out;
  out.push_back("/* " + std::to_string(s.rows.size()) + " example row" + (s.rows.size() == 1 ? "" : "s") + " of " +
                table + ":");
  out.push_back(join(s.columns, "\t"));
  for (const auto& r : s.rows) {
    std::vector<std::string> cells;
    for (const auto& v : r) cells.push_back(v.display_prefix(80));
    out.push_back(join(cells, "\t"));
  }
  out.push_back("*/");
  return out;
}

}  // namespace

std::string PromptFormat::name() const {
  if (!custom.empty()) return custom;
  return std::string(schema_name(schema)) + "-" + wrapper_name(wrapper) + "-" +
         (postfix == PromptPostfix::Chat ? "Chat" : "Complete");
}

std::vector<PromptFormat> all_prompt_formats() {
  std::vector<PromptFormat> out;
  for (auto s : {SchemaStyle::Ddl, SchemaStyle::SimpleDdl})
    for (auto w : {Wrapper::Md, Wrapper::Html, Wrapper::Coding})
      for (auto p : {PromptPostfix::Chat, PromptPostfix::Complete}) out.push_back({s, w, p, ""});
  return out;
}

Result<PromptFormat> prompt_format_from_name(const std::string& name) {
  for (const auto& f : all_prompt_formats())
    if (iequals(f.name(), name)) return f;
  return Error{"unknown prompt format '" + name +
               "' (SCHEMA-WRAPPER-POSTFIX: DDL or SimpleDDL, MD, HTML or Coding, Chat or Complete)"};
}

std::string render_schema(const Schema& schema, const PromptFormat& format, const SchemaRenderOptions& options,
                          const SampleRows& samples) {
  std::vector<std::string> lines;
  for (const auto& t : schema.tables) {
    // Coding with DDL puts a blank line between tables, as a SQL file would.
    if (format.schema == SchemaStyle::Ddl && format.wrapper == Wrapper::Coding && !lines.empty()) lines.push_back("");
    lines.push_back(format.schema == SchemaStyle::Ddl ? ddl_line(t, options.foreign_keys) : simple_line(t));
    if (options.sample_rows > 0) {
      auto s = samples.find(t.name);
      if (s != samples.end())
        for (auto& l : sample_lines(t.name, s->second)) lines.push_back(std::move(l));
    }
  }
  if (format.schema == SchemaStyle::SimpleDdl && options.foreign_keys) {
    std::vector<std::string> keys;
    for (const auto& t : schema.tables)
      for (const auto& fk : t.foreign_keys)
        for (size_t i = 0; i < fk.from_columns.size() && i < fk.to_columns.size(); ++i)
          keys.push_back(t.name + "." + fk.from_columns[i] + " = " + fk.to_table + "." + fk.to_columns[i]);
    if (!keys.empty()) lines.push_back("foreign keys: " + join(keys, ", ") + ";");
  }
  const bool hash = format.wrapper == Wrapper::Md && format.schema == SchemaStyle::SimpleDdl;
  std::string out;
  for (size_t i = 0; i < lines.size(); ++i) out += (i ? "\n" : "") + (hash ? "# " + lines[i] : lines[i]);
  return out;
}

SampleRows read_sample_rows(const Connection& db, const Schema& schema, int n) {
  SampleRows out;
  if (n <= 0) return out;
  QueryLimits limits;
  limits.max_rows = static_cast<size_t>(n);
  limits.timeout_ms = 2000;
  for (const auto& t : schema.tables) {
    auto q = db.query("SELECT * FROM " + quote_identifier(t.name) + " LIMIT " + std::to_string(n), limits);
    if (!q.ok()) continue;  // a table that cannot be read is shown without rows
    out[t.name] = {q.result.column_names, std::move(q.result.rows)};
  }
  return out;
}

std::string question_with_evidence(const std::string& question, const std::string& evidence) {
  std::string q = question, e = evidence;
  while (!q.empty() && (q.back() == ' ' || q.back() == '\n')) q.pop_back();
  size_t a = e.find_first_not_of(" \n\t");
  if (a == std::string::npos) return q;
  e = e.substr(a);
  return q + " Hint: " + e;
}

std::string completion_text(const PromptFormat& format) {
  if (format.postfix == PromptPostfix::Chat) return "";
  switch (format.wrapper) {
    case Wrapper::Md:
      return " SELECT";
    case Wrapper::Html:
      return "<SQL>SELECT";
    case Wrapper::Coding:
      return "SELECT";
  }
  return "";
}

Result<std::string> render_text_to_sql_prompt(const PromptLibrary& library, const PromptFormat& format,
                                              const std::string& schema_text, const std::string& question) {
  const PromptTemplate* t = library.find(format.name());
  if (!t) return Error{"the prompts folder has no template " + format.name() + " (prompts/manifest.json)"};
  return render_prompt(*t, {{"schema", schema_text}, {"question", question}, {"completion", completion_text(format)}});
}

}  // namespace chokepoint::runner
