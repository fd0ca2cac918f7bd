// Builds the WordNet lexicon asset the browser loads, linking only the lexicon module: `make run` builds this natively
// instead of the whole command-line tool. `chokepoint lexicon build` does the same from the tool.
// Usage: build_lexicon WORDNET_DICT_DIR OUT_FILE
#include <fstream>
#include <iostream>

#include "core/lexicon/lexicon.h"
#include "core/lexicon/wordnet_import.h"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: build_lexicon WORDNET_DICT_DIR OUT_FILE\n";
    return 2;
  }
  auto bytes = chokepoint::build_lexicon_from_wordnet_dir(argv[1]);
  if (!bytes.ok()) {
    std::cerr << "build_lexicon: " << bytes.error() << "\n";
    return 2;
  }
  if (auto check = chokepoint::Lexicon::load(*bytes); !check.ok()) {  // never ship an asset the reader rejects
    std::cerr << "build_lexicon: the built asset does not load: " << check.error() << "\n";
    return 2;
  }
  std::ofstream out(argv[2], std::ios::binary | std::ios::trunc);
  if (!out || !out.write(bytes->data(), static_cast<std::streamsize>(bytes->size()))) {
    std::cerr << "build_lexicon: cannot write " << argv[2] << "\n";
    return 2;
  }
  return 0;
}
