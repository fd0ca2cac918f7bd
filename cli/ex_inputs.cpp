// Shared inputs and output of the EX-based commands (see ex_inputs.h).
#include "cli/ex_inputs.h"

#include <iostream>
#include <set>

#include "cli/missing_databases.h"
#include "core/base/file_text.h"
#include "core/base/json_dump.h"
#include "core/dataset/eval_set_loader.h"
#include "core/metrics/eval_pairs.h"
#include "core/metrics/execution_accuracy.h"

namespace chokepoint::cli {

Result<ExInputs> read_ex_inputs(const FlagValues& r) {
  ExInputs in;
  const std::string gold_path = r.text("--gold"), pred_path = r.text("--pred");
  auto gold = load_eval_set(gold_path);
  if (!gold.ok()) return Error{gold_path + ": " + gold.error()};
  auto pred = load_eval_set(pred_path);
  if (!pred.ok()) return Error{pred_path + ": " + pred.error()};
  auto pairs = pair_gold_with_predictions(*gold, *pred);
  if (!pairs.ok()) return Error{pairs.error()};
  in.gold = std::move(*gold);
  in.pairs = std::move(*pairs);
  in.options.regimes = {};  // EX decides what failed; the fine-grained metrics are not needed
  in.options.semantics = semantics_of_format(in.gold.format).value_or(ExSemantics::Bird);
  if (r.has("--semantics")) in.options.semantics = *ex_semantics_from_name(r.text("--semantics"));
  if (r.has("--timeout-ms")) in.options.limits.timeout_ms = static_cast<int>(r.integer("--timeout-ms"));
  std::vector<std::string> item_db_ids;
  for (const auto& p : in.pairs) item_db_ids.push_back(p.db_id);
  auto skipped = require_databases(r.text("--db-root"), item_db_ids, r.has("--skip-missing"));
  if (!skipped.ok()) return Error{skipped.error()};
  in.skipped_no_database = skipped->items;
  std::set<std::string> ids;
  for (const auto& p : in.pairs) ids.insert(p.db_id);
  auto open = open_databases(r.text("--db-root"), ids);
  if (!open.ok()) return Error{open.error()};
  in.open = std::move(*open);
  return in;
}

Result<ExInputs> read_ex_inputs_with_databases(const FlagValues& r) {
  auto in = read_ex_inputs(r);
  if (in.ok() && in->open.connections.empty() && !in->pairs.empty())
    return Error{"no database of the gold set could be opened under " + r.text("--db-root") +
                 " (expected DIR/<db_id>/<db_id>.sqlite)"};
  return in;
}

int finish_report(const std::string& path, const nlohmann::json& summary, nlohmann::json items) {
  nlohmann::json report = summary;
  report["items"] = std::move(items);
  if (auto st = write_file(path, dump_json(report, 2) + "\n"); !st.ok()) return fail_input(st.error());
  std::cout << dump_json(summary, 2) << "\n";
  return 0;
}

}  // namespace chokepoint::cli
