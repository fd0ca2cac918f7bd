// Success-rate failures classified as in SynSQL's Fig. 4 (see success_diagnosis.h).
#include "core/testdb/success_diagnosis.h"

#include "core/testdb/oracle_schema.h"
#include "core/testdb/synthetic_database.h"

namespace chokepoint::testdb {
namespace {}  // namespace

const char* success_verdict_name(SuccessVerdict v) {
  switch (v) {
    case SuccessVerdict::Success:
      return "success";
    case SuccessVerdict::SelectorOmission:
      return "selector_omission";
    case SuccessVerdict::Misinterpretation:
      return "misinterpretation";
    case SuccessVerdict::NoDatabase:
      return "no_database";
    case SuccessVerdict::GoldUnresolved:
      return "gold_unresolved";
  }
  return "";
}

Result<SuccessVerdict> success_verdict_from_name(const std::string& name) {
  for (SuccessVerdict v : {SuccessVerdict::Success, SuccessVerdict::SelectorOmission, SuccessVerdict::Misinterpretation,
                           SuccessVerdict::NoDatabase, SuccessVerdict::GoldUnresolved})
    if (name == success_verdict_name(v)) return v;
  return Error{"unknown success verdict '" + name + "'"};
}

SuccessDiagnosis classify_success(const Schema& full, const Schema& used, const std::string& gold_sql,
                                  const QueryOutcome* gold_outcome) {
  SuccessDiagnosis d;
  d.columns = used.column_count();
  if (!gold_outcome) return d;  // NoDatabase
  if (gold_outcome->ok()) {
    d.gold_rows = gold_outcome->result.rows.size();
    if (d.gold_rows > 0) {
      d.verdict = SuccessVerdict::Success;
      return d;
    }
  } else {
    d.gold_error = gold_outcome->message;
  }
  // A.3: an omission when the reduction left out a table or column the gold uses, else a misinterpretation.
  auto items = gold_schema_items(gold_sql, full);
  if (!items.ok()) {
    d.verdict = SuccessVerdict::GoldUnresolved;
    return d;
  }
  d.missing = missing_gold_items(*items, used);
  d.verdict = d.missing.empty() ? SuccessVerdict::Misinterpretation : SuccessVerdict::SelectorOmission;
  return d;
}

QueryLimits success_gold_limits() {
  QueryLimits limits;
  limits.timeout_ms = 5000;
  return limits;
}

SuccessDiagnosis diagnose_success(const SynthesisLoop& loop, const std::string& gold_sql, const QueryLimits& limits) {
  const SynthesisRound* round = loop.chosen();
  if (!round) return classify_success(loop.full_schema(), loop.schema(), gold_sql, nullptr);
  auto db = open_synthetic_database(loop.schema(), round->validation.tables);
  if (!db.ok()) {
    SuccessDiagnosis d = classify_success(loop.full_schema(), loop.schema(), gold_sql, nullptr);
    d.gold_error = db.error();
    return d;
  }
  const QueryOutcome gold = db->query(gold_sql, limits);
  return classify_success(loop.full_schema(), loop.schema(), gold_sql, &gold);
}

nlohmann::ordered_json success_diagnosis_json(const SuccessDiagnosis& d) {
  return {{"verdict", success_verdict_name(d.verdict)}, {"missing", d.missing}, {"columns", d.columns}};
}

Result<SuccessDiagnosis> success_diagnosis_from_json(const nlohmann::json& j) {
  if (!j.is_object() || !j.contains("verdict") || !j["verdict"].is_string())
    return Error{"no \"verdict\" text in the success entry"};
  auto verdict = success_verdict_from_name(j["verdict"].get<std::string>());
  if (!verdict.ok()) return Error{verdict.error()};
  SuccessDiagnosis d;
  d.verdict = *verdict;
  if (j.contains("columns")) {
    if (!j["columns"].is_number_unsigned()) return Error{"\"columns\" is not a count"};
    d.columns = j["columns"].get<size_t>();
  }
  if (j.contains("missing")) {
    if (!j["missing"].is_array()) return Error{"\"missing\" is not a list"};
    for (const auto& m : j["missing"]) {
      if (!m.is_string()) return Error{"\"missing\" holds something other than text"};
      d.missing.push_back(m.get<std::string>());
    }
  }
  return d;
}

void SuccessBreakdown::add(const SuccessDiagnosis& d) {
  ++n;
  if (d.columns > 0) {
    ++cc_items;
    cc_columns += d.columns;
  }
  switch (d.verdict) {
    case SuccessVerdict::Success:
      ++success;
      break;
    case SuccessVerdict::SelectorOmission:
      ++selector_omission;
      break;
    case SuccessVerdict::Misinterpretation:
      ++misinterpretation;
      break;
    case SuccessVerdict::NoDatabase:
      ++no_database;
      break;
    case SuccessVerdict::GoldUnresolved:
      ++gold_unresolved;
      break;
  }
}

nlohmann::ordered_json success_breakdown_json(const SuccessBreakdown& b) {
  return nlohmann::ordered_json{{"n", b.n},
                                {"sr", b.sr()},
                                {"cc", b.cc()},
                                {"success", b.success},
                                {"failures", b.failures()},
                                {"selector_omission", b.selector_omission},
                                {"misinterpretation", b.misinterpretation},
                                {"no_database", b.no_database},
                                {"gold_unresolved", b.gold_unresolved}};
}

}  // namespace chokepoint::testdb
