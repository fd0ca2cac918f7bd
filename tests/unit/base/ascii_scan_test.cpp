// The vector scans (ASCII, JSON's escapes, SQL's quoting and comment bytes, one given byte) against a byte-at-a-time
// reading of the same text: every byte value at every position of texts of 0 to 48 bytes (so inside and across the
// 16-byte blocks and the 8-byte words, and in the tail after them), at two alignments of the text's start.
#include "core/base/ascii_scan.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>

namespace chokepoint {
namespace {

size_t plain_prefix_by_bytes(const std::string& s) {
  for (size_t i = 0; i < s.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c < 0x20 || c == '"' || c == '\\') return i;
  }
  return s.size();
}

size_t sql_prefix_by_bytes(const std::string& s) {
  for (size_t i = 0; i < s.size(); ++i)
    if (std::string_view("'\"`[-/;\n").find(s[i]) != std::string_view::npos) return i;
  return s.size();
}

bool ascii_by_bytes(const std::string& s) {
  for (unsigned char c : s)
    if (c >= 0x80) return false;
  return true;
}

TEST(AsciiScan, EveryByteAtEveryPositionAndAlignment) {
  size_t checked = 0;
  for (size_t len = 0; len <= 48; ++len)
    for (size_t at = 0; at < std::max<size_t>(len, 1); ++at)
      for (int c = 0; c < 256; ++c)
        for (size_t align : {size_t{0}, size_t{3}}) {
          std::string buffer(align + len, 'x');
          if (len) buffer[align + at] = static_cast<char>(c);
          const std::string s = buffer.substr(align);
          ASSERT_EQ(json_plain_prefix(buffer.data() + align, len), plain_prefix_by_bytes(s))
              << "byte " << c << " at " << at << " of " << len;
          ASSERT_EQ(all_ascii(buffer.data() + align, len), ascii_by_bytes(s))
              << "byte " << c << " at " << at << " of " << len;
          ASSERT_EQ(sql_plain_prefix(buffer.data() + align, len), sql_prefix_by_bytes(s))
              << "byte " << c << " at " << at << " of " << len;
          // The byte looked for is the one placed, a byte the filler holds, and one of neither.
          for (char wanted : {static_cast<char>(c), 'x', '`'}) {
            const size_t found = s.find(wanted);
            ASSERT_EQ(find_byte(buffer.data() + align, len, wanted), found == std::string::npos ? len : found)
                << "byte " << int{static_cast<unsigned char>(wanted)} << " looked for, " << c << " at " << at << " of "
                << len;
          }
          ++checked;
        }
  EXPECT_EQ(checked, size_t{2} * 256 * (1 + 48 * 49 / 2));
}

TEST(AsciiScan, TheFirstOfSeveralBytesToEscape) {
  std::string s(40, 'a');
  s[37] = '"';
  s[21] = '\n';
  s[30] = '\\';
  EXPECT_EQ(json_plain_prefix(s.data(), s.size()), 21u);
  s[21] = static_cast<char>(0xe9);  // a byte of a UTF-8 letter is plain here
  EXPECT_EQ(json_plain_prefix(s.data(), s.size()), 30u);
  EXPECT_FALSE(all_ascii(s.data(), s.size()));
  EXPECT_EQ(json_plain_prefix(nullptr, 0), 0u);
  EXPECT_EQ(sql_plain_prefix(nullptr, 0), 0u);
  const std::string sql = "SELECT name FROM singer WHERE age > 30 AND country = 'France'; DROP";
  EXPECT_EQ(sql_plain_prefix(sql.data(), sql.size()), sql.find('\''));
  EXPECT_TRUE(all_ascii(nullptr, 0));
  EXPECT_EQ(find_byte(nullptr, 0, '`'), 0u);
  // The first of several, past the first block.
  std::string fence(50, ' ');
  fence[45] = fence[20] = fence[19] = '`';
  EXPECT_EQ(find_byte(fence.data(), fence.size(), '`'), 19u);
  EXPECT_EQ(find_byte(fence.data() + 21, fence.size() - 21, '`'), 24u);
}

}  // namespace
}  // namespace chokepoint
