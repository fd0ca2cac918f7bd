// Which de-naturalised items a set keeps (SQLMorph §V): the renamed gold returns the original's rows (§V-C, "each
// item passes execution equivalence checks"), the system answered the original right (§V-C Alter SQL, "we discard
// original NL queries for which the system did not obtain EX = 1"; §V-D counts only O/O EX = 1 items), or both.
#pragma once
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/base/result.h"
#include "core/tqa/denaturalisation.h"

namespace chokepoint::tqa {

enum class DenatKeepRule {
  gold_result,  // the renamed gold gives the original's rows (the default)
  system_ex,    // the system's EX on the original (O/O) item is 1
  both,         // both hold: a kept item's O/L gold works and its O/O answer was right
};
const char* denat_keep_rule_name(DenatKeepRule r);  // "gold-result", "system-ex", "both"
Result<DenatKeepRule> denat_keep_rule_from_name(std::string_view name);

// Per-item EX of one system's run on the original set: item key -> EX = 1. An absent key has no EX (no prediction,
// or a gold that could not be scored) and is never kept by a rule that needs EX.
using ExByItem = std::map<std::string, bool>;

// Sets item.kept and item.reason by `rule` from item.same_gold_result / item.gold_reason and `ex`.
void apply_keep_rule(DenatItem& item, DenatKeepRule rule, const ExByItem& ex);

struct DenatDropped {
  size_t index = 0;  // in the items given
  std::string key;
  std::string reason;
};

// Invariants: kept and dropped partition the items' indices, each in item order.
struct DenatSelection {
  DenatKeepRule rule = DenatKeepRule::gold_result;
  std::vector<size_t> kept;
  std::vector<DenatDropped> dropped;
  size_t without_ex = 0;  // of the dropped, those the run had no EX for
};

// The rule over finished items (e.g. a DenatJob's results): which are kept, and why each other one is not. The items
// are not changed.
DenatSelection select_denat_items(const std::vector<DenatItem>& items, DenatKeepRule rule, const ExByItem& ex);

// {"rule", "items", "kept", "dropped", "without_ex", "kept_keys": [...], "dropped_items": [{"key", "reason"}]}
nlohmann::json denat_selection_json(const DenatSelection& s, const std::vector<DenatItem>& items);

}  // namespace chokepoint::tqa
