// The schema-linking methods of 004 §4.5.2, as prompts to build and answers to read; the front end
// makes the calls (CallScheduler and its replay store) and hands the answers back, as for the judge. Every method
// shows the schema as SimpleDDL ("# table(col, ...);"), with its foreign keys when asked (the paper's w/ fk column):
//   zero-shot        prompts/link_zero_shot.mustache: rank every table (C3's prompt, our words); optional top-k cut
//   few-shot         prompts/link_few_shot.mustache: only the needed tables, after three demonstrations of ours
//   presql           the zero-shot text-to-SQL prompt of 004 §4.1 (SimpleDDL-MD-Chat, as the paper says PreSQL uses
//                    it); the tables and columns of the preliminary SQL are read by our parser and name resolution
//   few-shot+presql  both prompts; the union of the two retrievals
// A table-level answer retrieves every column of its tables (what a downstream prompt would show); PreSQL retrieves
// the columns its SQL names.
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "core/base/result.h"
#include "core/dataset/eval_set.h"
#include "core/linking/gold_schema_items.h"
#include "core/linking/linking_scores.h"
#include "core/llm/prompt_template.h"
#include "core/schema/schema.h"

namespace chokepoint::linking {

enum class LinkingMethod { ZeroShot, FewShot, PreSql, FewShotPreSql };
const char* linking_method_name(LinkingMethod m);  // "zero-shot", "few-shot", "presql", "few-shot+presql"
Result<LinkingMethod> linking_method_from_name(const std::string& name);

// One kind of prompt; few-shot+presql sends two per item.
enum class LinkingStep { ZeroShot, FewShot, PreSql };
const char* linking_step_name(LinkingStep s);  // "zero-shot", "few-shot", "presql"

struct LinkingOptions {
  LinkingMethod method = LinkingMethod::ZeroShot;
  bool foreign_keys = false;  // "foreign keys: a.x = b.y, ...;" after the tables
  size_t top_k = 0;           // zero-shot: keep the first k tables of the ranking; 0 keeps all
};

// The schema as every linking prompt shows it (runner::render_schema, SimpleDDL-MD).
std::string linking_schema_text(const Schema& schema, bool foreign_keys);

// The database of an item's db_id, or nullptr when there is none (the item is not asked and not scored).
using SchemaOf = std::function<const Schema*(const std::string& db_id)>;

struct LinkingAsk {
  size_t item = 0;  // index in the set
  LinkingStep step = LinkingStep::ZeroShot;
  std::string prompt;
};
// The prompts of a set, item by item (for few-shot+presql: few-shot, then presql). The question carries BIRD's
// evidence (runner::question_with_evidence). An error only when the prompts folder lacks a template.
Result<std::vector<LinkingAsk>> plan_linking(const EvalSet& set, const SchemaOf& schema_of,
                                             const PromptLibrary& library, const LinkingOptions& options);

// Reads a table list from a model's answer: the first JSON list in it (fences, prose around it and single quotes
// tolerated), else the quoted names, else the words of the answer; each kept when it names a table of the schema
// (case-insensitively, "table.column" counting as its table), in the order given, once. An error when no table of
// the schema is named.
Result<std::vector<std::string>> parse_table_list(const std::string& answer, const Schema& schema);
// PreSQL: the SQL of a chat answer (llm/sql_answer.h), then the items it uses; an error when there is no SQL or it
// does not parse.
Result<SchemaItems> parse_presql_answer(const std::string& answer, const Schema& schema);

enum class LinkOutcome {
  Linked,        // every answer was read
  Unreadable,    // an answer had no table list or no SQL: that part retrieved nothing
  NoAnswer,      // a call failed: that part retrieved nothing
  NoSchema,      // the database is unknown: not asked, not scored
  GoldUnusable,  // the gold query does not parse or reads no table: not scored
};
const char* link_outcome_name(LinkOutcome o);  // "linked", "unreadable", "no_answer", "no_schema", "gold_unusable"

struct LinkedItem {
  size_t item = 0;
  SchemaItems gold;       // from the gold query
  SchemaItems retrieved;  // tables in the method's order (union: few-shot's first), columns sorted
  LinkOutcome outcome = LinkOutcome::Linked;
  std::string note;  // why an answer was unreadable or missing, or why the item is not scored
};
// Every item of the set, with its gold and what the method retrieved from `answers` (answers[k] is asks[k]'s).
std::vector<LinkedItem> link_items(const EvalSet& set, const SchemaOf& schema_of, const std::vector<LinkingAsk>& asks,
                                   const std::vector<Result<std::string>>& answers, const LinkingOptions& options);
// The scored ones (gold usable, schema known) as score_linking's cases.
std::vector<LinkingCase> linking_cases(const std::vector<LinkedItem>& items);

}  // namespace chokepoint::linking
