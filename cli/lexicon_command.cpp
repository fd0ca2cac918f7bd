// `chokepoint lexicon build`: the build step that writes the binary WordNet asset the browser loads.
#include <chrono>
#include <fstream>
#include <iostream>

#include "cli/command.h"
#include "cli/common_flags.h"
#include "core/base/clock.h"
#include "core/lexicon/lexicon.h"
#include "core/lexicon/wordnet_import.h"

namespace chokepoint::cli {
namespace {

FlagTable lexicon_build_flags() { return {flags::wordnet(), flags::out("FILE", "the lexicon asset to write")}; }

int lexicon_build(const FlagValues& r) {
  if (!r.has("--out") || !r.positionals().empty())
    return fail_input("usage: chokepoint lexicon build [--wordnet DIR] --out FILE");
  const double start = monotonic_ms();
  auto bytes = build_lexicon_from_wordnet_dir(r.text("--wordnet"));
  if (!bytes.ok()) return fail_input(bytes.error());
  auto check = Lexicon::load(*bytes);  // never ship an asset the reader rejects
  if (!check.ok()) return fail_input("the built asset does not load: " + check.error());
  std::ofstream out(r.text("--out"), std::ios::binary | std::ios::trunc);
  if (!out || !out.write(bytes->data(), static_cast<std::streamsize>(bytes->size())))
    return fail_input("cannot write " + r.text("--out"));
  double ms = elapsed_ms(start);
  std::cout << "{\"out\": \"" << r.text("--out") << "\", \"bytes\": " << bytes->size()
            << ", \"synsets\": " << check->synset_count() << ", \"strings\": " << check->string_count()
            << ", \"ms\": " << static_cast<long>(ms) << "}\n";
  return 0;
}

const Registrar build{{"lexicon build", "convert WordNet 3.0 into the binary lexicon asset",
                       "Usage: chokepoint lexicon build [--wordnet DIR] --out FILE\n"
                       "Reads the WordNet dict folder (default /usr/share/wordnet, Debian's wordnet-base) and writes\n"
                       "the compact lexicon the browser loads. Prints the size and counts as JSON.",
                       lexicon_build_flags, lexicon_build}};
}  // namespace
}  // namespace chokepoint::cli
