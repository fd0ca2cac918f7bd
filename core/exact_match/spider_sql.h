// Spider's parsed-SQL structure: the dict process_sql.py's get_sql builds and evaluation.py compares (the comment
// block heading both files). Column references are Spider's keys, "__table.column__" in lower case, "__all__" for
// `*`; operators carry Spider's numbers (AGG_OPS, UNIT_OPS, WHERE_OPS). Equality is Python's `==` on those
// tuples, lists and dicts, which is all exact set match needs.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace chokepoint::em {

// process_sql.py AGG_OPS = ('none', 'max', 'min', 'count', 'sum', 'avg')
enum AggId : int { kAggNone = 0, kAggMax, kAggMin, kAggCount, kAggSum, kAggAvg };
// process_sql.py UNIT_OPS = ('none', '-', '+', "*", '/')
enum UnitOp : int { kUnitNone = 0, kUnitMinus, kUnitPlus, kUnitTimes, kUnitDivide };
// process_sql.py WHERE_OPS = ('not', 'between', '=', '>', '<', '>=', '<=', '!=', 'in', 'like', 'is', 'exists')
enum WhereOp : int {
  kOpNot = 0,
  kOpBetween,
  kOpEq,
  kOpGt,
  kOpLt,
  kOpGe,
  kOpLe,
  kOpNe,
  kOpIn,
  kOpLike,
  kOpIs,
  kOpExists
};

const char* agg_name(int agg);         // "none", "max", ...; "?" out of range
const char* unit_op_name(int op);      // "none", "-", ...
const char* where_op_name(int op);     // "not", "between", "=", ...
int agg_id(const std::string& lower);  // -1 when `lower` is not in AGG_OPS

// A Python bool that rebuild_sql_col may set to None (DISABLE_DISTINCT): None differs from both False and True.
enum class Tri : int8_t { False, True, None };

// col_unit: (agg_id, col_id, isDistinct)
struct ColUnit {
  int agg = kAggNone;
  std::string column;  // "__table.column__", "__all__", or a placeholder the AST builder makes (spider_from_ast.h)
  Tri distinct = Tri::False;
};

// val_unit: (unit_op, col_unit1, col_unit2); col_unit2 is present exactly when unit_op != none.
struct ValUnit {
  int op = kUnitNone;
  ColUnit col1;
  std::optional<ColUnit> col2;
};

struct SpiderSql;

// A condition's value: a number (Python float), a string token with its quotes ("\"France\""), a column (col_unit),
// a nested query (dict), or None (rebuild_sql_val removes every value that is not a query).
struct Value {
  enum class Kind : uint8_t { None, Number, Text, Column, Query };
  Kind kind = Kind::None;
  double number = 0;
  std::string text;
  ColUnit column;
  std::shared_ptr<const SpiderSql> query;  // never null when kind == Query; shared, never modified after building

  static Value none() { return {}; }
  static Value of_number(double d);
  static Value of_text(std::string t);
  static Value of_column(ColUnit c);
  static Value of_query(SpiderSql q);
};

// cond_unit: (not_op, op_id, val_unit, val1, val2)
struct CondUnit {
  bool not_op = false;
  int op = kOpEq;
  ValUnit val_unit;
  Value val1;
  Value val2;
};

enum class Conj : uint8_t { And, Or };

// condition: [cond_unit1, 'and'/'or', cond_unit2, ...] kept as its two slices, units = [::2] and conj = [1::2].
// Invariant: conj.size() is units.size() - 1, or units.size() when the text ended with a dangling AND/OR (which
// Spider's parse_condition keeps), or 0 for an empty condition.
struct Condition {
  std::vector<CondUnit> units;
  std::vector<Conj> conj;
  bool empty() const { return units.empty() && conj.empty(); }
  size_t list_size() const { return units.size() + conj.size(); }  // len() of Spider's list
};

// table_unit: ('table_unit', "__table__") or ('sql', dict)
struct TableUnit {
  bool is_sql = false;
  std::string table;                     // "__table__" when !is_sql
  std::shared_ptr<const SpiderSql> sql;  // when is_sql
};

// One (agg_id, val_unit) of the select list.
struct SelectItem {
  int agg = kAggNone;
  ValUnit val_unit;
};

struct SpiderSql {
  Tri distinct = Tri::False;       // select[0]
  std::vector<SelectItem> select;  // select[1]
  std::vector<TableUnit> from;     // from.table_units
  Condition from_conds;            // from.conds (the ON conditions, joined by 'and')
  Condition where;
  std::vector<ColUnit> group_by;
  Condition having;
  bool has_order = false;   // orderBy is ('asc'|'desc', [...]) rather than []
  bool order_desc = false;  // one direction for the whole clause, as Spider reads it
  std::vector<ValUnit> order_by;
  std::optional<long long> limit;  // Spider's parser always stores 1 (parse_limit); None when absent
  std::shared_ptr<const SpiderSql> intersect;
  std::shared_ptr<const SpiderSql> union_;
  std::shared_ptr<const SpiderSql> except_;
};

// The structure evaluation.py substitutes for a prediction Spider cannot parse (select (False, []), the rest empty).
SpiderSql empty_spider_sql();

bool operator==(const ColUnit& a, const ColUnit& b);
bool operator==(const ValUnit& a, const ValUnit& b);
bool operator==(const Value& a, const Value& b);
bool operator==(const CondUnit& a, const CondUnit& b);
bool operator==(const Condition& a, const Condition& b);
bool operator==(const TableUnit& a, const TableUnit& b);
bool operator==(const SelectItem& a, const SelectItem& b);
bool operator==(const SpiderSql& a, const SpiderSql& b);
inline bool operator!=(const ColUnit& a, const ColUnit& b) { return !(a == b); }
inline bool operator!=(const ValUnit& a, const ValUnit& b) { return !(a == b); }
inline bool operator!=(const Value& a, const Value& b) { return !(a == b); }
inline bool operator!=(const SpiderSql& a, const SpiderSql& b) { return !(a == b); }

// The structure as json.dumps would print Spider's dict (tuples as arrays, None as null), for tests and debugging.
nlohmann::ordered_json to_json(const SpiderSql& sql);

}  // namespace chokepoint::em
