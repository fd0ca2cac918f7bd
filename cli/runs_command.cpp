// `chokepoint runs list|compare|mark`: the runs `eval --store` kept in a run store (core/runs/run_store.h), any
// two of them side by side item by item (core/runs/run_comparison.h), and the user's "almost correct" marks.
#include <climits>
#include <fstream>
#include <iostream>

#include <nlohmann/json.hpp>

#include "cli/command.h"
#include "cli/eval_store.h"
#include "core/base/json_dump.h"
#include "core/runs/run_comparison.h"
#include "core/runs/run_store.h"

namespace chokepoint::cli {
namespace {

const char* kRunsUsage =
    "Usage: chokepoint runs list --store RUNS.sqlite\n"
    "       chokepoint runs compare --store RUNS.sqlite A B [--out COMPARISON.json]\n"
    "       chokepoint runs mark --store RUNS.sqlite --run A --item ID [--note TEXT] [--clear]\n"
    "Runs are appended by `chokepoint eval ... --store RUNS.sqlite [--run-label TEXT]`.\n"
    "list: {runs: [{id, created_at, label, items, summary, settings}]}.\n"
    "compare: run A (before) and run B (after), items paired by item id (by position when an id is missing or\n"
    "  repeated). stdout: {run_a, run_b, pairing, counts: {fixed (EX 0 -> 1), broken (EX 1 -> 0), unchanged,\n"
    "  changed_other (same EX; outcome, prediction, gold, message or scores differ), only_in_a, only_in_b},\n"
    "  almost_correct: {a, b} (EX = 0 items marked), items: [{id, db_id, change, reason, differences, before,\n"
    "  after}]} listing the items that changed or carry a mark; before/after: {position, ex, status, pred_sql,\n"
    "  message, mark}. --out writes the same with every item.\n"
    "mark: marks item ID's prediction in run A as almost correct (with --note), or removes the mark (--clear).\n"
    "  A mark belongs to the item's db_id, id and prediction text, so every run with the same prediction shows it.\n"
    "Exit code 0, or 2 on bad input (not a run store, a missing run, an unknown item).";

FlagTable runs_list_flags() { return {path_flag("--store", "RUNS.sqlite", "the run store")}; }
FlagTable runs_compare_flags() {
  return {path_flag("--store", "RUNS.sqlite", "the run store"),
          path_flag("--out", "COMPARISON.json", "the comparison with every item")};
}
FlagTable runs_mark_flags() {
  return {
      path_flag("--store", "RUNS.sqlite", "the run store"),
      whole_flag("--run", "A", 1, LLONG_MAX, "", "the run whose item is marked (its id)"),
      text_flag("--item", "ID", "the item's id"),
      text_flag("--note", "TEXT", "why it is almost correct"),
      switch_flag("--clear", "remove the mark"),
  };
}

Result<int64_t> run_id(const std::string& text) {
  size_t used = 0;
  long long v = 0;
  try {
    v = std::stoll(text, &used);
  } catch (...) {
    used = 0;
  }
  if (used == 0 || used != text.size() || v < 1) return Error{"a run id is a whole number from 1, not '" + text + "'"};
  return static_cast<int64_t>(v);
}

Result<runs::RunStore> open_existing(const FlagValues& r) {
  if (r.text("--store").empty()) return Error{std::string("missing --store\n") + kRunsUsage};
  auto store = runs::RunStore::open(r.text("--store"), runs::RunStore::OpenMode::MustExist);
  if (!store.ok()) return Error{"--store: " + store.error()};
  return store;
}

nlohmann::json parsed(const std::string& text) {
  auto j = nlohmann::json::parse(text, nullptr, false);
  return j.is_discarded() ? nlohmann::json(text) : j;
}

int runs_list_main(const FlagValues& r) {
  if (!r.positionals().empty()) return fail_input("unexpected argument '" + r.positionals()[0] + "'\n" + kRunsUsage);
  auto store = open_existing(r);
  if (!store.ok()) return fail_input(store.error());
  auto runs = store->list_runs();
  if (!runs.ok()) return fail_input(runs.error());
  auto out = nlohmann::json::array();
  for (const auto& run : *runs)
    out.push_back({{"id", run.id},
                   {"created_at", run.created_at},
                   {"label", run.label},
                   {"items", run.items},
                   {"summary", parsed(run.summary_json)},
                   {"settings", parsed(run.settings_json)}});
  std::cout << dump_json(nlohmann::json{{"runs", out}}, 2) << "\n";
  return 0;
}

int runs_compare_main(const FlagValues& r) {
  if (r.positionals().size() != 2) return fail_input(std::string("compare takes two run ids, A and B\n") + kRunsUsage);
  auto a = run_id(r.positionals()[0]);
  auto b = run_id(r.positionals()[1]);
  if (!a.ok() || !b.ok()) return fail_input(a.ok() ? b.error() : a.error());
  auto store = open_existing(r);
  if (!store.ok()) return fail_input(store.error());
  auto run_a = store->load_run(*a);
  if (!run_a.ok()) return fail_input(run_a.error());
  auto run_b = store->load_run(*b);
  if (!run_b.ok()) return fail_input(run_b.error());
  auto marks = store->marks();
  if (!marks.ok()) return fail_input(marks.error());
  const auto comparison = runs::compare_runs(*run_a, *run_b, *marks);
  if (r.has("--out")) {
    std::ofstream out(r.text("--out"), std::ios::binary);
    if (!(out << dump_json(runs::comparison_json(comparison, true), 2) << "\n"))
      return fail_input("cannot write '" + r.text("--out") + "'");
  }
  std::cout << dump_json(runs::comparison_json(comparison), 2) << "\n";
  return 0;
}

int runs_mark_main(const FlagValues& r) {
  if (!r.positionals().empty()) return fail_input("unexpected argument '" + r.positionals()[0] + "'\n" + kRunsUsage);
  if (!r.has("--run") || !r.has("--item")) return fail_input(std::string("missing --run or --item\n") + kRunsUsage);
  if (r.has("--clear") && r.has("--note")) return fail_input("--clear removes the mark: give no --note with it");
  auto id = run_id(r.text("--run"));
  if (!id.ok()) return fail_input("--run: " + id.error());
  auto store = open_existing(r);
  if (!store.ok()) return fail_input(store.error());
  auto run = store->load_run(*id);
  if (!run.ok()) return fail_input(run.error());
  const std::string item = r.text("--item");
  const EvalPair* pair = nullptr;
  for (const auto& p : run->pairs) {
    if (p.id != item) continue;
    if (pair) return fail_input("run " + r.text("--run") + " has more than one item '" + item + "'");
    pair = &p;
  }
  if (!pair) return fail_input("run " + r.text("--run") + " has no item '" + item + "'");
  nlohmann::json out = {{"run", *id}, {"item", item}, {"db_id", pair->db_id}, {"pred_sql", pair->pred_sql}};
  if (r.has("--clear")) {
    auto cleared = store->clear_mark(pair->db_id, pair->id, pair->pred_sql);
    if (!cleared.ok()) return fail_input(cleared.error());
    out["mark"] = nullptr;
  } else {
    runs::ItemMark mark{pair->db_id, pair->id, pair->pred_sql, true, r.text("--note"), utc_timestamp()};
    auto set = store->set_mark(mark);
    if (!set.ok()) return fail_input(set.error());
    out["mark"] = {{"almost_correct", true}, {"note", mark.note}, {"set_at", mark.set_at}};
  }
  std::cout << dump_json(out, 2) << "\n";
  return 0;
}

int runs_main(const FlagValues& r) {
  const auto& words = r.positionals();
  return fail_input(
      (words.empty() ? std::string("runs needs list, compare or mark") : "unknown runs command '" + words[0] + "'") +
      "\n" + kRunsUsage);
}

const Registrar runs_registrar{
    {"runs", "runs stored by eval --store: list, compare, mark", kRunsUsage, nullptr, runs_main}};
const Registrar list_registrar{{"runs list", "the runs of a run store", kRunsUsage, runs_list_flags, runs_list_main}};
const Registrar compare_registrar{{"runs compare", "two runs item by item: fixed, broken, changed and why", kRunsUsage,
                                   runs_compare_flags, runs_compare_main}};
const Registrar mark_registrar{{"runs mark", "mark an item's prediction almost correct (or --clear)", kRunsUsage,
                                runs_mark_flags, runs_mark_main}};

}  // namespace
}  // namespace chokepoint::cli
