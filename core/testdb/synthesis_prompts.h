// SynSQL's four prompts (seed 002 A.11-A.14) in our words: prompts/synsql_select, synsql_expand, synsql_synthesize
// and synsql_critic. Schemas are shown as CREATE TABLE statements with their keys (core/schema/schema_ddl, the text
// the synthetic database is built from), column descriptions from tables.json's natural names where they say more
// than the name, and an empty hint as "(none given)". What the paper leaves to the implementer is filled here: the
// feedback paragraph, the one-shot example (in the template), and the critic's JSON answer shape.
#pragma once
#include <string>

#include "core/base/result.h"
#include "core/llm/prompt_template.h"
#include "core/schema/schema.h"

namespace chokepoint::testdb {

inline constexpr const char* kSelectTemplate = "synsql_select";
inline constexpr const char* kExpandTemplate = "synsql_expand";
inline constexpr const char* kSynthesizeTemplate = "synsql_synthesize";
inline constexpr const char* kCriticTemplate = "synsql_critic";

// "table.column: natural name" per column whose natural name differs from its spelling beyond case and '_' (a BIRD
// or Spider tables.json says "client segment" for client_segment: nothing new); "(none given)" when there is none.
std::string schema_descriptions(const Schema& schema);

Result<std::string> render_select_prompt(const PromptLibrary& library, const Schema& full, const std::string& question,
                                         const std::string& evidence);
Result<std::string> render_expand_prompt(const PromptLibrary& library, const Schema& full,
                                         const std::string& selected_columns);
// `feedback`: the previous round's (critic.h refinement_feedback), "" in the first round.
Result<std::string> render_synthesize_prompt(const PromptLibrary& library, const Schema& schema,
                                             const std::string& question, const std::string& evidence,
                                             const std::string& feedback);
// `data`: the validated rows as INSERT lines (synthetic_database.h validated_inserts_sql).
Result<std::string> render_critic_prompt(const PromptLibrary& library, const Schema& schema,
                                         const std::string& question, const std::string& evidence,
                                         const std::string& data);

}  // namespace chokepoint::testdb
