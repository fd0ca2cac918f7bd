// What `tqa linker` and `tqa augment` start from: the set (--gold), its schemas (--tables or --db-root), their schema
// graphs (--siblings) and the lexicon (--lexicon or --wordnet). Held together on the heap because the linker
// databases point into the schemas and graphs, and a ReferenceMatcher into the lexicon.
#pragma once
#include <map>
#include <memory>
#include <string>

#include "cli/flag_values.h"
#include "core/base/result.h"
#include "core/dataset/eval_set.h"
#include "core/graph/schema_graph.h"
#include "core/lexicon/lexicon.h"
#include "core/schema/schema.h"
#include "core/tqa/linker_analysis.h"

namespace chokepoint::cli {

struct LinkerInputs {
  EvalSet set;
  std::map<std::string, Schema> schemas;
  std::map<std::string, SchemaGraph> graphs;
  std::map<std::string, tqa::LinkerDatabase> databases;  // db_id -> its schema and graph above
  Lexicon lexicon;
};

// Errors are the line the command prints (the file or flag named).
Result<std::unique_ptr<LinkerInputs>> read_linker_inputs(const FlagValues& r);

}  // namespace chokepoint::cli
