// Evaluation sets as values: the questions, gold SQL and databases of a benchmark file, or the predictions of a
// system, whatever format they came in (BIRD and Spider dev.json, gold TSV, BIRD prediction dicts, one SQL per
// line, CSV). Loaders fill what their format has and leave the rest empty.
#pragma once
#include <string>
#include <vector>

namespace chokepoint {

enum class DatasetFormat {
  BirdDevJson,         // [{question_id, db_id, question, evidence, SQL, difficulty}]
  SpiderDevJson,       // [{db_id, question, query, ...}]
  GoldTsv,             // "SQL<TAB>db_id" per line (Spider and BIRD dev_gold.sql)
  BirdPredictionJson,  // {"0": "SQL\t----- bird -----\tdb_id", ...}
  SqlLines,            // one SQL per line, aligned with a gold file (Spider predictions)
  Csv,                 // header with a sql (or query) column and optionally db_id, question, ...
};

const char* dataset_format_name(DatasetFormat f);  // "bird-json", "spider-json", "gold-tsv", ...

struct EvalItem {
  std::string key;  // question_id, the prediction dict's key, or the 0-based position
  std::string db_id;
  std::string question;
  std::string evidence;
  std::string sql;
  std::string difficulty;
  // Further gold answers, any of which is right (a JSON list's later entries; gold_alternatives.h also splits a
  // text holding several statements); empty for the usual single gold. `sql` stays the first.
  std::vector<std::string> sql_alternatives = {};
};

struct EvalSet {
  DatasetFormat format = DatasetFormat::GoldTsv;
  std::vector<EvalItem> items;  // in file order (prediction dicts: by numeric key)
};

// Whether a loaded file holds a model's predictions rather than gold queries: BIRD's prediction dict and one SQL per
// line always do; a CSV does when none of its rows has a question; every other format is a gold set.
bool holds_predictions(const EvalSet& set);

}  // namespace chokepoint
