// Predict's shard items in core/base/byte_codec.h's encoding (answers are the model's bytes, valid UTF-8 or not).
#include "cli/predict_shard_items.h"

#include "core/base/byte_codec.h"

namespace chokepoint::cli {

std::string encode_prompt_answers(const std::vector<PromptAnswer>& answers) {
  ByteWriter w;
  w.u64(answers.size());
  for (const auto& a : answers) {
    w.bytes(a.prompt_hash);
    w.boolean(a.answer.ok());
    w.bytes(a.answer.ok() ? *a.answer : a.answer.error());
  }
  return w.take();
}

Result<std::vector<PromptAnswer>> decode_prompt_answers(const std::string& bytes) {
  ByteReader r(bytes);
  size_t n = 0;
  if (!r.count(n, 3)) return Error{"damaged"};
  std::vector<PromptAnswer> answers(n);
  for (auto& a : answers) {
    bool ok = false;
    std::string text;
    if (!r.bytes(a.prompt_hash) || !r.boolean(ok) || !r.bytes(text)) return Error{"damaged"};
    a.answer = ok ? Result<std::string>(std::move(text)) : Result<std::string>(Error{std::move(text)});
  }
  if (!r.at_end()) return Error{"damaged"};
  return answers;
}

}  // namespace chokepoint::cli
