#include "cli/eval_baseline.h"

#include <cmath>

#include "cli/seed_ids.h"
#include "core/base/file_text.h"
#include "core/metrics/baseline_comparison.h"

namespace chokepoint::cli {
namespace {

// The items of an eval report: id, and EX when scored.
Result<std::vector<RunItemEx>> read_report_items(const std::string& path) {
  auto text = read_file(path);
  if (!text.ok()) return Error{text.error()};
  const auto j = nlohmann::json::parse(*text, nullptr, false);
  if (!j.is_object() || !j.contains("items") || !j["items"].is_array())
    return Error{path + ": not a report of chokepoint eval (no \"items\" list)"};
  std::vector<RunItemEx> out;
  for (size_t i = 0; i < j["items"].size(); ++i) {
    const auto& it = j["items"][i];
    if (!it.is_object() || !it.contains("id") || !it["id"].is_string() || !it.contains("status"))
      return Error{path + ": item " + std::to_string(i) + " has no id or status"};
    RunItemEx x{it["id"].get<std::string>(), std::nullopt};
    if (it["status"] == "scored") {
      if (!it.contains("ex") || !it["ex"].is_number_integer())
        return Error{path + ": scored item '" + x.id + "' has no ex"};
      x.ex = it["ex"].get<int>() != 0;
    }
    out.push_back(std::move(x));
  }
  return out;
}

}  // namespace

Result<nlohmann::json> compare_with_baseline(const std::string& baseline_path, const std::string& align,
                                             const std::string& gold_path, const std::vector<ItemEvaluation>& items,
                                             const std::vector<size_t>& positions) {
  auto baseline = read_report_items(baseline_path);
  if (!baseline.ok()) return Error{"--baseline: " + baseline.error()};
  std::vector<RunItemEx> run;
  std::vector<std::string> ids;
  std::vector<std::string> seeds;
  if (align == "seed_id") {
    auto read = read_seed_ids(gold_path);
    if (!read.ok()) return Error{"--align seed_id: " + read.error()};
    seeds = std::move(*read);
  }
  for (size_t k = 0; k < items.size(); ++k) {
    const auto& it = items[k];
    run.push_back({it.id, it.status == ItemStatus::Scored ? std::optional<bool>(it.ex) : std::nullopt});
    if (align != "seed_id") {
      ids.push_back(it.id);
      continue;
    }
    const size_t at = k < positions.size() ? positions[k] : k;
    if (at >= seeds.size()) return Error{"--align seed_id: the gold set has fewer items than were evaluated"};
    ids.push_back(seeds[at]);
  }
  auto c = compare_to_baseline(*baseline, run, ids);
  if (!c.ok()) return Error{"--baseline: " + baseline_path + ": " + c.error()};
  nlohmann::json named = nlohmann::json::array();
  for (size_t i = 0; i < c->unmatched.size() && i < 10; ++i) named.push_back(c->unmatched[i]);
  const auto& t = c->table;
  return nlohmann::json{{"file", baseline_path},
                        {"align", align},
                        {"n", t.n},
                        {"plus", t.improved},
                        {"minus", t.degraded},
                        {"zero_correct", t.kept_correct},
                        {"zero_wrong", t.kept_wrong},
                        {"mean_delta", std::round(t.mean_delta() * 100) / 100},
                        {"unscored", c->unscored},
                        {"unmatched", c->unmatched.size()},
                        {"unmatched_ids", named}};
}

}  // namespace chokepoint::cli
