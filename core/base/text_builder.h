// A text built from many short pieces (a schema rendered into a prompt: a name, a comma, a type, ...).
//
// std::string's append is compiled into the precompiled libc++, so in wasm each piece is a call that checks the
// string's representation, its capacity and its size again; rendering BIRD's schemas spent most of its time there
// (bench/README.md). Here a piece is a bounds check and a copy into room reserved ahead, all inline.
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace chokepoint {

class TextBuilder {
 public:
  explicit TextBuilder(size_t capacity = 256) { grow(capacity); }

  TextBuilder& operator+=(std::string_view s) {
    char* at = room(s.size());
    copy(at, s.data(), s.size());
    return *this;
  }
  TextBuilder& operator+=(char c) {
    *room(1) = c;
    return *this;
  }
  // n copies of c
  void append(size_t n, char c) {
    char* at = room(n);
    if (n) std::memset(at, c, n);
  }
  size_t size() const { return size_; }

  // n bytes at the end, for the caller to fill with `put` (below) through a pointer of its own. For a line of many
  // short pieces whose length is known ahead: one bounds check for the line, and the pointer stays in a register,
  // where each += stores through a char* that may alias the builder's own fields, which must then be read again
  // (in wasm from the stack in linear memory).
  char* extend(size_t n) { return room(n); }
  // Copies s to `at` and moves `at` past it.
  static void put(char*& at, std::string_view s) {
    copy(at, s.data(), s.size());
    at += s.size();
  }

  // The text; the builder is left empty.
  std::string take() && {
    text_.resize(size_);
    size_ = 0;
    data_ = nullptr;
    capacity_ = 0;
    return std::move(text_);
  }

 private:
  // Most pieces are a name or a separator of a few bytes. Up to 16 bytes they are copied as two overlapping words:
  // loads and stores of a constant size, which compile to plain instructions. memcpy of a length known only at run
  // time is a call in both builds (V8 runs wasm's memory.copy out of line), and for pieces this short the call was
  // most of the copy: rendering BIRD's 1,534 schemas took 0.70 instead of 1.14 ms natively, 1.17 instead of 1.83 ms
  // in wasm (bench/README.md, runner).
  static void copy(char* to, const char* from, size_t n) {
    if (n >= 8 && n <= 16) {
      uint64_t a, b;
      std::memcpy(&a, from, 8);
      std::memcpy(&b, from + n - 8, 8);
      std::memcpy(to, &a, 8);
      std::memcpy(to + n - 8, &b, 8);
    } else if (n >= 4 && n < 8) {
      uint32_t a, b;
      std::memcpy(&a, from, 4);
      std::memcpy(&b, from + n - 4, 4);
      std::memcpy(to, &a, 4);
      std::memcpy(to + n - 4, &b, 4);
    } else if (n < 4) {
      for (size_t i = 0; i < n; ++i) to[i] = from[i];
    } else {
      std::memcpy(to, from, n);
    }
  }
  // n bytes at the end, to be written by the caller.
  char* room(size_t n) {
    if (n > capacity_ - size_) grow(size_ + n);
    char* at = data_ + size_;
    size_ += n;
    return at;
  }
  void grow(size_t needed) {
    capacity_ = std::max(needed, capacity_ * 2);
    text_.resize(capacity_);  // the bytes past size_ are room, not text
    data_ = text_.data();
  }

  std::string text_;
  char* data_ = nullptr;
  size_t size_ = 0;
  size_t capacity_ = 0;
};

}  // namespace chokepoint
