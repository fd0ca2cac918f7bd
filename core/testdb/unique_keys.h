// The UNIQUE constraints of a live database (Schema records primary and foreign keys only): what SynSQL's
// validation checks besides the primary key (§2.4 rule 2) when a synthetic database copies an original's schema.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "core/base/result.h"
#include "core/db/connection.h"
#include "core/schema/schema.h"

namespace chokepoint::testdb {

// Table name -> the column lists of its unique indexes (UNIQUE constraints and CREATE UNIQUE INDEX; the primary
// key's own index left out), in index order. Partial and expression indexes are left out: they constrain only some
// rows, or no column.
Result<std::map<std::string, std::vector<std::vector<std::string>>>> unique_keys_of(const Connection& db,
                                                                                    const Schema& schema);

}  // namespace chokepoint::testdb
