#include "cli/seed_ids.h"

#include "core/base/file_text.h"
#include "core/study/expansion_seeds.h"

namespace chokepoint::cli {

Result<std::vector<std::string>> read_seed_ids(const std::string& path) {
  auto text = read_file(path);
  if (!text.ok()) return Error{text.error()};
  return study::expansion_seed_ids(*text, path);
}

}  // namespace chokepoint::cli
