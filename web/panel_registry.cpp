// Registries of panels and page commands.
#include "web/panel_registry.h"

namespace chokepoint::web {

std::vector<PanelSpec>& panel_registry() {
  static std::vector<PanelSpec> panels;
  return panels;
}

std::vector<std::pair<std::string, PageCommandFn>>& page_command_registry() {
  static std::vector<std::pair<std::string, PageCommandFn>> commands;
  return commands;
}

}  // namespace chokepoint::web
