// On-demand loading of the lexicon asset: JS does the network and the file system (web/bridge/js/lexicon_fetch.js), C++
// the parsing. The exported callbacks only record what happened; parsing waits for the next frame so the progress
// line can say "parsing" before the one long call.
#include "web/bridge/lexicon_loader.h"

#include <emscripten/emscripten.h>

#include <algorithm>
#include <cstdio>
#include <memory>

#include "web/bridge/page_bridge.h"

extern "C" {
// Implemented in web/bridge/js/lexicon_fetch.js.
void chokepoint_js_lexicon_fetch(const char* url, const char* fs_path);
}

namespace chokepoint::web {
namespace {

const char* const kLexiconFsPath = "/tmp/wordnet.lex";

struct Loader {
  LexiconLoaderState state;
  std::unique_ptr<LexiconDecoder> decoder;  // while the fetched bytes are decoded, a slice per frame
  std::unique_ptr<Lexicon> lexicon;
};

Loader& loader() {
  static Loader l;
  return l;
}

std::string megabytes(double bytes) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f MB", bytes / 1e6);
  return buf;
}

}  // namespace

const char* lexicon_load_name(LexiconLoad s) {
  switch (s) {
    case LexiconLoad::idle:
      return "idle";
    case LexiconLoad::fetching:
      return "fetching";
    case LexiconLoad::fetched:
      return "fetched";
    case LexiconLoad::loaded:
      return "loaded";
    case LexiconLoad::failed:
      return "failed";
  }
  return "?";
}

const LexiconLoaderState& lexicon_loader() { return loader().state; }

void request_lexicon() {
  auto& s = loader().state;
  if (s.status != LexiconLoad::idle && s.status != LexiconLoad::failed) return;
  s = LexiconLoaderState{};
  s.status = LexiconLoad::fetching;
  s.requested_at_ms = page_time_ms();
  chokepoint_js_lexicon_fetch(s.url.c_str(), kLexiconFsPath);
}

void step_lexicon_loader(double budget_ms) {
  Loader& l = loader();
  auto& s = l.state;
  if (s.status != LexiconLoad::fetched) return;
  const double start = page_time_ms();
  if (!l.decoder) {
    // One bulk read (a byte-wise stream iterator over 2.9 MB cost a whole frame in wasm).
    std::string bytes;
    if (std::FILE* f = std::fopen(kLexiconFsPath, "rb")) {
      if (std::fseek(f, 0, SEEK_END) == 0) {
        const long size = std::ftell(f);
        if (size > 0 && std::fseek(f, 0, SEEK_SET) == 0) {
          bytes.resize(static_cast<size_t>(size));
          bytes.resize(std::fread(bytes.data(), 1, bytes.size(), f));
        }
      }
      std::fclose(f);
    }
    std::remove(kLexiconFsPath);  // the decoder keeps its own copy; do not hold 2.9 MB twice
    if (bytes.empty()) {
      s.status = LexiconLoad::failed;
      s.error = "the fetched lexicon is empty";
      return;
    }
    s.size_bytes = static_cast<double>(bytes.size());
    l.decoder = std::make_unique<LexiconDecoder>(std::move(bytes));
  }
  // A few thousand strings or synsets at a time (about a millisecond), until this frame's budget is spent.
  while (!l.decoder->step(2000) && page_time_ms() - start < budget_ms) {
  }
  const double end = page_time_ms();
  s.parse_ms += end - start;
  ++s.slices;
  s.longest_slice_ms = std::max(s.longest_slice_ms, end - start);
  if (!l.decoder->done()) return;
  auto lex = l.decoder->take();
  l.decoder.reset();
  if (!lex.ok()) {
    s.status = LexiconLoad::failed;
    s.error = "the lexicon asset is corrupt: " + lex.error();
    return;
  }
  l.lexicon = std::make_unique<Lexicon>(std::move(lex).value());
  s.total_ms = end - s.requested_at_ms;
  s.status = LexiconLoad::loaded;
}

const Lexicon* loaded_lexicon() { return loader().lexicon.get(); }

float lexicon_progress_fraction() {
  const auto& s = loader().state;
  if (s.status == LexiconLoad::loaded) return 1.0f;
  if (s.status == LexiconLoad::fetched)
    return loader().decoder ? static_cast<float>(loader().decoder->fraction()) : 0.0f;
  if (s.status != LexiconLoad::fetching || s.bytes_total <= 0 || s.bytes_received > s.bytes_total) return 0.0f;
  return static_cast<float>(s.bytes_received / s.bytes_total);
}

std::string lexicon_progress_text() {
  const auto& s = loader().state;
  switch (s.status) {
    case LexiconLoad::idle:
      return "the WordNet lexicon is not loaded yet";
    case LexiconLoad::fetching: {
      std::string t = "loading the WordNet lexicon";
      if (s.bytes_total > 0 && s.bytes_received <= s.bytes_total) {
        char pct[16];
        std::snprintf(pct, sizeof pct, ": %.0f%%", 100.0 * s.bytes_received / s.bytes_total);
        t += ", " + megabytes(s.bytes_total) + pct;
      } else if (s.bytes_received > 0) {
        t += ", " + megabytes(s.bytes_received) + " so far";
      }
      return t;
    }
    case LexiconLoad::fetched:
      return "parsing the WordNet lexicon, " + megabytes(s.size_bytes > 0 ? s.size_bytes : s.bytes_received);
    case LexiconLoad::loaded: {
      char buf[128];
      std::snprintf(buf, sizeof buf, "WordNet lexicon loaded: %s in %.0f ms (fetch %.0f ms, parse %.0f ms)",
                    megabytes(s.size_bytes).c_str(), s.total_ms, s.fetch_ms, s.parse_ms);
      return buf;
    }
    case LexiconLoad::failed:
      return "the WordNet lexicon could not be loaded: " + s.error;
  }
  return "";
}

nlohmann::json lexicon_state_json() {
  const auto& s = loader().state;
  return {{"status", lexicon_load_name(s.status)},
          {"url", s.url},
          {"bytes_received", s.bytes_received},
          {"bytes_total", s.bytes_total},
          {"size_bytes", s.size_bytes},
          {"fetch_ms", s.fetch_ms},
          {"parse_ms", s.parse_ms},
          {"longest_slice_ms", s.longest_slice_ms},
          {"slices", s.slices},
          {"load_ms", s.total_ms},
          {"error", s.error}};
}

}  // namespace chokepoint::web

// Called by lexicon_fetch.js while the body streams in.
extern "C" EMSCRIPTEN_KEEPALIVE void chokepoint_lexicon_on_progress(double received, double total) {
  auto& s = chokepoint::web::loader().state;
  if (s.status != chokepoint::web::LexiconLoad::fetching) return;
  s.bytes_received = received;
  s.bytes_total = total;
}

// Called by lexicon_fetch.js when the asset is in the file system (ok = 1) or the fetch failed (error set).
extern "C" EMSCRIPTEN_KEEPALIVE void chokepoint_lexicon_on_fetched(int ok, double bytes, const char* error) {
  using namespace chokepoint::web;
  auto& s = loader().state;
  if (s.status != LexiconLoad::fetching) return;
  s.fetch_ms = page_time_ms() - s.requested_at_ms;
  if (!ok) {
    s.status = LexiconLoad::failed;
    s.error = error && *error ? error : "the fetch failed";
    return;
  }
  s.size_bytes = bytes;
  s.bytes_received = bytes;
  s.status = LexiconLoad::fetched;
}
