// SQLite's column affinity (see column_affinity.h).
#include "core/db/column_affinity.h"

#include "core/base/text.h"

namespace chokepoint {

Affinity affinity_of(const std::string& declared_type) {
  const std::string t = to_lower_ascii(declared_type);
  if (t.find("int") != std::string::npos) return Affinity::Integer;
  if (t.find("char") != std::string::npos || t.find("clob") != std::string::npos || t.find("text") != std::string::npos)
    return Affinity::Text;
  if (t.empty() || t.find("blob") != std::string::npos) return Affinity::Blob;
  if (t.find("real") != std::string::npos || t.find("floa") != std::string::npos || t.find("doub") != std::string::npos)
    return Affinity::Real;
  return Affinity::Numeric;
}

}  // namespace chokepoint
