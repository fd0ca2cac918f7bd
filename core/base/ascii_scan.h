// Scans over text that most of the time find nothing: whether a text is all ASCII, how far it goes before a byte that
// JSON escapes, how far before a byte that starts a quote, a comment or the end of a SQL statement, and where a given
// byte is. They look at 16 bytes at a time with the machine's vector instructions (WebAssembly's SIMD in the wasm
// build, SSE2 on x86-64; outside wasm, find_byte is the C library's memchr); elsewhere the first two use 8-byte words
// and the third reads byte by byte. Escaping a prompt of a few KB a byte at a time was a third of building an LLM
// request in wasm, and finding a model answer's first statement most of extracting its SQL (bench/README.md, llm and
// runner).
#pragma once
#include <cstddef>

namespace chokepoint {

// Whether no byte of [p, p + n) is 0x80 or above.
bool all_ascii(const char* p, size_t n);

// The number of leading bytes of [p, p + n) that a JSON string holds as they are: up to the first control character
// (below 0x20), '"' or '\\'; n when there is none. Bytes of 0x80 and above count as plain.
size_t json_plain_prefix(const char* p, size_t n);

// The number of leading bytes of [p, p + n) that none of SQL's quoting, comment or statement-ending bytes starts:
// up to the first of ' " ` [ - / ; or a line break; n when there is none.
size_t sql_plain_prefix(const char* p, size_t n);

// The position of the first byte c in [p, p + n); n when there is none. memchr natively (the C library's is already
// vectorised); in wasm 16 bytes at a time, where the C library's reads a 4-byte word at a time and finding a model
// answer's code fence among the backticks of BIRD's queries was a third of extracting its SQL (bench/README.md).
size_t find_byte(const char* p, size_t n, char c);

}  // namespace chokepoint
