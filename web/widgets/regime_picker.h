// The metric options two panels share (Predictions & metrics, Mutation lab): EX semantics as a combo over the
// core's enum, and the EXP/EXR regimes as one checkbox per regime of all_regimes(), kept in that order.
#pragma once
#include <functional>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/base/result.h"
#include "core/metrics/execution_accuracy.h"
#include "core/metrics/regime.h"

namespace chokepoint::web {

// True when the user changed it. The mutation lab runs its mutants itself and has no test-suite rewrites: it asks
// without the test-suite choice. With `same_line`, on the line of the controls before it when it fits there.
bool draw_semantics_combo(ExSemantics& semantics, bool with_test_suite = true, bool same_line = false);
// `after_each` draws extra widgets after a regime's checkbox (the metrics panel's definition tooltip).
void draw_regime_picker(std::vector<Regime>& chosen, const std::function<void(const Regime&)>& after_each = nullptr);

// Page commands: "bird" | "spider", and a list of regime names ("EC-EC-IE", ...) in any order.
Result<ExSemantics> semantics_from_json(const nlohmann::json& name, bool with_test_suite = true);
Result<std::vector<Regime>> regimes_from_json(const nlohmann::json& names);

}  // namespace chokepoint::web
