#include "cli/denat_keep.h"

#include "cli/parallel_evaluation.h"
#include "core/dataset/eval_set_loader.h"
#include "core/metrics/eval_pairs.h"

namespace chokepoint::cli {

Result<tqa::ExByItem> system_ex_by_item(const EvalSet& gold, const std::string& pred_path, const std::string& db_root,
                                        int timeout_ms) {
  auto pred = load_eval_set(pred_path);
  if (!pred.ok()) return Error{pred_path + ": " + pred.error()};
  auto pairs = pair_gold_with_predictions(gold, *pred);
  if (!pairs.ok()) return Error{pred_path + ": " + pairs.error()};
  EvaluationOptions options;
  options.semantics = ExSemantics::Bird;
  options.regimes.clear();
  options.limits.timeout_ms = timeout_ms;
  auto items = evaluate_in_parallel(*pairs, db_root, options, 1);
  if (!items.ok()) return Error{items.error()};
  return ex_by_pair_id(*pairs, *items);
}

}  // namespace chokepoint::cli
