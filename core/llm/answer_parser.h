// Readers for the models' answers, one per task, named in prompts/manifest.json. They accept the harmless
// decorations models add (code fences, a "Question:" label, surrounding quotes) and reject answers that do not have
// the requested shape, so a bad answer becomes an error the user sees instead of a corrupted evaluation set.
#pragma once
#include <string>
#include <vector>

#include "core/base/result.h"

namespace chokepoint {

enum class AnswerParser {
  SingleLineQuestion,  // "single_line_question": one line of text (thesis A.1, A.2)
  EvidenceLine,        // "evidence_line": one line starting "Evidence:" (thesis A.3)
  TokenList,           // "token_list": JSON [{"token": "...", "position": n}, ...] (thesis B.1)
  SqlChat,             // "sql_chat": one SQL query from a chat answer (core/llm/sql_answer.h; 004 §4.1.1)
  SqlComplete,         // "sql_complete": the rest of a query whose prompt ended in SELECT
  FreeText,            // "free_text": the answer trimmed; the task's own module reads it (e.g. runner's category)
};

Result<AnswerParser> answer_parser_from_name(const std::string& name);
const char* answer_parser_name(AnswerParser parser);

// The question without decorations.
Result<std::string> parse_single_line_question(const std::string& answer);
// The evidence text after "Evidence:", trimmed.
Result<std::string> parse_evidence_line(const std::string& answer);

struct PositionedToken {
  std::string token;
  long long position = 0;
  bool operator==(const PositionedToken& o) const { return token == o.token && position == o.position; }
};
Result<std::vector<PositionedToken>> parse_token_list(const std::string& answer);

// Dispatch for callers that hold a parser from the manifest: the normalised answer text (for token lists, the
// list re-serialised as compact JSON).
Result<std::string> parse_answer(AnswerParser parser, const std::string& answer);

// The answer's non-empty lines, trimmed, without Markdown fence lines (``` or ```json): what every line-reading
// parser looks at (here and in core/runner's classifier answers).
std::vector<std::string> content_lines(const std::string& answer);

// The reason that follows a verdict on its line ("incorrect: the filter differs", "condition_filter — wrong
// value"): leading separators, Markdown, quotes and dashes (ASCII or UTF-8 en/em) removed, then a "Reason:" or
// "Why:" label in any case. What core/runner's classifier and judge keep as the model's reason.
std::string verdict_reason(std::string s);

}  // namespace chokepoint
