// Port of evaluation.py's hardness functions (count_component1, count_component2, count_others, eval_hardness).
#include "core/exact_match/hardness.h"

namespace chokepoint::em {
namespace {

int count_or(const Condition& c) {
  int n = 0;
  for (Conj j : c.conj) n += j == Conj::Or;
  return n;
}

int count_like(const Condition& c) {
  int n = 0;
  for (const auto& u : c.units) n += u.op == kOpLike;
  return n;
}

// evaluation.py get_nestedSQL, counted.
int count_nested(const SpiderSql& sql) {
  int n = 0;
  for (const Condition* c : {&sql.from_conds, &sql.where, &sql.having})
    for (const auto& u : c->units) n += (u.val1.kind == Value::Kind::Query) + (u.val2.kind == Value::Kind::Query);
  n += (sql.intersect != nullptr) + (sql.except_ != nullptr) + (sql.union_ != nullptr);
  return n;
}

}  // namespace

const char* hardness_name(Hardness h) {
  switch (h) {
    case Hardness::Easy:
      return "easy";
    case Hardness::Medium:
      return "medium";
    case Hardness::Hard:
      return "hard";
    case Hardness::Extra:
      return "extra";
  }
  return "?";
}

int count_component1(const SpiderSql& sql) {
  int count = 0;
  count += !sql.where.empty();
  count += !sql.group_by.empty();
  count += sql.has_order;
  count += sql.limit.has_value();
  if (!sql.from.empty()) count += static_cast<int>(sql.from.size()) - 1;
  count += count_or(sql.from_conds) + count_or(sql.where) + count_or(sql.having);
  count += count_like(sql.from_conds) + count_like(sql.where) + count_like(sql.having);
  return count;
}

int count_component2(const SpiderSql& sql) { return count_nested(sql); }

int count_others(const SpiderSql& sql) {
  int agg = 0;
  for (const auto& s : sql.select) agg += s.agg != kAggNone;
  for (const auto& u : sql.where.units) agg += u.not_op;  // has_agg(cond_unit) reads not_op
  for (const auto& g : sql.group_by) agg += g.agg != kAggNone;
  if (sql.has_order) {
    for (const auto& v : sql.order_by) agg += v.col1.agg != kAggNone;
    for (const auto& v : sql.order_by) agg += v.col2 && v.col2->agg != kAggNone;
  }
  for (const auto& u : sql.having.units) agg += u.not_op;
  agg += static_cast<int>(sql.having.conj.size());  // has_agg('and') is 'a' != 0
  int count = 0;
  count += agg > 1;
  count += sql.select.size() > 1;
  count += sql.where.list_size() > 1;
  count += sql.group_by.size() > 1;
  return count;
}

Hardness eval_hardness(const SpiderSql& sql) {
  int c1 = count_component1(sql);
  int c2 = count_component2(sql);
  int others = count_others(sql);
  if (c1 <= 1 && others == 0 && c2 == 0) return Hardness::Easy;
  if ((others <= 2 && c1 <= 1 && c2 == 0) || (c1 <= 2 && others < 2 && c2 == 0)) return Hardness::Medium;
  if ((others > 2 && c1 <= 2 && c2 == 0) || (2 < c1 && c1 <= 3 && others <= 2 && c2 == 0) ||
      (c1 <= 1 && others == 0 && c2 <= 1))
    return Hardness::Hard;
  return Hardness::Extra;
}

}  // namespace chokepoint::em
