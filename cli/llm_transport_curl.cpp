// libcurl easy interface behind HttpTransport. Response header names are lower-cased so core/llm can look up
// Retry-After without caring how the server spelled it.
#include "cli/llm_transport_curl.h"

#include <cctype>
#include <chrono>

#ifdef CHOKEPOINT_HAVE_CURL
#include <curl/curl.h>
#endif

namespace chokepoint::cli {

#ifdef CHOKEPOINT_HAVE_CURL
namespace {

// An answer larger than this is cut off (an LLM endpoint has no reason to send more; a hostile or broken one might
// never stop). Time is bounded by CURLOPT_TIMEOUT_MS, which covers a slow or endless body too.
constexpr size_t kMaxBodyBytes = 16u << 20;

struct Body {
  std::string bytes;
  bool too_large = false;
};

size_t on_body(char* data, size_t size, size_t count, void* user) {
  auto* body = static_cast<Body*>(user);
  if (body->bytes.size() + size * count > kMaxBodyBytes) {
    body->too_large = true;
    return 0;  // libcurl stops the transfer with CURLE_WRITE_ERROR
  }
  body->bytes.append(data, size * count);
  return size * count;
}

size_t on_header(char* data, size_t size, size_t count, void* user) {
  std::string line(data, size * count);
  auto colon = line.find(':');
  if (colon != std::string::npos) {
    std::string name = line.substr(0, colon);
    for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    std::string value = line.substr(colon + 1);
    while (!value.empty() && (value.back() == '\r' || value.back() == '\n' || value.back() == ' ')) value.pop_back();
    while (!value.empty() && value.front() == ' ') value.erase(value.begin());
    static_cast<HttpHeaders*>(user)->emplace_back(name, value);
  } else if (line.rfind("HTTP/", 0) == 0) {
    static_cast<HttpHeaders*>(user)->clear();  // a new response (after a redirect or 100 Continue)
  }
  return size * count;
}

}  // namespace

CurlTransport::CurlTransport() { curl_global_init(CURL_GLOBAL_DEFAULT); }
CurlTransport::~CurlTransport() { curl_global_cleanup(); }

void CurlTransport::send(const HttpRequest& request, HttpDone done) {
  HttpResponse response;
  auto start = std::chrono::steady_clock::now();
  CURL* curl = curl_easy_init();
  if (!curl) {
    response.network_error = "libcurl could not start a request";
    done(std::move(response));
    return;
  }
  curl_slist* headers = nullptr;
  for (const auto& [name, value] : request.headers) headers = curl_slist_append(headers, (name + ": " + value).c_str());
  headers = curl_slist_append(headers, "Expect:");  // no 100-continue round trip for large prompts
  curl_easy_setopt(curl, CURLOPT_URL, request.url.c_str());
  curl_easy_setopt(curl, CURLOPT_CUSTOMREQUEST, request.method.c_str());
  if (request.method == "POST") {
    curl_easy_setopt(curl, CURLOPT_POSTFIELDS, request.body.data());
    curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(request.body.size()));
  }
  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
  curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, static_cast<long>(request.timeout_ms));
  curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, on_body);
  Body body;
  curl_easy_setopt(curl, CURLOPT_WRITEDATA, &body);
  curl_easy_setopt(curl, CURLOPT_HEADERFUNCTION, on_header);
  curl_easy_setopt(curl, CURLOPT_HEADERDATA, &response.headers);
  CURLcode code = curl_easy_perform(curl);
  response.body = std::move(body.bytes);
  if (body.too_large) {
    response.status = 0;
    response.body.clear();
    response.network_error = "the answer was larger than 16 MiB; Chokepoint stopped reading it";
  } else if (code == CURLE_OK) {
    long status = 0;
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
    response.status = static_cast<int>(status);
  } else {
    response.status = 0;
    response.body.clear();
    response.timed_out = code == CURLE_OPERATION_TIMEDOUT;
    response.network_error = curl_easy_strerror(code);
  }
  curl_slist_free_all(headers);
  curl_easy_cleanup(curl);
  response.elapsed_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  done(std::move(response));
}

#else

CurlTransport::CurlTransport() = default;
CurlTransport::~CurlTransport() = default;

void CurlTransport::send(const HttpRequest&, HttpDone done) {
  HttpResponse response;
  response.network_error = "this chokepoint was built without libcurl, so it cannot call LLM endpoints";
  done(std::move(response));
}

#endif

}  // namespace chokepoint::cli
