// SQLite's column affinity (datatype3.html §3.1): the kind of value a column prefers, read from its declared type.
// The random test databases type their values by it, and the SynSQL insert validation converts values as SQLite
// would store them.
#pragma once
#include <string>

namespace chokepoint {

enum class Affinity { Integer, Text, Blob, Real, Numeric };

// The declared type's affinity by SQLite's five rules, tried in their order ("CHARINT" is INTEGER, "" is BLOB,
// "DATE" is NUMERIC); the type compares in ASCII lower case.
Affinity affinity_of(const std::string& declared_type);

}  // namespace chokepoint
