// The 187 predicates as a C++ table. Why code and not a data file under assets/: the core, the wasm app, the
// benchmarks and the unit tests all need the catalogue, and a table compiled in needs no file reading, no path and
// no failure mode; the predicates are the paper's facts and never change at run time (a user's own predicates are
// appended to the value, not to this table). Rows: id, aspect and predicate verbatim from 003 Table 10 (copied
// from the notes' sqlspace_features.json), then our decider and whether the rule approximates a judgement.
#include "core/sqlspace/feature_catalogue.h"

#include <algorithm>
#include <cctype>

#include "core/base/text.h"

namespace chokepoint::sqlspace {
namespace {

struct Row {
  int id;
  Aspect aspect;
  const char* predicate;
  Decider decider;
  bool approximation;
};

constexpr Row kTable10[] = {
    {1, Aspect::Syntax, "uses complex sentence structures", Decider::Llm, false},
    {2, Aspect::Syntax, "involves conditional statements", Decider::Llm, false},
    {3, Aspect::Syntax, "uses prepositional phrases to modify noun phrases", Decider::Llm, false},
    {4, Aspect::Syntax, "contains subordinate clauses modifying main clauses", Decider::Llm, false},
    {5, Aspect::Syntax, "has a compound sentence structure", Decider::Llm, false},
    {6, Aspect::Syntax, "utilizes prepositional phrases for modification", Decider::Llm, false},
    {7, Aspect::Syntax, "has a conditional clause", Decider::Llm, false},
    {8, Aspect::Syntax, "employs passive voice constructions", Decider::Llm, false},
    {9, Aspect::Syntax, "contains elided predicates", Decider::Llm, false},
    {10, Aspect::Syntax, "contains subordinate clauses", Decider::Llm, false},
    {11, Aspect::Syntax, "contains subordinate clauses modifying noun phrases", Decider::Llm, false},
    {12, Aspect::Syntax, "employs hierarchically structured sentence elements", Decider::Llm, false},
    {13, Aspect::Syntax, "contains multiple coordinate phrases joined by conjunctions", Decider::Llm, false},
    {14, Aspect::Syntax, "contains relative clauses", Decider::Llm, false},
    {15, Aspect::Syntax, "uses prepositional phrases to indicate hierarchy", Decider::Llm, false},
    {16, Aspect::Syntax, "contains a passive voice construction with a predicate adjective", Decider::Llm, false},
    {17, Aspect::Syntax, "contains subordinate clauses with multiple conditions", Decider::Llm, false},
    {18, Aspect::Syntax, "uses subordinate clauses for postmodification", Decider::Llm, false},
    {19, Aspect::Syntax, "uses coordinating conjunctions for enumeration", Decider::Llm, false},
    {20, Aspect::Syntax, "includes nested sub-conditions", Decider::Llm, false},
    {21, Aspect::Syntax, "contains nested clauses", Decider::Llm, false},
    {22, Aspect::Syntax, "employs ellipsis", Decider::Llm, false},
    {23, Aspect::Syntax, "uses mathematical symbols and units within the syntactic structure", Decider::QuestionText,
     true},
    {24, Aspect::Syntax, "integrates quantified expressions within a conditional framework", Decider::Llm, false},
    {25, Aspect::Syntax, "uses complex prepositional phrases", Decider::Llm, false},
    {26, Aspect::Syntax, "employs non-restrictive modifiers", Decider::Llm, false},
    {27, Aspect::Syntax, "incorporates post-modifier adjective phrases", Decider::Llm, false},
    {28, Aspect::Syntax, "contains nested prepositional phrases", Decider::Llm, false},
    {29, Aspect::Syntax, "employs technical lexicon", Decider::Llm, false},
    {30, Aspect::Syntax, "employs parenthetical expressions", Decider::QuestionText, true},
    {31, Aspect::Syntax, "employs punctuation for clarity", Decider::Llm, false},
    {32, Aspect::Syntax, "demonstrates parallel syntactic constructions", Decider::Llm, false},
    {33, Aspect::Syntax, "uses shorthand notation", Decider::QuestionText, true},
    {34, Aspect::Syntax, "exhibits truncated, telegraphic style", Decider::Llm, false},
    {35, Aspect::Syntax, "utilizes comparative numerals and inequality symbols", Decider::QuestionText, true},
    {36, Aspect::Syntax, "employs mathematical symbols and units", Decider::QuestionText, true},
    {37, Aspect::Syntax, "uses punctuation to parse complex syntactic units", Decider::Llm, false},
    {38, Aspect::Syntax, "uses non-standard shorthand notation for numerical range", Decider::QuestionText, true},
    {39, Aspect::Syntax, "includes mixed use of symbols and words", Decider::QuestionText, true},
    {40, Aspect::Syntax, "uses shorthand notation to indicate range", Decider::QuestionText, true},
    {41, Aspect::Syntax, "employs non-standard linguistic constructions", Decider::Llm, false},
    {42, Aspect::Syntax, "employs nominal phrases for specification", Decider::Llm, false},
    {43, Aspect::Syntax, "employs coordinated noun phrases", Decider::Llm, false},
    {44, Aspect::Syntax, "uses complex noun phrases", Decider::Llm, false},
    {45, Aspect::Syntax, "employs relative clauses to modify noun phrases", Decider::Llm, false},
    {46, Aspect::Syntax, "uses conjunctions to coordinate noun phrases", Decider::Llm, false},
    {47, Aspect::Syntax, "utilizes prepositional phrases to modify nouns", Decider::Llm, false},
    {48, Aspect::Syntax, "employs coordinated noun phrases to express relationships", Decider::Llm, false},
    {49, Aspect::Syntax, "includes modifiers for noun phrases", Decider::Llm, false},
    {50, Aspect::Syntax, "employs nominal phrases for subject and object", Decider::Llm, false},
    {51, Aspect::Syntax, "utilizes nominal phrases with modifying prepositional phrases", Decider::Llm, false},
    {52, Aspect::Syntax, "employs nominal phrases as subjects", Decider::Llm, false},
    {53, Aspect::Syntax, "utilizes range specification in nominal phrases", Decider::QuestionText, true},
    {54, Aspect::Syntax, "employs nominal phrases with elided predicates", Decider::Llm, false},
    {55, Aspect::Syntax, "uses typographic symbols to modify nouns", Decider::QuestionText, true},
    {56, Aspect::Syntax, "involves the use of disjunctions", Decider::QuestionText, true},
    {57, Aspect::Syntax, "employs logical connectors and operators", Decider::QuestionText, true},
    {58, Aspect::Syntax, "uses logical operators to connect clauses", Decider::Llm, false},
    {59, Aspect::Syntax, "uses comparison operations for selection criteria", Decider::QuestionText, true},
    {60, Aspect::Syntax, "uses coordinating conjunctions", Decider::QuestionText, true},
    {61, Aspect::Syntax, "uses conjunctions to connect clauses", Decider::Llm, false},
    {62, Aspect::Syntax, "has a clear logical flow", Decider::Llm, false},
    {63, Aspect::Syntax, "involves comparison operations", Decider::QuestionText, true},
    {64, Aspect::Syntax, "involves the use of logical operators to define selection criteria", Decider::Llm, false},
    {65, Aspect::Syntax, "employs logical quantifiers to set multiple criteria", Decider::Llm, false},
    {66, Aspect::Syntax, "utilizes range specifications", Decider::QuestionText, true},
    {67, Aspect::Syntax, "employs logical quantifiers like ’and’ and ’or’", Decider::QuestionText, true},
    {68, Aspect::Syntax, "employs comparison operations for numerical values", Decider::QuestionText, true},
    {69, Aspect::Syntax, "employs Boolean expressions conjoined with logical operators", Decider::Llm, false},
    {70, Aspect::Syntax, "uses conjunctions to express disjunction", Decider::QuestionText, true},
    {71, Aspect::Syntax, "employs inclusive disjunction with ’or’ coordinating conjunction", Decider::QuestionText,
     true},
    {72, Aspect::Syntax, "uses modifiers to specify conditions", Decider::Llm, false},
    {73, Aspect::Syntax, "includes numerical comparison with inequality symbols", Decider::QuestionText, true},
    {74, Aspect::SqlSyntax, "has a nested subquery", Decider::SqlAst, false},
    {75, Aspect::SqlSyntax, "has a nested SELECT statement", Decider::SqlAst, false},
    {76, Aspect::SqlSyntax, "uses a nested WHERE clause", Decider::SqlAst, false},
    {77, Aspect::SqlSyntax, "contains subqueries", Decider::SqlAst, false},
    {78, Aspect::SqlSyntax, "employs a LEFT JOIN", Decider::SqlAst, false},
    {79, Aspect::SqlSyntax, "employs a LEFT OUTER JOIN", Decider::SqlAst, false},
    {80, Aspect::SqlSyntax, "uses a JOIN operation", Decider::SqlAst, false},
    {81, Aspect::SqlSyntax, "contains multiple joins", Decider::SqlAst, false},
    {82, Aspect::SqlSyntax, "uses a self join", Decider::SqlAst, false},
    {83, Aspect::SqlSyntax, "contains a cross join operation", Decider::SqlAst, false},
    {84, Aspect::SqlSyntax, "utilizes a common table expression (CTE)", Decider::SqlAst, false},
    {85, Aspect::SqlSyntax, "uses logical OR operators", Decider::SqlAst, false},
    {86, Aspect::SqlSyntax, "uses multiple nested parentheses", Decider::SqlAst, false},
    {87, Aspect::SqlSyntax, "employs a GROUP BY clause", Decider::SqlAst, false},
    {88, Aspect::SqlSyntax, "uses a union operator", Decider::SqlAst, false},
    {89, Aspect::SqlSyntax, "includes aggregate functions", Decider::SqlAst, false},
    {90, Aspect::SqlSyntax, "contains a WHERE clause", Decider::SqlAst, false},
    {91, Aspect::SqlSyntax, "employs a WHERE clause with multiple conditions", Decider::SqlAst, false},
    {92, Aspect::SqlSyntax, "includes a HAVING clause", Decider::SqlAst, false},
    {93, Aspect::SqlSyntax, "follows a basic SELECT-FROM-WHERE structure", Decider::SqlAst, true},
    {94, Aspect::SqlSyntax, "includes a window function", Decider::SqlAst, false},
    {95, Aspect::SqlSyntax, "uses aggregate functions in the SELECT clause", Decider::SqlAst, false},
    {96, Aspect::SqlSyntax, "limits the selection based on a specific column condition", Decider::SqlAst, true},
    {97, Aspect::SqlSyntax, "contains a CASE statement", Decider::SqlAst, false},
    {98, Aspect::SqlSyntax, "filters data based on a single criterion", Decider::SqlAst, true},
    {99, Aspect::SqlSyntax, "contains a single condition in the WHERE clause", Decider::SqlAst, false},
    {100, Aspect::SqlSyntax, "uses a LIMIT clause", Decider::SqlAst, false},
    {101, Aspect::SqlSyntax, "involves the use of logical AND operators", Decider::SqlAst, false},
    {102, Aspect::SqlSyntax, "employs a recursive common table expression", Decider::SqlAst, false},
    {103, Aspect::SqlSyntax, "contains a pivot or unpivot operation", Decider::SqlAst, false},
    {104, Aspect::SqlSyntax, "uses a correlated subquery", Decider::SqlAst, false},
    {105, Aspect::SqlSyntax, "uses comparison operators to connect conditions in the WHERE clause", Decider::SqlAst,
     true},
    {106, Aspect::SqlSyntax, "uses a single select statement", Decider::SqlAst, false},
    {107, Aspect::SqlSyntax, "includes an ORDER BY clause", Decider::SqlAst, false},
    {108, Aspect::SqlSyntax, "contains a UNION ALL operator", Decider::SqlAst, false},
    {109, Aspect::SqlSyntax, "uses aliases for table or column names", Decider::SqlAst, false},
    {110, Aspect::SqlSyntax, "retrieves data from multiple tables", Decider::SqlAst, false},
    {111, Aspect::SqlSyntax, "filters data from a single column of the table", Decider::SqlAst, true},
    {112, Aspect::SqlSyntax, "uses a distinct keyword", Decider::SqlAst, false},
    {113, Aspect::SqlSyntax, "has a complex conditional expression", Decider::SqlAst, true},
    {114, Aspect::ExampleSemantics, "requires understanding of logical operations and condition grouping", Decider::Llm,
     false},
    {115, Aspect::ExampleSemantics, "involves understanding of specific technical terms and concepts", Decider::Llm,
     false},
    {116, Aspect::ExampleSemantics, "involves semantic mapping", Decider::Llm, false},
    {117, Aspect::ExampleSemantics, "requires domain-specific knowledge", Decider::Llm, false},
    {118, Aspect::ExampleSemantics, "involves parallel characteristics between natural language and sql query",
     Decider::Llm, false},
    {119, Aspect::ExampleSemantics, "involves logical inference beyond direct keyword matching", Decider::Llm, false},
    {120, Aspect::ExampleSemantics, "requires mapping of natural language concepts to database schema", Decider::Llm,
     false},
    {121, Aspect::ExampleSemantics, "involves stricter conditions than the natural language question", Decider::Llm,
     false},
    {122, Aspect::ExampleSemantics, "has a direct relationship with no reasoning required", Decider::Llm, false},
    {123, Aspect::ExampleSemantics, "has a more detailed filtering component in the SQL query", Decider::Llm, false},
    {124, Aspect::ExampleSemantics, "directly maps threshold values to their respective columns in the SQL query",
     Decider::SchemaGrounding, true},
    {125, Aspect::ExampleSemantics, "involves interpretation and understanding of context", Decider::Llm, false},
    {126, Aspect::ExampleSemantics, "requires recognition of implicit relationships between natural language concepts",
     Decider::Llm, false},
    {127, Aspect::ExampleSemantics, "involves reasoning about unique identifiers", Decider::Llm, false},
    {128, Aspect::ExampleSemantics, "involves reasoning about data representation", Decider::Llm, false},
    {129, Aspect::ExampleSemantics, "requires identifying table and column names", Decider::Llm, false},
    {130, Aspect::ExampleSemantics, "has missing constraints in the sql query", Decider::Llm, false},
    {131, Aspect::ExampleSemantics, "requires technical familiarity with the database schema", Decider::Llm, false},
    {132, Aspect::ExampleSemantics, "requires additional contextual understanding", Decider::Llm, false},
    {133, Aspect::ExampleSemantics, "involves complex logical reasoning", Decider::Llm, false},
    {134, Aspect::ExampleSemantics,
     "involves missing or incomplete information in either natural language question or SQL query", Decider::Llm,
     false},
    {135, Aspect::ExampleSemantics, "requires mapping of high-level concepts to database schema", Decider::Llm, false},
    {136, Aspect::ExampleSemantics, "breaks down the problem into specific conditions that need to be met",
     Decider::Llm, false},
    {137, Aspect::ExampleSemantics, "involves nested logic", Decider::Llm, false},
    {138, Aspect::ExampleSemantics, "requires recognizing present state vs. past action", Decider::Llm, false},
    {139, Aspect::ExampleSemantics, "involves temporal constraints in the natural language question",
     Decider::QuestionText, true},
    {140, Aspect::Pragmatics, "uses quantifiers for specificity", Decider::QuestionText, true},
    {141, Aspect::Pragmatics, "relies on context for relevance", Decider::Llm, false},
    {142, Aspect::Pragmatics, "has a clear and specific request", Decider::Llm, false},
    {143, Aspect::Pragmatics, "employs direct speech acts", Decider::Llm, false},
    {144, Aspect::Pragmatics, "has a slight vagueness in meaning", Decider::Llm, false},
    {145, Aspect::Pragmatics, "adheres to Gricean conversational maxims", Decider::Llm, false},
    {146, Aspect::Pragmatics, "relies on conversational implicature", Decider::Llm, false},
    {147, Aspect::Pragmatics, "demonstrates assertive speech act", Decider::Llm, false},
    {148, Aspect::Pragmatics, "invokes epistemic modality", Decider::QuestionText, true},
    {149, Aspect::Pragmatics, "contains technical jargon", Decider::Llm, false},
    {150, Aspect::Pragmatics, "has a cooperative intention", Decider::Llm, false},
    {151, Aspect::Pragmatics, "uses declarative structure for assertive statement", Decider::Llm, false},
    {152, Aspect::Pragmatics, "demonstrates specificity in language use", Decider::Llm, false},
    {153, Aspect::Pragmatics, "employs declarative statements as questions", Decider::Llm, false},
    {154, Aspect::Pragmatics, "underspecifies information", Decider::Llm, false},
    {155, Aspect::Pragmatics, "exhibits conditional logic", Decider::Llm, false},
    {156, Aspect::Pragmatics, "employs reported speech", Decider::QuestionText, true},
    {157, Aspect::Pragmatics, "seeks specific and measurable information", Decider::Llm, false},
    {158, Aspect::Pragmatics, "contains vague or ambiguous language", Decider::Llm, false},
    {159, Aspect::Pragmatics, "performs an indirect speech act", Decider::Llm, false},
    {160, Aspect::Pragmatics, "uses disjunction to allow for multiple criteria", Decider::QuestionText, true},
    {161, Aspect::Pragmatics, "employs alternative conditions", Decider::QuestionText, true},
    {162, Aspect::Pragmatics, "shows brevity at the cost of quantity maxim", Decider::Llm, false},
    {163, Aspect::Pragmatics, "assumes prior knowledge", Decider::Llm, false},
    {164, Aspect::Pragmatics, "relies on presuppositions", Decider::Llm, false},
    {165, Aspect::Pragmatics, "presumes mutual understanding of context", Decider::Llm, false},
    {166, Aspect::Pragmatics, "exhibits minimal vagueness or ambiguity", Decider::Llm, false},
    {167, Aspect::Pragmatics, "uses rhetorical questions", Decider::Llm, false},
    {168, Aspect::Pragmatics, "demonstrates careful word choice", Decider::Llm, false},
    {169, Aspect::Pragmatics, "demonstrates a delicate balance of precision and interpretive flexibility", Decider::Llm,
     false},
    {170, Aspect::Pragmatics, "underspecified in terms of database schema", Decider::Llm, false},
    {171, Aspect::Pragmatics, "implies a causal relationship", Decider::QuestionText, true},
    {172, Aspect::DatabaseReasoning, "requires commonsense reasoning to understand the question", Decider::Llm, false},
    {173, Aspect::DatabaseReasoning, "requires semantic mapping between natural language and schema", Decider::Llm,
     false},
    {174, Aspect::DatabaseReasoning,
     "requires both syntactic and semantic reasoning to bridge the question’s semantics to the schema’s structure",
     Decider::Llm, false},
    {175, Aspect::DatabaseReasoning,
     "involves both synonymy and analogical mapping to align natural language terms with schema column names",
     Decider::Llm, false},
    {176, Aspect::DatabaseReasoning,
     "requires commonsense reasoning to understand the implicit subject of the table entries", Decider::Llm, false},
    {177, Aspect::DatabaseReasoning,
     "primarily based on direct mappings with some synonymy and domain-specific knowledge required", Decider::Llm,
     false},
    {178, Aspect::DatabaseReasoning,
     "requires basic deductive logic to map between the natural language question and the schema", Decider::Llm, false},
    {179, Aspect::DatabaseReasoning,
     "clearly grounded in the provided database schema, with no additional reasoning required",
     Decider::SchemaGrounding, true},
    {180, Aspect::DatabaseReasoning,
     "mirrors the structure of the database schema, with little room for ambiguity or interpretation", Decider::Llm,
     false},
    {181, Aspect::DatabaseReasoning,
     "directly aligns with a specific column in the schema, requiring minimal additional reasoning to map effectively",
     Decider::SchemaGrounding, true},
    {182, Aspect::DatabaseReasoning, "uses exact column names from the schema to query for specific values",
     Decider::SchemaGrounding, true},
    {183, Aspect::DatabaseReasoning,
     "involves paraphrastic reasoning to map natural language expressions to schema-specific terminology", Decider::Llm,
     false},
    {184, Aspect::DatabaseReasoning,
     "is already expressed in a highly structured and database-oriented way, requiring no additional reasoning to map "
     "to the schema",
     Decider::Llm, false},
    {185, Aspect::DatabaseReasoning, "uses syntactic variation to describe a condition", Decider::Llm, false},
    {186, Aspect::DatabaseReasoning,
     "closely grounded in the database schema, although it does not use exact column names", Decider::SchemaGrounding,
     true},
    {187, Aspect::DatabaseReasoning,
     "semantically aligns with the database schema, but requires some degree of linguistic and commonsense reasoning "
     "to accurately map the concepts",
     Decider::Llm, false},
};

constexpr const char* kAspectNames[kAspectCount] = {"syntax", "sql_syntax", "example_semantics", "pragmatics",
                                                    "database_reasoning"};

// What each deterministic rule reads. SQL rules read the query (a schema, when there is one, only sharpens name
// resolution for #104); question rules read the question; the grounding rules each say below.
uint8_t rule_inputs_of(int id, Decider d) {
  switch (d) {
    case Decider::Llm:
      return 0;
    case Decider::SqlAst:
      return kSql;
    case Decider::QuestionText:
      return kQuestion;
    case Decider::SchemaGrounding:
      if (id == 124) return kQuestion | kSql;            // numbers of the question against the SQL's literals
      if (id == 179) return kQuestion | kSchema | kSql;  // the columns the SQL uses, named in the question
      return kQuestion | kSchema;                        // question words against column names
  }
  return 0;
}

std::string word_key(const std::string& text) {
  std::string out;
  bool space = false;
  for (unsigned char c : text) {
    if (std::isspace(c)) {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += static_cast<char>(std::tolower(c));
  }
  return out;
}

}  // namespace

const char* aspect_name(Aspect a) { return kAspectNames[static_cast<size_t>(a)]; }

std::optional<Aspect> aspect_named(std::string_view name) {
  for (size_t i = 0; i < kAspectCount; ++i)
    if (name == kAspectNames[i]) return static_cast<Aspect>(i);
  return std::nullopt;
}

Result<std::vector<Aspect>> aspects_from_list(std::string_view list) {
  std::vector<Aspect> out;
  std::vector<std::string> parts(1);
  for (char c : list) {
    if (c == ',')
      parts.emplace_back();
    else if (c != ' ')
      parts.back() += c;
  }
  for (const std::string& raw : parts) {
    std::string name = to_lower_ascii(raw);
    std::replace(name.begin(), name.end(), '-', '_');
    if (name.empty()) continue;
    auto a = aspect_named(name);
    if (!a)
      return Error{"--aspects: unknown aspect '" + raw +
                   "' (syntax, sql_syntax, example_semantics, pragmatics, database_reasoning)"};
    if (std::find(out.begin(), out.end(), *a) == out.end()) out.push_back(*a);
  }
  if (out.empty()) return Error{"--aspects names no aspect"};
  return out;
}

std::string inputs_name(uint8_t inputs) {
  std::string out;
  auto add = [&](uint8_t bit, const char* name) {
    if (!(inputs & bit)) return;
    if (!out.empty()) out += '+';
    out += name;
  };
  add(kQuestion, "question");
  add(kSql, "sql");
  add(kSchema, "schema");
  return out;
}

uint8_t paper_inputs(Aspect a) {
  switch (a) {
    case Aspect::Syntax:
      return kQuestion;
    case Aspect::SqlSyntax:
      return kSql;
    case Aspect::ExampleSemantics:
    case Aspect::Pragmatics:
      return kQuestion | kSql;
    case Aspect::DatabaseReasoning:
      return kQuestion | kSchema;
  }
  return 0;
}

const char* decider_name(Decider d) {
  switch (d) {
    case Decider::Llm:
      return "llm";
    case Decider::SqlAst:
      return "sql";
    case Decider::QuestionText:
      return "question";
    case Decider::SchemaGrounding:
      return "grounding";
  }
  return "?";
}

FeatureCatalogue FeatureCatalogue::sqlspace() {
  FeatureCatalogue c;
  c.features_.reserve(std::size(kTable10));
  for (const Row& r : kTable10)
    c.features_.push_back({r.id, r.aspect, r.predicate, r.decider, r.approximation, rule_inputs_of(r.id, r.decider)});
  return c;
}

const Feature* FeatureCatalogue::find(int id) const {
  auto it = std::lower_bound(features_.begin(), features_.end(), id,
                             [](const Feature& f, int value) { return f.id < value; });
  return it != features_.end() && it->id == id ? &*it : nullptr;
}

const Feature* FeatureCatalogue::find_same_words(std::string_view predicate) const {
  const std::string key = word_key(std::string(predicate));
  for (const Feature& f : features_)
    if (!key.empty() && word_key(f.predicate) == key) return &f;
  return nullptr;
}

Result<int> FeatureCatalogue::add_predicate(Aspect aspect, std::string predicate) {
  if (word_key(predicate).empty()) return Error{"a predicate needs some words"};
  if (const Feature* f = find_same_words(predicate))
    return Error{"the catalogue has it already as #" + std::to_string(f->id)};
  const int id = features_.empty() ? 1 : features_.back().id + 1;
  features_.push_back({id, aspect, std::move(predicate), Decider::Llm, false, 0});
  return id;
}

const char* online_mask_rule_name(OnlineMaskRule r) {
  return r == OnlineMaskRule::QuestionSchemaAspects ? "aspects" : "no-sql";
}

std::optional<OnlineMaskRule> online_mask_rule_named(std::string_view name) {
  if (name == "aspects") return OnlineMaskRule::QuestionSchemaAspects;
  if (name == "no-sql") return OnlineMaskRule::NoSqlInPrompt;
  return std::nullopt;
}

bool in_online_mask(const Feature& f, OnlineMaskRule rule) {
  if (rule == OnlineMaskRule::NoSqlInPrompt) return !(paper_inputs(f.aspect) & kSql);
  return f.aspect == Aspect::Syntax || f.aspect == Aspect::Pragmatics || f.aspect == Aspect::DatabaseReasoning;
}

std::vector<int> online_feature_ids(const FeatureCatalogue& catalogue, OnlineMaskRule rule) {
  std::vector<int> out;
  for (const Feature& f : catalogue.features())
    if (in_online_mask(f, rule)) out.push_back(f.id);
  return out;
}

}  // namespace chokepoint::sqlspace
