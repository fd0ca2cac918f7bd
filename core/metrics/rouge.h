// ROUGE-1, ROUGE-2 and ROUGE-L of a generated text against a reference (Lin 2004), for SQL-to-Text (004 §4.4).
// The paper's table captions call its numbers F1 while its appendix C.4 says it computes recall, and it names no
// tokeniser; so every score here comes as recall, precision and F1, and the tokeniser is fixed and documented:
// lower-case ASCII letters and digits form words, every other ASCII character separates them, and bytes of UTF-8
// sequences count as letters (a word in another script stays one word). No stemming, no stop words.
// The formulas follow Google's rouge-score package (rouge_scorer.py: _score_ngrams with clipped n-gram counts,
// _score_lcs with the longest common subsequence, both with F = 2PR / (P + R)). With one tokeniser and these
// formulas ROUGE-L ≤ ROUGE-1 for every pair (an LCS is a set of matching unigrams), which the paper's Table 7 breaks.
#pragma once
#include <string>
#include <vector>

namespace chokepoint {

std::vector<std::string> rouge_tokens(const std::string& text);

struct RougeScore {
  double recall = 0, precision = 0, f1 = 0;  // in [0, 1]; 0 when either text has no n-gram
};

// ROUGE-N: n-grams of the candidate that also occur in the reference, each counted at most as often as there.
RougeScore rouge_n(const std::vector<std::string>& candidate, const std::vector<std::string>& reference, size_t n);
// ROUGE-L: the longest common subsequence of the two token lists over each one's length.
RougeScore rouge_l(const std::vector<std::string>& candidate, const std::vector<std::string>& reference);

struct RougeScores {
  RougeScore r1, r2, rl;
};
RougeScores rouge_scores(const std::string& candidate, const std::string& reference);

// Mean of each score over pairs (macro average, as the rouge-score package's aggregate reports a mean).
RougeScores mean_rouge(const std::vector<RougeScores>& items);

}  // namespace chokepoint
