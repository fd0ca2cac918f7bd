// Scans over text that most of the time find nothing: whether a text is all ASCII, and how far it goes before a byte
// that JSON escapes. They look at 16 bytes at a time with the machine's vector instructions (WebAssembly's SIMD in
// the wasm build, SSE2 on x86-64) and at 8 bytes at a time in a 64-bit word elsewhere: escaping a prompt of a few KB
// a byte at a time was a third of building an LLM request in wasm (bench/README.md, llm).
#pragma once
#include <cstddef>

namespace chokepoint {

// Whether no byte of [p, p + n) is 0x80 or above.
bool all_ascii(const char* p, size_t n);

// The number of leading bytes of [p, p + n) that a JSON string holds as they are: up to the first control character
// (below 0x20), '"' or '\\'; n when there is none. Bytes of 0x80 and above count as plain.
size_t json_plain_prefix(const char* p, size_t n);

}  // namespace chokepoint
