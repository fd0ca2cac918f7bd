// `chokepoint llm test --llm-config FILE`: one tiny chat request to the configured endpoint, reporting the model,
// the latency and the reply, or the specific error (401, 429, CORS advice, ...). Exit 0 when the endpoint answered,
// 1 when it failed, 2 for a bad config. It makes a single attempt: a connection test should show the first error.
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>

#include "cli/cli_inputs.h"
#include "cli/command.h"
#include "cli/common_flags.h"
#include "cli/llm_transport_curl.h"
#include "core/llm/llm_protocol.h"
#include "core/llm/llm_settings.h"

namespace chokepoint::cli {
namespace {

FlagTable llm_test_flags() {
  return {
      flags::llm_config(),
      whole_flag("--timeout-ms", "N", 1, 3600000, "milliseconds", "time limit of the request").shows("config's"),
  };
}

int llm_test(const FlagValues& r) {
  if (!r.positionals().empty() || !r.has("--llm-config")) {
    return fail_input("usage: chokepoint llm test --llm-config FILE [--timeout-ms N]");
  }
  std::string path = r.text("--llm-config");
  auto settings = read_llm_config(path);
  if (!settings.ok()) return fail_input(settings.error());
  if (r.has("--timeout-ms")) settings->timeout_ms = static_cast<int>(r.integer("--timeout-ms"));
  if (settings->model.empty()) return fail_input(path + ": \"model\" is required");
  auto endpoint = endpoint_from_settings(*settings);
  if (!endpoint.ok()) return fail_input(path + ": " + endpoint.error());

  ChatRequest request =
      chat_request_from_settings(*settings, {{"user", "This is a connection test. Reply with the single word: pong"}});
  request.max_tokens = 16;
  HttpRequest http = chat_http_request(*endpoint, request);
  http.timeout_ms = settings->timeout_ms;

  CurlTransport transport;
  HttpResponse response;
  transport.send(http, [&response](HttpResponse got) { response = std::move(got); });
  auto reply = parse_chat_response(*endpoint, request, response);

  std::cout << "endpoint: " << endpoint_url(*endpoint, "") << " (" << endpoint->provider << ")\n";
  std::cout << "model: " << (reply.ok() ? reply->model : request.model) << "\n";
  std::cout << "latency_ms: " << static_cast<long long>(response.elapsed_ms + 0.5) << "\n";
  if (!reply.ok()) {
    std::cout << "error: " << error_kind_name(reply.error().kind) << "\n";
    std::cerr << "chokepoint: " << reply.error().message << "\n";
    return 1;
  }
  std::string answer = reply->text;
  for (char& c : answer) {
    if (c == '\n' || c == '\r') c = ' ';
  }
  std::cout << "tokens: " << reply->usage.prompt_tokens << " in, " << reply->usage.completion_tokens << " out\n";
  std::cout << "reply: " << answer << "\n";
  return 0;
}

const Registrar test{{"llm test", "send one tiny chat request to the configured LLM endpoint",
                      "Usage: chokepoint llm test --llm-config FILE [--timeout-ms N]\n"
                      "FILE is JSON: {\"provider\": \"openai|anthropic|ollama|llamacpp|vllm|lmstudio|custom\",\n"
                      "  \"base_url\": \"...\", \"model\": \"...\", \"key\": \"...\" or \"key_env\": \"ENV_VAR\",\n"
                      "  \"temperature\": 0, \"seed\": 1, \"max_tokens\": 512, \"timeout_ms\": 60000}\n"
                      "Prints the endpoint, model, latency and reply. Exit 0 if the endpoint answered, 1 with the\n"
                      "specific error (401, 403, 404 model, 429, 5xx, timeout, unreachable, malformed), 2 for a bad\n"
                      "config. The key is never printed.",
                      llm_test_flags, llm_test}};

}  // namespace
}  // namespace chokepoint::cli
