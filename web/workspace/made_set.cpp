// Sets the page made, loaded (see made_set.h).
#include "web/workspace/made_set.h"

#include <fstream>

#include "core/dataset/eval_set_loader.h"
#include "web/workspace/workspace.h"

namespace chokepoint::web {

std::string made_set_stem(const std::string& name) {
  const auto dot = name.rfind('.');
  return dot == std::string::npos ? name : name.substr(0, dot);
}

Result<std::string> put_made_set(AppState& state, const std::string& name, const std::string& text, bool predictions,
                                 MadeSetKept kept) {
  auto set = parse_eval_set_auto(text);
  if (!set.ok()) return Error{name + ": " + set.error()};
  std::string path;
  if (kept == MadeSetKept::Workspace) {
    path = keep_made_file(name, text);
  } else {
    path = "/tmp/" + name;
    std::ofstream(path, std::ios::binary) << text;
  }
  put_set(state, LoadedSet{name, path, std::move(*set), predictions});
  return path;
}

}  // namespace chokepoint::web
