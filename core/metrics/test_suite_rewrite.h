// The text rewrites Spider's test-suite evaluator (taoyds/test-suite-sql-eval) applies to a gold/predicted pair
// before executing it in its default mode, i.e. without --keep_distinct: what published Spider EX numbers run.
// Pure string functions; ExSemantics::TestSuite executes what test_suite_rewrite returns (pair_evaluation.cpp).
// Each rewrite is a quirk of the reference, kept on purpose so our numbers reproduce it item by item
// (decisions.md §13); none of them applies under ExSemantics::Spider.
#pragma once
#include <string>

namespace chokepoint {

// evaluation.py, evaluate(): `p_str = p_str.replace("value", "1")` on the prediction only, before anything else.
// Quirk: every lowercase "value" becomes "1", inside identifiers and strings too ("avg_value" -> "avg_1"); meant
// for Spider's anonymised "value" placeholders, it also rewrites real SQL. Case-sensitive ("Value" stays).
std::string test_suite_replace_value(const std::string& pred_sql);

// exec_eval.py, postprocess(): '> =' -> '>=', then '< =' -> '<=', then '! =' -> '!=', every occurrence, in that
// order, on both queries. Quirk: plain text replacement, so it also rewrites inside string literals.
std::string test_suite_postprocess(const std::string& sql);

// parse.py, remove_distinct(): `''.join(t.value for t in sqlparse.parse(s)[0].flatten() if t.value.lower() !=
// 'distinct')` on both queries. Quirks: DISTINCT goes everywhere (SELECT DISTINCT, count(DISTINCT x), subqueries),
// so "count(DISTINCT x)" counts duplicates; and only sqlparse's first statement is kept, so text after the first
// top-level ';' is dropped (a prediction "SELECT ...; SELECT ..." then runs its first statement instead of failing).
// The rule emulated from sqlparse's lexer (keywords.py SQL_REGEX, 0.6.x) and statement splitter:
//  - a token is deleted when it is a whole word run (letters, digits, '_', any non-ASCII byte, '$', '#') equal to
//    "distinct" in any case; "distinct_x", "x$distinct", "distinct#" are other words and stay; "t.distinct",
//    "DISTINCT(x)" and "'a'distinct" are deleted;
//  - never inside '...' (where '' and, as sqlparse reads it, \' escape), "..." (""), `...` (``), [...] (when '['
//    follows no word character, ']' or ')'), -- and "# " comments to the end of the line, /* ... */ comments, or
//    after the prefixes of sqlparse's placeholder and name tokens ($x and :x not after a word character, @x, #x,
//    ##x, \x, %(x)s);
//  - the first statement ends at the first ';' outside those, at a level where '(' counts +1 and ')' and the
//    keyword END count -1 (sqlparse's splitter: a ';' at level <= 0 splits); BEGIN ... END blocks (which stop
//    sqlparse from splitting) are not emulated: SELECT queries do not have them.
// Limits: dollar-quoted strings, ´quoted´ names, and the few tokens sqlparse cuts inside a word run ("1E5distinct",
// "AS$distinct", "0xd...") are not emulated; non-ASCII text is treated bytewise as word characters. An empty or
// blank query is returned as is (the reference crashes on it: sqlparse.parse('') has no statement).
std::string test_suite_remove_distinct(const std::string& sql);

// exec_eval.py, replace_cur_year(): re.sub(r"YEAR\s*\(\s*CURDATE\s*\(\s*\)\s*\)\s*", "2020", q, re.IGNORECASE),
// at execution (exec_on_db_), on both queries. \s is ASCII whitespace here (Python's also has Unicode spaces).
std::string test_suite_replace_cur_year(const std::string& sql);

// exec_eval.py, eval_exec_match(): `order_matters = 'order by' in g_str.lower()`, on the gold after postprocess and
// remove_distinct. Quirk: a substring test, so ORDER BY inside a subquery, a window or a string literal makes row
// order matter, and "order  by" (two spaces) or "order\nby" does not.
bool test_suite_order_matters(const std::string& gold_sql);

// What the evaluator executes for one pair, and how it compares the results.
struct TestSuiteQueries {
  std::string gold;            // executed gold: postprocess, remove_distinct, replace_cur_year
  std::string pred;            // executed prediction: replace_value first, then the same three
  bool order_matters = false;  // test_suite_order_matters on the gold before replace_cur_year
};

// The default mode; with keep_distinct, --keep_distinct (remove_distinct is skipped, the rest applies).
TestSuiteQueries test_suite_rewrite(const std::string& gold_sql, const std::string& pred_sql,
                                    bool keep_distinct = false);

}  // namespace chokepoint
