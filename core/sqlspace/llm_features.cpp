// LLM features: prompts per aspect and the reading of their JSON answers (see llm_features.h).
#include "core/sqlspace/llm_features.h"

#include <algorithm>
#include <cctype>

#include "core/base/text.h"
#include "core/testdb/json_answer.h"

namespace chokepoint::sqlspace {
namespace {

// "Yes", "yes.", "YES!", "Yes, because ...", true, 1 → true; "No", false, 0 → false; anything else → none.
std::optional<bool> yes_no(const nlohmann::ordered_json& v) {
  if (v.is_boolean()) return v.get<bool>();
  if (v.is_number_integer() || v.is_number_unsigned()) {
    const auto n = v.get<long long>();
    if (n == 0 || n == 1) return n == 1;
    return std::nullopt;
  }
  if (!v.is_string()) return std::nullopt;
  const std::string w = testdb::loose_key(v.get<std::string>());
  if (w == "yes" || w == "y" || w == "true") return true;
  if (w == "no" || w == "n" || w == "false") return false;
  // "Yes, the question ..." / "No - it does not": the leading word decides.
  const std::string text = trim(v.get<std::string>());
  size_t end = 0;
  while (end < text.size() && std::isalpha(static_cast<unsigned char>(text[end]))) ++end;
  const std::string first = testdb::loose_key(text.substr(0, end));
  if (end < text.size() && (first == "yes" || first == "no")) return first == "yes";
  return std::nullopt;
}

// The feature id a key names among `asked`: f009, F-009, 9, #9, feature 9, or the predicate's words.
int asked_id_of_key(const std::string& key, const std::vector<int>& asked, const FeatureCatalogue& catalogue) {
  const std::string k = testdb::loose_key(key);
  std::string digits;
  for (char c : k)
    if (std::isdigit(static_cast<unsigned char>(c))) digits += c;
  const std::string letters = k.substr(0, k.find_first_of("0123456789"));
  if (!digits.empty() && digits.size() <= 4 && k.size() == letters.size() + digits.size() &&
      (letters.empty() || letters == "f" || letters == "feature" || letters == "id")) {
    const int id = std::stoi(digits);
    if (std::find(asked.begin(), asked.end(), id) != asked.end()) return id;
    return 0;
  }
  for (int id : asked)
    if (const Feature* f = catalogue.find(id); f && testdb::loose_key(f->predicate) == k) return id;
  return 0;
}

void add_decision(std::vector<FeatureDecision>& out, int id, bool value) {
  for (const auto& d : out)
    if (d.id == id) return;  // the first answer of a feature counts
  out.push_back({id, value});
}

// Without a JSON object: lines "f009: Yes", "- f009 = no", "f009 - Yes".
std::vector<FeatureDecision> line_answers(const std::string& answer, const std::vector<int>& asked,
                                          const FeatureCatalogue& catalogue) {
  std::vector<FeatureDecision> out;
  size_t start = 0;
  while (start <= answer.size()) {
    size_t end = answer.find('\n', start);
    if (end == std::string::npos) end = answer.size();
    std::string line = trim(answer.substr(start, end - start));
    start = end + 1;
    while (!line.empty() && (line[0] == '-' || line[0] == '*' || line[0] == '"')) line = trim(line.substr(1));
    const size_t sep = line.find_first_of(":=");
    if (sep == std::string::npos) continue;
    const int id = asked_id_of_key(line.substr(0, sep), asked, catalogue);
    if (id == 0) continue;
    std::string value = trim(line.substr(sep + 1));
    const size_t space = value.find_first_of(" \t(,");
    if (space != std::string::npos) value = value.substr(0, space);
    if (auto v = yes_no(nlohmann::ordered_json(value))) add_decision(out, id, *v);
  }
  return out;
}

std::string feature_lines(const FeatureCatalogue& catalogue, const std::vector<int>& ids) {
  std::string out;
  for (int id : ids) out += "- " + feature_column_name(id) + ": " + catalogue.find(id)->predicate + "\n";
  if (!out.empty()) out.pop_back();
  return out;
}

std::string answer_shape(const std::vector<int>& ids) {
  std::string out = "{";
  for (size_t i = 0; i < ids.size(); ++i)
    out += (i ? ", \"" : "\"") + feature_column_name(ids[i]) + "\": \"Yes or No\"";
  return out + "}";
}

}  // namespace

std::string llm_feature_template(Aspect aspect) { return std::string("sqlspace_") + aspect_name(aspect); }

std::string sqlspace_schema_text(const Schema& schema) {
  std::string out = schema.db_id;
  for (const auto& t : schema.tables) {
    out += " | " + t.name + " :";
    for (size_t i = 0; i < t.columns.size(); ++i) out += (i ? ", " : " ") + t.columns[i].name;
  }
  return out;
}

Result<std::vector<LlmFeatureAsk>> plan_llm_features(const FeatureCatalogue& catalogue, const FeatureMatrix& matrix,
                                                     const std::vector<EvalItem>& items,
                                                     const std::map<std::string, Schema>& schemas,
                                                     const PromptLibrary& library, const LlmFeatureOptions& options) {
  const size_t batch = std::max<size_t>(1, options.batch_size);
  // Columns to ask per aspect, in id order.
  std::vector<std::vector<int>> by_aspect(kAspectCount);
  for (int id : matrix.feature_ids) {
    const Feature* f = catalogue.find(id);
    if (!f || (f->deterministic() && !options.include_deterministic)) continue;
    if (!options.aspects.empty() &&
        std::find(options.aspects.begin(), options.aspects.end(), f->aspect) == options.aspects.end())
      continue;
    if (!options.show_sql && (f->aspect == Aspect::SqlSyntax || f->aspect == Aspect::ExampleSemantics)) continue;
    by_aspect[static_cast<size_t>(f->aspect)].push_back(id);
  }
  std::vector<const PromptTemplate*> templates(kAspectCount, nullptr);
  for (size_t a = 0; a < kAspectCount; ++a) {
    if (by_aspect[a].empty()) continue;
    const std::string name = llm_feature_template(static_cast<Aspect>(a));
    templates[a] = library.find(name);
    if (!templates[a]) return Error{"the prompts folder has no template " + name + " (prompts/manifest.json)"};
  }
  const std::string no_sql = "(not shown: the question is judged before any SQL exists)";
  std::vector<LlmFeatureAsk> asks;
  for (size_t row = 0; row < items.size() && row < matrix.rows.size(); ++row) {
    const EvalItem& item = items[row];
    const auto schema = schemas.find(item.db_id);
    for (size_t a = 0; a < kAspectCount; ++a) {
      const auto& ids = by_aspect[a];
      if (ids.empty()) continue;
      const uint8_t inputs = paper_inputs(static_cast<Aspect>(a));
      const bool sql_needed = (inputs & kSql) && static_cast<Aspect>(a) != Aspect::Pragmatics;
      if (sql_needed && item.sql.empty()) continue;
      if ((inputs & kSchema) && schema == schemas.end()) continue;
      if ((inputs & kQuestion) && item.question.empty()) continue;
      for (size_t from = 0; from < ids.size(); from += batch) {
        const std::vector<int> part(ids.begin() + static_cast<long>(from),
                                    ids.begin() + static_cast<long>(std::min(ids.size(), from + batch)));
        PromptVariables vars;
        for (const auto& v : templates[a]->variables) {
          if (v == "question") vars[v] = item.question;
          if (v == "query") vars[v] = options.show_sql && !item.sql.empty() ? item.sql : no_sql;
          if (v == "schema") vars[v] = schema == schemas.end() ? "" : sqlspace_schema_text(schema->second);
          if (v == "properties") vars[v] = feature_lines(catalogue, part);
          if (v == "answer_shape") vars[v] = answer_shape(part);
        }
        auto prompt = render_prompt(*templates[a], vars);
        if (!prompt.ok()) return Error{prompt.error()};
        asks.push_back({row, static_cast<Aspect>(a), part, std::move(*prompt)});
      }
    }
  }
  return asks;
}

Result<std::vector<FeatureDecision>> parse_llm_feature_answer(const std::string& answer, const std::vector<int>& asked,
                                                              const FeatureCatalogue& catalogue) {
  std::vector<FeatureDecision> out;
  auto object = testdb::first_json_object(answer);
  if (object.ok()) {
    // {"answers": {...}} and similar single wrappers: look one level down when the top has no asked key.
    const nlohmann::ordered_json* doc = &*object;
    bool any = false;
    for (const auto& [key, value] : doc->items()) any = any || asked_id_of_key(key, asked, catalogue) != 0;
    if (!any && doc->size() == 1 && doc->begin()->is_object()) doc = &*doc->begin();
    for (const auto& [key, value] : doc->items()) {
      const int id = asked_id_of_key(key, asked, catalogue);
      if (id == 0) continue;
      if (auto v = yes_no(value)) add_decision(out, id, *v);
    }
  } else {
    out = line_answers(answer, asked, catalogue);
  }
  if (out.empty())
    return Error{object.ok() ? "the answer's JSON answers none of the features asked with Yes or No"
                             : (trim(answer).empty() ? "the answer is empty"
                                                     : "the answer holds no JSON object and no \"f001: Yes\" line")};
  std::sort(out.begin(), out.end(), [](const FeatureDecision& a, const FeatureDecision& b) { return a.id < b.id; });
  return out;
}

LlmFeatureReading read_llm_features(const FeatureMatrix& matrix, const std::vector<LlmFeatureAsk>& asks,
                                    const std::vector<Result<std::string>>& answers,
                                    const FeatureCatalogue& catalogue) {
  LlmFeatureReading r;
  r.answers.feature_ids = matrix.feature_ids;
  for (const auto& row : matrix.rows) r.answers.rows.push_back(r.answers.new_row(row.key, row.db_id));
  for (size_t k = 0; k < asks.size(); ++k) {
    const auto& ask = asks[k];
    ++r.prompts;
    r.cells_asked += ask.feature_ids.size();
    const std::string where = (ask.row < matrix.rows.size() ? matrix.rows[ask.row].key : std::to_string(ask.row)) +
                              " " + aspect_name(ask.aspect) + ": ";
    if (k >= answers.size() || !answers[k].ok()) {
      ++r.failed;
      r.notes.push_back(where + (k < answers.size() ? answers[k].error() : std::string("no answer")));
      continue;
    }
    auto read = parse_llm_feature_answer(*answers[k], ask.feature_ids, catalogue);
    if (!read.ok()) {
      ++r.unreadable;
      r.notes.push_back(where + read.error());
      continue;
    }
    ++r.answered;
    if (ask.row >= r.answers.rows.size()) continue;
    for (const auto& d : *read) {
      r.answers.set(r.answers.rows[ask.row], d);
      ++r.cells_answered;
    }
  }
  return r;
}

size_t fill_unknown_cells(FeatureMatrix& matrix, const FeatureMatrix& llm) {
  size_t filled = 0;
  for (size_t i = 0; i < matrix.rows.size() && i < llm.rows.size(); ++i)
    for (size_t c = 0; c < matrix.feature_ids.size(); ++c) {
      const int lc = llm.column_of(matrix.feature_ids[c]);
      if (lc < 0 || matrix.rows[i].get(c)) continue;
      if (auto v = llm.rows[i].get(static_cast<size_t>(lc))) {
        matrix.rows[i].set(c, *v);
        ++filled;
      }
    }
  return filled;
}

}  // namespace chokepoint::sqlspace
