// The CSV and line readers against plain character-at-a-time readers (the oracle: each character handled on its own,
// as RFC 4180 and the line rules say), on random texts made of the characters that matter to them.
#include <gtest/gtest.h>

#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "core/base/file_text.h"
#include "core/dataset/csv_set.h"
#include "core/dataset/text_sets.h"

namespace chokepoint {
namespace {

struct OracleCsv {
  bool ok = true;
  std::string error;
  std::vector<std::vector<std::string>> rows;
  std::vector<size_t> lines;  // where each row starts
};

OracleCsv oracle_csv(const std::string& text) {
  OracleCsv out;
  std::vector<std::string> cur;
  std::string field;
  bool in_quotes = false, started = false;
  size_t line = 1, quote_line = 0, row_line = 1;
  auto end_record = [&] {
    cur.push_back(field);
    field.clear();
    started = false;
    if (!(cur.size() == 1 && cur[0].empty())) {
      out.rows.push_back(cur);
      out.lines.push_back(row_line);
    }
    cur.clear();
  };
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_quotes) {
      if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
        field += '"';
        ++i;
      } else if (c == '"') {
        in_quotes = false;
      } else {
        line += c == '\n';
        field += c;
      }
    } else if (c == '"') {
      if (started && !field.empty()) {
        out.ok = false;
        out.error = "CSV line " + std::to_string(line) + ": a quote inside an unquoted field";
        return out;
      }
      in_quotes = started = true;
      quote_line = line;
    } else if (c == ',') {
      cur.push_back(field);
      field.clear();
      started = false;
    } else if (c == '\n' || c == '\r') {
      if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
      end_record();
      row_line = ++line;
    } else {
      field += c;
      started = true;
    }
  }
  if (in_quotes) {
    out.ok = false;
    out.error = "CSV line " + std::to_string(quote_line) + ": quoted field is never closed";
    return out;
  }
  if (!field.empty() || !cur.empty()) end_record();
  return out;
}

std::vector<std::string> oracle_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::string cur;
  for (char c : text) {
    if (c != '\n') {
      cur += c;
      continue;
    }
    if (!cur.empty() && cur.back() == '\r') cur.pop_back();
    lines.push_back(cur);
    cur.clear();
  }
  if (!cur.empty()) {
    if (cur.back() == '\r') cur.pop_back();
    lines.push_back(cur);
  }
  return lines;
}

std::string random_text(std::mt19937& rng, const std::string& alphabet, size_t max_len) {
  std::uniform_int_distribution<size_t> len(0, max_len), pick(0, alphabet.size() - 1);
  std::string s;
  for (size_t n = len(rng); s.size() < n;) s += alphabet[pick(rng)];
  return s;
}

TEST(SetReadersOracle, CsvRowsFieldsAndErrorLinesAsCharacterByCharacter) {
  std::mt19937 rng(7);
  size_t parsed = 0, refused = 0;
  for (int round = 0; round < 4000; ++round) {
    const std::string text = "sql,db_id\n" + random_text(rng, "ab,\"\n\r ", 40);
    const OracleCsv want = oracle_csv(text);
    const auto got = parse_csv_set(text);
    // parse_csv_set adds one check to the records: every row has the header's two fields.
    std::string want_error = want.error;
    if (want.ok)
      for (size_t r = 1; r < want.rows.size() && want_error.empty(); ++r)
        if (want.rows[r].size() != 2)
          want_error = "CSV line " + std::to_string(want.lines[r]) + ": " + std::to_string(want.rows[r].size()) +
                       " fields, the header has 2";
    ASSERT_EQ(got.ok(), want_error.empty()) << text;
    if (!got.ok()) {
      EXPECT_EQ(got.error(), want_error) << text;
      ++refused;
      continue;
    }
    ++parsed;
    ASSERT_EQ(got->items.size(), want.rows.size() - 1) << text;
    for (size_t r = 1; r < want.rows.size(); ++r) {
      EXPECT_EQ(got->items[r - 1].sql, want.rows[r][0]) << text;
      EXPECT_EQ(got->items[r - 1].db_id, want.rows[r][1]) << text;
    }
  }
  EXPECT_GT(parsed, 200u);  // both outcomes are exercised
  EXPECT_GT(refused, 200u);
}

TEST(SetReadersOracle, SqlLinesAndGoldTsvSplitLinesAsCharacterByCharacter) {
  std::mt19937 rng(11);
  for (int round = 0; round < 4000; ++round) {
    const std::string text = random_text(rng, "ab\t\n\r ", 30);
    const auto lines = oracle_lines(text);
    const auto sql = parse_sql_lines(text);
    ASSERT_TRUE(sql.ok());
    size_t kept = lines.size();  // parse_sql_lines drops blank lines at the end only
    while (kept > 0 && lines[kept - 1].find_first_not_of(" \t\r\n\v\f") == std::string::npos) --kept;
    ASSERT_EQ(sql->items.size(), kept) << text;
    for (size_t i = 0; i < kept; ++i) {
      const auto& l = lines[i];
      const size_t a = l.find_first_not_of(" \t\r\n\v\f"), b = l.find_last_not_of(" \t\r\n\v\f");
      EXPECT_EQ(sql->items[i].sql, a == std::string::npos ? "" : l.substr(a, b - a + 1)) << text;
    }
    const auto tsv = parse_gold_tsv(text);
    if (!tsv.ok()) continue;
    size_t non_blank = 0;
    for (const auto& l : lines) non_blank += l.find_first_not_of(" \t\r\n\v\f") != std::string::npos;
    EXPECT_EQ(tsv->items.size(), non_blank) << text;
  }
}

TEST(SetReadersOracle, ReadFileGivesEveryByteOfFilesAroundTheBlockSize) {
  const std::string path = ::testing::TempDir() + "/read_file_blocks.bin";
  for (size_t size : {0u, 1u, 16383u, 16384u, 16385u, 100000u}) {
    std::string bytes(size, '\0');
    for (size_t i = 0; i < size; ++i) bytes[i] = static_cast<char>((i * 131 + 7) % 256);
    ASSERT_TRUE(write_file(path, bytes).ok());
    auto read = read_file(path, 0);
    ASSERT_TRUE(read.ok());
    EXPECT_EQ(*read, bytes) << size;
    auto capped = read_file(path, 200000);
    ASSERT_TRUE(capped.ok());
    EXPECT_EQ(*capped, bytes) << size;
  }
  std::remove(path.c_str());
}

}  // namespace
}  // namespace chokepoint
