// SQLMorph §VI-C-3, reproduced on a database built here: schools whose K-12 and ages 5-17 enrollments differ by
// more than 30. 56 schools qualify. DIN-SQL projects frpm's `School Name`, which differs from schools.School for
// one of them, plus three extra columns; MAC-SQL projects the right School and Street plus two extra columns.
// Paper, SC-EC-PE: DIN-SQL EXP 0.393, EXR 0.982, F1 0.561; MAC-SQL EXP 0.500, EXR 1.000, F1 0.667.
// By hand: DIN-SQL matches 55 of 56 rows on 2 paired columns = 110 cells; gold 56 x 2 = 112; predicted 56 x 5 = 280:
// 110/280 = 0.3929, 110/112 = 0.9821. MAC-SQL: 112 cells of 56 x 4 = 224 predicted: 0.5 and 1.
#include <gtest/gtest.h>

#include <string>

#include "core/metrics/execution_accuracy.h"
#include "core/metrics/fine_grained_metrics.h"
#include "tests/unit/metrics/result_builders.h"

namespace chokepoint {
using namespace testing_support;

namespace {

Connection california_schools() {
  std::string sql =
      "CREATE TABLE schools(CDSCode TEXT PRIMARY KEY, School TEXT, Street TEXT, City TEXT, Zip TEXT, State TEXT);"
      "CREATE TABLE frpm(CDSCode TEXT PRIMARY KEY, `School Name` TEXT, `Enrollment (K-12)` REAL,"
      " `Enrollment (Ages 5-17)` REAL);";
  const char* kinds[] = {"Elementary", "Middle", "High", "Academy"};
  for (int i = 0; i < 70; ++i) {
    std::string code = "'" + std::to_string(1000 + i) + "'";
    std::string school = std::string("Lincoln ") + kinds[i % 4] + " " + std::to_string(i);
    std::string frpm_name = i == 7 ? "Lincoln Elementary Seven" : school;         // the one mismatch (i = 7 qualifies)
    double k12 = 300 + i, ages = i < 56 ? 300 + i - 31 - (i % 5) : 300 + i - 10;  // first 56 differ by > 30
    sql += "INSERT INTO schools VALUES(" + code + ", '" + school + "', '" + std::to_string(100 + i) +
           " Main Street', 'Fresno', '9370" + std::to_string(i % 10) + "', 'CA');";
    sql += "INSERT INTO frpm VALUES(" + code + ", '" + frpm_name + "', " + std::to_string(k12) + ", " +
           std::to_string(ages) + ");";
  }
  return memory_db(sql);
}

}  // namespace

TEST(WorkedExample, SqlMorphSectionVIC3) {
  Connection db = california_schools();
  const std::string gold_sql =
      "SELECT T1.School, T1.Street FROM schools AS T1 JOIN frpm AS T2 ON T1.CDSCode = T2.CDSCode "
      "WHERE T2.'Enrollment (K-12)' - T2.'Enrollment (Ages 5-17)' > 30";
  const std::string din_sql =
      "SELECT frpm.'School Name', schools.Street, schools.City, schools.Zip, schools.State FROM frpm "
      "JOIN schools ON frpm.CDSCode = schools.CDSCode "
      "WHERE (frpm.'Enrollment (K-12)' - frpm.'Enrollment (Ages 5-17)') > 30";
  const std::string mac_sql =
      "SELECT T2.School, T2.Street, T2.City, T2.Zip FROM frpm AS T1 JOIN schools AS T2 ON T1.CDSCode = T2.CDSCode "
      "WHERE T1.'Enrollment (K-12)' - T1.'Enrollment (Ages 5-17)' > 30";
  auto gold = db.query(gold_sql);
  auto din = db.query(din_sql);
  auto mac = db.query(mac_sql);
  ASSERT_TRUE(gold.ok()) << gold.message;
  ASSERT_TRUE(din.ok()) << din.message;
  ASSERT_TRUE(mac.ok()) << mac.message;
  ASSERT_EQ(gold.result.rows.size(), 56u);
  Regime sc_ec_pe = *parse_regime("SC-EC-PE");

  bool din_ex = bird_results_match(gold.result, din.result);
  EXPECT_FALSE(din_ex);
  auto d = compare_results(gold.result, din.result, sc_ec_pe, din_ex);
  ASSERT_TRUE(d.ok());
  ASSERT_EQ(d->columns.size(), 2u);
  EXPECT_EQ(din.result.column_names[d->columns[0].pred], "School Name");  // paired with School
  EXPECT_EQ(din.result.column_names[d->columns[1].pred], "Street");
  EXPECT_EQ(d->score.matched_cells, 110u);
  EXPECT_NEAR(d->score.exp, 0.393, 0.0005);
  EXPECT_NEAR(d->score.exr, 0.982, 0.0005);
  EXPECT_NEAR(d->score.f1, 0.561, 0.0005);

  bool mac_ex = bird_results_match(gold.result, mac.result);
  EXPECT_FALSE(mac_ex);
  auto m = compare_results(gold.result, mac.result, sc_ec_pe, mac_ex);
  ASSERT_TRUE(m.ok());
  EXPECT_NEAR(m->score.exp, 0.500, 1e-9);
  EXPECT_NEAR(m->score.exr, 1.000, 1e-9);
  EXPECT_NEAR(m->score.f1, 2.0 / 3, 1e-9);

  // Under EC the names "School Name" and "School" differ, so DIN-SQL recovers only Street: 56 of 112 gold cells.
  auto d_ec = compare_results(gold.result, din.result, *parse_regime("EC-EC-PE"), false);
  EXPECT_NEAR(d_ec->score.exr, 0.5, 1e-9);
}

}  // namespace chokepoint
