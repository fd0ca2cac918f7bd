// SQL-to-Text prompts, answers and summary (see the header).
#include "core/llm_tasks/sql_to_text.h"

#include <cctype>
#include <cmath>
#include <sstream>

#include "core/base/text.h"

namespace chokepoint::llm_tasks {
namespace {

std::string lower(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// Markdown emphasis, list bullets, heading marks and quotes around a line's text.
std::string strip_decoration(std::string s) {
  s = trim(s, kAsciiSpace);
  const std::string marks = "*_#>`\"'-";
  size_t b = 0, e = s.size();
  while (b < e && (marks.find(s[b]) != std::string::npos || std::isspace(static_cast<unsigned char>(s[b])))) ++b;
  while (e > b && (marks.find(s[e - 1]) != std::string::npos || std::isspace(static_cast<unsigned char>(s[e - 1]))))
    --e;
  return s.substr(b, e - b);
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

Result<std::string> render(const PromptLibrary& library, const char* name, const PromptVariables& variables) {
  const PromptTemplate* t = library.find(name);
  if (!t) return Error{std::string("the prompts folder has no template '") + name + "'"};
  return render_prompt(*t, variables);
}

std::optional<double> share(size_t part, size_t whole) {
  if (whole == 0) return std::nullopt;
  return 100.0 * static_cast<double>(part) / static_cast<double>(whole);
}

}  // namespace

Result<std::string> render_sql_to_text_prompt(const PromptLibrary& library, const std::string& sql,
                                              const std::string& evidence) {
  return render(library, kSqlToTextTemplate,
                {{"sql", sql}, {"evidence", evidence.empty() ? "(none given)" : evidence}});
}

Result<std::string> parse_described_question(const std::string& answer) {
  const auto lines = lines_of(answer);
  for (const auto& line : lines) {
    const std::string l = lower(line);
    const size_t at = l.find("question:");
    if (at == std::string::npos) continue;
    // The label must start the line once its decoration is gone ("**Question:** ...", "- question: ...").
    if (!strip_decoration(line.substr(0, at)).empty()) continue;
    std::string q = strip_decoration(line.substr(at + 9));
    if (!q.empty()) return q;
  }
  std::vector<std::string> kept;
  for (const auto& line : lines)
    if (!trim(line, kAsciiSpace).empty()) kept.push_back(strip_decoration(line));
  if (kept.size() == 1 && !kept[0].empty() && lower(kept[0]).rfind("question:", 0) != 0) return kept[0];
  return Error{answer.empty() ? "the answer is empty" : "no line of the answer gives a question"};
}

DescribedItem described_item(const DescribeSubject& subject, const Result<std::string>& answer) {
  DescribedItem it;
  it.id = subject.id;
  it.reference = subject.question;
  it.ex = subject.ex;
  if (!answer.ok()) {
    it.error = answer.error();
    return it;
  }
  auto q = parse_described_question(*answer);
  if (!q.ok()) {
    it.error = q.error();
    return it;
  }
  it.generated = *q;
  it.rouge = rouge_scores(*q, it.reference);
  return it;
}

Result<std::string> render_equivalence_prompt(const PromptLibrary& library, const std::string& first,
                                              const std::string& second) {
  return render(library, kQuestionEquivalenceTemplate, {{"first", first}, {"second", second}});
}

Result<bool> parse_equivalence_answer(const std::string& answer) {
  for (const auto& raw : lines_of(answer)) {
    std::string line = lower(strip_decoration(raw));
    if (line.empty()) continue;
    const size_t colon = line.find(':');
    if (colon != std::string::npos && colon < 20 && line.compare(0, 6, "answer") == 0)
      line = lower(strip_decoration(line.substr(colon + 1)));
    size_t e = 0;
    while (e < line.size() && std::isalpha(static_cast<unsigned char>(line[e]))) ++e;
    const std::string word = line.substr(0, e);
    if (word == "true" || word == "yes" || word == "same") return true;
    if (word == "false" || word == "no" || word == "different") return false;
    return Error{"the answer does not start with True or False: " + line.substr(0, 80)};
  }
  return Error{"the answer is empty"};
}

double embedding_cosine(const std::vector<double>& a, const std::vector<double>& b) {
  double dot = 0, na = 0, nb = 0;
  for (size_t i = 0; i < a.size() && i < b.size(); ++i) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return na > 0 && nb > 0 ? dot / std::sqrt(na * nb) : 0;
}

namespace {

void count_prediction(ExPrediction& p, bool judged_different, bool ex) {
  ++p.items;
  if (judged_different && !ex) ++p.true_positive;
  if (judged_different && ex) ++p.false_positive;
  if (!judged_different && !ex) ++p.false_negative;
  if (!judged_different && ex) ++p.true_negative;
}

void finish_prediction(ExPrediction& p) {
  if (p.true_positive + p.false_positive > 0)
    p.precision =
        100.0 * static_cast<double>(p.true_positive) / static_cast<double>(p.true_positive + p.false_positive);
  if (p.true_positive + p.false_negative > 0)
    p.recall = 100.0 * static_cast<double>(p.true_positive) / static_cast<double>(p.true_positive + p.false_negative);
}

}  // namespace

DescribeSummary summarize_descriptions(const std::vector<DescribedItem>& items) {
  DescribeSummary s;
  s.n = items.size();
  std::vector<RougeScores> rouge;
  double cosine = 0;
  size_t forward = 0, forward_same = 0, backward = 0, backward_same = 0;
  for (const auto& it : items) {
    rouge.push_back(it.rouge);
    if (it.generated) {
      ++s.described;
    } else {
      ++s.unreadable;
    }
    if (it.cosine) {
      cosine += *it.cosine;
      ++s.cosine_items;
    }
    if (it.same_forward) {
      ++forward;
      forward_same += *it.same_forward;
    }
    if (it.same_backward) {
      ++backward;
      backward_same += *it.same_backward;
    }
    if (it.generated && (!it.same_forward || !it.same_backward)) ++s.judge_unreadable;
    if (it.ex && it.same_forward && it.same_backward) {
      count_prediction(s.different_both, !*it.same_forward && !*it.same_backward, *it.ex);
      count_prediction(s.different_either, !*it.same_forward || !*it.same_backward, *it.ex);
    }
  }
  s.rouge = mean_rouge(rouge);
  if (s.cosine_items > 0) s.cosine = cosine / static_cast<double>(s.cosine_items);
  s.judge_forward = share(forward_same, forward);
  s.judge_backward = share(backward_same, backward);
  if (s.judge_forward && s.judge_backward) s.judge_average = (*s.judge_forward + *s.judge_backward) / 2;
  finish_prediction(s.different_both);
  finish_prediction(s.different_either);
  return s;
}

}  // namespace chokepoint::llm_tasks
