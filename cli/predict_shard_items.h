// The items of a `chokepoint predict --shard` file: for one item of the set, every answer the shard got for it, one
// per model and format (models in --llm-config order, formats in the run's order), each with a hash of the prompt
// that was sent. Merge puts the answers back in the order of the run's prompts and reads, writes and scores them
// with the single run's code; the prompt hashes tell it whether the set, schemas, rows and templates it planned
// from are the ones the shard sent.
#pragma once
#include <string>
#include <vector>

#include "core/base/result.h"

namespace chokepoint::cli {

struct PromptAnswer {
  std::string prompt_hash;                     // text_hash (cli/shard.h) of the prompt sent
  Result<std::string> answer = std::string();  // the model's text, or why there is none
};

std::string encode_prompt_answers(const std::vector<PromptAnswer>& answers);
Result<std::vector<PromptAnswer>> decode_prompt_answers(const std::string& bytes);

}  // namespace chokepoint::cli
