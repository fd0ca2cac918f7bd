// The printer: a recursive walk that appends to one string. Expressions carry two numbers down: `need`, the
// precedence the context requires (lower-precedence children get parentheses), and `follow`, the precedence of the
// operator printed right after the child. A prefix NOT in the rightmost position needs no parentheses when what
// follows binds looser than NOT (SQLite's grammar reads "a = NOT b AND c" as (a = (NOT b)) AND c). Constructs
// closed on the right (x IN (...), x ISNULL) may be the left operand of a tighter operator without parentheses
// ("c IN (x) - 1" is (c IN (x)) - 1), but then the whole expression binds as loosely as its left edge.
#include "core/sql/printer.h"

#include <cctype>

#include "core/sql/parser.h"

#include "core/sql/token.h"

namespace chokepoint::sql {
namespace {

constexpr int kPrintPrecNot = 3, kPrintPrecEquality = 4, kPrintPrecCompare = 5, kPrintPrecCollate = 11,
              kPrintPrecUnary = 12, kPrintPrecAtom = 100;

int binary_prec(const std::string& op) {
  if (op == "OR") return 1;
  if (op == "AND") return 2;
  if (op == "<" || op == "<=" || op == ">" || op == ">=") return kPrintPrecCompare;
  if (op == "&" || op == "|" || op == "<<" || op == ">>") return 7;
  if (op == "+" || op == "-") return 8;
  if (op == "*" || op == "/" || op == "%") return 9;
  if (op == "||" || op == "->" || op == "->>") return 10;
  return kPrintPrecEquality;  // = == != <> IS ...
}

int prec(const Node& n) {
  switch (n.kind) {
    case Kind::Binary:
      return binary_prec(n.text);
    case Kind::Like:
    case Kind::In:
    case Kind::Between:
    case Kind::Postfix:
      return kPrintPrecEquality;
    case Kind::Unary:
      return n.text == "NOT" ? kPrintPrecNot : kPrintPrecUnary;
    case Kind::Collate:
      return kPrintPrecCollate;
    default:
      return kPrintPrecAtom;
  }
}

// Ends with a closing token, so an operator after it cannot reach inside.
bool closed_right(const Node& n) { return n.kind == Kind::In || n.kind == Kind::Postfix || n.kind == Kind::Collate; }

// The operand printed first, and the precedence it is printed under.
const Node* left_operand(const Node& n, int& need) {
  switch (n.kind) {
    case Kind::Binary:
      need = binary_prec(n.text);
      return n.get(Slot::Left);
    case Kind::Like:
      need = kPrintPrecEquality;
      return n.get(Slot::Left);
    case Kind::In:
    case Kind::Between:
    case Kind::Postfix:
      need = kPrintPrecEquality;
      return n.get(Slot::This);
    case Kind::Collate:
      need = kPrintPrecCollate;
      return n.get(Slot::This);
    default:
      return nullptr;
  }
}

// Precedence of the expression as the parser sees it from its left edge: its own, lowered by a closed-right left
// operand printed without parentheses.
int effective_prec(const Node& n) {
  int p = prec(n);
  int need = 0;
  const Node* l = left_operand(n, need);
  if (!l) return p;
  int lp = effective_prec(*l);
  if (lp < need && !closed_right(*l)) return p;  // the left operand gets parentheses
  return lp < p ? lp : p;
}

bool is_identifier_char(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 0x80 || (c >= '0' && c <= '9') ||
         c == '$';
}

void append_quoted(std::string& out, const std::string& text, char open, char close) {
  out += open;
  for (char c : text) {
    out += c;
    if (c == close && open != '[') out += c;
  }
  out += close;
}

class Printer {
 public:
  std::string out;

  void node(const Node& n) {
    switch (n.kind) {
      case Kind::Select:
      case Kind::Compound:
        query(n);
        break;
      case Kind::With:
        with(n);
        break;
      case Kind::Table:
      case Kind::Subquery:
      case Kind::JoinGroup:
        source(n);
        break;
      case Kind::Join:
        join(n);
        break;
      default:
        expr(n, 0, 0);
        break;
    }
  }

  void query(const Node& q) {
    if (const Node* w = q.get(Slot::With)) {
      with(*w);
      out += ' ';
    }
    if (q.kind == Kind::Compound) {
      if (const Node* l = q.get(Slot::Left)) query(*l);
      out += ' ';
      out += q.text;
      out += ' ';
      if (const Node* r = q.get(Slot::Right)) query(*r);
    } else {
      select_core(q);
    }
    order_limit(q);
  }

  void with(const Node& w) {
    out += w.has(kRecursive) ? "WITH RECURSIVE " : "WITH ";
    bool first = true;
    for (const auto& c : w.children) {
      if (c.slot != Slot::Ctes) continue;
      if (!first) out += ", ";
      first = false;
      const Node& cte = *c.node;
      if (const Node* name = cte.get(Slot::Name)) out += print_identifier(*name);
      list(cte, Slot::Columns, " (", ")");
      out += " AS (";
      if (const Node* body = cte.get(Slot::Query)) query(*body);
      out += ')';
    }
  }

  void select_core(const Node& s) {
    out += "SELECT ";
    if (s.has(kDistinct))
      out += "DISTINCT ";
    else if (s.has(kAll))
      out += "ALL ";
    list(s, Slot::Columns, "", "");
    from(s, " FROM ");
    if (const Node* w = s.get(Slot::Where)) {
      out += " WHERE ";
      expr(*w, 0, 0);
    }
    list(s, Slot::GroupBy, " GROUP BY ", "");
    if (const Node* h = s.get(Slot::Having)) {
      out += " HAVING ";
      expr(*h, 0, 0);
    }
  }

  void order_limit(const Node& q) {
    list(q, Slot::OrderBy, " ORDER BY ", "");
    const Node* limit = q.get(Slot::Limit);
    const Node* offset = q.get(Slot::Offset);
    if (!limit) return;
    out += " LIMIT ";
    if (offset && q.has(kLimitComma)) {
      expr(*offset, 0, 0);
      out += ", ";
      expr(*limit, 0, 0);
      return;
    }
    expr(*limit, 0, 0);
    if (offset) {
      out += " OFFSET ";
      expr(*offset, 0, 0);
    }
  }

  // Children of `slot`, comma-separated, between `open` and `close`; nothing when the slot is empty.
  void list(const Node& n, Slot slot, const char* open, const char* close) {
    bool first = true;
    for (const auto& c : n.children) {
      if (c.slot != slot) continue;
      out += first ? open : ", ";
      first = false;
      node(*c.node);
    }
    if (!first) out += close;
  }

  void from(const Node& owner, const char* open) {
    bool first = true;
    for (const auto& c : owner.children) {
      if (c.slot != Slot::From) continue;
      if (first) out += open;
      first = false;
      node(*c.node);
    }
  }

  void join(const Node& j) {
    if (j.text == ",") {
      out += ", ";
    } else {
      out += ' ';
      out += j.text.empty() ? "JOIN" : j.text;
      out += ' ';
    }
    if (const Node* s = j.get(Slot::Source)) source(*s);
    if (const Node* on = j.get(Slot::On)) {
      out += " ON ";
      expr(*on, 0, 0);
    }
    list(j, Slot::Using, " USING (", ")");
  }

  void alias(const Node& owner) {
    if (const Node* a = owner.get(Slot::Alias)) {
      out += owner.has(kHasAs) ? " AS " : " ";
      out += print_identifier(*a);
    }
  }

  void source(const Node& s) {
    if (s.kind == Kind::Table) {
      if (const Node* sc = s.get(Slot::Schema)) {
        out += print_identifier(*sc);
        out += '.';
      }
      if (const Node* n = s.get(Slot::Name)) out += print_identifier(*n);
    } else if (s.kind == Kind::Subquery) {
      out += '(';
      if (const Node* q = s.get(Slot::Query)) query(*q);
      out += ')';
    } else if (s.kind == Kind::JoinGroup) {
      out += '(';
      from(s, "");
      out += ')';
    } else {
      expr(s, 0, 0);
      return;
    }
    alias(s);
  }

  void child(const Node* n, int need, int follow, bool left = false) {
    if (!n) return;
    // A left operand's own left edge only matters to whatever stands before the parent, which the parent's
    // effective precedence already accounts for; here only its top-level operator decides (fuzzer finding:
    // "a IN t + b + c" gained parentheses, and so a Paren node, when printed).
    int p = left ? prec(*n) : effective_prec(*n);
    bool open_not = n->kind == Kind::Unary && n->text == "NOT" && follow < kPrintPrecNot;
    bool closed_left_operand = left && closed_right(*n);
    if (p < need && !open_not && !closed_left_operand) {
      out += '(';
      expr(*n, 0, 0);
      out += ')';
    } else {
      expr(*n, need, follow);
    }
  }

  void expr(const Node& n, int, int follow) {
    switch (n.kind) {
      case Kind::Identifier:
        out += print_identifier(n);
        return;
      case Kind::Column:
        for (Slot s : {Slot::Schema, Slot::Table}) {
          if (const Node* part = n.get(s)) {
            out += print_identifier(*part);
            out += '.';
          }
        }
        if (const Node* name = n.get(Slot::Name)) out += print_identifier(*name);
        return;
      case Kind::Number:
      case Kind::Constant:
      case Kind::Parameter:
        out += n.text;
        return;
      case Kind::String:
        append_quoted(out, n.text, n.quote ? n.quote : '\'', n.quote ? n.quote : '\'');
        return;
      case Kind::Blob:
        out += "X'";
        out += n.text;
        out += '\'';
        return;
      case Kind::Null:
        out += "NULL";
        return;
      case Kind::Star:
        if (const Node* t = n.get(Slot::Table)) {
          out += print_identifier(*t);
          out += '.';
        }
        out += '*';
        return;
      case Kind::Alias:
        child(n.get(Slot::This), 0, 0);
        alias(n);
        return;
      case Kind::Ordering:
        child(n.get(Slot::This), 0, 0);
        if (!n.text.empty()) {
          out += ' ';
          out += n.text;
        }
        if (n.has(kNullsFirst)) out += " NULLS FIRST";
        if (n.has(kNullsLast)) out += " NULLS LAST";
        return;
      case Kind::Unary: {
        out += n.text;
        const Node* operand = n.get(Slot::This);
        if (n.text == "NOT") {
          out += ' ';
          child(operand, kPrintPrecNot, follow);
        } else {
          if (operand && operand->kind == Kind::Unary && (operand->text == "-" || operand->text == "+")) out += ' ';
          child(operand, kPrintPrecUnary, follow);
        }
        return;
      }
      case Kind::Binary: {
        int p = binary_prec(n.text);
        child(n.get(Slot::Left), p, p, true);
        out += ' ';
        out += n.text;
        out += ' ';
        child(n.get(Slot::Right), p + 1, follow);
        return;
      }
      case Kind::Like: {
        child(n.get(Slot::Left), kPrintPrecEquality, kPrintPrecEquality, true);
        out += n.has(kNot) ? " NOT " : " ";
        out += n.text;
        out += ' ';
        const Node* esc = n.get(Slot::Escape);
        child(n.get(Slot::Right), kPrintPrecEquality + 1, esc ? 0 : follow);
        if (esc) {
          out += " ESCAPE ";
          child(esc, kPrintPrecEquality + 1, follow);
        }
        return;
      }
      case Kind::In:
        child(n.get(Slot::This), kPrintPrecEquality, kPrintPrecEquality, true);
        out += n.has(kNot) ? " NOT IN " : " IN ";
        if (const Node* src = n.get(Slot::Source)) {
          source(*src);
        } else if (const Node* q = n.get(Slot::Query)) {
          out += '(';
          query(*q);
          out += ')';
        } else {
          out += '(';
          list(n, Slot::Items, "", "");
          out += ')';
        }
        return;
      case Kind::Between:
        child(n.get(Slot::This), kPrintPrecEquality, kPrintPrecEquality, true);
        out += n.has(kNot) ? " NOT BETWEEN " : " BETWEEN ";
        child(n.get(Slot::Low), kPrintPrecEquality + 1, 0);
        out += " AND ";
        child(n.get(Slot::High), kPrintPrecEquality + 1, follow);
        return;
      case Kind::Postfix:
        child(n.get(Slot::This), kPrintPrecEquality, kPrintPrecEquality, true);
        out += ' ';
        out += n.text;
        return;
      case Kind::Collate:
        child(n.get(Slot::This), kPrintPrecCollate, kPrintPrecCollate, true);
        out += " COLLATE ";
        out += n.text;
        return;
      case Kind::Case:
        out += "CASE";
        if (const Node* op = n.get(Slot::Operand)) {
          out += ' ';
          expr(*op, 0, 0);
        }
        for (const auto& c : n.children) {
          if (c.slot != Slot::Whens) continue;
          out += " WHEN ";
          if (const Node* cond = c.node->get(Slot::Condition)) expr(*cond, 0, 0);
          out += " THEN ";
          if (const Node* res = c.node->get(Slot::Result)) expr(*res, 0, 0);
        }
        if (const Node* e = n.get(Slot::Else)) {
          out += " ELSE ";
          expr(*e, 0, 0);
        }
        out += " END";
        return;
      case Kind::When:
        if (const Node* cond = n.get(Slot::Condition)) expr(*cond, 0, 0);
        return;
      case Kind::Cast:
        out += "CAST(";
        if (const Node* e = n.get(Slot::This)) expr(*e, 0, 0);
        out += " AS ";
        out += n.text;
        out += ')';
        return;
      case Kind::Function:
        function(n);
        return;
      case Kind::Window:
        window(n);
        return;
      case Kind::Frame:
        frame(n);
        return;
      case Kind::FrameBound:
        frame_bound(n);
        return;
      case Kind::Exists:
        out += "EXISTS (";
        if (const Node* q = n.get(Slot::Query)) query(*q);
        out += ')';
        return;
      case Kind::Subquery:
        out += '(';
        if (const Node* q = n.get(Slot::Query)) query(*q);
        out += ')';
        return;
      case Kind::Paren:
        out += '(';
        if (const Node* e = n.get(Slot::This)) expr(*e, 0, 0);
        out += ')';
        return;
      case Kind::Tuple:
        out += '(';
        list(n, Slot::Items, "", "");
        out += ')';
        return;
      default:
        node(n);
        return;
    }
  }

  void function(const Node& f) {
    out += f.text;
    out += '(';
    if (f.has(kStar)) {
      out += '*';
    } else {
      if (f.has(kDistinct))
        out += "DISTINCT ";
      else if (f.has(kAll))
        out += "ALL ";
      list(f, Slot::Args, "", "");
    }
    out += ')';
    if (const Node* filter = f.get(Slot::Filter)) {
      out += " FILTER (WHERE ";
      expr(*filter, 0, 0);
      out += ')';
    }
    if (const Node* w = f.get(Slot::Over)) {
      out += " OVER ";
      window(*w);
    }
  }

  void window(const Node& w) {
    if (!w.text.empty() && w.children.empty()) {
      out += w.text;
      return;
    }
    out += '(';
    size_t start = out.size();
    list(w, Slot::PartitionBy, "PARTITION BY ", "");
    if (w.get(Slot::OrderBy)) {
      if (out.size() > start) out += ' ';
      list(w, Slot::OrderBy, "ORDER BY ", "");
    }
    if (const Node* f = w.get(Slot::Frame)) {
      if (out.size() > start) out += ' ';
      frame(*f);
    }
    out += ')';
  }

  void frame(const Node& f) {
    out += f.text;
    out += ' ';
    if (f.has(kBetween)) {
      out += "BETWEEN ";
      if (const Node* s = f.get(Slot::Start)) frame_bound(*s);
      out += " AND ";
      if (const Node* e = f.get(Slot::End)) frame_bound(*e);
    } else if (const Node* s = f.get(Slot::Start)) {
      frame_bound(*s);
    }
    if (const Node* x = f.get(Slot::Exclude)) {
      out += " EXCLUDE ";
      out += x->text;
    }
  }

  void frame_bound(const Node& b) {
    if (const Node* e = b.get(Slot::This)) {
      expr(*e, 0, 0);
      out += ' ';
    }
    out += b.text;
  }
};

}  // namespace

bool identifier_needs_quotes(std::string_view name) {
  if (name.empty() || (name[0] >= '0' && name[0] <= '9') || name[0] == '$') return true;
  for (char c : name)
    if (!is_identifier_char(static_cast<unsigned char>(c))) return true;
  return is_sqlite_keyword(name);
}

std::string print_identifier(const Node& id) {
  std::string out;
  switch (id.quote) {
    case '"':
      append_quoted(out, id.text, '"', '"');
      break;
    case '`':
      append_quoted(out, id.text, '`', '`');
      break;
    case '[':
      if (id.text.find(']') == std::string::npos)
        append_quoted(out, id.text, '[', ']');
      else
        append_quoted(out, id.text, '"', '"');
      break;
    case '\'':
      append_quoted(out, id.text, '\'', '\'');
      break;
    default:
      if (id.has(kBareKeyword) || !identifier_needs_quotes(id.text))
        out = id.text;
      else
        append_quoted(out, id.text, '"', '"');
      break;
  }
  return out;
}

std::string print_sql(const Node& node) {
  Printer p;
  p.out.reserve(256);
  p.node(node);
  return std::move(p.out);
}

std::string normalized_sql(std::string_view sql) {
  auto ast = parse_sql(sql);
  if (ast.ok()) {
    // SQLite reads function names and unquoted identifiers case-insensitively: count(*) FROM Atom and COUNT(*)
    // FROM atom are one query. Strings and quoted names keep their case. Iterative: trees may be deep.
    std::vector<Node*> stack{ast->get()};
    while (!stack.empty()) {
      Node* n = stack.back();
      stack.pop_back();
      if (n->kind == Kind::Function)
        for (char& c : n->text) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      if (n->kind == Kind::Identifier && n->quote == 0)
        for (char& c : n->text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      for (auto& child : n->children)
        if (child.node) stack.push_back(child.node.get());
    }
    return print_sql(**ast);
  }
  const size_t b = sql.find_first_not_of(" \t\r\n");
  const size_t e = sql.find_last_not_of(" \t\r\n;");
  return b == std::string_view::npos || e < b ? std::string() : std::string(sql.substr(b, e - b + 1));
}

}  // namespace chokepoint::sql
