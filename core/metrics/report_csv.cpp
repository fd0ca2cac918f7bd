// CSV report writer.
#include "core/metrics/report_csv.h"

namespace chokepoint {
namespace {

// Every field quoted, whatever it holds: the app's "Export CSV" has always written them so.
std::string quoted_field(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

}  // namespace

std::string evaluation_csv(const std::vector<EvalPair>& pairs, const std::vector<ItemEvaluation>& items,
                           const std::vector<Regime>& regimes, const CsvItemFacts& facts) {
  std::string csv = "id,db_id,difficulty,joins,status,prediction,ex";
  for (const auto& r : regimes) csv += "," + r.name() + " EXP," + r.name() + " EXR," + r.name() + " F1";
  csv += ",gold_sql,pred_sql,message\n";
  for (size_t i = 0; i < items.size(); ++i) {
    const ItemEvaluation& it = items[i];
    const bool scored = it.status == ItemStatus::Scored;
    csv += quoted_field(it.id) + "," + quoted_field(it.db_id) + "," +
           quoted_field(i < facts.difficulty.size() ? facts.difficulty[i] : "") + "," +
           (i < facts.joins.size() ? std::to_string(facts.joins[i]) : std::string()) + "," +
           item_status_name(it.status) + "," + (scored ? query_status_name(it.pred_status) : "") + "," +
           (it.ex ? "1" : "0");
    for (size_t r = 0; r < regimes.size(); ++r) {
      if (scored && r < it.scores.size())
        csv += "," + std::to_string(it.scores[r].exp) + "," + std::to_string(it.scores[r].exr) + "," +
               std::to_string(it.scores[r].f1);
      else
        csv += ",,,";
    }
    const std::string gold = i < pairs.size() ? pairs[i].gold_sql : "",
                      pred = i < pairs.size() ? pairs[i].pred_sql : "";
    // A cut result is named in the message column, so the file says which scores rest on part of a result.
    std::string message = it.message;
    if (it.truncated) message += (message.empty() ? "" : "; ") + std::string("truncated: ") + it.truncation;
    csv += "," + quoted_field(gold) + "," + quoted_field(pred) + "," + quoted_field(message) + "\n";
  }
  return csv;
}

}  // namespace chokepoint
