// Items one after another: parse once, then the three rule sets, each writing only the columns the matrix has.
#include "core/sqlspace/deterministic_features.h"

#include <memory>
#include <optional>

#include "core/sql/parser.h"
#include "core/sqlspace/question_features.h"
#include "core/sqlspace/sql_syntax_features.h"

namespace chokepoint::sqlspace {

FeatureRun deterministic_features(const FeatureCatalogue& catalogue, const std::vector<EvalItem>& items,
                                  const std::map<std::string, Schema>& schemas, const Lexicon* lexicon,
                                  const FeatureOptions& options) {
  FeatureRun run;
  for (const Feature& f : catalogue.features()) {
    if (options.online && !in_online_mask(f, options.mask)) continue;
    run.matrix.feature_ids.push_back(f.id);
    const bool decided = f.deterministic() && !(options.online && (f.rule_inputs & kSql)) &&
                         !(lexicon == nullptr && f.decider == Decider::SchemaGrounding && f.id != 124);
    (decided ? run.deterministic_ids : run.llm_ids).push_back(f.id);
  }
  std::optional<SchemaGrounding> grounding;
  if (lexicon) grounding.emplace(*lexicon);
  run.matrix.rows.reserve(items.size());
  for (const EvalItem& item : items) {
    FeatureRow row = run.matrix.new_row(item.key, item.db_id);
    auto schema_it = schemas.find(item.db_id);
    const Schema* schema = schema_it == schemas.end() ? nullptr : &schema_it->second;
    if (!schema) ++run.without_schema;
    sql::NodePtr tree;
    if (!options.online) {
      auto parsed = sql::parse_sql(item.sql);
      if (parsed.ok()) {
        tree = std::move(*parsed);
        for (const auto& d : decide_sql_syntax(item.sql, *tree, schema)) run.matrix.set(row, d);
      } else {
        ++run.sql_unparsed;
      }
    }
    for (const auto& d : decide_question_surface(item.question)) run.matrix.set(row, d);
    if (grounding) {
      for (const auto& d : grounding->decide(item.question, schema, tree.get())) run.matrix.set(row, d);
    } else if (tree) {
      run.matrix.set(row, decide_threshold_mapping(item.question, *tree));
    }
    run.matrix.rows.push_back(std::move(row));
  }
  return run;
}

const char* rule_definition(int id) {
  for (const auto* rules : {&sql_syntax_rules(), &question_rules(), &grounding_rules()})
    for (const auto& r : *rules)
      if (r.id == id) return r.definition;
  return nullptr;
}

}  // namespace chokepoint::sqlspace
