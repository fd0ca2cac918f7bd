// The table list each item's retrieval returned, keyed by the item's key: what thesis Table 4.9 checks the linker
// table against (tqa::linker_table_presence reads this map). Plain strings, so the TQA module needs no linking type.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "core/base/result.h"
#include "core/dataset/eval_set.h"
#include "core/linking/column_retrieval.h"
#include "core/linking/linking_methods.h"

namespace chokepoint::linking {

// `retrieval`: for each item, TCSL's first-step tables when it picked any (the thesis' "schema linker that first
// extracts tables"), else the tables of the retrieved columns (SCSL, Full-Schema) in the order they first appear;
// an item whose answer was read but named nothing maps to an empty list (a miss). Items with no retrieval at all
// (no answer, unknown database, or nothing retrieved for an unusable gold) are left out.
std::map<std::string, std::vector<std::string>> retrieved_tables_by_key(const EvalSet& set,
                                                                        const std::vector<RetrievedItem>& retrieval,
                                                                        const SchemaOf& schema_of);
// `link`: the retrieved tables of each item; the same rule for items that retrieved nothing.
std::map<std::string, std::vector<std::string>> retrieved_tables_by_key(const EvalSet& set,
                                                                        const std::vector<LinkedItem>& linking);

// What `chokepoint link` or `chokepoint retrieval` wrote (--out: {"items": [{"id", "outcome", "retrieved_tables",
// ...}]}) read back under the same rule: an item answered ("linked" or "unreadable") maps to its tables, even none;
// the others are left out. A retrieval report must hold one variant and one approach (its items name them). A file
// of another shape is refused with what is wrong, named after `source`.
Result<std::map<std::string, std::vector<std::string>>> retrieved_tables_from_report(const std::string& text,
                                                                                     const std::string& source);

// The table of a "table.column" name in schema spelling: the longest table of `schema` it starts with followed by
// a dot ("" when none), so dotted table names are read whole.
std::string table_of_column(const std::string& column, const Schema& schema);

}  // namespace chokepoint::linking
