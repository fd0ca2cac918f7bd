// The SQLSpace feature catalogue (003, Table 10): the 187 binary predicates that describe a text-to-SQL example,
// each with its aspect, what the paper's evaluator reads, and how Chokepoint decides it: by a deterministic rule
// (the SQL AST, the question's surface, question/schema grounding) or by an LLM (left unset until asked). Users may
// append their own predicates; near_duplicates.h flags those that repeat one already there.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/result.h"

namespace chokepoint::sqlspace {

// The five description aspects of 003 §2.1, in Table 10 order.
enum class Aspect : uint8_t { Syntax, SqlSyntax, ExampleSemantics, Pragmatics, DatabaseReasoning };
constexpr size_t kAspectCount = 5;
const char* aspect_name(Aspect a);  // "syntax", "sql_syntax", "example_semantics", "pragmatics", "database_reasoning"
std::optional<Aspect> aspect_named(std::string_view name);
// "syntax, sql-syntax,...": aspects by name (case and '-' for '_' ignored), each once, in the order given; an unknown
// name or an empty list is an error that names them (the --aspects flags).
Result<std::vector<Aspect>> aspects_from_list(std::string_view list);

// Parts of an example (question X, gold SQL Y, schema S) as a bit set.
enum Input : uint8_t { kQuestion = 1, kSql = 2, kSchema = 4 };
std::string inputs_name(uint8_t inputs);  // "question+sql", "question+schema", ...
// What the paper's evaluation prompt for an aspect holds (Prompts F.1-F.5): Syntax X; SQL Syntax Y; Example
// Semantics and Pragmatics X and Y (F.4 prints the SQL); Database Reasoning S and X.
uint8_t paper_inputs(Aspect a);

enum class Decider : uint8_t {
  Llm,              // a Yes/No question to a model ("No" when unsure); undecided here
  SqlAst,           // sql_syntax_features.h: from our parse of the gold SQL
  QuestionText,     // question_features.h: surface of the question (symbols, numbers, words)
  SchemaGrounding,  // question_features.h: question words against schema names or SQL literals
};
const char* decider_name(Decider d);  // "llm", "sql", "question", "grounding"

struct Feature {
  int id = 0;  // 1..187 in Table 10 order; user predicates continue from 188. Stable: files name columns by it.
  Aspect aspect = Aspect::Syntax;
  std::string predicate;  // verbatim from Table 10 (user predicates: as typed)
  Decider decider = Decider::Llm;
  // The deterministic rule reads the text but the paper's predicate is a judgement (a keyword list for "involves
  // comparison operations", one reading of a vague SQL predicate): its answer may differ from an LLM's.
  bool approximation = false;
  uint8_t rule_inputs = 0;  // what the deterministic rule reads (Input bits); 0 for Decider::Llm
  bool deterministic() const { return decider != Decider::Llm; }
};

// The features of 003 Table 10; a user's own predicates are numbered after them.
constexpr int kCatalogueFeatures = 187;

// The list in id order. Invariant: ids are unique and increasing.
class FeatureCatalogue {
 public:
  // The 187 features of 003 Table 10 (73 Syntax, 40 SQL Syntax, 26 Example Semantics, 32 Pragmatics, 16 Database
  // Reasoning), with our deciders.
  static FeatureCatalogue sqlspace();

  const std::vector<Feature>& features() const { return features_; }
  size_t size() const { return features_.size(); }
  const Feature* find(int id) const;
  // The feature whose predicate has the same words (case and spacing ignored), in any aspect; nullptr when none.
  const Feature* find_same_words(std::string_view predicate) const;
  // A user's own predicate, decided by an LLM; its id is one more than the largest. Empty or duplicate text (same
  // words, case ignored) is an error; near-duplicates are for the caller to check (near_duplicates.h).
  Result<int> add_predicate(Aspect aspect, std::string predicate);

 private:
  std::vector<Feature> features_;
};

// The "online" features, which a deployed system can compute before any SQL exists. The paper says 121 features
// "derived from the natural-language question and schema" (§6) without listing them, so the reading is a setting:
//   QuestionSchemaAspects  Syntax + Pragmatics + Database Reasoning = 73 + 32 + 16 = 121 (the count matches; the
//                          default), although Prompt F.4 shows Pragmatics the SQL;
//   NoSqlInPrompt          only aspects whose evaluation prompt has no SQL: Syntax + Database Reasoning = 89.
enum class OnlineMaskRule : uint8_t { QuestionSchemaAspects, NoSqlInPrompt };
const char* online_mask_rule_name(OnlineMaskRule r);  // "aspects", "no-sql"
std::optional<OnlineMaskRule> online_mask_rule_named(std::string_view name);
bool in_online_mask(const Feature& f, OnlineMaskRule rule);
std::vector<int> online_feature_ids(const FeatureCatalogue& catalogue, OnlineMaskRule rule);

// One feature's answer for one example.
struct FeatureDecision {
  int id = 0;
  bool value = false;
};

// A deterministic rule's operational definition, for reports and tooltips.
struct RuleDefinition {
  int id = 0;
  const char* definition = "";
};

}  // namespace chokepoint::sqlspace
