// The provenance of SynSQL databases as JSON: per question, what the selector chose and why
// (answers, reduced DDL, the columns the key rule added), each round's synthesizer answer, validation changes, critic
// scores and feedback, and the outcome; over a run, the per-criterion averages and counts the CLI prints and the app
// shows. The front end adds what only it knows (model, replay keys, file paths, the gold query's rows).
#pragma once
#include <vector>

#include <nlohmann/json.hpp>

#include "core/testdb/synthesis_loop.h"

namespace chokepoint::testdb {

// {outcome, note, method, schema_source, expansion, critic and selector: {...} (SynSQL), schema_ddl, columns,
// rounds: [...], chosen_round, calls}.
nlohmann::ordered_json synthesis_item_json(const SynthesisLoop& loop);

// Over finished loops: {items, accepted, not_accepted, generated, failed, rounds_used, mean_rounds, mean_columns,
// criteria: {name: mean score of the chosen rounds that were reviewed}, criteria_items}.
nlohmann::ordered_json synthesis_summary_json(const std::vector<const SynthesisLoop*>& loops);

}  // namespace chokepoint::testdb
