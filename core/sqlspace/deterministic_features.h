// The feature matrix of a set with every deterministic feature decided: the SQL rules on the parsed gold query, the
// surface rules on the question, the grounding rules against the item's schema. LLM features stay unknown (a
// later step asks a model). Online mode keeps only the online mask's columns and never reads the SQL, as a
// deployed system would see an example before any query exists.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "core/dataset/eval_set.h"
#include "core/lexicon/lexicon.h"
#include "core/schema/schema.h"
#include "core/sqlspace/feature_catalogue.h"
#include "core/sqlspace/feature_matrix.h"

namespace chokepoint::sqlspace {

struct FeatureOptions {
  bool online = false;
  OnlineMaskRule mask = OnlineMaskRule::QuestionSchemaAspects;
};

struct FeatureRun {
  FeatureMatrix matrix;
  size_t sql_unparsed = 0;             // items whose gold SQL did not parse: their SQL features stay unknown
  size_t without_schema = 0;           // items whose database has no schema: grounding features stay unknown
  std::vector<int> deterministic_ids;  // columns a rule decides (in these options)
  std::vector<int> llm_ids;            // columns left to an LLM
};

// `lexicon` may be null: the grounding rules then stay unknown (they lemmatise). Items keep set order.
FeatureRun deterministic_features(const FeatureCatalogue& catalogue, const std::vector<EvalItem>& items,
                                  const std::map<std::string, Schema>& schemas, const Lexicon* lexicon,
                                  const FeatureOptions& options = {});

// The operational definition of a deterministic feature, or nullptr for an LLM feature.
const char* rule_definition(int id);

}  // namespace chokepoint::sqlspace
