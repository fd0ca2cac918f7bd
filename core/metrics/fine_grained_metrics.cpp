// EXP / EXR / F1 from column and cell matching.
#include "core/metrics/fine_grained_metrics.h"

#include <algorithm>

namespace chokepoint {
namespace {

size_t column_count(const ResultSet& r) {
  return std::max(r.column_names.size(), r.rows.empty() ? size_t{0} : r.rows.front().size());
}

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
                                       const ColumnMatchOptions& options) {
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
    cells = match_cells_without_columns(gold, pred, regime.cells);
  } else {
    if (regime.columns == ColumnRegime::Exact) {
      out.columns = match_columns_exact(gold, pred);
    } else {
      auto sc = match_columns_semantic(gold, pred, options);
      if (!sc.ok()) return Error{sc.error()};
      out.columns = std::move(*sc);
    }
    cells = match_cells_on_columns(gold, pred, out.columns, regime.cells);
    if (regime.extras == ExtraColumns::Ignore) pred_cells = pred.rows.size() * out.columns.size();
  }
  out.rows = std::move(cells.matches);
  out.score = score_from_cells(cells.matched_cells, gold_cells, pred_cells);
  return out;
}

Result<std::vector<PairComparison>> compare_results_for_regimes(const ResultSet& gold, const ResultSet& pred,
                                                                const std::vector<Regime>& regimes, bool ex,
                                                                const ColumnMatchOptions& options) {
  std::vector<PairComparison> out;
  if (ex) {
    for (const auto& r : regimes) out.push_back(*compare_results(gold, pred, r, true, options));
    return out;
  }
  const size_t gold_cells = gold.rows.size() * column_count(gold);
  const size_t pred_width = column_count(pred);
  // Per column regime (index 0 EC, 1 SC, 2 NC): the column pairs and the widest cell matching needed.
  struct Cache {
    bool columns_done = false, cells_done = false;
    std::vector<ColumnPair> columns;
    CellMatching cells;
    CellRegime cells_regime = CellRegime::Exact;
  };
  Cache cache[3];
  for (const auto& r : regimes)
    if (r.cells == CellRegime::Partial) cache[static_cast<int>(r.columns)].cells_regime = CellRegime::Partial;
  for (const auto& r : regimes) {
    Cache& c = cache[static_cast<int>(r.columns)];
    if (!c.columns_done) {
      if (r.columns == ColumnRegime::Exact) c.columns = match_columns_exact(gold, pred);
      if (r.columns == ColumnRegime::Semantic) {
        auto sc = match_columns_semantic(gold, pred, options);
        if (!sc.ok()) return Error{sc.error()};
        c.columns = std::move(*sc);
      }
      c.columns_done = true;
    }
    if (!c.cells_done) {
      c.cells = r.columns == ColumnRegime::None ? match_cells_without_columns(gold, pred, c.cells_regime)
                                                : match_cells_on_columns(gold, pred, c.columns, c.cells_regime);
      c.cells_done = true;
    }
    PairComparison cmp;
    cmp.regime = r;
    cmp.columns = c.columns;
    size_t matched = 0;
    for (const auto& m : c.cells.matches) {
      if (r.cells == CellRegime::Exact && !m.exact) continue;
      cmp.rows.push_back(m);
      matched += m.cells;
    }
    size_t pred_cells = pred.rows.size() * pred_width;
    if (r.columns != ColumnRegime::None && r.extras == ExtraColumns::Ignore) pred_cells = pred.rows.size() * c.columns.size();
    cmp.score = score_from_cells(matched, gold_cells, pred_cells);
    out.push_back(std::move(cmp));
  }
  return out;
}

}  // namespace chokepoint
