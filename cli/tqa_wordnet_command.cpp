// Two WordNet probes used when checking TQA's reference detection against NLTK: `chokepoint tqa wup` (Wu-Palmer
// similarity of synsets or words) and `chokepoint tqa lemma` (morphy base forms).
#include <cstdio>
#include <iostream>
#include <optional>

#include "cli/cli_inputs.h"
#include "cli/command.h"
#include "cli/common_flags.h"
#include "core/base/text.h"
#include "core/lexicon/lexicon.h"
#include "core/lexicon/morphy.h"
#include "core/lexicon/wu_palmer.h"

namespace chokepoint::cli {
namespace {

FlagTable tqa_wup_flags() {
  return {flags::lexicon(), flags::wordnet(),
          choice_flag("--pos", {"n", "v", "a", "r"}, "the part of speech of two words").valued("POS")};
}
FlagTable tqa_lemma_flags() { return {flags::lexicon(), flags::wordnet()}; }

int tqa_wup(const FlagValues& r) {
  if (r.positionals().size() != 2)
    return fail_input("usage: chokepoint tqa wup SYNSET SYNSET (e.g. dog.n.01 cat.n.01) or WORD WORD [--pos n|v|a|r]");
  auto lex = open_lexicon(r);
  if (!lex.ok()) return fail_input(lex.error());
  const auto& a = r.positionals()[0];
  const auto& b = r.positionals()[1];
  auto sa = lex->synset_by_name(a), sb = lex->synset_by_name(b);
  std::optional<double> w;
  if (sa && sb) {
    w = wup_similarity(*lex, *sa, *sb);
  } else if (a.find('.') == std::string::npos && b.find('.') == std::string::npos) {
    std::optional<PartOfSpeech> pos;
    if (r.has("--pos")) {
      pos = parse_pos(r.text("--pos"));
      if (!pos) return fail_input("unknown part of speech '" + r.text("--pos") + "' (n, v, a, r)");
    }
    w = word_similarity(*lex, a, b, pos);
  } else {
    return fail_input("no synset named '" + (sa ? b : a) + "'");
  }
  if (!w) {
    std::cout << "None\n";  // NLTK's answer when no subsumer exists
    return 0;
  }
  char text[32];
  std::snprintf(text, sizeof text, "%.16g", *w);
  std::cout << text << "\n";
  return 0;
}

int tqa_lemma(const FlagValues& r) {
  const auto& p = r.positionals();
  if (p.empty() || p.size() > 2) return fail_input("usage: chokepoint tqa lemma WORD [POS]");
  std::optional<PartOfSpeech> pos;
  if (p.size() == 2) {
    pos = parse_pos(p[1]);
    if (!pos) return fail_input("unknown part of speech '" + p[1] + "' (n, v, a, r)");
  }
  auto lex = open_lexicon(r);
  if (!lex.ok()) return fail_input(lex.error());
  std::string word = to_lower_ascii(p[0]);
  if (pos) {
    std::cout << lemmatize(*lex, word, *pos) << "\n";
    return 0;
  }
  bool any = false;
  for (auto q : kWordNetPosOrder) {
    auto forms = morphy_all(*lex, word, q);
    if (forms.empty()) continue;
    any = true;
    std::cout << pos_letter(q);
    for (const auto& f : forms) std::cout << " " << f;
    std::cout << "\n";
  }
  if (!any) std::cout << word << "\n";
  return 0;
}

const Registrar wup{{"tqa wup", "Wu-Palmer similarity of two synsets (NLTK's values)",
                     "Usage: chokepoint tqa wup SYNSET SYNSET [--lexicon FILE | --wordnet DIR]\n"
                     "       chokepoint tqa wup WORD WORD [--pos n|v|a|r] [--lexicon FILE | --wordnet DIR]\n"
                     "Synsets are named as in NLTK (dog.n.01). For two words, prints the maximum over their synsets.\n"
                     "Prints None when NLTK would return None.",
                     tqa_wup_flags, tqa_wup}};
const Registrar lemma{{"tqa lemma", "WordNet lemma of a word (NLTK morphy)",
                       "Usage: chokepoint tqa lemma WORD [POS] [--lexicon FILE | --wordnet DIR]\n"
                       "With POS (n, v, a, r): the lemma NLTK's WordNetLemmatizer gives (better a -> good).\n"
                       "Without: one line per part of speech with every morphy base form (e.g. \"n goose\").",
                       tqa_lemma_flags, tqa_lemma}};

}  // namespace
}  // namespace chokepoint::cli
