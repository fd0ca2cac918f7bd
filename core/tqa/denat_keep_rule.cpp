// The keep rules of de-naturalisation (see denat_keep_rule.h).
#include "core/tqa/denat_keep_rule.h"

namespace chokepoint::tqa {

const char* denat_keep_rule_name(DenatKeepRule r) {
  switch (r) {
    case DenatKeepRule::gold_result:
      return "gold-result";
    case DenatKeepRule::system_ex:
      return "system-ex";
    case DenatKeepRule::both:
      return "both";
  }
  return "?";
}

Result<DenatKeepRule> denat_keep_rule_from_name(std::string_view name) {
  for (DenatKeepRule r : {DenatKeepRule::gold_result, DenatKeepRule::system_ex, DenatKeepRule::both})
    if (name == denat_keep_rule_name(r)) return r;
  return Error{"unknown keep rule '" + std::string(name) + "' (use gold-result, system-ex or both)"};
}

void apply_keep_rule(DenatItem& item, DenatKeepRule rule, const ExByItem& ex) {
  item.kept = false;
  if (rule != DenatKeepRule::system_ex && !item.same_gold_result) {
    item.reason = item.gold_reason;
    return;
  }
  if (rule != DenatKeepRule::gold_result) {
    auto it = ex.find(item.original.key);
    if (it == ex.end()) {
      item.reason = "the run has no EX for this item";
      return;
    }
    if (!it->second) {
      item.reason = "the system did not answer the original correctly (EX = 0)";
      return;
    }
  }
  item.kept = true;
  item.reason.clear();
}

DenatSelection select_denat_items(const std::vector<DenatItem>& items, DenatKeepRule rule, const ExByItem& ex) {
  DenatSelection s;
  s.rule = rule;
  for (size_t i = 0; i < items.size(); ++i) {
    DenatItem judged = items[i];
    apply_keep_rule(judged, rule, ex);
    if (judged.kept) {
      s.kept.push_back(i);
      continue;
    }
    const bool gold_failed = rule != DenatKeepRule::system_ex && !items[i].same_gold_result;
    if (!gold_failed && !ex.count(items[i].original.key)) ++s.without_ex;
    s.dropped.push_back({i, items[i].original.key, judged.reason});
  }
  return s;
}

nlohmann::json denat_selection_json(const DenatSelection& s, const std::vector<DenatItem>& items) {
  nlohmann::json kept = nlohmann::json::array(), dropped = nlohmann::json::array();
  for (size_t i : s.kept)
    if (i < items.size()) kept.push_back(items[i].original.key);
  for (const auto& d : s.dropped) dropped.push_back({{"key", d.key}, {"reason", d.reason}});
  return {{"rule", denat_keep_rule_name(s.rule)},
          {"items", s.kept.size() + s.dropped.size()},
          {"kept", s.kept.size()},
          {"dropped", s.dropped.size()},
          {"without_ex", s.without_ex},
          {"kept_keys", kept},
          {"dropped_items", dropped}};
}

}  // namespace chokepoint::tqa
