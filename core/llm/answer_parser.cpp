// Decorations are stripped in a fixed order (fences, then label, then quotes) so the same answer always parses to
// the same text.
#include "core/llm/answer_parser.h"

#include "core/base/json_dump.h"
#include "core/base/text.h"
#include "core/llm/sql_answer.h"

#include <cctype>
#include <nlohmann/json.hpp>

namespace chokepoint {
namespace {

bool starts_with_ci(const std::string& s, const std::string& prefix) {
  if (s.size() < prefix.size()) return false;
  for (size_t i = 0; i < prefix.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(s[i])) != std::tolower(static_cast<unsigned char>(prefix[i]))) {
      return false;
    }
  }
  return true;
}

// "**Evidence:**" -> "Evidence:": models sometimes bold their label.
std::string strip_emphasis(std::string s) {
  while (s.size() >= 2 && (s.front() == '*' || s.front() == '_')) s.erase(s.begin());
  return s;
}

std::string strip_label(const std::string& line, const std::vector<std::string>& labels) {
  std::string s = strip_emphasis(line);
  for (const auto& label : labels) {
    if (starts_with_ci(s, label)) {
      std::string rest = s.substr(label.size());
      while (!rest.empty() && (rest.front() == '*' || rest.front() == '_')) rest.erase(rest.begin());
      return trim(rest, kAsciiSpace);
    }
  }
  return line;
}

std::string strip_quotes(std::string s) {
  if (s.size() >= 2 && ((s.front() == '"' && s.back() == '"') || (s.front() == '\'' && s.back() == '\'') ||
                        (s.front() == '`' && s.back() == '`'))) {
    s = trim(s.substr(1, s.size() - 2), kAsciiSpace);
  }
  return s;
}

}  // namespace

std::vector<std::string> content_lines(const std::string& answer) {
  std::vector<std::string> lines;
  size_t start = 0;
  while (start <= answer.size()) {
    size_t end = answer.find('\n', start);
    if (end == std::string::npos) end = answer.size();
    std::string line = trim(answer.substr(start, end - start), kAsciiSpace);
    if (!line.empty() && line.rfind("```", 0) != 0) lines.push_back(line);
    start = end + 1;
  }
  return lines;
}

Result<AnswerParser> answer_parser_from_name(const std::string& name) {
  if (name == "single_line_question") return AnswerParser::SingleLineQuestion;
  if (name == "evidence_line") return AnswerParser::EvidenceLine;
  if (name == "token_list") return AnswerParser::TokenList;
  if (name == "sql_chat") return AnswerParser::SqlChat;
  if (name == "sql_complete") return AnswerParser::SqlComplete;
  if (name == "free_text") return AnswerParser::FreeText;
  return Error{"unknown answer parser '" + name +
               "' (expected single_line_question, evidence_line, token_list, sql_chat, sql_complete or free_text)"};
}

const char* answer_parser_name(AnswerParser parser) {
  switch (parser) {
    case AnswerParser::SingleLineQuestion:
      return "single_line_question";
    case AnswerParser::EvidenceLine:
      return "evidence_line";
    case AnswerParser::TokenList:
      return "token_list";
    case AnswerParser::SqlChat:
      return "sql_chat";
    case AnswerParser::SqlComplete:
      return "sql_complete";
    case AnswerParser::FreeText:
      return "free_text";
  }
  return "";
}

// A model asked for text sometimes answers with the JSON shape of another prompt (a token list, an object); that is
// never a question or an evidence sentence, so it is rejected rather than stored as text.
static bool is_json_structure(const std::string& text) {
  if (text.empty() || (text.front() != '[' && text.front() != '{')) return false;
  const nlohmann::json doc = nlohmann::json::parse(text, nullptr, false);
  return !doc.is_discarded() && (doc.is_array() || doc.is_object());
}

Result<std::string> parse_single_line_question(const std::string& answer) {
  auto lines = content_lines(answer);
  if (lines.empty()) return Error{"the model returned an empty answer instead of a question"};
  if (lines.size() > 1) {
    return Error{"expected a single-line question, got " + std::to_string(lines.size()) + " lines: \"" +
                 lines[0].substr(0, 60) + "...\""};
  }
  std::string q = strip_quotes(strip_label(lines[0], {"new question:", "question:"}));
  if (q.empty()) return Error{"the model returned a label without a question"};
  if (is_json_structure(q)) return Error{"expected a question in plain text, got JSON: \"" + q.substr(0, 60) + "\""};
  return q;
}

Result<std::string> parse_evidence_line(const std::string& answer) {
  auto lines = content_lines(answer);
  if (lines.empty()) return Error{"the model returned an empty answer instead of an Evidence: line"};
  if (lines.size() > 1) {
    return Error{"expected a single Evidence: line, got " + std::to_string(lines.size()) + " lines"};
  }
  std::string line = strip_emphasis(lines[0]);
  if (!starts_with_ci(line, "evidence:")) {
    return Error{"the answer does not start with \"Evidence:\": \"" + lines[0].substr(0, 60) + "\""};
  }
  std::string e = strip_quotes(strip_label(line, {"evidence:"}));
  if (e.empty()) return Error{"the Evidence: line is empty"};
  if (is_json_structure(e)) return Error{"expected evidence in plain text, got JSON: \"" + e.substr(0, 60) + "\""};
  return e;
}

Result<std::vector<PositionedToken>> parse_token_list(const std::string& answer) {
  using nlohmann::json;
  std::string body;
  for (const auto& line : content_lines(answer)) body += line + "\n";
  json doc = json::parse(body, nullptr, false);
  if (doc.is_discarded()) return Error{"the answer is not JSON (expected [{\"token\": ..., \"position\": ...}])"};
  if (!doc.is_array()) return Error{"expected a JSON list of {\"token\", \"position\"} objects"};
  std::vector<PositionedToken> out;
  for (size_t i = 0; i < doc.size(); ++i) {
    const json& item = doc[i];
    if (!item.is_object() || !item.contains("token") || !item["token"].is_string() || !item.contains("position") ||
        !item["position"].is_number_integer()) {
      return Error{"item " + std::to_string(i) + " is not {\"token\": string, \"position\": integer}"};
    }
    out.push_back({item["token"].get<std::string>(), item["position"].get<long long>()});
  }
  return out;
}

Result<std::string> parse_answer(AnswerParser parser, const std::string& answer) {
  switch (parser) {
    case AnswerParser::SingleLineQuestion:
      return parse_single_line_question(answer);
    case AnswerParser::EvidenceLine:
      return parse_evidence_line(answer);
    case AnswerParser::TokenList: {
      auto tokens = parse_token_list(answer);
      if (!tokens.ok()) return Error{tokens.error()};
      nlohmann::json list = nlohmann::json::array();
      for (const auto& t : *tokens) list.push_back({{"position", t.position}, {"token", t.token}});
      return dump_json(list);
    }
    case AnswerParser::SqlChat:
    case AnswerParser::SqlComplete: {
      auto sql = extract_sql(answer, parser == AnswerParser::SqlChat ? PromptPostfix::Chat : PromptPostfix::Complete);
      if (!sql.ok()) return Error{sql.error()};
      return sql->sql;
    }
    case AnswerParser::FreeText: {
      std::string text = trim(answer, kAsciiSpace);
      if (text.empty()) return Error{"the model returned an empty answer"};
      return text;
    }
  }
  return Error{"unknown answer parser"};
}

std::string verdict_reason(std::string s) {
  for (bool again = true; again;) {
    again = false;
    s = trim(s, kAsciiSpace);
    for (const char* p : {"\xe2\x80\x94", "\xe2\x80\x93", ":", "-", ",", ".", ";", "*", "`", "\"", "'", ")", "]"}) {
      const std::string sep = p;
      if (s.compare(0, sep.size(), sep) == 0) {
        s.erase(0, sep.size());
        again = true;
      }
    }
  }
  for (const char* label : {"reason:", "why:"}) {
    const std::string l = label;
    if (s.size() >= l.size() && to_lower_ascii(s.substr(0, l.size())) == l) s = trim(s.substr(l.size()), kAsciiSpace);
  }
  return s;
}

}  // namespace chokepoint
