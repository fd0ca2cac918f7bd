// Parse + print throughput on the 2,568 Spider and BIRD dev gold queries (goal: > 50,000 queries/s
// native, wasm within 2x). Usage: sql_bench [DATA_DIR] (default /work/shared/data).
#include <chrono>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "bench/bench_passes.h"
#include "core/sql/parser.h"
#include "core/sql/printer.h"

int main(int argc, char** argv) {
  std::string root = argc > 1 ? argv[1] : std::string(CHOKEPOINT_SOURCE_DIR) + "/../shared/data";
  std::vector<std::string> queries;
  for (const char* rel : {"/spider/dev_gold.sql", "/bird/dev_gold.sql"}) {
    std::ifstream in(root + rel);
    std::string line;
    while (std::getline(in, line)) queries.push_back(line.substr(0, line.rfind('\t')));
  }
  if (queries.empty()) {
    std::fprintf(stderr, "sql_bench: no gold queries under %s\n", root.c_str());
    return 2;
  }
  chokepoint::bench::print_headline("sql: parse and print the 2,568 Spider and BIRD dev golds",
                                    chokepoint::bench::time_passes([&] {
                                      for (const auto& q : queries) {
                                        auto tree = chokepoint::sql::parse_sql(q);
                                        if (tree.ok()) (void)chokepoint::sql::print_sql(**tree);
                                      }
                                    }));
  size_t failures = 0, bytes = 0;
  int rounds = 0;
  auto start = std::chrono::steady_clock::now();
  double seconds = 0;
  do {  // repeat for at least one second so short runs are not noise
    for (const auto& q : queries) {
      auto tree = chokepoint::sql::parse_sql(q);
      if (!tree.ok()) {
        ++failures;
        continue;
      }
      bytes += chokepoint::sql::print_sql(**tree).size();
    }
    ++rounds;
    seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  } while (seconds < 1.0);
  double n = static_cast<double>(queries.size()) * rounds;
  std::printf("queries: %zu x %d rounds, parse failures: %zu\n", queries.size(), rounds, failures / rounds);
  std::printf("parse+print: %.0f queries/s (%.2f us/query, %zu bytes printed)\n", n / seconds, 1e6 * seconds / n,
              bytes / rounds);
  return failures ? 1 : 0;
}
