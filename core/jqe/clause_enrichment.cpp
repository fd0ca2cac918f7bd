// Clause enrichment: pick from the set statistics, add through the AST, keep only what passes the validity check.
#include "core/jqe/clause_enrichment.h"

#include <set>

#include "core/jqe/execution_check.h"
#include "core/sql/printer.h"

namespace chokepoint::jqe {
namespace {

using sql::Kind;
using sql::Node;
using sql::NodePtr;
using sql::Slot;

size_t schema_position(const Table& table, const std::string& column) {
  for (size_t i = 0; i < table.columns.size(); ++i)
    if (iequals(table.columns[i].name, column)) return i;
  return table.columns.size();
}

bool is_aggregate_name(const std::string& name) {
  for (const char* a : {"count", "sum", "avg", "min", "max", "total", "group_concat"})
    if (iequals(name, a)) return true;
  return false;
}

bool aggregates(const Node& select) {
  if (!select.list(Slot::GroupBy).empty()) return true;
  bool found = false;
  for (const Node* c : select.list(Slot::Columns))
    sql::walk(*c, [&](const Node& n) {
      if (found || n.kind == Kind::Subquery || n.kind == Kind::Exists) return false;
      if (n.kind == Kind::Function && !n.get(Slot::Over) && is_aggregate_name(n.text)) found = true;
      return !found;
    });
  return found;
}

std::string quote_identifier(const std::string& name) {
  std::string out = "\"";
  for (char c : name) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

NodePtr number_literal(const std::string& spelling) {
  if (!spelling.empty() && spelling[0] == '-') {
    NodePtr u = sql::make_node(Kind::Unary, "-");
    u->set(Slot::This, sql::make_node(Kind::Number, spelling.substr(1)));
    return u;
  }
  return sql::make_node(Kind::Number, spelling);
}

NodePtr string_literal(const std::string& text) {
  NodePtr s = sql::make_node(Kind::String, text);
  s->quote = '\'';
  return s;
}

NodePtr predicate_node(const std::string& ref, const std::string& column, const std::string& op, NodePtr literal) {
  const bool like = op == "LIKE" || op == "GLOB";
  NodePtr p = sql::make_node(like ? Kind::Like : Kind::Binary, op);
  p->set(Slot::Left, sql::make_column(ref, column));
  p->set(Slot::Right, std::move(literal));
  return p;
}

// Empty when `tree` passes the validity check, else why not.
std::string rejection(const EnrichmentRequest& r, const Node& tree, const std::string& text) {
  if (r.data) {
    ExecutionCheck c = check_execution(*r.data, text, tree, r.timeout_ms);
    if (c.verdict == ExecutionVerdict::ok) return {};
    return std::string(to_string(c.verdict)) + (c.message.empty() ? "" : ": " + c.message);
  }
  if (r.schema_db) {
    Status st = r.schema_db->prepare_check(text);
    if (!st.ok()) return "error: " + st.error();
  }
  return {};
}

}  // namespace

std::string choose_projection(const TableStatistics& statistics, const Table& table) {
  const ColumnStatistics* best = nullptr;
  for (const ColumnStatistics& c : statistics.columns) {
    if (c.projections == 0) continue;
    if (!best || c.projections > best->projections ||
        (c.projections == best->projections && schema_position(table, c.column) < schema_position(table, best->column)))
      best = &c;
  }
  return best ? best->column : std::string();
}

bool choose_predicate(const TableStatistics& statistics, const Table& table, std::string& column,
                      PredicateShape& shape) {
  static const std::set<std::string> usable = {"=", "!=", "<", "<=", ">", ">=", "LIKE", "GLOB"};
  const ColumnStatistics* best = nullptr;
  const PredicateShape* best_shape = nullptr;
  for (const ColumnStatistics& c : statistics.columns) {
    const PredicateShape* s = nullptr;
    for (const PredicateShape& p : c.shapes)  // most frequent first
      if (usable.count(p.op) && (p.kind == LiteralKind::number || p.kind == LiteralKind::string)) {
        s = &p;
        break;
      }
    if (!s) continue;
    if (!best || c.predicates > best->predicates ||
        (c.predicates == best->predicates && schema_position(table, c.column) < schema_position(table, best->column))) {
      best = &c;
      best_shape = s;
    }
  }
  if (!best) return false;
  column = best->column;
  shape = *best_shape;
  return true;
}

Value most_frequent_value(const Connection& db, const std::string& table, const std::string& column, int timeout_ms) {
  const std::string c = quote_identifier(column);
  QueryLimits limits;
  limits.timeout_ms = timeout_ms;
  limits.max_rows = 1;
  QueryOutcome out = db.query("SELECT " + c + " FROM " + quote_identifier(table) + " WHERE " + c +
                                  " IS NOT NULL GROUP BY " + c + " ORDER BY COUNT(*) DESC, " + c + " LIMIT 1",
                              limits);
  if (out.status != QueryStatus::Ok || out.result.rows.empty() || out.result.rows[0].empty()) return Value::null();
  return out.result.rows[0][0];
}

Enrichment enrich_expansion(const EnrichmentRequest& r) {
  Enrichment out;
  if (!r.expansion || !r.table || !r.statistics || (!r.add_projection && !r.add_predicate)) return out;
  if (r.expansion->kind != Kind::Select) {
    out.dropped.push_back("not a single SELECT");
    return out;
  }
  try {
    NodePtr current = sql::clone(*r.expansion);
    if (r.add_projection) {
      const std::string column = choose_projection(*r.statistics, *r.table);
      if (!column.empty()) {
        if (aggregates(*current)) {
          out.dropped.push_back("projection " + column + ": the query aggregates");
        } else {
          NodePtr next = sql::clone(*current);
          Node* added = next->add(Slot::Columns, sql::make_column(r.ref, column));
          const std::string text = sql::print_sql(*next);
          const std::string why = rejection(r, *next, text);
          if (why.empty()) {
            out.projection = sql::print_sql(*added);
            current = std::move(next);
          } else {
            out.dropped.push_back("projection " + column + ": " + why);
          }
        }
      }
    }
    if (r.add_predicate) {
      std::string column;
      PredicateShape shape;
      if (choose_predicate(*r.statistics, *r.table, column, shape)) {
        struct Attempt {
          std::string op;
          NodePtr literal;
          const char* source;
        };
        std::vector<Attempt> attempts;
        attempts.push_back(
            {shape.op, shape.kind == LiteralKind::number ? number_literal(shape.value) : string_literal(shape.value),
             "set"});
        for (size_t i = 0; i < attempts.size(); ++i) {
          NodePtr next = sql::clone(*current);
          NodePtr p = predicate_node(r.ref, column, attempts[i].op, sql::clone(*attempts[i].literal));
          const std::string printed = sql::print_sql(*p);
          if (Node* where = next->get(Slot::Where)) {
            NodePtr both = sql::make_node(Kind::Binary, "AND");
            both->set(Slot::Left, sql::detach(*where));
            both->set(Slot::Right, std::move(p));
            next->set(Slot::Where, std::move(both));
          } else {
            next->set(Slot::Where, std::move(p));
          }
          const std::string text = sql::print_sql(*next);
          const std::string why = rejection(r, *next, text);
          if (why.empty()) {
            out.predicate = printed;
            out.literal_source = attempts[i].source;
            current = std::move(next);
            break;
          }
          out.dropped.push_back("predicate " + printed + ": " + why);
          if (i == 0 && r.data) {
            // The set's literal selects nothing here: the column's most frequent value keeps rows if any can.
            Value v = most_frequent_value(*r.data, r.table->name, column, r.timeout_ms);
            NodePtr lit;
            if (v.type == ValueType::Integer || v.type == ValueType::Real)
              lit = number_literal(v.to_string());
            else if (v.type == ValueType::Text)
              lit = string_literal(v.bytes);
            if (lit && !(attempts[0].op == "=" && sql::equal(*lit, *attempts[0].literal)))
              attempts.push_back({"=", std::move(lit), "database"});
          }
        }
      }
    }
    if (out.enriched()) {
      out.sql = sql::print_sql(*current);
      out.tree = std::move(current);
    }
  } catch (const std::exception& e) {
    Enrichment failed;
    failed.dropped.push_back(std::string("internal error: ") + e.what());
    return failed;
  }
  return out;
}

}  // namespace chokepoint::jqe
