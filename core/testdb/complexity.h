// Schema complexity of a question as SynSQL A.1 measures it: the total number of columns of the tables the gold
// query reads (FROM and JOIN at every depth: subqueries, CTE bodies and compound arms; each table counted once), and
// the three buckets of Fig. 3 it falls in: Low 1-15, Medium 16-60, High 61+ columns.
#pragma once
#include <string>

#include "core/schema/schema.h"

namespace chokepoint::testdb {

enum class ComplexityBucket { Unknown, Low, Medium, High };  // Unknown: no columns (gold unparsed, no base table)
const char* complexity_bucket_name(ComplexityBucket b);      // "unknown", "low", "medium", "high"
constexpr ComplexityBucket kComplexityBuckets[] = {ComplexityBucket::Low, ComplexityBucket::Medium,
                                                   ComplexityBucket::High, ComplexityBucket::Unknown};

// 0 -> Unknown, 1-15 -> Low, 16-60 -> Medium, 61 and more -> High.
ComplexityBucket complexity_bucket(size_t gold_columns);

// Columns of the distinct base tables `gold_sql` reads, resolved against `schema` (case-insensitive, as SQLite);
// 0 when the gold does not parse or reads no table of the schema.
size_t gold_table_columns(const std::string& gold_sql, const Schema& schema);

}  // namespace chokepoint::testdb
