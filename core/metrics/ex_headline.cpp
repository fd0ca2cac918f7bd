// The evaluation's headline (see ex_headline.h).
#include "core/metrics/ex_headline.h"

#include <cstdio>

namespace chokepoint {
namespace {

std::string percent(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f%%", v);
  return buf;
}

}  // namespace

const char* semantics_label(ExSemantics s) {
  switch (s) {
    case ExSemantics::Bird:
      return "BIRD semantics";
    case ExSemantics::Spider:
      return "Spider semantics";
    case ExSemantics::TestSuite:
      return "Spider test-suite semantics";
  }
  return "";
}

double ex_over_n(const EvaluationSummary& s) {
  return s.n == 0 ? 0.0 : 100.0 * static_cast<double>(s.correct) / static_cast<double>(s.n);
}

std::string not_scored_reasons(const EvaluationSummary& s) {
  std::string out;
  auto add = [&](size_t count, const char* what) {
    if (count == 0) return;
    out += (out.empty() ? "" : ", ") + std::to_string(count) + " " + what;
  };
  add(s.no_database, "without their database");
  // gold_errors counts the gold's timeouts too (pair_evaluation.cpp, summarize).
  add(s.gold_errors >= s.gold_timeouts ? s.gold_errors - s.gold_timeouts : 0, "whose gold failed");
  add(s.gold_timeouts, "whose gold timed out");
  return out;
}

std::string ex_headline(const EvaluationSummary& s, ExSemantics semantics) {
  std::string text = "EX " + percent(s.ex) + " (" + semantics_label(semantics) + ")";
  if (s.scored == s.n) return text + " over all " + std::to_string(s.n) + " items";
  text += " over " + std::to_string(s.scored) + " scored of " + std::to_string(s.n) + " items; " +
          std::to_string(s.n - s.scored) + " not scored: " + not_scored_reasons(s) + "; EX over all " +
          std::to_string(s.n) + ": " + percent(ex_over_n(s));
  return text;
}

}  // namespace chokepoint
