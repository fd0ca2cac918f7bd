// SQL optimisation prompts and decisions (see the header).
#include "core/llm_tasks/sql_optimization.h"

#include "core/llm/sql_answer.h"
#include "core/runner/prompt_formats.h"

namespace chokepoint::llm_tasks {

std::vector<OptimizeVariant> all_optimize_variants() {
  return {OptimizeVariant::WithY, OptimizeVariant::WithYS,       OptimizeVariant::WithYSQ,
          OptimizeVariant::Demo,  OptimizeVariant::DemoComments, OptimizeVariant::Direct};
}

const char* optimize_variant_name(OptimizeVariant v) {
  switch (v) {
    case OptimizeVariant::WithY:
      return "with-y";
    case OptimizeVariant::WithYS:
      return "with-y+s";
    case OptimizeVariant::WithYSQ:
      return "with-y+s+q";
    case OptimizeVariant::Demo:
      return "demo";
    case OptimizeVariant::DemoComments:
      return "demo+comments";
    case OptimizeVariant::Direct:
      return "direct";
  }
  return "?";
}

std::optional<OptimizeVariant> optimize_variant_from_name(const std::string& name) {
  for (auto v : all_optimize_variants())
    if (name == optimize_variant_name(v)) return v;
  return std::nullopt;
}

const char* optimize_template_name(OptimizeVariant v) {
  switch (v) {
    case OptimizeVariant::WithY:
      return "opt_with_y";
    case OptimizeVariant::WithYS:
      return "opt_with_y_s";
    case OptimizeVariant::WithYSQ:
      return "opt_with_y_s_q";
    case OptimizeVariant::Demo:
      return "opt_demo";
    case OptimizeVariant::DemoComments:
      return "opt_demo_comments";
    case OptimizeVariant::Direct:
      return "t2s_efficiency";
  }
  return "?";
}

bool is_two_stage(OptimizeVariant v) { return v != OptimizeVariant::Direct; }

Result<std::string> render_optimize_prompt(const PromptLibrary& library, OptimizeVariant v, const OptimizeInput& in) {
  const PromptTemplate* t = library.find(optimize_template_name(v));
  if (!t) return Error{std::string("the prompts folder has no template '") + optimize_template_name(v) + "'"};
  // Exactly the variables the template declares (render_prompt refuses any other).
  PromptVariables vars;
  for (const auto& name : t->variables) {
    if (name == "schema") vars[name] = in.schema_text;
    if (name == "question") vars[name] = runner::question_with_evidence(in.question, in.evidence);
    if (name == "sql") vars[name] = in.sql;
  }
  return render_prompt(*t, vars);
}

const char* rewrite_outcome_name(RewriteOutcome o) {
  switch (o) {
    case RewriteOutcome::Accepted:
      return "accepted";
    case RewriteOutcome::ChangedResult:
      return "changed_result";
    case RewriteOutcome::Failed:
      return "failed";
    case RewriteOutcome::NoSql:
      return "no_sql";
    case RewriteOutcome::NoAnswer:
      return "no_answer";
    case RewriteOutcome::NotAsked:
      return "not_asked";
    case RewriteOutcome::Generated:
      return "generated";
  }
  return "?";
}

SameResult same_result_as_prediction(const Connection& db, const EvalPair& pair, const EvaluationOptions& options) {
  return [&db, pair, options](const std::string& rewrite) -> Result<bool> {
    EvaluationOptions o = options;
    o.regimes.clear();
    const auto same = evaluate_pair(db, {pair.id, pair.db_id, pair.pred_sql, rewrite}, o);
    if (same.status != ItemStatus::Scored) return Error{"the original query failed: " + same.message};
    if (same.pred_status != QueryStatus::Ok) return Error{same.message};
    return same.ex;
  };
}

RewriteDecision decide_rewrite(const std::string& original, const std::optional<Result<std::string>>& answer,
                               const SameResult& same_result) {
  RewriteDecision d{original, RewriteOutcome::NotAsked, "", ""};
  if (!answer) return d;
  if (!answer->ok()) {
    d.outcome = RewriteOutcome::NoAnswer;
    d.note = answer->error();
    return d;
  }
  auto sql = extract_sql(**answer, PromptPostfix::Chat);
  if (!sql.ok()) {
    d.outcome = RewriteOutcome::NoSql;
    d.note = sql.error();
    return d;
  }
  d.note = sql->sql;
  d.rewrite = sql->sql;
  auto same = same_result(sql->sql);
  if (!same.ok()) {
    d.outcome = RewriteOutcome::Failed;
    d.note = sql->sql + " -- " + same.error();
  } else if (!*same) {
    d.outcome = RewriteOutcome::ChangedResult;
  } else {
    d.outcome = RewriteOutcome::Accepted;
    d.final_sql = sql->sql;
  }
  return d;
}

RewriteDecision direct_query(const Result<std::string>& answer) {
  if (!answer.ok()) return {"", RewriteOutcome::NoAnswer, answer.error(), ""};
  auto sql = extract_sql(*answer, PromptPostfix::Chat);
  if (!sql.ok()) return {"", RewriteOutcome::NoSql, sql.error(), ""};
  return {sql->sql, RewriteOutcome::Generated, sql->sql, sql->sql};
}

std::string published_final_sql(const RewriteDecision& d) { return d.rewrite.empty() ? d.final_sql : d.rewrite; }

RewriteCounts count_rewrites(const std::vector<RewriteDecision>& decisions) {
  RewriteCounts c;
  for (const auto& d : decisions) {
    switch (d.outcome) {
      case RewriteOutcome::Accepted:
        ++c.accepted;
        break;
      case RewriteOutcome::ChangedResult:
        ++c.changed_result;
        break;
      case RewriteOutcome::Failed:
        ++c.failed;
        break;
      case RewriteOutcome::NoSql:
        ++c.no_sql;
        break;
      case RewriteOutcome::NoAnswer:
        ++c.no_answer;
        break;
      case RewriteOutcome::NotAsked:
        ++c.not_asked;
        break;
      case RewriteOutcome::Generated:
        ++c.generated;
        break;
    }
  }
  return c;
}

}  // namespace chokepoint::llm_tasks
