// Corrections of p-values for testing many features at once (SQLSpace §4 tests all 187; the paper names no
// correction, so it is an option): Bonferroni's family-wise bound and Benjamini-Hochberg's false discovery rate
// (Benjamini and Hochberg, JRSS B 1995), as adjusted p-values (statsmodels' multipletests "bonferroni", "fdr_bh").
#pragma once
#include <optional>
#include <string>
#include <vector>

namespace chokepoint::learn {

enum class Correction { None, Bonferroni, BenjaminiHochberg };
std::optional<Correction> correction_named(const std::string& name);  // "none", "bonferroni", "bh"
const char* correction_name(Correction c);

// Adjusted p-values in the input's order. Bonferroni: min(1, m p). BH: p_(i) m / i made monotone from the largest
// rank down, capped at 1.
std::vector<double> adjust_p_values(const std::vector<double>& p, Correction c);

}  // namespace chokepoint::learn
