// Rendering SynSQL's prompts (see synthesis_prompts.h).
#include "core/testdb/synthesis_prompts.h"

#include <cctype>

#include "core/schema/schema_ddl.h"
#include "core/testdb/critic.h"

namespace chokepoint::testdb {
namespace {

const PromptTemplate* find(const PromptLibrary& library, const char* name, std::string& error) {
  const PromptTemplate* t = library.find(name);
  if (!t) error = std::string("the prompts folder has no template ") + name;
  return t;
}

std::string hint_text(const std::string& evidence) {
  return evidence.find_first_not_of(" \t\r\n") == std::string::npos ? "(none given)" : evidence;
}

// Letters and digits only, lower case: "client segment" and "client_segment" say the same.
std::string bare(const std::string& s) {
  std::string out;
  for (unsigned char c : s)
    if (std::isalnum(c)) out += static_cast<char>(std::tolower(c));
  return out;
}

const char* criterion_question(CriticCriterion c) {
  switch (c) {
    case CriticCriterion::HintAlignment:
      return "does the data follow what the hint says about the question (its definitions, values and formulas)?";
    case CriticCriterion::KeyIntegrity:
      return "are key values unique, and does every foreign key value exist in the table it references?";
    case CriticCriterion::SchemaCoverage:
      return "does the data fill the columns and relationships of the schema that the question depends on?";
    case CriticCriterion::Complexity:
      return "are there edge cases and near misses that make the question hard to answer by accident?";
    case CriticCriterion::Variety:
      return "do the values vary enough (categories, dates, amounts) to cover different situations?";
    case CriticCriterion::Relevance:
      return "is the data about what the question asks, so that the right query returns a meaningful answer?";
  }
  return "";
}

}  // namespace

std::string schema_descriptions(const Schema& schema) {
  std::string s;
  for (const auto& t : schema.tables)
    for (const auto& c : t.columns)
      if (!c.natural_name.empty() && bare(c.natural_name) != bare(c.name))
        s += t.name + "." + c.name + ": " + c.natural_name + "\n";
  if (s.empty()) return "(none given)";
  s.pop_back();
  return s;
}

Result<std::string> render_select_prompt(const PromptLibrary& library, const Schema& full, const std::string& question,
                                         const std::string& evidence) {
  std::string error;
  const PromptTemplate* t = find(library, kSelectTemplate, error);
  if (!t) return Error{error};
  return render_prompt(*t, {{"schema", schema_to_ddl(full)},
                            {"descriptions", schema_descriptions(full)},
                            {"question", question},
                            {"hint", hint_text(evidence)}});
}

Result<std::string> render_expand_prompt(const PromptLibrary& library, const Schema& full,
                                         const std::string& selected_columns) {
  std::string error;
  const PromptTemplate* t = find(library, kExpandTemplate, error);
  if (!t) return Error{error};
  return render_prompt(
      *t,
      {{"schema", schema_to_ddl(full)}, {"descriptions", schema_descriptions(full)}, {"selected", selected_columns}});
}

Result<std::string> render_synthesize_prompt(const PromptLibrary& library, const Schema& schema,
                                             const std::string& question, const std::string& evidence,
                                             const std::string& feedback) {
  std::string error;
  const PromptTemplate* t = find(library, kSynthesizeTemplate, error);
  if (!t) return Error{error};
  const std::string paragraph =
      feedback.empty() ? "This is the first version of the data."
                       : "A reviewer scored your previous data for this question too low. Write the data again, "
                         "complete, and fix what the review says:\n" +
                             feedback;
  return render_prompt(*t, {{"feedback", paragraph},
                            {"db_name", schema.db_id},
                            {"schema", schema_to_ddl(schema)},
                            {"question", question},
                            {"hint", hint_text(evidence)}});
}

Result<std::string> render_critic_prompt(const PromptLibrary& library, const Schema& schema,
                                         const std::string& question, const std::string& evidence,
                                         const std::string& data) {
  std::string error;
  const PromptTemplate* t = find(library, kCriticTemplate, error);
  if (!t) return Error{error};
  const auto criteria = critic_criteria(evidence.find_first_not_of(" \t\r\n") != std::string::npos);
  std::string list, shape = "{\n";
  for (size_t i = 0; i < criteria.size(); ++i) {
    list += std::to_string(i + 1) + ". " + criterion_title(criteria[i]) + ": " + criterion_question(criteria[i]) + "\n";
    shape += std::string("  \"") + criterion_name(criteria[i]) + "\": {\"score\": <1-10>, \"feedback\": \"...\"},\n";
  }
  list.pop_back();
  shape += "  \"overall_feedback\": \"the changes that matter most, in a few sentences\",\n";
  shape += "  \"meets_minimum_quality\": true or false\n}";
  return render_prompt(*t, {{"criteria", list},
                            {"question", question},
                            {"hint", hint_text(evidence)},
                            {"schema", schema_to_ddl(schema)},
                            {"data", data.empty() ? "(no rows)" : data},
                            {"answer_shape", shape}});
}

}  // namespace chokepoint::testdb
