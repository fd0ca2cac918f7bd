// Set-level linker analysis: one ReferenceMatcher for the whole set so word-pair similarities are computed once.
#include "core/tqa/linker_analysis.h"

#include <cmath>

namespace chokepoint::tqa {
namespace {

double percent(size_t part, size_t whole) {
  if (whole == 0) return 0;
  return std::round(1000.0 * static_cast<double>(part) / static_cast<double>(whole)) / 10.0;
}

nlohmann::json tokens_json(const std::vector<TextToken>& tokens) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& t : tokens) out.push_back({{"token", t.text}, {"position", t.position}, {"lemma", t.lemma}});
  return out;
}

}  // namespace

std::vector<ItemLinkerAnalysis> analyze_linker_tables(const std::vector<EvalItem>& items,
                                                      const std::map<std::string, LinkerDatabase>& databases,
                                                      ReferenceMatcher& matcher) {
  std::vector<ItemLinkerAnalysis> out;
  out.reserve(items.size());
  for (const auto& item : items) {
    ItemLinkerAnalysis a;
    a.item = item;
    auto db = databases.find(item.db_id);
    if (db == databases.end() || !db->second.schema || !db->second.graph) {
      a.error = "unknown database '" + item.db_id + "'";
      out.push_back(std::move(a));
      continue;
    }
    auto q = identify_linker_table(item.sql, *db->second.schema, *db->second.graph, matcher.lexicon());
    if (!q.ok()) {
      a.error = q.error();
      out.push_back(std::move(a));
      continue;
    }
    a.jqg_nodes = q->jqg.nodes.size();
    a.linker = q->linker;
    if (a.linker) {
      a.references = detect_references(matcher, a.linker->components, item.question, item.evidence, *db->second.schema);
      a.attributes = linker_attributes(*q);
      a.mentions = attribute_mentions(matcher, a.attributes, item.question, item.evidence);
    }
    out.push_back(std::move(a));
  }
  return out;
}

LinkerStatistics linker_statistics(const std::vector<ItemLinkerAnalysis>& analyses) {
  LinkerStatistics s;
  for (const auto& a : analyses) {
    ++s.queries;
    if (!a.error.empty()) ++s.errors;
    if (!a.linker) continue;
    ++s.with_linker_table;
    ++s.node_counts[a.jqg_nodes];
    if (a.references.components_in_question() > 0) ++s.with_question_reference;
    if (!a.item.question.empty()) ++s.questions;
    if (!a.item.evidence.empty()) ++s.evidences;
    s.components_in_questions += a.references.components_in_question();
    s.components_in_evidence += a.references.components_in_evidence();
    s.matching_question_tokens += a.references.question_tokens();
    s.matching_evidence_tokens += a.references.evidence_tokens();
    s.join_attributes_in_questions += a.mentions.join_in_question;
    s.other_attributes_in_questions += a.mentions.other_in_question;
    s.join_attributes_in_evidence += a.mentions.join_in_evidence;
    s.other_attributes_in_evidence += a.mentions.other_in_evidence;
  }
  return s;
}

nlohmann::json linker_statistics_json(const LinkerStatistics& s) {
  nlohmann::json nodes = nlohmann::json::object();
  for (const auto& [n, count] : s.node_counts) nodes[std::to_string(n)] = count;
  return {
      {"queries", s.queries},
      {"errors", s.errors},
      {"with_linker_table", s.with_linker_table},
      {"with_question_reference", s.with_question_reference},
      {"questions", s.questions},
      {"evidences", s.evidences},
      {"components_in_questions", s.components_in_questions},
      {"components_in_evidence", s.components_in_evidence},
      {"matching_question_tokens", s.matching_question_tokens},
      {"matching_evidence_tokens", s.matching_evidence_tokens},
      {"jqg_node_counts", nodes},
      {"attribute_mentions_percent",
       {{"join_in_questions", percent(s.join_attributes_in_questions, s.questions)},
        {"projection_filter_in_questions", percent(s.other_attributes_in_questions, s.questions)},
        {"join_in_evidence", percent(s.join_attributes_in_evidence, s.evidences)},
        {"projection_filter_in_evidence", percent(s.other_attributes_in_evidence, s.evidences)}}},
  };
}

nlohmann::json linker_items_json(const std::vector<ItemLinkerAnalysis>& analyses) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& a : analyses) {
    if (!a.linker) continue;
    nlohmann::json comps = nlohmann::json::array();
    for (const auto& c : a.references.components) {
      comps.push_back({{"segment", c.component.segment},
                       {"lemma", c.component.lemma},
                       {"is_abbreviation", c.component.is_abbreviation},
                       {"question_tokens", tokens_json(c.question)},
                       {"evidence_tokens", tokens_json(c.evidence)}});
    }
    out.push_back({{"key", a.item.key},
                   {"db_id", a.item.db_id},
                   {"linker_table", a.linker->table},
                   {"jqg_nodes", a.jqg_nodes},
                   {"tie_broken_by_schema", a.linker->tie_broken_by_schema},
                   {"components", comps},
                   {"join_attributes", a.attributes.join},
                   {"projection_filter_attributes", a.attributes.other}});
  }
  return out;
}

}  // namespace chokepoint::tqa
