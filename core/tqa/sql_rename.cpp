// Renames are decided from the name resolution of the original query, then applied to the same tree's Identifier
// nodes and printed once, so one pass sees every reference with its meaning.
#include "core/tqa/sql_rename.h"

#include "core/sql/name_resolution.h"
#include "core/sql/parser.h"
#include "core/sql/printer.h"

namespace chokepoint::tqa {
namespace {

using sql::Kind;
using sql::Node;
using sql::Slot;

void set_name(const Node* identifier, const std::string& name) {
  if (!identifier || identifier->kind != Kind::Identifier || identifier->text == name) return;
  Node* id = const_cast<Node*>(identifier);  // the resolution points into the tree this function owns
  id->text = name;
  id->flags = static_cast<uint16_t>(id->flags & ~sql::kBareKeyword);
}

}  // namespace

Result<std::string> rename_sql(std::string_view text, const Schema& schema, const RenamePlan& plan) {
  auto ast = sql::parse_sql(text);
  if (!ast.ok()) return Error{ast.error()};
  sql::NodePtr root = std::move(*ast);
  const sql::NameResolution names = sql::resolve_names(*root, schema);

  // Decide every change first: resolution reads names, so the tree must not change under it.
  std::vector<std::pair<const Node*, std::string>> changes;
  for (const auto& inst : names.instances) {
    if (inst.derived || !inst.known || !inst.source || inst.source->kind != Kind::Table) continue;
    changes.push_back({inst.source->get(Slot::Name), plan.table_name(inst.table)});
  }
  for (const auto& ref : names.columns) {
    if (ref.kind != sql::RefKind::TableColumn || ref.instance < 0) continue;
    const sql::TableInstance& inst = names.instances[static_cast<size_t>(ref.instance)];
    const Node* name = ref.node->get(Slot::Name);
    if (!inst.derived) {
      changes.push_back({name, plan.column_name(inst.table, ref.column)});
      const Node* qualifier = ref.node->get(Slot::Table);
      if (qualifier && inst.alias.empty() && iequals(qualifier->text, inst.table))
        changes.push_back({qualifier, plan.table_name(inst.table)});
    } else {
      // A derived column named after its base column (no alias) is renamed with it.
      for (const auto& d : inst.columns) {
        if (!iequals(d.name, ref.column) || d.base_table.empty() || !iequals(d.name, d.base_column)) continue;
        changes.push_back({name, plan.column_name(d.base_table, d.base_column)});
        break;
      }
    }
  }
  for (const Node* star : sql::find_all(static_cast<const Node&>(*root), Kind::Star)) {
    const Node* qualifier = star->get(Slot::Table);
    if (!qualifier) continue;
    for (const auto& inst : names.instances)
      if (!inst.derived && inst.known && inst.alias.empty() && iequals(inst.table, qualifier->text)) {
        changes.push_back({qualifier, plan.table_name(inst.table)});
        break;
      }
  }
  for (const Node* join : sql::find_all(static_cast<const Node&>(*root), Kind::Join)) {
    const Node* source = join->get(Slot::Source);
    for (const Node* id : join->list(Slot::Using)) {
      for (const auto& inst : names.instances)
        if (inst.source == source && !inst.derived && inst.known)
          changes.push_back({id, plan.column_name(inst.table, id->text)});
    }
  }
  for (const auto& [node, name] : changes) set_name(node, name);
  return sql::print_sql(*root);
}

}  // namespace chokepoint::tqa
