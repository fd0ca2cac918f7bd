// Question surface and grounding rules on the paper's own example questions (notes §6.6 item 5) and on small
// hand-labelled questions per rule.
#include "core/sqlspace/question_features.h"

#include <gtest/gtest.h>

#include <map>

#include "core/sql/parser.h"
#include "tests/unit/lexicon/wordnet_fixture.h"

namespace chokepoint::sqlspace {
namespace {

std::vector<Column> columns(std::initializer_list<const char*> names) {
  std::vector<Column> out;
  for (const char* n : names) out.push_back(Column{n, "", "", false});
  return out;
}

std::map<int, bool> surface(const std::string& q) {
  std::map<int, bool> out;
  for (const auto& d : decide_question_surface(q)) out[d.id] = d.value;
  return out;
}

TEST(QuestionFeatures, OrchestraDisjunctionOfQuotedValues) {
  const auto f = surface("Find the number of orchestras whose record format is 'CD' or 'DVD'");
  EXPECT_TRUE(f.at(56));  // disjunction
  EXPECT_TRUE(f.at(70));
  EXPECT_TRUE(f.at(71));
  EXPECT_TRUE(f.at(55));   // quoted values
  EXPECT_FALSE(f.at(39));  // quotes are not "symbols mixed with words"
  EXPECT_FALSE(f.at(139));
}

TEST(QuestionFeatures, ComparingYearsIsTemporalAndAComparison) {
  const auto f = surface("comparing 1971 and 1972, which year has the most won matches by osborne?");
  EXPECT_TRUE(f.at(139));
  EXPECT_TRUE(f.at(63));
  EXPECT_TRUE(f.at(67));
  EXPECT_FALSE(f.at(70));
  EXPECT_FALSE(f.at(38));
}

TEST(QuestionFeatures, ReportedSpeech) {
  EXPECT_TRUE(surface("subject states that he / she has current hepatic disease.").at(156));
  EXPECT_FALSE(surface("What are the states with most hospitals?").at(156));
}

TEST(QuestionFeatures, ValuesInsideQuotesAreNotCues) {
  const auto f = surface("List the films titled \"Black or White\"");
  EXPECT_FALSE(f.at(70));
  EXPECT_TRUE(f.at(55));
}

TEST(QuestionFeatures, SymbolsNumbersAndUnits) {
  const auto f = surface("Which cars weigh > 3,000 kg and cost less than $20k?");
  EXPECT_TRUE(f.at(39));
  EXPECT_TRUE(f.at(73));
  EXPECT_TRUE(f.at(23));
  EXPECT_TRUE(f.at(36));
  EXPECT_TRUE(f.at(35));
  EXPECT_TRUE(f.at(68));
  EXPECT_TRUE(f.at(33));  // 20k
  const auto plain = surface("What are the names of all singers?");
  EXPECT_FALSE(plain.at(39));
  EXPECT_FALSE(plain.at(73));
  EXPECT_FALSE(plain.at(23));
  EXPECT_FALSE(plain.at(68));
  EXPECT_TRUE(plain.at(140));                                                // "all"
  EXPECT_TRUE(surface("How many members are older than 30 years?").at(23));  // a number and a unit
  EXPECT_TRUE(surface("Which rates are ≥ 5?").at(73));
}

TEST(QuestionFeatures, Ranges) {
  EXPECT_TRUE(surface("Players aged 20-30").at(38));
  EXPECT_FALSE(surface("Orders placed on 2010-05-12").at(38));
  EXPECT_TRUE(surface("Orders placed on 2010-05-12").at(139));
  EXPECT_TRUE(surface("Players aged between 20 and 30").at(53));
  EXPECT_TRUE(surface("Players aged between 20 and 30").at(66));
  EXPECT_FALSE(surface("Players aged 20 and teams of 30").at(53));
  EXPECT_TRUE(surface("Films rated 18+").at(40));
}

TEST(QuestionFeatures, ParenthesesShorthandModalityCause) {
  EXPECT_TRUE(surface("List the id (not the name) of each dog").at(30));
  EXPECT_FALSE(surface("List the id of each dog").at(30));
  EXPECT_TRUE(surface("What is the ID of the USA team?").at(33));
  EXPECT_TRUE(surface("Which patients may have diabetes?").at(148));
  EXPECT_FALSE(surface("Which patients were admitted in May 2010?").at(148));
  EXPECT_TRUE(surface("Why was the flight delayed?").at(171));
  EXPECT_TRUE(surface("Which flights were delayed due to weather?").at(171));
  EXPECT_FALSE(surface("Which flights were delayed?").at(171));
}

TEST(QuestionFeatures, SurfaceRulesAreInIdOrder) {
  const auto& rules = question_rules();
  ASSERT_EQ(rules.size(), 28u);
  for (size_t i = 1; i < rules.size(); ++i) EXPECT_LT(rules[i - 1].id, rules[i].id);
}

Schema company() {
  Schema s;
  s.db_id = "company";
  s.tables.push_back({"employee", "", columns({"id", "name", "salary", "dept_id", "HireDate"}), {}, {}, -1});
  s.tables.push_back({"department", "", columns({"dept_id", "dept_name"}), {}, {}, -1});
  return s;
}

std::map<int, bool> grounded(SchemaGrounding& g, const std::string& q, const Schema* s, const std::string& sql = "") {
  sql::NodePtr tree;
  if (!sql.empty()) {
    auto parsed = sql::parse_sql(sql);
    EXPECT_TRUE(parsed.ok());
    tree = std::move(*parsed);
  }
  std::map<int, bool> out;
  for (const auto& d : g.decide(q, s, tree.get())) out[d.id] = d.value;
  return out;
}

TEST(SchemaGrounding, ExactColumnNamesAfterSegmentationAndLemmas) {
  REQUIRE_WORDNET();
  SchemaGrounding g(lex);
  const Schema s = company();
  // "salaries" lemmatises to the column salary; "hire dates" covers HireDate segmented.
  auto f = grounded(g, "What are the salaries of employees?", &s);
  EXPECT_TRUE(f.at(182));
  EXPECT_TRUE(f.at(181));
  EXPECT_FALSE(f.at(186));
  EXPECT_FALSE(f.count(179));  // needs the SQL
  EXPECT_FALSE(f.count(124));
  f = grounded(g, "List the hire dates and salaries.", &s);
  EXPECT_TRUE(f.at(182));
  EXPECT_FALSE(f.at(181));  // two columns named
  f = grounded(g, "How much does each employee earn?", &s);
  EXPECT_FALSE(f.at(182));
  EXPECT_TRUE(f.at(186));  // "employee" is a table's word
  f = grounded(g, "How much money is paid?", &s);
  EXPECT_FALSE(f.at(182));
  EXPECT_FALSE(f.at(186));
}

TEST(SchemaGrounding, ColumnsTheSqlReadsAllNamedAndNumbersMapped) {
  REQUIRE_WORDNET();
  SchemaGrounding g(lex);
  const Schema s = company();
  auto f = grounded(g, "Which names have a salary above 5000?", &s, "SELECT name FROM employee WHERE salary > 5000");
  EXPECT_TRUE(f.at(179));
  EXPECT_TRUE(f.at(124));
  f = grounded(g, "Who earns more than 5000?", &s, "SELECT name FROM employee WHERE salary > 5000.0");
  EXPECT_FALSE(f.at(179));
  EXPECT_TRUE(f.at(124));  // 5000 and 5000.0 are one number
  f = grounded(g, "Who earns the most?", &s, "SELECT name FROM employee ORDER BY salary DESC LIMIT 1");
  EXPECT_FALSE(f.at(124));
  f = grounded(g, "Who earns the most?", nullptr, "SELECT name FROM employee ORDER BY salary DESC LIMIT 1");
  EXPECT_EQ(f.size(), 1u);  // without a schema only #124
}

}  // namespace
}  // namespace chokepoint::sqlspace
