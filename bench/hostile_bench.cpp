// Hostile predictions, one at a time, through the same evaluation the CLI and the app run (every regime, details
// kept as the app keeps them, a 3,000 ms item limit): wall time and peak memory per input, then all of them in one
// run. Peak memory is the high-water mark of bytes held through operator new plus SQLite's own allocator, measured
// from the start of each item, so the figure is the item's own cost (the same counter natively and in wasm).
// Goal (decisions.md §10): each item within its time limit + 10% and under 256 MB.
// Usage: hostile_bench
#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <new>
#include <string>
#include <vector>

#include <sqlite3.h>

#include "core/base/clock.h"
#include "core/metrics/pair_evaluation.h"

using namespace chokepoint;

namespace {

// Live and peak bytes through operator new; each block carries its size in a 16-byte header.
std::atomic<long long> g_live{0};
std::atomic<long long> g_peak{0};

void* counted_alloc(size_t n) {
  void* p = std::malloc(n + 16);
  if (!p) throw std::bad_alloc();
  *static_cast<size_t*>(p) = n;
  long long live = g_live += static_cast<long long>(n);
  long long peak = g_peak.load();
  while (live > peak && !g_peak.compare_exchange_weak(peak, live)) {
  }
  return static_cast<char*>(p) + 16;
}

void counted_free(void* p) {
  if (!p) return;
  char* base = static_cast<char*>(p) - 16;
  g_live -= static_cast<long long>(*reinterpret_cast<size_t*>(base));
  std::free(base);
}

struct Hostile {
  const char* name;
  std::string sql;
};

const char* kGold = "SELECT name FROM singer";

std::vector<Hostile> hostile_inputs() {
  std::string wide = "SELECT 1";
  for (int i = 2; i <= 2000; ++i) wide += ", " + std::to_string(i);
  return {
      {"printf 900,000,000 chars", "SELECT printf('%.*c', 900000000, 'x')"},
      {"randomblob(900,000,000)", "SELECT randomblob(900000000)"},
      {"one 16 MB value", "SELECT printf('%.*c', 16000000, 'x')"},
      {"16 MB values, endless rows",
       "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT printf('%.*c', 16000000, 'x') FROM c"},
      {"endless recursive CTE", "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c"},
      {"cartesian count (10^9 rows)",
       "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 1000) "
       "SELECT count(*) FROM n a, n b, n c"},
      {"2,000 columns", wide},
      {"100,000 distinct rows x 4",
       "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 100000) "
       "SELECT x, 'n' || x, x * 2, 'm' || (x % 977) FROM c"},
      {"deep expression nesting", "SELECT " + std::string(900, '(') + "1" + std::string(900, ')')},
      {"huge LIKE pattern", "SELECT name FROM singer WHERE name LIKE '" + std::string(40000, '%') + "x'"},
  };
}

const char* kDb =
    "CREATE TABLE singer(id INTEGER PRIMARY KEY, name TEXT, country TEXT, age INT);"
    "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5000) "
    "INSERT INTO singer SELECT i, 'singer ' || i, 'country ' || (i % 40), 20 + i % 50 FROM n;";

struct Figure {
  double ms = 0;
  double peak_mb = 0;
  std::string outcome;
};

Figure run(const Connection& db, const std::vector<EvalPair>& pairs, const EvaluationOptions& o) {
  g_peak = g_live.load();
  const long long base = g_live.load();
  sqlite3_memory_highwater(1);
  const long long sqlite_base = sqlite3_memory_used();
  const double start = monotonic_ms();
  std::string outcome;
  {
    std::vector<ItemEvaluation> items;  // kept as the app keeps them until the run ends
    for (const auto& p : pairs) items.push_back(evaluate_pair(db, p, o));
    if (items.size() == 1) {
      const auto& it = items[0];
      outcome = it.pred_status == QueryStatus::Ok ? "ok" : it.pred_status == QueryStatus::Timeout ? "timeout" : "error";
      if (it.truncated) outcome += ", truncated (" + it.truncation + ")";
      if (!it.message.empty()) outcome += ": " + it.message.substr(0, 90);
    } else {
      outcome = std::to_string(items.size()) + " items";
    }
  }
  Figure f;
  f.ms = elapsed_ms(start);
  const long long sqlite_peak = sqlite3_memory_highwater(0) - sqlite_base;
  f.peak_mb = static_cast<double>(g_peak.load() - base + std::max(0LL, sqlite_peak)) / (1024.0 * 1024.0);
  f.outcome = outcome;
  return f;
}

}  // namespace

void* operator new(size_t n) { return counted_alloc(n); }
void* operator new[](size_t n) { return counted_alloc(n); }
void operator delete(void* p) noexcept { counted_free(p); }
void operator delete[](void* p) noexcept { counted_free(p); }
void operator delete(void* p, size_t) noexcept { counted_free(p); }
void operator delete[](void* p, size_t) noexcept { counted_free(p); }

int main() {
  auto db = Connection::open_memory();
  if (!db.ok() || !db->exec_script(kDb).ok()) {
    std::printf("cannot build the bench database\n");
    return 1;
  }
  EvaluationOptions o;
  o.regimes = all_regimes();
  o.limits.timeout_ms = 3000;
  o.keep_details = true;
  std::printf(
      "item limit %d ms, value cap %zu MiB, result cap %zu MiB, row cap %zu; goal: within limit + 10%%, "
      "under 256 MB\n",
      o.limits.timeout_ms, o.limits.max_value_bytes >> 20, o.limits.max_result_bytes >> 20, o.limits.max_rows);
  std::printf("%-30s %10s %10s  %s\n", "prediction", "wall ms", "peak MB", "outcome");
  std::vector<EvalPair> all;
  int over = 0;
  for (const auto& h : hostile_inputs()) {
    EvalPair p{h.name, "bench", kGold, h.sql};
    all.push_back(p);
    Figure f = run(*db, {p}, o);
    const bool ok = f.ms <= o.limits.timeout_ms * 1.1 && f.peak_mb < 256;
    if (!ok) ++over;
    std::printf("%-30s %10.0f %10.1f  %s%s\n", h.name, f.ms, f.peak_mb, ok ? "" : "OVER GOAL: ", f.outcome.c_str());
  }
  Figure f = run(*db, all, o);
  std::printf("%-30s %10.0f %10.1f  %s (details kept for all)\n", "all of them in one run", f.ms, f.peak_mb,
              f.outcome.c_str());
  std::printf("items over the goal: %d\n", over);
  return 0;
}
