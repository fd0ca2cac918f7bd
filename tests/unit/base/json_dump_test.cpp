// dump_json against nlohmann's own dump(indent, ' ', false, replace), which it must equal byte for byte: seeded random
// documents (nested objects and arrays, empty ones, every control character, quotes, backslashes, DEL, valid and
// invalid UTF-8, integers, floats, NaN, booleans, null) at every indent, in both key orders; and ASCII strings escaped
// in runs while any other byte is left to nlohmann.
#include "core/base/json_dump.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace chokepoint {
namespace {

std::string random_text(std::mt19937& rng) {
  static const std::vector<std::string> pieces = {"a",
                                                  "SELECT * FROM t WHERE x = 'y';",
                                                  "\"",
                                                  "\\",
                                                  "/",
                                                  "\n",
                                                  "\r",
                                                  "\t",
                                                  "\b",
                                                  "\f",
                                                  std::string(1, '\0'),
                                                  "\x01",
                                                  "\x1f",
                                                  "\x7f",
                                                  "caf\xc3\xa9",
                                                  "\xe2\x82\xac",
                                                  "\xf0\x9f\x98\x80",
                                                  "\xff",
                                                  "\xc3",
                                                  "\xe2\x82",
                                                  " ",
                                                  "{{x}}",
                                                  "<b>&amp;</b>"};
  std::uniform_int_distribution<size_t> n(0, 12), pick(0, pieces.size() - 1);
  std::string s;
  for (size_t i = n(rng); i > 0; --i) s += pieces[pick(rng)];
  return s;
}

template <typename Json>
Json random_json(std::mt19937& rng, int depth) {
  std::uniform_int_distribution<int> kind(0, depth > 3 ? 6 : 8);
  switch (kind(rng)) {
    case 0:
      return nullptr;
    case 1:
      return std::uniform_int_distribution<int>(0, 1)(rng) == 1;
    case 2:
      return std::uniform_int_distribution<long long>(-1000000000000LL, 1000000000000LL)(rng);
    case 3:
      return std::uniform_int_distribution<unsigned long long>(0, ~0ULL)(rng);
    case 4: {
      const double choices[] = {0.1, -2.5e-300, 1e300, 3.0, 1.0 / 3, std::nan(""), 100.0, -0.0};
      return choices[std::uniform_int_distribution<int>(0, 7)(rng)];
    }
    case 5:
    case 6:
      return random_text(rng);
    case 7: {
      Json a = Json::array();
      for (int i = std::uniform_int_distribution<int>(0, 4)(rng); i > 0; --i)
        a.push_back(random_json<Json>(rng, depth + 1));
      return a;
    }
    default: {
      Json o = Json::object();
      for (int i = std::uniform_int_distribution<int>(0, 4)(rng); i > 0; --i)
        o[random_text(rng)] = random_json<Json>(rng, depth + 1);
      return o;
    }
  }
}

template <typename Json>
void equal_to_nlohmann(unsigned seed) {
  std::mt19937 rng(seed);
  size_t bytes = 0, containers = 0;
  for (int doc = 0; doc < 400; ++doc) {
    // Every other document is wrapped in an array, the rest in an object, around random members.
    Json j = doc % 2 ? Json::array() : Json::object();
    for (int m = 0; m < 3; ++m) {
      if (doc % 2)
        j.push_back(random_json<Json>(rng, 1));
      else
        j[random_text(rng)] = random_json<Json>(rng, 1);
    }
    for (const auto& member : j) containers += member.is_structured();
    for (int indent : {-1, 0, 1, 2, 4}) {
      const std::string ours = dump_json(j, indent);
      bytes += ours.size();
      ASSERT_EQ(ours, j.dump(indent, ' ', false, Json::error_handler_t::replace))
          << "document " << doc << ", indent " << indent;
    }
  }
  EXPECT_GT(containers, 100u) << "not vacuous: many documents are objects or arrays";
  EXPECT_GT(bytes, 50000u);
}

TEST(DumpJson, EqualsNlohmannOnRandomDocuments) { equal_to_nlohmann<nlohmann::json>(1); }
TEST(DumpJson, EqualsNlohmannInInsertionOrder) { equal_to_nlohmann<nlohmann::ordered_json>(2); }

TEST(DumpJson, EmptyContainersAndTheTopLevel) {
  const nlohmann::ordered_json j = {{"a", nlohmann::json::object()}, {"b", nlohmann::json::array()}, {"c", {1, {}}}};
  EXPECT_EQ(dump_json(j, 2), "{\n  \"a\": {},\n  \"b\": [],\n  \"c\": [\n    1,\n    null\n  ]\n}");
  EXPECT_EQ(dump_json(nlohmann::json("x")), "\"x\"");
  EXPECT_EQ(dump_json(nlohmann::json(), 2), "null");
}

TEST(DumpJson, AsciiStringsAreEscapedHereAndOtherBytesLeftToNlohmann) {
  TextBuilder out;
  EXPECT_TRUE(append_ascii_json_string(out, std::string("a\"b\\c\n\x01\x7f", 8)));
  EXPECT_EQ(std::move(out).take(), "\"a\\\"b\\\\c\\n\\u0001\x7f\"");
  TextBuilder untouched;
  untouched += 'x';
  EXPECT_FALSE(append_ascii_json_string(untouched, "caf\xc3\xa9"));
  EXPECT_EQ(std::move(untouched).take(), "x");
  // Invalid UTF-8 becomes U+FFFD, as nlohmann's replace handler writes it.
  EXPECT_EQ(dump_json(nlohmann::json(std::string("a\xff"))), "\"a\xef\xbf\xbd\"");
}

// The ASCII path looks at 16 bytes at a time: every byte JSON escapes, and the bytes next to them in value, at
// every position of texts of 1 to 40 bytes (in the first, a middle and the last block, and in the tail after the
// last whole block), escaped as nlohmann escapes them; a byte of 0x80 or more anywhere sends the text to nlohmann.
TEST(DumpJson, EveryByteAtEveryPositionOfTheWordAtATimeScan) {
  std::vector<unsigned char> bytes;
  for (int c = 0; c < 0x20; ++c) bytes.push_back(static_cast<unsigned char>(c));
  for (unsigned char c : {'"', '\\', ' ', '!', '#', '[', ']', '/', 'a', '\x7f'}) bytes.push_back(c);
  size_t checked = 0;
  for (size_t len = 1; len <= 40; ++len) {
    for (size_t at = 0; at < len; ++at) {
      for (unsigned char c : bytes) {
        std::string s(len, 'x');
        s[at] = static_cast<char>(c);
        TextBuilder ours;
        ASSERT_TRUE(append_ascii_json_string(ours, s));
        ASSERT_EQ(std::move(ours).take(), nlohmann::json(s).dump())
            << "byte " << int(c) << " at " << at << " of " << len;
        ++checked;
      }
      std::string high(len, 'x');
      high[at] = static_cast<char>(0x80);
      TextBuilder untouched;
      ASSERT_FALSE(append_ascii_json_string(untouched, high)) << "0x80 at " << at << " of " << len;
      EXPECT_EQ(untouched.size(), 0u);
    }
  }
  EXPECT_EQ(checked, size_t{820} * 42);  // 1 + 2 + ... + 40 positions, 42 bytes each
}

}  // namespace
}  // namespace chokepoint
