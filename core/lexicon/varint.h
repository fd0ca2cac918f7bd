// LEB128-style unsigned varints, the integer encoding of the lexicon asset (small numbers take one byte, so sense
// ranks, counts and offset deltas stay cheap). Decoding reports truncation instead of reading past the end.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace chokepoint {

inline void put_varint(std::string& out, uint64_t value) {
  while (value >= 0x80) {
    out.push_back(static_cast<char>((value & 0x7F) | 0x80));
    value >>= 7;
  }
  out.push_back(static_cast<char>(value));
}

// Reads one varint at `pos` and advances it; false if the data ends first or the value overflows 64 bits.
inline bool get_varint(std::string_view data, size_t& pos, uint64_t& value) {
  value = 0;
  for (int shift = 0; shift < 64; shift += 7) {
    if (pos >= data.size()) return false;
    auto byte = static_cast<unsigned char>(data[pos++]);
    value |= static_cast<uint64_t>(byte & 0x7F) << shift;
    if (!(byte & 0x80)) return true;
  }
  return false;
}

}  // namespace chokepoint
