// Keeping finished evaluations in the workspace's run store and comparing two of them (see runs_view.h); the
// Runs tab's drawing is runs_view.cpp.
#include "web/panels/runs/runs_store.h"

#include <imgui.h>
#include <ctime>
#include "core/base/clock.h"
#include "core/base/json_dump.h"
#include "core/metrics/explanation.h"
#include "web/bridge/file_bridge.h"
#include "web/panel_registry.h"
#include "web/panels/metrics/metrics_run.h"
#include "web/panels/runs/runs_view.h"
#include "web/sub_tab_registry.h"
#include "web/widgets/item_places.h"
#include "web/widgets/ui_px.h"
#include "web/workspace/workspace.h"

namespace chokepoint::web {

const char* const kRunStorePath = "/workspace/runs.sqlite";

namespace {

// The store records when a run was kept and a mark set; the core reads no clock, the page does.
std::string utc_now() {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

}  // namespace

bool kept_in_workspace(const RunsView& v) { return v.store && v.store_error.empty(); }

namespace {

void refresh_runs(RunsView& v) {
  if (!v.store) return;
  auto runs = v.store->list_runs();
  if (runs.ok())
    v.runs = std::move(*runs);
  else
    v.error = runs.error();
}

}  // namespace

// The workspace's store, or (private mode, a file that is not a store) one in memory with the reason shown: a file
// the store cannot read is never rewritten.
void open_store(RunsView& v) {
  if (v.opened) return;
  v.opened = true;
  if (workspace_available()) {
    auto s = runs::RunStore::open(kRunStorePath, runs::RunStore::OpenMode::CreateIfMissing);
    if (s.ok())
      v.store = std::make_shared<runs::RunStore>(std::move(*s));
    else
      v.store_error = s.error();
  } else {
    v.store_error = "the workspace (IndexedDB) is not available";
  }
  if (!v.store) {
    auto m = runs::RunStore::open_memory();
    if (m.ok()) v.store = std::make_shared<runs::RunStore>(std::move(*m));
    v.store_error += m.ok() ? "; runs last until the page is closed" : "; " + m.error();
  }
  refresh_runs(v);
}

namespace {

void persist(const RunsView& v) {
  if (kept_in_workspace(v)) persist_workspace();
}

}  // namespace

double run_ex(const runs::RunInfo& info) {
  const auto j = nlohmann::json::parse(info.summary_json, nullptr, false);
  return j.is_object() ? j.value("ex", 0.0) : 0.0;
}

// The comparison of a and b again, with the marks as they are now.
namespace {

void recompare(RunsView& v) {
  v.comparison.reset();
  if (!v.store || v.a == 0 || v.b == 0) return;
  auto a = v.store->load_run(v.a);
  auto b = a.ok() ? v.store->load_run(v.b) : a;
  auto marks = v.store->marks();
  if (!a.ok() || !b.ok() || !marks.ok()) {
    v.error = !a.ok() ? a.error() : !b.ok() ? b.error() : marks.error();
    return;
  }
  v.comparison = std::make_shared<runs::RunComparison>(runs::compare_runs(*a, *b, *marks));
}

// The kept run `kept` repeats, if any: a reload evaluates the last files again (metrics_memory.h), and the same
// evaluation is not kept twice. Only the newest run with the same label is looked at.
std::optional<int64_t> same_kept_run(const RunsView& v, const runs::NewRun& kept) {
  for (auto it = v.runs.rbegin(); it != v.runs.rend(); ++it) {
    if (it->label != kept.label) continue;
    if (it->settings_json != kept.settings_json || it->items != kept.items.size() ||
        it->summary_json != dump_json(summary_to_json(summarize(kept.items, kept.regimes))))
      return std::nullopt;
    auto stored = v.store->load_run(it->id);
    if (!stored.ok() || stored->pairs.size() != kept.pairs.size()) return std::nullopt;
    for (size_t k = 0; k < kept.pairs.size(); ++k) {
      const auto &a = stored->pairs[k], &b = kept.pairs[k];
      if (a.id != b.id || a.db_id != b.db_id || a.gold_sql != b.gold_sql || a.pred_sql != b.pred_sql ||
          stored->items[k].ex != kept.items[k].ex || stored->items[k].status != kept.items[k].status)
        return std::nullopt;
    }
    return it->id;
  }
  return std::nullopt;
}

void keep_run(const std::shared_ptr<MetricsRun>& kept_run, RunsView& v) {
  MetricsRun& run = *kept_run;
  run.store_tried = true;
  nlohmann::json regimes = nlohmann::json::array();
  for (const auto& r : run.options().regimes) regimes.push_back(r.name());
  const nlohmann::json settings = {{"app", true},
                                   {"gold", run.gold_name},
                                   {"predictions", run.pred_name},
                                   {"semantics", ex_semantics_name(run.options().semantics)},
                                   {"regimes", regimes},
                                   {"timeout_ms", run.options().limits.timeout_ms},
                                   {"max_rows", run.options().limits.max_rows},
                                   {"tie_aware", run.options().tie_aware},
                                   {"abs_tol", run.options().abs_tolerance},
                                   {"rel_tol", run.options().rel_tolerance},
                                   {"sc_embedding", run.options().columns.embedding_label}};
  runs::NewRun kept;
  kept.created_at = utc_now();
  kept.label = run.label;
  kept.settings_json = dump_json(settings);
  kept.regimes = run.options().regimes;
  kept.pairs = run.pairs();
  kept.items.reserve(run.items().size());
  for (const auto& it : run.items()) {  // the store keeps scores, statuses and messages, not results
    ItemEvaluation item = it;
    item.gold_result = {};
    item.pred_result = {};
    item.comparisons.clear();
    kept.items.push_back(std::move(item));
  }
  v.inserting = kept_run;
  v.insert_run = std::make_shared<runs::NewRun>(std::move(kept));
  v.insert_id = 0;  // begun in the next frame, after the check for the same run kept before
  v.insert_next = 0;
}

// The first later frame of keep_run: a reload's re-evaluation of a run already kept is not kept twice; otherwise
// the insert's transaction begins.
void begin_keeping(RunsView& v) {
  if (const auto same = same_kept_run(v, *v.insert_run)) {
    v.inserting->stored_id = *same;
    v.insert_run.reset();
    v.inserting.reset();
    return;
  }
  auto id = v.store->begin_run(*v.insert_run);
  if (!id.ok()) {
    v.error = "the run was not kept: " + id.error();
    v.insert_run.reset();
    v.inserting.reset();
    return;
  }
  v.insert_id = *id;
}

// The later frames of keep_run: the insert's slices and its commit, the workspace write, then the list and the
// comparison.
void finish_keeping(RunsView& v) {
  if (v.insert_run && v.insert_id == 0) {
    begin_keeping(v);
    return;
  }
  if (v.insert_run) {
    constexpr size_t kItemsPerFrame = 300;
    const size_t to = std::min(v.insert_next + kItemsPerFrame, v.insert_run->items.size());
    auto written = v.store->add_run_items(v.insert_id, *v.insert_run, v.insert_next, to);
    v.insert_next = to;
    if (written.ok() && to < v.insert_run->items.size()) return;
    if (written.ok()) written = v.store->commit_run();
    if (!written.ok()) {
      v.store->abandon_run();
      v.error = "the run was not kept: " + written.error();
    } else {
      v.inserting->stored_id = v.insert_id;
      v.persist_due = true;
      v.compare_due = true;
      v.compare_a = v.runs.empty() ? 0 : v.runs.back().id;
      v.compare_b = v.insert_id;
    }
    v.insert_run.reset();
    v.inserting.reset();
    return;
  }
  if (v.persist_due) {
    v.persist_due = false;
    persist(v);
    return;
  }
  if (!v.compare_due) return;
  v.compare_due = false;
  refresh_runs(v);
  // The newest run against the one before it: what a user looks at after evaluating a changed prediction file.
  if (v.compare_a != 0) {
    v.a = v.compare_a;
    v.b = v.compare_b;
    recompare(v);
  }
}

}  // namespace

void step_runs_view(AppState& state) {
  RunsView& v = state.panels.get<RunsView>();
  const double started = monotonic_ms();
  if (v.insert_run || v.persist_due || v.compare_due) {
    finish_keeping(v);
    note_frame_part(state, "metrics: runs store (write, list)", started);
    return;
  }
  const auto run = current_evaluation(state);
  if (!run || !run->done || run->store_tried) return;
  if (workspace_restoring() > 0) return;  // the kept store may still be on its way back from IndexedDB
  open_store(v);
  note_frame_part(state, "metrics: runs store (open)", started);
  const double inserting = monotonic_ms();
  if (v.store) keep_run(run, v);
  note_frame_part(state, "metrics: runs store (insert)", inserting);
}

void compare_stored_runs(AppState& state, int64_t a, int64_t b) {
  RunsView& v = state.panels.get<RunsView>();
  open_store(v);
  v.error.clear();
  v.a = a;
  v.b = b;
  recompare(v);
}

void mark_compared_item(AppState& state, char side, const std::string& item_id, bool almost_correct,
                        const std::string& note) {
  RunsView& v = state.panels.get<RunsView>();
  v.error.clear();
  if (!v.comparison || !v.store) {
    v.error = "no two runs are compared";
    return;
  }
  const runs::ItemDelta* delta = nullptr;
  for (const auto& d : v.comparison->items)
    if (d.id == item_id) delta = &d;
  const auto* s = delta ? (side == 'a' ? &delta->a : &delta->b) : nullptr;
  if (!s || !*s) {
    v.error = "run " + std::string(1, static_cast<char>(side - 'a' + 'A')) + " has no item '" + item_id + "'";
    return;
  }
  const Status done = almost_correct ? v.store->set_mark({delta->db_id, item_id, (*s)->pred_sql, true, note, utc_now()})
                                     : v.store->clear_mark(delta->db_id, item_id, (*s)->pred_sql);
  if (!done.ok()) {
    v.error = done.error();
    return;
  }
  persist(v);
  recompare(v);
}

}  // namespace chokepoint::web
