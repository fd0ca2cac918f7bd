// Numbers read from the text of a SQL numeric literal, as strtoll and strtod read them, without their cost in the
// wasm build: there, Emscripten's strtod (musl) computes in 128-bit long double, emulated in software, and both are
// calls through the C library's generic scanner. The results are the same bits as the C library's.
#pragma once
#include <cstdint>
#include <optional>
#include <string_view>

namespace chokepoint {

// The value of a run of ASCII digits (no sign, no spaces), or nullopt when it is empty, holds another byte, or is
// above INT64_MAX (where strtoll reports ERANGE).
std::optional<int64_t> parse_decimal_digits(std::string_view digits);

// The double nearest to a decimal number: an optional sign, digits, an optional '.' and digits, an optional exponent
// ('e' or 'E', an optional sign, digits), as strtod rounds it. Text of any other shape (spaces, hexadecimal, "inf")
// reads as strtod reads it.
double parse_decimal_real(std::string_view text);

}  // namespace chokepoint
