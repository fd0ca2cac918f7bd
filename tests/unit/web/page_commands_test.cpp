// Page commands without a browser: queued JSON is applied in order through the registered handlers; what is not a
// JSON object, a command nobody registered and a handler that throws each become a notice, and the queue goes on.
#include "web/bridge/page_commands.h"

#include <gtest/gtest.h>

#include <stdexcept>

#include "web/panel_registry.h"
#include "web/sub_tab_registry.h"

namespace chokepoint::web {
namespace {

int g_counted = 0;
const PageCommandRegistrar count_cmd{"test_count",
                                     [](AppState&, const nlohmann::json& cmd) { g_counted += cmd.value("by", 1); }};
const PageCommandRegistrar throw_cmd{
    "test_throw", [](AppState&, const nlohmann::json&) { throw std::runtime_error("broken handler"); }};

TEST(PageCommands, QueuedCommandsRunInOrderAndFailuresBecomeNotices) {
  AppState state;
  g_counted = 0;
  queue_page_command(R"({"do": "test_count", "by": 2})");
  queue_page_command("not json");
  queue_page_command(R"({"do": "no_such_command"})");
  queue_page_command(R"({"do": "test_throw"})");
  queue_page_command(R"({"do": "test_count"})");
  queue_page_command(R"({"do": "show", "tab": "Judge"})");
  apply_page_commands(state);
  EXPECT_EQ(g_counted, 3);
  ASSERT_EQ(state.notices.size(), 3u);
  EXPECT_EQ(state.notices[0].text, "page command is not a JSON object");
  EXPECT_EQ(state.notices[1].text, "unknown page command: no_such_command");
  EXPECT_EQ(state.notices[2].text, "page command failed: broken handler");
  EXPECT_TRUE(state.notices[2].error);
  EXPECT_EQ(take_requested_tab(), "Judge");
  EXPECT_EQ(take_requested_tab(), "");
  apply_page_commands(state);  // the queue is empty now
  EXPECT_EQ(g_counted, 3);
}

const PanelRegistrar panel{{"Test panel", 1000, [](AppState&) {}, nullptr,
                            [](AppState&) {
                              return nlohmann::json{{"own", 1}};
                            }}};
const SubTabRegistrar keyed{{"Test panel", "Keyed", 2, "keyed", [](AppState&) {}, nullptr,
                             [](AppState&) {
                               return nlohmann::json{{"x", 1}};
                             }}};
const SubTabRegistrar merged{{"Test panel", "Merged", 1, "", [](AppState&) {}, nullptr,
                              [](AppState&) {
                                return nlohmann::json{{"merged_key", true}};
                              }}};

TEST(PageCommands, APanelsStateCarriesItsSubTabsUnderTheirKeysOrMerged) {
  AppState state;
  nlohmann::json j = panel_state_json(state, "Test panel");
  add_sub_tab_states(state, "Test panel", j);
  EXPECT_EQ(j, (nlohmann::json{{"own", 1}, {"keyed", {{"x", 1}}}, {"merged_key", true}}));
  EXPECT_TRUE(panel_state_json(state, "No such panel").is_null());
  // Sub-tabs of a panel come in their order, whatever the order of registration.
  std::vector<std::string> names;
  for (const auto& t : sub_tab_registry())
    if (t.panel == "Test panel") names.push_back(t.name);
  EXPECT_EQ(names, (std::vector<std::string>{"Merged", "Keyed"}));
}

}  // namespace
}  // namespace chokepoint::web
