// localStorage through EM_JS, guarded: it may throw in private modes.
#include "web/bridge/local_store.h"

#include <emscripten.h>

#include <cstdlib>

namespace chokepoint::web {
namespace {

EM_JS(char*, chokepoint_js_local_get, (const char* key), {
  var s = "";
  try {
    s = window.localStorage.getItem(UTF8ToString(key)) || "";
  } catch (e) {
  }
  var n = lengthBytesUTF8(s) + 1;
  var p = _malloc(n);
  stringToUTF8(s, p, n);
  return p;
});

EM_JS(void, chokepoint_js_local_set, (const char* key, const char* value), {
  try {
    window.localStorage.setItem(UTF8ToString(key), UTF8ToString(value));
  } catch (e) {
  }
});

}  // namespace

std::string local_get(const std::string& key) {
  char* raw = chokepoint_js_local_get(key.c_str());
  std::string out = raw ? raw : "";
  std::free(raw);
  return out;
}

void local_set(const std::string& key, const std::string& value) {
  chokepoint_js_local_set(key.c_str(), value.c_str());
}

}  // namespace chokepoint::web
