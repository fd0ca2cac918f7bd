// The byte codec: what is written reads back bit for bit, and a short or hostile buffer fails without allocating
// what its lengths claim.
#include "core/base/byte_codec.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>

namespace chokepoint {

TEST(ByteCodec, NumbersAndBytesReadBackAsWritten) {
  ByteWriter w;
  const int64_t ints[] = {
      0, 1, -1, 63, -64, 300, std::numeric_limits<int64_t>::min(), std::numeric_limits<int64_t>::max()};
  for (int64_t v : ints) w.i64(v);
  w.u64(std::numeric_limits<uint64_t>::max());
  const double reals[] = {
      0.0, -0.0, 0.1, 1e308, -std::numeric_limits<double>::infinity(), std::numeric_limits<double>::quiet_NaN()};
  for (double v : reals) w.f64(v);
  const std::string odd("a\0b\xff\xfe", 5);  // a NUL and invalid UTF-8: why this is not JSON
  w.bytes(odd);
  w.boolean(true);
  ByteReader r(w.data());
  for (int64_t v : ints) {
    int64_t got;
    ASSERT_TRUE(r.i64(got));
    EXPECT_EQ(got, v);
  }
  uint64_t big;
  ASSERT_TRUE(r.u64(big));
  EXPECT_EQ(big, std::numeric_limits<uint64_t>::max());
  for (double v : reals) {
    double got;
    ASSERT_TRUE(r.f64(got));
    EXPECT_EQ(std::memcmp(&got, &v, sizeof v), 0) << v;  // the same bits: -0.0 and NaN included
  }
  std::string s;
  ASSERT_TRUE(r.bytes(s));
  EXPECT_EQ(s, odd);
  bool b = false;
  ASSERT_TRUE(r.boolean(b));
  EXPECT_TRUE(b);
  EXPECT_TRUE(r.at_end());
}

TEST(ByteCodec, ALengthPastTheEndFailsInsteadOfAllocating) {
  ByteWriter w;
  w.u64(900000000);  // claims 900 MB of text follow
  w.bytes("short");
  ByteReader r(w.data());
  std::string s;
  EXPECT_FALSE(r.bytes(s));
  EXPECT_TRUE(r.failed());
  EXPECT_TRUE(s.empty());
}

TEST(ByteCodec, ACountTheInputCannotHoldIsRefused) {
  ByteWriter w;
  w.u64(1000);
  w.bytes("x");
  ByteReader r(w.data());
  size_t n;
  EXPECT_FALSE(r.count(n, 4));
}

TEST(ByteCodec, TruncatedAndOverlongVarintsFail) {
  ByteReader empty("", 0);
  uint64_t v;
  EXPECT_FALSE(empty.u64(v));
  const std::string endless(11, '\x80');
  ByteReader r(endless);
  EXPECT_FALSE(r.u64(v));
  double d;
  ByteReader shortd("\x01\x02", 2);
  EXPECT_FALSE(shortd.f64(d));
}

TEST(ByteCodec, AReaderThatFailedStaysFailed) {
  ByteWriter w;
  w.u64(5);
  ByteReader r(w.data());
  std::string s;
  EXPECT_FALSE(r.bytes(s));
  uint64_t v;
  EXPECT_FALSE(r.u64(v));
}

}  // namespace chokepoint
