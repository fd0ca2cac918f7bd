// Prompt formats (see prompt_formats.h).
#include "core/runner/prompt_formats.h"

#include <sstream>
#include <string_view>

#include "core/base/text.h"
#include "core/base/text_builder.h"
#include "core/db/sql_quote.h"

namespace chokepoint::runner {
namespace {

// The twelve names, by schema, wrapper and postfix, as 004 names them: a model run looks its template up once per
// item, so the name is read from here rather than joined from its parts each time.
constexpr const char* kFormatNames[2][3][2] = {
    {{"DDL-MD-Chat", "DDL-MD-Complete"},
     {"DDL-HTML-Chat", "DDL-HTML-Complete"},
     {"DDL-Coding-Chat", "DDL-Coding-Complete"}},
    {{"SimpleDDL-MD-Chat", "SimpleDDL-MD-Complete"},
     {"SimpleDDL-HTML-Chat", "SimpleDDL-HTML-Complete"},
     {"SimpleDDL-Coding-Chat", "SimpleDDL-Coding-Complete"}},
};

std::string_view name_of(const PromptFormat& f) {
  if (!f.custom.empty()) return f.custom;
  return kFormatNames[f.schema == SchemaStyle::Ddl ? 0 : 1][static_cast<int>(f.wrapper)]
                     [f.postfix == PromptPostfix::Chat ? 0 : 1];
}

// The schema text is built by appending to one TextBuilder: a model run renders a schema per item (1,534 for BIRD
// dev), and joining temporaries ("a" + b per part), then std::string's out-of-line append per piece, cost most of
// runner_bench's time in wasm, where each call, copy and allocation is dearer than natively.
void append_joined(TextBuilder& out, const std::vector<std::string>& parts, const char* sep) {
  for (size_t i = 0; i < parts.size(); ++i) {
    if (i) out += sep;
    out += parts[i];
  }
}

void append_ddl_line(TextBuilder& out, const Table& t, bool foreign_keys) {
  out += "CREATE TABLE ";
  out += t.name;
  out += " (";
  bool first = true;
  const auto next_part = [&] {
    if (!first) out += ", ";
    first = false;
  };
  const bool single_key = t.primary_key.size() == 1;
  for (const auto& c : t.columns) {
    next_part();
    out += c.name;
    if (!c.type.empty()) {
      out += ' ';
      out += c.type;
    }
    if (single_key && iequals(c.name, t.primary_key[0])) out += " PRIMARY KEY";
  }
  if (t.primary_key.size() > 1) {
    next_part();
    out += "PRIMARY KEY (";
    append_joined(out, t.primary_key, ", ");
    out += ')';
  }
  if (foreign_keys)
    for (const auto& fk : t.foreign_keys) {
      next_part();
      out += "FOREIGN KEY (";
      append_joined(out, fk.from_columns, ", ");
      out += ") REFERENCES ";
      out += fk.to_table;
      out += " (";
      append_joined(out, fk.to_columns, ", ");
      out += ')';
    }
  out += ");";
}

// "name(a, b, c);": sized first, then written through one pointer (TextBuilder::extend), the hot loop of a model
// run's prompts.
void append_simple_line(TextBuilder& out, const Table& t) {
  const auto& columns = t.columns;
  size_t n = t.name.size() + 3;  // "(" and ");"
  for (size_t i = 0; i < columns.size(); ++i) n += columns[i].name.size() + (i ? 2 : 0);
  char* at = out.extend(n);
  TextBuilder::put(at, t.name);
  *at++ = '(';
  for (size_t i = 0; i < columns.size(); ++i) {
    if (i) {
      *at++ = ',';
      *at++ = ' ';
    }
    TextBuilder::put(at, columns[i].name);
  }
  *at++ = ')';
  *at++ = ';';
}

// The schema's lines, each begun by `line()` (which writes the separator and any prefix).
template <typename BeginLine>
void append_sample_lines(TextBuilder& out, const BeginLine& line, const std::string& table, const TableSample& s) {
  line();
  out += "/* " + std::to_string(s.rows.size()) + " example row" + (s.rows.size() == 1 ? "" : "s") + " of ";
  out += table;
  out += ':';
  line();
  append_joined(out, s.columns, "\t");
  for (const auto& r : s.rows) {
    line();
    for (size_t i = 0; i < r.size(); ++i) {
      if (i) out += '\t';
      out += r[i].display_prefix(80);
    }
  }
  line();
  out += "*/";
}

}  // namespace

std::string PromptFormat::name() const { return std::string(name_of(*this)); }

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
  // A sample table's text is about its name and columns again: reserve once for the common case.
  size_t guess = 0;
  for (const auto& t : schema.tables) guess += 32 + t.name.size() + 24 * t.columns.size();
  TextBuilder out(guess);
  const bool hash = format.wrapper == Wrapper::Md && format.schema == SchemaStyle::SimpleDdl;
  bool any_line = false;
  const auto line = [&] {
    if (any_line) out += '\n';
    any_line = true;
    if (hash) out += "# ";
  };
  for (const auto& t : schema.tables) {
    // Coding with DDL puts a blank line between tables, as a SQL file would.
    if (format.schema == SchemaStyle::Ddl && format.wrapper == Wrapper::Coding && any_line) line();
    line();
    if (format.schema == SchemaStyle::Ddl)
      append_ddl_line(out, t, options.foreign_keys);
    else
      append_simple_line(out, t);
    if (options.sample_rows > 0) {
      auto s = samples.find(t.name);
      if (s != samples.end()) append_sample_lines(out, line, t.name, s->second);
    }
  }
  if (format.schema == SchemaStyle::SimpleDdl && options.foreign_keys) {
    bool first_key = true;
    for (const auto& t : schema.tables)
      for (const auto& fk : t.foreign_keys)
        for (size_t i = 0; i < fk.from_columns.size() && i < fk.to_columns.size(); ++i) {
          if (first_key) {
            line();
            out += "foreign keys: ";
            first_key = false;
          } else {
            out += ", ";
          }
          out += t.name;
          out += '.';
          out += fk.from_columns[i];
          out += " = ";
          out += fk.to_table;
          out += '.';
          out += fk.to_columns[i];
        }
    if (!first_key) out += ';';
  }
  return std::move(out).take();
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
  size_t q_end = question.size();
  while (q_end > 0 && (question[q_end - 1] == ' ' || question[q_end - 1] == '\n')) --q_end;
  const size_t e_start = evidence.find_first_not_of(" \n\t");
  if (e_start == std::string::npos) return question.substr(0, q_end);
  constexpr std::string_view kHint = " Hint: ";
  std::string out;
  out.reserve(q_end + kHint.size() + evidence.size() - e_start);
  out.append(question, 0, q_end);
  out += kHint;
  out.append(evidence, e_start, std::string::npos);
  return out;
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

Result<const PromptTemplate*> text_to_sql_template(const PromptLibrary& library, const PromptFormat& format) {
  const std::string_view name = name_of(format);
  const PromptTemplate* t = library.find(name);
  if (!t) return Error{"the prompts folder has no template " + std::string(name) + " (prompts/manifest.json)"};
  return t;
}

Result<std::string> render_text_to_sql_prompt(const PromptTemplate& prompt, const PromptFormat& format,
                                              std::string_view schema_text, std::string_view question) {
  return render_prompt(prompt,
                       {{"schema", schema_text}, {"question", question}, {"completion", completion_text(format)}});
}

Result<std::string> render_text_to_sql_prompt(const PromptLibrary& library, const PromptFormat& format,
                                              const std::string& schema_text, const std::string& question) {
  auto t = text_to_sql_template(library, format);
  if (!t.ok()) return Error{t.error()};
  return render_text_to_sql_prompt(**t, format, schema_text, question);
}

}  // namespace chokepoint::runner
