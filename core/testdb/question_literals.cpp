// Literal extraction from questions and evidence (see question_literals.h): one left-to-right pass that takes quoted
// spans first and capitalised word runs outside them.
#include "core/testdb/question_literals.h"

#include <algorithm>
#include <cctype>
#include <set>

#include "core/base/text.h"

namespace chokepoint::testdb {
namespace {

constexpr size_t kMaxQuotedBytes = 100;

// Question, instruction and function words that are capitalised because they open a sentence or are SQL in the
// evidence (MAX(date), DIVIDE(...)); never literals. Compared case-insensitively.
const std::set<std::string>& stop_words() {
  static const std::set<std::string> words = {
      "a",      "about", "all",     "also",     "among",     "an",       "and",       "any",      "are",
      "as",     "at",    "avg",     "be",       "between",   "by",       "calculate", "can",      "case",
      "cast",   "could", "count",   "describe", "determine", "display",  "distinct",  "divide",   "do",
      "does",   "each",  "else",    "end",      "every",     "find",     "for",       "from",     "get",
      "give",   "group", "had",     "has",      "have",      "how",      "i",         "identify", "if",
      "iif",    "in",    "include", "indicate", "is",        "it",       "its",       "join",     "like",
      "list",   "max",   "mention", "min",      "multiply",  "name",     "not",       "null",     "of",
      "on",     "only",  "or",      "order",    "please",    "provide",  "real",      "return",   "select",
      "should", "show",  "sort",    "state",    "substract", "subtract", "sum",       "tell",     "than",
      "that",   "the",   "their",   "then",     "there",     "these",    "this",      "those",    "to",
      "was",    "were",  "what",    "when",     "where",     "which",    "while",     "who",      "whom",
      "whose",  "why",   "with",    "would",    "you",       "your",
  };
  return words;
}

bool is_stop_word(std::string_view w) { return stop_words().count(to_lower_ascii(w)) > 0; }

bool is_word_byte(unsigned char c) { return std::isalnum(c) || c >= 0x80; }

// Appends `text` unless empty or already there.
void add(std::vector<QuestionLiteral>& out, std::set<std::string>& seen, std::string text, LiteralSource source,
         size_t max) {
  if (text.empty() || out.size() >= max || !seen.insert(text).second) return;
  out.push_back({std::move(text), source});
}

bool starts_with_at(std::string_view s, size_t i, std::string_view what) { return s.substr(i, what.size()) == what; }

}  // namespace

std::vector<QuestionLiteral> extract_literals(std::string_view s, size_t max) {
  std::vector<QuestionLiteral> out;
  std::set<std::string> seen;
  bool sentence_start = true;
  std::vector<std::string_view> run;  // the capitalised words being collected
  size_t run_start_sentence = 0;      // 1 when the run opened a sentence
  auto flush = [&] {
    if (run.empty()) return;
    if (!(run.size() == 1 && run_start_sentence)) {
      std::string phrase;
      for (size_t k = 0; k < run.size(); ++k) phrase += (k ? " " : "") + std::string(run[k]);
      add(out, seen, phrase, LiteralSource::Capitalised, max);
      if (run.size() > 1)
        for (auto w : run) add(out, seen, std::string(w), LiteralSource::Capitalised, max);
    }
    run.clear();
  };
  size_t i = 0;
  while (i < s.size() && out.size() < max) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    // Quoted spans.
    std::string_view open, close;
    if (c == '\'' && (i == 0 || !is_word_byte(static_cast<unsigned char>(s[i - 1])))) {
      open = close = "'";
    } else if (c == '"' || c == '`') {
      open = close = s.substr(i, 1);
    } else if (starts_with_at(s, i, "\xE2\x80\x9C")) {
      open = "\xE2\x80\x9C";
      close = "\xE2\x80\x9D";
    }
    if (!open.empty()) {
      size_t j = i + open.size();
      size_t end = std::string_view::npos;
      for (; j < s.size() && j - i <= kMaxQuotedBytes + open.size() && s[j] != '\n'; ++j) {
        if (!starts_with_at(s, j, close)) continue;
        const size_t after = j + close.size();
        if (close == "'" && after < s.size() && is_word_byte(static_cast<unsigned char>(s[after]))) continue;
        end = j;
        break;
      }
      if (end != std::string_view::npos) {
        flush();
        add(out, seen, std::string(s.substr(i + open.size(), end - i - open.size())), LiteralSource::Quoted, max);
        i = end + close.size();
        sentence_start = false;
        continue;
      }
    }
    if (is_word_byte(c)) {
      size_t j = i;
      while (j < s.size()) {
        const unsigned char d = static_cast<unsigned char>(s[j]);
        if (is_word_byte(d)) {
          ++j;
        } else if ((d == '\'' || d == '-') && j + 1 < s.size() && is_word_byte(static_cast<unsigned char>(s[j + 1]))) {
          ++j;  // O'Brien, Rolls-Royce
        } else {
          break;
        }
      }
      const std::string_view word = s.substr(i, j - i);
      const bool capitalised = std::isupper(c) && !is_stop_word(word);
      if (capitalised) {
        if (run.empty()) run_start_sentence = sentence_start ? 1 : 0;
        run.push_back(word);
      } else {
        flush();
      }
      sentence_start = false;
      i = j;
      continue;
    }
    // Punctuation ends a run; spaces do not.
    if (c != ' ') flush();
    if (c == '.' || c == '?' || c == '!' || c == ';' || c == ':' || c == '\n') sentence_start = true;
    ++i;
  }
  flush();
  return out;
}

std::vector<QuestionLiteral> question_literals(std::string_view question, std::string_view evidence, size_t max) {
  auto out = extract_literals(question, max);
  std::set<std::string> seen;
  for (const auto& l : out) seen.insert(l.text);
  for (auto& l : extract_literals(evidence, max)) add(out, seen, std::move(l.text), l.source, max);
  return out;
}

}  // namespace chokepoint::testdb
