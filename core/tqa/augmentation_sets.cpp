// The sets and the report of a finished augmentation run.
#include "core/tqa/augmentation_sets.h"

namespace chokepoint::tqa {

std::vector<const ItemLinkerAnalysis*> augmented_items(const std::vector<ItemLinkerAnalysis>& analyses) {
  std::vector<const ItemLinkerAnalysis*> out;
  for (const auto& a : analyses)
    if (a.linker && a.references.question_tokens() + a.references.evidence_tokens() > 0) out.push_back(&a);
  return out;
}

AugmentationSets augmentation_sets(const AugmentationJob& job, const std::vector<ItemLinkerAnalysis>& analyses,
                                   const std::vector<Strategy>& strategies) {
  AugmentationSets out;
  for (const auto* a : augmented_items(analyses)) out.original.items.push_back(a->item);
  for (auto s : strategies) {
    EvalSet variant;
    for (const auto& res : job.results()) {
      if (res.strategy != s || !res.source) continue;
      EvalItem item = res.source->item;
      item.question = res.new_question;
      item.evidence = res.new_evidence;
      variant.items.push_back(item);
      out.failed += res.errors.empty() ? 0 : 1;
      nlohmann::json hiding_q = nlohmann::json::array(), hiding_e = nlohmann::json::array();
      for (const auto& h : res.hiding.question) hiding_q.push_back(h ? nlohmann::json(*h) : nlohmann::json());
      for (const auto& h : res.hiding.evidence) hiding_e.push_back(h ? nlohmann::json(*h) : nlohmann::json());
      out.items_detail.push_back({{"id", item.key},
                                  {"db_id", item.db_id},
                                  {"strategy", strategy_code(s)},
                                  {"linker_table", res.source->linker ? res.source->linker->table : ""},
                                  {"question", res.source->item.question},
                                  {"new_question", res.new_question},
                                  {"evidence", res.source->item.evidence},
                                  {"new_evidence", res.new_evidence},
                                  {"question_rewritten", res.question_rewritten},
                                  {"evidence_rewritten", res.evidence_rewritten},
                                  {"hiding_question", hiding_q},
                                  {"hiding_evidence", hiding_e},
                                  {"errors", res.errors}});
    }
    out.variants.emplace_back(strategy_code(s), std::move(variant));
  }
  return out;
}

nlohmann::ordered_json augmentation_summary(const AugmentationJob& job, const AugmentationSets& sets,
                                            const AugmentationCounts& counts) {
  nlohmann::ordered_json summary;
  summary["items"] = counts.items;
  summary["linker_items"] = counts.linker_items;
  summary["augmented"] = sets.original.items.size();
  nlohmann::ordered_json codes = nlohmann::ordered_json::array();
  for (auto s : counts.strategies) codes.push_back(strategy_code(s));
  summary["strategies"] = codes;
  summary["hiding_rule"] = hiding_rule_name(counts.hiding_rule);
  summary["hiding"] = job.hiding_table();
  summary["attributes"] = job.attribute_table();
  summary["failed_rewrites"] = sets.failed;
  return summary;
}

nlohmann::ordered_json augmentation_report(nlohmann::ordered_json summary, const AugmentationSets& sets,
                                           const std::string& gold, const std::string& model) {
  summary["gold"] = gold;
  summary["model"] = model;
  summary["items_detail"] = sets.items_detail;
  return summary;
}

}  // namespace chokepoint::tqa
