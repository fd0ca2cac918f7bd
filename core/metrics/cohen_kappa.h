// Cohen's kappa between two yes/no raters over the same items: how far their agreement exceeds what chance would
// give with the same rates of "yes". The judge (core/llm_tasks/judge.h) reports it between EX and the LLM's verdicts,
// as FLEX reports agreement between its judge and human experts.
#pragma once
#include <optional>
#include <vector>

namespace chokepoint {

struct KappaCounts {
  size_t both_yes = 0, both_no = 0, only_a = 0, only_b = 0;  // only_a: a says yes, b says no
  size_t n() const { return both_yes + both_no + only_a + only_b; }
};
KappaCounts kappa_counts(const std::vector<bool>& a, const std::vector<bool>& b);  // over the shorter's length

// kappa = (p_o - p_e) / (1 - p_e), p_o the observed agreement, p_e = p_a(yes) p_b(yes) + p_a(no) p_b(no).
// nullopt when undefined: no items, or p_e = 1 (both raters said the same single answer to every item; kappa is
// 0/0 there, and reporting 1 or 0 would both mislead).
std::optional<double> cohen_kappa(const KappaCounts& c);

// How Landis and Koch (1977, Biometrics 33:159-174, Table on p. 165) name a kappa's strength of agreement, the reading
// SynSQL gives its AR: "poor" below 0, "slight" to 0.20, "fair" to 0.40, "moderate" to 0.60, "substantial" to 0.80,
// "almost perfect" above (the table's bands are closed at their upper end).
const char* landis_koch_band(double kappa);

}  // namespace chokepoint
