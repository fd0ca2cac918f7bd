// The catalogue of studies.
#include "core/study/study_catalogue.h"

#include <algorithm>

namespace chokepoint::study {

const std::vector<StudyEntry>& study_catalogue() {
  static const std::vector<StudyEntry> entries = {
      {"jqe-delta",
       "EX before and after join query expansion, ΔEX per expansion against its seed, EX by joins and by JQG shape "
       "(thesis Tables 3.6-3.8, SQLMorph Tables IV-V, Fig. 3)"},
      {"tqa-augment",
       "hiding scores of synonym replacement, back-translation and contextual augmentation, EX and ΔEX on the "
       "augmented questions, linker attributes mentioned before and after, the linker table among a schema linker's "
       "tables (thesis Tables 4.3-4.9)"},
      {"denat-delta",
       "ΔEX on less natural questions and schemas (O/O, L/O, O/L, L/L) on each system's O/O-correct items, and the "
       "names' naturalness before and after (SQLMorph Table VII, §V)"},
      {"shared-failures",
       "the items every system fails, EXP/EXR/F1 per regime over them and their distributions (SQLMorph Table XI, "
       "Fig. 5)"},
      {"mutation-sensitivity", "ΔEX and fine-grained scores of single-error mutants per operator (SQLMorph Table X)"},
      {"retrieval",
       "schema retrieval (Full-Schema, SCSL, TCSL) across the naturalness settings: FPR and SLR and their change "
       "against O/O (SQLMorph Table VIII)"},
      {"synsql",
       "test databases judging systems: SR, EX on both, Δ, AR with its band, CC per method and system, and "
       "disagreements against human labels (SynSQL Tables 1-3)"},
      {"feature-space",
       "SQLSpace: clusters of the feature vectors with each model's EX and blind spots, the correctness estimator "
       "offline and online and the features of failure, and a question-rewriting run's Acc@1/Acc@3 (SQLSpace Tables 2, "
       "3, 4, 7, 8)"},
      {"llm-tasks",
       "each model through 004's five tasks: EX per prompt format and by gold tables, the error taxonomy, "
       "self-debugging by strategy and round, SQL optimisation's VES and C-VES, SQL-to-Text, schema linking's RES "
       "and matches, and one radar chart across the tasks (004 Tables 3-9, Figs. 2-5)"},
  };
  return entries;
}

const StudyEntry* find_study(const std::string& name) {
  for (const auto& e : study_catalogue())
    if (e.name == name) return &e;
  return nullptr;
}

namespace {

size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<size_t> prev(b.size() + 1), cur(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (size_t j = 1; j <= b.size(); ++j)
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

}  // namespace

std::string closest_study(const std::string& name) {
  std::string lower = name.substr(0, 256);
  for (char& c : lower)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  // A name the text begins ("denat" for denat-delta) wins over edit distance, which favours short names.
  if (!lower.empty())
    for (const auto& e : study_catalogue())
      if (e.name.compare(0, lower.size(), lower) == 0) return e.name;
  std::string best;
  size_t best_d = 0;
  for (const auto& e : study_catalogue()) {
    const size_t d = edit_distance(lower, e.name);
    if (best.empty() || d < best_d) {
      best = e.name;
      best_d = d;
    }
  }
  return best;
}

}  // namespace chokepoint::study
