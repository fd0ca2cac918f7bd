// Port of evaluation.py's exact set match: the rebuild functions, the partial-match components, eval_exact_match,
// build_foreign_key_map and the averaging of `evaluate`. Each function names its Python original.
#include "core/exact_match/exact_match.h"

#include <algorithm>
#include <cstdio>
#include <functional>

#include "core/base/text.h"
#include "core/exact_match/spider_from_ast.h"

namespace chokepoint::em {
namespace {

enum Component { kSelect, kSelectNoAgg, kWhere, kWhereNoOp, kGroupNoHaving, kGroup, kOrder, kAndOr, kIuen, kKeywords };

struct Totals {
  int label_total = 0, pred_total = 0, cnt = 0;
};

// evaluation.py get_scores(count, pred_total, label_total)
ComponentScore get_scores(int count, int pred_total, int label_total) {
  ComponentScore s;
  s.gold_count = label_total;
  s.pred_count = pred_total;
  s.match_count = count;
  if (pred_total == label_total && count == pred_total) s.acc = s.rec = s.f1 = 1;
  return s;
}

// Python's `if x in list: list.remove(x)`.
template <typename T>
bool remove_first(std::vector<T>& v, const T& x) {
  auto it = std::find(v.begin(), v.end(), x);
  if (it == v.end()) return false;
  v.erase(it);
  return true;
}

// evaluation.py eval_sel: (label_total, pred_total, cnt, cnt_wo_agg)
std::pair<Totals, int> eval_sel(const SpiderSql& pred, const SpiderSql& label) {
  std::vector<SelectItem> label_sel = label.select;
  std::vector<ValUnit> label_wo_agg;
  for (const auto& u : label_sel) label_wo_agg.push_back(u.val_unit);
  Totals t{static_cast<int>(label.select.size()), static_cast<int>(pred.select.size()), 0};
  int wo = 0;
  for (const auto& unit : pred.select) {
    if (remove_first(label_sel, unit)) ++t.cnt;
    if (remove_first(label_wo_agg, unit.val_unit)) ++wo;
  }
  return {t, wo};
}

// evaluation.py eval_where
std::pair<Totals, int> eval_where(const SpiderSql& pred, const SpiderSql& label) {
  std::vector<CondUnit> label_conds = label.where.units;
  std::vector<ValUnit> label_wo_agg;
  for (const auto& u : label_conds) label_wo_agg.push_back(u.val_unit);
  Totals t{static_cast<int>(label.where.units.size()), static_cast<int>(pred.where.units.size()), 0};
  int wo = 0;
  for (const auto& unit : pred.where.units) {
    if (remove_first(label_conds, unit)) ++t.cnt;
    if (remove_first(label_wo_agg, unit.val_unit)) ++wo;
  }
  return {t, wo};
}

// `col.split(".")[1]` when the key has a dot: the column part without its table.
std::string without_table(const std::string& key) {
  size_t dot = key.find('.');
  if (dot == std::string::npos) return key;
  size_t next = key.find('.', dot + 1);
  return key.substr(dot + 1, next == std::string::npos ? std::string::npos : next - dot - 1);
}

// evaluation.py eval_group: GROUP BY columns compared by column name only.
Totals eval_group(const SpiderSql& pred, const SpiderSql& label) {
  std::vector<std::string> label_cols;
  for (const auto& g : label.group_by) label_cols.push_back(without_table(g.column));
  Totals t{static_cast<int>(label.group_by.size()), static_cast<int>(pred.group_by.size()), 0};
  for (const auto& g : pred.group_by)
    if (remove_first(label_cols, without_table(g.column))) ++t.cnt;
  return t;
}

// evaluation.py eval_having: GROUP BY columns (in order) and HAVING together.
Totals eval_having(const SpiderSql& pred, const SpiderSql& label) {
  Totals t;
  t.pred_total = !pred.group_by.empty();
  t.label_total = !label.group_by.empty();
  auto cols = [](const SpiderSql& s) {
    std::vector<std::string> c;
    for (const auto& g : s.group_by) c.push_back(g.column);
    return c;
  };
  if (t.pred_total == 1 && t.label_total == 1 && cols(pred) == cols(label) && pred.having == label.having) t.cnt = 1;
  return t;
}

bool same_order(const SpiderSql& a, const SpiderSql& b) {
  if (a.has_order != b.has_order) return false;
  return !a.has_order || (a.order_desc == b.order_desc && a.order_by == b.order_by);
}

// evaluation.py eval_order: ORDER BY equal and LIMIT present in both or neither.
Totals eval_order(const SpiderSql& pred, const SpiderSql& label) {
  Totals t;
  t.pred_total = pred.has_order;
  t.label_total = label.has_order;
  if (label.has_order && same_order(pred, label) && pred.limit.has_value() == label.limit.has_value()) t.cnt = 1;
  return t;
}

// evaluation.py eval_and_or: the sets of WHERE connectives. Python returns (len(pred), len(label), 0) as
// (label_total, pred_total, cnt) when they differ; kept.
Totals eval_and_or(const SpiderSql& pred, const SpiderSql& label) {
  std::set<Conj> p(pred.where.conj.begin(), pred.where.conj.end());
  std::set<Conj> l(label.where.conj.begin(), label.where.conj.end());
  if (p == l) return {1, 1, 1};
  return {static_cast<int>(p.size()), static_cast<int>(l.size()), 0};
}

// evaluation.py eval_nested
void eval_nested(const std::shared_ptr<const SpiderSql>& pred, const std::shared_ptr<const SpiderSql>& label,
                 Totals& t) {
  t.pred_total += pred != nullptr;
  t.label_total += label != nullptr;
  if (pred && label) t.cnt += eval_exact_match(*pred, *label);
}

// evaluation.py eval_IUEN
Totals eval_iuen(const SpiderSql& pred, const SpiderSql& label) {
  Totals t;
  eval_nested(pred.intersect, label.intersect, t);
  eval_nested(pred.except_, label.except_, t);
  eval_nested(pred.union_, label.union_, t);
  return t;
}

// evaluation.py get_keywords
std::set<std::string> get_keywords(const SpiderSql& sql) {
  std::set<std::string> res;
  if (!sql.where.empty()) res.insert("where");
  if (!sql.group_by.empty()) res.insert("group");
  if (!sql.having.empty()) res.insert("having");
  if (sql.has_order) {
    res.insert(sql.order_desc ? "desc" : "asc");
    res.insert("order");
  }
  if (sql.limit) res.insert("limit");
  if (sql.except_) res.insert("except");
  if (sql.union_) res.insert("union");
  if (sql.intersect) res.insert("intersect");
  for (const Condition* c : {&sql.from_conds, &sql.where, &sql.having}) {
    for (Conj j : c->conj)
      if (j == Conj::Or) res.insert("or");
    for (const auto& u : c->units) {
      if (u.not_op) res.insert("not");
      if (u.op == kOpIn) res.insert("in");
      if (u.op == kOpLike) res.insert("like");
    }
  }
  return res;
}

// evaluation.py eval_keywords
Totals eval_keywords(const SpiderSql& pred, const SpiderSql& label) {
  std::set<std::string> p = get_keywords(pred), l = get_keywords(label);
  Totals t{static_cast<int>(l.size()), static_cast<int>(p.size()), 0};
  for (const auto& k : p) t.cnt += l.count(k) > 0;
  return t;
}

// sorted(label_tables) == sorted(pred_tables), as multisets.
bool same_table_units(const std::vector<TableUnit>& label, std::vector<TableUnit> pred) {
  if (label.size() != pred.size()) return false;
  for (const auto& t : label)
    if (!remove_first(pred, t)) return false;
  return true;
}

ColUnit rebuild_col_unit_col(const std::set<std::string>& valid, const ColUnit& c, const ForeignKeyMap& kmap) {
  ColUnit out = c;
  auto k = kmap.find(c.column);
  if (k != kmap.end() && valid.count(c.column)) out.column = k->second;
  out.distinct = Tri::None;  // DISABLE_DISTINCT
  return out;
}

ValUnit rebuild_val_unit_col(const std::set<std::string>& valid, const ValUnit& v, const ForeignKeyMap& kmap) {
  ValUnit out = v;
  out.col1 = rebuild_col_unit_col(valid, v.col1, kmap);
  if (v.col2) out.col2 = rebuild_col_unit_col(valid, *v.col2, kmap);
  return out;
}

// rebuild_condition_col: only the val_units; values are left as they are.
Condition rebuild_condition_col(const std::set<std::string>& valid, const Condition& c, const ForeignKeyMap& kmap) {
  Condition out = c;
  for (auto& u : out.units) u.val_unit = rebuild_val_unit_col(valid, u.val_unit, kmap);
  return out;
}

// rebuild_condition_val
Condition rebuild_condition_val(const Condition& c) {
  Condition out = c;
  for (auto& u : out.units) {
    for (Value* v : {&u.val1, &u.val2})
      *v = v->kind == Value::Kind::Query ? Value::of_query(rebuild_sql_val(*v->query)) : Value::none();
  }
  return out;
}

std::shared_ptr<const SpiderSql> rebuilt(const std::shared_ptr<const SpiderSql>& q,
                                         const std::function<SpiderSql(const SpiderSql&)>& f) {
  return q ? std::make_shared<const SpiderSql>(f(*q)) : nullptr;
}

const char* const kComponentNames[kComponentCount] = {
    "select", "select(no AGG)", "where",  "where(no OP)", "group(no Having)",
    "group",  "order",          "and/or", "IUEN",         "keywords"};

}  // namespace

const char* em_parser_name(EmParser p) { return p == EmParser::Ours ? "ours" : "spider"; }

const std::array<const char*, kComponentCount>& component_names() {
  static const std::array<const char*, kComponentCount> names = {
      kComponentNames[0], kComponentNames[1], kComponentNames[2], kComponentNames[3], kComponentNames[4],
      kComponentNames[5], kComponentNames[6], kComponentNames[7], kComponentNames[8], kComponentNames[9]};
  return names;
}

// evaluation.py build_foreign_key_map: columns numbered as tables.json does ("*" is 0); each foreign key joins the
// first group holding either end (not a full union-find, as in Python); each group maps to its lowest-numbered
// column. Foreign keys are taken table by table (Schema keeps them per table), which gives the same map as
// tables.json's order on every Spider database.
ForeignKeyMap build_foreign_key_map(const Schema& schema) {
  std::vector<std::string> cols = {"__all__"};
  std::map<std::pair<std::string, std::string>, int> index;
  for (const auto& t : schema.tables) {
    for (const auto& c : t.columns) {
      std::string tn = to_lower_ascii(t.name), cn = to_lower_ascii(c.name);
      index.emplace(std::make_pair(tn, cn), static_cast<int>(cols.size()));
      cols.push_back("__" + tn + "." + cn + "__");
    }
  }
  auto find = [&](const std::string& table, const std::string& column) {
    auto it = index.find({to_lower_ascii(table), to_lower_ascii(column)});
    return it == index.end() ? -1 : it->second;
  };
  std::vector<std::set<int>> key_sets;
  for (const auto& t : schema.tables) {
    for (const auto& fk : t.foreign_keys) {
      for (size_t i = 0; i < fk.from_columns.size() && i < fk.to_columns.size(); ++i) {
        int k1 = find(t.name, fk.from_columns[i]), k2 = find(fk.to_table, fk.to_columns[i]);
        if (k1 < 0 || k2 < 0) continue;
        std::set<int>* target = nullptr;
        for (auto& s : key_sets) {
          if (s.count(k1) || s.count(k2)) {
            target = &s;
            break;
          }
        }
        if (!target) {
          key_sets.emplace_back();
          target = &key_sets.back();
        }
        target->insert(k1);
        target->insert(k2);
      }
    }
  }
  ForeignKeyMap map;
  for (const auto& s : key_sets) {
    int midx = *s.begin();
    for (int idx : s) map[cols[static_cast<size_t>(idx)]] = cols[static_cast<size_t>(midx)];
  }
  return map;
}

EmSchema prepare_em_schema(const Schema& schema) {
  return EmSchema{schema, spider_schema(schema), build_foreign_key_map(schema)};
}

Result<SpiderSql> read_spider_sql(const std::string& sql, const EmSchema& schema, EmParser parser) {
  if (parser == EmParser::Spider) return spider_parse(sql, schema.spider);
  return spider_sql_from_text(sql, schema.schema);
}

std::set<std::string> build_valid_col_units(const std::vector<TableUnit>& from, const SpiderSchema& schema) {
  std::set<std::string> prefixes;
  for (const auto& t : from)
    if (!t.is_sql && t.table.size() >= 2) prefixes.insert(t.table.substr(0, t.table.size() - 2));
  std::set<std::string> valid;
  for (const auto& [key, value] : schema.id_map) {
    size_t dot = value.find('.');
    if (dot != std::string::npos && prefixes.count(value.substr(0, dot))) valid.insert(value);
  }
  return valid;
}

SpiderSql rebuild_sql_val(const SpiderSql& sql) {
  SpiderSql out = sql;
  out.from_conds = rebuild_condition_val(sql.from_conds);
  out.having = rebuild_condition_val(sql.having);
  out.where = rebuild_condition_val(sql.where);
  auto f = [](const SpiderSql& q) { return rebuild_sql_val(q); };
  out.intersect = rebuilt(sql.intersect, f);
  out.except_ = rebuilt(sql.except_, f);
  out.union_ = rebuilt(sql.union_, f);
  return out;
}

SpiderSql rebuild_sql_col(const std::set<std::string>& valid, const SpiderSql& sql, const ForeignKeyMap& kmap) {
  SpiderSql out = sql;
  out.distinct = Tri::None;
  for (auto& item : out.select) item.val_unit = rebuild_val_unit_col(valid, item.val_unit, kmap);
  out.from_conds = rebuild_condition_col(valid, sql.from_conds, kmap);  // table units are left as they are
  out.where = rebuild_condition_col(valid, sql.where, kmap);
  for (auto& g : out.group_by) g = rebuild_col_unit_col(valid, g, kmap);
  for (auto& v : out.order_by) v = rebuild_val_unit_col(valid, v, kmap);
  out.having = rebuild_condition_col(valid, sql.having, kmap);
  auto f = [&](const SpiderSql& q) { return rebuild_sql_col(valid, q, kmap); };
  out.intersect = rebuilt(sql.intersect, f);
  out.except_ = rebuilt(sql.except_, f);
  out.union_ = rebuilt(sql.union_, f);
  return out;
}

PartialScores eval_partial_match(const SpiderSql& pred, const SpiderSql& label) {
  PartialScores res;
  auto [sel, sel_wo] = eval_sel(pred, label);
  res[kSelect] = get_scores(sel.cnt, sel.pred_total, sel.label_total);
  res[kSelectNoAgg] = get_scores(sel_wo, sel.pred_total, sel.label_total);
  auto [where, where_wo] = eval_where(pred, label);
  res[kWhere] = get_scores(where.cnt, where.pred_total, where.label_total);
  res[kWhereNoOp] = get_scores(where_wo, where.pred_total, where.label_total);
  Totals t = eval_group(pred, label);
  res[kGroupNoHaving] = get_scores(t.cnt, t.pred_total, t.label_total);
  t = eval_having(pred, label);
  res[kGroup] = get_scores(t.cnt, t.pred_total, t.label_total);
  t = eval_order(pred, label);
  res[kOrder] = get_scores(t.cnt, t.pred_total, t.label_total);
  t = eval_and_or(pred, label);
  res[kAndOr] = get_scores(t.cnt, t.pred_total, t.label_total);
  t = eval_iuen(pred, label);
  res[kIuen] = get_scores(t.cnt, t.pred_total, t.label_total);
  t = eval_keywords(pred, label);
  res[kKeywords] = get_scores(t.cnt, t.pred_total, t.label_total);
  return res;
}

// evaluation.py Evaluator.eval_exact_match
bool eval_exact_match(const SpiderSql& pred, const SpiderSql& label, PartialScores* partial) {
  PartialScores scores = eval_partial_match(pred, label);
  if (partial) *partial = scores;
  for (const auto& s : scores)
    if (s.f1 != 1) return false;
  if (!label.from.empty()) return same_table_units(label.from, pred.from);
  return true;
}

// evaluation.py evaluate, one item with etype "match".
ExactMatchResult exact_match(const std::string& gold_sql, const std::string& pred_sql, const EmSchema& schema,
                             EmParser parser) {
  ExactMatchResult r;
  auto gold = read_spider_sql(gold_sql, schema, parser);
  if (!gold.ok()) {
    r.gold_error = gold.error();
    return r;
  }
  r.scored = true;
  r.hardness = eval_hardness(*gold);
  std::string pred_text = pred_sql;
  if (parser == EmParser::Spider) {  // p_str.replace("value", "1")
    for (size_t at = pred_text.find("value"); at != std::string::npos; at = pred_text.find("value", at + 1))
      pred_text.replace(at, 5, "1");
  }
  auto pred = read_spider_sql(pred_text, schema, parser);
  SpiderSql p = pred.ok() ? std::move(*pred) : empty_spider_sql();
  if (!pred.ok()) r.pred_error = pred.error();
  SpiderSql g =
      rebuild_sql_col(build_valid_col_units(gold->from, schema.spider), rebuild_sql_val(*gold), schema.foreign_keys);
  p = rebuild_sql_col(build_valid_col_units(p.from, schema.spider), rebuild_sql_val(p), schema.foreign_keys);
  r.match = eval_exact_match(p, g, &r.components);
  return r;
}

ExactMatchResult exact_match(const std::string& gold_sql, const std::string& pred_sql, const Schema& schema,
                             EmParser parser) {
  return exact_match(gold_sql, pred_sql, prepare_em_schema(schema), parser);
}

// evaluation.py evaluate: the sums per level, then the division by counts.
EmSummary summarize_exact_match(const std::vector<ExactMatchResult>& items) {
  EmSummary s;
  for (int i = 0; i < kHardnessLevels; ++i) s.levels[static_cast<size_t>(i)].name = hardness_name(Hardness(i));
  s.levels[kHardnessLevels].name = "all";
  for (const auto& it : items) {
    if (!it.scored) {
      ++s.gold_errors;
      continue;
    }
    if (!it.pred_error.empty()) ++s.pred_errors;
    for (EmLevel* level : {&s.levels[static_cast<size_t>(it.hardness)], &s.levels[kHardnessLevels]}) {
      ++level->count;
      level->exact_count += it.match;
      for (int k = 0; k < kComponentCount; ++k) {
        const ComponentScore& c = it.components[static_cast<size_t>(k)];
        ComponentAverage& a = level->partial[static_cast<size_t>(k)];
        if (c.pred_count > 0) {
          a.acc += c.acc;
          ++a.acc_count;
        }
        if (c.gold_count > 0) {
          a.rec += c.rec;
          ++a.rec_count;
        }
      }
    }
  }
  for (auto& level : s.levels) {
    if (level.count == 0) continue;  // Python leaves an empty level's sums (all 0) as they are
    level.exact = static_cast<double>(level.exact_count) / level.count;
    for (auto& a : level.partial) {
      a.acc = a.acc_count == 0 ? 0 : a.acc / a.acc_count;
      a.rec = a.rec_count == 0 ? 0 : a.rec / a.rec_count;
      a.f1 = a.acc == 0 && a.rec == 0 ? 1 : 2.0 * a.acc * a.rec / (a.rec + a.acc);
    }
  }
  return s;
}

std::string format_em_table(const EmSummary& s) {
  std::string out;
  char buf[64];
  auto row_name = [&](const std::string& name) {
    std::snprintf(buf, sizeof buf, "%-20s ", name.c_str());
    out += buf;
  };
  auto cells = [&](auto cell) {
    for (size_t i = 0; i < s.levels.size(); ++i) {
      if (i) out += ' ';
      out += cell(s.levels[i]);
    }
    out += '\n';
  };
  auto fixed = [&](double v) {
    std::snprintf(buf, sizeof buf, "%-20.3f", v);
    return std::string(buf);
  };
  row_name("");
  cells([&](const EmLevel& l) {
    std::snprintf(buf, sizeof buf, "%-20s", l.name.c_str());
    return std::string(buf);
  });
  row_name("count");
  cells([&](const EmLevel& l) {
    std::snprintf(buf, sizeof buf, "%-20d", l.count);
    return std::string(buf);
  });
  out += "\n====================== EXACT MATCHING ACCURACY =====================\n";
  row_name("exact match");
  cells([&](const EmLevel& l) { return fixed(l.exact); });
  const char* const headers[] = {"\n---------------------PARTIAL MATCHING ACCURACY----------------------\n",
                                 "---------------------- PARTIAL MATCHING RECALL ----------------------\n",
                                 "---------------------- PARTIAL MATCHING F1 --------------------------\n"};
  for (int part = 0; part < 3; ++part) {
    out += headers[part];
    for (int k = 0; k < kComponentCount; ++k) {
      row_name(kComponentNames[k]);
      cells([&](const EmLevel& l) {
        const ComponentAverage& a = l.partial[static_cast<size_t>(k)];
        return fixed(part == 0 ? a.acc : part == 1 ? a.rec : a.f1);
      });
    }
  }
  return out;
}

nlohmann::ordered_json to_json(const ExactMatchResult& r) {
  nlohmann::ordered_json j;
  j["scored"] = r.scored;
  j["match"] = r.match;
  if (r.scored) j["hardness"] = hardness_name(r.hardness);
  if (!r.gold_error.empty()) j["gold_error"] = r.gold_error;
  if (!r.pred_error.empty()) j["pred_error"] = r.pred_error;
  if (r.scored) {
    nlohmann::ordered_json comps = nlohmann::ordered_json::object();
    for (int k = 0; k < kComponentCount; ++k) {
      const ComponentScore& c = r.components[static_cast<size_t>(k)];
      comps[kComponentNames[k]] = {{"gold_count", c.gold_count},
                                   {"pred_count", c.pred_count},
                                   {"match_count", c.match_count},
                                   {"acc", c.acc},
                                   {"rec", c.rec},
                                   {"f1", c.f1}};
    }
    j["components"] = comps;
  }
  return j;
}

nlohmann::ordered_json to_json(const EmSummary& s) {
  nlohmann::ordered_json j;
  nlohmann::ordered_json levels = nlohmann::ordered_json::object();
  for (const auto& l : s.levels) {
    nlohmann::ordered_json partial = nlohmann::ordered_json::object();
    for (int k = 0; k < kComponentCount; ++k) {
      const ComponentAverage& a = l.partial[static_cast<size_t>(k)];
      partial[kComponentNames[k]] = {{"acc", a.acc}, {"rec", a.rec}, {"f1", a.f1}};
    }
    levels[l.name] = {{"count", l.count}, {"exact_count", l.exact_count}, {"exact", l.exact}, {"partial", partial}};
  }
  j["levels"] = levels;
  j["gold_errors"] = s.gold_errors;
  j["pred_errors"] = s.pred_errors;
  return j;
}

}  // namespace chokepoint::em
