// Every prompt a batch would send, one at a time, before anything is sent: "prompt 3 of 120", the call's name, the
// prompt's whole text, and buttons to page (first, previous, next, last). The privacy previews draw it, so a user
// can read each request that would leave the page, not only an example.
#pragma once
#include <cstddef>
#include <functional>
#include <string>
#include <utility>

namespace chokepoint::web {

// `at(i)` gives call i's (name, prompt); `page` is the caller's state (clamped here). `id` keeps the widgets of two
// pagers apart.
void draw_prompt_pager(const char* id, size_t count,
                       const std::function<std::pair<std::string, std::string>(size_t)>& at, int& page);
// The same with the page kept in ImGui's own state storage under `id` (like a tree node's open state).
void draw_prompt_pager(const char* id, size_t count,
                       const std::function<std::pair<std::string, std::string>(size_t)>& at);

}  // namespace chokepoint::web
