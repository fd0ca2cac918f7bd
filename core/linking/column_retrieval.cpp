// TCSL and SCSL prompts, the column-list reader and per-item retrievals (see column_retrieval.h).
#include "core/linking/column_retrieval.h"

#include <algorithm>
#include <cctype>
#include <set>

#include "core/base/text.h"
#include "core/runner/prompt_formats.h"

namespace chokepoint::linking {
namespace {

const char* template_of(RetrievalStep s) {
  switch (s) {
    case RetrievalStep::Tables:
      return "retrieve_tables";
    case RetrievalStep::ColumnsInTables:
      return "retrieve_columns_in_tables";
    case RetrievalStep::Columns:
      return "retrieve_columns";
  }
  return "";
}

const char* kSpace = " \t\r\n";

char closing_quote(char c) {
  switch (c) {
    case '"':
    case '\'':
    case '`':
      return c;
    case '[':
      return ']';
    default:
      return 0;
  }
}

// `s` without one layer of enclosing quotes ("x", 'x', `x`, [x]) when the quote does not recur inside.
std::string unquote(std::string s) {
  s = trim(s);
  if (s.size() >= 2) {
    const char close = closing_quote(s.front());
    if (close && s.back() == close && s.find(close, 1) == s.size() - 1) return s.substr(1, s.size() - 2);
  }
  return s;
}

// Splits at any of `seps` outside quotes ("..", '..', `..`); pieces trimmed, empty ones dropped.
std::vector<std::string> split_outside_quotes(const std::string& s, const std::string& seps) {
  std::vector<std::string> out;
  std::string cur;
  char quote = 0;
  for (char c : s) {
    if (quote) {
      if (c == quote) quote = 0;
    } else if (c == '"' || c == '`' || (c == '\'' && cur.find_first_not_of(kSpace) == std::string::npos)) {
      quote = c;  // an apostrophe inside a word ("atom's") does not open a quote
    } else if (seps.find(c) != std::string::npos) {
      if (!trim(cur).empty()) out.push_back(trim(cur));
      cur.clear();
      continue;
    }
    cur += c;
  }
  if (!trim(cur).empty()) out.push_back(trim(cur));
  return out;
}

// The answer without its code-fence lines (``` and ```json): their content stays.
std::string without_fences(const std::string& answer) {
  std::string out;
  size_t pos = 0;
  while (pos <= answer.size()) {
    size_t end = answer.find('\n', pos);
    if (end == std::string::npos) end = answer.size();
    const std::string line = answer.substr(pos, end - pos);
    if (trim(line).rfind("```", 0) != 0) out += line + "\n";
    pos = end + 1;
  }
  return out;
}

bool contains_ci(const std::vector<std::string>& names, const std::string& n) {
  return std::any_of(names.begin(), names.end(), [&](const std::string& o) { return iequals(o, n); });
}

// What a written name resolves to among the allowed tables.
struct Resolution {
  std::vector<std::string> columns;  // schema spelling; several for table.*
  bool dotted = false;               // written as table.column
  bool known_table = false;          // ... and its table part names a table of the schema
};

class ColumnReader {
 public:
  ColumnReader(const Schema& schema, const std::vector<std::string>& within) : schema_(schema) {
    for (const auto& t : schema.tables)
      if (within.empty() || contains_ci(within, t.name)) allowed_.push_back(&t);
  }

  const Table* allowed_table(const std::string& name) const {
    for (const Table* t : allowed_)
      if (iequals(t->name, name)) return t;
    return nullptr;
  }

  // table.column (tried at every dot, each side unquoted), table.*, or a bare column of exactly one allowed table.
  Resolution resolve(const std::string& written) const {
    Resolution r;
    std::string s = trim(written, " \t\r\n,;");
    while (s.size() >= 2 && s.compare(s.size() - 2, 2, "**") == 0) s = trim(s.substr(0, s.size() - 2));  // **bold**
    while (s.size() >= 2 && s.compare(0, 2, "**") == 0) s = trim(s.substr(2));
    while (!s.empty() && (s.back() == '.' || s.back() == ':')) s.pop_back();  // "atom.element." ending a sentence
    s = unquote(s);
    if (s.empty()) return r;
    for (size_t dot = s.find('.'); dot != std::string::npos; dot = s.find('.', dot + 1)) {
      r.dotted = true;
      const std::string table = unquote(s.substr(0, dot)), column = unquote(s.substr(dot + 1));
      if (!schema_.find_table(table)) continue;
      r.known_table = true;
      const Table* t = allowed_table(table);
      if (!t) continue;  // a table outside TCSL's pick
      if (column == "*") {
        for (const auto& c : t->columns) r.columns.push_back(t->name + "." + c.name);
        return r;
      }
      if (const Column* c = t->find_column(column)) {
        r.columns.push_back(t->name + "." + c->name);
        return r;
      }
    }
    if (r.dotted) return r;
    const Table* owner = nullptr;
    const Column* column = nullptr;
    for (const Table* t : allowed_)
      if (const Column* c = t->find_column(s)) {
        if (owner) return r;  // ambiguous: not guessed
        owner = t, column = c;
      }
    if (owner) r.columns.push_back(owner->name + "." + column->name);
    return r;
  }

  // Adds a list element or a name-like piece: kept when it resolves, else dropped (it was written as a name).
  bool add_name(const std::string& written, ColumnList& out) const {
    const Resolution r = resolve(written);
    if (r.columns.empty()) {
      const std::string shown = unquote(trim(written, " \t\r\n,;"));
      if (!shown.empty()) out.dropped.push_back(shown);
      return false;
    }
    for (const auto& c : r.columns)
      if (!contains_ci(out.columns, c)) out.columns.push_back(c);
    return true;
  }

  // Prose: only dotted names are looked at, and only those that resolve are kept.
  void add_from_prose(const std::string& text, ColumnList& out) const {
    std::string token;
    auto flush = [&] {
      if (token.find('.') != std::string::npos) {
        const Resolution r = resolve(token);
        for (const auto& c : r.columns)
          if (!contains_ci(out.columns, c)) out.columns.push_back(c);
        if (r.columns.empty() && r.known_table) out.dropped.push_back(trim(token, " .,;:"));
      }
      token.clear();
    };
    for (char c : text) {
      if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == ',' || c == ';' || c == '(' || c == ')')
        flush();
      else
        token += c;
    }
    flush();
  }

 private:
  const Schema& schema_;
  std::vector<const Table*> allowed_;
};

// The table a bracketed list is the value of ({"atom": [...]} or atom: [...]), or "" when none.
std::string list_key(const std::string& text, size_t open) {
  size_t i = open;
  while (i > 0 && (text[i - 1] == ' ' || text[i - 1] == '\t' || text[i - 1] == '\n' || text[i - 1] == '\r')) --i;
  if (i == 0 || text[i - 1] != ':') return "";
  --i;
  while (i > 0 && (text[i - 1] == ' ' || text[i - 1] == '\t')) --i;
  if (i == 0) return "";
  const size_t end = i;
  if (text[i - 1] == '"' || text[i - 1] == '\'' || text[i - 1] == '`') {
    if (i < 2) return "";
    const size_t start = text.rfind(text[i - 1], i - 2);
    if (start == std::string::npos) return "";
    return text.substr(start + 1, i - 1 - (start + 1));
  }
  size_t start = i;
  while (start > 0 && (std::isalnum(static_cast<unsigned char>(text[start - 1])) || text[start - 1] == '_')) --start;
  return text.substr(start, end - start);
}

// The ']' closing the '[' at `open`, past quoted spans and nested brackets ([author].[name] inside a list).
size_t matching_bracket(const std::string& text, size_t open) {
  int depth = 0;
  char quote = 0;
  for (size_t i = open; i < text.size(); ++i) {
    const char c = text[i];
    if (quote) {
      if (c == quote) quote = 0;
    } else if (c == '"' || c == '`') {
      quote = c;
    } else if (c == '[') {
      ++depth;
    } else if (c == ']' && --depth == 0) {
      return i;
    }
  }
  return std::string::npos;
}

// A piece of an unclosed or unreadable list without the list's brackets ('["a.b"' -> '"a.b"'); a bracket-quoted
// name ([author].[name]) is left alone.
std::string without_list_brackets(std::string piece) {
  piece = trim(piece);
  while (piece.size() >= 2 && piece[0] == '[' && std::string("\"'`[ ").find(piece[1]) != std::string::npos)
    piece = trim(piece.substr(1));
  while (piece.size() >= 2 && piece.back() == ']' &&
         std::string("\"'`] ").find(piece[piece.size() - 2]) != std::string::npos)
    piece = trim(piece.substr(0, piece.size() - 1));
  return piece;
}

// Cuts bullets ("-", "*", "•", ">", "#") and numbering ("1.", "2)") from the front of a line.
std::string without_bullet(std::string line) {
  line = trim(line);
  for (;;) {
    if (line.rfind("\xE2\x80\xA2", 0) == 0) {  // •
      line = trim(line.substr(3));
      continue;
    }
    if (!line.empty() && std::string("-*>#").find(line[0]) != std::string::npos) {
      line = trim(line.substr(1));
      continue;
    }
    size_t d = 0;
    while (d < line.size() && std::isdigit(static_cast<unsigned char>(line[d]))) ++d;
    if (d > 0 && d + 1 < line.size() && (line[d] == '.' || line[d] == ')') &&
        (line[d + 1] == ' ' || line[d + 1] == '\t')) {
      line = trim(line.substr(d + 1));
      continue;
    }
    return line;
  }
}

// The name at the front of a piece followed by an explanation ("atom.element: the element", "x - why", "x (why)").
std::string leading_name(const std::string& piece) {
  size_t cut = std::string::npos;
  for (const char* sep : {":", " - ", " \xE2\x80\x94 ", " \xE2\x80\x93 ", " ("}) {
    const size_t at = piece.find(sep);
    if (at != std::string::npos && at > 0) cut = std::min(cut, at);
  }
  return cut == std::string::npos ? piece : trim(piece.substr(0, cut));
}

bool is_single_token(const std::string& s) {
  char quote = 0;
  for (char c : s) {
    if (quote) {
      if (c == quote) quote = 0;
    } else if (c == '"' || c == '`' || c == '[') {
      quote = closing_quote(c);
    } else if (c == ' ' || c == '\t') {
      return false;
    }
  }
  return true;
}

void sort_columns(std::vector<std::string>& columns) {
  std::sort(columns.begin(), columns.end(),
            [](const std::string& a, const std::string& b) { return to_lower_ascii(a) < to_lower_ascii(b); });
}

}  // namespace

const char* retrieval_approach_name(RetrievalApproach a) {
  switch (a) {
    case RetrievalApproach::FullSchema:
      return "full-schema";
    case RetrievalApproach::Tcsl:
      return "tcsl";
    case RetrievalApproach::Scsl:
      return "scsl";
  }
  return "";
}

Result<RetrievalApproach> retrieval_approach_from_name(const std::string& name) {
  for (auto a : {RetrievalApproach::FullSchema, RetrievalApproach::Tcsl, RetrievalApproach::Scsl})
    if (iequals(name, retrieval_approach_name(a))) return a;
  return Error{"unknown retrieval approach '" + name + "' (full-schema, tcsl or scsl)"};
}

const char* retrieval_step_name(RetrievalStep s) {
  switch (s) {
    case RetrievalStep::Tables:
      return "tables";
    case RetrievalStep::ColumnsInTables:
      return "columns-in-tables";
    case RetrievalStep::Columns:
      return "columns";
  }
  return "";
}

std::string column_listing(const Schema& schema, bool foreign_keys) {
  std::string out;
  for (const auto& t : schema.tables)
    for (const auto& c : t.columns) {
      if (!out.empty()) out += "\n";
      out += "- " + t.name + "." + c.name;
      if (!c.type.empty()) out += " (" + c.type + ")";
    }
  if (foreign_keys) {
    std::string keys;
    for (const auto& t : schema.tables)
      for (const auto& fk : t.foreign_keys)
        for (size_t i = 0; i < fk.from_columns.size() && i < fk.to_columns.size(); ++i)
          keys += (keys.empty() ? "" : ", ") + t.name + "." + fk.from_columns[i] + " = " + fk.to_table + "." +
                  fk.to_columns[i];
    if (!keys.empty()) out += "\nForeign keys: " + keys;
  }
  return out;
}

Schema schema_of_tables(const Schema& schema, const std::vector<std::string>& tables) {
  Schema out;
  out.db_id = schema.db_id;
  for (const auto& t : schema.tables)
    if (contains_ci(tables, t.name)) out.tables.push_back(t);
  for (auto& t : out.tables) {
    auto& fks = t.foreign_keys;
    fks.erase(
        std::remove_if(fks.begin(), fks.end(), [&](const ForeignKey& fk) { return !contains_ci(tables, fk.to_table); }),
        fks.end());
  }
  return out;
}

Result<std::vector<RetrievalAsk>> plan_retrieval(const EvalSet& set, const SchemaOf& schema_of,
                                                 const PromptLibrary& library, RetrievalApproach approach,
                                                 const RetrievalOptions& options) {
  if (approach == RetrievalApproach::FullSchema) return std::vector<RetrievalAsk>{};
  const RetrievalStep step = approach == RetrievalApproach::Tcsl ? RetrievalStep::Tables : RetrievalStep::Columns;
  for (auto s : {step, RetrievalStep::ColumnsInTables}) {
    if (s == RetrievalStep::ColumnsInTables && approach != RetrievalApproach::Tcsl) continue;
    if (!library.find(template_of(s)))
      return Error{std::string("the prompts folder has no template ") + template_of(s)};
  }
  const PromptTemplate& tmpl = *library.find(template_of(step));
  std::vector<RetrievalAsk> out;
  for (size_t i = 0; i < set.items.size(); ++i) {
    const auto& it = set.items[i];
    const Schema* schema = schema_of(it.db_id);
    if (!schema) continue;
    const std::string question = runner::question_with_evidence(it.question, it.evidence);
    auto prompt =
        step == RetrievalStep::Tables
            ? render_prompt(tmpl,
                            {{"schema", linking_schema_text(*schema, options.foreign_keys)}, {"question", question}})
            : render_prompt(tmpl, {{"columns", column_listing(*schema, options.foreign_keys)}, {"question", question}});
    if (!prompt.ok()) return Error{prompt.error()};
    out.push_back({i, step, std::move(*prompt), {}});
  }
  return out;
}

Result<std::vector<RetrievalAsk>> plan_column_step(const EvalSet& set, const SchemaOf& schema_of,
                                                   const PromptLibrary& library, const std::vector<RetrievalAsk>& first,
                                                   const std::vector<Result<std::string>>& answers,
                                                   const RetrievalOptions& options) {
  const PromptTemplate* tmpl = library.find(template_of(RetrievalStep::ColumnsInTables));
  if (!tmpl)
    return Error{std::string("the prompts folder has no template ") + template_of(RetrievalStep::ColumnsInTables)};
  std::vector<RetrievalAsk> out;
  for (size_t k = 0; k < first.size() && k < answers.size(); ++k) {
    const RetrievalAsk& a = first[k];
    if (a.step != RetrievalStep::Tables || !answers[k].ok() || a.item >= set.items.size()) continue;
    const auto& it = set.items[a.item];
    const Schema* schema = schema_of(it.db_id);
    if (!schema) continue;
    auto tables = parse_table_list(*answers[k], *schema);
    if (!tables.ok()) continue;
    const Schema picked = schema_of_tables(*schema, *tables);
    auto prompt = render_prompt(*tmpl, {{"schema", linking_schema_text(picked, options.foreign_keys)},
                                        {"question", runner::question_with_evidence(it.question, it.evidence)}});
    if (!prompt.ok()) return Error{prompt.error()};
    out.push_back({a.item, RetrievalStep::ColumnsInTables, std::move(*prompt), std::move(*tables)});
  }
  return out;
}

Result<ColumnList> parse_column_list(const std::string& answer, const Schema& schema,
                                     const std::vector<std::string>& within) {
  const ColumnReader reader(schema, within);
  const std::string text = without_fences(answer);
  ColumnList out;

  // 1. Bracketed lists: the first naming a column; after a table key, the keyed lists that follow as well.
  bool keyed_run = false;
  for (size_t open = text.find('['); open != std::string::npos; open = text.find('[', open + 1)) {
    const size_t close = matching_bracket(text, open);
    if (close == std::string::npos) break;
    const std::string key = list_key(text, open);
    const bool keyed = !key.empty() && reader.allowed_table(unquote(key)) != nullptr;
    if (!out.columns.empty() && !(keyed_run && keyed)) break;
    ColumnList here;
    for (const auto& element : split_outside_quotes(text.substr(open + 1, close - open - 1), ",\n")) {
      if (keyed) {
        const std::string qualified = unquote(key) + "." + unquote(element);
        if (!reader.resolve(qualified).columns.empty()) {
          reader.add_name(qualified, here);
          continue;
        }
      }
      reader.add_name(element, here);
    }
    if (here.columns.empty()) {
      if (keyed_run) break;
      continue;  // a list of something else (an echoed example, table names)
    }
    keyed_run = keyed;
    for (auto& c : here.columns)
      if (!contains_ci(out.columns, c)) out.columns.push_back(std::move(c));
    out.dropped.insert(out.dropped.end(), here.dropped.begin(), here.dropped.end());
    open = close;
  }

  // 2. Lines and comma-separated pieces: names (perhaps explained), else dotted names in prose.
  if (out.columns.empty()) {
    out.dropped.clear();
    size_t pos = 0;
    while (pos < text.size()) {
      size_t end = text.find('\n', pos);
      if (end == std::string::npos) end = text.size();
      const std::string line = without_bullet(text.substr(pos, end - pos));
      pos = end + 1;
      for (const auto& written : split_outside_quotes(line, ",")) {
        const std::string piece = without_list_brackets(written);
        const std::string name = leading_name(piece);
        const Resolution r = reader.resolve(name);
        if (!r.columns.empty()) {
          reader.add_name(name, out);
        } else if (is_single_token(name)) {
          if (r.dotted) out.dropped.push_back(unquote(name));  // written as table.column: counted; a lone word is not
        } else {
          reader.add_from_prose(piece, out);
        }
      }
    }
  }
  if (out.columns.empty()) {
    if (trim(answer).empty()) return Error{"the answer is empty"};
    std::string why =
        within.empty() ? "the answer names no column of the schema" : "the answer names no column of the picked tables";
    if (!out.dropped.empty()) {
      why += " (dropped: ";
      for (size_t i = 0; i < out.dropped.size() && i < 5; ++i) why += (i ? ", " : "") + out.dropped[i];
      why += out.dropped.size() > 5 ? ", ...)" : ")";
    }
    return Error{why};
  }
  return out;
}

std::vector<RetrievedItem> retrieve_items(const EvalSet& set, const SchemaOf& schema_of, RetrievalApproach approach,
                                          const std::vector<RetrievalAsk>& asks,
                                          const std::vector<Result<std::string>>& answers) {
  std::vector<RetrievedItem> out(set.items.size());
  std::vector<std::vector<size_t>> asks_of(set.items.size());
  for (size_t k = 0; k < asks.size() && k < answers.size(); ++k)
    if (asks[k].item < out.size()) asks_of[asks[k].item].push_back(k);
  for (size_t i = 0; i < out.size(); ++i) {
    RetrievedItem& ri = out[i];
    ri.item = i;
    const Schema* schema = schema_of(set.items[i].db_id);
    if (!schema) {
      ri.outcome = LinkOutcome::NoSchema;
      ri.note = "no schema for database " + set.items[i].db_id;
      continue;
    }
    auto gold = schema_items_of(set.items[i].sql, *schema);
    if (gold.ok()) ri.gold = std::move(*gold);
    if (!gold.ok() || ri.gold.columns.empty()) {
      ri.outcome = LinkOutcome::GoldUnusable;
      ri.note = gold.ok() ? "the gold query names no column of the schema" : "the gold query does not parse";
    }
    auto fail = [&](LinkOutcome o, const std::string& why) {
      if (ri.outcome == LinkOutcome::Linked) ri.outcome = o;
      if (ri.note.empty()) ri.note = why;
    };
    if (approach == RetrievalApproach::FullSchema) {
      ri.columns = full_schema_items(*schema).columns;
      sort_columns(ri.columns);
      continue;
    }
    // The asks of this item by step (TCSL: tables, then columns-in-tables; SCSL: columns).
    const RetrievalAsk* column_ask = nullptr;
    const Result<std::string>* column_answer = nullptr;
    bool asked = false;
    for (size_t k : asks_of[i]) {
      const RetrievalAsk& a = asks[k];
      const char* step = retrieval_step_name(a.step);
      asked = true;
      if (a.step == RetrievalStep::Tables) {
        if (!answers[k].ok()) {
          fail(LinkOutcome::NoAnswer, std::string(step) + ": " + answers[k].error());
        } else if (auto tables = parse_table_list(*answers[k], *schema); !tables.ok()) {
          fail(LinkOutcome::Unreadable, std::string(step) + ": " + tables.error());
        } else {
          ri.tables = std::move(*tables);
        }
        continue;
      }
      column_ask = &a;
      column_answer = &answers[k];
    }
    if (!asked) {
      fail(LinkOutcome::NoAnswer, "not asked");
      continue;
    }
    if (!column_ask) {
      if (approach == RetrievalApproach::Tcsl && !ri.tables.empty())
        fail(LinkOutcome::NoAnswer, "columns-in-tables: not asked");
      continue;  // TCSL whose first step failed: nothing retrieved, the reason is noted
    }
    const char* step = retrieval_step_name(column_ask->step);
    if (!column_answer->ok()) {
      fail(LinkOutcome::NoAnswer, std::string(step) + ": " + column_answer->error());
      continue;
    }
    const std::vector<std::string> within =
        column_ask->step == RetrievalStep::ColumnsInTables ? column_ask->tables : std::vector<std::string>{};
    auto listed = parse_column_list(**column_answer, *schema, within);
    if (!listed.ok()) {
      fail(LinkOutcome::Unreadable, std::string(step) + ": " + listed.error());
      continue;
    }
    ri.columns = std::move(listed->columns);
    ri.dropped = listed->dropped.size();
    sort_columns(ri.columns);
    if (!listed->dropped.empty() && ri.note.empty()) {
      ri.note = std::string(step) + ": dropped ";
      for (size_t d = 0; d < listed->dropped.size(); ++d) ri.note += (d ? ", " : "") + listed->dropped[d];
    }
  }
  return out;
}

std::vector<LinkingCase> retrieval_cases(const std::vector<RetrievedItem>& items) {
  std::vector<LinkingCase> out;
  for (const auto& ri : items) {
    if (ri.outcome == LinkOutcome::NoSchema || ri.outcome == LinkOutcome::GoldUnusable) continue;
    out.push_back({ri.gold.tables, ri.tables, ri.gold.columns, ri.columns});
  }
  return out;
}

}  // namespace chokepoint::linking
