// Means of metric deltas per operator and regime, and their text layout.
#include "core/mutate/sensitivity_table.h"

#include <algorithm>
#include <cstdio>
#include <set>

#include "core/mutate/operator_registry.h"

namespace chokepoint::mutate {

SensitivityTable tabulate_sensitivity(const std::vector<MutantRecord>& mutants, const std::vector<std::string>& regimes,
                                      bool drop_equivalent, const std::vector<std::string>& operators) {
  SensitivityTable table;
  table.regimes = regimes;
  table.drop_equivalent = drop_equivalent;
  std::vector<std::string> names;
  for (const auto& op : mutation_operators())
    if (operators.empty() || std::find(operators.begin(), operators.end(), op.name) != operators.end())
      names.push_back(op.name);
  for (const auto& m : mutants)
    if (std::find(names.begin(), names.end(), m.op) == names.end()) names.push_back(m.op);

  const size_t k = regimes.size();
  for (const auto& name : names) {
    OperatorSensitivity row;
    row.op = name;
    double ex_sum = 0;
    std::vector<double> exp_sum(k, 0), exr_sum(k, 0), f1_sum(k, 0);
    std::set<std::string> golds;
    for (const auto& m : mutants) {
      if (m.op != name) continue;
      if (m.scores.ex) ++row.equivalent;
      if (m.scores.ex && drop_equivalent) continue;
      if (m.status != QueryStatus::Ok) ++row.failed;
      ++row.mutants;
      golds.insert(m.db_id + "\x1f" + m.gold_id);
      ex_sum += m.scores.ex ? 1 : 0;
      for (size_t r = 0; r < k; ++r) {
        exp_sum[r] += r < m.scores.exp.size() ? m.scores.exp[r] : 0;
        exr_sum[r] += r < m.scores.exr.size() ? m.scores.exr[r] : 0;
        f1_sum[r] += r < m.scores.f1.size() ? m.scores.f1[r] : 0;
      }
    }
    row.golds = golds.size();
    auto delta = [&](double sum) { return row.mutants ? 100.0 * sum / static_cast<double>(row.mutants) - 100.0 : 0.0; };
    row.ex = delta(ex_sum);
    for (size_t r = 0; r < k; ++r)
      row.regimes.push_back({regimes[r], delta(exp_sum[r]), delta(exr_sum[r]), delta(f1_sum[r])});
    table.rows.push_back(std::move(row));
  }
  return table;
}

std::string format_sensitivity_table(const SensitivityTable& table) {
  auto cell = [](const char* fmt, auto v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, fmt, v);
    return std::string(buf);
  };
  std::string out = cell("%-24s", "operator") + cell("%8s", "mutants") + cell("%7s", "equiv") + cell("%8s", "dEX");
  for (const auto& r : table.regimes) out += cell("  | %-22s", r.c_str());
  out += "\n" + std::string(47, ' ');
  for (size_t r = 0; r < table.regimes.size(); ++r)
    out += "  | " + cell("%6s", "dEXP") + cell("%8s", "dEXR") + cell("%8s", "dF1");
  out += "\n";
  for (const auto& row : table.rows) {
    out += cell("%-24s", row.op.c_str()) + cell("%8zu", row.mutants) + cell("%7zu", row.equivalent);
    if (row.mutants == 0) {
      out += cell("%8s", "-");
      for (size_t r = 0; r < table.regimes.size(); ++r)
        out += "  | " + cell("%6s", "-") + cell("%8s", "-") + cell("%8s", "-");
    } else {
      out += cell("%8.1f", row.ex);
      for (const auto& d : row.regimes)
        out += "  | " + cell("%6.1f", d.exp) + cell("%8.1f", d.exr) + cell("%8.1f", d.f1);
    }
    out += "\n";
  }
  if (table.drop_equivalent) out += "(mutants with EX = 1 left out of the means)\n";
  return out;
}

}  // namespace chokepoint::mutate
