// 16 bytes at a time where the machine has vectors, 8 in a word elsewhere (see ascii_scan.h). In the wasm build this
// file alone is compiled with -msimd128 (CMakeLists.txt): WebAssembly's SIMD is in Chrome 91+, Firefox 89+ and Safari
// 16.4+, and the app's module needs it from then on.
#include "core/base/ascii_scan.h"

#include <cstdint>
#include <cstring>
#include <initializer_list>

#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#elif defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace chokepoint {
namespace {

constexpr uint64_t kOnes = 0x0101010101010101ull;
constexpr uint64_t kHighBits = 0x8080808080808080ull;

uint64_t load8(const char* p) {
  uint64_t w;
  std::memcpy(&w, p, 8);
  return w;
}

// Whether a byte of `w` is zero (exact: the classic bit trick has no false answer as a whole).
bool has_zero_byte(uint64_t w) { return ((w - kOnes) & ~w & kHighBits) != 0; }

// Whether one of eight bytes is a control character, '"' or '\\'. A byte of 0x80 or above is not one: the
// subtraction's borrow and ~w keep its high bit out.
bool has_byte_to_escape(uint64_t w) {
  const bool control = ((w - kOnes * 0x20) & ~w & kHighBits) != 0;
  return control || has_zero_byte(w ^ (kOnes * '"')) || has_zero_byte(w ^ (kOnes * '\\'));
}

bool escapes(unsigned char c) { return c < 0x20 || c == '"' || c == '\\'; }

bool starts_sql_syntax(char c) {
  return c == '\'' || c == '"' || c == '`' || c == '[' || c == '-' || c == '/' || c == ';' || c == '\n';
}

// The vector parts. plain_blocks and sql_plain_blocks: the position of the first byte looked for, when it lies in a
// whole 16-byte block, else where the whole blocks end (the callers read the rest). ascii_blocks: whether the whole
// blocks from `i` are ASCII, with `i` moved past them.
#if defined(__wasm_simd128__)
size_t plain_blocks(const char* p, size_t n) {
  const v128_t space = wasm_u8x16_splat(0x20), quote = wasm_u8x16_splat('"'), backslash = wasm_u8x16_splat('\\');
  size_t i = 0;
  for (; i + 16 <= n; i += 16) {
    const v128_t v = wasm_v128_load(p + i);
    const v128_t hit =
        wasm_v128_or(wasm_u8x16_lt(v, space), wasm_v128_or(wasm_i8x16_eq(v, quote), wasm_i8x16_eq(v, backslash)));
    if (wasm_v128_any_true(hit)) return i + static_cast<size_t>(__builtin_ctz(wasm_i8x16_bitmask(hit)));
  }
  return i;
}
size_t sql_plain_blocks(const char* p, size_t n) {
  size_t i = 0;
  for (; i + 16 <= n; i += 16) {
    const v128_t v = wasm_v128_load(p + i);
    v128_t hit = wasm_i8x16_eq(v, wasm_i8x16_splat('\''));
    for (char c : {'"', '`', '[', '-', '/', ';', '\n'}) hit = wasm_v128_or(hit, wasm_i8x16_eq(v, wasm_i8x16_splat(c)));
    if (wasm_v128_any_true(hit)) return i + static_cast<size_t>(__builtin_ctz(wasm_i8x16_bitmask(hit)));
  }
  return i;
}
size_t byte_blocks(const char* p, size_t n, char c) {
  const v128_t wanted = wasm_i8x16_splat(c);
  size_t i = 0;
  for (; i + 16 <= n; i += 16) {
    const v128_t hit = wasm_i8x16_eq(wasm_v128_load(p + i), wanted);
    if (wasm_v128_any_true(hit)) return i + static_cast<size_t>(__builtin_ctz(wasm_i8x16_bitmask(hit)));
  }
  return i;
}
bool ascii_blocks(const char* p, size_t n, size_t& i) {
  v128_t seen = wasm_i8x16_splat(0);
  for (; i + 16 <= n; i += 16) seen = wasm_v128_or(seen, wasm_v128_load(p + i));
  return wasm_i8x16_bitmask(seen) == 0;
}
#elif defined(__SSE2__)
size_t plain_blocks(const char* p, size_t n) {
  // Unsigned "below 0x20" as a signed compare: a byte of 0x80 or above is negative as a signed char, so it is tested
  // apart and left out.
  const __m128i space = _mm_set1_epi8(0x20), quote = _mm_set1_epi8('"'), backslash = _mm_set1_epi8('\\');
  const __m128i zero = _mm_setzero_si128();
  size_t i = 0;
  for (; i + 16 <= n; i += 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i));
    const __m128i control = _mm_andnot_si128(_mm_cmplt_epi8(v, zero), _mm_cmplt_epi8(v, space));
    const __m128i hit = _mm_or_si128(control, _mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, backslash)));
    const int mask = _mm_movemask_epi8(hit);
    if (mask) return i + static_cast<size_t>(__builtin_ctz(static_cast<unsigned>(mask)));
  }
  return i;
}
size_t sql_plain_blocks(const char* p, size_t n) {
  size_t i = 0;
  for (; i + 16 <= n; i += 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i));
    __m128i hit = _mm_cmpeq_epi8(v, _mm_set1_epi8('\''));
    for (char c : {'"', '`', '[', '-', '/', ';', '\n'}) hit = _mm_or_si128(hit, _mm_cmpeq_epi8(v, _mm_set1_epi8(c)));
    const int mask = _mm_movemask_epi8(hit);
    if (mask) return i + static_cast<size_t>(__builtin_ctz(static_cast<unsigned>(mask)));
  }
  return i;
}
bool ascii_blocks(const char* p, size_t n, size_t& i) {
  __m128i seen = _mm_setzero_si128();
  for (; i + 16 <= n; i += 16) seen = _mm_or_si128(seen, _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i)));
  return _mm_movemask_epi8(seen) == 0;
}
#else
size_t plain_blocks(const char* p, size_t n) {
  size_t i = 0;
  for (; i + 8 <= n; i += 8)
    if (has_byte_to_escape(load8(p + i))) break;
  return i;
}
size_t sql_plain_blocks(const char*, size_t) { return 0; }
bool ascii_blocks(const char* p, size_t n, size_t& i) {
  uint64_t seen = 0;
  for (; i + 8 <= n; i += 8) seen |= load8(p + i);
  return (seen & kHighBits) == 0;
}
#endif

}  // namespace

bool all_ascii(const char* p, size_t n) {
  size_t i = 0;
  if (!ascii_blocks(p, n, i)) return false;
  uint64_t seen = 0;
  for (; i + 8 <= n; i += 8) seen |= load8(p + i);
  for (; i < n; ++i) seen |= static_cast<unsigned char>(p[i]);
  return (seen & kHighBits) == 0;
}

size_t json_plain_prefix(const char* p, size_t n) {
  size_t i = plain_blocks(p, n);
  for (; i + 8 <= n; i += 8)
    if (has_byte_to_escape(load8(p + i))) break;
  for (; i < n; ++i)
    if (escapes(static_cast<unsigned char>(p[i]))) return i;
  return n;
}

size_t sql_plain_prefix(const char* p, size_t n) {
  for (size_t i = sql_plain_blocks(p, n); i < n; ++i)
    if (starts_sql_syntax(p[i])) return i;
  return n;
}

size_t find_byte(const char* p, size_t n, char c) {
#if defined(__wasm_simd128__)
  for (size_t i = byte_blocks(p, n, c); i < n; ++i)
    if (p[i] == c) return i;
  return n;
#else
  const void* at = n ? std::memchr(p, c, n) : nullptr;
  return at ? static_cast<size_t>(static_cast<const char*>(at) - p) : n;
#endif
}

}  // namespace chokepoint
