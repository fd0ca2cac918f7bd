// ΔEX against the pinned run, by item or by seed (see run_delta.h).
#include "web/panels/metrics/run_delta.h"

#include <imgui.h>

#include "core/base/file_text.h"
#include "core/metrics/baseline_comparison.h"
#include "core/study/expansion_seeds.h"
#include "web/panels/metrics/metric_glossary.h"

namespace chokepoint::web {
namespace {

std::vector<RunItemEx> item_ex(const MetricsRun& run) {
  std::vector<RunItemEx> out;
  for (size_t i = 0; i < run.items().size() && i < run.pairs().size(); ++i) {
    const auto& it = run.items()[i];
    out.push_back({run.pairs()[i].id, it.status == ItemStatus::Scored ? std::optional<bool>(it.ex) : std::nullopt});
  }
  return out;
}

// The baseline id each of the run's items is compared with: the baseline's item at the same position when both runs
// hold as many items; else, when the run's gold file is an expanded set, each item's jqe.seed_id. Empty and `why`
// set when neither applies.
std::vector<std::string> baseline_ids(const AppState& state, RunDelta& d) {
  std::vector<std::string> ids;
  if (d.run->items().size() == d.base->items().size()) {
    for (size_t i = 0; i < d.base->items().size(); ++i) ids.push_back(d.base->pairs()[i].id);
    d.align = "item";
    return ids;
  }
  const int gold = find_set(state, d.run->gold_name);
  if (gold < 0) {
    d.why = d.run->gold_name + " is no longer loaded";
    return ids;
  }
  const LoadedSet& set = state.eval_sets.sets[static_cast<size_t>(gold)];
  const auto text = read_file(set.path);
  if (!text.ok()) {
    d.why = "cannot read " + set.name + ": " + text.error();
    return ids;
  }
  auto seeds = study::expansion_seed_ids(*text, set.name);
  if (!seeds.ok()) {
    d.why = "the runs differ in items (" + std::to_string(d.base->items().size()) + " and " +
            std::to_string(d.run->items().size()) + ") and " + seeds.error();
    return ids;
  }
  if (seeds->size() != d.run->items().size()) {
    d.why = set.name + " has " + std::to_string(seeds->size()) + " items but the run evaluated " +
            std::to_string(d.run->items().size());
    return ids;
  }
  d.align = "seed_id";
  return std::move(*seeds);
}

}  // namespace

const RunDelta& run_delta(const AppState& state, RunDelta& cache, const std::shared_ptr<const MetricsRun>& run,
                          const std::shared_ptr<const MetricsRun>& base) {
  if (cache.run == run && cache.base == base) return cache;
  cache = RunDelta{};
  cache.run = run;
  cache.base = base;
  if (!run || !base) return cache;
  const auto ids = baseline_ids(state, cache);
  if (cache.align.empty()) return cache;
  auto compared = compare_to_baseline(item_ex(*base), item_ex(*run), ids);
  if (!compared.ok()) {
    cache.align.clear();
    cache.why = compared.error();
    return cache;
  }
  cache.table = compared->table;
  cache.unscored = compared->unscored;
  cache.unmatched = compared->unmatched.size();
  return cache;
}

void draw_run_delta(const RunDelta& d) {
  if (!d.run || !d.base) return;
  if (d.align.empty()) {
    ImGui::TextDisabled("delta EX against baseline %s: cannot be aligned: %s", d.base->label.c_str(), d.why.c_str());
    return;
  }
  const auto& t = d.table;
  if (d.align == "item")
    ImGui::Text(
        "delta EX against baseline %s, item by item (thesis Table 3.7 layout): mean %+.2f points over %zu items",
        d.base->label.c_str(), t.mean_delta(), t.n);
  else
    ImGui::Text(
        "delta EX of each expansion against its seed in %s (by jqe.seed_id; thesis Table 3.7): mean %+.2f "
        "points over %zu expansions",
        d.base->label.c_str(), t.mean_delta(), t.n);
  if (d.unscored + d.unmatched > 0)
    ImGui::TextDisabled(
        "left out: %zu not scored in one of the runs%s", d.unscored,
        d.unmatched ? (", " + std::to_string(d.unmatched) + " whose seed the baseline lacks").c_str() : "");
  if (ImGui::BeginTable("delta", 4, ImGuiTableFlags_Borders)) {
    for (const char* h : {"dEX = 1", "dEX = -1", "dEX = 0 | EX = 1", "dEX = 0 | EX = 0"}) ImGui::TableSetupColumn(h);
    table_headers_with_definitions();
    ImGui::TableNextRow();
    for (size_t c : {t.improved, t.degraded, t.kept_correct, t.kept_wrong}) {
      ImGui::TableNextColumn();
      ImGui::Text("%zu (%.1f%%)", c, t.percent(c));
    }
    ImGui::EndTable();
  }
}

nlohmann::json run_delta_json(const RunDelta& d) {
  const auto& t = d.table;
  return {{"align", d.align},
          {"why", d.why},
          {"n", t.n},
          {"plus", t.improved},
          {"minus", t.degraded},
          {"zero_correct", t.kept_correct},
          {"zero_wrong", t.kept_wrong},
          {"mean_delta", t.mean_delta()},
          {"unscored", d.unscored},
          {"unmatched", d.unmatched}};
}

}  // namespace chokepoint::web
