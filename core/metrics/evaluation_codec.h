// The evaluation as bytes, for running it somewhere else: the app evaluates in a Web Worker (web/eval_worker) so a
// runaway query never blocks a frame, and the request (pairs and options) and each evaluated item cross between the
// threads in this encoding (core/base/byte_codec.h). Everything an item holds comes back, the kept results and
// comparisons included, so the explanation view works on an item evaluated in the worker as on one evaluated here.
// A plugged-in embedding function cannot travel: a request with one is refused (the caller evaluates in place).
#pragma once
#include <string>
#include <vector>

#include "core/base/result.h"
#include "core/metrics/pair_evaluation.h"

namespace chokepoint {

struct EvaluationRequest {
  std::vector<EvalPair> pairs;
  EvaluationOptions options;
  size_t first = 0;  // evaluate pairs[first..]: a worker restarted after a stall resumes where the last one stopped
};

Result<std::string> encode_evaluation_request(const EvaluationRequest& request);
Result<EvaluationRequest> decode_evaluation_request(const std::string& bytes);

std::string encode_item_evaluation(const ItemEvaluation& item);
Result<ItemEvaluation> decode_item_evaluation(const std::string& bytes);

}  // namespace chokepoint
