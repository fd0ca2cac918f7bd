// Converts a WordNet 3.0 dict folder (Debian's wordnet-base: /usr/share/wordnet with data.*, index.*, *.exc) into
// the compact binary lexicon asset described in lexicon_format.h. This is the build step behind
// `chokepoint lexicon build`; the browser then loads the asset with Lexicon::load.
#pragma once
#include <string>

#include "core/base/result.h"

namespace chokepoint {

Result<std::string> build_lexicon_from_wordnet_dir(const std::string& dir);

}  // namespace chokepoint
