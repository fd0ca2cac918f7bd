// Critic criteria, answer reading and acceptance (see critic.h).
#include "core/testdb/critic.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "core/testdb/json_answer.h"

namespace chokepoint::testdb {
namespace {

using Json = nlohmann::ordered_json;

// The member of `obj` whose loose key is `want`, or nullptr.
const Json* member(const Json& obj, const std::string& want) {
  if (!obj.is_object()) return nullptr;
  for (auto it = obj.begin(); it != obj.end(); ++it)
    if (loose_key(it.key()) == want) return &it.value();
  return nullptr;
}

// A score from a number or a text such as "8", "8/10", "8.5 out of 10"; nullopt when there is none.
std::optional<double> score_of(const Json& v) {
  if (v.is_number()) return v.get<double>();
  if (!v.is_string()) return std::nullopt;
  const std::string s = v.get<std::string>();
  const char* b = s.c_str();
  while (*b == ' ') ++b;
  char* end = nullptr;
  const double d = std::strtod(b, &end);
  if (end == b || !std::isfinite(d)) return std::nullopt;
  return d;
}

std::string text_of(const Json* v) {
  if (!v) return "";
  if (v->is_string()) return v->get<std::string>();
  if (v->is_array()) {
    std::string s;
    for (const auto& e : *v)
      if (e.is_string()) s += (s.empty() ? "" : " ") + e.get<std::string>();
    return s;
  }
  return "";
}

std::string shown(double d) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", d);
  return buf;
}

}  // namespace

const char* criterion_name(CriticCriterion c) {
  switch (c) {
    case CriticCriterion::HintAlignment:
      return "hint_alignment";
    case CriticCriterion::KeyIntegrity:
      return "key_integrity";
    case CriticCriterion::SchemaCoverage:
      return "schema_coverage";
    case CriticCriterion::Complexity:
      return "complexity";
    case CriticCriterion::Variety:
      return "variety";
    case CriticCriterion::Relevance:
      return "relevance";
  }
  return "";
}

const char* criterion_title(CriticCriterion c) {
  switch (c) {
    case CriticCriterion::HintAlignment:
      return "Hint Alignment";
    case CriticCriterion::KeyIntegrity:
      return "Key Integrity";
    case CriticCriterion::SchemaCoverage:
      return "Schema Coverage";
    case CriticCriterion::Complexity:
      return "Complexity";
    case CriticCriterion::Variety:
      return "Variety";
    case CriticCriterion::Relevance:
      return "Relevance";
  }
  return "";
}

std::vector<CriticCriterion> critic_criteria(bool has_evidence) {
  std::vector<CriticCriterion> out;
  if (has_evidence) out.push_back(CriticCriterion::HintAlignment);
  for (auto c : {CriticCriterion::KeyIntegrity, CriticCriterion::SchemaCoverage, CriticCriterion::Complexity,
                 CriticCriterion::Variety, CriticCriterion::Relevance})
    out.push_back(c);
  return out;
}

double CriticReview::average() const {
  if (scores.empty()) return 0;
  double sum = 0;
  for (const auto& s : scores) sum += s.score;
  return sum / static_cast<double>(scores.size());
}

Result<CriticReview> parse_critic_answer(const std::string& answer, bool has_evidence) {
  auto doc = first_json_object(answer);
  if (!doc.ok()) return Error{doc.error()};
  // Where the scores are: the object itself or a container inside it.
  const Json* holder = &*doc;
  for (const char* k : {"scores", "criteria", "evaluation"})
    if (const Json* inner = member(*doc, k); inner && inner->is_object()) {
      holder = inner;
      break;
    }
  CriticReview review;
  for (auto c : critic_criteria(has_evidence)) {
    const std::string want = loose_key(criterion_name(c));
    const Json* v = member(*holder, want);
    if (!v && holder != &*doc) v = member(*doc, want);
    if (!v) return Error{std::string("the answer has no score for ") + criterion_title(c)};
    CriterionScore s;
    s.criterion = c;
    std::optional<double> score;
    if (v->is_object()) {
      if (const Json* sv = member(*v, "score")) score = score_of(*sv);
      s.feedback = text_of(member(*v, "feedback"));
      if (s.feedback.empty()) s.feedback = text_of(member(*v, "comment"));
    } else {
      score = score_of(*v);
    }
    if (!score) return Error{std::string("the score for ") + criterion_title(c) + " is not a number"};
    if (*score < 1 || *score > 10)
      return Error{std::string("the score for ") + criterion_title(c) + " is " + shown(*score) + ", not 1-10"};
    s.score = *score;
    review.scores.push_back(std::move(s));
  }
  for (const char* k : {"overallfeedback", "feedback", "summary"}) {
    review.feedback = text_of(member(*doc, k));
    if (!review.feedback.empty()) break;
  }
  for (const char* k : {"meetsminimumquality", "meetsminimum", "accepted", "acceptable"})
    if (const Json* m = member(*doc, k); m && m->is_boolean()) {
      review.meets_minimum = m->get<bool>();
      break;
    }
  return review;
}

bool review_accepts(const CriticReview& review, double threshold) {
  return !review.scores.empty() && review.average() >= threshold - 1e-9;
}

std::string refinement_feedback(const CriticReview& review, double threshold) {
  std::string s;
  if (!review.feedback.empty()) s += review.feedback + "\n";
  for (const auto& c : review.scores) {
    if (c.score >= threshold) continue;
    s += std::string("- ") + criterion_title(c.criterion) + " (" + shown(c.score) + "/10)";
    if (!c.feedback.empty()) s += ": " + c.feedback;
    s += "\n";
  }
  if (!s.empty()) s.pop_back();
  return s;
}

}  // namespace chokepoint::testdb
