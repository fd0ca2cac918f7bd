// A text built from many short pieces (a schema rendered into a prompt: a name, a comma, a type, ...).
//
// std::string's append is compiled into the precompiled libc++, so in wasm each piece is a call that checks the
// string's representation, its capacity and its size again; rendering BIRD's schemas spent most of its time there
// (bench/README.md). Here a piece is a bounds check and a copy into room reserved ahead, all inline.
#pragma once
#include <algorithm>
#include <cstring>
#include <string>
#include <string_view>

namespace chokepoint {

class TextBuilder {
 public:
  explicit TextBuilder(size_t capacity = 256) { grow(capacity); }

  TextBuilder& operator+=(std::string_view s) {
    char* at = room(s.size());
    if (!s.empty()) std::memcpy(at, s.data(), s.size());
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

  // The text; the builder is left empty.
  std::string take() && {
    text_.resize(size_);
    size_ = 0;
    data_ = nullptr;
    capacity_ = 0;
    return std::move(text_);
  }

 private:
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
