// A compact binary encoding for values that cross a boundary inside the app: the main thread and the evaluation
// worker exchange requests and results this way (web/eval_worker). Binary rather than JSON because results hold
// blobs, invalid UTF-8 and doubles that must come back bit for bit. Little-endian, lengths as LEB128 varints.
// The reader trusts nothing: every length is checked against the bytes left before anything is allocated, so a
// damaged or hostile buffer gives an error, never a huge allocation or a read past the end.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>

namespace chokepoint {

class ByteWriter {
 public:
  void u64(uint64_t v);  // varint
  void i64(int64_t v);   // zigzag varint
  void f64(double v);    // 8 bytes, the IEEE bits as they are
  void boolean(bool v) { u64(v ? 1 : 0); }
  void bytes(const std::string& s);  // length, then the bytes
  const std::string& data() const { return out_; }
  std::string take() { return std::move(out_); }

 private:
  std::string out_;
};

class ByteReader {
 public:
  ByteReader(const char* data, size_t size) : p_(data), end_(data + size) {}
  explicit ByteReader(const std::string& s) : ByteReader(s.data(), s.size()) {}

  // Each returns false (and leaves the reader failed) when the input is short or malformed.
  bool u64(uint64_t& v);
  bool i64(int64_t& v);
  bool f64(double& v);
  bool boolean(bool& v);
  bool bytes(std::string& s);
  bool size(size_t& v);  // a u64 that fits in size_t
  // A count of elements that each take at least `min_bytes`: refused when the input cannot hold that many, so a
  // reserve() on it is bounded by the input's size.
  bool count(size_t& n, size_t min_bytes = 1);

  bool failed() const { return failed_; }
  bool at_end() const { return p_ == end_; }
  size_t left() const { return static_cast<size_t>(end_ - p_); }

 private:
  bool fail() {
    failed_ = true;
    return false;
  }
  const char* p_;
  const char* end_;
  bool failed_ = false;
};

}  // namespace chokepoint
