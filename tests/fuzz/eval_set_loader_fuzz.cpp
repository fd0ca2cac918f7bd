// libFuzzer target for set and prediction files: any bytes go through format detection and parsing (JSON in its
// BIRD and Spider shapes, prediction dicts, TSV, one SQL per line, CSV); a parsed set is aligned with itself.
// Aborts on a crash or an exception escaping (errors must be values), or a set that does not align with itself.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "core/dataset/eval_set_loader.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  auto set = chokepoint::parse_eval_set_auto(text);
  if (!set.ok()) return 0;
  auto aligned = chokepoint::align_predictions(*set, *set);
  if (aligned.ok() && aligned->size() != set->items.size()) {
    std::fprintf(stderr, "alignment of a set with itself changed its size\n");
    std::abort();
  }
  return 0;
}
