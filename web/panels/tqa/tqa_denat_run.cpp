// De-naturalised variants in the browser: the same core calls as `chokepoint tqa denat` without an LLM
// (dictionary-coverage naturalness, deterministic abbreviator, deterministic mention rewrite), sliced per item.
#include "web/panels/tqa/tqa_denat_run.h"

#include <sys/stat.h>

#include <chrono>
#include <cstdio>
#include <fstream>

#include "core/dataset/bird_writer.h"
#include "core/schema/sqlite_schema.h"
#include "core/tqa/database_rename.h"
#include "core/tqa/less_natural_name.h"
#include "core/tqa/naturalness.h"
#include "web/workspace/workspace.h"

namespace chokepoint::web {
namespace {

double now_ms() {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

bool file_exists(const std::string& path) {
  struct stat st;
  return stat(path.c_str(), &st) == 0;
}

bool database_known(const AppState& state, const std::string& db_id) {
  for (const auto& d : state.databases.databases)
    if (iequals(d.schema.db_id, db_id)) return true;
  return false;
}

// Adds the variant database (read-only, like every browsable database) and its set to the app.
void add_variant(AppState& state, DenatRun& run) {
  run.renamed.reset();  // close the read-write connection before reopening the file
  auto db = Connection::open_read_only(run.db_path);
  if (!db.ok()) {
    run.error = "cannot reopen the variant: " + db.error();
    return;
  }
  auto schema = read_schema(*db, run.variant_id);
  if (!schema.ok()) {
    run.error = "cannot read the variant's schema: " + schema.error();
    return;
  }
  LoadedDatabase d;
  d.path = run.db_path;
  d.origin = "denaturalised";
  d.schema = std::move(schema).value();
  d.connection = std::make_shared<Connection>(std::move(db).value());
  state.databases.databases.push_back(std::move(d));

  EvalSet set;
  set.format = DatasetFormat::BirdDevJson;
  for (const auto& r : run.results) {
    if (!r.kept) continue;
    EvalItem t = r.in_setting(run.setting);
    set.items.push_back({t.key, run.variant_id, t.question, t.evidence, t.sql, t.difficulty});
  }
  std::ofstream(run.set_path, std::ios::binary) << write_bird_dev_json(set);
  const std::string set_name = run.set_path.substr(run.set_path.find_last_of('/') + 1);
  state.eval_sets.sets.push_back({set_name, run.set_path, std::move(set)});
  if (workspace_available()) persist_workspace();
  run.finished = true;
  notify(state, "created " + run.variant_id + " (" + tqa::denat_setting_name(run.setting) + "): " +
                    std::to_string(run.kept()) + " of " + std::to_string(run.results.size()) + " items kept");
}

}  // namespace

tqa::RenamePlan heuristic_rename_plan(const Lexicon& lex, const Schema& schema) {
  tqa::RenamePlan plan = tqa::plan_renames(
      schema, [&](const std::string& n) { return tqa::heuristic_naturalness(lex, n); }, tqa::abbreviate_identifier);
  plan.naturalness_source = tqa::NaturalnessSource::heuristic;
  plan.naming = "deterministic abbreviator";
  return plan;
}

size_t DenatRun::kept() const {
  size_t n = 0;
  for (const auto& r : results) n += r.kept ? 1 : 0;
  return n;
}

Result<std::unique_ptr<DenatRun>> start_denat_run(const AppState& state, int db_index, int set_index,
                                                  const Lexicon& lex, tqa::DenatSetting setting) {
  const auto& dbs = state.databases.databases;
  if (db_index < 0 || db_index >= static_cast<int>(dbs.size())) return Error{"choose a database"};
  const LoadedDatabase& source = dbs[static_cast<size_t>(db_index)];
  if (source.schema_only || !source.connection)
    return Error{source.schema.db_id + " has no rows (schema only): a variant needs the data to check gold results"};
  auto run = std::make_unique<DenatRun>();
  run->source_db_id = source.schema.db_id;
  run->schema = source.schema;
  run->original = source.connection;
  run->setting = setting;
  run->lexicon = &lex;
  run->plan = heuristic_rename_plan(lex, source.schema);
  if (run->plan.renamed_count() == 0) return Error{"every identifier of " + source.schema.db_id + " is already N3"};
  const auto& sets = state.eval_sets.sets;
  if (set_index >= 0 && set_index < static_cast<int>(sets.size()))
    for (const auto& i : sets[static_cast<size_t>(set_index)].set.items)
      if (iequals(i.db_id, run->source_db_id)) run->items.push_back({i.key, i.db_id, i.question, i.evidence, i.sql, i.difficulty});

  // A fresh name: toxicology_denat, toxicology_denat2, ... unused by loaded databases and existing files.
  const bool persistent = workspace_available();
  const std::string folder = persistent ? kWorkspaceFiles : "/tmp/denat";
  mkdir(folder.c_str(), 0777);
  for (int n = 1;; ++n) {
    std::string id = run->source_db_id + "_denat" + (n == 1 ? "" : std::to_string(n));
    if (database_known(state, id) || file_exists(folder + "/" + id + ".sqlite") || file_exists(folder + "/" + id + ".json"))
      continue;
    run->variant_id = id;
    break;
  }
  run->db_path = folder + "/" + run->variant_id + ".sqlite";
  run->set_path = folder + "/" + run->variant_id + ".json";

  auto clone = tqa::clone_database(*source.connection, run->db_path);
  if (!clone.ok()) return Error{"cannot copy " + run->source_db_id + ": " + clone.error()};
  run->renamed = std::make_unique<Connection>(std::move(clone).value());
  if (auto st = tqa::apply_rename_plan(*run->renamed, run->plan); !st.ok()) {
    run->renamed.reset();
    std::remove(run->db_path.c_str());
    return Error{"renaming failed: " + st.error()};
  }
  return run;
}

void step_denat_run(AppState& state, DenatRun& run, double budget_ms) {
  if (!run.running()) return;
  const double start = now_ms();
  QueryLimits limits;
  limits.timeout_ms = 5000;
  while (run.results.size() < run.items.size()) {
    tqa::DenatItem d = tqa::denaturalise_sql(run.items[run.results.size()], run.schema, run.plan, *run.original,
                                             *run.renamed, limits);
    d.less_natural_question = tqa::rewrite_mentions(d.original.question, run.plan, run.lexicon);
    d.less_natural_evidence = tqa::rewrite_mentions(d.original.evidence, run.plan, run.lexicon);
    d.text_method = "deterministic mention rewrite";
    run.results.push_back(std::move(d));
    if (now_ms() - start >= budget_ms) return;
  }
  add_variant(state, run);
  if (!run.error.empty()) notify(state, "variant of " + run.source_db_id + ": " + run.error, true);
}

}  // namespace chokepoint::web
