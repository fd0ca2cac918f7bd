// The execution check compares typed rows as a multiset (result_equivalence.h); a gold query that fails on the
// original database discards the item with that reason rather than scoring it.
#include "core/tqa/denaturalisation.h"

#include <cctype>

#include "core/lexicon/morphy.h"
#include "core/tqa/result_equivalence.h"
#include "core/tqa/sql_rename.h"

namespace chokepoint::tqa {

const char* denat_setting_name(DenatSetting s) {
  switch (s) {
    case DenatSetting::OO:
      return "O/O";
    case DenatSetting::LO:
      return "L/O";
    case DenatSetting::OL:
      return "O/L";
    case DenatSetting::LL:
      return "L/L";
  }
  return "";
}

const char* denat_setting_file(DenatSetting s) {
  switch (s) {
    case DenatSetting::OO:
      return "O_O";
    case DenatSetting::LO:
      return "L_O";
    case DenatSetting::OL:
      return "O_L";
    case DenatSetting::LL:
      return "L_L";
  }
  return "";
}

EvalItem DenatItem::in_setting(DenatSetting s) const {
  EvalItem out = original;
  if (s == DenatSetting::LO || s == DenatSetting::LL) {
    out.question = less_natural_question;
    out.evidence = less_natural_evidence;
  }
  if (s == DenatSetting::OL || s == DenatSetting::LL) out.sql = less_natural_sql;
  return out;
}

EvalSet denat_setting_set(const std::vector<DenatItem>& items, DenatSetting s, const std::string& renamed_db_id) {
  EvalSet out;
  out.format = DatasetFormat::BirdDevJson;
  const bool renamed = s == DenatSetting::OL || s == DenatSetting::LL;
  for (const auto& d : items) {
    if (!d.kept) continue;
    out.items.push_back(d.in_setting(s));
    if (renamed && !renamed_db_id.empty()) out.items.back().db_id = renamed_db_id;
  }
  return out;
}

DenatItem denaturalise_sql(const EvalItem& item, const Schema& schema, const RenamePlan& plan,
                           const Connection& original_db, const Connection& renamed_db, const QueryLimits& limits) {
  DenatItem out;
  out.original = item;
  out.less_natural_question = item.question;
  out.less_natural_evidence = item.evidence;
  auto sql = rename_sql(item.sql, schema, plan);
  if (!sql.ok()) {
    out.reason = out.gold_reason = "the gold SQL does not parse: " + sql.error();
    return out;
  }
  out.less_natural_sql = *sql;
  QueryOutcome before = original_db.query(item.sql, limits);
  if (!before.ok()) {
    out.reason = out.gold_reason = "the gold SQL fails on the original database: " + before.message;
    return out;
  }
  QueryOutcome after = renamed_db.query(out.less_natural_sql, limits);
  if (!after.ok()) {
    out.reason = out.gold_reason = "the renamed SQL fails on the renamed database: " + after.message;
    return out;
  }
  if (!same_result(before.result, after.result)) {
    out.reason = out.gold_reason = "the renamed SQL returns different rows";
    return out;
  }
  out.kept = out.same_gold_result = true;
  return out;
}

std::string rewrite_mentions(std::string_view text, const RenamePlan& plan, const Lexicon* lex) {
  auto lookup = [&](const std::string& word) -> std::string {
    for (const auto& t : plan.tables)
      if (t.table.renamed() && iequals(t.table.old_name, word)) return t.table.new_name;
    for (const auto& t : plan.tables)
      for (const auto& c : t.columns)
        if (c.renamed() && iequals(c.old_name, word)) return c.new_name;
    return "";
  };
  std::string out;
  size_t i = 0;
  char quote = 0;
  while (i < text.size()) {
    char c = text[i];
    if (quote) {
      out += c;
      if (c == quote) quote = 0;
      ++i;
      continue;
    }
    if ((c == '\'' && (i == 0 || !std::isalpha(static_cast<unsigned char>(text[i - 1])))) || c == '"' || c == '`') {
      quote = c;
      out += c;
      ++i;
      continue;
    }
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') {
      out += c;
      ++i;
      continue;
    }
    size_t j = i;
    while (j < text.size() && (std::isalnum(static_cast<unsigned char>(text[j])) || text[j] == '_')) ++j;
    std::string word(text.substr(i, j - i));
    std::string replacement = lookup(word);
    if (replacement.empty() && lex && word.find('_') == std::string::npos) {
      std::string lower = to_lower_ascii(word);
      std::string lemma = lemmatize(*lex, lower, PartOfSpeech::noun);
      if (lemma != lower) replacement = lookup(lemma);
    }
    out += replacement.empty() ? word : replacement;
    i = j;
  }
  return out;
}

std::string renames_variable(const RenamePlan& plan) {
  std::string out;
  for (const auto& t : plan.tables)
    if (t.table.renamed()) out += "table " + t.table.old_name + " -> " + t.table.new_name + "\n";
  for (const auto& t : plan.tables)
    for (const auto& c : t.columns)
      if (c.renamed()) out += "column " + t.table.old_name + "." + c.old_name + " -> " + c.new_name + "\n";
  if (!out.empty()) out.pop_back();
  return out;
}

Result<std::string> render_denat_prompt(const PromptLibrary& library, TextSide side, const RenamePlan& plan,
                                        const std::string& question, const std::string& evidence) {
  const std::string name = side == TextSide::question ? "tqa_denat_question" : "tqa_denat_evidence";
  const PromptTemplate* t = library.find(name);
  if (!t) return Error{"prompt template '" + name + "' is missing from the prompts manifest"};
  PromptVariables v = {{"renames", renames_variable(plan)}, {"question", question}};
  if (side == TextSide::evidence) v["evidence"] = evidence;
  return render_prompt(*t, v);
}

}  // namespace chokepoint::tqa
