// Shared inputs and output of the EX-based commands (see ex_inputs.h).
#include "cli/ex_inputs.h"

#include <iostream>
#include <set>

#include "core/base/file_text.h"
#include "core/base/json_dump.h"
#include "core/dataset/eval_set_loader.h"
#include "core/metrics/eval_pairs.h"
#include "core/metrics/execution_accuracy.h"

namespace chokepoint::cli {

Result<ExInputs> read_ex_inputs(const ArgReader& r) {
  ExInputs in;
  const std::string gold_path = r.get("--gold"), pred_path = r.get("--pred");
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
  const std::string semantics = r.get("--semantics");
  if (!semantics.empty()) {
    const auto named = ex_semantics_from_name(semantics);
    if (!named) return Error{"--semantics must be bird, spider or test-suite"};
    in.options.semantics = *named;
  }
  try {
    if (r.has("--timeout-ms")) in.options.limits.timeout_ms = std::stoi(r.get("--timeout-ms"));
  } catch (...) {
    return Error{"--timeout-ms takes a whole number"};
  }
  std::set<std::string> ids;
  for (const auto& p : in.pairs) ids.insert(p.db_id);
  auto open = open_databases(r.get("--db-root"), ids);
  if (!open.ok()) return Error{open.error()};
  in.open = std::move(*open);
  return in;
}

Result<ExInputs> read_ex_inputs_with_databases(const ArgReader& r) {
  auto in = read_ex_inputs(r);
  if (in.ok() && in->open.connections.empty() && !in->pairs.empty())
    return Error{"no database of the gold set could be opened under " + r.get("--db-root") +
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
