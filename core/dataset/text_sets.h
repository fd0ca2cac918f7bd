// Line-oriented evaluation files: gold TSV ("SQL<TAB>db_id") and one SQL per line.
#pragma once
#include <string>

#include "core/base/result.h"
#include "core/dataset/eval_set.h"

namespace chokepoint {

// Blank lines are skipped; the db_id follows the last tab. A non-blank line without a tab is an error (with its
// line number).
Result<EvalSet> parse_gold_tsv(const std::string& text);
// Every line is one prediction, blank lines included (an empty prediction keeps the alignment); trailing blank
// lines at the end of the file are dropped. db_id stays empty (it comes from the gold file).
Result<EvalSet> parse_sql_lines(const std::string& text);

}  // namespace chokepoint
