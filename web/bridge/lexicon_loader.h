// The WordNet lexicon in the browser, loaded on demand (the 2.9 MB asset is not part of the page's
// start-up): the first panel that needs it calls request_lexicon(); web/bridge/js/lexicon_fetch.js fetches wordnet.lex
// next to the app, reporting progress, writes it into the Emscripten file system and calls back; the next frame's
// steps decode it with LexiconDecoder, a slice per frame, so no frame waits for the whole 2.9 MB.
#pragma once
#include <string>

#include <nlohmann/json.hpp>

#include "core/lexicon/lexicon.h"

namespace chokepoint::web {

enum class LexiconLoad { idle, fetching, fetched, loaded, failed };
const char* lexicon_load_name(LexiconLoad s);  // "idle", "fetching", "fetched", "loaded", "failed"

struct LexiconLoaderState {
  LexiconLoad status = LexiconLoad::idle;
  std::string url = "wordnet.lex";  // relative to the page
  double bytes_received = 0;        // while fetching
  double bytes_total = 0;           // Content-Length, 0 when the server did not say
  double size_bytes = 0;            // the asset's size once fetched
  double requested_at_ms = 0;       // page time of the request
  double fetch_ms = 0;              // request -> bytes in the file system
  double parse_ms = 0;              // decoding, summed over its slices
  double longest_slice_ms = 0;      // the longest single frame's decoding
  int slices = 0;                   // frames that decoded
  double total_ms = 0;              // request -> usable lexicon
  std::string error;                // when failed: what went wrong, for the user
};

const LexiconLoaderState& lexicon_loader();
// Starts the fetch unless it is running or done; after a failure, starts again (a retry).
void request_lexicon();
// Decodes fetched bytes for at most about budget_ms; called every frame (cheap when there is nothing to do).
void step_lexicon_loader(double budget_ms);
// The lexicon once loaded, else nullptr. Lives until the page closes.
const Lexicon* loaded_lexicon();

// "loading the WordNet lexicon, 2.9 MB: 41%" and similar, for progress lines.
std::string lexicon_progress_text();
float lexicon_progress_fraction();  // 0..1 while fetching, then 0..1 again while decoding
nlohmann::json lexicon_state_json();

}  // namespace chokepoint::web
