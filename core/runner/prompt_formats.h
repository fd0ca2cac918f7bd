// The text-to-SQL prompt formats of 004 §4.1.1: how the schema is shown (DDL with types and keys, or SimpleDDL with
// names only), what wraps the prompt (Markdown '###' lines, HTML-like tags, or SQL comments), and how it ends (Chat:
// the model answers; Complete: the prompt ends in SELECT and the model continues it). Twelve formats, named as the
// paper names them ("SimpleDDL-MD-Chat"); prompts/manifest.json has a template of that name for each (the wording,
// in t2s_*.mustache, with the variables schema, question and completion; its parser, sql_chat or sql_complete, reads
// the answer). This module builds the variables.
#pragma once
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/result.h"
#include "core/db/connection.h"
#include "core/db/value.h"
#include "core/llm/prompt_template.h"
#include "core/llm/sql_answer.h"
#include "core/schema/schema.h"

namespace chokepoint::runner {

enum class SchemaStyle { Ddl, SimpleDdl };
enum class Wrapper { Md, Html, Coding };

struct PromptFormat {
  SchemaStyle schema = SchemaStyle::SimpleDdl;
  Wrapper wrapper = Wrapper::Md;
  PromptPostfix postfix = PromptPostfix::Chat;
  std::string custom;        // a user's own template's name (user_template.h); "" for the 12
  std::string name() const;  // "SimpleDDL-MD-Chat", "DDL-HTML-Complete", ..., or the custom name
};

std::vector<PromptFormat> all_prompt_formats();  // the 12: DDL before SimpleDDL, MD, HTML, Coding, Chat before Complete
Result<PromptFormat> prompt_format_from_name(const std::string& name);

struct SchemaRenderOptions {
  bool foreign_keys = true;  // DDL: FOREIGN KEY clauses; SimpleDDL: one "a.x = b.y" line per key
  int sample_rows = 0;       // rows shown per table (taken by the caller, see SampleRows)
};

// Rows to show per table name: the caller reads them (SELECT * FROM t LIMIT n), so rendering stays a pure function.
struct TableSample {
  std::vector<std::string> columns;
  std::vector<Row> rows;
};
using SampleRows = std::map<std::string, TableSample>;
// The first n rows of every table of the schema (values cut as the prompt shows them; at most 2 s per table).
SampleRows read_sample_rows(const Connection& db, const Schema& schema, int n);

// The schema as the format shows it, one line per table (DDL: CREATE TABLE; SimpleDDL: name(col, ...);), then the
// foreign keys (SimpleDDL) and the sample rows as comments; MD with SimpleDDL prefixes every line with "# ".
std::string render_schema(const Schema& schema, const PromptFormat& format, const SchemaRenderOptions& options,
                          const SampleRows& samples = {});
// BIRD's evidence joined to the question, as its own sentence after it (an empty evidence adds nothing).
std::string question_with_evidence(const std::string& question, const std::string& evidence);
// What the prompt ends with for Complete: " SELECT" after MD's "### SQL:", "<SQL>SELECT" for HTML, "SELECT" for
// Coding; "" for Chat.
std::string completion_text(const PromptFormat& format);

// The prompt of a format: its manifest template rendered with the schema text (render_schema), the question (with
// its evidence, question_with_evidence) and the completion.
Result<std::string> render_text_to_sql_prompt(const PromptLibrary& library, const PromptFormat& format,
                                              const std::string& schema_text, const std::string& question);
// The same in two steps, for a run that renders many prompts of one format: the format's template looked up once
// (an error names the template the prompts folder lacks), then each prompt rendered from it.
Result<const PromptTemplate*> text_to_sql_template(const PromptLibrary& library, const PromptFormat& format);
Result<std::string> render_text_to_sql_prompt(const PromptTemplate& prompt, const PromptFormat& format,
                                              std::string_view schema_text, std::string_view question);

}  // namespace chokepoint::runner
