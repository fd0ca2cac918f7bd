// ROUGE by rouge-score's formulas (rouge_scorer.py: _score_ngrams, _score_lcs) with our documented tokeniser.
#include "core/metrics/rouge.h"

#include <algorithm>
#include <map>

namespace chokepoint {

std::vector<std::string> rouge_tokens(const std::string& text) {
  std::vector<std::string> out;
  std::string word;
  for (unsigned char c : text) {
    if (c >= 0x80 || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z')) {
      word += static_cast<char>(c);
    } else if (c >= 'A' && c <= 'Z') {
      word += static_cast<char>(c - 'A' + 'a');
    } else if (!word.empty()) {
      out.push_back(std::move(word));
      word.clear();
    }
  }
  if (!word.empty()) out.push_back(std::move(word));
  return out;
}

namespace {

RougeScore from_overlap(double overlap, size_t candidate_count, size_t reference_count) {
  RougeScore s;
  if (candidate_count == 0 || reference_count == 0) return s;
  s.precision = overlap / static_cast<double>(candidate_count);
  s.recall = overlap / static_cast<double>(reference_count);
  s.f1 = s.precision + s.recall > 0 ? 2 * s.precision * s.recall / (s.precision + s.recall) : 0;
  return s;
}

std::map<std::vector<std::string>, size_t> ngram_counts(const std::vector<std::string>& tokens, size_t n) {
  std::map<std::vector<std::string>, size_t> counts;
  for (size_t i = 0; n > 0 && i + n <= tokens.size(); ++i)
    ++counts[std::vector<std::string>(tokens.begin() + static_cast<long>(i),
                                      tokens.begin() + static_cast<long>(i + n))];
  return counts;
}

}  // namespace

RougeScore rouge_n(const std::vector<std::string>& candidate, const std::vector<std::string>& reference, size_t n) {
  const auto c = ngram_counts(candidate, n), r = ngram_counts(reference, n);
  size_t overlap = 0, c_total = 0, r_total = 0;
  for (const auto& [gram, k] : c) {
    c_total += k;
    auto it = r.find(gram);
    if (it != r.end()) overlap += std::min(k, it->second);
  }
  for (const auto& [gram, k] : r) r_total += k;
  return from_overlap(static_cast<double>(overlap), c_total, r_total);
}

RougeScore rouge_l(const std::vector<std::string>& candidate, const std::vector<std::string>& reference) {
  // Two rows of the LCS table: questions are short, but a runaway answer must not cost a quadratic table.
  std::vector<size_t> prev(reference.size() + 1, 0), cur(reference.size() + 1, 0);
  for (const auto& c : candidate) {
    for (size_t j = 0; j < reference.size(); ++j)
      cur[j + 1] = c == reference[j] ? prev[j] + 1 : std::max(prev[j + 1], cur[j]);
    std::swap(prev, cur);
  }
  return from_overlap(static_cast<double>(prev[reference.size()]), candidate.size(), reference.size());
}

RougeScores rouge_scores(const std::string& candidate, const std::string& reference) {
  const auto c = rouge_tokens(candidate), r = rouge_tokens(reference);
  return {rouge_n(c, r, 1), rouge_n(c, r, 2), rouge_l(c, r)};
}

RougeScores mean_rouge(const std::vector<RougeScores>& items) {
  RougeScores m;
  if (items.empty()) return m;
  auto add = [](RougeScore& to, const RougeScore& s) {
    to.recall += s.recall;
    to.precision += s.precision;
    to.f1 += s.f1;
  };
  for (const auto& s : items) {
    add(m.r1, s.r1);
    add(m.r2, s.r2);
    add(m.rl, s.rl);
  }
  const double n = static_cast<double>(items.size());
  for (RougeScore* s : {&m.r1, &m.r2, &m.rl}) {
    s->recall /= n;
    s->precision /= n;
    s->f1 /= n;
  }
  return m;
}

}  // namespace chokepoint
