// INSERT validation benchmark (goal < 100 ms native): 10,000 generated model lines for A.9's
// formula_1 pair plus a results table, mixed as a model's answers are (mostly clean one-row INSERTs, then grouped
// rows, wrong value counts, unknown tables and columns, repeated and orphan keys, NULLs in NOT NULL columns, case to
// align and injection attempts), validated whole by validate_inserts. Reports the best of 5 passes and the changes.
// Usage: testdb_bench [LINES]   (default 10000)
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>

#include "bench/bench_passes.h"
#include "core/base/clock.h"
#include "core/testdb/insert_validation.h"

using namespace chokepoint;
using namespace chokepoint::testdb;

namespace {

Schema formula_1() {
  Schema s;
  s.db_id = "formula_1";
  Table circuits{
      "circuits",
      "",
      {{"circuitId", "INTEGER", ""}, {"name", "TEXT", "", true}, {"location", "TEXT", ""}, {"country", "TEXT", ""}},
      {"circuitId"},
      {},
      -1};
  Table races{"races",
              "",
              {{"raceId", "INTEGER", ""},
               {"year", "INTEGER", ""},
               {"circuitId", "INTEGER", ""},
               {"name", "TEXT", ""},
               {"date", "TEXT", ""}},
              {"raceId"},
              {{{"circuitId"}, "circuits", {"circuitId"}}},
              -1};
  Table results{"results",
                "",
                {{"resultId", "INTEGER", ""},
                 {"raceId", "INTEGER", ""},
                 {"driver", "TEXT", ""},
                 {"position", "INTEGER", ""},
                 {"points", "REAL", ""}},
                {"resultId"},
                {{{"raceId"}, "races", {"raceId"}}},
                -1};
  s.tables = {circuits, races, results};
  return s;
}

// Line i of the generated answer; the mix repeats every 20 lines.
std::string line(size_t i) {
  const std::string n = std::to_string(i);
  const std::string c = std::to_string((i / 20) % 20 * 20);  // 20 circuits (0, 20, ..., 380), raced on repeatedly
  switch (i % 20) {
    case 0:
      return "INSERT INTO circuits VALUES (" + c + ", 'Circuit " + c + "', 'Town " + c + "', 'Country " + c + "');";
    case 1:
    case 2:
    case 3:
    case 4:
    case 5:
      return "INSERT INTO races VALUES (" + n + ", " + std::to_string(2000 + i % 25) + ", " + c + ", 'Grand Prix " + n +
             "', '2024-05-" + std::to_string(10 + i % 18) + "');";
    case 6:
    case 7:
    case 8:
    case 9:
      return "INSERT INTO results (resultId, raceId, driver, position, points) VALUES (" + n + ", " +
             std::to_string(i - 5) + ", 'Driver " + std::to_string(i % 30) + "', " + std::to_string(i % 20 + 1) + ", " +
             std::to_string((i % 10) * 2.5) + ");";
    case 10:
      return "INSERT INTO results VALUES (" + n + ", " + std::to_string(i - 9) + ", 'Driver 1', 1, 25.0), (" + n +
             "1, " + std::to_string(i - 9) + ", 'Driver 2', 2, 18.0);";
    case 11:
      return "INSERT INTO races VALUES (" + n + ", 2024, " + c + ");";  // padded
    case 12:
      return "INSERT INTO results VALUES (" + n + ", " + std::to_string(i - 11) + ", 'x', 3, 15.0, 'extra', 9);";
    case 13:
      return "INSERT INTO drivers VALUES (" + n + ", 'Lewis', 'Hamilton');";
    case 14:
      return "INSERT INTO results (resultId, raceId, colour) VALUES (" + n + ", " + std::to_string(i - 13) +
             ", 'red');";
    case 15:
      return "INSERT INTO races VALUES (" + std::to_string(i - 14) + ", 2023, 1, 'Repeat', '2023-01-01');";
    case 16:
      return "INSERT INTO results VALUES (" + n + ", 99999999, 'Nobody', 1, 0);";  // orphan
    case 17:
      return "INSERT INTO circuits VALUES (" + std::to_string(400 + i) + ", NULL, 'x', 'y');";
    case 18:
      return "INSERT INTO circuits VALUES (" + std::to_string(400 + i) +
             ", 'circuit de monaco', 'monte carlo', "
             "'monaco');";
    default:
      return "INSERT INTO races VALUES (" + n + ", 2024, 1, 'x', 'y'); DROP TABLE races;";
  }
}

}  // namespace

int main(int argc, char** argv) {
  const size_t lines = argc > 1 ? static_cast<size_t>(std::strtoul(argv[1], nullptr, 10)) : 10000;
  std::string answer;
  for (size_t i = 0; i < lines; ++i) answer += line(i) + "\n";
  const Schema schema = formula_1();
  const std::vector<std::string> literals = {"Monaco", "Circuit de Monaco", "Monte Carlo"};
  bench::print_headline("testdb: INSERT validation of 10,000 lines",
                        bench::time_passes([&] { (void)validate_inserts(answer, schema, literals); }));
  double best = 1e300;
  InsertValidation v;
  for (int pass = 0; pass < 5; ++pass) {
    const double t = monotonic_ms();
    v = validate_inserts(answer, schema, literals);
    best = std::min(best, elapsed_ms(t));
  }
  std::map<std::string, size_t> by_kind;
  for (const auto& c : v.changes) ++by_kind[change_kind_name(c.kind)];
  std::printf("INSERT validation: %zu lines (%zu bytes), %zu rows written, %zu kept in %zu tables\n", v.lines,
              answer.size(), v.rows_written, v.rows_kept, v.tables.size());
  std::printf("  best of 5: %.1f ms (%.2f us per line; goal < 100 ms for 10,000 lines)\n", best,
              1000.0 * best / static_cast<double>(std::max<size_t>(1, v.lines)));
  std::printf("  changes:");
  for (const auto& [k, n] : by_kind) std::printf(" %s %zu", k.c_str(), n);
  std::printf("\n");
  return 0;
}
