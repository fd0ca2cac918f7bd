// Runs and their comparison on real SQLite: a run comes back as it was stored, two hand-built runs
// compare item by item into fixed, broken and otherwise changed items with their reasons, marks follow a prediction
// across runs, and a file that is not a store is refused without a byte of it changing.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "core/runs/run_comparison.h"
#include "core/runs/run_store.h"

namespace chokepoint::runs {
namespace {

std::string temp_path(const std::string& name) {
  std::string path = ::testing::TempDir() + "chokepoint_run_store_" + name;
  std::remove(path.c_str());
  return path;
}

std::string file_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// One item of a hand-built run: a scored prediction (ex, F1 under EC-EC-IE), a failed one (message) or a gold error.
struct Item {
  std::string id, pred;
  bool ex = false;
  double f1 = 0;
  std::string outcome = "scored";  // scored | pred_error | gold_error
  std::string message = "";
};

NewRun run_of(const std::string& label, const std::vector<Item>& items) {
  NewRun run;
  run.created_at = "2026-11-25T10:00:00Z";
  run.label = label;
  run.settings_json = R"({"semantics":"bird"})";
  run.regimes = {*parse_regime("EC-EC-IE")};
  for (const auto& x : items) {
    EvalPair p;
    p.id = x.id;
    p.db_id = "toxicology";
    p.gold_sql = "SELECT count(*) FROM atom WHERE id = " + x.id;
    p.pred_sql = x.pred;
    ItemEvaluation it;
    it.id = x.id;
    it.db_id = p.db_id;
    it.ex = x.ex;
    it.message = x.message;
    it.gold_ms = 1.5;
    it.pred_ms = 2.25;
    if (x.outcome == "gold_error") {
      it.status = ItemStatus::GoldError;
      it.gold_status = QueryStatus::Error;
    } else {
      if (x.outcome == "pred_error") it.pred_status = QueryStatus::Error;
      FineGrainedScore s;
      s.exp = s.exr = s.f1 = x.ex ? 1.0 : x.f1;
      it.scores = {s};
      it.soft_f1 = s.f1;
    }
    run.pairs.push_back(p);
    run.items.push_back(it);
  }
  return run;
}

RunStore memory_store() {
  auto store = RunStore::open_memory();
  EXPECT_TRUE(store.ok()) << store.error();
  return std::move(store).value();
}

const ItemDelta& delta(const RunComparison& c, const std::string& id) {
  for (const auto& d : c.items)
    if (d.id == id) return d;
  ADD_FAILURE() << "no item " << id;
  return c.items.front();
}

TEST(RunStore, ARunComesBackAsItWasStored) {
  auto store = memory_store();
  auto id = store.add_run(
      run_of("first", {{"7", "SELECT 1", true}, {"8", "SELECT nme", false, 0, "pred_error", "no such column: nme"}}));
  ASSERT_TRUE(id.ok()) << id.error();
  EXPECT_EQ(*id, 1);
  auto run = store.load_run(*id);
  ASSERT_TRUE(run.ok()) << run.error();
  EXPECT_EQ(run->info.label, "first");
  EXPECT_EQ(run->info.created_at, "2026-11-25T10:00:00Z");
  EXPECT_EQ(run->info.settings_json, R"({"semantics":"bird"})");
  EXPECT_EQ(nlohmann::json::parse(run->info.summary_json)["ex"], 50.0);
  ASSERT_EQ(run->items.size(), 2u);
  EXPECT_EQ(run->pairs[1].id, "8");
  EXPECT_EQ(run->pairs[1].pred_sql, "SELECT nme");
  EXPECT_EQ(run->items[1].pred_status, QueryStatus::Error);
  EXPECT_EQ(run->items[1].message, "no such column: nme");
  EXPECT_TRUE(run->items[0].ex);
  EXPECT_DOUBLE_EQ(run->items[0].pred_ms, 2.25);
  ASSERT_EQ(run->regimes.size(), 1u);
  EXPECT_EQ(run->regimes[0].name(), "EC-EC-IE");
  ASSERT_EQ(run->items[0].scores.size(), 1u);
  EXPECT_DOUBLE_EQ(run->items[0].scores[0].f1, 1.0);
}

TEST(RunStore, RunsAreListedInTheOrderAddedWithTheirItemCounts) {
  auto store = memory_store();
  ASSERT_TRUE(store.add_run(run_of("a", {{"1", "SELECT 1", true}})).ok());
  ASSERT_TRUE(store.add_run(run_of("b", {{"1", "SELECT 1", true}, {"2", "SELECT 2", false}})).ok());
  auto runs = store.list_runs();
  ASSERT_TRUE(runs.ok()) << runs.error();
  ASSERT_EQ(runs->size(), 2u);
  EXPECT_EQ((*runs)[0].id, 1);
  EXPECT_EQ((*runs)[0].label, "a");
  EXPECT_EQ((*runs)[1].id, 2);
  EXPECT_EQ((*runs)[1].items, 2u);
}

TEST(RunStore, ARunAddedInSlicesEqualsOneAddedAtOnceAndAnAbandonedOneLeavesNothing) {
  std::vector<Item> items;
  for (int k = 0; k < 950; ++k) items.push_back({std::to_string(k), "SELECT " + std::to_string(k), k % 3 == 0, 0.5});
  const auto run = run_of("sliced", items);
  auto whole = memory_store();
  ASSERT_TRUE(whole.add_run(run).ok());
  auto sliced = memory_store();
  auto abandoned = sliced.begin_run(run);
  ASSERT_TRUE(abandoned.ok()) << abandoned.error();
  ASSERT_TRUE(sliced.add_run_items(*abandoned, run, 0, 100).ok());
  sliced.abandon_run();
  EXPECT_TRUE(sliced.list_runs()->empty());
  auto id = sliced.begin_run(run);
  ASSERT_TRUE(id.ok()) << id.error();
  const std::pair<size_t, size_t> slices[] = {{500, 800}, {0, 300}, {800, 950}, {300, 500}};  // any order and size
  for (const auto& [from, to] : slices) ASSERT_TRUE(sliced.add_run_items(*id, run, from, to).ok());
  EXPECT_FALSE(sliced.set_mark({"toxicology", "1", "SELECT 1", true, "", "now"}).ok())
      << "no other write while the run's transaction is open";
  ASSERT_TRUE(sliced.commit_run().ok());
  const auto a = whole.load_run(1), b = sliced.load_run(*id);
  ASSERT_TRUE(a.ok()) << a.error();
  ASSERT_TRUE(b.ok()) << b.error();
  EXPECT_EQ(a->info.summary_json, b->info.summary_json);
  ASSERT_EQ(b->items.size(), 950u);
  for (size_t k = 0; k < 950; ++k) {
    EXPECT_EQ(a->pairs[k].pred_sql, b->pairs[k].pred_sql);
    EXPECT_EQ(a->items[k].ex, b->items[k].ex);
    EXPECT_DOUBLE_EQ(a->items[k].scores[0].f1, b->items[k].scores[0].f1);
  }
}

TEST(RunStore, AMissingRunIsAnErrorNamingIt) {
  auto store = memory_store();
  auto run = store.load_run(42);
  ASSERT_FALSE(run.ok());
  EXPECT_NE(run.error().find("no run 42"), std::string::npos) << run.error();
}

TEST(RunStore, ARunWithoutOneEvaluationPerPairIsRefusedAndNothingIsWritten) {
  auto store = memory_store();
  auto run = run_of("bad", {{"1", "SELECT 1", true}});
  run.items.clear();
  EXPECT_FALSE(store.add_run(run).ok());
  EXPECT_TRUE(store.list_runs()->empty());
}

// The hand-built pair of runs: one item of each kind of change.
RunComparison compare_hand_built(RunStore& store) {
  auto a =
      store.add_run(run_of("before", {
                                         {"1", "SELECT nme FROM atom", false, 0, "pred_error", "no such column: nme"},
                                         {"2", "SELECT count(*) FROM atom", true},
                                         {"3", "SELECT 3", false, 0.25},
                                         {"4", "SELECT 4", false, 0.5},
                                         {"5", "SELECT 5", false, 0, "gold_error", "no such table: atm"},
                                         {"6", "SELECT 6", true},
                                     }));
  auto b = store.add_run(run_of("after", {
                                             {"1", "SELECT name FROM atom", true},
                                             {"2", "SELECT count(*) FROM bond", false, 0.1},
                                             {"3", "SELECT 3", false, 0.25},
                                             {"4", "SELECT 4 + 0", false, 0.75},
                                             {"5", "SELECT 5", false, 0.0},
                                             {"9", "SELECT 9", true},
                                         }));
  EXPECT_TRUE(a.ok() && b.ok());
  return compare_runs(*store.load_run(*a), *store.load_run(*b), *store.marks());
}

TEST(RunComparison, CountsEachKindOfChange) {
  auto store = memory_store();
  const auto c = compare_hand_built(store);
  EXPECT_EQ(c.pairing, Pairing::ById);
  EXPECT_EQ(c.fixed, 1u);
  EXPECT_EQ(c.broken, 1u);
  EXPECT_EQ(c.unchanged, 1u);
  EXPECT_EQ(c.changed, 2u);
  EXPECT_EQ(c.only_in_a, 1u);
  EXPECT_EQ(c.only_in_b, 1u);
  ASSERT_EQ(c.items.size(), 7u);
  EXPECT_EQ(c.items.back().id, "9");  // B's unpaired items come last
}

TEST(RunComparison, AFixedItemSaysWhatItWasBefore) {
  auto store = memory_store();
  const auto c = compare_hand_built(store);
  const auto& d = delta(c, "1");
  EXPECT_EQ(d.change, ItemChange::Fixed);
  EXPECT_EQ(d.reason, "EX 0 -> 1; pred_error -> scored; prediction changed; was: no such column: nme");
  EXPECT_EQ(d.differences, (std::vector<std::string>{"ex", "outcome", "prediction", "message", "scores"}));
}

TEST(RunComparison, ABrokenItemAndTheOtherChanges) {
  auto store = memory_store();
  const auto c = compare_hand_built(store);
  EXPECT_EQ(delta(c, "2").change, ItemChange::Broken);
  EXPECT_EQ(delta(c, "2").reason, "EX 1 -> 0; prediction changed");
  EXPECT_EQ(delta(c, "3").change, ItemChange::Unchanged);
  EXPECT_EQ(delta(c, "3").reason, "");
  EXPECT_EQ(delta(c, "4").change, ItemChange::Changed);
  EXPECT_EQ(delta(c, "4").reason, "prediction changed; EC-EC-IE EXP 0.50 -> 0.75; Soft-F1 0.50 -> 0.75");
  EXPECT_EQ(delta(c, "5").change, ItemChange::Changed);
  EXPECT_EQ(delta(c, "5").reason, "gold_error -> scored; was: no such table: atm");
  EXPECT_EQ(delta(c, "6").change, ItemChange::OnlyInA);
  EXPECT_EQ(delta(c, "9").change, ItemChange::OnlyInB);
}

TEST(RunComparison, TheSamePredictionWithAnotherEXBlamesTheSettings) {
  auto store = memory_store();
  ASSERT_TRUE(store.add_run(run_of("bird", {{"1", "SELECT 1", false}})).ok());
  ASSERT_TRUE(store.add_run(run_of("tolerant", {{"1", "SELECT 1", true}})).ok());
  const auto c = compare_runs(*store.load_run(1), *store.load_run(2), {});
  EXPECT_EQ(c.items[0].reason, "EX 0 -> 1; same prediction and gold: the settings differ");
}

TEST(RunComparison, RepeatedIdsPairByPosition) {
  auto store = memory_store();
  ASSERT_TRUE(store.add_run(run_of("a", {{"1", "SELECT 1", false}, {"1", "SELECT 2", true}})).ok());
  ASSERT_TRUE(store.add_run(run_of("b", {{"1", "SELECT 1", true}, {"1", "SELECT 2", true}})).ok());
  const auto c = compare_runs(*store.load_run(1), *store.load_run(2), {});
  EXPECT_EQ(c.pairing, Pairing::ByPosition);
  EXPECT_EQ(c.pairing_note, "run A repeats the item id '1': items paired by position");
  EXPECT_EQ(c.fixed, 1u);
  EXPECT_EQ(c.unchanged, 1u);
}

TEST(RunComparison, AMarkFollowsTheSamePredictionIntoEveryRun) {
  auto store = memory_store();
  compare_hand_built(store);
  // Item 3 has the same prediction in both runs, item 4 a new one in run B.
  ASSERT_TRUE(store.set_mark({"toxicology", "3", "SELECT 3", true, "right rows, one extra column", "t1"}).ok());
  ASSERT_TRUE(store.set_mark({"toxicology", "4", "SELECT 4", true, "", "t2"}).ok());
  const auto c = compare_runs(*store.load_run(1), *store.load_run(2), *store.marks());
  const auto& three = delta(c, "3");
  ASSERT_TRUE(three.a->mark && three.b->mark);
  EXPECT_EQ(three.b->mark->note, "right rows, one extra column");
  EXPECT_TRUE(delta(c, "4").a->mark.has_value());
  EXPECT_FALSE(delta(c, "4").b->mark.has_value());
  EXPECT_EQ(c.almost_correct_a, 2u);
  EXPECT_EQ(c.almost_correct_b, 1u);
  // An unchanged item with a mark is listed; one without is not.
  const auto j = comparison_json(c);
  bool listed = false;
  for (const auto& item : j["items"]) listed = listed || item["id"] == "3";
  EXPECT_TRUE(listed);
  EXPECT_EQ(j["items"].size(), 7u);  // six changed, and item 3 for its mark
  EXPECT_EQ(j["counts"]["changed_other"], 2);

  ASSERT_TRUE(store.clear_mark("toxicology", "3", "SELECT 3").ok());
  EXPECT_EQ(store.marks()->size(), 1u);
}

TEST(RunStoreFile, RunsAndMarksSurviveReopening) {
  const auto path = temp_path("reopen.sqlite");
  {
    auto store = RunStore::open(path, RunStore::OpenMode::CreateIfMissing);
    ASSERT_TRUE(store.ok()) << store.error();
    ASSERT_TRUE(store->add_run(run_of("kept", {{"1", "SELECT 1", true}})).ok());
    ASSERT_TRUE(store->set_mark({"toxicology", "1", "SELECT 1", true, "note", "t"}).ok());
  }
  auto store = RunStore::open(path, RunStore::OpenMode::MustExist);
  ASSERT_TRUE(store.ok()) << store.error();
  EXPECT_EQ(store->list_runs()->at(0).label, "kept");
  EXPECT_EQ(store->marks()->at(0).note, "note");
  std::remove(path.c_str());
}

TEST(RunStoreFile, AMissingStoreIsNotCreatedWhenItMustExist) {
  const auto path = temp_path("missing.sqlite");
  auto store = RunStore::open(path, RunStore::OpenMode::MustExist);
  ASSERT_FALSE(store.ok());
  EXPECT_NE(store.error().find("no run store"), std::string::npos) << store.error();
  EXPECT_FALSE(std::ifstream(path).good());
}

TEST(RunStoreFile, AGarbageFileIsRefusedAndLeftAsItWas) {
  const auto path = temp_path("garbage.sqlite");
  const std::string garbage = "this is not a database\n" + std::string(5000, 'x');
  std::ofstream(path, std::ios::binary) << garbage;
  for (auto mode : {RunStore::OpenMode::CreateIfMissing, RunStore::OpenMode::MustExist}) {
    auto store = RunStore::open(path, mode);
    ASSERT_FALSE(store.ok());
    EXPECT_NE(store.error().find("is not a Chokepoint run store"), std::string::npos) << store.error();
  }
  EXPECT_EQ(file_bytes(path), garbage);
  std::remove(path.c_str());
}

TEST(RunStoreFile, AnotherSqliteDatabaseIsRefusedAndLeftAsItWas) {
  const auto path = temp_path("other.sqlite");
  {
    auto db = Connection::open_read_write(path);
    ASSERT_TRUE(db.ok());
    ASSERT_TRUE(db->exec_script("CREATE TABLE atom (id TEXT); INSERT INTO atom VALUES ('TR000_1');").ok());
  }
  const std::string before = file_bytes(path);
  auto store = RunStore::open(path, RunStore::OpenMode::CreateIfMissing);
  ASSERT_FALSE(store.ok());
  EXPECT_NE(store.error().find("without its meta table"), std::string::npos) << store.error();
  EXPECT_EQ(file_bytes(path), before);
  std::remove(path.c_str());
}

TEST(RunStoreFile, ANewerSchemaVersionIsRefused) {
  const auto path = temp_path("newer.sqlite");
  ASSERT_TRUE(RunStore::open(path, RunStore::OpenMode::CreateIfMissing).ok());
  {
    auto db = Connection::open_read_write(path);
    ASSERT_TRUE(db->exec_script("UPDATE meta SET value = '2' WHERE key = 'schema_version'").ok());
  }
  auto store = RunStore::open(path, RunStore::OpenMode::CreateIfMissing);
  ASSERT_FALSE(store.ok());
  EXPECT_NE(store.error().find("schema version 2, newer than this chokepoint reads (up to 1)"), std::string::npos)
      << store.error();
  std::remove(path.c_str());
}

}  // namespace
}  // namespace chokepoint::runs
