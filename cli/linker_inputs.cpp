// Reading a set with its schemas, graphs and lexicon for the linker analysis.
#include "cli/linker_inputs.h"

#include <set>

#include "cli/cli_inputs.h"
#include "core/dataset/eval_set_loader.h"

namespace chokepoint::cli {

Result<std::unique_ptr<LinkerInputs>> read_linker_inputs(const FlagValues& r) {
  SchemaGraphOptions graph_options;
  if (r.has("--siblings")) {
    auto s = parse_sibling_rule(r.text("--siblings"));
    if (!s.ok()) return Error{s.error()};
    graph_options.siblings = *s;
  }
  auto set = load_eval_set(r.text("--gold"));
  if (!set.ok()) return Error{r.text("--gold") + ": " + set.error()};
  std::set<std::string> db_ids;
  for (const auto& i : set->items) db_ids.insert(i.db_id);
  auto schemas = schemas_for(r, db_ids);
  if (!schemas.ok()) return Error{schemas.error()};
  auto lex = open_lexicon(r);
  if (!lex.ok()) return Error{"lexicon: " + lex.error()};
  auto in = std::make_unique<LinkerInputs>(LinkerInputs{std::move(*set), std::move(*schemas), {}, {}, std::move(*lex)});
  for (const auto& [db, schema] : in->schemas) in->graphs[db] = build_schema_graph(schema, graph_options);
  for (const auto& [db, schema] : in->schemas) in->databases[db] = {&schema, &in->graphs[db]};
  return in;
}

}  // namespace chokepoint::cli
