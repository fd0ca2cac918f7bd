// Recursive descent over the token vector. Expressions use precedence climbing with SQLite's levels (parse.y):
//   1 OR  2 AND  3 NOT  4 = == != <> IS IN LIKE GLOB MATCH REGEXP BETWEEN ISNULL NOTNULL  5 < <= > >=
//   7 & | << >>  8 + -  9 * / %  10 || -> ->>  11 COLLATE  12 unary - + ~
// Failures throw an internal ParseFailure that parse_sql converts to an Error; nothing escapes.
#include "core/sql/parser.h"

#include <vector>

namespace chokepoint::sql {
namespace {

struct ParseFailure {};

constexpr int kPrecOr = 1, kPrecAnd = 2, kPrecNot = 3, kPrecEquality = 4, kPrecCompare = 5, kPrecBit = 7, kPrecAdd = 8,
              kPrecMul = 9, kPrecConcat = 10, kPrecCollate = 11;

std::string upper(std::string_view s) {
  std::string out(s);
  for (auto& c : out)
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  return out;
}

class Parser {
 public:
  Parser(std::vector<Token> tokens, SyntaxError& err) : t_(std::move(tokens)), err_(err) {}

  NodePtr statement() {
    NodePtr q = query();
    while (peek().is_op(";")) ++i_;
    if (peek().type != TokenType::End) fail("end of statement");
    return q;
  }

  NodePtr lone_expression() {
    NodePtr e = expr();
    if (peek().type != TokenType::End) fail("end of expression");
    return e;
  }

 private:
  struct DepthGuard {
    explicit DepthGuard(Parser& p) : p_(p) {
      if (++p_.depth_ > kMaxParseDepth) p_.fail_nesting();
    }
    ~DepthGuard() { --p_.depth_; }
    Parser& p_;
  };

  // ---- token helpers ----
  const Token& peek(size_t ahead = 0) const {
    size_t k = i_ + ahead;
    return k < t_.size() ? t_[k] : t_.back();
  }
  const Token& next() {
    const Token& t = t_[i_];
    if (i_ + 1 < t_.size()) ++i_;
    return t;
  }
  bool accept(Keyword k) {
    if (!peek().is(k)) return false;
    ++i_;
    return true;
  }
  bool accept_op(std::string_view op) {
    if (!peek().is_op(op)) return false;
    ++i_;
    return true;
  }
  void expect(Keyword k, const char* what) {
    if (!accept(k)) fail(what);
  }
  void expect_op(std::string_view op) {
    if (!accept_op(op)) fail(("'" + std::string(op) + "'").c_str());
  }

  [[noreturn]] void fail(const std::string& expected) {
    const Token& t = peek();
    err_.line = t.line;
    err_.column = t.column;
    err_.expected = expected;
    if (t.type == TokenType::End) {
      err_.found = "end of input";
    } else {
      std::string_view s = t.text;
      err_.found = std::string(s.substr(0, 40)) + (s.size() > 40 ? "..." : "");
    }
    throw ParseFailure{};
  }
  [[noreturn]] void fail_nesting() { fail("at most " + std::to_string(kMaxParseDepth) + " levels of nesting"); }
  void check_height(const Node& n) {
    if (n.height > static_cast<uint32_t>(kMaxTreeHeight))
      fail("a shallower expression (at most " + std::to_string(kMaxTreeHeight) + " levels)");
  }

  // A word usable as a bare name: not a keyword, or a keyword SQLite lets fall back to an identifier.
  static bool is_name_word(const Token& t) {
    return t.type == TokenType::Word && keyword_is_fallback_identifier(t.keyword);
  }
  static bool is_name(const Token& t) { return is_name_word(t) || t.type == TokenType::QuotedIdentifier; }

  NodePtr identifier_from(const Token& t) {
    if (t.type == TokenType::Word) {
      NodePtr id = make_identifier(std::string(t.text));
      if (t.keyword != Keyword::None || is_sqlite_keyword(t.text)) id->flags |= kBareKeyword;
      return id;
    }
    if (t.type == TokenType::QuotedIdentifier || t.type == TokenType::String)
      return make_identifier(unquote(t.text), t.text.front());
    fail("an identifier");
  }
  // SQLite's grammar takes a string where it expects a name (parse.y: `nm ::= id | STRING | JOIN_KW`), so
  // FROM 'flights' and 'T'.'col' name a table and a column; models write both. The quote is kept for printing.
  NodePtr name(const char* what = "an identifier") {
    if (!is_name(peek()) && peek().type != TokenType::String) fail(what);
    return identifier_from(next());
  }
  // An alias after AS (any name or string) or an implicit one (a name that cannot start the next clause).
  NodePtr alias_opt(Node& owner) {
    if (accept(Keyword::As)) {
      owner.flags |= kHasAs;
      const Token& t = peek();
      if (is_name(t) || t.type == TokenType::String) return identifier_from(next());
      fail("an alias after AS");
    }
    const Token& t = peek();
    if ((is_name(t) && !t.is(Keyword::Window)) || t.type == TokenType::String) return identifier_from(next());
    return nullptr;
  }

  // ---- queries ----
  static bool starts_query(const Token& t) { return t.is(Keyword::Select) || t.is(Keyword::With); }

  NodePtr query() {
    DepthGuard g(*this);
    NodePtr with;
    if (accept(Keyword::With)) with = with_clause();
    NodePtr q = select_core();
    while (peek().is(Keyword::Union) || peek().is(Keyword::Intersect) || peek().is(Keyword::Except)) {
      std::string op = upper(next().text);
      if (op == "UNION" && accept(Keyword::All)) op = "UNION ALL";
      auto c = make_node(Kind::Compound, op);
      c->add(Slot::Left, std::move(q));
      c->add(Slot::Right, select_core());
      check_height(*c);
      q = std::move(c);
    }
    if (accept(Keyword::Order)) {
      expect(Keyword::By, "BY after ORDER");
      do q->add(Slot::OrderBy, ordering());
      while (accept_op(","));
    }
    if (accept(Keyword::Limit)) {
      NodePtr first = expr();
      if (accept(Keyword::Offset)) {
        q->add(Slot::Limit, std::move(first));
        q->add(Slot::Offset, expr());
      } else if (accept_op(",")) {
        q->flags |= kLimitComma;  // LIMIT offset, count
        q->add(Slot::Offset, std::move(first));
        q->add(Slot::Limit, expr());
      } else {
        q->add(Slot::Limit, std::move(first));
      }
    }
    if (with) q->add(Slot::With, std::move(with));
    return q;
  }

  NodePtr with_clause() {
    auto w = make_node(Kind::With);
    if (accept(Keyword::Recursive)) w->flags |= kRecursive;
    do {
      auto cte = make_node(Kind::Cte);
      cte->add(Slot::Name, name("a common table expression name"));
      if (accept_op("(")) {
        do cte->add(Slot::Columns, name("a column name"));
        while (accept_op(","));
        expect_op(")");
      }
      expect(Keyword::As, "AS in a common table expression");
      expect_op("(");
      cte->add(Slot::Query, query());
      expect_op(")");
      w->add(Slot::Ctes, std::move(cte));
    } while (accept_op(","));
    return w;
  }

  NodePtr select_core() {
    expect(Keyword::Select, "SELECT");
    auto s = make_node(Kind::Select);
    if (accept(Keyword::Distinct))
      s->flags |= kDistinct;
    else if (accept(Keyword::All))
      s->flags |= kAll;
    do s->add(Slot::Columns, result_column());
    while (accept_op(","));
    if (accept(Keyword::From)) from_list(*s);
    if (accept(Keyword::Where)) s->add(Slot::Where, expr());
    if (accept(Keyword::Group)) {
      expect(Keyword::By, "BY after GROUP");
      do s->add(Slot::GroupBy, expr());
      while (accept_op(","));
    }
    if (accept(Keyword::Having)) s->add(Slot::Having, expr());
    return s;
  }

  NodePtr result_column() {
    if (accept_op("*")) return make_node(Kind::Star);
    if (is_name(peek()) && peek(1).is_op(".") && peek(2).is_op("*")) {
      auto star = make_node(Kind::Star);
      star->add(Slot::Table, identifier_from(next()));
      i_ += 2;
      return star;
    }
    NodePtr e = expr();
    auto a = make_node(Kind::Alias);
    if (NodePtr al = alias_opt(*a)) {
      a->add(Slot::This, std::move(e));
      a->add(Slot::Alias, std::move(al));
      return a;
    }
    return e;
  }

  // FROM source (join-op source constraint)* into `owner`'s From slot.
  void from_list(Node& owner) {
    owner.add(Slot::From, source());
    for (;;) {
      std::string op;
      if (accept_op(",")) {
        op = ",";
      } else {
        std::string words;
        while (peek().is(Keyword::Natural) || peek().is(Keyword::Left) || peek().is(Keyword::Right) ||
               peek().is(Keyword::Full) || peek().is(Keyword::Outer) || peek().is(Keyword::Inner) ||
               peek().is(Keyword::Cross)) {
          words += upper(next().text);
          words += ' ';
        }
        if (!accept(Keyword::Join)) {
          if (!words.empty()) fail("JOIN");
          return;
        }
        op = words + "JOIN";
      }
      auto j = make_node(Kind::Join, op);
      j->add(Slot::Source, source());
      if (accept(Keyword::On)) {
        j->add(Slot::On, expr());
      } else if (accept(Keyword::Using)) {
        expect_op("(");
        do j->add(Slot::Using, name("a column name"));
        while (accept_op(","));
        expect_op(")");
      }
      owner.add(Slot::From, std::move(j));
    }
  }

  NodePtr source() {
    DepthGuard g(*this);
    if (accept_op("(")) {
      if (starts_query(peek())) {
        auto sq = make_node(Kind::Subquery);
        sq->add(Slot::Query, query());
        expect_op(")");
        if (NodePtr al = alias_opt(*sq)) sq->add(Slot::Alias, std::move(al));
        return sq;
      }
      auto grp = make_node(Kind::JoinGroup);
      from_list(*grp);
      expect_op(")");
      if (NodePtr al = alias_opt(*grp)) grp->add(Slot::Alias, std::move(al));
      return grp;
    }
    auto t = make_node(Kind::Table);
    NodePtr first = name("a table name");
    if (accept_op(".")) {
      t->add(Slot::Schema, std::move(first));
      t->add(Slot::Name, name("a table name"));
    } else {
      t->add(Slot::Name, std::move(first));
    }
    if (NodePtr al = alias_opt(*t)) t->add(Slot::Alias, std::move(al));
    return t;
  }

  NodePtr ordering() {
    auto o = make_node(Kind::Ordering);
    o->add(Slot::This, expr());
    if (accept(Keyword::Asc))
      o->text = "ASC";
    else if (accept(Keyword::Desc))
      o->text = "DESC";
    if (accept(Keyword::Nulls)) {
      if (accept(Keyword::First))
        o->flags |= kNullsFirst;
      else if (accept(Keyword::Last))
        o->flags |= kNullsLast;
      else
        fail("FIRST or LAST after NULLS");
    }
    return o;
  }

  // ---- expressions ----
  NodePtr expr() { return expr_prec(kPrecOr); }

  static NodePtr binary(std::string op, NodePtr l, NodePtr r) {
    auto b = make_node(Kind::Binary, std::move(op));
    b->add(Slot::Left, std::move(l));
    b->add(Slot::Right, std::move(r));
    return b;
  }

  // Precedence of the binary or postfix operator at the cursor (0 if none).
  int operator_prec() const {
    const Token& t = peek();
    if (t.type == TokenType::Operator) {
      std::string_view s = t.text;
      if (s == "=" || s == "==" || s == "!=" || s == "<>") return kPrecEquality;
      if (s == "<" || s == "<=" || s == ">" || s == ">=") return kPrecCompare;
      if (s == "&" || s == "|" || s == "<<" || s == ">>") return kPrecBit;
      if (s == "+" || s == "-") return kPrecAdd;
      if (s == "*" || s == "/" || s == "%") return kPrecMul;
      if (s == "||" || s == "->" || s == "->>") return kPrecConcat;
      return 0;
    }
    if (t.type != TokenType::Word) return 0;
    switch (t.keyword) {
      case Keyword::Or:
        return kPrecOr;
      case Keyword::And:
        return kPrecAnd;
      case Keyword::Is:
      case Keyword::In:
      case Keyword::Like:
      case Keyword::Glob:
      case Keyword::Match:
      case Keyword::Regexp:
      case Keyword::Between:
      case Keyword::Isnull:
      case Keyword::Notnull:
        return kPrecEquality;
      case Keyword::Not: {
        const Token& n = peek(1);
        if (n.is(Keyword::In) || n.is(Keyword::Like) || n.is(Keyword::Glob) || n.is(Keyword::Match) ||
            n.is(Keyword::Regexp) || n.is(Keyword::Between) || n.is(Keyword::Null))
          return kPrecEquality;
        return 0;
      }
      case Keyword::Collate:
        return kPrecCollate;
      default:
        return 0;
    }
  }

  NodePtr expr_prec(int min_prec) {
    DepthGuard g(*this);
    NodePtr left = unary();
    for (;;) {
      int p = operator_prec();
      if (p == 0 || p < min_prec) return left;
      left = operator_at(p, std::move(left));
      check_height(*left);
    }
  }

  // Consumes the operator at the cursor (of precedence p) with `left` as its left operand.
  NodePtr operator_at(int p, NodePtr left) {
    const Token& t = next();
    if (t.type == TokenType::Operator) return binary(std::string(t.text), std::move(left), expr_prec(p + 1));
    switch (t.keyword) {
      case Keyword::Or:
        return binary("OR", std::move(left), expr_prec(kPrecOr + 1));
      case Keyword::And:
        return binary("AND", std::move(left), expr_prec(kPrecAnd + 1));
      case Keyword::Collate: {
        auto c = make_node(Kind::Collate);
        const Token& n = peek();
        if (!is_name(n) && n.type != TokenType::String) fail("a collation name");
        c->text = std::string(next().text);
        c->add(Slot::This, std::move(left));
        return c;
      }
      case Keyword::Isnull:
      case Keyword::Notnull: {
        auto pf = make_node(Kind::Postfix, upper(t.text));
        pf->add(Slot::This, std::move(left));
        return pf;
      }
      case Keyword::Is: {
        std::string op = "IS";
        if (accept(Keyword::Not)) op += " NOT";
        if (accept(Keyword::Distinct)) {
          expect(Keyword::From, "FROM after IS DISTINCT");
          op += " DISTINCT FROM";
        }
        return binary(op, std::move(left), expr_prec(kPrecEquality + 1));
      }
      default:
        break;
    }
    // [NOT] IN / LIKE / GLOB / MATCH / REGEXP / BETWEEN, and NOT NULL.
    bool negated = t.is(Keyword::Not);
    const Token& op = negated ? next() : t;
    if (op.is(Keyword::Null)) {
      auto pf = make_node(Kind::Postfix, "NOT NULL");
      pf->add(Slot::This, std::move(left));
      return pf;
    }
    if (op.is(Keyword::Between)) {
      auto b = make_node(Kind::Between);
      if (negated) b->flags |= kNot;
      b->add(Slot::This, std::move(left));
      b->add(Slot::Low, expr_prec(kPrecEquality + 1));
      expect(Keyword::And, "AND in BETWEEN");
      b->add(Slot::High, expr_prec(kPrecEquality + 1));
      return b;
    }
    if (op.is(Keyword::In)) return in_rhs(std::move(left), negated);
    auto l = make_node(Kind::Like, upper(op.text));
    if (negated) l->flags |= kNot;
    l->add(Slot::Left, std::move(left));
    l->add(Slot::Right, expr_prec(kPrecEquality + 1));
    if (accept(Keyword::Escape)) l->add(Slot::Escape, expr_prec(kPrecEquality + 1));
    return l;
  }

  NodePtr in_rhs(NodePtr left, bool negated) {
    auto in = make_node(Kind::In);
    if (negated) in->flags |= kNot;
    in->add(Slot::This, std::move(left));
    if (accept_op("(")) {
      if (starts_query(peek())) {
        in->add(Slot::Query, query());
      } else if (!peek().is_op(")")) {
        do in->add(Slot::Items, expr());
        while (accept_op(","));
      }
      expect_op(")");
      return in;
    }
    auto t = make_node(Kind::Table);
    NodePtr first = name("'(' or a table name after IN");
    if (accept_op(".")) {
      t->add(Slot::Schema, std::move(first));
      t->add(Slot::Name, name("a table name"));
    } else {
      t->add(Slot::Name, std::move(first));
    }
    in->add(Slot::Source, std::move(t));
    return in;
  }

  NodePtr unary() {
    const Token& t = peek();
    if (t.is(Keyword::Not)) {
      DepthGuard g(*this);
      ++i_;
      auto u = make_node(Kind::Unary, "NOT");
      u->add(Slot::This, expr_prec(kPrecNot));
      check_height(*u);
      return u;
    }
    if (t.is_op("-") || t.is_op("+") || t.is_op("~")) {
      DepthGuard g(*this);
      auto u = make_node(Kind::Unary, std::string(next().text));
      u->add(Slot::This, unary());
      check_height(*u);
      return u;
    }
    return primary();
  }

  NodePtr primary() {
    const Token& t = peek();
    switch (t.type) {
      case TokenType::Number:
        return make_node(Kind::Number, std::string(next().text));
      case TokenType::String: {
        if (peek(1).is_op(".")) return column_ref();  // 'T'.'col': a qualified column (see name())
        auto s = make_node(Kind::String, unquote(next().text));
        s->quote = '\'';
        return s;
      }
      case TokenType::Blob: {
        std::string_view raw = next().text;
        return make_node(Kind::Blob, std::string(raw.substr(2, raw.size() - 3)));
      }
      case TokenType::Parameter:
        return make_node(Kind::Parameter, std::string(next().text));
      case TokenType::Operator:
        if (t.is_op("(")) return parenthesised();
        fail("an expression");
      case TokenType::QuotedIdentifier:
        return column_ref();
      case TokenType::End:
        fail("an expression");
      case TokenType::Word:
        break;
    }
    const Token& n = peek(1);
    switch (t.keyword) {
      case Keyword::Null:
        ++i_;
        return make_node(Kind::Null);
      case Keyword::CurrentDate:
      case Keyword::CurrentTime:
      case Keyword::CurrentTimestamp:
        return make_node(Kind::Constant, upper(next().text));
      case Keyword::True:
      case Keyword::False:
        if (n.is_op(".") || n.is_op("(")) break;
        return make_node(Kind::Constant, upper(next().text));
      case Keyword::Case:
        return case_expr();
      case Keyword::Cast:
        if (n.is_op("(")) return cast_expr();
        break;
      case Keyword::Exists: {
        ++i_;
        expect_op("(");
        auto e = make_node(Kind::Exists);
        e->add(Slot::Query, query());
        expect_op(")");
        return e;
      }
      default:
        break;
    }
    if (n.is_op("(") && (is_name_word(t) || t.keyword == Keyword::Reserved)) return function_call();
    if (is_name_word(t)) return column_ref();
    fail("an expression");
  }

  NodePtr parenthesised() {
    ++i_;  // (
    if (starts_query(peek())) {
      auto sq = make_node(Kind::Subquery);
      sq->add(Slot::Query, query());
      expect_op(")");
      return sq;
    }
    NodePtr first = expr();
    if (accept_op(",")) {
      auto tup = make_node(Kind::Tuple);
      tup->add(Slot::Items, std::move(first));
      do tup->add(Slot::Items, expr());
      while (accept_op(","));
      expect_op(")");
      return tup;
    }
    expect_op(")");
    auto p = make_node(Kind::Paren);
    p->add(Slot::This, std::move(first));
    return p;
  }

  NodePtr column_ref() {
    auto c = make_node(Kind::Column);
    NodePtr a = identifier_from(next());
    if (!accept_op(".")) {
      c->add(Slot::Name, std::move(a));
      return c;
    }
    NodePtr b = name("a column name after '.'");
    if (!accept_op(".")) {
      c->add(Slot::Table, std::move(a));
      c->add(Slot::Name, std::move(b));
      return c;
    }
    c->add(Slot::Schema, std::move(a));
    c->add(Slot::Table, std::move(b));
    c->add(Slot::Name, name("a column name after '.'"));
    return c;
  }

  NodePtr case_expr() {
    ++i_;  // CASE
    auto c = make_node(Kind::Case);
    if (!peek().is(Keyword::When)) c->add(Slot::Operand, expr());
    if (!peek().is(Keyword::When)) fail("WHEN");
    while (accept(Keyword::When)) {
      auto w = make_node(Kind::When);
      w->add(Slot::Condition, expr());
      expect(Keyword::Then, "THEN");
      w->add(Slot::Result, expr());
      c->add(Slot::Whens, std::move(w));
    }
    if (accept(Keyword::Else)) c->add(Slot::Else, expr());
    expect(Keyword::End, "END or ELSE or WHEN");
    return c;
  }

  NodePtr cast_expr() {
    i_ += 2;  // CAST (
    auto c = make_node(Kind::Cast);
    c->add(Slot::This, expr());
    expect(Keyword::As, "AS in CAST");
    std::string type;
    while (peek().type == TokenType::Word || peek().type == TokenType::QuotedIdentifier) {
      if (!type.empty()) type += ' ';
      type += std::string(next().text);
    }
    if (type.empty()) fail("a type name");
    if (accept_op("(")) {
      type += '(';
      for (int k = 0; k < 2; ++k) {
        if (peek().is_op("-") || peek().is_op("+")) type += std::string(next().text);
        if (peek().type != TokenType::Number) fail("a number in the type size");
        type += std::string(next().text);
        if (k == 0 && accept_op(",")) {
          type += ',';
          continue;
        }
        break;
      }
      expect_op(")");
      type += ')';
    }
    c->text = std::move(type);
    expect_op(")");
    return c;
  }

  NodePtr function_call() {
    auto f = make_node(Kind::Function, std::string(next().text));
    ++i_;  // (
    if (accept_op("*")) {
      f->flags |= kStar;
    } else if (!peek().is_op(")")) {
      if (accept(Keyword::Distinct))
        f->flags |= kDistinct;
      else if (accept(Keyword::All))
        f->flags |= kAll;
      do f->add(Slot::Args, expr());
      while (accept_op(","));
    }
    expect_op(")");
    if (peek().is(Keyword::Filter) && peek(1).is_op("(")) {
      i_ += 2;
      expect(Keyword::Where, "WHERE in FILTER");
      f->add(Slot::Filter, expr());
      expect_op(")");
    }
    if (accept(Keyword::Over)) f->add(Slot::Over, window());
    return f;
  }

  NodePtr window() {
    auto w = make_node(Kind::Window);
    if (is_name(peek())) {
      w->text = std::string(next().text);
      return w;
    }
    expect_op("(");
    if (accept(Keyword::Partition)) {
      expect(Keyword::By, "BY after PARTITION");
      do w->add(Slot::PartitionBy, expr());
      while (accept_op(","));
    }
    if (accept(Keyword::Order)) {
      expect(Keyword::By, "BY after ORDER");
      do w->add(Slot::OrderBy, ordering());
      while (accept_op(","));
    }
    if (peek().is(Keyword::Rows) || peek().is(Keyword::Range) || peek().is(Keyword::Groups))
      w->add(Slot::Frame, frame());
    expect_op(")");
    return w;
  }

  NodePtr frame() {
    auto f = make_node(Kind::Frame, upper(next().text));
    if (accept(Keyword::Between)) {
      f->flags |= kBetween;
      f->add(Slot::Start, frame_bound());
      expect(Keyword::And, "AND in the frame");
      f->add(Slot::End, frame_bound());
    } else {
      f->add(Slot::Start, frame_bound());
    }
    if (accept(Keyword::Exclude)) {
      std::string what;
      if (accept(Keyword::No)) {
        expect(Keyword::Others, "OTHERS after EXCLUDE NO");
        what = "NO OTHERS";
      } else if (accept(Keyword::Current)) {
        expect(Keyword::Row, "ROW after EXCLUDE CURRENT");
        what = "CURRENT ROW";
      } else if (accept(Keyword::Group)) {
        what = "GROUP";
      } else if (accept(Keyword::Ties)) {
        what = "TIES";
      } else {
        fail("NO OTHERS, CURRENT ROW, GROUP or TIES");
      }
      f->add(Slot::Exclude, make_node(Kind::Constant, what));
    }
    return f;
  }

  NodePtr frame_bound() {
    if (peek().is(Keyword::Unbounded)) {
      ++i_;
      if (accept(Keyword::Preceding)) return make_node(Kind::FrameBound, "UNBOUNDED PRECEDING");
      if (accept(Keyword::Following)) return make_node(Kind::FrameBound, "UNBOUNDED FOLLOWING");
      fail("PRECEDING or FOLLOWING");
    }
    if (peek().is(Keyword::Current) && peek(1).is(Keyword::Row)) {
      i_ += 2;
      return make_node(Kind::FrameBound, "CURRENT ROW");
    }
    NodePtr e = expr();
    auto b = make_node(Kind::FrameBound);
    if (accept(Keyword::Preceding))
      b->text = "PRECEDING";
    else if (accept(Keyword::Following))
      b->text = "FOLLOWING";
    else
      fail("PRECEDING or FOLLOWING");
    b->add(Slot::This, std::move(e));
    return b;
  }

  std::vector<Token> t_;
  size_t i_ = 0;
  int depth_ = 0;
  SyntaxError& err_;
};

template <typename F>
Result<NodePtr> run(std::string_view sql, SyntaxError* error, F body) {
  SyntaxError local;
  SyntaxError& err = error ? *error : local;
  std::vector<Token> tokens;
  try {
    if (!tokenize(sql, tokens, err)) return Error{err.message()};
    Parser p(std::move(tokens), err);
    return body(p);
  } catch (const ParseFailure&) {
    return Error{err.message()};
  } catch (const std::exception& e) {  // allocation failure on absurd input
    err = SyntaxError{1, 1, "", e.what()};
    return Error{std::string("cannot parse: ") + e.what()};
  }
}

}  // namespace

Result<NodePtr> parse_sql(std::string_view sql, SyntaxError* error) {
  return run(sql, error, [](Parser& p) { return p.statement(); });
}

Result<NodePtr> parse_expression(std::string_view sql, SyntaxError* error) {
  return run(sql, error, [](Parser& p) { return p.lone_expression(); });
}

}  // namespace chokepoint::sql
