// Expanded SQL through the AST: clone, qualify what would become ambiguous, append the join, print.
#include "core/jqe/sql_synthesis.h"

#include <cctype>
#include <map>
#include <set>

#include "core/sql/printer.h"

namespace chokepoint::jqe {
namespace {

using sql::Kind;
using sql::Node;
using sql::NodePtr;
using sql::Slot;

// Pairs every node of `original` with its counterpart in `copy` (clone keeps child order).
void map_nodes(const Node& original, Node& copy, std::map<const Node*, Node*>& out) {
  out[&original] = &copy;
  for (size_t i = 0; i < original.children.size() && i < copy.children.size(); ++i)
    map_nodes(*original.children[i].node, *copy.children[i].node, out);
}

std::set<std::string> names_in_use(const sql::NameResolution& names, const Node& query) {
  std::set<std::string> used;
  for (const auto& inst : names.instances) {
    if (!inst.alias.empty()) used.insert(to_lower_ascii(inst.alias));
    if (!inst.table.empty()) used.insert(to_lower_ascii(inst.table));
  }
  for (const Node* cte : sql::find_all(query, Kind::Cte))
    if (const Node* n = cte->get(Slot::Name)) used.insert(to_lower_ascii(n->text));
  return used;
}

// The identifier the query uses for an instance: its alias, else its table name, with the original quotes.
NodePtr reference_identifier(const sql::TableInstance& inst) {
  if (inst.source) {
    if (const Node* a = inst.source->get(Slot::Alias)) return sql::clone(*a);
    if (inst.source->kind == Kind::Table)
      if (const Node* n = inst.source->get(Slot::Name)) return sql::clone(*n);
  }
  return sql::make_identifier(inst.ref_name());
}

NodePtr column(NodePtr table, const std::string& name) {
  NodePtr c = sql::make_node(Kind::Column);
  c->set(Slot::Table, std::move(table));
  c->set(Slot::Name, sql::make_identifier(name));
  return c;
}

NodePtr binary(const char* op, NodePtr l, NodePtr r) {
  NodePtr b = sql::make_node(Kind::Binary, op);
  b->set(Slot::Left, std::move(l));
  b->set(Slot::Right, std::move(r));
  return b;
}

}  // namespace

std::string fresh_alias(const sql::NameResolution& names, const Node& query) {
  const std::set<std::string> used = names_in_use(names, query);
  // The query's own pattern: the prefix of its <letters><digits> aliases, if they share one.
  std::string prefix;
  long next = 0;
  bool consistent = true, any = false;
  for (const auto& inst : names.instances) {
    if (inst.alias.empty()) continue;
    size_t d = inst.alias.find_first_of("0123456789");
    bool pattern = d != std::string::npos && d > 0 &&
                   inst.alias.find_first_not_of("0123456789", d) == std::string::npos && inst.alias.size() - d < 9;
    if (!pattern) {
      consistent = false;
      continue;
    }
    std::string p = inst.alias.substr(0, d);
    if (!any)
      prefix = p;
    else if (!iequals(p, prefix))
      consistent = false;
    any = true;
    next = std::max(next, std::stol(inst.alias.substr(d)));
  }
  if (!any || !consistent) {
    prefix = "T";
    next = static_cast<long>(names.instances.size());
  }
  for (long n = next + 1;; ++n) {
    std::string alias = prefix + std::to_string(n);
    if (!used.count(to_lower_ascii(alias))) return alias;
  }
}

Result<Synthesis> synthesize_expansion(const SynthesisInput& in) {
  if (!in.query || !in.names || !in.jqg || !in.candidate || in.conditions.empty())
    return Error{"synthesize_expansion: missing input"};
  const sql::NameResolution& names = *in.names;
  if (names.main_scope < 0 || !names.scopes[static_cast<size_t>(names.main_scope)].select)
    return Error{"the query has no main SELECT"};
  Synthesis out;
  out.tree = sql::clone(*in.query);
  std::map<const Node*, Node*> map;
  map_nodes(*in.query, *out.tree, map);
  Node* select = map[names.scopes[static_cast<size_t>(names.main_scope)].select];

  // How the new table is referred to.
  bool query_aliases = false;
  for (int id : names.scopes[static_cast<size_t>(names.main_scope)].instances)
    query_aliases = query_aliases || !names.instances[static_cast<size_t>(id)].alias.empty();
  const std::set<std::string> used = names_in_use(names, *in.query);
  if (in.alias_style == AliasStyle::always || query_aliases || used.count(to_lower_ascii(in.candidate->name)))
    out.alias = fresh_alias(names, *in.query);
  const std::string new_ref = out.alias.empty() ? in.candidate->name : out.alias;

  // Columns the new table would make ambiguous (or would turn from string into column).
  for (const auto& ref : names.columns) {
    if (!ref.node) continue;
    auto it = map.find(ref.node);
    if (it == map.end()) continue;
    Node* col = it->second;
    const Node* name = ref.node->get(Slot::Name);
    if (!name) continue;
    if (ref.kind == sql::RefKind::String) {
      if (!in.candidate->find_column(name->text)) continue;
      NodePtr s = sql::make_node(Kind::String, name->text);
      s->quote = '\'';
      sql::replace(*col, std::move(s));
      continue;
    }
    if (ref.kind != sql::RefKind::TableColumn || ref.node->get(Slot::Table) || ref.instance < 0) continue;
    const auto& inst = names.instances[static_cast<size_t>(ref.instance)];
    if (inst.scope != names.main_scope || inst.ref_name().empty()) continue;
    if (!in.candidate->find_column(name->text)) continue;
    col->set(Slot::Table, reference_identifier(inst));
    ++out.qualified;
  }

  // The join conditions, candidate side first as the thesis writes them.
  NodePtr condition;
  for (const CandidateCondition* c : in.conditions) {
    if (c->node < 0 || static_cast<size_t>(c->node) >= in.jqg->nodes.size()) return Error{"condition on unknown node"};
    const auto& inst = names.instances[static_cast<size_t>(in.jqg->nodes[static_cast<size_t>(c->node)].instance)];
    for (size_t i = 0; i < c->candidate_columns.size(); ++i) {
      NodePtr eq = binary("=", column(sql::make_identifier(new_ref), c->candidate_columns[i]),
                          column(reference_identifier(inst), c->node_columns[i]));
      condition = condition ? binary("AND", std::move(condition), std::move(eq)) : std::move(eq);
    }
  }
  out.conditions = sql::print_sql(*condition);

  NodePtr table = sql::make_node(Kind::Table);
  table->set(Slot::Name, sql::make_identifier(in.candidate->name));
  if (!out.alias.empty()) {
    table->set(Slot::Alias, sql::make_identifier(out.alias));
    table->flags |= sql::kHasAs;
  }
  bool comma_style = false;
  for (Node* f : select->list(Slot::From)) comma_style = comma_style || (f->kind == Kind::Join && f->text == ",");
  NodePtr join = sql::make_node(Kind::Join, comma_style ? "," : "JOIN");
  join->set(Slot::Source, std::move(table));
  if (comma_style) {
    Node* where = select->get(Slot::Where);
    if (where) {
      NodePtr old = sql::detach(*where);
      select->set(Slot::Where, binary("AND", std::move(old), std::move(condition)));
    } else {
      select->set(Slot::Where, std::move(condition));
    }
  } else {
    join->set(Slot::On, std::move(condition));
  }
  select->add(Slot::From, std::move(join));
  out.sql = sql::print_sql(*out.tree);
  return out;
}

}  // namespace chokepoint::jqe
