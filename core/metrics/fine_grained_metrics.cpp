// EXP / EXR / F1 from column and cell matching.
#include "core/metrics/fine_grained_metrics.h"

#include <algorithm>
#include <memory>

namespace chokepoint {
namespace {

size_t column_count(const ResultSet& r) {
  return std::max(r.column_names.size(), r.rows.empty() ? size_t{0} : r.rows.front().size());
}

const char* kStopped = "scoring stopped at the item's time limit";

bool sc_capped(const ResultSet& gold, const ResultSet& pred) {
  return column_count(gold) > kMaxSemanticColumns || column_count(pred) > kMaxSemanticColumns;
}

// Whether two column matchings pair the same column indices (similarities aside): then their cell matchings agree.
bool same_pairs(const std::vector<ColumnPair>& a, const std::vector<ColumnPair>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (a[i].gold != b[i].gold || a[i].pred != b[i].pred) return false;
  return true;
}

// The matchers of compare_results_for_regimes, kept per thread from pair to pair: a typical item's results hold a
// few dozen cells, and fresh buffers cost it some ninety allocations, more than its matching. Results this large
// (in cells, both sides) give their buffers back afterwards rather than keep them for the rest of the thread.
constexpr size_t kKeptBufferCells = size_t{1} << 16;
struct RegimeMatchers {
  CellMatcher cells;
  SemanticColumnMatcher columns;
  bool busy = false;  // in use further up the stack (an embedding function that scores pairs itself)
};

// Lends the thread's matchers, or fresh ones when they are busy; gives them back on destruction.
class LentMatchers {
 public:
  explicit LentMatchers(size_t cells) : cells_(cells) {
    thread_local std::unique_ptr<RegimeMatchers> kept;
    kept_ = &kept;
    if (!kept) kept = std::make_unique<RegimeMatchers>();
    if (kept->busy) {
      own_ = std::make_unique<RegimeMatchers>();
      lent_ = own_.get();
    } else {
      lent_ = kept.get();
    }
    lent_->busy = true;
  }
  ~LentMatchers() {
    lent_->busy = false;
    if (lent_ == kept_->get() && cells_ > kKeptBufferCells) kept_->reset();
  }
  LentMatchers(const LentMatchers&) = delete;
  LentMatchers& operator=(const LentMatchers&) = delete;
  RegimeMatchers& operator*() { return *lent_; }

 private:
  size_t cells_;
  std::unique_ptr<RegimeMatchers>* kept_;
  std::unique_ptr<RegimeMatchers> own_;
  RegimeMatchers* lent_;
};

}  // namespace

FineGrainedScore score_from_cells(size_t matched_cells, size_t gold_cells, size_t pred_cells) {
  FineGrainedScore s;
  s.matched_cells = matched_cells;
  s.gold_cells = gold_cells;
  s.pred_cells = pred_cells;
  if (gold_cells == 0 && pred_cells == 0) {
    s.exp = s.exr = s.f1 = 1.0;
    return s;
  }
  s.exp = pred_cells == 0 ? 0.0 : static_cast<double>(matched_cells) / static_cast<double>(pred_cells);
  s.exr = gold_cells == 0 ? 1.0 : static_cast<double>(matched_cells) / static_cast<double>(gold_cells);
  s.f1 = s.exp + s.exr == 0 ? 0.0 : 2 * s.exp * s.exr / (s.exp + s.exr);
  return s;
}

Result<PairComparison> compare_results(const ResultSet& gold, const ResultSet& pred, const Regime& regime, bool ex,
                                       const ColumnMatchOptions& options, const Deadline& deadline) {
  PairComparison out;
  out.regime = regime;
  const size_t gold_cells = gold.rows.size() * column_count(gold);
  if (ex) {
    out.score = score_from_cells(gold_cells, gold_cells, pred.rows.size() * column_count(pred));
    out.score.exp = out.score.exr = out.score.f1 = 1.0;
    out.score.forced_by_ex = true;
    return out;
  }
  CellMatching cells;
  size_t pred_cells = pred.rows.size() * column_count(pred);
  if (regime.columns == ColumnRegime::None) {
    cells = match_cells_without_columns(gold, pred, regime.cells, deadline);
  } else {
    if (regime.columns == ColumnRegime::Exact) {
      out.columns = match_columns_exact(gold, pred);
    } else {
      auto sc = match_columns_semantic(gold, pred, options);
      if (!sc.ok()) return Error{sc.error()};
      out.columns = std::move(*sc);
      out.columns_capped = sc_capped(gold, pred);
    }
    cells = match_cells_on_columns(gold, pred, out.columns, regime.cells, deadline);
    if (regime.extras == ExtraColumns::Ignore) pred_cells = pred.rows.size() * out.columns.size();
  }
  if (cells.stopped) return Error{kStopped};
  out.rows = std::move(cells.matches);
  out.score = score_from_cells(cells.matched_cells, gold_cells, pred_cells);
  return out;
}

Result<std::vector<PairComparison>> compare_results_for_regimes(const ResultSet& gold, const ResultSet& pred,
                                                                const std::vector<Regime>& regimes, bool ex,
                                                                const ColumnMatchOptions& options, bool scores_only,
                                                                const Deadline& deadline) {
  std::vector<PairComparison> out;
  out.reserve(regimes.size());
  if (ex) {
    for (const auto& r : regimes) out.push_back(std::move(*compare_results(gold, pred, r, true, options)));
    return out;
  }
  const size_t gold_cells = gold.rows.size() * column_count(gold);
  const size_t pred_width = column_count(pred);
  // Per column regime (index 0 EC, 1 SC, 2 NC): the column pairs. Cell matchings are cached per list of column
  // index pairs (the widest cell regime any requested regime needs), so SC, which usually pairs the same columns
  // as EC, does not match the rows again.
  struct Columns {
    bool done = false;
    std::vector<ColumnPair> pairs;
  };
  Columns columns[3];
  CellRegime widest[3] = {CellRegime::Exact, CellRegime::Exact, CellRegime::Exact};
  for (const auto& r : regimes)
    if (r.cells == CellRegime::Partial) widest[static_cast<int>(r.columns)] = CellRegime::Partial;
  struct Cells {
    bool positional;
    const std::vector<ColumnPair>* pairs;  // a Columns' pairs (their indices); empty for NC
    CellRegime regime;
    CellMatching matching;
  };
  std::vector<Cells> cells;
  cells.reserve(regimes.size());  // at most one per regime
  LentMatchers matchers(gold_cells + pred.rows.size() * pred_width);
  for (const auto& r : regimes) {
    if (deadline.passed()) return Error{kStopped};
    const int ci = static_cast<int>(r.columns);
    Columns& c = columns[ci];
    if (!c.done) {
      if (r.columns == ColumnRegime::Exact) c.pairs = match_columns_exact(gold, pred);
      if (r.columns == ColumnRegime::Semantic) {
        auto sc = (*matchers).columns.match(gold, pred, options);
        if (!sc.ok()) return Error{sc.error()};
        c.pairs = std::move(*sc);
      }
      c.done = true;
    }
    const bool positional = r.columns != ColumnRegime::None;
    // A Partial matching also holds the Exact one (its exact matches are flagged), so either regime can use it.
    const Cells* found = nullptr;
    for (const auto& m : cells)
      if (m.positional == positional && same_pairs(*m.pairs, c.pairs) &&
          (m.regime == CellRegime::Partial || widest[ci] == m.regime))
        found = &m;
    if (!found) {
      CellMatcher& matcher = (*matchers).cells;
      CellMatching m = positional ? matcher.on_columns(gold, pred, c.pairs, widest[ci], deadline)
                                  : matcher.without_columns(gold, pred, widest[ci], deadline);
      if (m.stopped) return Error{kStopped};
      cells.push_back({positional, &c.pairs, widest[ci], std::move(m)});
      found = &cells.back();
    }
    PairComparison cmp;
    cmp.regime = r;
    cmp.columns_capped = r.columns == ColumnRegime::Semantic && sc_capped(gold, pred);
    if (!scores_only) cmp.columns = c.pairs;
    size_t matched = 0;
    for (const auto& m : found->matching.matches) {
      if (r.cells == CellRegime::Exact && !m.exact) continue;
      if (!scores_only) cmp.rows.push_back(m);
      matched += m.cells;
    }
    size_t pred_cells = pred.rows.size() * pred_width;
    if (positional && r.extras == ExtraColumns::Ignore) pred_cells = pred.rows.size() * c.pairs.size();
    cmp.score = score_from_cells(matched, gold_cells, pred_cells);
    out.push_back(std::move(cmp));
  }
  return out;
}

}  // namespace chokepoint
