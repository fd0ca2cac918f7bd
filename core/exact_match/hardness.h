// Spider's query hardness (evaluation.py Evaluator.eval_hardness): easy, medium, hard or extra hard, from counts of
// SQL components in the parsed gold query.
#pragma once
#include "core/exact_match/spider_sql.h"

namespace chokepoint::em {

enum class Hardness { Easy, Medium, Hard, Extra };
constexpr int kHardnessLevels = 4;

const char* hardness_name(Hardness h);  // "easy", "medium", "hard", "extra" as evaluation.py prints them

// evaluation.py count_component1: WHERE, GROUP BY, ORDER BY, LIMIT, each join, each OR and each LIKE.
int count_component1(const SpiderSql& sql);
// evaluation.py count_component2: nested queries (in FROM ON, WHERE and HAVING values) and INTERSECT/UNION/EXCEPT.
int count_component2(const SpiderSql& sql);
// evaluation.py count_others: more than one aggregate, select column, WHERE condition or GROUP BY column. Its
// aggregate count reads unit[0], which for a WHERE/HAVING cond_unit is the NOT flag and for HAVING's 'and'/'or'
// strings is a character (always counted); both kept, as they decide Spider's published hardness.
int count_others(const SpiderSql& sql);

// evaluation.py Evaluator.eval_hardness
Hardness eval_hardness(const SpiderSql& sql);

}  // namespace chokepoint::em
