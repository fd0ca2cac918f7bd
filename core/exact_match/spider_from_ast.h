// Spider's parsed-SQL structure built from our own AST (core/sql parser plus name resolution), for the `ours` mode of
// exact match: every query our parser reads gets a structure, mapped the way process_sql.py would read the same
// query where it can (decisions.md §12 lists the mappings for what Spider's parser rejects).
#pragma once
#include <string_view>

#include "core/base/result.h"
#include "core/exact_match/spider_sql.h"
#include "core/schema/schema.h"
#include "core/sql/ast.h"

namespace chokepoint::em {

// `query` is a Select or Compound (with its WITH clause). Never fails on a tree the parser built; columns that do not
// resolve keep their written name ("__t1.name__"), expressions Spider has no place for become placeholder columns.
SpiderSql spider_sql_from_ast(const sql::Node& query, const Schema& schema);

// Parses with core/sql and builds; the error is the parser's.
Result<SpiderSql> spider_sql_from_text(std::string_view sql, const Schema& schema);

}  // namespace chokepoint::em
