// The byte codec: varints, zigzag, raw doubles and length-prefixed bytes, with bounds checks on every read.
#include "core/base/byte_codec.h"

#include <cstring>

namespace chokepoint {

void ByteWriter::u64(uint64_t v) {
  while (v >= 0x80) {
    out_.push_back(static_cast<char>((v & 0x7f) | 0x80));
    v >>= 7;
  }
  out_.push_back(static_cast<char>(v));
}

void ByteWriter::i64(int64_t v) {
  // Zigzag: small magnitudes of either sign stay short.
  u64((static_cast<uint64_t>(v) << 1) ^ static_cast<uint64_t>(v >> 63));
}

void ByteWriter::f64(double v) {
  uint64_t bits;
  std::memcpy(&bits, &v, sizeof bits);
  for (int i = 0; i < 8; ++i) out_.push_back(static_cast<char>((bits >> (8 * i)) & 0xff));
}

void ByteWriter::bytes(const std::string& s) {
  u64(s.size());
  out_.append(s);
}

bool ByteReader::u64(uint64_t& v) {
  if (failed_) return false;
  v = 0;
  for (int shift = 0; shift < 64; shift += 7) {
    if (p_ == end_) return fail();
    const auto b = static_cast<unsigned char>(*p_++);
    v |= static_cast<uint64_t>(b & 0x7f) << shift;
    if (!(b & 0x80)) return true;
  }
  return fail();  // more than 10 bytes: not a varint we wrote
}

bool ByteReader::i64(int64_t& v) {
  uint64_t z;
  if (!u64(z)) return false;
  v = static_cast<int64_t>((z >> 1) ^ (~(z & 1) + 1));
  return true;
}

bool ByteReader::f64(double& v) {
  if (failed_ || left() < 8) return fail();
  uint64_t bits = 0;
  for (int i = 0; i < 8; ++i) bits |= static_cast<uint64_t>(static_cast<unsigned char>(p_[i])) << (8 * i);
  p_ += 8;
  std::memcpy(&v, &bits, sizeof v);
  return true;
}

bool ByteReader::boolean(bool& v) {
  uint64_t x;
  if (!u64(x) || x > 1) return fail();
  v = x == 1;
  return true;
}

bool ByteReader::size(size_t& v) {
  uint64_t x;
  if (!u64(x)) return false;
  if (x > static_cast<uint64_t>(SIZE_MAX)) return fail();
  v = static_cast<size_t>(x);
  return true;
}

bool ByteReader::bytes(std::string& s) {
  size_t n;
  if (!size(n)) return false;
  if (n > left()) return fail();
  s.assign(p_, n);
  p_ += n;
  return true;
}

bool ByteReader::count(size_t& n, size_t min_bytes) {
  if (!size(n)) return false;
  if (min_bytes > 0 && n > left() / min_bytes) return fail();
  return true;
}

}  // namespace chokepoint
