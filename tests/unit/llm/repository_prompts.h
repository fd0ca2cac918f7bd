// The repository's prompts folder, loaded once per test binary (the tests of templates and of the prompts built on
// them read the same files the CLI and the app read).
#pragma once
#include <gtest/gtest.h>

#include "core/llm/prompt_template.h"

namespace chokepoint::testing {

inline const PromptLibrary& repository_prompts() {
  static const PromptLibrary lib = [] {
    auto loaded = load_prompt_library(default_prompts_folder());
    EXPECT_TRUE(loaded.ok()) << loaded.error();
    return loaded.ok() ? *loaded : PromptLibrary{};
  }();
  return lib;
}

}  // namespace chokepoint::testing
