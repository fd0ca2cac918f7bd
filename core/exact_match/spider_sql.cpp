// Spider's parsed-SQL structure: constructors, Python-style equality and the json.dumps-shaped view.
#include "core/exact_match/spider_sql.h"

namespace chokepoint::em {
namespace {

const char* const kAggNames[] = {"none", "max", "min", "count", "sum", "avg"};
const char* const kUnitNames[] = {"none", "-", "+", "*", "/"};
const char* const kWhereNames[] = {"not", "between", "=", ">", "<", ">=", "<=", "!=", "in", "like", "is", "exists"};

template <size_t N>
const char* name_at(const char* const (&names)[N], int i) {
  return i >= 0 && static_cast<size_t>(i) < N ? names[i] : "?";
}

bool same_query(const std::shared_ptr<const SpiderSql>& a, const std::shared_ptr<const SpiderSql>& b) {
  if (!a || !b) return !a && !b;
  return a == b || *a == *b;
}

nlohmann::ordered_json tri_json(Tri t) {
  if (t == Tri::None) return nullptr;
  return t == Tri::True;
}

nlohmann::ordered_json col_json(const ColUnit& c) {
  return nlohmann::ordered_json::array({c.agg, c.column, tri_json(c.distinct)});
}

nlohmann::ordered_json val_unit_json(const ValUnit& v) {
  return nlohmann::ordered_json::array(
      {v.op, col_json(v.col1), v.col2 ? col_json(*v.col2) : nlohmann::ordered_json(nullptr)});
}

nlohmann::ordered_json value_json(const Value& v) {
  switch (v.kind) {
    case Value::Kind::None:
      return nullptr;
    case Value::Kind::Number:
      return v.number;
    case Value::Kind::Text:
      return v.text;
    case Value::Kind::Column:
      return col_json(v.column);
    case Value::Kind::Query:
      return to_json(*v.query);
  }
  return nullptr;
}

nlohmann::ordered_json condition_json(const Condition& c) {
  auto out = nlohmann::ordered_json::array();
  for (size_t i = 0; i < c.units.size(); ++i) {
    const CondUnit& u = c.units[i];
    out.push_back(nlohmann::ordered_json::array(
        {u.not_op, u.op, val_unit_json(u.val_unit), value_json(u.val1), value_json(u.val2)}));
    if (i < c.conj.size()) out.push_back(c.conj[i] == Conj::And ? "and" : "or");
  }
  return out;
}

nlohmann::ordered_json nested_json(const std::shared_ptr<const SpiderSql>& q) {
  return q ? to_json(*q) : nlohmann::ordered_json(nullptr);
}

}  // namespace

const char* agg_name(int agg) { return name_at(kAggNames, agg); }
const char* unit_op_name(int op) { return name_at(kUnitNames, op); }
const char* where_op_name(int op) { return name_at(kWhereNames, op); }

int agg_id(const std::string& lower) {
  for (int i = 0; i < 6; ++i)
    if (lower == kAggNames[i]) return i;
  return -1;
}

Value Value::of_number(double d) {
  Value v;
  v.kind = Kind::Number;
  v.number = d;
  return v;
}

Value Value::of_text(std::string t) {
  Value v;
  v.kind = Kind::Text;
  v.text = std::move(t);
  return v;
}

Value Value::of_column(ColUnit c) {
  Value v;
  v.kind = Kind::Column;
  v.column = std::move(c);
  return v;
}

Value Value::of_query(SpiderSql q) {
  Value v;
  v.kind = Kind::Query;
  v.query = std::make_shared<const SpiderSql>(std::move(q));
  return v;
}

SpiderSql empty_spider_sql() { return SpiderSql{}; }

bool operator==(const ColUnit& a, const ColUnit& b) {
  return a.agg == b.agg && a.column == b.column && a.distinct == b.distinct;
}

bool operator==(const ValUnit& a, const ValUnit& b) { return a.op == b.op && a.col1 == b.col1 && a.col2 == b.col2; }

bool operator==(const Value& a, const Value& b) {
  if (a.kind != b.kind) return false;
  switch (a.kind) {
    case Value::Kind::None:
      return true;
    case Value::Kind::Number:
      return a.number == b.number;  // Python float ==: nan differs from itself
    case Value::Kind::Text:
      return a.text == b.text;
    case Value::Kind::Column:
      return a.column == b.column;
    case Value::Kind::Query:
      return same_query(a.query, b.query);
  }
  return false;
}

bool operator==(const CondUnit& a, const CondUnit& b) {
  return a.not_op == b.not_op && a.op == b.op && a.val_unit == b.val_unit && a.val1 == b.val1 && a.val2 == b.val2;
}

bool operator==(const Condition& a, const Condition& b) {
  if (a.list_size() != b.list_size()) return false;
  // Python compares the interleaved lists; with equal lengths and the invariant, slices compare the same.
  return a.units == b.units && a.conj == b.conj;
}

bool operator==(const TableUnit& a, const TableUnit& b) {
  if (a.is_sql != b.is_sql) return false;
  return a.is_sql ? same_query(a.sql, b.sql) : a.table == b.table;
}

bool operator==(const SelectItem& a, const SelectItem& b) { return a.agg == b.agg && a.val_unit == b.val_unit; }

bool operator==(const SpiderSql& a, const SpiderSql& b) {
  return a.distinct == b.distinct && a.select == b.select && a.from == b.from && a.from_conds == b.from_conds &&
         a.where == b.where && a.group_by == b.group_by && a.having == b.having && a.has_order == b.has_order &&
         (!a.has_order || (a.order_desc == b.order_desc && a.order_by == b.order_by)) && a.limit == b.limit &&
         same_query(a.intersect, b.intersect) && same_query(a.union_, b.union_) && same_query(a.except_, b.except_);
}

nlohmann::ordered_json to_json(const SpiderSql& sql) {
  nlohmann::ordered_json j;
  auto units = nlohmann::ordered_json::array();
  for (const auto& t : sql.from) {
    if (t.is_sql)
      units.push_back(nlohmann::ordered_json::array({"sql", to_json(*t.sql)}));
    else
      units.push_back(nlohmann::ordered_json::array({"table_unit", t.table}));
  }
  j["from"] = {{"table_units", units}, {"conds", condition_json(sql.from_conds)}};
  auto items = nlohmann::ordered_json::array();
  for (const auto& s : sql.select) items.push_back(nlohmann::ordered_json::array({s.agg, val_unit_json(s.val_unit)}));
  j["select"] = nlohmann::ordered_json::array({tri_json(sql.distinct), items});
  j["where"] = condition_json(sql.where);
  auto group = nlohmann::ordered_json::array();
  for (const auto& g : sql.group_by) group.push_back(col_json(g));
  j["groupBy"] = group;
  j["having"] = condition_json(sql.having);
  if (sql.has_order) {
    auto order = nlohmann::ordered_json::array();
    for (const auto& v : sql.order_by) order.push_back(val_unit_json(v));
    j["orderBy"] = nlohmann::ordered_json::array({sql.order_desc ? "desc" : "asc", order});
  } else {
    j["orderBy"] = nlohmann::ordered_json::array();
  }
  j["limit"] = sql.limit ? nlohmann::ordered_json(*sql.limit) : nlohmann::ordered_json(nullptr);
  j["intersect"] = nested_json(sql.intersect);
  j["union"] = nested_json(sql.union_);
  j["except"] = nested_json(sql.except_);
  return j;
}

}  // namespace chokepoint::em
