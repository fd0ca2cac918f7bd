// Attributes come from the resolved names, so aliases (T2.creditOrder) and unqualified columns count alike.
#include "core/tqa/attribute_mentions.h"

#include <algorithm>

#include "core/lexicon/identifier_segmentation.h"
#include "core/lexicon/tokenizer.h"

namespace chokepoint::tqa {
namespace {

void add_unique(std::vector<std::string>& list, const std::string& name) {
  if (name.empty()) return;
  for (const auto& x : list)
    if (iequals(x, name)) return;
  list.push_back(name);
}

bool contains_ci(const std::vector<std::string>& list, const std::string& name) {
  return std::any_of(list.begin(), list.end(), [&](const std::string& x) { return iequals(x, name); });
}

// Candidate tokens, with identifier-like tokens also split into their pieces.
std::vector<TextToken> split_tokens(const Lexicon& lex, std::string_view text) {
  std::vector<TextToken> out;
  for (const auto& t : candidate_tokens(lex, text)) {
    std::vector<std::string> pieces = split_identifier(t.text);
    out.push_back(t);
    if (pieces.size() <= 1) continue;
    size_t at = 0;
    for (const auto& p : pieces) {
      size_t found = t.text.find(p, at);
      auto sub = candidate_tokens(lex, p);
      for (auto& s : sub) {
        s.position = t.position + (found == std::string::npos ? 0 : found);
        out.push_back(std::move(s));
      }
      if (found != std::string::npos) at = found + p.size();
    }
  }
  return out;
}

}  // namespace

LinkerAttributes linker_attributes(const LinkerQuery& query) {
  LinkerAttributes out;
  if (!query.linker) return out;
  const int instance = query.jqg.nodes[static_cast<size_t>(query.linker->node)].instance;
  for (const auto& e : query.jqg.edges) {
    for (const auto& c : e.conditions) {
      if (c.left_instance == instance) add_unique(out.join, c.left_column);
      if (c.right_instance == instance) add_unique(out.join, c.right_column);
    }
  }
  for (const auto& ref : query.names.columns) {
    if (ref.kind != sql::RefKind::TableColumn || ref.instance != instance) continue;
    if (!contains_ci(out.join, ref.column)) add_unique(out.other, ref.column);
  }
  return out;
}

bool attribute_mentioned(ReferenceMatcher& matcher, std::string_view column, std::string_view text) {
  const Lexicon& lex = matcher.lexicon();
  std::vector<LinkerComponent> parts = linker_components(lex, column);
  if (parts.empty()) return false;
  std::vector<TextToken> tokens = split_tokens(lex, text);
  for (const auto& p : parts) {
    bool found = std::any_of(tokens.begin(), tokens.end(), [&](const TextToken& t) { return matcher.matches(p, t); });
    if (found) return true;
  }
  return false;
}

AttributeMentions attribute_mentions(ReferenceMatcher& matcher, const LinkerAttributes& attributes,
                                     std::string_view question, std::string_view evidence) {
  AttributeMentions m;
  auto any = [&](const std::vector<std::string>& cols, std::string_view text) {
    return std::any_of(cols.begin(), cols.end(),
                       [&](const std::string& c) { return attribute_mentioned(matcher, c, text); });
  };
  m.join_in_question = any(attributes.join, question);
  m.other_in_question = any(attributes.other, question);
  m.join_in_evidence = any(attributes.join, evidence);
  m.other_in_evidence = any(attributes.other, evidence);
  return m;
}

}  // namespace chokepoint::tqa
