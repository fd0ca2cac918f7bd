// Prompt variables are JSON strings built with nlohmann, so quotes inside tokens cannot break the prompt's lists.
#include "core/tqa/augmentation_prompts.h"
#include "core/base/json_dump.h"

#include <map>

#include <nlohmann/json.hpp>

namespace chokepoint::tqa {
namespace {

const std::vector<TextToken>& side_tokens(const ComponentReferences& c, TextSide side) {
  return side == TextSide::question ? c.question : c.evidence;
}

nlohmann::json token_list(const std::vector<TextToken>& tokens) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& t : tokens) out.push_back({{"token", t.text}, {"position", t.position}});
  return out;
}

}  // namespace

const char* strategy_name(Strategy s) {
  switch (s) {
    case Strategy::synonym_replacement:
      return "synonym_replacement";
    case Strategy::back_translation:
      return "back_translation";
    case Strategy::contextual_augmentation:
      return "contextual_augmentation";
  }
  return "";
}

const char* strategy_code(Strategy s) {
  switch (s) {
    case Strategy::synonym_replacement:
      return "SR";
    case Strategy::back_translation:
      return "BT";
    case Strategy::contextual_augmentation:
      return "CA";
  }
  return "";
}

std::string strategy_template(Strategy s, TextSide side) {
  if (s == Strategy::synonym_replacement) return "tqa_synonym_replacement";
  return std::string("tqa_") + strategy_name(s) + (side == TextSide::question ? "_question" : "_evidence");
}

std::vector<TextToken> matched_tokens(const ReferenceDetection& refs, TextSide side) {
  std::map<size_t, TextToken> by_position;
  for (const auto& c : refs.components)
    for (const auto& t : side_tokens(c, side)) by_position.emplace(t.position, t);
  std::vector<TextToken> out;
  for (auto& [pos, t] : by_position) out.push_back(t);
  return out;
}

std::string tokens_variable(const ReferenceDetection& refs, TextSide side) {
  return dump_json(token_list(matched_tokens(refs, side)));
}

std::string components_variable(const ReferenceDetection& refs, TextSide side) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& c : refs.components) {
    if (side_tokens(c, side).empty()) continue;
    out.push_back({{"segment", c.component.segment},
                   {"is_abbreviation", c.component.is_abbreviation},
                   {"matched_tokens", token_list(side_tokens(c, side))}});
  }
  return dump_json(out);
}

Result<std::string> render_augmentation_prompt(const PromptLibrary& library, Strategy s, TextSide side,
                                               const EvalItem& item, const std::string& linker_table,
                                               const ReferenceDetection& refs, const std::string& new_question) {
  const std::string name = strategy_template(s, side);
  const PromptTemplate* t = library.find(name);
  if (!t) return Error{"prompt template '" + name + "' is missing from the prompts manifest"};
  PromptVariables v;
  if (s == Strategy::synonym_replacement) {
    std::string segments;
    for (const auto& c : refs.components) segments += (segments.empty() ? "" : ", ") + c.component.segment;
    v = {{"tokens", tokens_variable(refs, side)},
         {"table_name", linker_table},
         {"table_segments", segments},
         {"db_id", item.db_id}};
  } else {
    v = {{"components", components_variable(refs, side)},
         {"db_id", item.db_id},
         {"sql_query", item.sql},
         {"candidate_table", linker_table},
         {"source", side == TextSide::question ? item.question : item.evidence}};
    if (side == TextSide::evidence) v["new_question"] = new_question;
  }
  return render_prompt(*t, v);
}

}  // namespace chokepoint::tqa
