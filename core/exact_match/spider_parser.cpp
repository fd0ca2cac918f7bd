// Port of process_sql.py, function by function. Python's failures (AssertionError, KeyError, IndexError,
// ValueError) are thrown here as SpiderParseError and become an Error value at spider_parse; nothing else throws.
// nltk's NLTKWordTokenizer is ported for the text it can see: Spider's tokenize has already replaced every quoted
// value by a key, so no ' or " reaches it, and its quote and apostrophe rules never fire.
#include "core/exact_match/spider_parser.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <set>

#include "core/base/text.h"

namespace chokepoint::em {
namespace {

using Toks = std::vector<std::string>;

struct SpiderParseError {
  std::string message;
};

[[noreturn]] void fail(std::string message) { throw SpiderParseError{std::move(message)}; }

// ---------------------------------------------------------------------------------------------------------------
// nltk.tokenize.destructive.NLTKWordTokenizer.tokenize (nltk 3.8.1), without convert_parentheses.

// Python's \s and str.split() over ASCII (plus the information separators \x1c-\x1f, which Python counts).
bool is_space(unsigned char c) { return c == ' ' || (c >= '\t' && c <= '\r') || (c >= 0x1c && c <= 0x1f); }
bool is_digit(unsigned char c) { return c >= '0' && c <= '9'; }
// Python's \w: letters, digits, underscore; every non-ASCII byte counts as part of a word character.
bool is_word(unsigned char c) { return std::isalnum(c) || c == '_' || c >= 0x80; }

bool starts_at(const std::string& s, size_t i, std::string_view w) { return s.compare(i, w.size(), w) == 0; }

// STARTING_QUOTES[0]: ([«“‘„]|[`]+) -> " \1 "
std::string space_starting_quotes(const std::string& s) {
  static const char* const kQuotes[] = {"\xC2\xAB", "\xE2\x80\x9C", "\xE2\x80\x98", "\xE2\x80\x9E"};
  std::string out;
  for (size_t i = 0; i < s.size();) {
    bool done = false;
    for (const char* q : kQuotes) {
      if (starts_at(s, i, q)) {
        out += ' ';
        out += q;
        out += ' ';
        i += std::string_view(q).size();
        done = true;
        break;
      }
    }
    if (done) continue;
    if (s[i] == '`') {
      size_t j = i;
      while (j < s.size() && s[j] == '`') ++j;
      out += ' ';
      out.append(s, i, j - i);
      out += ' ';
      i = j;
      continue;
    }
    out += s[i++];
  }
  return out;
}

// Every non-overlapping occurrence of `what`, left to right, becomes " what ".
std::string space_around(const std::string& s, std::string_view what) {
  std::string out;
  for (size_t i = 0; i < s.size();) {
    if (starts_at(s, i, what)) {
      out += ' ';
      out += what;
      out += ' ';
      i += what.size();
    } else {
      out += s[i++];
    }
  }
  return out;
}

// Each byte of `chars` becomes " c ".
std::string space_chars(const std::string& s, std::string_view chars) {
  std::string out;
  for (char c : s) {
    if (chars.find(c) != std::string_view::npos) {
      out += ' ';
      out += c;
      out += ' ';
    } else {
      out += c;
    }
  }
  return out;
}

// PUNCTUATION[0] and [5], the final period: ([^\.])(\.)([closers]*)\s*$ -> "\1 \2 \3 " (with_space) or "\1 \2\3 ".
std::string final_period(const std::string& s, std::string_view closers, bool with_space) {
  size_t p = s.rfind('.');
  if (p == std::string::npos || p == 0 || s[p - 1] == '.') return s;
  size_t j = p + 1;
  while (j < s.size() && closers.find(s[j]) != std::string_view::npos) ++j;
  for (size_t k = j; k < s.size(); ++k)
    if (!is_space(static_cast<unsigned char>(s[k]))) return s;
  std::string out = s.substr(0, p);
  out += with_space ? " . " : " .";
  out.append(s, p + 1, j - p - 1);
  out += ' ';
  return out;
}

// PUNCTUATION[1]: ([:,])([^\d]) -> " \1 \2"
std::string space_comma_colon(const std::string& s) {
  std::string out;
  for (size_t i = 0; i < s.size();) {
    if ((s[i] == ',' || s[i] == ':') && i + 1 < s.size() && !is_digit(static_cast<unsigned char>(s[i + 1]))) {
      out += ' ';
      out += s[i];
      out += ' ';
      out += s[i + 1];
      i += 2;
    } else {
      out += s[i++];
    }
  }
  return out;
}

// PUNCTUATION[2]: ([:,])$ -> " \1 " ($ also matches before a final newline)
std::string space_final_comma(const std::string& s) {
  size_t n = s.size();
  auto is_cc = [](char c) { return c == ',' || c == ':'; };
  if (n >= 1 && is_cc(s[n - 1])) return s.substr(0, n - 1) + " " + s[n - 1] + " ";
  if (n >= 2 && s[n - 1] == '\n' && is_cc(s[n - 2])) return s.substr(0, n - 2) + " " + s[n - 2] + " \n";
  return s;
}

// PUNCTUATION[3]: \.{2,} -> " \g<0> "
std::string space_ellipsis(const std::string& s) {
  std::string out;
  for (size_t i = 0; i < s.size();) {
    size_t j = i;
    while (j < s.size() && s[j] == '.') ++j;
    if (j - i >= 2) {
      out += ' ';
      out.append(s, i, j - i);
      out += ' ';
      i = j;
    } else if (j > i) {
      out += s[i++];
    } else {
      out += s[i++];
    }
  }
  return out;
}

// CONTRACTIONS2 (case-insensitive): \b(w1)(w2)\b -> " \1 \2 "; `lookahead_space` for (?=\s) instead of \b.
std::string split_contraction(const std::string& s, std::string_view w1, std::string_view w2, bool lookahead_space) {
  std::string word = std::string(w1) + std::string(w2);
  std::string out;
  for (size_t i = 0; i < s.size();) {
    bool boundary_before = i == 0 || !is_word(static_cast<unsigned char>(s[i - 1]));
    if (boundary_before && i + word.size() <= s.size() && iequals(std::string_view(s).substr(i, word.size()), word)) {
      size_t e = i + word.size();
      bool ok = lookahead_space ? (e < s.size() && is_space(static_cast<unsigned char>(s[e])))
                                : (e == s.size() || !is_word(static_cast<unsigned char>(s[e])));
      if (ok) {
        out += ' ';
        out.append(s, i, w1.size());
        out += ' ';
        out.append(s, i + w1.size(), w2.size());
        out += ' ';
        i = e;
        continue;
      }
    }
    out += s[i++];
  }
  return out;
}

Toks treebank_tokenize(std::string text) {
  text = space_starting_quotes(text);
  text = space_around(text, "``");
  text = final_period(text, "])}> ", true);  // the set also holds " ' » ” ’, which cannot occur here
  text = space_comma_colon(text);
  text = space_final_comma(text);
  text = space_ellipsis(text);
  text = space_chars(text, ";@#$%&");
  text = final_period(text, "])}>", false);
  text = space_chars(text, "?!");
  text = space_chars(text, "*");
  text = space_chars(text, "][(){}<>");
  text = space_around(text, "--");
  text = " " + text + " ";
  for (const char* q : {"\xC2\xBB", "\xE2\x80\x9D", "\xE2\x80\x99"}) text = space_around(text, q);
  text = split_contraction(text, "can", "not", false);
  text = split_contraction(text, "gim", "me", false);
  text = split_contraction(text, "gon", "na", false);
  text = split_contraction(text, "got", "ta", false);
  text = split_contraction(text, "lem", "me", false);
  text = split_contraction(text, "wan", "na", true);
  Toks toks;
  std::string cur;
  for (char c : text) {
    if (is_space(static_cast<unsigned char>(c))) {
      if (!cur.empty()) toks.push_back(std::move(cur));
      cur.clear();
    } else {
      cur += c;
    }
  }
  if (!cur.empty()) toks.push_back(std::move(cur));
  return toks;
}

// Python list slicing toks[start:end] with negative indices counted from the end.
Toks py_slice(const Toks& v, long start, long end) {
  long n = static_cast<long>(v.size());
  auto norm = [n](long i) { return i < 0 ? std::max(0L, n + i) : std::min(n, i); };
  long a = norm(start), b = norm(end);
  return a < b ? Toks(v.begin() + a, v.begin() + b) : Toks{};
}

// ---------------------------------------------------------------------------------------------------------------
// process_sql.py constants.

const std::set<std::string> kClauseKeywords = {"select", "from",      "where", "group", "order",
                                               "limit",  "intersect", "union", "except"};
const std::set<std::string> kJoinKeywords = {"join", "on", "as"};
const char* const kWhereOps[] = {"not", "between", "=", ">", "<", ">=", "<=", "!=", "in", "like", "is", "exists"};
const char* const kUnitOps[] = {"none", "-", "+", "*", "/"};
const char* const kSqlOps[] = {"intersect", "union", "except"};

int index_in(const char* const* names, int n, const std::string& tok) {
  for (int i = 0; i < n; ++i)
    if (tok == names[i]) return i;
  return -1;
}
int where_op(const std::string& t) { return index_in(kWhereOps, 12, t); }
int unit_op(const std::string& t) { return index_in(kUnitOps, 5, t); }
bool is_clause(const std::string& t) { return kClauseKeywords.count(t) > 0; }
bool is_join_kw(const std::string& t) { return kJoinKeywords.count(t) > 0; }

// Python float(str): optional sign, digits with single underscores between them, one '.', an exponent; or
// inf/infinity/nan. Tokens are lower case already.
bool python_float(const std::string& tok, double& out) {
  std::string t = tok;
  size_t i = 0;
  std::string clean;
  if (i < t.size() && (t[i] == '+' || t[i] == '-')) clean += t[i++];
  std::string rest = t.substr(i);
  if (rest == "inf" || rest == "infinity" || rest == "nan") {
    out = std::strtod((clean + rest).c_str(), nullptr);
    return true;
  }
  auto digits = [&](bool required) {
    size_t start = i;
    while (i < t.size()) {
      if (is_digit(static_cast<unsigned char>(t[i]))) {
        clean += t[i++];
      } else if (t[i] == '_' && i > start && is_digit(static_cast<unsigned char>(t[i - 1])) && i + 1 < t.size() &&
                 is_digit(static_cast<unsigned char>(t[i + 1]))) {
        ++i;
      } else {
        break;
      }
    }
    return !required || i > start;
  };
  size_t mant_start = i;
  digits(false);
  bool int_digits = i > mant_start;
  bool frac_digits = false;
  if (i < t.size() && t[i] == '.') {
    clean += t[i++];
    size_t f = i;
    digits(false);
    frac_digits = i > f;
  }
  if (!int_digits && !frac_digits) return false;
  if (i < t.size() && (t[i] == 'e' || t[i] == 'E')) {
    clean += t[i++];
    if (i < t.size() && (t[i] == '+' || t[i] == '-')) clean += t[i++];
    if (!digits(true)) return false;
  }
  if (i != t.size()) return false;
  out = std::strtod(clean.c_str(), nullptr);
  return true;
}

// A condition list as Python builds it (cond units and 'and'/'or' interleaved), turned into Condition at the end.
struct FlatCondition {
  struct Item {
    bool is_conj = false;
    Conj conj = Conj::And;
    CondUnit unit;
  };
  std::vector<Item> items;

  Condition finish() const {
    Condition c;
    for (size_t i = 0; i < items.size(); ++i) {
      if (items[i].is_conj != (i % 2 == 1)) fail("condition list does not alternate units and AND/OR");
      if (items[i].is_conj)
        c.conj.push_back(items[i].conj);
      else
        c.units.push_back(items[i].unit);
    }
    return c;
  }
};

class Parser {
 public:
  Parser(const SpiderSchema& schema, std::map<std::string, std::string> tables_with_alias)
      : schema_(schema), alias_(std::move(tables_with_alias)) {}

  // process_sql.py parse_sql
  std::pair<size_t, SpiderSql> parse_sql(const Toks& toks, size_t start_idx) {
    if (++depth_ > 100) fail("query nested too deeply");
    bool is_block = false;
    size_t idx = start_idx;
    SpiderSql sql;
    if (at(toks, idx) == "(") {
      is_block = true;
      ++idx;
    }
    Toks default_tables;
    FlatCondition from_conds;
    size_t from_end = parse_from(toks, start_idx, sql.from, from_conds, default_tables);
    sql.from_conds = from_conds.finish();
    parse_select(toks, idx, default_tables, sql);
    idx = from_end;
    idx = parse_condition_clause(toks, idx, "where", default_tables, sql.where);
    idx = parse_group_by(toks, idx, default_tables, sql.group_by);
    idx = parse_condition_clause(toks, idx, "having", default_tables, sql.having);
    idx = parse_order_by(toks, idx, default_tables, sql);
    idx = parse_limit(toks, idx, sql.limit);
    idx = skip_semicolon(toks, idx);
    if (is_block) {
      expect(toks, idx, ")");
      ++idx;
    }
    idx = skip_semicolon(toks, idx);
    if (idx < toks.size() && index_in(kSqlOps, 3, toks[idx]) >= 0) {
      std::string op = toks[idx];
      ++idx;
      auto [next, sub] = parse_sql(toks, idx);
      idx = next;
      auto nested = std::make_shared<const SpiderSql>(std::move(sub));
      if (op == "intersect")
        sql.intersect = nested;
      else if (op == "union")
        sql.union_ = nested;
      else
        sql.except_ = nested;
    }
    --depth_;
    return {idx, std::move(sql)};
  }

 private:
  static const std::string& at(const Toks& toks, size_t idx) {
    if (idx >= toks.size()) fail("the query ends too early (IndexError)");
    return toks[idx];
  }
  static void expect(const Toks& toks, size_t idx, const char* what) {
    if (at(toks, idx) != what)
      fail(std::string("expected '") + what + "' but found '" + toks[idx] + "' (AssertionError)");
  }
  const std::string& alias(const std::string& name) const {
    auto it = alias_.find(name);
    if (it == alias_.end()) fail("'" + name + "' is not a table or table alias (KeyError)");
    return it->second;
  }
  const std::string& id_of(const std::string& key) const {
    auto it = schema_.id_map.find(key);
    if (it == schema_.id_map.end()) fail("'" + key + "' is not in the schema (KeyError)");
    return it->second;
  }

  // process_sql.py parse_col
  std::pair<size_t, std::string> parse_col(const Toks& toks, size_t start_idx, const Toks& default_tables) const {
    const std::string& tok = at(toks, start_idx);
    if (tok == "*") return {start_idx + 1, id_of("*")};
    size_t dot = tok.find('.');
    if (dot != std::string::npos) {
      if (tok.find('.', dot + 1) != std::string::npos) fail("'" + tok + "' has more than one '.' (ValueError)");
      std::string key = alias(tok.substr(0, dot)) + "." + tok.substr(dot + 1);
      return {start_idx + 1, id_of(key)};
    }
    if (default_tables.empty()) fail("a column outside any FROM table (AssertionError)");
    for (const auto& a : default_tables) {
      const std::string& table = alias(a);
      auto t = schema_.tables.find(table);
      if (t == schema_.tables.end()) fail("'" + table + "' is not in the schema (KeyError)");
      if (std::find(t->second.begin(), t->second.end(), tok) != t->second.end())
        return {start_idx + 1, id_of(table + "." + tok)};
    }
    fail("Error col: " + tok + " (AssertionError)");
  }

  // process_sql.py parse_col_unit
  std::pair<size_t, ColUnit> parse_col_unit(const Toks& toks, size_t start_idx, const Toks& default_tables) const {
    size_t idx = start_idx;
    bool is_block = false;
    ColUnit cu;
    if (at(toks, idx) == "(") {
      is_block = true;
      ++idx;
    }
    int agg = agg_id(at(toks, idx));
    if (agg >= 0) {
      cu.agg = agg;
      ++idx;
      if (!(idx < toks.size() && toks[idx] == "(")) fail("expected '(' after " + toks[idx - 1] + " (AssertionError)");
      ++idx;
      if (at(toks, idx) == "distinct") {
        ++idx;
        cu.distinct = Tri::True;
      }
      auto [next, col] = parse_col(toks, idx, default_tables);
      idx = next;
      cu.column = col;
      if (!(idx < toks.size() && toks[idx] == ")")) fail("expected ')' after an aggregate (AssertionError)");
      return {idx + 1, cu};
    }
    if (at(toks, idx) == "distinct") {
      ++idx;
      cu.distinct = Tri::True;
    }
    auto [next, col] = parse_col(toks, idx, default_tables);
    idx = next;
    cu.column = col;
    if (is_block) {
      expect(toks, idx, ")");
      ++idx;
    }
    return {idx, cu};
  }

  // process_sql.py parse_val_unit
  std::pair<size_t, ValUnit> parse_val_unit(const Toks& toks, size_t start_idx, const Toks& default_tables) const {
    size_t idx = start_idx;
    bool is_block = false;
    if (at(toks, idx) == "(") {
      is_block = true;
      ++idx;
    }
    ValUnit vu;
    auto [next, c1] = parse_col_unit(toks, idx, default_tables);
    idx = next;
    vu.col1 = c1;
    if (idx < toks.size() && unit_op(toks[idx]) >= 0) {
      vu.op = unit_op(toks[idx]);
      ++idx;
      auto [n2, c2] = parse_col_unit(toks, idx, default_tables);
      idx = n2;
      vu.col2 = c2;
    }
    if (is_block) {
      expect(toks, idx, ")");
      ++idx;
    }
    return {idx, vu};
  }

  // process_sql.py parse_value
  std::pair<size_t, Value> parse_value(const Toks& toks, size_t start_idx, const Toks& default_tables) {
    size_t idx = start_idx;
    bool is_block = false;
    if (at(toks, idx) == "(") {
      is_block = true;
      ++idx;
    }
    Value val;
    double d = 0;
    if (at(toks, idx) == "select") {
      auto [next, sub] = parse_sql(toks, idx);
      idx = next;
      val = Value::of_query(std::move(sub));
    } else if (toks[idx].find('"') != std::string::npos) {
      val = Value::of_text(toks[idx]);
      ++idx;
    } else if (python_float(toks[idx], d)) {
      val = Value::of_number(d);
      ++idx;
    } else {
      size_t end = idx;
      while (end < toks.size() && toks[end] != "," && toks[end] != ")" && toks[end] != "and" && !is_clause(toks[end]) &&
             !is_join_kw(toks[end]))
        ++end;
      Toks slice = py_slice(toks, static_cast<long>(start_idx), static_cast<long>(end));
      val = Value::of_column(parse_col_unit(slice, 0, default_tables).second);
      idx = end;
    }
    if (is_block) {
      expect(toks, idx, ")");
      ++idx;
    }
    return {idx, val};
  }

  // process_sql.py parse_condition
  size_t parse_condition(const Toks& toks, size_t start_idx, const Toks& default_tables, FlatCondition& conds) {
    size_t idx = start_idx;
    while (idx < toks.size()) {
      FlatCondition::Item item;
      CondUnit& cu = item.unit;
      auto [next, vu] = parse_val_unit(toks, idx, default_tables);
      idx = next;
      cu.val_unit = vu;
      if (at(toks, idx) == "not") {
        cu.not_op = true;
        ++idx;
      }
      if (!(idx < toks.size() && where_op(toks[idx]) >= 0))
        fail("Error condition: " + (idx < toks.size() ? "'" + toks[idx] + "'" : std::string("end of query")) +
             " is not a comparison operator (AssertionError)");
      cu.op = where_op(toks[idx]);
      ++idx;
      if (cu.op == kOpBetween) {
        auto [n1, v1] = parse_value(toks, idx, default_tables);
        idx = n1;
        cu.val1 = v1;
        expect(toks, idx, "and");
        ++idx;
        auto [n2, v2] = parse_value(toks, idx, default_tables);
        idx = n2;
        cu.val2 = v2;
      } else {
        auto [n1, v1] = parse_value(toks, idx, default_tables);
        idx = n1;
        cu.val1 = v1;
      }
      conds.items.push_back(std::move(item));
      if (idx < toks.size() && (is_clause(toks[idx]) || toks[idx] == ")" || toks[idx] == ";" || is_join_kw(toks[idx])))
        break;
      if (idx < toks.size() && (toks[idx] == "and" || toks[idx] == "or")) {
        FlatCondition::Item c;
        c.is_conj = true;
        c.conj = toks[idx] == "and" ? Conj::And : Conj::Or;
        conds.items.push_back(c);
        ++idx;
      }
    }
    return idx;
  }

  // process_sql.py parse_select
  void parse_select(const Toks& toks, size_t start_idx, const Toks& default_tables, SpiderSql& sql) const {
    size_t idx = start_idx;
    if (at(toks, idx) != "select") fail("'select' not found (AssertionError)");
    ++idx;
    if (idx < toks.size() && toks[idx] == "distinct") {
      ++idx;
      sql.distinct = Tri::True;
    }
    while (idx < toks.size() && !is_clause(toks[idx])) {
      SelectItem item;
      int agg = agg_id(toks[idx]);
      if (agg >= 0) {
        item.agg = agg;
        ++idx;
      }
      auto [next, vu] = parse_val_unit(toks, idx, default_tables);
      idx = next;
      item.val_unit = vu;
      sql.select.push_back(item);
      if (idx < toks.size() && toks[idx] == ",") ++idx;
    }
  }

  // process_sql.py parse_from
  size_t parse_from(const Toks& toks, size_t start_idx, std::vector<TableUnit>& units, FlatCondition& conds,
                    Toks& default_tables) {
    auto from = std::find(toks.begin() + static_cast<long>(std::min(start_idx, toks.size())), toks.end(), "from");
    if (from == toks.end()) fail("'from' not found (AssertionError)");
    size_t idx = static_cast<size_t>(from - toks.begin()) + 1;
    while (idx < toks.size()) {
      bool is_block = false;
      if (toks[idx] == "(") {
        is_block = true;
        ++idx;
      }
      if (at(toks, idx) == "select") {
        auto [next, sub] = parse_sql(toks, idx);
        idx = next;
        TableUnit tu;
        tu.is_sql = true;
        tu.sql = std::make_shared<const SpiderSql>(std::move(sub));
        units.push_back(std::move(tu));
      } else {
        if (idx < toks.size() && toks[idx] == "join") ++idx;
        // parse_table_unit
        const std::string& key = alias(at(toks, idx));
        if (idx + 1 < toks.size() && toks[idx + 1] == "as")
          idx += 3;
        else
          idx += 1;
        TableUnit tu;
        tu.table = id_of(key);
        units.push_back(std::move(tu));
        default_tables.push_back(key);
      }
      if (idx < toks.size() && toks[idx] == "on") {
        ++idx;
        FlatCondition these;
        idx = parse_condition(toks, idx, default_tables, these);
        if (!conds.items.empty()) {
          FlatCondition::Item c;
          c.is_conj = true;
          conds.items.push_back(c);
        }
        for (auto& it : these.items) conds.items.push_back(std::move(it));
      }
      if (is_block) {
        expect(toks, idx, ")");
        ++idx;
      }
      if (idx < toks.size() && (is_clause(toks[idx]) || toks[idx] == ")" || toks[idx] == ";")) break;
    }
    return idx;
  }

  // process_sql.py parse_where and parse_having
  size_t parse_condition_clause(const Toks& toks, size_t idx, const char* keyword, const Toks& default_tables,
                                Condition& out) {
    if (idx >= toks.size() || toks[idx] != keyword) return idx;
    FlatCondition conds;
    idx = parse_condition(toks, idx + 1, default_tables, conds);
    out = conds.finish();
    return idx;
  }

  // process_sql.py parse_group_by
  size_t parse_group_by(const Toks& toks, size_t idx, const Toks& default_tables, std::vector<ColUnit>& out) const {
    if (idx >= toks.size() || toks[idx] != "group") return idx;
    ++idx;
    expect(toks, idx, "by");
    ++idx;
    while (idx < toks.size() && !(is_clause(toks[idx]) || toks[idx] == ")" || toks[idx] == ";")) {
      auto [next, cu] = parse_col_unit(toks, idx, default_tables);
      idx = next;
      out.push_back(cu);
      if (idx < toks.size() && toks[idx] == ",")
        ++idx;
      else
        break;
    }
    return idx;
  }

  // process_sql.py parse_order_by: one direction for the clause, the last one written (default asc).
  size_t parse_order_by(const Toks& toks, size_t idx, const Toks& default_tables, SpiderSql& sql) const {
    if (idx >= toks.size() || toks[idx] != "order") return idx;
    ++idx;
    expect(toks, idx, "by");
    ++idx;
    sql.has_order = true;
    while (idx < toks.size() && !(is_clause(toks[idx]) || toks[idx] == ")" || toks[idx] == ";")) {
      auto [next, vu] = parse_val_unit(toks, idx, default_tables);
      idx = next;
      sql.order_by.push_back(vu);
      if (idx < toks.size() && (toks[idx] == "desc" || toks[idx] == "asc")) {
        sql.order_desc = toks[idx] == "desc";
        ++idx;
      }
      if (idx < toks.size() && toks[idx] == ",")
        ++idx;
      else
        break;
    }
    return idx;
  }

  // process_sql.py parse_limit: tokens are strings, never int, so the stored limit is always 1.
  static size_t parse_limit(const Toks& toks, size_t idx, std::optional<long long>& limit) {
    if (idx < toks.size() && toks[idx] == "limit") {
      idx += 2;
      at(toks, idx - 1);
      limit = 1;
    }
    return idx;
  }

  static size_t skip_semicolon(const Toks& toks, size_t idx) {
    while (idx < toks.size() && toks[idx] == ";") ++idx;
    return idx;
  }

  const SpiderSchema& schema_;
  std::map<std::string, std::string> alias_;
  int depth_ = 0;
};

}  // namespace

SpiderSchema spider_schema(const Schema& schema) {
  SpiderSchema s;
  s.id_map["*"] = "__all__";
  for (const auto& t : schema.tables) {
    std::string tn = to_lower_ascii(t.name);
    auto& cols = s.tables[tn];
    for (const auto& c : t.columns) {
      std::string cn = to_lower_ascii(c.name);
      cols.push_back(cn);
      s.id_map[tn + "." + cn] = "__" + tn + "." + cn + "__";
    }
  }
  for (const auto& t : s.tables) s.id_map[t.first] = "__" + t.first + "__";
  return s;
}

// process_sql.py tokenize
Result<std::vector<std::string>> spider_tokenize(std::string_view sql) {
  std::string s(sql);
  std::replace(s.begin(), s.end(), '\'', '"');
  std::vector<size_t> quotes;
  for (size_t i = 0; i < s.size(); ++i)
    if (s[i] == '"') quotes.push_back(i);
  if (quotes.size() % 2 != 0) return Error{"Unexpected quote (an odd number of quote characters)"};
  std::map<std::string, std::string> vals;
  for (size_t k = quotes.size(); k >= 2; k -= 2) {
    size_t q1 = quotes[k - 2], q2 = quotes[k - 1];
    std::string key = "__val_" + std::to_string(q1) + "_" + std::to_string(q2) + "__";
    vals[key] = s.substr(q1, q2 - q1 + 1);
    s = s.substr(0, q1) + key + s.substr(q2 + 1);
  }
  Toks toks = treebank_tokenize(s);
  for (auto& t : toks) {
    t = to_lower_ascii(t);
    auto v = vals.find(t);
    if (v != vals.end()) t = v->second;
  }
  std::vector<long> eq;
  for (size_t i = 0; i < toks.size(); ++i)
    if (toks[i] == "=") eq.push_back(static_cast<long>(i));
  for (auto it = eq.rbegin(); it != eq.rend(); ++it) {
    long e = *it;
    long n = static_cast<long>(toks.size());
    long p = e - 1 < 0 ? n + e - 1 : e - 1;  // Python's toks[eq_idx - 1], -1 being the last token
    if (p < 0 || p >= n) continue;
    const std::string pre = toks[static_cast<size_t>(p)];
    if (pre == "!" || pre == ">" || pre == "<") {
      Toks merged = py_slice(toks, 0, e - 1);
      merged.push_back(pre + "=");
      Toks tail = py_slice(toks, e + 1, n);
      merged.insert(merged.end(), tail.begin(), tail.end());
      toks = std::move(merged);
    }
  }
  return toks;
}

// process_sql.py get_sql (with scan_alias and get_tables_with_alias)
Result<SpiderSql> spider_parse(std::string_view sql, const SpiderSchema& schema) {
  auto toks = spider_tokenize(sql);
  if (!toks.ok()) return Error{toks.error()};
  try {
    const Toks& t = *toks;
    std::map<std::string, std::string> tables;
    for (size_t i = 0; i < t.size(); ++i) {
      if (t[i] != "as") continue;
      if (i + 1 >= t.size()) fail("'as' ends the query (IndexError)");
      tables[t[i + 1]] = i == 0 ? t.back() : t[i - 1];
    }
    for (const auto& table : schema.tables) {
      if (tables.count(table.first)) fail("Alias " + table.first + " has the same name in table (AssertionError)");
      tables[table.first] = table.first;
    }
    Parser parser(schema, std::move(tables));
    return parser.parse_sql(t, 0).second;
  } catch (const SpiderParseError& e) {
    return Error{e.message};
  }
}

}  // namespace chokepoint::em
