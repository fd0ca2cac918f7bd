// The describe prompts of SQLSpace step 1 (see aspect_descriptions.h).
#include "core/sqlspace/aspect_descriptions.h"

#include "core/sqlspace/llm_features.h"

namespace chokepoint::sqlspace {

const AspectPerspective& aspect_perspective(Aspect aspect) {
  // Our words for the five perspectives of 003 §2.1 (Syntax, SQL Syntax, Example Semantics, Pragmatics, Database
  // Reasoning), in Aspect order.
  static const AspectPerspective kPerspectives[kAspectCount] = {
      {"Look at the question as a linguist studying its syntax: word order, grammatical relations, how the sentence "
       "is built from its phrases, agreement, and how its form carries its meaning.",
       "describe only the syntax of the question."},
      {"Look at the SQL query as a database engineer: its structure and clauses, how complex it is, the keywords and "
       "functions it uses, and how it uses the tables and columns of the schema.",
       "describe only the SQL query."},
      {"Look at how the question and the SQL query relate: which parts of one correspond to which parts of the "
       "other, where they run in parallel, and what reasoning is needed to get from the question to the query.",
       "describe only the relation between the question and the query."},
      {"Look at the question as a linguist studying pragmatics: what the asker is doing with it (the speech act), "
       "what it presupposes or implies, whether it says as much as needed and no more, and any ambiguity or "
       "vagueness in its wording.",
       "describe only the pragmatics of the question."},
      {"Look at how the question relates to the database schema: how closely its words match table and column "
       "names, which concepts need to be mapped to columns, and what has to be inferred to find them.",
       "describe only how the question is grounded in the schema."},
  };
  return kPerspectives[static_cast<size_t>(aspect)];
}

Result<std::vector<DescribeAsk>> plan_descriptions(const std::vector<EvalItem>& items,
                                                   const std::map<std::string, Schema>& schemas,
                                                   const PromptLibrary& library, const std::vector<Aspect>& aspects,
                                                   size_t* skipped) {
  const PromptTemplate* tmpl = library.find("sqlspace_describe");
  if (!tmpl) return Error{"the prompts folder has no template sqlspace_describe (prompts/manifest.json)"};
  std::vector<Aspect> asked = aspects;
  if (asked.empty())
    for (size_t a = 0; a < kAspectCount; ++a) asked.push_back(static_cast<Aspect>(a));
  std::vector<DescribeAsk> out;
  size_t skip = 0;
  for (size_t i = 0; i < items.size(); ++i) {
    const EvalItem& item = items[i];
    const auto schema = schemas.find(item.db_id);
    if (item.question.empty() || item.sql.empty() || schema == schemas.end()) {
      ++skip;
      continue;
    }
    for (Aspect a : asked) {
      const AspectPerspective& p = aspect_perspective(a);
      PromptVariables vars = {{"perspective", p.perspective},
                              {"focus", p.focus},
                              {"schema", sqlspace_schema_text(schema->second)},
                              {"question", item.question},
                              {"sql", item.sql}};
      auto prompt = render_prompt(*tmpl, vars);
      if (!prompt.ok()) return Error{prompt.error()};
      out.push_back({i, a, std::move(*prompt)});
    }
  }
  if (skipped) *skipped = skip;
  return out;
}

Result<std::string> read_description(const std::string& answer) {
  std::string text = answer;
  const auto fence = text.find("```");
  if (fence != std::string::npos) {
    const auto open_end = text.find('\n', fence);
    const auto close = open_end == std::string::npos ? std::string::npos : text.find("```", open_end);
    if (close != std::string::npos) text = text.substr(open_end + 1, close - open_end - 1);
  }
  const auto first = text.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) return Error{"the answer holds no description"};
  const auto last = text.find_last_not_of(" \t\r\n");
  return text.substr(first, last - first + 1);
}

}  // namespace chokepoint::sqlspace
