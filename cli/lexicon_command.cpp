// The lexicon's commands: `chokepoint lexicon build` (the build step that writes the binary WordNet asset for the
// browser) and two probes used when checking TQA's reference detection, `chokepoint tqa wup` and `tqa lemma`.
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>

#include "cli/command.h"
#include "core/lexicon/lexicon.h"
#include "core/lexicon/morphy.h"
#include "core/lexicon/wordnet_import.h"
#include "core/lexicon/wu_palmer.h"

namespace chokepoint::cli {
namespace {

const char* const kDefaultWordnet = "/usr/share/wordnet";

// --lexicon FILE (the binary asset) wins; otherwise the WordNet dict folder (--wordnet, default Debian's path).
Result<Lexicon> open_lexicon(const ArgReader& r) {
  if (r.has("--lexicon")) {
    std::ifstream in(r.get("--lexicon"), std::ios::binary);
    if (!in) return Error{"cannot read " + r.get("--lexicon")};
    std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    return Lexicon::load(bytes);
  }
  return Lexicon::load_wordnet_dir(r.get("--wordnet", kDefaultWordnet));
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

int lexicon_build(const Args& args) {
  ArgReader r(args, {});
  if (!r.error().empty()) return fail_input(r.error());
  if (!r.has("--out") || !r.positionals().empty())
    return fail_input("usage: chokepoint lexicon build [--wordnet DIR] --out FILE");
  auto start = std::chrono::steady_clock::now();
  auto bytes = build_lexicon_from_wordnet_dir(r.get("--wordnet", kDefaultWordnet));
  if (!bytes.ok()) return fail_input(bytes.error());
  auto check = Lexicon::load(*bytes);  // never ship an asset the reader rejects
  if (!check.ok()) return fail_input("the built asset does not load: " + check.error());
  std::ofstream out(r.get("--out"), std::ios::binary | std::ios::trunc);
  if (!out || !out.write(bytes->data(), static_cast<std::streamsize>(bytes->size())))
    return fail_input("cannot write " + r.get("--out"));
  double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  std::cout << "{\"out\": \"" << r.get("--out") << "\", \"bytes\": " << bytes->size()
            << ", \"synsets\": " << check->synset_count() << ", \"strings\": " << check->string_count()
            << ", \"ms\": " << static_cast<long>(ms) << "}\n";
  return 0;
}

int tqa_wup(const Args& args) {
  ArgReader r(args, {});
  if (!r.error().empty()) return fail_input(r.error());
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
      pos = parse_pos(r.get("--pos"));
      if (!pos) return fail_input("unknown part of speech '" + r.get("--pos") + "' (n, v, a, r)");
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

int tqa_lemma(const Args& args) {
  ArgReader r(args, {});
  if (!r.error().empty()) return fail_input(r.error());
  const auto& p = r.positionals();
  if (p.empty() || p.size() > 2) return fail_input("usage: chokepoint tqa lemma WORD [POS]");
  std::optional<PartOfSpeech> pos;
  if (p.size() == 2) {
    pos = parse_pos(p[1]);
    if (!pos) return fail_input("unknown part of speech '" + p[1] + "' (n, v, a, r)");
  }
  auto lex = open_lexicon(r);
  if (!lex.ok()) return fail_input(lex.error());
  std::string word = lower(p[0]);
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

const Registrar build{{"lexicon build", "convert WordNet 3.0 into the binary lexicon asset",
                       "Usage: chokepoint lexicon build [--wordnet DIR] --out FILE\n"
                       "Reads the WordNet dict folder (default /usr/share/wordnet, Debian's wordnet-base) and writes\n"
                       "the compact lexicon the browser loads. Prints the size and counts as JSON.",
                       lexicon_build}};
const Registrar wup{{"tqa wup", "Wu-Palmer similarity of two synsets (NLTK's values)",
                     "Usage: chokepoint tqa wup SYNSET SYNSET [--lexicon FILE | --wordnet DIR]\n"
                     "       chokepoint tqa wup WORD WORD [--pos n|v|a|r] [--lexicon FILE | --wordnet DIR]\n"
                     "Synsets are named as in NLTK (dog.n.01). For two words, prints the maximum over their synsets.\n"
                     "Prints None when NLTK would return None.",
                     tqa_wup}};
const Registrar lemma{{"tqa lemma", "WordNet lemma of a word (NLTK morphy)",
                       "Usage: chokepoint tqa lemma WORD [POS] [--lexicon FILE | --wordnet DIR]\n"
                       "With POS (n, v, a, r): the lemma NLTK's WordNetLemmatizer gives (better a -> good).\n"
                       "Without: one line per part of speech with every morphy base form (e.g. \"n goose\").",
                       tqa_lemma}};

}  // namespace
}  // namespace chokepoint::cli
