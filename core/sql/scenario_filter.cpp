// A recursive-descent parser for scenario filters into a flat vector of terms, and their evaluation.
#include "core/sql/scenario_filter.h"

#include <cctype>

namespace chokepoint::sql {

struct ScenarioFilter::Term {
  enum class Op { Or, And, Not, Eq, Ne, Lt, Le, Gt, Ge } op;
  size_t left = 0, right = 0;  // operand terms (Or, And; Not uses left)
  Characteristic characteristic = Characteristic::Joins;
  long long value = 0;
};

namespace {

using Term = ScenarioFilter::Term;
constexpr size_t kMaxDepth = 64;  // nesting of "(" and "!": a filter is typed by a person

class FilterParser {
 public:
  FilterParser(const std::string& text, std::vector<Term>& terms) : s_(text), terms_(terms) {}

  Result<size_t> parse() {
    auto root = parse_or(0);
    if (!root.ok()) return root;
    skip_space();
    if (pos_ < s_.size()) return fail("expected && or || or the end");
    return root;
  }

 private:
  Error fail(const std::string& what) const {
    const std::string near = pos_ < s_.size() ? "'" + s_.substr(pos_, 12) + "'" : "the end";
    return Error{"scenario filter: " + what + " at character " + std::to_string(pos_ + 1) + " (" + near + ")"};
  }
  void skip_space() {
    while (pos_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[pos_]))) ++pos_;
  }
  bool eat(const char* token) {
    skip_space();
    const std::string t = token;
    if (s_.compare(pos_, t.size(), t) != 0) return false;
    pos_ += t.size();
    return true;
  }
  size_t add(Term t) {
    terms_.push_back(t);
    return terms_.size() - 1;
  }

  Result<size_t> parse_or(size_t depth) {
    auto left = parse_and(depth);
    if (!left.ok()) return left;
    size_t node = *left;
    while (eat("||")) {
      auto right = parse_and(depth);
      if (!right.ok()) return right;
      node = add({Term::Op::Or, node, *right});
    }
    return node;
  }
  Result<size_t> parse_and(size_t depth) {
    auto left = parse_unary(depth);
    if (!left.ok()) return left;
    size_t node = *left;
    while (eat("&&")) {
      auto right = parse_unary(depth);
      if (!right.ok()) return right;
      node = add({Term::Op::And, node, *right});
    }
    return node;
  }
  Result<size_t> parse_unary(size_t depth) {
    if (depth > kMaxDepth) return fail("too deeply nested");
    skip_space();
    if (s_.compare(pos_, 2, "!=") != 0 && eat("!")) {
      auto inner = parse_unary(depth + 1);
      if (!inner.ok()) return inner;
      return add({Term::Op::Not, *inner, 0});
    }
    if (eat("(")) {
      auto inner = parse_or(depth + 1);
      if (!inner.ok()) return inner;
      if (!eat(")")) return fail("expected ')'");
      return inner;
    }
    return parse_test();
  }
  Result<size_t> parse_test() {
    skip_space();
    const size_t start = pos_;
    while (pos_ < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[pos_])) || s_[pos_] == '_')) ++pos_;
    if (pos_ == start) {
      pos_ = start;
      return fail("expected a characteristic name such as joins");
    }
    const std::string name = s_.substr(start, pos_ - start);
    auto c = characteristic_named(name);
    if (!c) {
      std::string known;
      for (size_t i = 0; i < kCharacteristicCount; ++i)
        known += std::string(i ? ", " : "") + characteristic_name(static_cast<Characteristic>(i));
      pos_ = start;
      return fail("unknown characteristic '" + name + "' (known: " + known + ")");
    }
    Term t{Term::Op::Eq};
    t.characteristic = *c;
    // Longest operators first, so "<=" is not read as "<" followed by "=".
    if (eat("=="))
      t.op = Term::Op::Eq;
    else if (eat("!="))
      t.op = Term::Op::Ne;
    else if (eat("<="))
      t.op = Term::Op::Le;
    else if (eat(">="))
      t.op = Term::Op::Ge;
    else if (eat("="))
      t.op = Term::Op::Eq;
    else if (eat("<"))
      t.op = Term::Op::Lt;
    else if (eat(">"))
      t.op = Term::Op::Gt;
    else
      return fail("expected a comparison (=, !=, <, <=, >, >=) after '" + name + "'");
    skip_space();
    const size_t digits = pos_;
    while (pos_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[pos_]))) ++pos_;
    if (pos_ == digits || pos_ - digits > 9) {
      pos_ = digits;
      return fail("expected a whole number");
    }
    t.value = std::stoll(s_.substr(digits, pos_ - digits));
    return add(t);
  }

  const std::string& s_;
  std::vector<Term>& terms_;
  size_t pos_ = 0;
};

bool evaluate(const std::vector<Term>& terms, size_t i, const Characteristics& c) {
  const Term& t = terms[i];
  const long long v = c[static_cast<size_t>(t.characteristic)];
  switch (t.op) {
    case Term::Op::Or:
      return evaluate(terms, t.left, c) || evaluate(terms, t.right, c);
    case Term::Op::And:
      return evaluate(terms, t.left, c) && evaluate(terms, t.right, c);
    case Term::Op::Not:
      return !evaluate(terms, t.left, c);
    case Term::Op::Eq:
      return v == t.value;
    case Term::Op::Ne:
      return v != t.value;
    case Term::Op::Lt:
      return v < t.value;
    case Term::Op::Le:
      return v <= t.value;
    case Term::Op::Gt:
      return v > t.value;
    case Term::Op::Ge:
      return v >= t.value;
  }
  return false;
}

}  // namespace

ScenarioFilter::ScenarioFilter() = default;
ScenarioFilter::~ScenarioFilter() = default;
ScenarioFilter::ScenarioFilter(ScenarioFilter&&) noexcept = default;
ScenarioFilter& ScenarioFilter::operator=(ScenarioFilter&&) noexcept = default;

bool ScenarioFilter::matches(const Characteristics& c) const { return !terms_.empty() && evaluate(terms_, root_, c); }

Result<ScenarioFilter> parse_scenario_filter(const std::string& text) {
  ScenarioFilter f;
  f.text_ = text;
  FilterParser parser(text, f.terms_);
  auto root = parser.parse();
  if (!root.ok()) return Error{root.error()};
  f.root_ = *root;
  return f;
}

}  // namespace chokepoint::sql
