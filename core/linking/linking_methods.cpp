// Schema-linking prompts, answer readers and per-item retrievals (see linking_methods.h).
#include "core/linking/linking_methods.h"

#include <algorithm>
#include <set>

#include "core/base/text.h"
#include "core/llm/sql_answer.h"
#include "core/runner/prompt_formats.h"

namespace chokepoint::linking {
namespace {

const char* template_of(LinkingStep s) { return s == LinkingStep::ZeroShot ? "link_zero_shot" : "link_few_shot"; }

std::vector<LinkingStep> steps_of(LinkingMethod m) {
  switch (m) {
    case LinkingMethod::ZeroShot:
      return {LinkingStep::ZeroShot};
    case LinkingMethod::FewShot:
      return {LinkingStep::FewShot};
    case LinkingMethod::PreSql:
      return {LinkingStep::PreSql};
    case LinkingMethod::FewShotPreSql:
      return {LinkingStep::FewShot, LinkingStep::PreSql};
  }
  return {};
}

runner::PromptFormat simple_ddl_md_chat() {
  runner::PromptFormat f;
  f.schema = runner::SchemaStyle::SimpleDdl;
  f.wrapper = runner::Wrapper::Md;
  f.postfix = PromptPostfix::Chat;
  return f;
}

bool is_quote(char c) { return c == '"' || c == '\'' || c == '`'; }

// The table a written name stands for: the name itself, else its part before a dot ("t.col", "t.*"); nullptr if
// the schema has neither.
const Table* table_named(const Schema& schema, std::string name) {
  name = trim(name, " \t\r\n\"'`[]*.,;:()");
  if (name.empty()) return nullptr;
  if (const Table* t = schema.find_table(name)) return t;
  const size_t dot = name.find('.');
  if (dot != std::string::npos) return table_named(schema, name.substr(0, dot));
  return nullptr;
}

// Adds the tables `names` name, in order, once each.
void add_tables(const Schema& schema, const std::vector<std::string>& names, std::vector<std::string>& out) {
  for (const auto& n : names)
    if (const Table* t = table_named(schema, n))
      if (std::none_of(out.begin(), out.end(), [&](const std::string& o) { return iequals(o, t->name); }))
        out.push_back(t->name);
}

// The quoted spans of `s` ("..", '..', `..`), in order.
std::vector<std::string> quoted_spans(const std::string& s) {
  std::vector<std::string> out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (!is_quote(s[i])) continue;
    const size_t end = s.find(s[i], i + 1);
    if (end == std::string::npos) break;
    out.push_back(s.substr(i + 1, end - i - 1));
    i = end;
  }
  return out;
}

// Pieces of `s` split at any of `seps`.
std::vector<std::string> split_any(const std::string& s, const std::string& seps) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : s) {
    if (seps.find(c) != std::string::npos) {
      if (!cur.empty()) out.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  if (!cur.empty()) out.push_back(cur);
  return out;
}

std::string no_answer_note(const Result<std::string>& a) { return a.ok() ? std::string() : a.error(); }

}  // namespace

const char* linking_method_name(LinkingMethod m) {
  switch (m) {
    case LinkingMethod::ZeroShot:
      return "zero-shot";
    case LinkingMethod::FewShot:
      return "few-shot";
    case LinkingMethod::PreSql:
      return "presql";
    case LinkingMethod::FewShotPreSql:
      return "few-shot+presql";
  }
  return "";
}

Result<LinkingMethod> linking_method_from_name(const std::string& name) {
  for (auto m : {LinkingMethod::ZeroShot, LinkingMethod::FewShot, LinkingMethod::PreSql, LinkingMethod::FewShotPreSql})
    if (iequals(name, linking_method_name(m))) return m;
  return Error{"unknown linking method '" + name + "' (zero-shot, few-shot, presql or few-shot+presql)"};
}

const char* linking_step_name(LinkingStep s) {
  switch (s) {
    case LinkingStep::ZeroShot:
      return "zero-shot";
    case LinkingStep::FewShot:
      return "few-shot";
    case LinkingStep::PreSql:
      return "presql";
  }
  return "";
}

std::string linking_schema_text(const Schema& schema, bool foreign_keys) {
  runner::SchemaRenderOptions options;
  options.foreign_keys = foreign_keys;
  return runner::render_schema(schema, simple_ddl_md_chat(), options);
}

Result<std::vector<LinkingAsk>> plan_linking(const EvalSet& set, const SchemaOf& schema_of,
                                             const PromptLibrary& library, const LinkingOptions& options) {
  const auto steps = steps_of(options.method);
  for (auto s : steps)
    if (s != LinkingStep::PreSql && !library.find(template_of(s)))
      return Error{std::string("the prompts folder has no template ") + template_of(s)};
  std::vector<LinkingAsk> out;
  for (size_t i = 0; i < set.items.size(); ++i) {
    const auto& it = set.items[i];
    const Schema* schema = schema_of(it.db_id);
    if (!schema) continue;
    const std::string text = linking_schema_text(*schema, options.foreign_keys);
    const std::string question = runner::question_with_evidence(it.question, it.evidence);
    for (auto s : steps) {
      Result<std::string> prompt =
          s == LinkingStep::PreSql
              ? runner::render_text_to_sql_prompt(library, simple_ddl_md_chat(), text, question)
              : render_prompt(*library.find(template_of(s)), {{"schema", text}, {"question", question}});
      if (!prompt.ok()) return Error{prompt.error()};
      out.push_back({i, s, std::move(*prompt)});
    }
  }
  return out;
}

Result<std::vector<std::string>> parse_table_list(const std::string& answer, const Schema& schema) {
  std::vector<std::string> out;
  // 1. The first bracketed list that names a table: its quoted elements, else its comma-separated ones.
  for (size_t open = answer.find('['); open != std::string::npos && out.empty(); open = answer.find('[', open + 1)) {
    const size_t close = answer.find(']', open);
    if (close == std::string::npos) break;
    const std::string inside = answer.substr(open + 1, close - open - 1);
    auto names = quoted_spans(inside);
    if (names.empty()) names = split_any(inside, ",\n");
    add_tables(schema, names, out);
  }
  // 2. Quoted names anywhere; 3. lines (a name with spaces, after a bullet or number), then words.
  if (out.empty()) add_tables(schema, quoted_spans(answer), out);
  if (out.empty()) {
    for (auto line : split_any(answer, "\n,")) {
      line = trim(line, " \t\r-*#>0123456789.)");
      add_tables(schema, {line}, out);
      add_tables(schema, split_any(line, " \t:;()|"), out);
    }
  }
  if (out.empty())
    return Error{trim(answer).empty() ? "the answer is empty" : "the answer names no table of the schema"};
  return out;
}

Result<SchemaItems> parse_presql_answer(const std::string& answer, const Schema& schema) {
  auto sql = extract_sql(answer, PromptPostfix::Chat);
  if (!sql.ok()) return Error{sql.error()};
  auto items = schema_items_of(sql->sql, schema);
  if (!items.ok()) return Error{"the preliminary SQL does not parse: " + items.error()};
  return items;
}

const char* link_outcome_name(LinkOutcome o) {
  switch (o) {
    case LinkOutcome::Linked:
      return "linked";
    case LinkOutcome::Unreadable:
      return "unreadable";
    case LinkOutcome::NoAnswer:
      return "no_answer";
    case LinkOutcome::NoSchema:
      return "no_schema";
    case LinkOutcome::GoldUnusable:
      return "gold_unusable";
  }
  return "";
}

std::vector<LinkedItem> link_items(const EvalSet& set, const SchemaOf& schema_of, const std::vector<LinkingAsk>& asks,
                                   const std::vector<Result<std::string>>& answers, const LinkingOptions& options) {
  std::vector<LinkedItem> out(set.items.size());
  std::vector<std::vector<size_t>> asks_of(set.items.size());
  for (size_t k = 0; k < asks.size() && k < answers.size(); ++k)
    if (asks[k].item < out.size()) asks_of[asks[k].item].push_back(k);
  for (size_t i = 0; i < out.size(); ++i) {
    LinkedItem& li = out[i];
    li.item = i;
    const Schema* schema = schema_of(set.items[i].db_id);
    if (!schema) {
      li.outcome = LinkOutcome::NoSchema;
      li.note = "no schema for database " + set.items[i].db_id;
      continue;
    }
    auto gold = schema_items_of(set.items[i].sql, *schema);
    if (gold.ok()) li.gold = std::move(*gold);
    if (!gold.ok() || li.gold.tables.empty()) {
      li.outcome = LinkOutcome::GoldUnusable;
      li.note = gold.ok() ? "the gold query reads no table of the schema" : "the gold query does not parse";
      // Its retrieval is still read below, for the record.
    }
    std::vector<std::string> tables, columns;
    std::vector<std::string> notes;
    for (size_t k : asks_of[i]) {
      const auto& a = answers[k];
      const char* step = linking_step_name(asks[k].step);
      if (!a.ok()) {
        if (li.outcome == LinkOutcome::Linked) li.outcome = LinkOutcome::NoAnswer;
        notes.push_back(std::string(step) + ": " + no_answer_note(a));
        continue;
      }
      if (asks[k].step == LinkingStep::PreSql) {
        auto items = parse_presql_answer(*a, *schema);
        if (!items.ok()) {
          if (li.outcome == LinkOutcome::Linked) li.outcome = LinkOutcome::Unreadable;
          notes.push_back(std::string(step) + ": " + items.error());
          continue;
        }
        add_tables(*schema, items->tables, tables);
        columns.insert(columns.end(), items->columns.begin(), items->columns.end());
        continue;
      }
      auto listed = parse_table_list(*a, *schema);
      if (!listed.ok()) {
        if (li.outcome == LinkOutcome::Linked) li.outcome = LinkOutcome::Unreadable;
        notes.push_back(std::string(step) + ": " + listed.error());
        continue;
      }
      if (asks[k].step == LinkingStep::ZeroShot && options.top_k > 0 && listed->size() > options.top_k)
        listed->resize(options.top_k);
      add_tables(*schema, *listed, tables);
      const auto all = columns_of_tables(*schema, *listed);
      columns.insert(columns.end(), all.begin(), all.end());
    }
    li.retrieved.tables = std::move(tables);
    std::set<std::string> seen;
    for (auto& c : columns)
      if (seen.insert(to_lower_ascii(c)).second) li.retrieved.columns.push_back(std::move(c));
    std::sort(li.retrieved.columns.begin(), li.retrieved.columns.end(),
              [](const std::string& a, const std::string& b) { return to_lower_ascii(a) < to_lower_ascii(b); });
    if (li.note.empty()) {
      for (size_t n = 0; n < notes.size(); ++n) li.note += (n ? "; " : "") + notes[n];
    }
  }
  return out;
}

std::vector<LinkingCase> linking_cases(const std::vector<LinkedItem>& items) {
  std::vector<LinkingCase> out;
  for (const auto& li : items) {
    if (li.outcome == LinkOutcome::NoSchema || li.outcome == LinkOutcome::GoldUnusable) continue;
    out.push_back({li.gold.tables, li.retrieved.tables, li.gold.columns, li.retrieved.columns});
  }
  return out;
}

}  // namespace chokepoint::linking
