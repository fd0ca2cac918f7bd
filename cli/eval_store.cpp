// Storing an eval run: its settings as JSON, its items as evaluated, its timestamp from the system clock.
#include "cli/eval_store.h"

#include <ctime>

#include <nlohmann/json.hpp>

#include "cli/shard.h"
#include "core/base/json_dump.h"
#include "core/metrics/execution_accuracy.h"

namespace chokepoint::cli {

std::string utc_timestamp() {
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return buf;
}

Result<runs::RunStore> open_store_for_eval(const std::string& path) {
  return runs::RunStore::open(path, runs::RunStore::OpenMode::CreateIfMissing);
}

Result<int64_t> store_eval_run(runs::RunStore& store, const Args& args, const std::string& label,
                               const EvaluationOptions& options, const std::string& em_mode,
                               const std::vector<EvalPair>& pairs, const std::vector<ItemEvaluation>& items) {
  Args arguments;
  const Args reported = report_arguments(args);
  for (size_t i = 0; i < reported.size(); ++i) {
    if (reported[i] == "--store" || reported[i] == "--run-label") {
      ++i;
      continue;
    }
    if (reported[i].rfind("--store=", 0) == 0 || reported[i].rfind("--run-label=", 0) == 0) continue;
    arguments.push_back(reported[i]);
  }
  nlohmann::json regimes = nlohmann::json::array();
  for (const auto& r : options.regimes) regimes.push_back(r.name());
  const nlohmann::json settings = {{"version", CHOKEPOINT_VERSION},
                                   {"arguments", arguments},
                                   {"semantics", ex_semantics_name(options.semantics)},
                                   {"regimes", regimes},
                                   {"timeout_ms", options.limits.timeout_ms},
                                   {"max_rows", options.limits.max_rows},
                                   {"max_value_bytes", options.limits.max_value_bytes},
                                   {"max_result_bytes", options.limits.max_result_bytes},
                                   {"test_suite", options.test_suite},
                                   {"tie_aware", options.tie_aware},
                                   {"abs_tol", options.abs_tolerance},
                                   {"rel_tol", options.rel_tolerance},
                                   {"em", em_mode},
                                   {"sc_embedding", options.columns.embedding_label}};
  runs::NewRun run;
  run.created_at = utc_timestamp();
  run.label = label;
  run.settings_json = dump_json(settings);
  run.regimes = options.regimes;
  run.pairs = pairs;
  run.items.reserve(items.size());
  for (const auto& it : items) {  // without the kept results and comparisons (--explain), which are not stored
    ItemEvaluation kept = it;
    kept.gold_result = {};
    kept.pred_result = {};
    kept.comparisons.clear();
    run.items.push_back(std::move(kept));
  }
  return store.add_run(run);
}

}  // namespace chokepoint::cli
