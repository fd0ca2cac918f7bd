// Predictions by a model: the prompts of a set in one or more formats, and what the answers give
// (one SQL each, or why not), written in BIRD's prediction dict and Spider's one-per-line format so `eval` reads
// them as they are. The calls themselves go through the LLM layer's CallScheduler, driven by the front end.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "core/base/result.h"
#include "core/dataset/eval_set.h"
#include "core/runner/prompt_formats.h"
#include "core/schema/schema.h"

namespace chokepoint::runner {

struct PredictionTask {
  size_t item = 0;  // position in the set
  PromptFormat format;
  std::string prompt;
};

// One prompt per item and format, items in set order within each format. Items whose database has no schema are
// refused by name (the caller lists them). `samples` (per db_id) is used when options.sample_rows > 0.
Result<std::vector<PredictionTask>> plan_predictions(const EvalSet& set, const std::map<std::string, Schema>& schemas,
                                                     const std::vector<PromptFormat>& formats,
                                                     const SchemaRenderOptions& options, const PromptLibrary& prompts,
                                                     const std::map<std::string, SampleRows>& samples = {});

enum class PredictionStatus { Ok, NoSql, LlmError };
const char* prediction_status_name(PredictionStatus s);  // "ok", "no_sql", "llm_error"

struct PredictedItem {
  std::string key, db_id;
  std::string sql;  // "" unless Ok
  PredictionStatus status = PredictionStatus::Ok;
  std::string error;  // why not Ok
};

// What one answer gives: the model's text read by the format's parser, or the call's error.
PredictedItem read_prediction(const EvalItem& item, const PromptFormat& format, const Result<std::string>& answer);

// BIRD's prediction dict: {"<key>": "SQL\t----- bird -----\t<db_id>", ...} with items in order; an item without SQL
// has an empty query, which `eval` scores as a failed prediction (the status says why, in the run's summary).
std::string write_bird_predictions(const std::vector<PredictedItem>& items);
// Spider's predicted.txt: one query per line (line breaks folded to spaces), an empty line for an item without SQL.
std::string write_spider_predictions(const std::vector<PredictedItem>& items);

}  // namespace chokepoint::runner
