// The data-quality audit (see data_audit.h). Each gold is parsed and resolved once (which tables and columns it
// reads); then one query per foreign key, one per table for padding, one per column for the literals of every item
// that reads its table, and per gold one run plus one per NULL probe.
#include "core/testdb/data_audit.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include "core/base/text.h"
#include "core/db/sql_quote.h"
#include "core/sql/name_resolution.h"
#include "core/sql/parser.h"
#include "core/sql/printer.h"
#include "core/testdb/question_literals.h"

namespace chokepoint::testdb {
namespace {

using sql::Kind;
using sql::Node;
using sql::NodePtr;
using sql::Slot;

const char* const kWhitespace = "char(32, 9, 10, 13)";  // what trim() strips here: space, tab, LF, CR

std::string join(const std::vector<std::string>& parts, const std::string& sep) {
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i) out += (i ? sep : "") + parts[i];
  return out;
}

// A (table, column) pair in lower case: how golds, keys and findings meet.
using ColumnKey = std::pair<std::string, std::string>;
ColumnKey column_key(const std::string& t, const std::string& c) { return {to_lower_ascii(t), to_lower_ascii(c)}; }

// Nodes of a tree in pre-order: a clone has the same sequence, so a node of the original finds its copy by index.
std::vector<const Node*> preorder(const Node& root) {
  std::vector<const Node*> out;
  sql::walk(root, [&](const Node& n) {
    out.push_back(&n);
    return true;
  });
  return out;
}

// The conjuncts of a WHERE (through AND and parentheses).
void conjuncts(const Node* e, std::vector<const Node*>& out) {
  if (!e) return;
  if (e->kind == Kind::Binary && iequals(e->text, "AND")) {
    conjuncts(e->get(Slot::Left), out);
    conjuncts(e->get(Slot::Right), out);
  } else if (e->kind == Kind::Paren) {
    conjuncts(e->get(Slot::This), out);
  } else {
    out.push_back(e);
  }
}

// The column a NULL test reads: `c IS [NOT] NULL`, `c ISNULL`, `c NOTNULL`, `c NOT NULL`; sets `not_null` to the
// test's direction. nullptr for any other conjunct.
const Node* null_test_column(const Node* e, bool& not_null) {
  if (e->kind == Kind::Binary && (e->text == "IS" || e->text == "IS NOT")) {
    const Node* l = e->get(Slot::Left);
    const Node* r = e->get(Slot::Right);
    if (l && r && l->kind == Kind::Column && r->kind == Kind::Null) {
      not_null = e->text == "IS NOT";
      return l;
    }
  }
  if (e->kind == Kind::Postfix) {
    const Node* t = e->get(Slot::This);
    if (t && t->kind == Kind::Column) {
      not_null = e->text != "ISNULL";
      return t;
    }
  }
  return nullptr;
}

// One NULL probe of a gold: add `ref.column IS NOT NULL` to a SELECT's WHERE, or remove a conjunct that says it.
struct NullProbe {
  std::string table, column;  // schema spelling of the base column
  size_t select = 0;          // pre-order index of the SELECT to change
  size_t conjunct = 0;        // removal: pre-order index of the conjunct
  std::string ref;            // addition: the name the query uses for the table instance
  bool remove = false;
};

// What the audit needs of one gold.
struct GoldUse {
  bool parsed = false;
  NodePtr tree;
  std::set<std::string> tables;  // lower-case base tables read
  std::set<ColumnKey> columns;   // base columns read (a star reads all of its tables')
  std::vector<NullProbe> probes;
};

bool outer_joined(const Node* source, const Node* select) {
  for (const Node* n = source; n && n != select; n = n->parent) {
    const Node* p = n->parent;
    if (p && p->kind == Kind::Join && n->slot() == Slot::Source && p->text.find("LEFT") != std::string::npos)
      return true;
  }
  for (const Node* f : select->list(Slot::From)) {
    bool found = false;
    sql::walk(*f, [&](const Node& x) {
      if (x.kind == Kind::Join &&
          (x.text.find("RIGHT") != std::string::npos || x.text.find("FULL") != std::string::npos))
        found = true;
      return !found;
    });
    if (found) return true;
  }
  return false;
}

GoldUse analyse_gold(const std::string& gold, const Schema& schema, size_t max_probes) {
  GoldUse use;
  auto tree = sql::parse_sql(gold);
  if (!tree.ok()) return use;
  use.parsed = true;
  use.tree = std::move(*tree);
  const Node& root = *use.tree;
  const sql::NameResolution names = sql::resolve_names(root, schema);
  const auto order = preorder(root);
  auto index_of = [&](const Node* n) {
    return static_cast<size_t>(std::find(order.begin(), order.end(), n) - order.begin());
  };
  auto base = [&](int instance) -> const Table* {
    if (instance < 0 || static_cast<size_t>(instance) >= names.instances.size()) return nullptr;
    const auto& inst = names.instances[static_cast<size_t>(instance)];
    return inst.derived || !inst.known ? nullptr : schema.find_table(inst.table);
  };
  for (size_t i = 0; i < names.instances.size(); ++i)
    if (const Table* t = base(static_cast<int>(i))) use.tables.insert(to_lower_ascii(t->name));

  // Columns read: references, and stars.
  for (const auto& ref : names.columns) {
    std::string t, c;
    if (ref.kind == sql::RefKind::TableColumn && names.base_column(ref, t, c)) use.columns.insert(column_key(t, c));
  }
  for (const auto& scope : names.scopes) {
    for (const Node* item : scope.select->list(Slot::Columns)) {
      if (item->kind != Kind::Star) continue;
      const Node* qualifier = item->get(Slot::Table);
      for (int id : scope.instances) {
        const Table* t = base(id);
        if (!t || (qualifier && !iequals(qualifier->text, names.instances[static_cast<size_t>(id)].ref_name())))
          continue;
        for (const auto& c : t->columns) use.columns.insert(column_key(t->name, c.name));
      }
    }
  }

  // NULL probes. Removals first: `c IS NOT NULL` conjuncts of a WHERE on a base column.
  std::set<std::pair<int, std::string>> tested;  // (instance, lower column) the gold already tests for NULL
  for (const auto& scope : names.scopes) {
    std::vector<const Node*> cs;
    conjuncts(scope.select->get(Slot::Where), cs);
    for (const Node* c : cs) {
      bool not_null = false;
      const Node* col = null_test_column(c, not_null);
      const sql::ColumnRef* ref = col ? names.find(col) : nullptr;
      if (!ref || ref->kind != sql::RefKind::TableColumn) continue;
      const Table* t = base(ref->instance);
      if (!t) continue;
      tested.insert({ref->instance, to_lower_ascii(ref->column)});
      if (!not_null || use.probes.size() >= max_probes) continue;
      NullProbe p;
      p.table = t->name;
      p.column = ref->column;
      p.select = index_of(scope.select);
      p.conjunct = index_of(c);
      p.remove = true;
      use.probes.push_back(std::move(p));
    }
  }
  // Additions: every other base column the gold reads, once per table instance, in the order written.
  for (const auto& ref : names.columns) {
    if (use.probes.size() >= max_probes) break;
    if (ref.kind != sql::RefKind::TableColumn) continue;
    const Table* t = base(ref.instance);
    if (!t || !tested.insert({ref.instance, to_lower_ascii(ref.column)}).second) continue;
    const auto& inst = names.instances[static_cast<size_t>(ref.instance)];
    const Node* select = names.scopes[static_cast<size_t>(inst.scope)].select;
    if (outer_joined(inst.source, select)) continue;
    NullProbe p;
    p.table = t->name;
    p.column = ref.column;
    p.select = index_of(select);
    p.ref = inst.ref_name();
    use.probes.push_back(std::move(p));
  }
  return use;
}

// The gold with one probe applied, printed.
std::string probed_sql(const Node& root, const NullProbe& probe) {
  NodePtr copy = sql::clone(root);
  std::vector<Node*> order;
  sql::walk(*copy, [&](Node& n) {
    order.push_back(&n);
    return true;
  });
  Node* select = order[probe.select];
  if (probe.remove) {
    Node* n = order[probe.conjunct];
    while (n->parent && n->parent->kind == Kind::Paren) n = n->parent;
    Node* p = n->parent;
    if (p == select) {
      select->set(Slot::Where, nullptr);
    } else {
      Node* other = p->get(Slot::Left) == n ? p->get(Slot::Right) : p->get(Slot::Left);
      NodePtr kept = sql::detach(*other);
      sql::replace(*p, std::move(kept));
    }
  } else {
    NodePtr test = sql::make_node(Kind::Binary, "IS NOT");
    test->set(Slot::Left, sql::make_column(probe.ref, probe.column));
    test->set(Slot::Right, sql::make_node(Kind::Null));
    if (Node* where = select->get(Slot::Where)) {
      NodePtr both = sql::make_node(Kind::Binary, "AND");
      both->set(Slot::Left, sql::detach(*where));
      both->set(Slot::Right, std::move(test));
      select->set(Slot::Where, std::move(both));
    } else {
      select->set(Slot::Where, std::move(test));
    }
  }
  return sql::print_sql(*copy);
}

std::string rows_label(const ResultSet& r) {
  return std::to_string(r.rows.size()) + (r.rows.size() == 1 ? " row" : " rows");
}

class Auditor {
 public:
  Auditor(const Connection& db, const Schema& schema, const Schema* labelled, const std::vector<EvalItem>& items,
          const AuditOptions& options)
      : db_(db), schema_(schema), labelled_(labelled), items_(items), o_(options) {
    out_.items = items.size();
    for (const auto& item : items_) {
      golds_.push_back(analyse_gold(item.sql, schema_, o_.max_null_columns));
      if (!golds_.back().parsed) ++out_.golds_unparsed;
    }
  }

  DatabaseAudit run() {
    if (o_.foreign_keys) foreign_keys();
    if (o_.padded_values) padded_values();
    if (o_.literals) literals();
    if (o_.null_golds) null_golds();
    for (auto& f : out_.findings) {
      std::sort(f.items.begin(), f.items.end());
      f.items.erase(std::unique(f.items.begin(), f.items.end()), f.items.end());
    }
    std::sort(out_.findings.begin(), out_.findings.end(), [](const AuditFinding& a, const AuditFinding& b) {
      return std::tie(a.kind, a.table, a.column, a.detail) < std::tie(b.kind, b.table, b.column, b.detail);
    });
    return std::move(out_);
  }

 private:
  // Runs one audit query; on failure notes `what` as incomplete and returns false.
  bool query(const std::string& sql, const std::string& what, QueryOutcome& outcome) {
    ++out_.queries;
    outcome = db_.query(sql, o_.limits);
    if (outcome.ok()) return true;
    out_.incomplete.push_back(schema_.db_id + ": " + what + ": " +
                              (outcome.status == QueryStatus::Timeout
                                   ? "stopped by the " + std::to_string(o_.limits.timeout_ms) + " ms limit"
                                   : outcome.message));
    return false;
  }

  void foreign_keys() {
    struct Key {
      std::string from_table, to_table;
      std::vector<std::string> from, to;
      std::vector<std::string> sources;
    };
    std::map<std::string, Key> keys;  // canonical text -> key, so a key both declared and labelled is audited once
    auto collect = [&](const Schema& s, const char* source) {
      for (const Table& t : s.tables)
        for (const ForeignKey& fk : t.foreign_keys) {
          if (fk.from_columns.empty() || fk.from_columns.size() != fk.to_columns.size()) continue;
          std::string canon = to_lower_ascii(t.name) + "(" + to_lower_ascii(join(fk.from_columns, ",")) + ")->" +
                              to_lower_ascii(fk.to_table) + "(" + to_lower_ascii(join(fk.to_columns, ",")) + ")";
          auto [it, fresh] = keys.try_emplace(canon);
          if (fresh) it->second = {t.name, fk.to_table, fk.from_columns, fk.to_columns, {}};
          if (it->second.sources.empty() || it->second.sources.back() != source) it->second.sources.push_back(source);
        }
    };
    collect(schema_, "declared");
    if (labelled_) collect(*labelled_, "labelled");
    for (const auto& [canon, k] : keys) {
      const Table* child = schema_.find_table(k.from_table);
      const Table* parent = schema_.find_table(k.to_table);
      const std::string name =
          k.from_table + "(" + join(k.from, ", ") + ") -> " + k.to_table + "(" + join(k.to, ", ") + ")";
      bool columns_exist = child && parent;
      for (size_t i = 0; columns_exist && i < k.from.size(); ++i)
        columns_exist = child->find_column(k.from[i]) && parent->find_column(k.to[i]);
      if (!columns_exist) {
        out_.incomplete.push_back(schema_.db_id + ": foreign key " + name + " (" + join(k.sources, ", ") +
                                  ") names a table or column the database lacks");
        continue;
      }
      std::string where, match, cols;
      for (size_t i = 0; i < k.from.size(); ++i) {
        const std::string c = "c." + quote_identifier(k.from[i]);
        where += (i ? " AND " : "") + c + " IS NOT NULL";
        match += std::string(i ? " AND " : "") + "p." + quote_identifier(k.to[i]) + " = " + c;
        cols += (i ? ", " : "") + c;
      }
      const std::string body = " FROM " + quote_identifier(child->name) + " AS c WHERE " + where +
                               " AND NOT EXISTS (SELECT 1 FROM " + quote_identifier(parent->name) + " AS p WHERE " +
                               match + ")";
      QueryOutcome n, ex;
      if (!query("SELECT count(*)" + body, "orphans of " + name, n)) continue;
      const long long orphans = n.result.rows.empty() ? 0 : n.result.rows[0][0].integer;
      if (orphans == 0) continue;
      AuditFinding f;
      f.kind = AuditKind::ForeignKeyOrphans;
      f.db_id = schema_.db_id;
      f.table = child->name;
      f.column = join(k.from, ", ");
      f.detail = "-> " + parent->name + "(" + join(k.to, ", ") + "), " + join(k.sources, " and ");
      f.count = orphans;
      if (query("SELECT DISTINCT " + cols + body + " LIMIT " + std::to_string(o_.max_examples),
                "examples of orphans of " + name, ex))
        for (const Row& r : ex.result.rows) {
          std::vector<std::string> parts;
          for (const Value& v : r) parts.push_back(v.display_prefix(80));
          f.examples.push_back(join(parts, ", "));
        }
      const std::string a = to_lower_ascii(child->name), b = to_lower_ascii(parent->name);
      for (size_t i = 0; i < items_.size(); ++i)
        if (golds_[i].tables.count(a) && golds_[i].tables.count(b)) f.items.push_back(items_[i].key);
      out_.findings.push_back(std::move(f));
    }
  }

  void padded_values() {
    for (const Table& t : schema_.tables) {
      if (t.columns.empty()) continue;
      std::string sums;
      for (size_t i = 0; i < t.columns.size(); ++i) {
        const std::string c = quote_identifier(t.columns[i].name);
        sums += std::string(i ? ", " : "") + "sum(typeof(" + c + ") = 'text' AND " + c + " <> trim(" + c + ", " +
                kWhitespace + "))";
      }
      QueryOutcome n;
      if (!query("SELECT " + sums + " FROM " + quote_identifier(t.name), "padded values of " + t.name, n)) continue;
      if (n.result.rows.empty()) continue;
      for (size_t i = 0; i < t.columns.size(); ++i) {
        const Value& count = n.result.rows[0][i];
        if (count.type != ValueType::Integer || count.integer == 0) continue;
        const std::string c = quote_identifier(t.columns[i].name);
        AuditFinding f;
        f.kind = AuditKind::PaddedValues;
        f.db_id = schema_.db_id;
        f.table = t.name;
        f.column = t.columns[i].name;
        f.count = count.integer;
        QueryOutcome ex;
        if (query("SELECT DISTINCT " + c + " FROM " + quote_identifier(t.name) + " WHERE typeof(" + c +
                      ") = 'text' AND " + c + " <> trim(" + c + ", " + kWhitespace + ") LIMIT " +
                      std::to_string(o_.max_examples),
                  "examples of padded values of " + t.name + "." + t.columns[i].name, ex))
          for (const Row& r : ex.result.rows) f.examples.push_back(r[0].display_prefix(80));
        const ColumnKey key = column_key(t.name, t.columns[i].name);
        for (size_t k = 0; k < items_.size(); ++k)
          if (golds_[k].columns.count(key)) f.items.push_back(items_[k].key);
        out_.findings.push_back(std::move(f));
      }
    }
  }

  void literals() {
    // Per column of a table some gold reads: lower(trim(literal)) -> literal as written -> items naming it.
    std::map<ColumnKey, std::map<std::string, std::map<std::string, std::set<std::string>>>> wanted;
    for (size_t i = 0; i < items_.size(); ++i) {
      if (!golds_[i].parsed) continue;
      const auto lits = question_literals(items_[i].question, items_[i].evidence, o_.max_literals);
      for (const std::string& table : golds_[i].tables) {
        const Table* t = schema_.find_table(table);
        if (!t) continue;
        for (const auto& c : t->columns)
          for (const auto& l : lits) {
            const std::string folded = to_lower_ascii(trim(l.text));
            if (!folded.empty()) wanted[column_key(t->name, c.name)][folded][l.text].insert(items_[i].key);
          }
      }
    }
    for (const auto& [key, folded] : wanted) {
      const Table* t = schema_.find_table(key.first);
      const Column* col = t ? t->find_column(key.second) : nullptr;
      if (!col) continue;
      const std::string c = quote_identifier(col->name);
      std::string in;
      for (const auto& [f, spellings] : folded) in += (in.empty() ? "" : ", ") + quote_string(f);
      QueryOutcome got;
      if (!query("SELECT DISTINCT " + c + " FROM " + quote_identifier(t->name) + " WHERE typeof(" + c +
                     ") = 'text' AND lower(trim(" + c + ", " + kWhitespace + ")) IN (" + in + ") LIMIT 1000",
                 "literals in " + t->name + "." + col->name, got))
        continue;
      std::map<std::string, std::vector<std::string>> stored;  // folded -> stored spellings
      for (const Row& r : got.result.rows) stored[to_lower_ascii(trim(r[0].bytes))].push_back(r[0].bytes);
      for (const auto& [f, spellings] : folded) {
        auto s = stored.find(f);
        if (s == stored.end()) continue;
        std::vector<std::string> values = s->second;
        std::sort(values.begin(), values.end());
        for (const auto& [literal, keys] : spellings) {
          if (std::find(values.begin(), values.end(), literal) != values.end()) continue;
          bool trimmed = false, cased = false;  // some spelling equal up to whitespace only; up to case only
          for (const auto& v : values) {
            trimmed = trimmed || trim(v) == trim(literal);
            cased = cased || to_lower_ascii(v) == to_lower_ascii(literal);
          }
          AuditFinding fd;
          fd.kind = AuditKind::LiteralMismatch;
          fd.db_id = schema_.db_id;
          fd.table = t->name;
          fd.column = col->name;
          fd.detail = "'" + literal + "' matches only " +
                      (trimmed ? "after trimming"
                       : cased ? "up to case"
                               : "up to case and trimming");
          fd.count = static_cast<long long>(values.size());
          for (size_t k = 0; k < values.size() && k < o_.max_examples; ++k) fd.examples.push_back(values[k]);
          fd.items.assign(keys.begin(), keys.end());
          out_.findings.push_back(std::move(fd));
        }
      }
    }
  }

  void null_golds() {
    std::map<ColumnKey, AuditFinding> found;  // per column and direction (detail)
    std::map<ColumnKey, AuditFinding> removed;
    for (size_t i = 0; i < items_.size(); ++i) {
      const GoldUse& g = golds_[i];
      if (!g.parsed || g.probes.empty()) continue;
      ++out_.gold_runs;
      QueryOutcome original;
      if (!query(items_[i].sql, "gold of item " + items_[i].key, original) || original.result.truncated) {
        ++out_.golds_failed;
        continue;
      }
      const ExSemantics semantics = o_.semantics == ExSemantics::TestSuite ? ExSemantics::Spider : o_.semantics;
      for (const NullProbe& p : g.probes) {
        const std::string sql = probed_sql(*g.tree, p);
        ++out_.gold_runs;
        QueryOutcome probed;
        if (!query(sql,
                   "gold of item " + items_[i].key + " with " + p.table + "." + p.column + " IS NOT NULL " +
                       (p.remove ? "removed" : "added"),
                   probed) ||
            probed.result.truncated)
          continue;
        if (execution_match(semantics, items_[i].sql, original.result, probed.result)) continue;
        auto& slot = (p.remove ? removed : found)[column_key(p.table, p.column)];
        if (slot.items.empty()) {
          slot.kind = AuditKind::NullSensitiveGold;
          slot.db_id = schema_.db_id;
          slot.table = p.table;
          slot.column = p.column;
          slot.detail = p.remove ? "IS NOT NULL removed" : "IS NOT NULL added";
        }
        if (!slot.items.empty() && slot.items.back() == items_[i].key) continue;
        ++slot.count;
        slot.items.push_back(items_[i].key);
        if (slot.examples.size() < o_.max_examples)
          slot.examples.push_back(items_[i].key + ": " + rows_label(original.result) + " -> " +
                                  rows_label(probed.result));
      }
    }
    for (auto* m : {&found, &removed})
      for (auto& [k, f] : *m) out_.findings.push_back(std::move(f));
  }

  const Connection& db_;
  const Schema& schema_;
  const Schema* labelled_;
  const std::vector<EvalItem>& items_;
  const AuditOptions& o_;
  std::vector<GoldUse> golds_;
  DatabaseAudit out_;
};

}  // namespace

const char* audit_kind_name(AuditKind k) {
  switch (k) {
    case AuditKind::ForeignKeyOrphans:
      return "fk_orphans";
    case AuditKind::PaddedValues:
      return "padded_values";
    case AuditKind::LiteralMismatch:
      return "literal_mismatch";
    case AuditKind::NullSensitiveGold:
      return "null_sensitive_gold";
  }
  return "?";
}

DatabaseAudit audit_database(const Connection& db, const Schema& schema, const Schema* labelled,
                             const std::vector<EvalItem>& items, const AuditOptions& options) {
  return Auditor(db, schema, labelled, items, options).run();
}

nlohmann::ordered_json audit_finding_json(const AuditFinding& f) {
  return nlohmann::ordered_json{{"kind", audit_kind_name(f.kind)},
                                {"db_id", f.db_id},
                                {"table", f.table},
                                {"column", f.column},
                                {"detail", f.detail},
                                {"count", f.count},
                                {"examples", f.examples},
                                {"items", f.items}};
}

}  // namespace chokepoint::testdb
