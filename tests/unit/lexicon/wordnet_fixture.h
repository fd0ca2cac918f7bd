// Shared by the lexicon tests: Debian's WordNet 3.0 (installed by setup on every machine), converted to the binary
// asset and loaded through Lexicon::load, so every test exercises the browser's path. Loaded once per process.
#pragma once
#include <fstream>
#include <memory>

#include "core/lexicon/lexicon.h"
#include "core/lexicon/wordnet_import.h"

namespace chokepoint::testing_support {

inline const char* kWordnetDir = "/usr/share/wordnet";

inline const Lexicon* wordnet() {
  static std::unique_ptr<Lexicon> lexicon = [] {
    std::unique_ptr<Lexicon> out;
    auto bytes = build_lexicon_from_wordnet_dir(kWordnetDir);
    if (!bytes.ok()) return out;
    auto lex = Lexicon::load(*bytes);
    if (lex.ok()) out = std::make_unique<Lexicon>(std::move(*lex));
    return out;
  }();
  return lexicon.get();
}

}  // namespace chokepoint::testing_support

#define REQUIRE_WORDNET()                                                                     \
  const ::chokepoint::Lexicon* lex_ptr = ::chokepoint::testing_support::wordnet();            \
  if (!lex_ptr) GTEST_SKIP() << "WordNet 3.0 not found in /usr/share/wordnet (wordnet-base)"; \
  const ::chokepoint::Lexicon& lex = *lex_ptr;                                                \
  (void)lex
