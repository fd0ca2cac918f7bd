// Which parts of a BIRD evidence are database values or schema attributes rather than prose (thesis §4.2,
// Algorithm 2 line 18: "remove DB values/attributes" so augmentation never alters them and they never count as
// references). Excluded: quoted values ('i', "cl", `name`), identifier-like runs (table.column, snake_case,
// CamelCase), function calls (COUNT(...)), and, in the value part of a definition ("x refers to y", "x = y",
// "x means y", up to the next ';'), every word that names a table or column of the schema.
#pragma once
#include <string_view>
#include <vector>

#include "core/schema/schema.h"

namespace chokepoint::tqa {

struct TextSpan {
  size_t begin = 0;  // byte offsets, [begin, end)
  size_t end = 0;
  bool contains(size_t offset) const { return offset >= begin && offset < end; }
};

// Sorted, non-overlapping spans of `evidence` to ignore.
std::vector<TextSpan> evidence_exclusions(std::string_view evidence, const Schema& schema);

}  // namespace chokepoint::tqa
