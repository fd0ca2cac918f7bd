// libFuzzer target for result comparison: the bytes describe two small typed results (shape, then values drawn
// from a few integers, reals, texts, blobs and NULL so that equal cells are common), which are compared under both
// EX semantics and every regime. Aborts on a crash, a score outside [0, 1], EX = 1 without F1 = 1, or a result
// that does not match itself.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "core/metrics/execution_accuracy.h"
#include "core/metrics/fine_grained_metrics.h"

using namespace chokepoint;

namespace {

struct Reader {
  const uint8_t* data;
  size_t size;
  size_t at = 0;
  uint8_t next() { return at < size ? data[at++] : 0; }
};

Value value_from(uint8_t b) {
  switch (b % 6) {
    case 0:
      return Value::null();
    case 1:
      return Value::of_int(static_cast<int64_t>(b / 6) - 10);
    case 2:
      return Value::of_real(static_cast<double>(b / 6) / 2.0 - 5.0);  // 1.0 and 1 meet under Python equality
    case 3:
      return Value::of_text(std::string(1, static_cast<char>('a' + b / 6 % 5)));
    case 4:
      return Value::of_text(std::to_string(b / 6 % 4));  // text that looks like a number never equals one
    default:
      return Value::of_blob(std::string(1, static_cast<char>(b / 6)));
  }
}

ResultSet result_from(Reader& r) {
  ResultSet out;
  const size_t cols = r.next() % 6, rows = r.next() % 24;
  for (size_t c = 0; c < cols; ++c) {
    out.column_names.push_back(std::string(1, static_cast<char>('a' + r.next() % 4)));
    out.declared_types.push_back("");
  }
  for (size_t i = 0; i < rows; ++i) {
    Row row;
    for (size_t c = 0; c < cols; ++c) row.push_back(value_from(r.next()));
    out.rows.push_back(std::move(row));
  }
  return out;
}

void check(bool ok, const char* what) {
  if (ok) return;
  std::fprintf(stderr, "invariant broken: %s\n", what);
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  Reader r{data, size};
  const ResultSet gold = result_from(r), pred = result_from(r);
  const bool order = r.next() & 1;
  check(bird_results_match(gold, gold), "a result matches itself (BIRD)");
  check(spider_results_match(gold, gold, order), "a result matches itself (Spider)");
  for (bool ex : {bird_results_match(gold, pred), spider_results_match(gold, pred, order)}) {
    auto cmps = compare_results_for_regimes(gold, pred, all_regimes(), ex);
    check(cmps.ok(), "comparison succeeds with local embeddings");
    for (const auto& c : *cmps) {
      const auto& s = c.score;
      check(s.exp >= 0 && s.exp <= 1 && s.exr >= 0 && s.exr <= 1 && s.f1 >= 0 && s.f1 <= 1, "scores in [0, 1]");
      check(!ex || s.f1 == 1.0, "EX = 1 forces F1 = 1");
      check(s.matched_cells <= s.gold_cells || s.gold_cells == 0 || ex, "matched cells within the gold cells");
    }
  }
  return 0;
}
