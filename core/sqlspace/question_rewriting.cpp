// Question rewriting around negative features (see question_rewriting.h).
#include "core/sqlspace/question_rewriting.h"

#include <algorithm>
#include <cctype>

#include <nlohmann/json.hpp>

#include "core/base/text.h"
#include "core/sqlspace/llm_features.h"

namespace chokepoint::sqlspace {
namespace {

int feature_id_of(const nlohmann::json& v) {
  if (v.is_number_integer()) return v.get<int>() > 0 ? v.get<int>() : 0;
  if (v.is_string()) {
    if (auto id = feature_id_of_column(v.get<std::string>())) return *id;
    const std::string s = v.get<std::string>();
    if (!s.empty() && s.size() <= 4 && s.find_first_not_of("0123456789") == std::string::npos) return std::stoi(s);
  }
  return 0;
}

std::string one_line(const std::string& s) {
  std::string out;
  bool space = false;
  for (char c : s) {
    if (c == '\n' || c == '\r' || c == '\t' || c == ' ') {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += c;
  }
  return out;
}

}  // namespace

Result<std::vector<RewriteFeature>> read_negative_features(const std::string& json_text) {
  const auto doc = nlohmann::json::parse(json_text, nullptr, false);
  if (doc.is_discarded()) return Error{"not JSON"};
  const nlohmann::json* list = &doc;
  if (doc.is_object()) {
    if (!doc.contains("negative_features") || !doc["negative_features"].is_array())
      return Error{"a JSON object without a \"negative_features\" list (space estimate's report has one)"};
    list = &doc["negative_features"];
  }
  if (!list->is_array()) return Error{"neither a list of features nor space estimate's report"};
  std::vector<RewriteFeature> out;
  for (const auto& e : *list) {
    RewriteFeature f;
    if (e.is_object()) {
      f.id = e.contains("id") ? feature_id_of(e["id"]) : e.contains("column") ? feature_id_of(e["column"]) : 0;
      if (e.contains("more_common_in") && e["more_common_in"].is_string())
        f.remove = e["more_common_in"].get<std::string>() != "right";
    } else {
      f.id = feature_id_of(e);
    }
    if (f.id <= 0) return Error{"an entry names no feature: " + e.dump()};
    if (std::none_of(out.begin(), out.end(), [&](const RewriteFeature& g) { return g.id == f.id; })) out.push_back(f);
  }
  if (out.empty()) return Error{"the list of negative features is empty"};
  return out;
}

std::vector<RewriteFeature> applicable_features(const FeatureMatrix& matrix, size_t row,
                                                const std::vector<RewriteFeature>& negatives, size_t top) {
  std::vector<RewriteFeature> out;
  if (row >= matrix.rows.size()) return out;
  for (const auto& f : negatives) {
    if (out.size() >= top) break;
    const int c = matrix.column_of(f.id);
    if (c < 0) continue;
    const bool has = matrix.rows[row].get(static_cast<size_t>(c)).value_or(false);
    if (has == f.remove) out.push_back(f);
  }
  return out;
}

Result<std::vector<RewriteAsk>> plan_rewrites(const FeatureCatalogue& catalogue, const FeatureMatrix& matrix,
                                              const std::vector<EvalItem>& items,
                                              const std::map<std::string, Schema>& schemas,
                                              const std::vector<size_t>& chosen,
                                              const std::vector<RewriteFeature>& negatives, size_t top,
                                              const PromptLibrary& library) {
  const PromptTemplate* t = library.find(kRewriteTemplate);
  if (!t) return Error{std::string("the prompts folder has no template ") + kRewriteTemplate};
  std::vector<RewriteAsk> asks;
  for (size_t item : chosen) {
    if (item >= items.size()) continue;
    const auto schema = schemas.find(items[item].db_id);
    size_t rank = 0;
    for (const auto& f : applicable_features(matrix, item, negatives, top)) {
      const Feature* feature = catalogue.find(f.id);
      PromptVariables vars{{"direction", f.remove ? "no longer has" : "has"},
                           {"predicate", feature ? feature->predicate : feature_column_name(f.id)},
                           {"schema", schema == schemas.end() ? "" : sqlspace_schema_text(schema->second)},
                           {"question", items[item].question}};
      auto prompt = render_prompt(*t, vars);
      if (!prompt.ok()) return Error{prompt.error()};
      asks.push_back({item, ++rank, f, std::move(*prompt)});
    }
  }
  return asks;
}

Result<RewrittenQuestion> parse_rewritten_question(const std::string& answer) {
  std::string text;
  const size_t open = answer.find("```");
  if (open != std::string::npos) {
    size_t body = open + 3;
    const size_t eol = answer.find('\n', body);
    const size_t close = answer.find("```", body);
    // A language tag ("```text") sits alone on the fence's line.
    if (eol != std::string::npos && (close == std::string::npos || eol < close)) {
      const std::string tag = trim(answer.substr(body, eol - body));
      if (tag.find(' ') == std::string::npos && tag.size() < 12) body = eol + 1;
    }
    text = answer.substr(body, close == std::string::npos ? std::string::npos : close - body);
  } else {
    size_t start = 0;
    while (start < answer.size()) {
      size_t end = answer.find('\n', start);
      if (end == std::string::npos) end = answer.size();
      text = trim(answer.substr(start, end - start));
      start = end + 1;
      if (!text.empty()) break;
    }
  }
  text = one_line(trim(text));
  std::string lower = text;
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (const char* label : {"rewritten question:", "question:"})
    if (lower.rfind(label, 0) == 0) {
      text = trim(text.substr(std::string(label).size()));
      break;
    }
  while (text.size() >= 2 &&
         ((text.front() == '"' && text.back() == '"') || (text.front() == '\'' && text.back() == '\'')))
    text = trim(text.substr(1, text.size() - 2));
  std::string bare;
  for (char c : text)
    if (std::isalpha(static_cast<unsigned char>(c)))
      bare += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (bare == "INVALID") return RewrittenQuestion{true, ""};
  if (text.empty()) return Error{"the answer holds no question"};
  return RewrittenQuestion{false, text};
}

RewriteSummary summarize_rewrites(const std::vector<RewriteOutcome>& outcomes) {
  RewriteSummary s;
  size_t right = 0, at1 = 0, at3 = 0;
  for (const auto& o : outcomes) {
    ++s.n;
    right += o.original;
    bool r1 = o.original, r3 = o.original;
    if (o.predicted_fail) {
      ++s.chosen;
      if (!o.rewrites.empty()) {
        ++s.rewritten;
        r1 = o.rewrites[0];
        r3 = std::any_of(o.rewrites.begin(),
                         o.rewrites.begin() + static_cast<long>(std::min<size_t>(3, o.rewrites.size())),
                         [](bool b) { return b; });
      }
    }
    at1 += r1;
    at3 += r3;
    const bool estimator_right = o.predicted_fail == !o.original;
    if (estimator_right)
      ++(r3 ? s.estimator_right_success : s.estimator_right_failure);
    else
      ++(r3 ? s.estimator_wrong_success : s.estimator_wrong_failure);
  }
  if (s.n) {
    const double n = static_cast<double>(s.n);
    s.no_rewriting = static_cast<double>(right) / n;
    s.acc_at_1 = static_cast<double>(at1) / n;
    s.acc_at_3 = static_cast<double>(at3) / n;
  }
  return s;
}

}  // namespace chokepoint::sqlspace
