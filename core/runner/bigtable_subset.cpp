// BigTable-style stratified subsets (see bigtable_subset.h).
#include "core/runner/bigtable_subset.h"

#include <algorithm>
#include <set>

#include "core/base/text.h"
#include "core/sql/name_resolution.h"
#include "core/sql/parser.h"

namespace chokepoint::runner {
namespace {

// SplitMix64: a small generator with a fixed output for a seed on every platform.
struct SplitMix64 {
  uint64_t state;
  uint64_t next() {
    uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  // Uniform in [0, n) by rejection, so no value is favoured.
  uint64_t below(uint64_t n) {
    const uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    uint64_t x;
    do x = next();
    while (x >= limit);
    return x % n;
  }
};

// Fisher–Yates over positions with our generator.
void shuffle(std::vector<size_t>& v, SplitMix64& rng) {
  for (size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[static_cast<size_t>(rng.below(i))]);
}

size_t stratum_of(size_t tables) { return tables >= 4 ? 3 : tables - 1; }

}  // namespace

Result<std::vector<std::string>> gold_tables(const std::string& sql, const Schema& schema) {
  auto tree = sql::parse_sql(sql);
  if (!tree.ok()) return Error{tree.error()};
  const auto names = sql::resolve_names(**tree, schema);
  std::set<std::string> seen;
  std::vector<std::string> out;
  for (const auto& inst : names.instances) {
    if (inst.derived || !inst.known || inst.table.empty()) continue;
    if (seen.insert(to_lower_ascii(inst.table)).second) out.push_back(inst.table);
  }
  std::sort(out.begin(), out.end());
  return out;
}

Result<SubsetReport> bigtable_subset(const EvalSet& set, const std::map<std::string, Schema>& schemas,
                                     size_t per_stratum, uint64_t seed) {
  if (per_stratum == 0) return Error{"the number of items per stratum must be at least 1"};
  SubsetReport report;
  report.strata = {{"1"}, {"2"}, {"3"}, {">3"}};
  std::vector<std::vector<size_t>> members(4);
  std::vector<size_t> columns(set.items.size(), 0);
  for (size_t i = 0; i < set.items.size(); ++i) {
    const auto& it = set.items[i];
    auto schema = schemas.find(it.db_id);
    if (schema == schemas.end()) {
      ++report.unresolved;
      continue;
    }
    auto tables = gold_tables(it.sql, schema->second);
    if (!tables.ok() || tables->empty()) {
      ++report.unresolved;
      continue;
    }
    for (const auto& t : *tables)
      if (const Table* table = schema->second.find_table(t)) columns[i] += table->columns.size();
    members[stratum_of(tables->size())].push_back(i);
  }
  SplitMix64 rng{seed};
  std::vector<size_t> chosen;
  for (size_t s = 0; s < 4; ++s) {
    auto& m = members[s];
    auto& st = report.strata[s];
    st.available = m.size();
    shuffle(m, rng);
    st.taken = std::min(per_stratum, m.size());
    if (st.taken < per_stratum)
      report.notes.push_back("stratum " + st.label + ": only " + std::to_string(m.size()) +
                             (m.size() == 1 ? " item" : " items") + ", all taken");
    double sum = 0;
    for (size_t k = 0; k < st.taken; ++k) {
      chosen.push_back(m[k]);
      sum += static_cast<double>(columns[m[k]]);
    }
    st.avg_columns = st.taken ? sum / static_cast<double>(st.taken) : 0;
  }
  std::sort(chosen.begin(), chosen.end());
  report.subset.format = set.format;
  for (size_t i : chosen) report.subset.items.push_back(set.items[i]);
  return report;
}

}  // namespace chokepoint::runner
