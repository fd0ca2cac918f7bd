// ΔEX tables.
#include "core/metrics/transitions.h"

#include <map>
#include <string>

namespace chokepoint {

DeltaExTable delta_ex_table(const std::vector<ExTransition>& items) {
  DeltaExTable t;
  t.n = items.size();
  for (const auto& it : items) {
    if (it.delta() > 0)
      ++t.improved;
    else if (it.delta() < 0)
      ++t.degraded;
    else if (it.original)
      ++t.kept_correct;
    else
      ++t.kept_wrong;
  }
  return t;
}

Result<std::vector<ExTransition>> align_variants(const std::vector<bool>& original_ex,
                                                 const std::vector<bool>& variant_ex,
                                                 const std::vector<size_t>& origin_of_variant) {
  if (variant_ex.size() != origin_of_variant.size())
    return Error{"variant run has " + std::to_string(variant_ex.size()) + " items but " +
                 std::to_string(origin_of_variant.size()) + " origins were given"};
  std::vector<ExTransition> out;
  for (size_t i = 0; i < variant_ex.size(); ++i) {
    size_t o = origin_of_variant[i];
    if (o >= original_ex.size())
      return Error{"variant " + std::to_string(i) + " points to original " + std::to_string(o) +
                   ", but there are only " + std::to_string(original_ex.size()) + " originals"};
    out.push_back({original_ex[o], variant_ex[i]});
  }
  return out;
}

Result<std::vector<ExTransition>> align_runs(const std::vector<bool>& original_ex,
                                             const std::vector<bool>& variant_ex) {
  if (original_ex.size() != variant_ex.size())
    return Error{"runs are not aligned: " + std::to_string(original_ex.size()) + " original items vs " +
                 std::to_string(variant_ex.size()) + " variant items"};
  std::vector<ExTransition> out;
  for (size_t i = 0; i < original_ex.size(); ++i) out.push_back({original_ex[i], variant_ex[i]});
  return out;
}

Result<std::vector<JoinBucket>> ex_by_joins(const std::vector<bool>& ex, const std::vector<int>& join_counts) {
  if (ex.size() != join_counts.size())
    return Error{std::to_string(ex.size()) + " EX values but " + std::to_string(join_counts.size()) + " join counts"};
  std::map<int, JoinBucket> buckets;
  for (size_t i = 0; i < ex.size(); ++i) {
    if (join_counts[i] < 0) continue;
    auto& b = buckets[join_counts[i]];
    b.joins = join_counts[i];
    ++b.n;
    if (ex[i]) ++b.correct;
  }
  std::vector<JoinBucket> out;
  for (auto& kv : buckets) out.push_back(kv.second);
  return out;
}

Result<std::vector<RecoveryRow>> recovery_by_joins(const std::vector<ExTransition>& items,
                                                   const std::vector<int>& join_counts) {
  if (items.size() != join_counts.size())
    return Error{std::to_string(items.size()) + " items but " + std::to_string(join_counts.size()) + " join counts"};
  std::map<int, RecoveryRow> rows;
  for (size_t i = 0; i < items.size(); ++i) {
    if (join_counts[i] < 0 || items[i].variant) continue;
    auto& r = rows[join_counts[i]];
    r.joins = join_counts[i];
    ++r.failed;
    if (items[i].original) ++r.recovered;
  }
  std::vector<RecoveryRow> out;
  for (auto& kv : rows) out.push_back(kv.second);
  return out;
}

}  // namespace chokepoint
