// SHA-256 (FIPS 180-4) of a byte string, as lowercase hex. The replay store keys recorded calls by this digest of
// the canonical request, so the same request finds its answer again natively and in wasm (no platform crypto).
#pragma once
#include <string>

namespace chokepoint {

std::string sha256_hex(const std::string& bytes);

}  // namespace chokepoint
