// memcpy, memmove and memset as WebAssembly's bulk-memory instructions (memory.copy, memory.fill), in the wasm build.
//
// Emscripten's libc copies with a loop of 4-byte words below 512 bytes and, from 512 bytes, calls out to JavaScript
// (HEAPU8.copyWithin); its definitions are weak. The precompiled libc++ (std::string's append, copy and growth) calls
// them for every piece of text it moves, which made them a fifth of building an LLM request in wasm
// (bench/README.md). These strong definitions replace them in every wasm program that links the core, and binaryen
// inlines them to one instruction at each call. Natively, and in a build without -mbulk-memory, this file is empty:
// there __builtin_memcpy would compile to a call to memcpy, this very function.
#if defined(__EMSCRIPTEN__) && defined(__wasm_bulk_memory__)
#include <cstddef>

extern "C" {

void* memcpy(void* __restrict dest, const void* __restrict src, size_t n) {
  __builtin_memcpy(dest, src, n);
  return dest;
}

void* memmove(void* dest, const void* src, size_t n) {
  __builtin_memmove(dest, src, n);
  return dest;
}

void* memset(void* dest, int c, size_t n) {
  __builtin_memset(dest, c, n);
  return dest;
}

}  // extern "C"
#endif
