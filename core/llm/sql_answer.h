// SQL from a model's answer (004 §4.1.1 prompts): the answer parsers "sql_chat" and
// "sql_complete" of prompts/manifest.json. Chat answers wrap the query in code fences,
// label it ("SQL:"), explain it before or after, or give several statements; Complete answers continue a prompt that
// ended in "SELECT", so the keyword is put back. An answer with no query is an error of its own kind, never an empty
// query to score.
#pragma once
#include <string>

#include "core/base/result.h"

namespace chokepoint {

enum class PromptPostfix { Chat, Complete };

struct ExtractedSql {
  std::string sql;  // one statement, without the trailing semicolon
  std::string how;  // where it was found: "fence", "label", "text" or "completion"
};

// The error message of an answer without a query starts with this, so reports can count the kind.
extern const char* const kNoSqlInAnswer;  // "no SQL in the answer"

Result<ExtractedSql> extract_sql(const std::string& answer, PromptPostfix postfix);

// The first statement of sql: up to the first ';' outside quotes and comments, or, in prose, the first blank line.
std::string first_statement(const std::string& sql, bool stop_at_blank_line);

}  // namespace chokepoint
