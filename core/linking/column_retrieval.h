// The column retrievers of SQLMorph's stage-level analysis (001 §VII-b, Table VIII, after Maamari et al. [25]), as
// prompts to build and answers to read; the front end makes the calls, as for `chokepoint link`:
//   full-schema  no filtering: every column of the schema, no call
//   tcsl         Table-then-Column: prompts/retrieve_tables.mustache picks the tables (the schema as SimpleDDL), then
//                prompts/retrieve_columns_in_tables.mustache picks columns among the picked tables' only (two calls)
//   scsl         Single-Column: prompts/retrieve_columns.mustache picks from every column, listed as table.column
// The retrieved columns are scored against the gold query's (gold_schema_items) by score_retrieval: FPR and SLR.
#pragma once
#include <string>
#include <vector>

#include "core/base/result.h"
#include "core/dataset/eval_set.h"
#include "core/linking/gold_schema_items.h"
#include "core/linking/linking_methods.h"
#include "core/linking/linking_scores.h"
#include "core/llm/prompt_template.h"
#include "core/schema/schema.h"

namespace chokepoint::linking {

enum class RetrievalApproach { FullSchema, Tcsl, Scsl };
const char* retrieval_approach_name(RetrievalApproach a);  // "full-schema", "tcsl", "scsl"
Result<RetrievalApproach> retrieval_approach_from_name(const std::string& name);

// One kind of prompt: TCSL sends Tables then ColumnsInTables, SCSL sends Columns.
enum class RetrievalStep { Tables, ColumnsInTables, Columns };
const char* retrieval_step_name(RetrievalStep s);  // "tables", "columns-in-tables", "columns"

struct RetrievalOptions {
  bool foreign_keys = false;  // each prompt adds the foreign keys among the tables it shows
};

// SCSL's view of a schema: one "- table.column (TYPE)" line per column in declaration order (the type left out when
// undeclared), then "Foreign keys: a.x = b.y, ..." when asked.
std::string column_listing(const Schema& schema, bool foreign_keys);
// The schema cut down to `tables` (schema order, unknown names skipped), keeping the foreign keys among them: what
// TCSL's second prompt shows.
Schema schema_of_tables(const Schema& schema, const std::vector<std::string>& tables);

struct RetrievalAsk {
  size_t item = 0;  // index in the set
  RetrievalStep step = RetrievalStep::Tables;
  std::string prompt;
  std::vector<std::string> tables;  // ColumnsInTables: the tables the first step picked (schema spelling)
};
// The first round of prompts, item by item: TCSL's table prompts or SCSL's column prompts (none for Full-Schema, and
// none for an item whose database is unknown). The question carries BIRD's evidence. An error only when the prompts
// folder lacks a template.
Result<std::vector<RetrievalAsk>> plan_retrieval(const EvalSet& set, const SchemaOf& schema_of,
                                                 const PromptLibrary& library, RetrievalApproach approach,
                                                 const RetrievalOptions& options);
// TCSL's second round: for each Tables ask of `first` whose answer names tables (parse_table_list), the prompt for
// the columns of those tables. answers[k] is first[k]'s; failed and unreadable answers get no second prompt.
Result<std::vector<RetrievalAsk>> plan_column_step(const EvalSet& set, const SchemaOf& schema_of,
                                                   const PromptLibrary& library, const std::vector<RetrievalAsk>& first,
                                                   const std::vector<Result<std::string>>& answers,
                                                   const RetrievalOptions& options);

// Columns read from an answer, in schema spelling ("table.column"), in the order given, once each; `dropped` holds
// the names written as columns that were not kept (unknown, ambiguous, or of a table outside `within`).
struct ColumnList {
  std::vector<std::string> columns;
  std::vector<std::string> dropped;
};
// Reads a column list from a model's answer, forgivingly but without guessing. Code fences are ignored. First the
// bracketed lists: the first one naming a column is taken, elements split at commas and line breaks outside quotes;
// a list after a table key (`{"atom": ["element", ...], "bond": [...]}`) qualifies its bare elements with that table
// and the following keyed lists are taken too. Without such a list, each line (bullets and numbering cut) is split
// at commas; a piece is a name, optionally followed by ": why" or " - why"; prose is searched for dotted names. A
// name is table.column (each part may be quoted "..", `..`, '..' or [..]; names with spaces or dots are tried at
// every dot), table.* (all its columns), or a bare column that exactly one allowed table has. `within` (TCSL's
// picked tables) limits the allowed tables; empty allows the whole schema. `dropped` counts the list elements not
// kept and, outside lists, the names written as table.column that are not kept (a lone word or prose is not counted;
// in prose only a dotted name whose table exists). An error when no column is read.
Result<ColumnList> parse_column_list(const std::string& answer, const Schema& schema,
                                     const std::vector<std::string>& within = {});

struct RetrievedItem {
  size_t item = 0;
  SchemaItems gold;                  // from the gold query
  std::vector<std::string> tables;   // TCSL: the tables its first step picked
  std::vector<std::string> columns;  // retrieved, "table.column" in schema spelling, sorted case-insensitively
  size_t dropped = 0;                // names in the answers that named no allowed column
  LinkOutcome outcome = LinkOutcome::Linked;
  std::string note;  // why an answer was unreadable or missing, or why the item is not scored
};
// Every item of the set with its gold and its retrieval. `asks` and `answers` are both rounds (any order; answers[k]
// is asks[k]'s). Full-Schema retrieves every column of the schema. An item whose gold query does not parse or names
// no column is GoldUnusable; an unknown database NoSchema.
std::vector<RetrievedItem> retrieve_items(const EvalSet& set, const SchemaOf& schema_of, RetrievalApproach approach,
                                          const std::vector<RetrievalAsk>& asks,
                                          const std::vector<Result<std::string>>& answers);
// The scored ones as score_retrieval's cases (gold and retrieved columns; tables are not scored here).
std::vector<LinkingCase> retrieval_cases(const std::vector<RetrievedItem>& items);

}  // namespace chokepoint::linking
