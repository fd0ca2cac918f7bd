// BigTable's changed filter values on a real in-memory SQLite database: the comparison whose value the question
// mentions gets another value of its column that keeps the result non-empty, the question and evidence follow, and
// an item with nothing to change says why.
#include "core/runner/filter_value_change.h"

#include <gtest/gtest.h>

namespace chokepoint::runner {
namespace {

Connection people() {
  auto db = Connection::open_memory();
  EXPECT_TRUE(db.ok());
  EXPECT_TRUE(db->exec_script("CREATE TABLE person(id INTEGER PRIMARY KEY, name TEXT, city TEXT, age INTEGER);"
                              "CREATE TABLE pet(owner INTEGER, kind TEXT);"
                              "INSERT INTO person VALUES (1, 'Ann', 'Paris', 30), (2, 'Bo', 'Oslo', 41),"
                              "  (3, 'Cy', 'Lima', 30), (4, 'Di', 'Rome', 52);"
                              "INSERT INTO pet VALUES (1, 'cat'), (4, 'dog');")
                  .ok());
  return std::move(*db);
}

TEST(FilterValueChange, AMentionedValueBecomesAnotherThatKeepsRows) {
  const auto db = people();
  auto c = change_filter_value("SELECT name FROM person WHERE city = 'Paris'", "Who lives in Paris?",
                               "Paris refers to city = 'Paris'", db, 7, {});
  ASSERT_TRUE(c.changed()) << c.detail;
  EXPECT_EQ(c.change->from, "Paris");
  EXPECT_NE(c.change->to, "Paris");
  EXPECT_EQ(c.change->sql, "SELECT name FROM person WHERE city = '" + c.change->to + "'");
  EXPECT_EQ(c.change->question, "Who lives in " + c.change->to + "?");
  EXPECT_EQ(c.change->evidence, c.change->to + " refers to city = '" + c.change->to + "'");
  EXPECT_EQ(c.change->comparison, "city = 'Paris'");
  // The same seed picks the same value; the result of the changed query is not empty.
  EXPECT_EQ(change_filter_value("SELECT name FROM person WHERE city = 'Paris'", "Who lives in Paris?", "", db, 7, {})
                .change->to,
            c.change->to);
  EXPECT_FALSE(db.query(c.change->sql).result.rows.empty());
}

TEST(FilterValueChange, ACandidateThatEmptiesTheResultIsSkipped) {
  const auto db = people();
  // Only owners 1 and 4 have pets: of the other cities only Rome keeps a row through the join.
  auto c =
      change_filter_value("SELECT T2.kind FROM person AS T1 JOIN pet AS T2 ON T1.id = T2.owner WHERE T1.city = 'Paris'",
                          "What pets live in Paris?", "", db, 1, {});
  ASSERT_TRUE(c.changed()) << c.detail;
  EXPECT_EQ(c.change->to, "Rome");
  EXPECT_EQ(c.change->question, "What pets live in Rome?");
}

TEST(FilterValueChange, EveryLiteralSpeltTheSameChangesTogether) {
  const auto db = people();
  auto c = change_filter_value("SELECT name FROM person WHERE city = 'Paris' OR (age > 40 AND city = 'Paris')",
                               "Who lives in Paris?", "", db, 2, {});
  ASSERT_TRUE(c.changed()) << c.detail;
  EXPECT_EQ(c.change->sql, "SELECT name FROM person WHERE city = '" + c.change->to + "' OR (age > 40 AND city = '" +
                               c.change->to + "')");
}

TEST(FilterValueChange, NumbersChangeOnlyWhereTheyStandAlone) {
  const auto db = people();
  auto c = change_filter_value("SELECT name FROM person WHERE age = 30 LIMIT 30", "Who is 30 years old, as in 2030?",
                               "", db, 3, {});
  ASSERT_TRUE(c.changed()) << c.detail;
  EXPECT_TRUE(c.change->to == "41" || c.change->to == "52") << c.change->to;
  EXPECT_EQ(c.change->sql, "SELECT name FROM person WHERE age = " + c.change->to + " LIMIT 30");
  EXPECT_EQ(c.change->question, "Who is " + c.change->to + " years old, as in 2030?");
  std::string text = "30 of 300, 30.";
  EXPECT_EQ(replace_mentions(text, "30", "7"), 2u);
  EXPECT_EQ(text, "7 of 300, 7.");
}

TEST(FilterValueChange, SaysWhyAnItemKeepsItsValues) {
  const auto db = people();
  const auto no_where = change_filter_value("SELECT name FROM person", "Everyone?", "", db, 1, {});
  EXPECT_FALSE(no_where.changed());
  EXPECT_EQ(no_where.kept, FilterKept::no_where);
  EXPECT_EQ(no_where.detail, "no WHERE on a single SELECT");
  const auto unmentioned =
      change_filter_value("SELECT name FROM person WHERE city = 'Paris'", "Who lives there?", "", db, 1, {});
  EXPECT_EQ(unmentioned.kept, FilterKept::not_mentioned);
  EXPECT_EQ(unmentioned.detail, "no WHERE column = value whose value the question mentions");
  // Named by the evidence alone: the evidence's mapping would become false, so the value stays.
  const auto by_evidence =
      change_filter_value("SELECT name FROM person WHERE city = 'Paris'", "Who lives in the capital?",
                          "the capital refers to city = 'Paris'", db, 1, {});
  EXPECT_FALSE(by_evidence.changed());
  EXPECT_EQ(by_evidence.kept, FilterKept::not_mentioned);
  const auto emptied =
      change_filter_value("SELECT name FROM person WHERE id = 1 AND city = 'Paris'", "Paris, 1?", "", db, 1, {}, 3);
  EXPECT_EQ(emptied.kept, FilterKept::every_value_empties);
  EXPECT_NE(emptied.detail.find("keeps the result non-empty"), std::string::npos) << emptied.detail;
  const auto unparsable = change_filter_value("SELECT name FROM WHERE", "Paris?", "", db, 1, {});
  EXPECT_EQ(unparsable.kept, FilterKept::unparsable);
  EXPECT_EQ(unparsable.detail.rfind("the gold query does not parse: ", 0), 0u) << unparsable.detail;
  // What a report counts under: the reason's own words, without the particulars.
  EXPECT_STREQ(filter_kept_name(FilterKept::every_value_empties), "no other value keeps a non-empty result");
}

}  // namespace
}  // namespace chokepoint::runner
