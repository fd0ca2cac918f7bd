// Small state helpers.
#include "web/app_state.h"

namespace chokepoint::web {

void notify(AppState& state, std::string text, bool error) {
  state.notices.push_back({std::move(text), error});
  if (state.notices.size() > 200) state.notices.erase(state.notices.begin());
}

}  // namespace chokepoint::web
