// The judge's prompt, answer reader, merge and summary (see judge.h).
#include "core/llm_tasks/judge.h"

#include <algorithm>

#include "core/base/text.h"
#include "core/llm/answer_parser.h"
#include "core/metrics/cohen_kappa.h"
#include "core/runner/prompt_formats.h"

namespace chokepoint::llm_tasks {
namespace {

bool is_word_char(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }

// The words a verdict may start with, and the label words that may come before it ("**Verdict:** correct").
struct VerdictWord {
  const char* word;
  bool correct;
};
constexpr VerdictWord kVerdicts[] = {{"correct", true},    {"right", true},         {"yes", true},
                                     {"acceptable", true}, {"incorrect", false},    {"wrong", false},
                                     {"no", false},        {"unacceptable", false}, {"not", false}};
constexpr const char* kLabels[] = {"verdict", "answer", "judgement", "judgment", "final", "the", "is", "it"};

// A line's words in lower case (ASCII letters and digits; everything else separates), each with where it ends.
struct Word {
  std::string text;
  size_t end;
};
std::vector<Word> words_of(const std::string& line) {
  std::vector<Word> out;
  std::string w;
  for (size_t i = 0; i <= line.size(); ++i) {
    const char c = i < line.size() ? line[i] : ' ';
    if (is_word_char(c)) {
      w += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    } else if (!w.empty()) {
      out.push_back({w, i});
      w.clear();
    }
  }
  return out;
}

const VerdictWord* verdict_word(const std::string& w) {
  for (const auto& v : kVerdicts)
    if (w == v.word) return &v;
  return nullptr;
}

}  // namespace

const char* judge_mode_name(JudgeMode m) { return m == JudgeMode::Strict ? "strict" : "lenient"; }
JudgeMode judge_mode_for(bool ex) { return ex ? JudgeMode::Strict : JudgeMode::Lenient; }
const char* judge_template_name(JudgeMode m) { return m == JudgeMode::Strict ? "judge_strict" : "judge_lenient"; }

std::string result_excerpt(const ResultSet& result, size_t total_rows, const ExcerptLimits& limits) {
  total_rows = std::max(total_rows, result.rows.size());
  const size_t columns = std::min(result.column_names.size(), limits.columns);
  auto line = [&](auto cell) {
    std::string s;
    for (size_t c = 0; c < columns; ++c) s += (c ? " | " : "") + cell(c);
    if (columns < result.column_names.size())
      s += " | ... (" + std::to_string(result.column_names.size() - columns) + " more columns)";
    return s;
  };
  std::string out = line([&](size_t c) { return clip_utf8(result.column_names[c], limits.cell_bytes); }) + "\n";
  const size_t shown = std::min(result.rows.size(), limits.rows);
  for (size_t r = 0; r < shown; ++r)
    out += line([&](size_t c) {
             return c < result.rows[r].size() ? result.rows[r][c].display_prefix(limits.cell_bytes) : std::string();
           }) +
           "\n";
  if (total_rows == 0) return out + "(no rows)";
  if (shown < total_rows)
    return out + "(" + std::to_string(total_rows) + " rows in all; the first " + std::to_string(shown) + " shown)";
  return out + "(" + std::to_string(total_rows) + (total_rows == 1 ? " row)" : " rows)");
}

PromptVariables judge_variables(const JudgeInput& in) {
  auto given = [](const std::string& s) {
    const std::string t = trim(s);
    return t.empty() ? std::string("(none given)") : t;
  };
  return {{"question", given(in.question)}, {"evidence", given(in.evidence)}, {"schema", trim(in.schema_text)},
          {"gold_sql", trim(in.gold_sql)},  {"pred_sql", trim(in.pred_sql)},  {"gold_result", in.gold_result},
          {"pred_result", in.pred_result}};
}

Result<std::string> render_judge_prompt(const PromptLibrary& library, const JudgeInput& in) {
  const char* name = judge_template_name(judge_mode_for(in.ex));
  const PromptTemplate* t = library.find(name);
  if (!t) return Error{std::string("the prompts folder has no template ") + name};
  return render_prompt(*t, judge_variables(in));
}

Result<JudgeAnswer> parse_judge_answer(const std::string& answer) {
  const auto lines = content_lines(answer);
  for (size_t i = 0; i < lines.size(); ++i) {
    const auto words = words_of(lines[i]);
    for (size_t k = 0; k < words.size(); ++k) {
      const VerdictWord* v = verdict_word(words[k].text);
      if (v) {
        JudgeAnswer a{v->correct, ""};
        size_t end = words[k].end;
        // "not correct", "not wrong": "not" turns the verdict word after it around.
        if (words[k].text == "not" && k + 1 < words.size()) {
          if (const VerdictWord* after = verdict_word(words[k + 1].text)) {
            a.correct = !after->correct;
            end = words[k + 1].end;
          }
        }
        a.reason = verdict_reason(lines[i].substr(end));
        if (a.reason.empty() && i + 1 < lines.size()) a.reason = verdict_reason(lines[i + 1]);
        return a;
      }
      const bool label =
          std::any_of(std::begin(kLabels), std::end(kLabels), [&](const char* l) { return words[k].text == l; });
      if (!label) break;  // the line starts with something else: not a verdict line
    }
  }
  if (lines.empty()) return Error{"the answer is empty"};
  return Error{"no line of the answer starts with correct or incorrect"};
}

const char* judge_outcome_name(JudgeOutcome o) {
  switch (o) {
    case JudgeOutcome::NotAsked:
      return "not_asked";
    case JudgeOutcome::Agreed:
      return "agreed";
    case JudgeOutcome::Flipped:
      return "flipped";
    case JudgeOutcome::Unreadable:
      return "unreadable";
    case JudgeOutcome::NoAnswer:
      return "no_answer";
  }
  return "";
}

JudgeVerdict judge_not_asked(bool ex) { return {judge_mode_for(ex), ex, ex, JudgeOutcome::NotAsked, ""}; }

JudgeVerdict merge_judge(bool ex, const Result<std::string>& answer) {
  JudgeVerdict v = judge_not_asked(ex);
  if (!answer.ok()) {
    v.outcome = JudgeOutcome::NoAnswer;
    v.reason = "no answer (" + answer.error() + "); EX stands";
    return v;
  }
  auto read = parse_judge_answer(*answer);
  if (!read.ok()) {
    const auto lines = content_lines(*answer);
    v.outcome = JudgeOutcome::Unreadable;
    v.reason =
        "unreadable answer \"" + clip_utf8(lines.empty() ? "" : lines[0], 80) + "\" (" + read.error() + "); EX stands";
    return v;
  }
  v.judged = read->correct;
  v.outcome = read->correct == ex ? JudgeOutcome::Agreed : JudgeOutcome::Flipped;
  v.reason = clip_utf8(read->reason, 400);
  return v;
}

JudgeSummary summarize_judgements(const std::vector<JudgeVerdict>& verdicts) {
  JudgeSummary s;
  std::vector<bool> ex, judged;
  for (const auto& v : verdicts) {
    ++s.items;
    s.ex_correct += v.ex;
    s.judged_correct += v.judged;
    if (v.outcome == JudgeOutcome::NotAsked) continue;
    ++s.asked;
    if (v.outcome == JudgeOutcome::Unreadable) ++s.unreadable;
    if (v.outcome == JudgeOutcome::NoAnswer) ++s.no_answer;
    if (v.outcome == JudgeOutcome::Agreed) ++s.agreed;
    if (v.outcome == JudgeOutcome::Flipped) ++(v.ex ? s.false_positives : s.false_negatives);
    if (v.outcome == JudgeOutcome::Agreed || v.outcome == JudgeOutcome::Flipped) {
      ex.push_back(v.ex);
      judged.push_back(v.judged);
    }
  }
  if (s.items) {
    s.ex = 100.0 * s.ex_correct / s.items;
    s.judged_accuracy = 100.0 * s.judged_correct / s.items;
  }
  s.kappa_items = ex.size();
  s.kappa = cohen_kappa(kappa_counts(ex, judged));
  return s;
}

Result<std::vector<JudgeAsk>> plan_judge(const std::vector<EvalPair>& pairs, const std::vector<ItemEvaluation>& items,
                                         const std::map<std::string, std::pair<std::string, std::string>>& texts,
                                         const std::function<const Schema*(const std::string&)>& schema_of,
                                         const PromptLibrary& library, std::optional<JudgeMode> only,
                                         const ExcerptLimits& limits) {
  const runner::PromptFormat ddl{runner::SchemaStyle::Ddl, runner::Wrapper::Coding, PromptPostfix::Chat, ""};
  std::map<std::string, std::string> schema_texts;  // by db_id, rendered once
  std::vector<JudgeAsk> asks;
  for (size_t i = 0; i < items.size() && i < pairs.size(); ++i) {
    const auto& it = items[i];
    if (it.status != ItemStatus::Scored || it.pred_status != QueryStatus::Ok) continue;
    const JudgeMode mode = judge_mode_for(it.ex);
    if (only && *only != mode) continue;
    const Schema* schema = schema_of(it.db_id);
    if (!schema) continue;
    auto& schema_text = schema_texts[it.db_id];
    if (schema_text.empty()) schema_text = runner::render_schema(*schema, ddl, {});
    JudgeInput j;
    if (auto t = texts.find(pairs[i].id); t != texts.end()) std::tie(j.question, j.evidence) = t->second;
    j.schema_text = schema_text;
    j.gold_sql = pairs[i].gold_sql;
    j.pred_sql = pairs[i].pred_sql;
    j.gold_result = result_excerpt(it.gold_result, it.gold_rows, limits);
    j.pred_result = result_excerpt(it.pred_result, it.pred_rows, limits);
    j.ex = it.ex;
    auto prompt = render_judge_prompt(library, j);
    if (!prompt.ok()) return Error{prompt.error()};
    asks.push_back({i, mode, std::move(*prompt)});
  }
  return asks;
}

std::vector<JudgeVerdict> judge_verdicts(const std::vector<ItemEvaluation>& items, const std::vector<JudgeAsk>& asks,
                                         const std::vector<Result<std::string>>& answers,
                                         std::vector<JudgeVerdict>* asked_verdicts) {
  std::vector<std::optional<JudgeVerdict>> by_item(items.size());
  for (size_t k = 0; k < asks.size() && k < answers.size(); ++k) {
    if (asks[k].item >= items.size()) continue;
    by_item[asks[k].item] = merge_judge(items[asks[k].item].ex, answers[k]);
    if (asked_verdicts) asked_verdicts->push_back(*by_item[asks[k].item]);
  }
  std::vector<JudgeVerdict> all;
  for (size_t i = 0; i < items.size(); ++i) {
    if (items[i].status != ItemStatus::Scored) continue;
    all.push_back(by_item[i] ? *by_item[i] : judge_not_asked(items[i].ex));
  }
  return all;
}

}  // namespace chokepoint::llm_tasks
