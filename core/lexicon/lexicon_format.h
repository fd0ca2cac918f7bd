// The binary lexicon asset (written by build_lexicon_from_wordnet_dir, read by Lexicon::load). All integers are
// varints (varint.h); the layout, in order:
//   magic "CPLEX01\n"
//   strings:    count, then the sorted unique lower-case strings (index lemmas, exception forms and bases), each
//               front-coded as (length shared with the previous string, suffix length, suffix bytes)
//   synsets:    count per data file (noun, verb, adj, adv); synsets are numbered in that file order, by offset
//     each:     byte lexname index | 0x80 if adjective satellite; offset minus the previous offset in the same file;
//               lemma count, each lemma (lower-case string id << 3 | case code, sense rank[, explicit spelling]);
//               byte (hypernym count | instance-hypernym count << 4), then those synset ids
//   exceptions: for noun, verb, adj, adv: count, each (form id, base count, base ids)
// The index (lemma, pos) -> synsets in sense order is not stored: it is the inverse of the synset lemma lists, the
// sense rank giving each synset's place (checked against index.* at build time).
#pragma once
#include <array>
#include <cstdint>
#include <string_view>

namespace chokepoint::lexicon_format {

inline constexpr std::string_view kMagic = "CPLEX01\n";

// How a synset lemma's spelling derives from its lower-case string (WordNet keeps proper-noun case).
enum CaseCode : unsigned { kLower = 0, kCapitalized = 1, kTitleWords = 2, kUpper = 3, kExplicit = 4 };

inline constexpr unsigned char kSatelliteFlag = 0x80;

// WordNet 3.0's lexicographer files (the `lexnames` file, which Debian's wordnet-base does not ship).
inline constexpr std::array<std::string_view, 45> kLexnames = {
    "adj.all",          "adj.pert",           "adv.all",
    "noun.Tops",        "noun.act",           "noun.animal",
    "noun.artifact",    "noun.attribute",     "noun.body",
    "noun.cognition",   "noun.communication", "noun.event",
    "noun.feeling",     "noun.food",          "noun.group",
    "noun.location",    "noun.motive",        "noun.object",
    "noun.person",      "noun.phenomenon",    "noun.plant",
    "noun.possession",  "noun.process",       "noun.quantity",
    "noun.relation",    "noun.shape",         "noun.state",
    "noun.substance",   "noun.time",          "verb.body",
    "verb.change",      "verb.cognition",     "verb.communication",
    "verb.competition", "verb.consumption",   "verb.contact",
    "verb.creation",    "verb.emotion",       "verb.motion",
    "verb.perception",  "verb.possession",    "verb.social",
    "verb.stative",     "verb.weather",       "adj.ppl"};

}  // namespace chokepoint::lexicon_format
