// Keyword tables of SQLite 3.40: which words are keywords, which of them the parser distinguishes, and which may
// still serve as bare identifiers (SQLite's `%fallback ID` list in parse.y, plus LIKE_KW and CTIME_KW members).
#include <array>
#include <cstdint>
#include <iterator>

#include "core/sql/token.h"

namespace chokepoint::sql {
namespace {

struct Entry {
  const char* name;  // upper case
  Keyword keyword;
};

// Sorted by name, each name once (checked by a unit test). Every keyword of sqlite3_keyword_name(), plus TRUE and
// FALSE, which SQLite parses as identifiers that fall back to constants.
constexpr Entry kKeywords[] = {
    {"ABORT", Keyword::Reserved},
    {"ACTION", Keyword::Reserved},
    {"ADD", Keyword::Reserved},
    {"AFTER", Keyword::Reserved},
    {"ALL", Keyword::All},
    {"ALTER", Keyword::Reserved},
    {"ALWAYS", Keyword::Reserved},
    {"ANALYZE", Keyword::Reserved},
    {"AND", Keyword::And},
    {"AS", Keyword::As},
    {"ASC", Keyword::Asc},
    {"ATTACH", Keyword::Reserved},
    {"AUTOINCREMENT", Keyword::Reserved},
    {"BEFORE", Keyword::Reserved},
    {"BEGIN", Keyword::Reserved},
    {"BETWEEN", Keyword::Between},
    {"BY", Keyword::By},
    {"CASCADE", Keyword::Reserved},
    {"CASE", Keyword::Case},
    {"CAST", Keyword::Cast},
    {"CHECK", Keyword::Reserved},
    {"COLLATE", Keyword::Collate},
    {"COLUMN", Keyword::Reserved},
    {"COMMIT", Keyword::Reserved},
    {"CONFLICT", Keyword::Reserved},
    {"CONSTRAINT", Keyword::Reserved},
    {"CREATE", Keyword::Reserved},
    {"CROSS", Keyword::Cross},
    {"CURRENT", Keyword::Current},
    {"CURRENT_DATE", Keyword::CurrentDate},
    {"CURRENT_TIME", Keyword::CurrentTime},
    {"CURRENT_TIMESTAMP", Keyword::CurrentTimestamp},
    {"DATABASE", Keyword::Reserved},
    {"DEFAULT", Keyword::Reserved},
    {"DEFERRABLE", Keyword::Reserved},
    {"DEFERRED", Keyword::Reserved},
    {"DELETE", Keyword::Reserved},
    {"DESC", Keyword::Desc},
    {"DETACH", Keyword::Reserved},
    {"DISTINCT", Keyword::Distinct},
    {"DO", Keyword::Reserved},
    {"DROP", Keyword::Reserved},
    {"EACH", Keyword::Reserved},
    {"ELSE", Keyword::Else},
    {"END", Keyword::End},
    {"ESCAPE", Keyword::Escape},
    {"EXCEPT", Keyword::Except},
    {"EXCLUDE", Keyword::Exclude},
    {"EXCLUSIVE", Keyword::Reserved},
    {"EXISTS", Keyword::Exists},
    {"EXPLAIN", Keyword::Reserved},
    {"FAIL", Keyword::Reserved},
    {"FALSE", Keyword::False},
    {"FILTER", Keyword::Filter},
    {"FIRST", Keyword::First},
    {"FOLLOWING", Keyword::Following},
    {"FOR", Keyword::Reserved},
    {"FOREIGN", Keyword::Reserved},
    {"FROM", Keyword::From},
    {"FULL", Keyword::Full},
    {"GENERATED", Keyword::Reserved},
    {"GLOB", Keyword::Glob},
    {"GROUP", Keyword::Group},
    {"GROUPS", Keyword::Groups},
    {"HAVING", Keyword::Having},
    {"IF", Keyword::Reserved},
    {"IGNORE", Keyword::Reserved},
    {"IMMEDIATE", Keyword::Reserved},
    {"IN", Keyword::In},
    {"INDEX", Keyword::Reserved},
    {"INDEXED", Keyword::Indexed},
    {"INITIALLY", Keyword::Reserved},
    {"INNER", Keyword::Inner},
    {"INSERT", Keyword::Reserved},
    {"INSTEAD", Keyword::Reserved},
    {"INTERSECT", Keyword::Intersect},
    {"INTO", Keyword::Reserved},
    {"IS", Keyword::Is},
    {"ISNULL", Keyword::Isnull},
    {"JOIN", Keyword::Join},
    {"KEY", Keyword::Reserved},
    {"LAST", Keyword::Last},
    {"LEFT", Keyword::Left},
    {"LIKE", Keyword::Like},
    {"LIMIT", Keyword::Limit},
    {"MATCH", Keyword::Match},
    {"MATERIALIZED", Keyword::Materialized},
    {"NATURAL", Keyword::Natural},
    {"NO", Keyword::No},
    {"NOT", Keyword::Not},
    {"NOTHING", Keyword::Reserved},
    {"NOTNULL", Keyword::Notnull},
    {"NULL", Keyword::Null},
    {"NULLS", Keyword::Nulls},
    {"OF", Keyword::Reserved},
    {"OFFSET", Keyword::Offset},
    {"ON", Keyword::On},
    {"OR", Keyword::Or},
    {"ORDER", Keyword::Order},
    {"OTHERS", Keyword::Others},
    {"OUTER", Keyword::Outer},
    {"OVER", Keyword::Over},
    {"PARTITION", Keyword::Partition},
    {"PLAN", Keyword::Reserved},
    {"PRAGMA", Keyword::Reserved},
    {"PRECEDING", Keyword::Preceding},
    {"PRIMARY", Keyword::Reserved},
    {"QUERY", Keyword::Reserved},
    {"RAISE", Keyword::Reserved},
    {"RANGE", Keyword::Range},
    {"RECURSIVE", Keyword::Recursive},
    {"REFERENCES", Keyword::Reserved},
    {"REGEXP", Keyword::Regexp},
    {"REINDEX", Keyword::Reserved},
    {"RELEASE", Keyword::Reserved},
    {"RENAME", Keyword::Reserved},
    {"REPLACE", Keyword::Reserved},
    {"RESTRICT", Keyword::Reserved},
    {"RETURNING", Keyword::Reserved},
    {"RIGHT", Keyword::Right},
    {"ROLLBACK", Keyword::Reserved},
    {"ROW", Keyword::Row},
    {"ROWS", Keyword::Rows},
    {"SAVEPOINT", Keyword::Reserved},
    {"SELECT", Keyword::Select},
    {"SET", Keyword::Reserved},
    {"TABLE", Keyword::Reserved},
    {"TEMP", Keyword::Reserved},
    {"TEMPORARY", Keyword::Reserved},
    {"THEN", Keyword::Then},
    {"TIES", Keyword::Ties},
    {"TO", Keyword::Reserved},
    {"TRANSACTION", Keyword::Reserved},
    {"TRIGGER", Keyword::Reserved},
    {"TRUE", Keyword::True},
    {"UNBOUNDED", Keyword::Unbounded},
    {"UNION", Keyword::Union},
    {"UNIQUE", Keyword::Reserved},
    {"UPDATE", Keyword::Reserved},
    {"USING", Keyword::Using},
    {"VACUUM", Keyword::Reserved},
    {"VALUES", Keyword::Values},
    {"VIEW", Keyword::Reserved},
    {"VIRTUAL", Keyword::Reserved},
    {"WHEN", Keyword::When},
    {"WHERE", Keyword::Where},
    {"WINDOW", Keyword::Window},
    {"WITH", Keyword::With},
    {"WITHOUT", Keyword::Reserved},
};

// Words SQLite lets through as identifiers although they are keywords. The Reserved entries among them (ABORT,
// ACTION, ...) are also fallbacks, which is why keyword_of() maps fallback words it does not otherwise need to None.
constexpr const char* kReservedFallbacks[] = {
    "ABORT",    "ACTION",   "AFTER",     "ALWAYS",   "ANALYZE", "ATTACH",    "BEFORE",    "BEGIN",     "CASCADE",
    "COLUMN",   "CONFLICT", "DATABASE",  "DEFERRED", "DETACH",  "DO",        "EACH",      "EXCLUSIVE", "EXPLAIN",
    "FAIL",     "FOR",      "GENERATED", "IF",       "IGNORE",  "IMMEDIATE", "INITIALLY", "INSTEAD",   "KEY",
    "OF",       "PLAN",     "PRAGMA",    "QUERY",    "RAISE",   "REINDEX",   "RELEASE",   "RENAME",    "REPLACE",
    "RESTRICT", "ROLLBACK", "SAVEPOINT", "TEMP",     "TRIGGER", "VACUUM",    "VIEW",      "VIRTUAL",   "WITHOUT"};

// The byte order of two NUL-terminated names, as strcmp gives it. Written out so that it inlines: in the wasm build
// strcmp is a call into Emscripten's libc (a byte loop), and each word the lexer reads is looked up this way.
constexpr int compare_names(const char* a, const char* b) {
  while (*a != '\0' && *a == *b) {
    ++a;
    ++b;
  }
  return static_cast<unsigned char>(*a) - static_cast<unsigned char>(*b);
}

constexpr bool is_reserved_fallback(const char* name) {
  for (const char* f : kReservedFallbacks)
    if (compare_names(f, name) == 0) return true;
  return false;
}

// kReservedFallback[i]: kKeywords[i] is one of kReservedFallbacks, decided as the program is compiled, so that a
// Reserved keyword that is not one (INSERT, INTO) is not compared with the whole list each time the lexer meets it.
constexpr std::array<bool, std::size(kKeywords)> reserved_fallback_flags() {
  std::array<bool, std::size(kKeywords)> flags{};
  for (size_t i = 0; i < flags.size(); ++i) flags[i] = is_reserved_fallback(kKeywords[i].name);
  return flags;
}
constexpr auto kReservedFallback = reserved_fallback_flags();

// The keywords in an open-addressing hash table, built as the program is compiled: a word the lexer reads is found
// (or not) with one hash and a compare or two, where a binary search over the sorted table compared it with eight
// names; most words are identifiers, which the search followed to the end.
constexpr size_t kKeywordSlots = 512;  // a power of two, over three times the keywords
constexpr size_t name_length(const char* name) {
  size_t n = 0;
  while (name[n] != '\0') ++n;
  return n;
}
constexpr size_t keyword_hash(const char* upper, size_t n) {
  const auto byte = [](char c) { return static_cast<size_t>(static_cast<unsigned char>(c)); };
  return (n * 97 + byte(upper[0]) * 31 + byte(upper[n - 1]) * 7 + byte(upper[n / 2])) & (kKeywordSlots - 1);
}
constexpr std::array<uint16_t, kKeywordSlots> keyword_slots() {
  std::array<uint16_t, kKeywordSlots> slots{};  // 0: empty; otherwise 1 + the keyword's position in kKeywords
  for (size_t i = 0; i < std::size(kKeywords); ++i) {
    size_t h = keyword_hash(kKeywords[i].name, name_length(kKeywords[i].name));
    while (slots[h] != 0) h = (h + 1) & (kKeywordSlots - 1);
    slots[h] = static_cast<uint16_t>(i + 1);
  }
  return slots;
}
constexpr auto kKeywordSlotTable = keyword_slots();

const Entry* lookup(std::string_view word) {
  char upper[24];
  if (word.empty() || word.size() >= sizeof(upper)) return nullptr;
  for (size_t i = 0; i < word.size(); ++i) {
    char c = word[i];
    upper[i] = (c >= 'a' && c <= 'z') ? static_cast<char>(c - 'a' + 'A') : c;
  }
  upper[word.size()] = '\0';
  for (size_t h = keyword_hash(upper, word.size()); kKeywordSlotTable[h] != 0; h = (h + 1) & (kKeywordSlots - 1)) {
    const Entry& e = kKeywords[kKeywordSlotTable[h] - 1];
    if (compare_names(e.name, upper) == 0) return &e;
  }
  return nullptr;
}

}  // namespace

Keyword keyword_of(std::string_view word) {
  const Entry* e = lookup(word);
  if (!e) return Keyword::None;
  if (e->keyword == Keyword::Reserved && kReservedFallback[static_cast<size_t>(e - std::begin(kKeywords))])
    return Keyword::None;
  return e->keyword;
}

bool keyword_is_fallback_identifier(Keyword k) {
  switch (k) {
    case Keyword::None:
    case Keyword::Asc:
    case Keyword::Desc:
    case Keyword::By:
    case Keyword::Cast:
    case Keyword::End:
    case Keyword::Like:
    case Keyword::Glob:
    case Keyword::Regexp:
    case Keyword::Match:
    case Keyword::No:
    case Keyword::Offset:
    case Keyword::Recursive:
    case Keyword::Row:
    case Keyword::Rows:
    case Keyword::With:
    case Keyword::Nulls:
    case Keyword::First:
    case Keyword::Last:
    case Keyword::CurrentDate:
    case Keyword::CurrentTime:
    case Keyword::CurrentTimestamp:
    case Keyword::Current:
    case Keyword::Following:
    case Keyword::Partition:
    case Keyword::Preceding:
    case Keyword::Range:
    case Keyword::Unbounded:
    case Keyword::Exclude:
    case Keyword::Groups:
    case Keyword::Others:
    case Keyword::Ties:
    case Keyword::Materialized:
    // Not keywords to SQLite's grammar at all: the tokenizer decides from context (WINDOW, OVER, FILTER) or they
    // are identifiers with a constant fallback (TRUE, FALSE).
    case Keyword::Window:
    case Keyword::Over:
    case Keyword::Filter:
    case Keyword::True:
    case Keyword::False:
      return true;
    default:
      return false;
  }
}

bool is_sqlite_keyword(std::string_view word) { return lookup(word) != nullptr; }

bool keyword_table_is_sorted() {
  for (size_t i = 1; i < std::size(kKeywords); ++i)
    if (compare_names(kKeywords[i - 1].name, kKeywords[i].name) >= 0) return false;
  return true;
}

}  // namespace chokepoint::sql
