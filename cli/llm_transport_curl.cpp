// libcurl easy interface behind HttpTransport. Response header names are lower-cased so core/llm can look up
// Retry-After without caring how the server spelled it.
//
// libcurl is loaded when the first transport is made, not linked: with it and the thirty libraries it pulls in
// (TLS, Kerberos, LDAP, ...) every run of the tool spent about 3 ms in the dynamic loader and their constructors,
// most commands never call an endpoint, and a short `eval` is a tenth of a second.
#include "cli/llm_transport_curl.h"

#include <dlfcn.h>

#include <cctype>
#include <chrono>
#include <string>

#ifdef CHOKEPOINT_HAVE_CURL
#include <curl/curl.h>
#endif

namespace chokepoint::cli {

#ifdef CHOKEPOINT_HAVE_CURL
namespace {

// The libcurl functions the transport calls, looked up once in libcurl.so.4 (Debian's libcurl4 or
// libcurl3-gnutls: the same ABI); the library stays loaded for the rest of the process.
struct CurlLibrary {
  decltype(&curl_global_init) global_init = nullptr;
  decltype(&curl_global_cleanup) global_cleanup = nullptr;
  decltype(&curl_easy_init) easy_init = nullptr;
  decltype(&curl_easy_setopt) easy_setopt = nullptr;
  decltype(&curl_easy_perform) easy_perform = nullptr;
  decltype(&curl_easy_getinfo) easy_getinfo = nullptr;
  decltype(&curl_easy_strerror) easy_strerror = nullptr;
  decltype(&curl_easy_cleanup) easy_cleanup = nullptr;
  decltype(&curl_slist_append) slist_append = nullptr;
  decltype(&curl_slist_free_all) slist_free_all = nullptr;
  std::string error;  // why the library or one of its functions could not be loaded; empty when all were
};

template <typename F>
void look_up(void* handle, const char* name, F& f, std::string& error) {
  f = reinterpret_cast<F>(dlsym(handle, name));
  if (!f && error.empty()) error = std::string("libcurl.so.4 has no ") + name;
}

CurlLibrary load_curl() {
  CurlLibrary c;
  void* handle = nullptr;
  for (const char* name : {"libcurl.so.4", "libcurl-gnutls.so.4"})
    if ((handle = dlopen(name, RTLD_NOW | RTLD_LOCAL))) break;
  if (!handle) {
    const char* why = dlerror();
    c.error = std::string("libcurl could not be loaded (") + (why ? why : "libcurl.so.4 not found") +
              "): install Debian's libcurl4 to call LLM endpoints";
    return c;
  }
  look_up(handle, "curl_global_init", c.global_init, c.error);
  look_up(handle, "curl_global_cleanup", c.global_cleanup, c.error);
  look_up(handle, "curl_easy_init", c.easy_init, c.error);
  look_up(handle, "curl_easy_setopt", c.easy_setopt, c.error);
  look_up(handle, "curl_easy_perform", c.easy_perform, c.error);
  look_up(handle, "curl_easy_getinfo", c.easy_getinfo, c.error);
  look_up(handle, "curl_easy_strerror", c.easy_strerror, c.error);
  look_up(handle, "curl_easy_cleanup", c.easy_cleanup, c.error);
  look_up(handle, "curl_slist_append", c.slist_append, c.error);
  look_up(handle, "curl_slist_free_all", c.slist_free_all, c.error);
  return c;
}

const CurlLibrary& curl_library() {
  static const CurlLibrary library = load_curl();  // loaded once, by the first thread to ask
  return library;
}

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

CurlTransport::CurlTransport() {
  if (curl_library().error.empty()) curl_library().global_init(CURL_GLOBAL_DEFAULT);
}
CurlTransport::~CurlTransport() {
  if (curl_library().error.empty()) curl_library().global_cleanup();
}

void CurlTransport::send(const HttpRequest& request, HttpDone done) {
  HttpResponse response;
  const CurlLibrary& lib = curl_library();
  if (!lib.error.empty()) {
    response.network_error = lib.error;
    done(std::move(response));
    return;
  }
  auto start = std::chrono::steady_clock::now();
  CURL* curl = lib.easy_init();
  if (!curl) {
    response.network_error = "libcurl could not start a request";
    done(std::move(response));
    return;
  }
  curl_slist* headers = nullptr;
  for (const auto& [name, value] : request.headers) headers = lib.slist_append(headers, (name + ": " + value).c_str());
  headers = lib.slist_append(headers, "Expect:");  // no 100-continue round trip for large prompts
  lib.easy_setopt(curl, CURLOPT_URL, request.url.c_str());
  lib.easy_setopt(curl, CURLOPT_CUSTOMREQUEST, request.method.c_str());
  if (request.method == "POST") {
    lib.easy_setopt(curl, CURLOPT_POSTFIELDS, request.body.data());
    lib.easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(request.body.size()));
  }
  lib.easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
  lib.easy_setopt(curl, CURLOPT_TIMEOUT_MS, static_cast<long>(request.timeout_ms));
  lib.easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
  lib.easy_setopt(curl, CURLOPT_WRITEFUNCTION, on_body);
  Body body;
  lib.easy_setopt(curl, CURLOPT_WRITEDATA, &body);
  lib.easy_setopt(curl, CURLOPT_HEADERFUNCTION, on_header);
  lib.easy_setopt(curl, CURLOPT_HEADERDATA, &response.headers);
  CURLcode code = lib.easy_perform(curl);
  response.body = std::move(body.bytes);
  if (body.too_large) {
    response.status = 0;
    response.body.clear();
    response.network_error = "the answer was larger than 16 MiB; Chokepoint stopped reading it";
  } else if (code == CURLE_OK) {
    long status = 0;
    lib.easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
    response.status = static_cast<int>(status);
  } else {
    response.status = 0;
    response.body.clear();
    response.timed_out = code == CURLE_OPERATION_TIMEDOUT;
    response.network_error = lib.easy_strerror(code);
  }
  lib.slist_free_all(headers);
  lib.easy_cleanup(curl);
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
