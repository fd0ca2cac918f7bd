// The distilled test suite beside the Synthesis tab's run (see suite_run.h).
#include "web/panels/testdb/suite_run.h"

#include <imgui.h>

#include <algorithm>
#include <numeric>
#include <tuple>
#include <utility>

#include "core/base/clock.h"
#include "core/base/file_text.h"
#include "core/base/json_dump.h"
#include "core/base/path_part.h"
#include "core/metrics/test_suite_evaluation.h"
#include "core/testdb/discrimination.h"
#include "core/testdb/random_database.h"
#include "web/panels/testdb/synthesis_run.h"
#include "web/panels/testdb/synthesis_view.h"
#include "web/widgets/item_places.h"
#include "web/widgets/ui_px.h"
#include "web/widgets/widgets.h"
#include "web/workspace/workspace.h"

namespace chokepoint::web {
namespace {

// Random databases drawn so far and asked for, over every question.
std::pair<size_t, size_t> draws_of(const SuiteRunView& run) {
  size_t made = 0, asked = 0;
  for (const auto& q : run.questions) {
    asked += run.options.draws;
    made += q.job ? q.job->draws_made() : (q.suite ? q.suite->draws : 0);
  }
  return {made, asked};
}

bool suite_is_current(const SynthesisView& view) {
  return view.suite.done && view.done && view.suite.for_run == view.folder;
}

// The question's prediction on its suite, as `agreement --test-suite-root` judges it: right only if it matches on
// every member, SR's verdict from the gold on any member, CC the whole schema's columns (a member has the original's
// schema). A question without a member has no test database.
void judge_on_suite(SynthesisView& view, SuiteRunView::Question& q, const LoadedDatabase& original) {
  const auto& r = view.results[q.result];
  if (!r.agreement || view.items[q.result] >= view.pairs.size()) return;
  const EvalPair& pair = view.pairs[view.items[q.result]];
  testdb::AgreementItem a = *r.agreement;  // its original side, judged by the synthesis
  a.test = {};
  a.test.id = pair.id;
  a.test.db_id = q.db_id;
  a.test_columns = 0;
  std::vector<PooledDatabase> members;
  for (size_t k = 0; k < q.suite->members.size(); ++k)
    members.push_back({testdb::suite_file_name(q.db_id, k), &q.suite->members[k].db});
  if (members.empty()) {
    a.test.status = ItemStatus::NoDatabase;
    a.test.message = "no random database of " + q.db_id + " kills one of its gold's mutants: the suite is empty";
  } else {
    const EvaluationOptions options = synthesis_judging(view);
    a.test = evaluate_pair_on_suite(members, pair, options);
    a.test_gold_nonempty =
        testdb::discriminate_gold_on_suite(members, pair.gold_sql, gold_mutants(view, q.result, *original.connection),
                                           options.semantics, options.limits)
            .gold_nonempty;
    a.test_columns = original.schema.column_count();
  }
  q.agreement = std::move(a);
}

// The question's finished suite into the folder, the manifest and its verdict.
void close_question(AppState& state, SynthesisView& view, SuiteRunView::Question& q) {
  auto& run = view.suite;
  auto suite = q.job->take();
  q.job.reset();
  if (!suite.ok()) {
    run.error = q.db_id + ": " + suite.error();
    return;
  }
  q.suite = std::move(*suite);
  const std::string dir = run.folder + "/" + q.db_id;
  make_dirs(dir);
  for (size_t k = 0; k < q.suite->members.size(); ++k)
    if (auto st = testdb::save_database(q.suite->members[k].db, dir + "/" + testdb::suite_file_name(q.db_id, k));
        !st.ok()) {
      run.error = st.error();
      return;
    }
  run.manifest.add(q.db_id, 1, *q.suite);
  const EvalItem& it = view.gold->items[view.items[q.result]];
  if (const LoadedDatabase* original = find_database(state, it.db_id); original && original->connection)
    judge_on_suite(view, q, *original);
}

}  // namespace

SuiteRunView reset_suite_run(const SuiteRunView& run) {
  SuiteRunView fresh;
  fresh.draws = run.draws;
  fresh.databases = run.databases;
  fresh.rows = run.rows;
  fresh.seed = run.seed;
  return fresh;
}

void start_suite_run(AppState& state, SynthesisView& view) {
  auto& run = view.suite;
  run.error.clear();
  if (!view.done || view.running || view.scoring) {
    run.error = "run a synthesis first: the suite is drawn for its questions";
    return;
  }
  run.questions.clear();
  run.manifest = {};
  run.next = 0;
  run.done = false;
  run.options = {};
  run.options.seed = static_cast<uint64_t>(std::max(0, run.seed));
  run.options.draws = static_cast<size_t>(std::clamp(run.draws, 1, 10000));
  run.options.max_databases = static_cast<size_t>(std::clamp(run.databases, 0, 1000));
  run.options.max_rows = static_cast<size_t>(std::clamp(run.rows, 1, 10000));
  run.options.semantics = synthesis_judging(view).semantics;
  run.for_run = view.folder;
  run.folder = view.folder + "_" + kSuiteMethod;
  make_dirs(run.folder);
  // In db_id order, as `testsuite distill` goes through a set's databases.
  std::vector<size_t> order(view.results.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return view.results[a].synthetic_id < view.results[b].synthetic_id; });
  for (size_t k : order) {
    const auto& r = view.results[k];
    const EvalItem& it = view.gold->items[view.items[k]];
    const LoadedDatabase* original = view.loops[k] ? find_database(state, it.db_id) : nullptr;
    if (!original || !original->connection || !check_path_part(r.synthetic_id, "db_id").ok()) {
      run.manifest.missing.push_back(r.synthetic_id);
      continue;
    }
    SuiteRunView::Question q;
    q.result = k;
    q.db_id = r.synthetic_id;
    std::vector<std::string> sql = gold_mutants(view, k, *original->connection);
    if (!r.mutant_sql->ok()) ++run.manifest.golds_unparsed;  // made by the call above
    q.mutants = sql.size();
    Schema schema = original->schema;
    schema.db_id = q.db_id;  // the draws' seeds follow the test database's id, as the CLI's do
    q.job = std::make_unique<testdb::DistillJob>(*original->connection, std::move(schema),
                                                 std::vector<testdb::SuiteItem>{{r.id, it.sql, std::move(sql)}},
                                                 run.options);
    run.questions.push_back(std::move(q));
  }
  if (run.questions.empty()) {
    run.error = "none of the run's questions has its original database loaded";
    return;
  }
  run.running = true;
  notify(state, "test suite: " + std::to_string(run.questions.size()) + " questions, " +
                    std::to_string(run.options.draws) + " random databases each");
}

void cancel_suite_run(SynthesisView& view) {
  auto& run = view.suite;
  if (!run.running) return;
  run.running = false;
  run.questions.clear();
  run.error = "cancelled: the suite was not finished, and the study has no " + std::string(kSuiteMethod) + " column";
}

void step_suite_run(AppState& state, SynthesisView& view, double budget_ms) {
  auto& run = view.suite;
  if (!run.running) return;
  const double start = monotonic_ms();
  while (run.next < run.questions.size()) {
    auto& q = run.questions[run.next];
    q.job->step();
    if (q.job->finished()) {
      close_question(state, view, q);
      if (!run.error.empty()) {
        run.running = false;
        return;
      }
      ++run.next;
    }
    if (monotonic_ms() - start >= budget_ms) break;
  }
  if (run.next < run.questions.size()) return;
  run.running = false;
  run.done = true;
  const std::string manifest = run.folder + "/manifest.json";
  if (auto st = write_file(manifest, dump_json(run.manifest.json(view.folder + "/set.json", run.options), 2) + "\n");
      !st.ok())
    run.error = st.error();
  keep_in_workspace(manifest);
  notify(state,
         "test suite: " + std::to_string(run.manifest.killed_by_suite) + " of " + std::to_string(run.manifest.mutants) +
             " mutants killed (the best single databases: " + std::to_string(run.manifest.killed_by_best_single) + ")");
}

std::vector<const testdb::AgreementItem*> suite_agreement(const SynthesisView& view) {
  std::vector<const testdb::AgreementItem*> out;
  if (!suite_is_current(view)) return out;
  out.assign(view.results.size(), nullptr);
  for (const auto& q : view.suite.questions)
    if (q.agreement) out[q.result] = &*q.agreement;
  return out;
}

void draw_suite_run(AppState& state, SynthesisView& view) {
  auto& run = view.suite;
  ImGui::PushID("tsa");
  ImGui::Separator();
  ImGui::TextUnformatted("Test-suite baseline (TSA, SynSQL Table 2)");
  ImGui::TextWrapped(
      "Random databases drawn for each question from its original's schema and values, run against its gold's "
      "single-error mutants, and the fewest that kill the most mutants kept (Zhong, Yu and Klein 2020; `chokepoint "
      "testsuite distill`). The prediction is right there only if it matches on every kept database. The study then "
      "sets it beside the synthesis.");
  ImGui::BeginDisabled(run.running);
  for (auto [label, value, low, high] : {std::tuple<const char*, int*, int, int>{"draws", &run.draws, 1, 10000},
                                         {"databases kept (0: all that add)", &run.databases, 0, 1000},
                                         {"rows per table", &run.rows, 1, 10000},
                                         {"seed##tsa", &run.seed, 0, 1 << 30}}) {
    ImGui::SetNextItemWidth(ui_px(90));
    ImGui::InputInt(label, value);
    *value = std::clamp(*value, low, high);
    ImGui::SameLine();
  }
  if (ImGui::Button("Distil a test suite")) start_suite_run(state, view);
  note_item_place("distil test suite");
  ImGui::EndDisabled();
  if (!run.error.empty()) draw_error(run.error);
  if (run.running) {
    const auto [made, asked] = draws_of(run);
    if (draw_progress_cancel(made, asked)) cancel_suite_run(view);
  } else if (suite_is_current(view)) {
    const auto& m = run.manifest;
    ImGui::Text(
        "mutants killed: %zu of %zu by the suites, %zu by their best single databases; without an original "
        "database: %zu questions",
        m.killed_by_suite, m.mutants, m.killed_by_best_single, m.missing.size());
    const auto items = suite_agreement(view);
    std::vector<testdb::AgreementItem> judged;
    for (const auto* a : items)
      if (a) judged.push_back(*a);
    if (!judged.empty()) {
      const auto s = testdb::summarize_agreement(judged);
      ImGui::Text("%s on the suites: EX %.1f%% original, %.1f%% suite, delta %.1f; SR %.1f%% over %zu questions",
                  view.pred_name.c_str(), s.ex_original, s.ex_test, s.delta, s.sr, s.n);
    }
    ImGui::TextDisabled("suite in %s (--test-suite-root %s=...)", run.folder.c_str(), kSuiteMethod);
  }
  ImGui::PopID();
}

nlohmann::json suite_run_json(const SuiteRunView& run) {
  const auto [made, asked] = draws_of(run);
  nlohmann::json j = {{"running", run.running},
                      {"done", run.done},
                      {"error", run.error},
                      {"folder", run.folder},
                      {"draws_made", made},
                      {"draws_asked", asked},
                      {"questions", run.questions.size()}};
  if (run.done) j["manifest"] = nlohmann::json::parse(run.manifest.json("", run.options).dump());
  return j;
}

}  // namespace chokepoint::web
