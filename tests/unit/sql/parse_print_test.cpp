// One parse/print case per grammar feature: the expected text is SQLite's canonical spelling of the input
// (keywords upper case, single spaces), written by hand; every case must also round-trip to an identical tree.
#include <gtest/gtest.h>

#include "core/sql/parser.h"
#include "core/sql/printer.h"

namespace chokepoint::sql {
namespace {

struct Case {
  const char* feature;
  const char* input;
  const char* printed;
};

const Case kCases[] = {
    {"select star", "select * from singer", "SELECT * FROM singer"},
    {"distinct", "select distinct name from singer", "SELECT DISTINCT name FROM singer"},
    {"all", "select all name from singer", "SELECT ALL name FROM singer"},
    {"table star", "select T1.* from t as T1", "SELECT T1.* FROM t AS T1"},
    {"column alias with and without AS", "select a as x, b y, c 'z' from t", "SELECT a AS x, b y, c 'z' FROM t"},
    {"table alias without AS", "select T1.a from singer T1", "SELECT T1.a FROM singer T1"},
    {"schema-qualified table and column", "select main.t.a from main.t", "SELECT main.t.a FROM main.t"},
    {"double-quoted identifier", "select \"Name\" from \"my table\"", "SELECT \"Name\" FROM \"my table\""},
    {"backtick identifier", "select `Free Meal Count (K-12)` from frpm", "SELECT `Free Meal Count (K-12)` FROM frpm"},
    {"bracket identifier", "select [a b] from [t]", "SELECT [a b] FROM [t]"},
    // SQLite takes a string where a name must be (parse.y: nm ::= STRING); models write these.
    {"single-quoted table names", "select count(*) from 'flights' inner join 'airports' on 'flights'.src = code",
     "SELECT count(*) FROM 'flights' INNER JOIN 'airports' ON 'flights'.src = code"},
    {"single-quoted qualified column", "select 'Player_Attributes'.'player_api_id' from Player_Attributes",
     "SELECT 'Player_Attributes'.'player_api_id' FROM Player_Attributes"},
    {"a lone single-quoted word stays a string", "select 'flights' from t where a = 'x'",
     "SELECT 'flights' FROM t WHERE a = 'x'"},
    {"Spider double-quoted string", "select a from t where b = \"France\"", "SELECT a FROM t WHERE b = \"France\""},
    {"string with quote", "select 'it''s'", "SELECT 'it''s'"},
    {"blob", "select x'0aFF'", "SELECT X'0aFF'"},
    {"numbers", "select 1, 1.5, .5, 1e10, 1.5e-3, 0x1F", "SELECT 1, 1.5, .5, 1e10, 1.5e-3, 0x1F"},
    {"null true false current_date", "select null, true, false, current_date",
     "SELECT NULL, TRUE, FALSE, CURRENT_DATE"},
    {"parameters", "select ?, ?1, :x", "SELECT ?, ?1, :x"},
    {"arithmetic precedence", "select 1 + 2 * 3 - 4 / 5 % 6", "SELECT 1 + 2 * 3 - 4 / 5 % 6"},
    {"concatenation and json arrows", "select a || b, j -> '$.x', j ->> '$.y' from t",
     "SELECT a || b, j -> '$.x', j ->> '$.y' FROM t"},
    {"bit operators", "select a & b | c << 1 >> 2, ~a from t", "SELECT a & b | c << 1 >> 2, ~a FROM t"},
    {"unary minus twice", "select - -1, -(-1)", "SELECT - -1, -(-1)"},
    {"comparisons", "select * from t where a < 1 and b <= 2 and c > 3 and d >= 4 and e == 5 and f != 6 and g <> 7",
     "SELECT * FROM t WHERE a < 1 AND b <= 2 AND c > 3 AND d >= 4 AND e == 5 AND f != 6 AND g <> 7"},
    {"and or not", "select * from t where not a = 1 or b = 2 and c = 3",
     "SELECT * FROM t WHERE NOT a = 1 OR b = 2 AND c = 3"},
    {"not in operand position", "select * from t where a = not b and c", "SELECT * FROM t WHERE a = NOT b AND c"},
    {"is, is not, is distinct from",
     "select a is null, b is not null, c is distinct from d, e is not distinct from f from t",
     "SELECT a IS NULL, b IS NOT NULL, c IS DISTINCT FROM d, e IS NOT DISTINCT FROM f FROM t"},
    {"isnull notnull not null", "select a isnull, b notnull, c not null from t",
     "SELECT a ISNULL, b NOTNULL, c NOT NULL FROM t"},
    {"in list and not in subquery", "select * from t where a in (1, 2) and b not in (select b from u)",
     "SELECT * FROM t WHERE a IN (1, 2) AND b NOT IN (SELECT b FROM u)"},
    {"in empty list and in table", "select * from t where a in () or a in u",
     "SELECT * FROM t WHERE a IN () OR a IN u"},
    {"like glob escape",
     "select * from t where a like '%x%' and b not like 'a!%' escape '!' and c glob 'a*' and d not glob 'b'",
     "SELECT * FROM t WHERE a LIKE '%x%' AND b NOT LIKE 'a!%' ESCAPE '!' AND c GLOB 'a*' AND d NOT GLOB 'b'"},
    {"between", "select * from t where a between 1 and 2 and b not between 3 and 4",
     "SELECT * FROM t WHERE a BETWEEN 1 AND 2 AND b NOT BETWEEN 3 AND 4"},
    {"case with operand", "select case a when 1 then 'x' else 'y' end from t",
     "SELECT CASE a WHEN 1 THEN 'x' ELSE 'y' END FROM t"},
    {"searched case", "select case when a > 1 then 1 when a < 0 then -1 end from t",
     "SELECT CASE WHEN a > 1 THEN 1 WHEN a < 0 THEN -1 END FROM t"},
    {"cast", "select cast(a as real), cast(b as decimal(10, 2)), cast(c as varchar) from t",
     "SELECT CAST(a AS real), CAST(b AS decimal(10,2)), CAST(c AS varchar) FROM t"},
    {"iif", "select sum(iif(a = 'M', 1, 0)) from t", "SELECT sum(iif(a = 'M', 1, 0)) FROM t"},
    {"function with distinct and star", "select count(*), count(distinct a), max(b) from t",
     "SELECT count(*), count(DISTINCT a), max(b) FROM t"},
    {"function without arguments", "select random()", "SELECT random()"},
    {"aggregate filter", "select count(*) filter (where a > 1) from t", "SELECT count(*) FILTER (WHERE a > 1) FROM t"},
    {"window partition order", "select rank() over (partition by a order by b desc) from t",
     "SELECT rank() OVER (PARTITION BY a ORDER BY b DESC) FROM t"},
    {"window frame between", "select sum(a) over (order by b rows between unbounded preceding and current row) from t",
     "SELECT sum(a) OVER (ORDER BY b ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) FROM t"},
    {"window frame bound and exclude",
     "select sum(a) over (range 2 preceding exclude ties), sum(a) over (groups between 1 preceding and 2 following "
     "exclude no others) from t",
     "SELECT sum(a) OVER (RANGE 2 PRECEDING EXCLUDE TIES), sum(a) OVER (GROUPS BETWEEN 1 PRECEDING AND 2 FOLLOWING "
     "EXCLUDE NO OTHERS) FROM t"},
    {"empty window and named window", "select count(*) over (), count(*) over w from t",
     "SELECT count(*) OVER (), count(*) OVER w FROM t"},
    {"comma join", "select * from a, b as c where a.x = c.y", "SELECT * FROM a, b AS c WHERE a.x = c.y"},
    {"join kinds",
     "select * from a join b on a.x = b.x inner join c on 1 left join d on 1 left outer join e on 1 cross join f",
     "SELECT * FROM a JOIN b ON a.x = b.x INNER JOIN c ON 1 LEFT JOIN d ON 1 LEFT OUTER JOIN e ON 1 CROSS JOIN f"},
    {"right and full joins", "select * from a right join b on 1 full outer join c on 1",
     "SELECT * FROM a RIGHT JOIN b ON 1 FULL OUTER JOIN c ON 1"},
    {"using and natural", "select * from a join b using (x, y) natural join c natural left join d",
     "SELECT * FROM a JOIN b USING (x, y) NATURAL JOIN c NATURAL LEFT JOIN d"},
    {"derived table", "select t.a from (select a from u) as t", "SELECT t.a FROM (SELECT a FROM u) AS t"},
    {"parenthesised join", "select * from (a join b on a.x = b.x) join c on 1",
     "SELECT * FROM (a JOIN b ON a.x = b.x) JOIN c ON 1"},
    {"scalar subquery and exists", "select (select max(a) from t) where exists (select 1) and not exists (select 2)",
     "SELECT (SELECT max(a) FROM t) WHERE EXISTS (SELECT 1) AND NOT EXISTS (SELECT 2)"},
    {"group by having", "select a, count(*) from t group by a, b having count(*) > 1",
     "SELECT a, count(*) FROM t GROUP BY a, b HAVING count(*) > 1"},
    {"order by directions nulls collate",
     "select a from t order by a collate nocase asc, b desc nulls last, c nulls first",
     "SELECT a FROM t ORDER BY a COLLATE nocase ASC, b DESC NULLS LAST, c NULLS FIRST"},
    {"limit offset", "select a from t limit 10 offset 5", "SELECT a FROM t LIMIT 10 OFFSET 5"},
    {"limit m, n", "select a from t limit 5, 10", "SELECT a FROM t LIMIT 5, 10"},
    {"union intersect except",
     "select a from t union select a from u union all select a from v intersect select 1 except select 2",
     "SELECT a FROM t UNION SELECT a FROM u UNION ALL SELECT a FROM v INTERSECT SELECT 1 EXCEPT SELECT 2"},
    {"compound order limit", "select a from t union select b from u order by 1 limit 3",
     "SELECT a FROM t UNION SELECT b FROM u ORDER BY 1 LIMIT 3"},
    {"with", "with c as (select a from t) select * from c", "WITH c AS (SELECT a FROM t) SELECT * FROM c"},
    {"with recursive and columns",
     "with recursive n(x) as (select 1 union all select x + 1 from n where x < 5) select x from n",
     "WITH RECURSIVE n (x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 5) SELECT x FROM n"},
    {"trailing semicolons", "select 1;;", "SELECT 1"},
    {"comments", "select /* c */ 1 -- end", "SELECT 1"},
    {"row value", "select * from t where (a, b) = (1, 2)", "SELECT * FROM t WHERE (a, b) = (1, 2)"},
    {"closed IN and ISNULL as left operands (found by the fuzzer)",
     "select c in (x) - 1, a = c in (x) - 1, a isnull + 1", "SELECT c IN (x) - 1, a = c IN (x) - 1, a ISNULL + 1"},
    {"IN a table inside a left-associative chain (found by the fuzzer)", "select a * b in t in u + c + d",
     "SELECT a * b IN t IN u + c + d"},
    {"parentheses kept", "select (a + b) * c from t", "SELECT (a + b) * c FROM t"},
    {"keyword used as column name", "select first, key, replace(a, 'x', 'y') from t",
     "SELECT first, key, replace(a, 'x', 'y') FROM t"},
};

TEST(ParsePrint, EveryGrammarFeaturePrintsCanonicallyAndRoundTrips) {
  for (const Case& c : kCases) {
    auto tree = parse_sql(c.input);
    ASSERT_TRUE(tree.ok()) << c.feature << ": " << tree.error();
    std::string printed = print_sql(**tree);
    EXPECT_EQ(printed, c.printed) << c.feature;
    auto again = parse_sql(printed);
    ASSERT_TRUE(again.ok()) << c.feature << ": " << again.error();
    EXPECT_TRUE(equal(**tree, **again)) << c.feature << "\n" << to_sexpr(**tree) << "\n" << to_sexpr(**again);
  }
}

TEST(ParsePrint, OperatorPrecedenceFollowsSqlite) {
  // a OR b AND c groups as a OR (b AND c); NOT binds looser than =; || binds tighter than *.
  auto t = parse_sql("select a or b and c, not x = y, p * q || r");
  ASSERT_TRUE(t.ok());
  auto cols = (*t)->list(Slot::Columns);
  EXPECT_EQ(cols[0]->text, "OR");
  EXPECT_EQ(cols[0]->get(Slot::Right)->text, "AND");
  EXPECT_EQ(cols[1]->kind, Kind::Unary);
  EXPECT_EQ(cols[1]->get(Slot::This)->text, "=");
  EXPECT_EQ(cols[2]->text, "*");
  EXPECT_EQ(cols[2]->get(Slot::Right)->text, "||");
}

TEST(ParsePrint, BetweenBindsItsOwnAnd) {
  auto t = parse_sql("select * from t where a between 1 and 2 and b");
  ASSERT_TRUE(t.ok());
  const Node* w = (*t)->get(Slot::Where);
  EXPECT_EQ(w->text, "AND");
  EXPECT_EQ(w->get(Slot::Left)->kind, Kind::Between);
}

TEST(ParsePrint, LimitCommaMeansOffsetThenCount) {
  auto t = parse_sql("select a from t limit 5, 10");
  ASSERT_TRUE(t.ok());
  EXPECT_EQ((*t)->get(Slot::Offset)->text, "5");
  EXPECT_EQ((*t)->get(Slot::Limit)->text, "10");
}

TEST(ParsePrint, PrinterAddsParenthesesTheTreeNeeds) {
  // (a + b) * c built by hand, without a Paren node.
  auto sum = make_node(Kind::Binary, "+");
  sum->add(Slot::Left, make_column("", "a"));
  sum->add(Slot::Right, make_column("", "b"));
  auto product = make_node(Kind::Binary, "*");
  product->add(Slot::Left, std::move(sum));
  product->add(Slot::Right, make_column("", "c"));
  EXPECT_EQ(print_sql(*product), "(a + b) * c");
  auto neg = make_node(Kind::Unary, "NOT");
  neg->add(Slot::This, make_column("", "x"));
  auto eq = make_node(Kind::Binary, "=");
  eq->add(Slot::Left, std::move(neg));
  eq->add(Slot::Right, make_node(Kind::Number, "1"));
  EXPECT_EQ(print_sql(*eq), "(NOT x) = 1");
}

TEST(ParsePrint, NewIdentifiersAreQuotedOnlyWhenNeeded) {
  EXPECT_EQ(print_identifier(*make_identifier("T3")), "T3");
  EXPECT_EQ(print_identifier(*make_identifier("order")), "\"order\"");
  EXPECT_EQ(print_identifier(*make_identifier("first name")), "\"first name\"");
  EXPECT_EQ(print_identifier(*make_identifier("2nd")), "\"2nd\"");
  EXPECT_EQ(print_identifier(*make_identifier("a\"b")), "\"a\"\"b\"");
  EXPECT_EQ(print_identifier(*make_identifier("x y", '`')), "`x y`");
}

}  // namespace
}  // namespace chokepoint::sql
