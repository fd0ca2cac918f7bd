// Redaction is by value and by header name: the header rule catches keys we do not know (e.g. a proxy's token),
// the value rule catches a key the server echoed or the user pasted into a prompt.
#include "core/llm/redaction.h"

#include <cctype>

namespace chokepoint {
namespace {

bool is_credential_header(const std::string& name) {
  std::string n;
  for (char c : name) n.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
  return n == "authorization" || n == "x-api-key" || n == "api-key" || n == "proxy-authorization";
}

}  // namespace

std::string redact_secret(const std::string& text, const std::string& secret) {
  if (secret.empty()) return text;
  std::string out;
  size_t pos = 0;
  while (true) {
    size_t hit = text.find(secret, pos);
    if (hit == std::string::npos) break;
    out.append(text, pos, hit - pos);
    out += kRedacted;
    pos = hit + secret.size();
  }
  out.append(text, pos, std::string::npos);
  return out;
}

HttpRequest redact_request(const HttpRequest& request, const std::string& secret) {
  HttpRequest out = request;
  out.url = redact_secret(request.url, secret);
  out.body = redact_secret(request.body, secret);
  for (auto& [name, value] : out.headers) {
    value = is_credential_header(name) ? std::string(kRedacted) : redact_secret(value, secret);
  }
  return out;
}

std::string describe_request(const HttpRequest& request, const std::string& secret) {
  HttpRequest redacted_request = redact_request(request, secret);
  std::string out = redacted_request.method + " " + redacted_request.url + "\n";
  for (const auto& [name, value] : redacted_request.headers) out += name + ": " + value + "\n";
  out += "\n" + redacted_request.body;
  return out;
}

}  // namespace chokepoint
