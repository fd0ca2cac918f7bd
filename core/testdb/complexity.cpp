// Gold table columns and complexity buckets (see complexity.h).
#include "core/testdb/complexity.h"

#include <set>

#include "core/base/text.h"
#include "core/sql/name_resolution.h"
#include "core/sql/parser.h"

namespace chokepoint::testdb {

const char* complexity_bucket_name(ComplexityBucket b) {
  switch (b) {
    case ComplexityBucket::Low:
      return "low";
    case ComplexityBucket::Medium:
      return "medium";
    case ComplexityBucket::High:
      return "high";
    case ComplexityBucket::Unknown:
      break;
  }
  return "unknown";
}

ComplexityBucket complexity_bucket(size_t gold_columns) {
  if (gold_columns == 0) return ComplexityBucket::Unknown;
  if (gold_columns <= 15) return ComplexityBucket::Low;
  if (gold_columns <= 60) return ComplexityBucket::Medium;
  return ComplexityBucket::High;
}

size_t gold_table_columns(const std::string& gold_sql, const Schema& schema) {
  auto tree = sql::parse_sql(gold_sql);
  if (!tree.ok()) return 0;
  const sql::NameResolution names = sql::resolve_names(**tree, schema);
  std::set<std::string> seen;
  size_t columns = 0;
  for (const auto& inst : names.instances) {
    if (inst.derived || !inst.known) continue;
    const Table* t = schema.find_table(inst.table);
    if (t && seen.insert(to_lower_ascii(t->name)).second) columns += t->columns.size();
  }
  return columns;
}

}  // namespace chokepoint::testdb
