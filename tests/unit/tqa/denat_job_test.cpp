// The de-naturalisation job (core/tqa/denat_job) on the toxicology sample: without an LLM it composes the same
// pieces the unit tests above check one by one; with an LLM, the answers it can use replace the heuristics and the
// ones it cannot are counted and fall back.
#include "core/tqa/denat_job.h"

#include <gtest/gtest.h>

#include <set>

#include "core/dataset/eval_set_loader.h"
#include "core/schema/sqlite_schema.h"
#include "core/tqa/less_natural_name.h"
#include "core/tqa/naturalness.h"
#include "tests/unit/llm/scripted_transport.h"
#include "tests/unit/tqa/tqa_fixtures.h"

namespace chokepoint::tqa {
namespace {

class DenatJobTest : public ::testing::Test {
 protected:
  void SetUp() override {
    lex_ = testing_support::wordnet();
    if (!lex_) GTEST_SKIP() << "WordNet not installed";
    auto db = testing_support::toxicology_sample();
    ASSERT_TRUE(db.ok()) << db.error();
    original_ = std::make_unique<Connection>(std::move(*db));
    auto schema = read_schema(*original_, "toxicology");
    ASSERT_TRUE(schema.ok()) << schema.error();
    schema_ = *schema;
    auto set = load_eval_set(CHOKEPOINT_SOURCE_DIR "/assets/sets/sample_dev.json");
    ASSERT_TRUE(set.ok()) << set.error();
    for (const auto& i : set->items)
      if (i.db_id == "toxicology") items_.push_back(i);
    ASSERT_GE(items_.size(), 5u);
  }
  void drive(DenatJob& job) {
    for (int i = 0; i < 10000 && !job.finished(); ++i) job.step(i, 1);  // 1 ms slices: resumable at every step
  }
  const Lexicon* lex_ = nullptr;
  std::unique_ptr<Connection> original_;
  Schema schema_;
  std::vector<EvalItem> items_;
};

TEST_F(DenatJobTest, WithoutLlmEqualsThePiecesComposedByHand) {
  DenatJobOptions options;
  options.renamed_path = ":memory:";
  DenatJob job(schema_, *original_, items_, *lex_, options);
  drive(job);
  ASSERT_EQ(job.phase(), DenatPhase::done) << job.error();
  ASSERT_EQ(job.results().size(), items_.size());

  RenamePlan plan = plan_renames(
      schema_, [&](const std::string& n) { return heuristic_naturalness(*lex_, n); }, abbreviate_identifier);
  plan.naming = "deterministic abbreviator";
  EXPECT_EQ(rename_plan_json(job.plan()), rename_plan_json(plan));
  EXPECT_EQ(job.plan().naturalness_source, NaturalnessSource::heuristic);
  EXPECT_EQ(job.plan().naming, "deterministic abbreviator");
  size_t kept = 0;
  for (size_t i = 0; i < items_.size(); ++i) {
    const DenatItem& d = job.results()[i];
    EXPECT_EQ(d.original.key, items_[i].key);
    EXPECT_EQ(d.less_natural_question, rewrite_mentions(items_[i].question, plan, lex_));
    EXPECT_EQ(d.less_natural_evidence, rewrite_mentions(items_[i].evidence, plan, lex_));
    EXPECT_EQ(d.text_method, "deterministic mention rewrite");
    kept += d.kept ? 1 : 0;
  }
  EXPECT_EQ(job.kept(), kept);
  EXPECT_GT(kept, items_.size() / 2);  // the sample's gold SQL survives the renames
  EXPECT_EQ(job.llm_use().naturalness.asked, 0u);
}

TEST_F(DenatJobTest, LlmAnswersAreUsedAndUnusableOnesFallBack) {
  auto library = load_prompt_library(default_prompts_folder());
  ASSERT_TRUE(library.ok()) << library.error();
  // Naturalness: "molecule" is N3 by the model's say (so it is kept), everything else N1; questions are rewritten;
  // the evidence prompts fail with a server error.
  testing_support::ScriptedTransport transport([](const std::string& prompt) -> std::string {
    if (prompt.find("SNAILS") != std::string::npos)
      return prompt.find("Identifier: molecule\n") != std::string::npos ? "N3" : "N1";
    if (prompt.find("evidence of a text-to-SQL question") != std::string::npos) return "HTTP 500";
    return "New question: How many rows does the rewritten table hold?";
  });
  SchedulerLimits limits;
  limits.max_attempts = 1;
  CallScheduler scheduler(testing_support::scripted_endpoint(), transport, nullptr, limits);
  DenatJobOptions options;
  options.renamed_path = ":memory:";
  DenatLlm llm{&scheduler, &*library, ChatRequest{}, false};
  llm.request.model = "scripted";
  DenatJob job(schema_, *original_, items_, *lex_, options, llm);
  drive(job);
  ASSERT_EQ(job.phase(), DenatPhase::done) << job.error();

  const DenatLlmUse& use = job.llm_use();
  // Each distinct name is asked once: molecule_id, atom_id and bond_id appear in more than one table.
  std::set<std::string> names;
  for (const auto& t : schema_.tables) {
    names.insert(t.name);
    for (const auto& c : t.columns) names.insert(c.name);
  }
  const size_t identifiers = names.size();
  size_t with_repeats = 0;
  for (const auto& t : schema_.tables) with_repeats += 1 + t.columns.size();
  ASSERT_LT(identifiers, with_repeats);
  EXPECT_EQ(use.naturalness.asked, identifiers);
  EXPECT_EQ(use.naturalness.used, identifiers);
  EXPECT_EQ(job.plan().naturalness_source, NaturalnessSource::llm);
  EXPECT_EQ(job.plan().table_name("molecule"), "molecule");  // N3 by the model: kept
  EXPECT_NE(job.plan().table_name("atom"), "atom");
  EXPECT_EQ(use.questions.asked, job.kept());
  EXPECT_EQ(use.questions.used, job.kept());
  EXPECT_GT(use.evidence.asked, 0u);
  EXPECT_EQ(use.evidence.used, 0u);
  ASSERT_EQ(use.evidence.failures.size(), 1u);  // one reason, counted once per answer
  for (const auto& d : job.results()) {
    if (!d.kept) continue;
    EXPECT_EQ(d.text_method, "llm");
    EXPECT_EQ(d.less_natural_question, "How many rows does the rewritten table hold?");
    EXPECT_EQ(d.less_natural_evidence, rewrite_mentions(d.original.evidence, job.plan(), lex_));
  }
}

TEST_F(DenatJobTest, RequiredRenamesFailWhenEverythingIsAlreadyLeastNatural) {
  auto library = load_prompt_library(default_prompts_folder());
  ASSERT_TRUE(library.ok());
  testing_support::ScriptedTransport transport([](const std::string&) { return std::string("N3"); });
  CallScheduler scheduler(testing_support::scripted_endpoint(), transport, nullptr);
  DenatJobOptions options;
  options.renamed_path = ":memory:";
  options.require_renames = true;
  DenatJob job(schema_, *original_, items_, *lex_, options, DenatLlm{&scheduler, &*library, ChatRequest{}, false});
  drive(job);
  EXPECT_EQ(job.phase(), DenatPhase::failed);
  EXPECT_EQ(job.error(), "every identifier of toxicology is already N3");
  EXPECT_TRUE(job.results().empty());
}

}  // namespace
}  // namespace chokepoint::tqa
