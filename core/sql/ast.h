// The SQL syntax tree, in the style of sqlglot: every node has a Kind, a few scalar attributes (text, quote, flags)
// and children in named Slots, plus a parent link. One walk/find/replace/detach/clone serves every transform, so
// join expansion, mutation operators and identifier renaming are short functions from tree to tree.
//
// Spelling is kept: identifiers remember their quote character and case, string literals their quote, numbers their
// digits. Keyword case is not kept (the printer writes upper case). Parentheses written by the user are Paren nodes.
//
// Node kinds and their slots (`*` = list slot, several children in order; others hold at most one child):
//   Select      With, Columns*, From*, Where, GroupBy*, Having, OrderBy*, Limit, Offset
//               flags Distinct | All | LimitComma ("LIMIT offset, count"). From* holds one source (Table, Subquery,
//               JoinGroup) followed by Join nodes, left to right.
//   Compound    With, Left, Right, OrderBy*, Limit, Offset; text "UNION", "UNION ALL", "INTERSECT", "EXCEPT".
//               Left-deep: a UNION b EXCEPT c is Compound(Compound(a, b), c). ORDER BY/LIMIT apply to the whole.
//   With        Ctes*; flag Recursive
//   Cte         Name (Identifier), Columns* (Identifier), Query (Select|Compound)
//   Table       Schema (Identifier, optional), Name (Identifier), Alias (Identifier, optional); flag HasAs
//   Subquery    Query, Alias (only in FROM); flag HasAs. Also a scalar subquery "(SELECT ...)" in expressions.
//   JoinGroup   From* (as in Select), Alias: a parenthesised join "(a JOIN b ON ...)" used as a FROM source
//   Join        Source, On, Using* (Identifier); text is the operator as words: ",", "JOIN", "INNER JOIN",
//               "LEFT JOIN", "LEFT OUTER JOIN", "CROSS JOIN", "NATURAL JOIN", "NATURAL LEFT JOIN", ...
//   Alias       This, Alias (Identifier); flag HasAs. A result column with a name: "expr AS name".
//   Star        Table (Identifier, optional): "*" or "t.*"
//   Ordering    This; text "ASC", "DESC" or ""; flags NullsFirst | NullsLast
//   Identifier  text = name as written without quotes; quote = '"', '`', '[', '\'' or 0 (bare). A bare identifier
//               the parser read is printed bare (flag BareKeyword marks keywords SQLite accepts as names); one a
//               transform creates is quoted with '"' only when needed (keyword, special character, leading digit).
//   Column      Schema, Table (Identifier, optional), Name (Identifier). Note: a double-quoted Column may be a
//               string to SQLite (Spider's "France"); name resolution tells which.
//   Number      text = spelling ("1.5e3", "0x1F")
//   String      text = decoded value; quote '\'' (or '"' when a transform decides a "..." Column is a string)
//   Blob        text = hex digits as written
//   Null        -
//   Constant    text "TRUE", "FALSE", "CURRENT_DATE", "CURRENT_TIME", "CURRENT_TIMESTAMP"
//   Parameter   text = spelling ("?", "?1", ":name")
//   Unary       This; text "-", "+", "~", "NOT"
//   Binary      Left, Right; text "||", "->", "->>", "*", "/", "%", "+", "-", "<<", ">>", "&", "|", "<", "<=", ">",
//               ">=", "=", "==", "!=", "<>", "IS", "IS NOT", "IS DISTINCT FROM", "IS NOT DISTINCT FROM", "AND", "OR"
//   Like        Left, Right, Escape; text "LIKE", "GLOB", "REGEXP", "MATCH"; flag Not
//   In          This, then one of Items* (a list, maybe empty), Query (Select|Compound) or Source (Table); flag Not
//   Between     This, Low, High; flag Not
//   Postfix     This; text "ISNULL", "NOTNULL", "NOT NULL"
//   Collate     This; text = collation name
//   Case        Operand (optional), Whens* (When), Else (optional)
//   When        Condition, Result
//   Cast        This; text = type name as written, words separated by one space ("DECIMAL(10,2)")
//   Function    Args*, Filter (expression of FILTER (WHERE ...)), Over (Window); text = name as written;
//               flags Distinct | Star ("count(*)")
//   Window      PartitionBy*, OrderBy* (Ordering), Frame; text = window name for "OVER name" (then no children)
//   Frame       Start, End (FrameBound), Exclude (Constant, text "NO OTHERS" | "CURRENT ROW" | "GROUP" | "TIES");
//               text "ROWS", "RANGE", "GROUPS"; flag Between when written "BETWEEN start AND end"
//   FrameBound  This (for "expr PRECEDING/FOLLOWING"); text "UNBOUNDED PRECEDING", "UNBOUNDED FOLLOWING",
//               "CURRENT ROW", "PRECEDING", "FOLLOWING"
//   Exists      Query
//   Paren       This: parentheses as written
//   Tuple       Items*: a row value "(a, b)"
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace chokepoint::sql {

enum class Kind : uint8_t {
  Select,
  Compound,
  With,
  Cte,
  Table,
  Subquery,
  JoinGroup,
  Join,
  Alias,
  Star,
  Ordering,
  Identifier,
  Column,
  Number,
  String,
  Blob,
  Null,
  Constant,
  Parameter,
  Unary,
  Binary,
  Like,
  In,
  Between,
  Postfix,
  Collate,
  Case,
  When,
  Cast,
  Function,
  Window,
  Frame,
  FrameBound,
  Exists,
  Paren,
  Tuple,
};

// Children are kept sorted by slot (in this order), list slots in insertion order, so equal trees have equal
// child sequences whichever order a transform added them in.
enum class Slot : uint8_t {
  With,
  Schema,
  Table,
  Name,
  Operand,
  This,
  Left,
  Right,
  Low,
  High,
  Escape,
  Columns,
  Items,
  Query,
  Source,
  From,
  Where,
  GroupBy,
  Having,
  Ctes,
  Whens,
  Condition,
  Result,
  Else,
  Args,
  Filter,
  Over,
  PartitionBy,
  OrderBy,
  Frame,
  Start,
  End,
  Exclude,
  On,
  Using,
  Alias,
  Limit,
  Offset,
};

enum Flag : uint16_t {
  kDistinct = 1 << 0,
  kAll = 1 << 1,
  kNot = 1 << 2,
  kHasAs = 1 << 3,
  kRecursive = 1 << 4,
  kStar = 1 << 5,
  kLimitComma = 1 << 6,
  kNullsFirst = 1 << 7,
  kNullsLast = 1 << 8,
  kBetween = 1 << 9,
  kBareKeyword = 1 << 10,  // Identifier written bare although it is a (fallback) keyword, e.g. a column `first`
};

struct Node;
using NodePtr = std::unique_ptr<Node>;

struct Child {
  Slot slot;
  NodePtr node;
};

struct Node {
  Kind kind;
  std::string text;        // meaning depends on kind (see the table above)
  char quote = 0;          // Identifier and String only
  uint16_t flags = 0;      // Flag bits
  Node* parent = nullptr;  // owner; nullptr for a root
  std::vector<Child> children;
  uint32_t height = 1;  // parser bookkeeping against hostile nesting; not maintained by edits, not compared

  explicit Node(Kind k, std::string t = {}) : kind(k), text(std::move(t)) {}
  Node(const Node&) = delete;
  Node& operator=(const Node&) = delete;
  ~Node();  // iterative, so deep trees cannot overflow the stack on destruction

  bool has(Flag f) const { return (flags & f) != 0; }
  // The first child in `slot`, or nullptr.
  Node* get(Slot slot) const;
  // All children in `slot`, in order.
  std::vector<Node*> list(Slot slot) const;
  // Appends `child` to `slot` (after existing children of that slot) and returns it.
  Node* add(Slot slot, NodePtr child);
  // Replaces the first child of `slot` (adds if empty; removes it if `child` is null). Returns the new child.
  Node* set(Slot slot, NodePtr child);
  // The slot this node occupies in its parent (meaningless for a root).
  Slot slot() const;
};

NodePtr make_node(Kind kind, std::string text = {});
NodePtr make_identifier(std::string name, char quote = 0);
// A column reference "table.name" (table may be empty for an unqualified column); both parts unquoted.
NodePtr make_column(const std::string& table, const std::string& name);

// Deep copy (parent of the copy is null).
NodePtr clone(const Node& node);
// Structural equality: kind, text, quote, flags and children (slots and order); parents and height are ignored.
bool equal(const Node& a, const Node& b);

// Pre-order walk; `visit` returns false to skip the node's children.
void walk(Node& root, const std::function<bool(Node&)>& visit);
void walk(const Node& root, const std::function<bool(const Node&)>& visit);
// All nodes of `kind` in pre-order (root included).
std::vector<Node*> find_all(Node& root, Kind kind);
std::vector<const Node*> find_all(const Node& root, Kind kind);
// The first node of `kind` in pre-order, or nullptr.
Node* find_first(Node& root, Kind kind);

// Removes `node` from its parent and returns ownership of it. A root cannot be detached (returns nullptr).
NodePtr detach(Node& node);
// Puts `replacement` where `node` was (same slot and position) and returns ownership of the old node.
// A root cannot be replaced (returns nullptr and drops nothing: `replacement` is destroyed).
NodePtr replace(Node& node, NodePtr replacement);

const char* kind_name(Kind kind);
const char* slot_name(Slot slot);
// A compact, deterministic dump for tests and debugging: (Binary "=" Left:(Column ...) Right:(Number "1")).
std::string to_sexpr(const Node& node);

}  // namespace chokepoint::sql
