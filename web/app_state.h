// The app's state: plain data, one struct per panel (decisions.md §S, "UI code is a function of state"). Panels read it
// and draw; user actions change it. The core's results are stored here as values.
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <typeindex>
#include <vector>

#include "core/base/result.h"
#include "core/dataset/eval_set.h"
#include "core/db/connection.h"
#include "core/db/row_count_job.h"
#include "core/graph/layout.h"
#include "core/metrics/evaluation_job.h"
#include "core/metrics/execution_accuracy.h"
#include "core/schema/schema.h"
#include "web/widgets/graph_view.h"

namespace chokepoint::web {

// One database the user can browse: a SQLite file (sample, uploaded or from the workspace) or a schema-only
// database built from tables.json (no rows; queries prepare but return nothing).
struct LoadedDatabase {
  std::string path;                        // in the Emscripten file system, e.g. /assets/db/toxicology.sqlite
  std::string origin;                      // "sample", "upload", "workspace", "tables.json"
  Schema schema;                           // read through SQLite in wasm
  std::shared_ptr<Connection> connection;  // read-only; null when the file could not be opened
  bool schema_only = false;
  // Listed from the build's schema snapshot before its file is open (list_sample_databases): the schema is there, the
  // connection comes in the frame after the first usable one.
  bool opening = false;
  std::string error;  // non-empty when a listed file could not be opened
  // A big file's row counts, counted a slice a frame after it opened (the tables' row_count is -1 until then).
  std::shared_ptr<RowCountJob> row_counts;
};

struct RowBrowser {
  int table = 0;                                            // index into the selected database's schema.tables
  int page = 0;                                             // page of kRowsPerPage rows
  std::string error;                                        // last query error
  QueryOutcome rows;                                        // the current page
  int loaded_db = -1, loaded_table = -1, loaded_page = -1;  // what `rows` holds
};

struct DatabasesPanel {
  std::vector<LoadedDatabase> databases;
  int selected = 0;
  RowBrowser browser;
};

// A new number for each set put into the page, so a result can tell whether the set it was made from was replaced.
uint64_t next_set_revision();

struct LoadedSet {
  std::string name;  // file name
  std::string path;
  EvalSet set;
  bool predictions = false;  // a model's predictions (holds_predictions), offered as such and never as a gold set
  uint64_t revision = next_set_revision();  // a copy keeps it; a set whose items change takes a new one
};

struct EvalSetPanel {
  std::vector<LoadedSet> sets;
  int selected_set = 0;
  int selected_item = -1;
  char filter_db[64] = "";
  char filter_text[128] = "";
  QueryOutcome run;  // result of running the selected item's SQL
  int run_item = -1;
  int filter_joins = -1;   // -1 any; 0, 1, 2; 3 means three or more
  std::vector<int> joins;  // join count per item of the selected set (-1 unknown)
  int joins_for_set = -1;  // which set `joins` belongs to
  int joins_for_size = -1;
  GraphView graph_view;  // the selected item's join query graph
};

}  // namespace chokepoint::web
namespace chokepoint {
struct SchemaGraph;
struct GraphStatistics;
}  // namespace chokepoint
namespace chokepoint::web {

struct SchemaGraphPanel {
  int db = -1;   // database the cached graph belongs to
  int rule = 0;  // sibling rule: 0 same column, 1 same table, 2 none
  int built_rule = -1;
  std::shared_ptr<SchemaGraph> graph;
  std::shared_ptr<GraphStatistics> stats;
  std::vector<Point2> positions;
  std::vector<std::string> highlight;  // lower-case table names of the selected query
  GraphView view;
};

struct MetricsRun;  // web/panels/metrics/metrics_run.h

// What the Predictions & metrics panel evaluates and last evaluated, shared with the tabs built on its run (Judge,
// Efficiency, SQL-to-Text, Optimise, Errors, Runs, Gold check, Run a model): they read it here and ask through it,
// never through the panel's own struct. The panel writes it; the others only read it or leave a request.
struct CurrentRuns {
  std::shared_ptr<MetricsRun> evaluation;  // the current or last evaluation; null before the first
  int gold_set = 0, pred_set = 0;          // the pickers: indices into eval_sets.sets
  ExSemantics semantics = ExSemantics::Bird;
  bool semantics_chosen = false;  // by the user or a command; until then it follows the files' benchmark
  int timeout_ms = 5000;          // an item's time limit
  size_t sets_seen = 0;           // loaded sets the pickers have followed (see follow_new_sets)
  bool request_run = false;       // evaluate the picked pair: the panel starts it on its next step (a page command,
                                  // or a tab that made a set to score, such as the debugged predictions)
};

// Messages for the user (errors from uploads and jobs), newest last; shown in the status bar and a log window.
struct Notice {
  std::string text;
  bool error = false;
};

// Each feature panel's own state struct (JqePanel, TqaPanel, ...), created on first use. The panels' headers are
// not included here (they include this file); a panel reaches its state with state.panels.get<TqaPanel>().
class PanelStates {
 public:
  template <typename T>
  T& get() {
    auto& slot = slots_[std::type_index(typeid(T))];
    if (!slot) slot = std::shared_ptr<void>(new T(), [](void* p) { delete static_cast<T*>(p); });
    return *static_cast<T*>(slot.get());
  }

 private:
  std::map<std::type_index, std::shared_ptr<void>> slots_;
};

struct AppState {
  DatabasesPanel databases;
  EvalSetPanel eval_sets;
  SchemaGraphPanel schema_graph;
  CurrentRuns runs;
  PanelStates panels;
  std::vector<Notice> notices;
  struct PendingFile {
    std::string path, origin;  // origin: upload, sample or workspace (a big kept file read after a reload)
    bool at_start = false;     // opened by the app at start (start_app): not news, and the selection stays
  };
  std::vector<PendingFile> pending_files;  // files read into the page, opened in order, a frame's budget at a time
  std::string active_panel;                // name of the tab drawn last frame
  float panel_top = 0;  // where the open panel began last frame (y, ImGui pixels): below the tabs, which wrap
  // How far the open panel drew past the window's right edge last frame (ImGui pixels, 0 when all of it fitted):
  // what lies there is cut off, as the window has no horizontal scrolling.
  float panel_overflow = 0;
  float ui_scale = 1.0f;  // text and widget size (Help: "Text size"), kept in localStorage
  // A C++ exception that escaped a panel (decisions.md §10): what failed, shown above the tabs with a way on, and the
  // panels whose background job is paused because its step threw.
  std::string failure;
  std::set<std::string> paused_jobs;
  // The panel whose job steps first next frame (web/job_steps.h): a frame whose budget is spent leaves the rest of the
  // jobs to the next one, where they go first.
  size_t next_job_panel = 0;
  // Diagnostics ({"do": "simulate_failure"}): the next step or draw of this panel throws, to show the recovery.
  std::string fail_next_step, fail_next_draw;
  int frame = 0;
  int frames_drawn = 0;        // of those, the frames sent to WebGL (an unchanged frame is not drawn again)
  double first_frame_ms = -1;  // time from page load to the first rendered frame with data
  // The main thread's work per frame (draw, jobs, GL submission), the last kFrameWorkKept frames: what "no frame over
  // 50 ms" is measured on (chokepoint_frame_work_json), apart from the browser's pacing of frames.
  static constexpr size_t kFrameWorkKept = 4096;
  std::vector<float> frame_work_ms;
  // Where a slow frame's time went: this frame's parts over 1 ms ("page commands", "step <panel>", "draw <tab>");
  // a frame over kSlowFrameMs keeps them in slow_frames (the last kSlowFramesKept), for chokepoint_slow_frames_json.
  static constexpr double kSlowFrameMs = 40;
  static constexpr size_t kSlowFramesKept = 64;
  std::vector<std::pair<std::string, float>> frame_parts;
  struct SlowFrame {
    int frame = 0;
    float total_ms = 0;
    std::vector<std::pair<std::string, float>> parts;
  };
  std::vector<SlowFrame> slow_frames;
};

void notify(AppState& state, std::string text, bool error = false);
// Keeps a named part of this frame's work when it took over a millisecond (AppState::frame_parts); a job may name
// its own parts ("step Predictions & metrics: store") so a slow frame says where its time went.
void note_frame_part(AppState& state, std::string name, double started_ms);

// Lookups every panel and page command shares, so they check the same things and say so in the same words.
const LoadedDatabase* find_database(const AppState& state, const std::string& db_id);  // first open one
// The schemas of the loaded databases the items name, by db_id (a database not loaded is left out).
std::map<std::string, Schema> loaded_schemas(const AppState& state, const std::vector<EvalItem>& items);
// find_database as the lookup an evaluation job asks: the open connection, or "database X is not loaded". The state
// must outlive the job (jobs live in the state's panels).
DatabaseLookup page_database_lookup(const AppState& state);
int find_set(const AppState& state, const std::string& name);  // -1 when not loaded
void put_set(AppState& state, LoadedSet set);                  // added, or replacing the loaded set of the same name

// An item of a loaded set together with its open database, or why there is none (no set, no such item, database
// not loaded).
struct ChosenItem {
  const LoadedSet* set = nullptr;
  const EvalItem* item = nullptr;
  const LoadedDatabase* db = nullptr;
};
Result<ChosenItem> choose_item(const AppState& state, int set_index, int item_index);

}  // namespace chokepoint::web
