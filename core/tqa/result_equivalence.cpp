// Rows are turned into type-tagged keys and sorted; equal multisets give equal sorted lists.
#include "core/tqa/result_equivalence.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

namespace chokepoint::tqa {
namespace {

std::string row_key(const Row& row) {
  std::string key;
  for (const Value& v : row) {
    key += static_cast<char>('0' + static_cast<int>(v.type));
    switch (v.type) {
      case ValueType::Null:
        break;
      case ValueType::Integer:
        key += std::to_string(v.integer);
        break;
      case ValueType::Real: {
        char bits[sizeof(double)];
        std::memcpy(bits, &v.real, sizeof bits);
        key.append(bits, sizeof bits);
        break;
      }
      case ValueType::Text:
      case ValueType::Blob:
        key += std::to_string(v.bytes.size()) + ':' + v.bytes;
        break;
    }
    key += '\x1f';
  }
  return key;
}

}  // namespace

bool same_result(const ResultSet& a, const ResultSet& b) {
  if (a.column_names.size() != b.column_names.size() || a.rows.size() != b.rows.size() || a.truncated != b.truncated)
    return false;
  std::vector<std::string> ka, kb;
  for (const auto& r : a.rows) ka.push_back(row_key(r));
  for (const auto& r : b.rows) kb.push_back(row_key(r));
  std::sort(ka.begin(), ka.end());
  std::sort(kb.begin(), kb.end());
  return ka == kb;
}

}  // namespace chokepoint::tqa
