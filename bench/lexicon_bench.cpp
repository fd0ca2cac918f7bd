// Lexicon figures: asset size, load time from the binary asset, morphy lookups/s, synset-by-name/s, Wu–Palmer/s.
// Usage: lexicon_bench [ASSET_FILE]   (default: converts /usr/share/wordnet in memory first)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "bench/bench_passes.h"
#include "core/lexicon/lexicon.h"
#include "core/lexicon/morphy.h"
#include "core/lexicon/wordnet_import.h"
#include "core/lexicon/wu_palmer.h"

using namespace chokepoint;

namespace {

double now_ms() {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

}  // namespace

int main(int argc, char** argv) {
  std::string bytes;
  double t0 = now_ms();
  if (argc > 1) {
    std::ifstream in(argv[1], std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  } else {
    auto built = build_lexicon_from_wordnet_dir("/usr/share/wordnet");
    if (!built.ok()) {
      std::fprintf(stderr, "%s\n", built.error().c_str());
      return 2;
    }
    bytes = std::move(*built);
    std::printf("build_from_wordnet_ms %.1f\n", now_ms() - t0);
  }
  std::printf("asset_bytes %zu\n", bytes.size());

  bench::print_headline("lexicon: the WordNet asset loaded", bench::time_passes([&] { (void)Lexicon::load(bytes); }));
  const int loads = 5;
  std::vector<double> times;
  Result<Lexicon> lex = Error{"not loaded"};
  for (int i = 0; i < loads; ++i) {
    double t = now_ms();
    lex = Lexicon::load(bytes);
    times.push_back(now_ms() - t);
    if (!lex.ok()) {
      std::fprintf(stderr, "%s\n", lex.error().c_str());
      return 2;
    }
  }
  std::sort(times.begin(), times.end());
  std::printf("load_ms_median %.1f (min %.1f, %d loads)\n", times[loads / 2], times[0], loads);

  // Morphy over a fixed list of inflected and unknown forms.
  const std::vector<std::string> words = {"dogs",       "churches",     "geese",  "ran",    "better",
                                          "characters", "movies",       "played", "hoping", "women",
                                          "xyzzy",      "temperatures", "sold",   "sales",  "schools",
                                          "img",        "studentclub",  "bonds",  "atoms",  "molecules"};
  const int rounds = 2000;
  double t = now_ms();
  size_t found = 0;
  for (int r = 0; r < rounds; ++r)
    for (const auto& w : words)
      for (auto p : kWordNetPosOrder) found += morphy_all(*lex, w, p).size();
  double ms = now_ms() - t;
  std::printf("morphy_per_s %.0f (%zu results)\n", rounds * words.size() * 4 / (ms / 1000), found);

  t = now_ms();
  size_t named = 0;
  for (int r = 0; r < 20000; ++r) named += lex->synset_by_name(r % 2 ? "dog.n.01" : "hit.v.01").has_value();
  std::printf("synset_by_name_per_s %.0f\n", 20000 / ((now_ms() - t) / 1000));

  // Wu–Palmer on deterministic pseudo-random noun pairs and verb pairs.
  uint32_t state = 12345;
  auto next = [&state] { return state = state * 1103515245u + 12345u; };
  const int pairs = 2000;
  t = now_ms();
  double sum = 0;
  for (int i = 0; i < pairs; ++i) {
    SynsetId a = next() % static_cast<uint32_t>(lex->synset_count());
    SynsetId b = next() % static_cast<uint32_t>(lex->synset_count());
    sum += wup_similarity(*lex, a, b).value_or(0);
  }
  std::printf("wup_per_s %.0f (mean %.3f over %d random synset pairs)\n", pairs / ((now_ms() - t) / 1000), sum / pairs,
              pairs);

  t = now_ms();
  int words_done = 0;
  for (int r = 0; r < 50; ++r)
    for (const auto& w : words) {
      word_similarity(*lex, "character", w);
      ++words_done;
    }
  std::printf("word_similarity_per_s %.0f (\"character\" vs the word list)\n", words_done / ((now_ms() - t) / 1000));
  return 0;
}
