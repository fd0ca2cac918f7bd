// Prediction prompts and answers (see prediction_run.h).
#include "core/runner/prediction_run.h"

#include <utility>

#include <nlohmann/json.hpp>

namespace chokepoint::runner {

Result<std::vector<PredictionTask>> plan_predictions(const EvalSet& set, const std::map<std::string, Schema>& schemas,
                                                     const std::vector<PromptFormat>& formats,
                                                     const SchemaRenderOptions& options, const PromptLibrary& prompts,
                                                     const std::map<std::string, SampleRows>& samples) {
  std::vector<PredictionTask> out;
  out.reserve(set.items.size() * formats.size());
  const SampleRows none;
  for (const auto& format : formats) {
    auto prompt_template = text_to_sql_template(prompts, format);
    if (!prompt_template.ok()) return Error{prompt_template.error()};
    std::map<std::string, std::string> schema_text;  // per db_id, rendered once per format
    // Sets list a database's items together: the previous item's schema text serves the next without a lookup.
    const std::string* last_db = nullptr;
    const std::string* text = nullptr;
    for (size_t i = 0; i < set.items.size(); ++i) {
      const auto& it = set.items[i];
      if (!last_db || *last_db != it.db_id) {
        auto schema = schemas.find(it.db_id);
        if (schema == schemas.end()) return Error{"item " + it.key + ": no schema for database '" + it.db_id + "'"};
        auto found = schema_text.find(it.db_id);
        if (found == schema_text.end()) {
          auto s = samples.find(it.db_id);
          found = schema_text
                      .emplace(it.db_id,
                               render_schema(schema->second, format, options, s == samples.end() ? none : s->second))
                      .first;
        }
        last_db = &it.db_id;
        text = &found->second;
      }
      auto prompt =
          render_text_to_sql_prompt(**prompt_template, format, *text, question_with_evidence(it.question, it.evidence));
      if (!prompt.ok()) return Error{prompt.error()};
      out.push_back({i, format, std::move(*prompt)});
    }
  }
  return out;
}

const char* prediction_status_name(PredictionStatus s) {
  switch (s) {
    case PredictionStatus::Ok:
      return "ok";
    case PredictionStatus::NoSql:
      return "no_sql";
    case PredictionStatus::LlmError:
      return "llm_error";
  }
  return "";
}

PredictedItem read_prediction(const EvalItem& item, const PromptFormat& format, const Result<std::string>& answer) {
  PredictedItem p{item.key, item.db_id, "", PredictionStatus::Ok, ""};
  if (!answer.ok()) {
    p.status = PredictionStatus::LlmError;
    p.error = answer.error();
    return p;
  }
  auto sql = extract_sql(*answer, format.postfix);
  if (!sql.ok()) {
    p.status = PredictionStatus::NoSql;
    p.error = sql.error();
    return p;
  }
  p.sql = std::move(sql->sql);
  return p;
}

std::string write_bird_predictions(const std::vector<PredictedItem>& items) {
  // Keys in item order (nlohmann's ordered_json keeps insertion order; BIRD's files list them so).
  nlohmann::ordered_json j = nlohmann::ordered_json::object();
  for (const auto& p : items) j[p.key] = p.sql + "\t----- bird -----\t" + p.db_id;
  // A model may answer with bytes that are not UTF-8: replaced, never a throw.
  return j.dump(4, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

std::string write_spider_predictions(const std::vector<PredictedItem>& items) {
  std::string out;
  for (const auto& p : items) {
    std::string line = p.sql;
    for (char& c : line)
      if (c == '\n' || c == '\r' || c == '\t') c = ' ';
    out += line + "\n";
  }
  return out;
}

}  // namespace chokepoint::runner
