// The app's state: plain data, one struct per panel (STYLE.md, "UI code is a function of state"). Panels read it
// and draw; user actions change it. The core's results are stored here as values.
#pragma once
#include <string>
#include <vector>

#include "core/schema/schema.h"

namespace chokepoint::web {

struct LoadedDatabase {
  std::string path;   // in the Emscripten file system, e.g. /assets/db/toxicology.sqlite
  Schema schema;      // read through SQLite in wasm
  std::string error;  // non-empty when the file could not be opened
};

struct DatabasesPanel {
  std::vector<LoadedDatabase> databases;
  int selected = 0;
};

struct AppState {
  DatabasesPanel databases;
  int frame = 0;
  double first_frame_ms = -1;  // time from page load to the first rendered frame with data
};

}  // namespace chokepoint::web
