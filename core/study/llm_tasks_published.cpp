// 004's published tables, transcribed from the paper (Tables 3 to 9).
#include "core/study/llm_tasks_published.h"

namespace chokepoint::study {

const std::vector<std::string> kTable3Formats = {"DDL-HTML-Chat",     "DDL-HTML-Complete",    "DDL-MD-Chat",
                                                 "DDL-MD-Complete",   "DDL-Coding-Chat",      "DDL-Coding-Complete",
                                                 "SimpleDDL-MD-Chat", "SimpleDDL-MD-Complete"};

const std::vector<PublishedColumn>& table3_format_ex() {
  static const std::vector<PublishedColumn> t = {
      {"SQLCoder-34B", {57.8, 61.8, 63.2, 62.4, 60.3, 59.7, 65.0, 63.3}},
      {"Codellama-34B", {63.7, 65.2, 68.4, 69.8, 67.1, 66.9, 71.6, 66.0}},
      {"InternLM-70B", {65.0, 53.8, 66.3, 64.1, 66.1, 62.9, 67.4, 61.7}},
      {"Llama2-Chat-70B", {49.6, 50.2, 48.7, 46.8, 48.4, 53.4, 54.7, 50.2}},
  };
  return t;
}

const std::vector<PublishedColumn>& table4_ex_by_gold_tables() {
  static const std::vector<PublishedColumn> t = {
      {"ChatGPT", {60.00, 20.00, 38.00, 30.00, 37.00}},       {"SQLCoder-34B", {44.00, 8.00, 24.00, 20.00, 24.00}},
      {"Codellama-34B", {32.00, 10.00, 22.00, 12.00, 19.00}}, {"InternLM-70B", {44.00, 10.00, 20.00, 10.00, 21.00}},
      {"Llama2-Chat-70B", {22.00, 10.00, 8.00, 8.00, 12.00}}, {"InternLM2-20B", {40.00, 6.00, 18.00, 20.00, 21.00}},
  };
  return t;
}

const std::vector<std::string> kTable5Strategies = {"regenerate", "wrong_sql", "system_error", "all_errors"};

// The paper's header row is garbled in the text we have ("Codellama-34B Dataset -> SQLCoder-34B", a blank, then
// InternLM-70B and Llama2-Chat-70B). The order below is read from the numbers: with no information besides the
// question a model does not fix its own mistakes (004 on Fig. 4), and the two zeros of "Regenerate" are
// SQLCoder on its own SQL (0.00, first column) and InternLM on its own (0.63, third column).
const std::vector<std::string> kTable5Generators = {"SQLCoder-34B", "Codellama-34B", "InternLM-70B", "Llama2-Chat-70B"};

const std::vector<PublishedDebugBlock>& table5_cross_debug() {
  static const std::vector<PublishedDebugBlock> t = {
      {"SQLCoder-34B",
       {{0.00, 12.42, 13.21, 18.75}, {0.66, 2.48, 6.92, 7.95}, {4.64, 11.18, 9.43, 11.36}, {4.64, 11.80, 8.81, 10.80}}},
      {"InternLM-70B",
       {{9.27, 11.80, 0.63, 15.34},
        {7.95, 10.56, 5.66, 9.66},
        {10.60, 10.56, 8.81, 11.93},
        {11.92, 11.80, 8.81, 13.07}}},
  };
  return t;
}

const std::vector<Table6Row> kTable6Rows = {
    {"baseline", "VES"},      {"baseline", "C-VES"},      {"with-y", "VES"}, {"with-y", "C-VES"},
    {"with-y+s+q", "VES"},    {"with-y+s+q", "C-VES"},    {"demo", "VES"},   {"demo", "C-VES"},
    {"demo+comments", "VES"}, {"demo+comments", "C-VES"}, {"direct", "VES"}, {"direct", "C-VES"},
};

const std::vector<PublishedColumn>& table6_optimization() {
  // The paper prints with Y and w/ Y + S + Q in one merged cell: VES of both on one line, their C-VES on the next two.
  static const std::vector<PublishedColumn> t = {
      {"ChatGPT", {36.90, 102.50, 30.73, 102.43, 32.21, 102.24, 32.19, 102.18, 32.65, 102.03, 39.26, 103.31}},
      {"SQLCoder-34B", {24.28, 101.17, 16.86, 102.19, 18.90, 102.14, 18.84, 101.84, 18.28, 101.54, 27.77, 102.84}},
      {"Codellama-34B", {18.94, 99.68, 17.34, 102.08, 19.28, 101.47, 18.34, 101.88, 18.52, 102.86, 20.75, 103.75}},
      {"InternLM-70B", {22.63, 110.39, 15.33, 102.17, 18.44, 102.43, 17.97, 102.68, 17.45, 102.66, 25.23, 102.98}},
      {"InternLM2-20B", {19.81, 94.33, 20.28, 101.42, 20.77, 101.30, 20.86, 101.75, 20.92, 102.06, 25.93, 101.70}},
  };
  return t;
}

const std::vector<PublishedColumn>& table7_sql_to_text() {
  static const std::vector<PublishedColumn> t = {
      {"ChatGPT", {0.428, 0.384, 0.545, 0.887, 70.5, 62.0}},
      {"SQLCoder-34B", {0.118, 0.039, 0.108, 0.779, 8.5, 22.5}},
      {"Codellama-34B", {0.359, 0.167, 0.320, 0.856, 47.0, 49.8}},
      {"InternLM-70B", {0.408, 0.198, 0.372, 0.886, 63.5, 65.8}},
      {"InternLM2-20B", {0.410, 0.294, 0.358, 0.887, 66.5, 71.3}},
      {"Llama2-Chat-70B", {0.368, 0.159, 0.325, 0.885, 50.0, 60.0}},
  };
  return t;
}

const std::vector<std::string> kLinkMethods = {"zero-shot", "few-shot", "presql", "few-shot+presql"};

const std::vector<PublishedLinkColumn>& table8_res() {
  static const std::vector<PublishedLinkColumn> t = {
      {"ChatGPT", false, {0.6384, 0.6222, 0.6888, 0.7340}},
      {"ChatGPT", true, {0.6399, 0.6402, 0.6610, 0.7469}},
      {"SQLCoder-34B", false, {0.2278, 0.3657, 0.5661, 0.5354}},
      {"SQLCoder-34B", true, {0.4686, 0.3919, 0.6417, 0.6336}},
      {"InternLM-70B", false, {0.5745, 0.5302, 0.4632, 0.5999}},
      {"InternLM-70B", true, {0.5652, 0.4961, 0.4881, 0.6054}},
      {"Codellama-34B", false, {0.3675, 0.4401, 0.5085, 0.5576}},
      {"Codellama-34B", true, {0.4835, 0.4745, 0.5970, 0.5646}},
      {"InternLM2-20B", false, {0.5687, 0.4640, 0.5649, 0.6594}},
      {"InternLM2-20B", true, {0.5811, 0.4829, 0.6267, 0.7016}},
      {"Llama2-Chat-70B", false, {0.4759, 0.4123, 0.4478, 0.6105}},
      {"Llama2-Chat-70B", true, {0.5566, 0.5375, 0.5273, 0.6418}},
  };
  return t;
}

const std::vector<PublishedLinkColumn>& table9_matches() {
  // Rows: zero-shot subset, exact; few-shot subset, exact; presql ...; few-shot+presql ... The paper's header has an
  // unlabelled first pair and six names over five pairs; the first pair is SQLCoder's (its subset match 0.28 is
  // below ChatGPT's RES of 0.64 in Table 8, which a subset match cannot be, and agrees with SQLCoder's 0.23).
  static const std::vector<PublishedLinkColumn> t = {
      {"SQLCoder-34B", false, {0.28, 0.135, 0.5, 0.155, 0.6, 0.465, 0.715, 0.195}},
      {"SQLCoder-34B", true, {0.55, 0.295, 0.475, 0.22, 0.675, 0.55, 0.77, 0.345}},
      {"InternLM-70B", false, {0.66, 0.355, 0.595, 0.355, 0.475, 0.43, 0.67, 0.395}},
      {"InternLM-70B", true, {0.645, 0.34, 0.555, 0.34, 0.505, 0.435, 0.675, 0.405}},
      {"Codellama-34B", false, {0.495, 0.19, 0.645, 0.19, 0.525, 0.45, 0.755, 0.2}},
      {"Codellama-34B", true, {0.655, 0.27, 0.7, 0.155, 0.62, 0.525, 0.785, 0.185}},
      {"InternLM2-20B", false, {0.605, 0.235, 0.53, 0.33, 0.6, 0.5, 0.74, 0.42}},
      {"InternLM2-20B", true, {0.67, 0.415, 0.545, 0.355, 0.67, 0.525, 0.78, 0.46}},
      {"Llama2-Chat-70B", false, {0.655, 0.12, 0.57, 0.125, 0.51, 0.3, 0.815, 0.19}},
      {"Llama2-Chat-70B", true, {0.76, 0.135, 0.72, 0.18, 0.65, 0.23, 0.86, 0.165}},
  };
  return t;
}

}  // namespace chokepoint::study
