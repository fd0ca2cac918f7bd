// The numbers 004 (Zhang et al., "Benchmarking the Text-to-SQL Capability of Large Language Models") published for
// its five tasks, by table and model, so the llm-tasks study can stand them beside ours. Scales are the paper's:
// EX, VES, C-VES and the judge in percent; ROUGE, BERTScore, RES and the match rates as fractions.
#pragma once
#include <string>
#include <vector>

namespace chokepoint::study {

// One paper model's column of one table: values in the order of that table's rows (below), NaN where the paper
// printed nothing.
struct PublishedColumn {
  std::string model;
  std::vector<double> values;
};

// Table 3 (Spider dev): rows are kTable3Formats.
extern const std::vector<std::string> kTable3Formats;
const std::vector<PublishedColumn>& table3_format_ex();

// Table 4 (BigTable-0.2k, SimpleDDL-MD-Chat): rows "1", "2", "3", ">3", "Total".
const std::vector<PublishedColumn>& table4_ex_by_gold_tables();

// Table 5 (general debugging, one round): a debugger's block has one row per kTable5Strategies entry and one value
// per kTable5Generators entry, the percent of that generator's wrong SQL the debugger fixed.
extern const std::vector<std::string> kTable5Strategies;  // regenerate, wrong_sql, system_error, all_errors
extern const std::vector<std::string> kTable5Generators;
struct PublishedDebugBlock {
  std::string debugger;
  std::vector<std::vector<double>> rows;  // [strategy][generator]
};
const std::vector<PublishedDebugBlock>& table5_cross_debug();

// Table 6: rows are kTable6Rows, each a method (our variant name) and metric ("VES" or "C-VES"), as 004 scores it.
struct Table6Row {
  std::string variant;  // "baseline", "with-y", "with-y+s+q", "demo", "demo+comments", "direct"
  std::string metric;   // "VES" or "C-VES"
};
extern const std::vector<Table6Row> kTable6Rows;
const std::vector<PublishedColumn>& table6_optimization();

// Table 7: rows ROUGE-1, ROUGE-2, ROUGE-L (F1), BERTScore, ChatGPT evaluator (%), InternLM2 evaluator (%).
const std::vector<PublishedColumn>& table7_sql_to_text();

// Table 8 (RES) and Table 9 (subset and exact match): methods in kLinkMethods order; each model has two columns,
// without and with foreign keys. Table 9's rows are method x {subset, exact}; it has no ChatGPT column.
extern const std::vector<std::string> kLinkMethods;  // zero-shot, few-shot, presql, few-shot+presql
struct PublishedLinkColumn {
  std::string model;
  bool fk = false;
  std::vector<double> values;
};
const std::vector<PublishedLinkColumn>& table8_res();
const std::vector<PublishedLinkColumn>& table9_matches();

}  // namespace chokepoint::study
