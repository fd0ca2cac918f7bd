// The LLM classifier's prompt, answer reader and merge (see error_category_llm.h).
#include "core/diagnosis/error_category_llm.h"

#include <algorithm>
#include <vector>

#include "core/base/text.h"
#include "core/llm/answer_parser.h"

namespace chokepoint::diagnosis {
namespace {

bool is_word_char(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }

// A line in lower case with '_' and '-' read as spaces and runs of spaces as one, so "Data_Processing" and
// "data  processing" read alike; origin[i] is the byte of the line that gave text[i].
struct Normalised {
  std::string text;
  std::vector<size_t> origin;
};
Normalised normalise(const std::string& line) {
  Normalised n;
  for (size_t i = 0; i < line.size(); ++i) {
    char c = line[i];
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    if (c == '_' || c == '-' || c == '\t' || c == '\r') c = ' ';
    if (c == ' ' && !n.text.empty() && n.text.back() == ' ') continue;
    n.text += c;
    n.origin.push_back(i);
  }
  return n;
}

struct Mention {
  ResultErrorKind kind;
  size_t begin, end;  // in the normalised text
};

// Whole-word mentions of the two names, by position.
std::vector<Mention> mentions(const std::string& text) {
  std::vector<Mention> out;
  for (auto [name, kind] :
       {std::pair<const char*, ResultErrorKind>{"condition filter", ResultErrorKind::ConditionFilter},
        {"data processing", ResultErrorKind::DataProcessing}}) {
    const std::string n = name;
    for (size_t p = text.find(n); p != std::string::npos; p = text.find(n, p + 1)) {
      const size_t e = p + n.size();
      if ((p > 0 && is_word_char(text[p - 1])) || (e < text.size() && is_word_char(text[e]))) continue;
      out.push_back({kind, p, e});
    }
  }
  std::sort(out.begin(), out.end(), [](const Mention& a, const Mention& b) { return a.begin < b.begin; });
  return out;
}

// Whether the line starts with the mention: before it only punctuation, Markdown and label words ("Answer:",
// "Category:", "The kind is").
bool starts_line(const std::string& text, const Mention& m) {
  static const std::vector<std::string> kLabelWords = {"answer", "category", "kind", "the",
                                                       "is",     "error",    "type", "final"};
  std::string word;
  for (size_t i = 0; i <= m.begin; ++i) {
    const char c = i < m.begin ? text[i] : ' ';
    if (is_word_char(c)) {
      word += c;
      continue;
    }
    if (!word.empty() && std::find(kLabelWords.begin(), kLabelWords.end(), word) == kLabelWords.end()) return false;
    word.clear();
  }
  return true;
}

}  // namespace

bool asks_llm_category(const ErrorClassification& c) {
  return c.error_class == ErrorClass::ResultError &&
         (c.kind == ResultErrorKind::ConditionFilter || c.kind == ResultErrorKind::DataProcessing);
}

PromptVariables error_category_variables(const std::string& question, const std::string& gold_sql,
                                         const std::string& pred_sql) {
  const std::string q = trim(question);
  return {{"question", q.empty() ? "(none given)" : q}, {"gold_sql", trim(gold_sql)}, {"pred_sql", trim(pred_sql)}};
}

Result<std::string> render_error_category_prompt(const PromptLibrary& library, const std::string& question,
                                                 const std::string& gold_sql, const std::string& pred_sql) {
  const PromptTemplate* t = library.find(kErrorCategoryTemplate);
  if (!t) return Error{std::string("the prompts folder has no template ") + kErrorCategoryTemplate};
  return render_prompt(*t, error_category_variables(question, gold_sql, pred_sql));
}

Result<LlmCategoryAnswer> parse_error_category_answer(const std::string& answer) {
  const auto lines = content_lines(answer);
  for (size_t i = 0; i < lines.size(); ++i) {
    const Normalised n = normalise(lines[i]);
    const auto found = mentions(n.text);
    if (found.empty()) continue;
    const bool both =
        std::any_of(found.begin(), found.end(), [&](const Mention& m) { return m.kind != found[0].kind; });
    if (both && !starts_line(n.text, found[0]))
      return Error{"the answer names both condition_filter and data_processing: \"" + clip_utf8(lines[i], 80) + "\""};
    LlmCategoryAnswer a;
    a.kind = found[0].kind;
    a.reason = verdict_reason(lines[i].substr(n.origin[found[0].end - 1] + 1));
    if (a.reason.empty() && i + 1 < lines.size()) a.reason = verdict_reason(lines[i + 1]);
    return a;
  }
  if (lines.empty()) return Error{"the answer is empty"};
  return Error{"the answer names neither condition_filter nor data_processing"};
}

const char* llm_category_outcome_name(LlmCategoryOutcome o) {
  switch (o) {
    case LlmCategoryOutcome::Agreed:
      return "agreed";
    case LlmCategoryOutcome::Changed:
      return "changed";
    case LlmCategoryOutcome::Unreadable:
      return "unreadable";
    case LlmCategoryOutcome::NoAnswer:
      return "no_answer";
  }
  return "";
}

LlmCategoryDecision merge_llm_category(const ErrorClassification& rule, const std::string& model,
                                       const Result<std::string>& answer) {
  LlmCategoryDecision d{rule, LlmCategoryOutcome::NoAnswer};
  if (!asks_llm_category(rule)) return d;  // the rules' first three subcategories are not the model's to change
  const std::string who = "LLM (" + model + "): ";
  if (!answer.ok()) {
    d.classification.evidence.push_back(who + "no answer (" + answer.error() + "); the rule's decision stands");
    return d;
  }
  auto read = parse_error_category_answer(*answer);
  if (!read.ok()) {
    const auto lines = content_lines(*answer);
    d.outcome = LlmCategoryOutcome::Unreadable;
    d.classification.evidence.push_back(who + "unreadable answer \"" + clip_utf8(lines.empty() ? "" : lines[0], 80) +
                                        "\" (" + read.error() + "); the rule's decision stands");
    return d;
  }
  d.outcome = read->kind == rule.kind ? LlmCategoryOutcome::Agreed : LlmCategoryOutcome::Changed;
  std::string line = who + result_error_kind_name(read->kind);
  if (!read->reason.empty()) line += " \xe2\x80\x94 " + clip_utf8(read->reason, 240);
  if (d.outcome == LlmCategoryOutcome::Changed)
    line += std::string(" (the rule said ") + result_error_kind_name(rule.kind) + ")";
  d.classification.kind = read->kind;
  d.classification.direction = ErrorDirection::None;
  d.classification.decided_by = ErrorDecider::Llm;
  d.classification.evidence.push_back(std::move(line));
  return d;
}

}  // namespace chokepoint::diagnosis
