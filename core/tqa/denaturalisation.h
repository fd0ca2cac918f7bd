// De-naturalised variants of an evaluation set (SQLMorph §V): for each item, the gold SQL rewritten for the renamed
// database (kept only if it returns the same rows as the original on the original database), and the question and
// evidence with their schema mentions rewritten. Four settings come out of one item: O/O (original text, original
// SQL and database), L/O (less-natural text, original SQL and database), O/L (original text, renamed SQL and
// database), L/L (both). The text side is rewritten by the LLM (prompts tqa_denat_question / tqa_denat_evidence);
// without one, by a deterministic rewrite of exact mentions, labelled as such.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "core/base/result.h"
#include "core/dataset/eval_set.h"
#include "core/db/connection.h"
#include "core/lexicon/lexicon.h"
#include "core/llm/prompt_template.h"
#include "core/schema/schema.h"
#include "core/tqa/augmentation_prompts.h"
#include "core/tqa/rename_plan.h"

namespace chokepoint::tqa {

enum class DenatSetting { OO, LO, OL, LL };
const char* denat_setting_name(DenatSetting s);  // "O/O", "L/O", "O/L", "L/L"
const char* denat_setting_file(DenatSetting s);  // "O_O", "L_O", "O_L", "L_L"
// The four settings in Table VII's order.
inline constexpr DenatSetting kDenatSettings[] = {DenatSetting::OO, DenatSetting::LO, DenatSetting::OL,
                                                  DenatSetting::LL};

struct DenatItem {
  EvalItem original;
  std::string less_natural_sql;       // the gold SQL for the renamed database
  std::string less_natural_question;  // schema mentions rewritten
  std::string less_natural_evidence;
  std::string text_method;  // "llm" or "deterministic mention rewrite"
  // The gold check (SQLMorph §V-C): the renamed SQL returns the original's rows on the renamed database.
  bool same_gold_result = false;
  std::string gold_reason;  // why the check failed ("" when it passed)
  // Kept by the job's rule (denat_keep_rule.h; by default the gold check alone, so kept == same_gold_result).
  bool kept = false;
  std::string reason;  // why not kept

  // The item as it appears in a setting's set.
  EvalItem in_setting(DenatSetting s) const;
};

// The kept items in one setting, as a BIRD-format set, in the items' order. `renamed_db_id`, when not empty, becomes
// the db_id of the O/L and L/L items: the app keeps the renamed database beside its source under its own name, while
// the CLI writes it in a folder of its own under the source's name.
EvalSet denat_setting_set(const std::vector<DenatItem>& items, DenatSetting s, const std::string& renamed_db_id = "");

// SQL side of one item: rename through the AST, run original SQL on `original_db` and the renamed SQL on
// `renamed_db`, compare the rows. The text fields are left to the caller.
DenatItem denaturalise_sql(const EvalItem& item, const Schema& schema, const RenamePlan& plan,
                           const Connection& original_db, const Connection& renamed_db, const QueryLimits& limits = {});

// The deterministic text fallback: outside quotes, an identifier-like word equal to a renamed table or column
// (case-insensitive) takes the new name; with a lexicon, so does a word whose lemma is a renamed one-word name
// ("atoms" -> the new name of `atom`).
std::string rewrite_mentions(std::string_view text, const RenamePlan& plan, const Lexicon* lex);

// The prompts' {{renames}} variable: "table old -> new" and "column table.old -> new" lines, schema order.
std::string renames_variable(const RenamePlan& plan);

// The LLM prompt rewriting one side (`question` is the already rewritten question for the evidence prompt).
Result<std::string> render_denat_prompt(const PromptLibrary& library, TextSide side, const RenamePlan& plan,
                                        const std::string& question, const std::string& evidence);

}  // namespace chokepoint::tqa
