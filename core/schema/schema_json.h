// The table summary of a Schema as JSON: tables with columns (name, type), primary key, foreign keys and row
// counts. The CLI's `db info` prints it and the app reads it, so both show the same facts.
#pragma once
#include <nlohmann/json.hpp>

#include "core/schema/schema.h"

namespace chokepoint {

nlohmann::json schema_to_json(const Schema& schema);

}  // namespace chokepoint
