// A faithful port of Spider's process_sql.py (taoyds/test-suite-sql-eval): its tokenizer (with nltk's word_tokenize
// as NLTKWordTokenizer, the Treebank-style tokenizer, applied to the whole query) and its strict parser. Whatever
// Python would raise on (INNER JOIN, `AS` in the select list, IS NULL, comma joins, ...) is an error value saying
// why; evaluation.py then scores the prediction as the empty query.
#pragma once
#include <map>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/base/result.h"
#include "core/exact_match/spider_sql.h"
#include "core/schema/schema.h"

namespace chokepoint::em {

// process_sql.py Schema: table -> columns (lower case, declaration order) and idMap ("t.c" -> "__t.c__",
// "t" -> "__t__", "*" -> "__all__").
struct SpiderSchema {
  std::map<std::string, std::vector<std::string>> tables;
  std::unordered_map<std::string, std::string> id_map;
};

// Schema as get_schema reads it (names lower-cased; same content as tables.json for Spider's databases).
SpiderSchema spider_schema(const Schema& schema);

// process_sql.py tokenize: quoted values become single tokens (quotes turned into '"'), everything else is split
// by nltk's Treebank word tokenizer and lower-cased, then "!", ">", "<" before "=" are merged. Fails on an odd
// number of quotes ("Unexpected quote").
Result<std::vector<std::string>> spider_tokenize(std::string_view sql);

// process_sql.py get_sql. Tokens after the parsed query are ignored, as in Python.
Result<SpiderSql> spider_parse(std::string_view sql, const SpiderSchema& schema);

}  // namespace chokepoint::em
