// Question features over the lexicon's offset-keeping tokens (core/lexicon/tokenizer.h: words, numbers, one-byte
// punctuation, quoted spans marked). Bytes >= 0x80 are letters to that tokenizer, so "≥" or "€" arrive inside word
// tokens and are looked for there. Grounding reuses TQA's candidate tokens (lemmatised, stopwords dropped) for
// the question and for schema names, so both sides are normalised by the same function.
#include "core/sqlspace/question_features.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <initializer_list>
#include <set>
#include <vector>

#include "core/base/text.h"
#include "core/lexicon/identifier_segmentation.h"
#include "core/lexicon/tokenizer.h"
#include "core/sql/name_resolution.h"
#include "core/tqa/reference_detection.h"

namespace chokepoint::sqlspace {
namespace {

// A list of words the rules look for. A question's rules ask the same lists about the same words many times, so
// QuestionText looks each of its words up in every list once, as it is built, and a rule tests the list's bit. Each
// list takes the next bit and joins all_word_lists() as it is constructed.
struct WordList;
std::vector<const WordList*>& all_word_lists() {
  static std::vector<const WordList*> lists;
  return lists;
}

struct WordList {
  WordList(std::initializer_list<std::string> w) : bit(1u << all_word_lists().size()), words(w) {
    all_word_lists().push_back(this);  // the lists are this file's constants, so fewer than 32
  }
  unsigned bit;
  std::set<std::string, std::less<>> words;
};

const WordList kUnits = {
    "percent",   "percentage", "km",    "kilometer", "kilometers", "kilometre", "kilometres", "meter",   "meters",
    "metre",     "metres",     "cm",    "mm",        "mile",       "miles",     "kg",         "kgs",     "kilogram",
    "kilograms", "gram",       "grams", "lb",        "lbs",        "pound",     "pounds",     "ton",     "tons",
    "tonne",     "tonnes",     "ounce", "ounces",    "oz",         "dollar",    "dollars",    "usd",     "euro",
    "euros",     "eur",        "cent",  "cents",     "yen",        "hour",      "hours",      "hr",      "hrs",
    "minute",    "minutes",    "min",   "mins",      "second",     "seconds",   "sec",        "secs",    "day",
    "days",      "week",       "weeks", "month",     "months",     "year",      "years",      "yr",      "yrs",
    "ft",        "feet",       "foot",  "inch",      "inches",     "mph",       "kph",        "degree",  "degrees",
    "celsius",   "fahrenheit", "liter", "liters",    "litre",      "litres",    "ml",         "gb",      "mb",
    "kb",        "tb",         "cc",    "hp",        "kw",         "million",   "millions",   "billion", "thousand"};
const WordList kComparatives = {"more",    "less",    "fewer",  "greater", "higher", "lower",   "larger",
                                "smaller", "bigger",  "older",  "younger", "longer", "shorter", "cheaper",
                                "heavier", "lighter", "faster", "slower",  "taller", "earlier", "later"};
const WordList kComparisonWords = {"than", "exceed", "exceeds", "exceeded", "exceeding", "above", "below", "beyond"};
const WordList kNumericCues = {"over", "under",  "before",  "after",    "since",    "within", "least",
                               "most", "equal",  "equals",  "exactly",  "above",    "below",  "beyond",
                               "than", "exceed", "exceeds", "exceeded", "exceeding"};
const WordList kSuperlatives = {
    "most", "least",  "highest", "lowest",   "largest",   "smallest",   "biggest",    "greatest", "maximum",  "minimum",
    "max",  "min",    "best",    "worst",    "oldest",    "youngest",   "longest",    "shortest", "earliest", "latest",
    "top",  "fewest", "compare", "compared", "comparing", "comparison", "difference", "versus",   "vs"};
const WordList kShorthand = {"etc", "vs", "approx", "avg", "num", "qty", "dept", "yr", "yrs", "pct", "govt", "intl"};
const WordList kCoordinators = {"and", "or", "nor", "but", "yet"};
const WordList kConnectors = {"and", "or", "not", "nor", "but"};
const WordList kDisjunctions = {"or", "either", "nor", "neither"};
const WordList kAlternatives = {"or", "either", "alternatively", "otherwise", "instead", "unless"};
const WordList kTemporal = {
    "since",     "until",    "till",   "during",    "ago",      "before",   "after",    "earliest", "latest",
    "recent",    "recently", "today",  "yesterday", "tomorrow", "decade",   "decades",  "century",  "year",
    "years",     "yearly",   "annual", "annually",  "month",    "months",   "monthly",  "week",     "weeks",
    "weekly",    "daily",    "date",   "dates",     "period",   "duration", "january",  "february", "april",
    "june",      "july",     "august", "september", "october",  "november", "december", "monday",   "tuesday",
    "wednesday", "thursday", "friday", "saturday",  "sunday"};
const WordList kQuantifiers = {"all",     "each",     "every", "any",     "both", "either", "neither", "none",
                               "several", "multiple", "only",  "exactly", "few",  "two",    "three",   "four",
                               "five",    "six",      "seven", "eight",   "nine", "ten",    "twice"};
const WordList kEpistemic = {"may",        "might",       "possibly",   "probably",  "perhaps",    "maybe",
                             "likely",     "unlikely",    "presumably", "certainly", "definitely", "supposedly",
                             "apparently", "potentially", "potential",  "probable",  "possible"};
const WordList kReporting = {"state",     "states",   "stated",    "say",       "says",    "said",    "report",
                             "reports",   "reported", "claim",     "claims",    "claimed", "mention", "mentions",
                             "mentioned", "indicate", "indicates", "indicated", "tell",    "tells",   "told"};
const WordList kCausal = {"because", "cause", "causes", "caused",  "causing",     "therefore",   "thus",
                          "hence",   "why",   "reason", "reasons", "consequence", "consequences"};

const char* const kUtf8Math[] = {"≤", "≥", "≠", "×", "÷", "°"};
const char* const kUtf8Inequality[] = {"≤", "≥", "≠"};
const char* const kUtf8Currency[] = {"€", "£", "¥"};
const char* const kUtf8Dashes[] = {"–", "—"};

bool contains_any(std::string_view s, const char* const* first, const char* const* last) {
  return std::any_of(first, last, [&](const char* n) { return s.find(n) != std::string_view::npos; });
}

// The question as tokens with lower-case spellings and a few facts the rules share.
class QuestionText {
 public:
  explicit QuestionText(std::string_view q) : tokens_(tokenize(q)) {
    for (const auto& t : tokens_) {
      lower_.push_back(to_lower_ascii(t.text));
      unsigned lists = 0;
      if (t.kind == TokenKind::word)
        for (const WordList* list : all_word_lists())
          if (list->words.count(lower_.back())) lists |= list->bit;
      lists_.push_back(lists);
      // Every symbol utf8_symbol looks for is written with bytes >= 0x80; an ASCII token holds none of them.
      non_ascii_.push_back(std::any_of(t.text.begin(), t.text.end(), [](char c) { return c & 0x80; }));
    }
  }

  size_t size() const { return tokens_.size(); }
  bool quoted(size_t i) const { return tokens_[i].quoted; }
  const std::string& lower(size_t i) const { return lower_[i]; }
  // A word of two or more capital letters as written ("ID", "USA").
  bool capitals(size_t i) const {
    if (i >= size() || quoted(i) || tokens_[i].kind != TokenKind::word || tokens_[i].text.size() < 2) return false;
    const std::string& w = tokens_[i].text;
    return std::all_of(w.begin(), w.end(), [](unsigned char c) { return c >= 'A' && c <= 'Z'; });
  }
  bool word(size_t i, std::string_view w) const {
    return i < size() && !quoted(i) && tokens_[i].kind == TokenKind::word && lower_[i] == w;
  }
  bool word_in(size_t i, const WordList& list) const { return i < size() && !quoted(i) && (lists_[i] & list.bit) != 0; }
  bool punct(size_t i, char c) const {
    return i < size() && !quoted(i) && tokens_[i].kind == TokenKind::punctuation && tokens_[i].text[0] == c;
  }
  bool punct_in(size_t i, std::string_view chars) const {
    return i < size() && !quoted(i) && tokens_[i].kind == TokenKind::punctuation &&
           chars.find(tokens_[i].text[0]) != std::string_view::npos;
  }
  bool number(size_t i) const { return i < size() && !quoted(i) && tokens_[i].kind == TokenKind::number; }
  // A word token holding one of the UTF-8 symbols.
  bool utf8_symbol(size_t i, const char* const* first, const char* const* last) const {
    return i < size() && !quoted(i) && tokens_[i].kind == TokenKind::word && non_ascii_[i] &&
           contains_any(tokens_[i].text, first, last);
  }
  // Tokens i and i+1 touch (no space between).
  bool glued(size_t i) const {
    return i + 1 < size() && tokens_[i].offset + tokens_[i].length == tokens_[i + 1].offset;
  }
  template <typename F>
  bool any(F&& f) const {
    for (size_t i = 0; i < size(); ++i)
      if (f(i)) return true;
    return false;
  }
  bool any_word(const WordList& list) const {
    return any([&](size_t i) { return word_in(i, list); });
  }
  bool phrase(std::string_view a, std::string_view b) const {
    return any([&](size_t i) { return word(i, a) && word(i + 1, b); });
  }
  // A number within `span` tokens after i (a currency sign or a sign may stand between).
  bool number_after(size_t i, size_t span) const {
    for (size_t k = i + 1; k <= i + span && k < size(); ++k)
      if (number(k) || glued_number_word(k)) return true;
    return false;
  }
  // A word starting with digits ("5kg", "≥5" counts through utf8 checks): digits then letters.
  bool glued_number_word(size_t i) const {
    return i < size() && !quoted(i) && tokens_[i].kind == TokenKind::word &&
           std::isdigit(static_cast<unsigned char>(tokens_[i].text[0]));
  }

 private:
  std::vector<Token> tokens_;
  std::vector<std::string> lower_;
  std::vector<unsigned> lists_;  // per token: the bits of the word lists holding its lower-case spelling
  std::vector<bool> non_ascii_;  // per token: a byte >= 0x80 in it
};

// ---- shared tests ----

bool inequality_at(const QuestionText& q, size_t i) {
  return q.punct_in(i, "<>") || (q.punct(i, '!') && q.punct(i + 1, '=')) ||
         q.utf8_symbol(i, std::begin(kUtf8Inequality), std::end(kUtf8Inequality));
}
bool any_inequality(const QuestionText& q) {
  return q.any([&](size_t i) { return inequality_at(q, i); });
}
bool math_symbol(const QuestionText& q) {
  return q.any([&](size_t i) {
    return q.punct_in(i, "<>=%+*/^$") || q.utf8_symbol(i, std::begin(kUtf8Math), std::end(kUtf8Math)) ||
           q.utf8_symbol(i, std::begin(kUtf8Currency), std::end(kUtf8Currency));
  });
}
bool number_with_unit(const QuestionText& q) {
  return q.any([&](size_t i) {
    if (q.number(i) && (q.word_in(i + 1, kUnits) || q.punct(i + 1, '%'))) return true;
    if (!q.glued_number_word(i)) return false;
    const std::string& w = q.lower(i);
    const size_t letters = w.find_first_not_of("0123456789.,");
    return letters != std::string::npos && kUnits.words.count(w.substr(letters)) > 0;
  });
}
bool any_number(const QuestionText& q) {
  return q.any([&](size_t i) { return q.number(i) || q.glued_number_word(i); });
}
// Two numbers joined by - ~ or .. (10-20, 10~20), not part of a longer chain such as a date 2010-05-12.
bool shorthand_range(const QuestionText& q) {
  return q.any([&](size_t i) {
    if (!q.number(i)) return false;
    size_t k = i + 1;
    if (q.punct_in(k, "-~") && q.number(k + 1)) {
      k += 2;
    } else if (q.punct(k, '.') && q.punct(k + 1, '.') && q.number(k + 2)) {
      k += 3;
    } else {
      return false;
    }
    const bool chain_after = q.punct_in(k, "-~/") && q.number(k + 1);
    const bool chain_before = i >= 2 && q.punct_in(i - 1, "-~/") && q.number(i - 2);
    return !chain_after && !chain_before;
  });
}
// "between X and Y", "from X to Y" with numbers (a unit or sign may stand between).
bool worded_range(const QuestionText& q) {
  return q.any([&](size_t i) {
    const bool between = q.word(i, "between"), from = q.word(i, "from");
    if (!(between || from) || !q.number_after(i, 2)) return false;
    for (size_t k = i + 2; k <= i + 4 && k < q.size(); ++k) {
      const bool joint = between ? q.word(k, "and")
                                 : (q.word(k, "to") || q.word(k, "until") || q.word(k, "till") ||
                                    q.word(k, "through") || q.punct(k, '-'));
      if (joint && q.number_after(k, 2)) return true;
    }
    return false;
  });
}
bool comparison_cue(const QuestionText& q) {
  return q.any_word(kComparatives) || q.any_word(kComparisonWords) || q.phrase("at", "least") ||
         q.phrase("at", "most") || q.phrase("equal", "to") || any_inequality(q);
}
// A comparative cue or an inequality symbol followed by a number within three tokens.
bool numeric_comparison(const QuestionText& q) {
  return q.any([&](size_t i) {
    return (q.word_in(i, kNumericCues) || q.word_in(i, kComparatives) || inequality_at(q, i)) && q.number_after(i, 3);
  });
}
bool has_or(const QuestionText& q) {
  return q.any([&](size_t i) { return q.word(i, "or"); });
}
// "/" between two words or numbers: "male/female", "and/or".
bool slash_alternative(const QuestionText& q) {
  return q.any([&](size_t i) { return i > 0 && q.punct(i, '/') && q.glued(i - 1) && q.glued(i); });
}

struct QuestionRule {
  int id;
  const char* definition;
  bool (*decide)(const QuestionText&);
};

const QuestionRule kQuestionRules[] = {
    // #23 uses mathematical symbols and units within the syntactic structure
    {23,
     "a math symbol (< > = % + * / ^ ≤ ≥ ≠ × ÷ °) or currency sign ($ € £ ¥), or a number followed by a unit word "
     "(5 kg, 30 years, 10 percent, 5kg)",
     [](const QuestionText& q) { return math_symbol(q) || number_with_unit(q); }},
    // #30 employs parenthetical expressions
    {30, "a parenthesis pair, an en or em dash, or two spaced hyphens (' - ... - ')",
     [](const QuestionText& q) {
       bool open = false;
       int spaced = 0;
       for (size_t i = 0; i < q.size(); ++i) {
         if (q.punct(i, '(')) open = true;
         if (q.punct(i, ')') && open) return true;
         if (q.utf8_symbol(i, std::begin(kUtf8Dashes), std::end(kUtf8Dashes))) return true;
         if (q.punct(i, '-') && i > 0 && !q.glued(i - 1) && !q.glued(i)) ++spaced;
       }
       return spaced >= 2;
     }},
    // #33 uses shorthand notation
    {33,
     "an abbreviation: a word of two or more capitals (ID, USA), a listed short form (etc, vs, approx, avg, num, "
     "qty, dept, yr, pct, ...), e.g./i.e., or a number with a k/m/bn suffix (5k)",
     [](const QuestionText& q) {
       for (size_t i = 0; i < q.size(); ++i) {
         if (q.quoted(i)) continue;
         if (q.word_in(i, kShorthand) || q.capitals(i)) return true;
         if ((q.word(i, "e") && q.punct(i + 1, '.') && q.word(i + 2, "g")) ||
             (q.word(i, "i") && q.punct(i + 1, '.') && q.word(i + 2, "e")))
           return true;
         const std::string& w = q.lower(i);
         if (q.glued_number_word(i)) {
           const size_t letters = w.find_first_not_of("0123456789.,");
           const std::string suffix = letters == std::string::npos ? "" : w.substr(letters);
           if (suffix == "k" || suffix == "m" || suffix == "bn") return true;
         }
       }
       return false;
     }},
    // #35 utilizes comparative numerals and inequality symbols
    {35,
     "a number together with an inequality symbol (< > ≤ ≥ ≠ !=) or a comparison phrase (than, at least, "
     "at most, above, below, exceeding, comparative adjectives) anywhere in the question",
     [](const QuestionText& q) { return any_number(q) && comparison_cue(q); }},
    // #36 employs mathematical symbols and units
    {36, "same as #23 (a paraphrase the paper kept)",
     [](const QuestionText& q) { return math_symbol(q) || number_with_unit(q); }},
    // #38 uses non-standard shorthand notation for numerical range
    {38, "two numbers joined by -, ~ or .. (10-20, 10~20), not a longer chain such as the date 2010-05-12",
     [](const QuestionText& q) { return shorthand_range(q); }},
    // #39 includes mixed use of symbols and words
    {39,
     "a symbol other than sentence punctuation outside quoted values: < > = % $ & / + * # @ ~ ^ | or ≤ ≥ ≠ × ÷ ° "
     "€ £ ¥ (003 §4 reports 20% of BIRD dev, 5% of Spider dev)",
     [](const QuestionText& q) {
       return q.any([&](size_t i) {
         return q.punct_in(i, "<>=%$&/+*#@~^|") || q.utf8_symbol(i, std::begin(kUtf8Math), std::end(kUtf8Math)) ||
                q.utf8_symbol(i, std::begin(kUtf8Currency), std::end(kUtf8Currency));
       });
     }},
    // #40 uses shorthand notation to indicate range
    {40, "#38, or a number followed by + (18+), or two inequality symbols (10 < x < 20)",
     [](const QuestionText& q) {
       int inequalities = 0;
       for (size_t i = 0; i < q.size(); ++i) {
         if (inequality_at(q, i)) ++inequalities;
         if (q.number(i) && q.punct(i + 1, '+') && q.glued(i) && !q.number(i + 2)) return true;
       }
       return inequalities >= 2 || shorthand_range(q);
     }},
    // #53 utilizes range specification in nominal phrases
    {53, "\"between X and Y\" or \"from X to/until/through Y\" with numbers X and Y",
     [](const QuestionText& q) { return worded_range(q); }},
    // #55 uses typographic symbols to modify nouns
    {55,
     "a quoted value ('CD', \"Smith\") or one of $ % # & / @ glued to a word or number ($5, 50%, #3, R&D, "
     "male/female)",
     [](const QuestionText& q) {
       for (size_t i = 0; i < q.size(); ++i) {
         if (q.quoted(i)) return true;
         if (!q.punct_in(i, "$%#&/@")) continue;
         if ((i > 0 && q.glued(i - 1)) || q.glued(i)) return true;
       }
       return false;
     }},
    // #56 involves the use of disjunctions
    {56, "the word or, either, nor or neither, or / between two words (and/or, male/female)",
     [](const QuestionText& q) { return q.any_word(kDisjunctions) || slash_alternative(q); }},
    // #57 employs logical connectors and operators
    {57, "the word and, or, not, nor or but, or the symbol & or |",
     [](const QuestionText& q) {
       return q.any_word(kConnectors) || q.any([&](size_t i) { return q.punct_in(i, "&|"); });
     }},
    // #59 uses comparison operations for selection criteria
    {59,
     "a comparison: comparative adjective (more, higher, older, ...), than, exceed(s), above, below, at least, "
     "at most, equal to, an inequality symbol, or over/under/before/after/since followed by a number",
     [](const QuestionText& q) { return comparison_cue(q) || numeric_comparison(q); }},
    // #60 uses coordinating conjunctions
    {60, "the word and, or, nor, but or yet (for and so are left out: mostly not coordinators in questions)",
     [](const QuestionText& q) { return q.any_word(kCoordinators); }},
    // #63 involves comparison operations
    {63,
     "#59, or a superlative or ranking word (most, highest, lowest, top, maximum, oldest, ...), or compare, "
     "difference, versus",
     [](const QuestionText& q) { return comparison_cue(q) || numeric_comparison(q) || q.any_word(kSuperlatives); }},
    // #66 utilizes range specifications
    {66, "#53 or #38, or \"within\" followed by a number, or range/ranging with a number",
     [](const QuestionText& q) {
       return worded_range(q) || shorthand_range(q) || q.any([&](size_t i) {
         return (q.word(i, "within") || q.word(i, "range") || q.word(i, "ranging")) && q.number_after(i, 3);
       });
     }},
    // #67 employs logical quantifiers like 'and' and 'or'
    {67, "the word and or the word or",
     [](const QuestionText& q) { return q.any([&](size_t i) { return q.word(i, "and") || q.word(i, "or"); }); }},
    // #68 employs comparison operations for numerical values
    {68,
     "a comparison word (than, over, under, above, below, at least/most, before, after, since, within, "
     "comparative adjectives) or inequality symbol followed by a number within three tokens",
     [](const QuestionText& q) { return numeric_comparison(q); }},
    // #70 uses conjunctions to express disjunction
    {70, "the word or", [](const QuestionText& q) { return has_or(q); }},
    // #71 employs inclusive disjunction with 'or' coordinating conjunction
    {71, "the word or, in a question without either or whether (which mark an exclusive choice)",
     [](const QuestionText& q) {
       return has_or(q) && !q.any([&](size_t i) { return q.word(i, "either") || q.word(i, "whether"); });
     }},
    // #73 includes numerical comparison with inequality symbols
    {73, "an inequality symbol (< > <= >= != ≤ ≥ ≠) directly followed by a number (a $ may stand between)",
     [](const QuestionText& q) {
       for (size_t i = 0; i < q.size(); ++i) {
         if (q.utf8_symbol(i, std::begin(kUtf8Inequality), std::end(kUtf8Inequality))) {
           const std::string& w = q.lower(i);  // "≥5" is one token
           if (std::any_of(w.begin(), w.end(), [](unsigned char c) { return std::isdigit(c); })) return true;
           if (q.number_after(i, 2)) return true;
         }
         if (!q.punct_in(i, "<>!")) continue;
         size_t k = i + 1;
         if (q.punct(k, '=')) ++k;
         if (q.punct(i, '!') && k == i + 1) continue;
         if (q.punct(k, '$')) ++k;
         if (q.number(k) || q.glued_number_word(k)) return true;
       }
       return false;
     }},
    // #139 involves temporal constraints in the natural language question
    {139,
     "a year (a number 1800-2099), a date (2010-05-12, 5/12/2010), a month or weekday name (May and March only "
     "next to a number), or a temporal word (since, until, during, before, after, ago, year(s), month(s), date, "
     "recent, earliest, latest, ...)",
     [](const QuestionText& q) {
       for (size_t i = 0; i < q.size(); ++i) {
         if (q.word_in(i, kTemporal)) return true;
         if ((q.word(i, "may") || q.word(i, "march")) && (q.number(i + 1) || (i > 0 && q.number(i - 1)))) return true;
         if (q.number(i)) {
           const std::string& w = q.lower(i);
           if (w.size() == 4 && w.find_first_not_of("0123456789") == std::string::npos) {
             const int y = std::atoi(w.c_str());
             if (y >= 1800 && y <= 2099) return true;
           }
           if (q.punct_in(i + 1, "-/") && q.number(i + 2) && q.punct_in(i + 3, "-/") && q.number(i + 4)) return true;
         }
       }
       return false;
     }},
    // #140 uses quantifiers for specificity
    {140,
     "a quantifier: all, each, every, any, both, either, neither, none, several, multiple, only, exactly, few, "
     "at least, at most, two..ten, twice, or many not after how",
     [](const QuestionText& q) {
       return q.any_word(kQuantifiers) || q.phrase("at", "least") || q.phrase("at", "most") ||
              q.any([&](size_t i) { return q.word(i, "many") && !(i > 0 && q.word(i - 1, "how")); });
     }},
    // #148 invokes epistemic modality
    {148,
     "a modal of possibility or certainty: may (lower case, not the month), might, possibly, probably, perhaps, "
     "likely, certainly, apparently, potentially, ... (could/would/should left out: mostly politeness)",
     [](const QuestionText& q) {
       return q.any([&](size_t i) {
         if (!q.word_in(i, kEpistemic)) return false;
         return !(q.lower(i) == "may" && (q.number(i + 1) || (i > 0 && q.number(i - 1))));
       });
     }},
    // #156 employs reported speech
    {156, "\"according to\", or a reporting verb (state, say, report, claim, mention, indicate, tell) followed by that",
     [](const QuestionText& q) {
       return q.phrase("according", "to") ||
              q.any([&](size_t i) { return q.word_in(i, kReporting) && q.word(i + 1, "that"); });
     }},
    // #160 uses disjunction to allow for multiple criteria
    {160, "the word or, or / between two words",
     [](const QuestionText& q) { return has_or(q) || slash_alternative(q); }},
    // #161 employs alternative conditions
    {161, "the word or, either, alternatively, otherwise, instead or unless",
     [](const QuestionText& q) { return q.any_word(kAlternatives); }},
    // #171 implies a causal relationship
    {171,
     "because, due to, owing to, lead(s)/led to, result(s/ed) in, cause(s/d), therefore, thus, hence, why, "
     "reason(s), consequence(s)",
     [](const QuestionText& q) {
       return q.any_word(kCausal) || q.phrase("due", "to") || q.phrase("owing", "to") || q.phrase("lead", "to") ||
              q.phrase("leads", "to") || q.phrase("led", "to") || q.phrase("result", "in") ||
              q.phrase("results", "in") || q.phrase("resulted", "in");
     }},
};

const RuleDefinition kGroundingRules[] = {
    // #124 directly maps threshold values to their respective columns in the SQL query
    {124,
     "the SQL compares something with a number (=, <, >, ..., BETWEEN, IN) that the question writes (numerically "
     "equal: 5 and 5.0)"},
    // #179 clearly grounded in the provided database schema, with no additional reasoning required
    {179,
     "every column the SQL reads (join conditions aside) is named in the question (as #182); with no column, "
     "every table it reads; needs the SQL, so it is not decided online"},
    // #181 directly aligns with a specific column in the schema, requiring minimal additional reasoning to map
    {181, "exactly one distinct column name of the schema is named in the question (as #182)"},
    // #182 uses exact column names from the schema to query for specific values
    {182,
     "some column's name appears in the question as a run of its words: the identifier segmented (snake_case, "
     "camelCase, run-together words) or its natural name, both lemmatised with stopwords dropped, as the "
     "question's words are"},
    // #186 closely grounded in the database schema, although it does not use exact column names
    {186, "not #182, but some question word (3+ letters) equals a word of a column or table name (lemmas)"},
};

double number_value(const std::string& text) {
  std::string digits;
  for (char c : text)
    if (c != ',') digits += c;
  return std::strtod(digits.c_str(), nullptr);
}

bool contains_run(const std::vector<std::string>& text, const std::vector<std::string>& run) {
  if (run.empty() || run.size() > text.size()) return false;
  return std::search(text.begin(), text.end(), run.begin(), run.end()) != text.end();
}

}  // namespace

const std::vector<RuleDefinition>& question_rules() {
  static const std::vector<RuleDefinition> rules = [] {
    std::vector<RuleDefinition> out;
    for (const auto& r : kQuestionRules) out.push_back({r.id, r.definition});
    return out;
  }();
  return rules;
}

std::vector<FeatureDecision> decide_question_surface(std::string_view question) {
  const QuestionText q(question);
  std::vector<FeatureDecision> out;
  out.reserve(std::size(kQuestionRules));
  for (const auto& r : kQuestionRules) out.push_back({r.id, r.decide(q)});
  return out;
}

const std::vector<RuleDefinition>& grounding_rules() {
  static const std::vector<RuleDefinition> rules(std::begin(kGroundingRules), std::end(kGroundingRules));
  return rules;
}

FeatureDecision decide_threshold_mapping(std::string_view question, const sql::Node& query) {
  std::vector<double> asked;
  for (const auto& t : tokenize(question))
    if (t.kind == TokenKind::number) asked.push_back(number_value(t.text));
  bool mapped = false;
  sql::walk(query, [&](const sql::Node& n) {
    const bool compares =
        (n.kind == sql::Kind::Binary && (n.text == "=" || n.text == "==" || n.text == "!=" || n.text == "<>" ||
                                         n.text == "<" || n.text == "<=" || n.text == ">" || n.text == ">=")) ||
        n.kind == sql::Kind::Between || n.kind == sql::Kind::In;
    if (!compares || mapped) return !mapped;
    for (const auto& c : n.children)
      if (c.node->kind == sql::Kind::Number &&
          std::find(asked.begin(), asked.end(), number_value(c.node->text)) != asked.end())
        mapped = true;
    return !mapped;
  });
  return {124, mapped};
}

std::vector<std::string> SchemaGrounding::lemmas(std::string_view text) {
  std::vector<std::string> out;
  for (auto& t : tqa::candidate_tokens(lemmas_, text)) out.push_back(std::move(t.lemma));
  return out;
}

SchemaGrounding::NameForms SchemaGrounding::forms_of(const std::string& identifier, const std::string& natural) {
  NameForms n;
  std::string words;
  for (const auto& s : segment_identifier(lex_, identifier)) words += (words.empty() ? "" : " ") + s.text;
  for (const std::string& text : {words, natural}) {
    auto f = lemmas(text);
    if (!f.empty() && std::find(n.forms.begin(), n.forms.end(), f) == n.forms.end()) n.forms.push_back(std::move(f));
  }
  return n;
}

const SchemaGrounding::SchemaNames& SchemaGrounding::names_of(const Schema& schema) {
  auto it = by_db_.find(schema.db_id);
  if (it != by_db_.end()) return it->second;
  SchemaNames names;
  for (const auto& t : schema.tables) {
    NameForms tf = forms_of(t.name, t.natural_name);
    tf.table = to_lower_ascii(t.name);
    names.tables.push_back(std::move(tf));
    for (const auto& c : t.columns) {
      NameForms cf = forms_of(c.name, c.natural_name);
      cf.table = to_lower_ascii(t.name);
      cf.column = to_lower_ascii(c.name);
      names.columns.push_back(std::move(cf));
    }
  }
  return by_db_.emplace(schema.db_id, std::move(names)).first->second;
}

std::vector<FeatureDecision> SchemaGrounding::decide(std::string_view question, const Schema* schema,
                                                     const sql::Node* query) {
  std::vector<FeatureDecision> out;
  if (query) out.push_back(decide_threshold_mapping(question, *query));
  if (!schema) return out;
  const SchemaNames& names = names_of(*schema);
  const std::vector<std::string> asked = lemmas(question);
  std::set<std::string> matched;  // distinct column forms named in full
  std::set<std::pair<std::string, std::string>> matched_columns;
  for (const auto& c : names.columns)
    for (const auto& f : c.forms)
      if (contains_run(asked, f)) {
        std::string key;
        for (const auto& w : f) key += w + " ";
        matched.insert(key);
        matched_columns.insert({c.table, c.column});
      }
  const bool exact = !matched.empty();
  bool partial = false;
  auto overlaps = [&](const NameForms& n) {
    for (const auto& f : n.forms)
      for (const auto& w : f)
        if (w.size() >= 3 && std::find(asked.begin(), asked.end(), w) != asked.end()) return true;
    return false;
  };
  for (const auto& c : names.columns) partial = partial || overlaps(c);
  for (const auto& t : names.tables) partial = partial || overlaps(t);
  if (query) {  // #179
    const sql::NameResolution r = sql::resolve_names(*query, *schema);
    std::set<const sql::Node*> in_joins;
    sql::walk(*query, [&](const sql::Node& n) {
      if (n.kind == sql::Kind::Join)
        for (const auto& c : n.children)
          if (c.slot == sql::Slot::On || c.slot == sql::Slot::Using)
            sql::walk(*c.node, [&](const sql::Node& inner) {
              in_joins.insert(&inner);
              return true;
            });
      return true;
    });
    size_t used = 0, named = 0;
    std::set<std::pair<std::string, std::string>> seen;
    for (const auto& ref : r.columns) {
      std::string table, column;
      if (in_joins.count(ref.node) || !r.base_column(ref, table, column)) continue;
      auto key = std::make_pair(to_lower_ascii(table), to_lower_ascii(column));
      if (!seen.insert(key).second) continue;
      ++used;
      if (matched_columns.count(key)) ++named;
    }
    bool grounded = used > 0 && named == used;
    if (used == 0) {
      std::set<std::string> tables;
      for (const auto& inst : r.instances)
        if (!inst.derived && inst.known) tables.insert(to_lower_ascii(inst.table));
      grounded = !tables.empty();
      for (const auto& t : names.tables)
        if (tables.count(t.table)) {
          bool hit = false;
          for (const auto& f : t.forms) hit = hit || contains_run(asked, f);
          grounded = grounded && hit;
        }
    }
    out.push_back({179, grounded});
  }
  out.push_back({181, matched.size() == 1});
  out.push_back({182, exact});
  out.push_back({186, !exact && partial});
  std::sort(out.begin(), out.end(), [](const FeatureDecision& a, const FeatureDecision& b) { return a.id < b.id; });
  return out;
}

}  // namespace chokepoint::sqlspace
