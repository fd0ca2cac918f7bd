// WordNet dict files -> binary lexicon asset. Parses only what the lexicon needs: synset offsets, lexnames, lemma
// names (syntactic markers such as "(a)" dropped, as NLTK does), hypernym and instance-hypernym pointers, the sense
// order of every index entry and the four exception lists.
#include "core/lexicon/wordnet_import.h"
#include "core/base/text.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <map>
#include <sstream>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/lexicon/lexicon_format.h"
#include "core/lexicon/part_of_speech.h"
#include "core/lexicon/varint.h"

namespace chokepoint {
namespace {

namespace fmt = lexicon_format;

const char* const kFileNames[4] = {"noun", "verb", "adj", "adv"};

struct RawPointer {
  int file;         // target data file
  uint32_t offset;  // target offset
};

struct RawSynset {
  uint32_t offset = 0;
  unsigned lexname = 0;
  bool satellite = false;
  std::vector<std::string> lemmas;  // WordNet spelling
  std::vector<RawPointer> hypernyms, instance_hypernyms;
};

Result<std::string> read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Error{"cannot read " + path + " (is WordNet 3.0 installed there? Debian: wordnet-base)"};
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Splits a line on blanks into views of the line.
std::vector<std::string_view> fields(std::string_view line) {
  std::vector<std::string_view> out;
  size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) ++i;
    size_t j = i;
    while (j < line.size() && line[j] != ' ' && line[j] != '\t' && line[j] != '\r') ++j;
    if (j > i) out.push_back(line.substr(i, j - i));
    i = j;
  }
  return out;
}

template <typename F>
void for_each_line(std::string_view text, F&& fn) {
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    fn(text.substr(start, end - start));
    start = end + 1;
  }
}

bool parse_uint(std::string_view s, int base, uint32_t& out) {
  if (s.empty()) return false;
  uint64_t v = 0;
  for (char c : s) {
    int d;
    if (c >= '0' && c <= '9')
      d = c - '0';
    else if (base == 16 && c >= 'a' && c <= 'f')
      d = c - 'a' + 10;
    else if (base == 16 && c >= 'A' && c <= 'F')
      d = c - 'A' + 10;
    else
      return false;
    v = v * static_cast<uint64_t>(base) + static_cast<uint64_t>(d);
    if (v > 0xFFFFFFFFu) return false;
  }
  out = static_cast<uint32_t>(v);
  return true;
}

// NLTK strips a trailing syntactic marker: "galore(ip)" -> "galore".
std::string_view strip_marker(std::string_view lemma) {
  if (!lemma.empty() && lemma.back() == ')') {
    auto open = lemma.find('(');
    if (open != std::string_view::npos) return lemma.substr(0, open);
  }
  return lemma;
}

Status parse_data_file(std::string_view text, int file, std::vector<RawSynset>& out) {
  size_t line_no = 0;
  Status status = ok_status();
  for_each_line(text, [&](std::string_view line) {
    ++line_no;
    if (!status.ok() || line.empty() || line[0] == ' ') return;
    auto bar = line.find('|');
    auto f = fields(line.substr(0, bar));
    auto bad = [&](const char* what) {
      status = Error{std::string("data.") + kFileNames[file] + " line " + std::to_string(line_no) + ": " + what};
    };
    RawSynset s;
    uint32_t lexname = 0, count = 0;
    if (f.size() < 4 || !parse_uint(f[0], 10, s.offset) || !parse_uint(f[1], 10, lexname) ||
        lexname >= fmt::kLexnames.size() || f[2].size() != 1 || !parse_uint(f[3], 16, count))
      return bad("malformed synset header");
    s.lexname = lexname;
    s.satellite = f[2] == "s";
    size_t k = 4;
    for (uint32_t i = 0; i < count; ++i, k += 2) {
      if (k + 1 >= f.size()) return bad("truncated lemma list");
      s.lemmas.emplace_back(strip_marker(f[k]));
    }
    uint32_t pointers = 0;
    if (k >= f.size() || !parse_uint(f[k], 10, pointers)) return bad("missing pointer count");
    ++k;
    for (uint32_t i = 0; i < pointers; ++i, k += 4) {
      if (k + 3 >= f.size()) return bad("truncated pointer list");
      std::string_view symbol = f[k];
      if (symbol != "@" && symbol != "@i") continue;
      RawPointer p;
      auto target = f[k + 2].size() == 1 ? pos_from_letter(f[k + 2][0]) : std::nullopt;
      if (!target || !parse_uint(f[k + 1], 10, p.offset)) return bad("malformed hypernym pointer");
      p.file = pos_file(*target);
      (symbol == "@" ? s.hypernyms : s.instance_hypernyms).push_back(p);
    }
    out.push_back(std::move(s));
  });
  return status;
}

using IndexMap = std::unordered_map<std::string, std::vector<uint32_t>>;  // lemma -> offsets in sense order

Status parse_index_file(std::string_view text, int file, IndexMap& out) {
  size_t line_no = 0;
  Status status = ok_status();
  for_each_line(text, [&](std::string_view line) {
    ++line_no;
    if (!status.ok() || line.empty() || line[0] == ' ') return;
    auto f = fields(line);
    uint32_t synsets = 0, pointers = 0;
    if (f.size() < 4 || !parse_uint(f[2], 10, synsets) || !parse_uint(f[3], 10, pointers) ||
        f.size() < 6 + pointers + synsets) {
      status = Error{std::string("index.") + kFileNames[file] + " line " + std::to_string(line_no) + ": malformed"};
      return;
    }
    std::vector<uint32_t> offsets(synsets);
    for (uint32_t i = 0; i < synsets; ++i) parse_uint(f[6 + pointers + i], 10, offsets[i]);
    out[std::string(f[0])] = std::move(offsets);
  });
  return status;
}

unsigned case_code(const std::string& spelling, const std::string& lowered) {
  if (spelling == lowered) return fmt::kLower;
  std::string cap = lowered;
  cap[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(cap[0])));
  if (spelling == cap) return fmt::kCapitalized;
  std::string title = lowered;
  for (size_t i = 0; i < title.size(); ++i) {
    bool start = i == 0 || std::string_view("_-.'/ ").find(title[i - 1]) != std::string_view::npos;
    if (start) title[i] = static_cast<char>(std::toupper(static_cast<unsigned char>(title[i])));
  }
  if (spelling == title) return fmt::kTitleWords;
  std::string upper = lowered;
  for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (spelling == upper) return fmt::kUpper;
  return fmt::kExplicit;
}

}  // namespace

Result<std::string> build_lexicon_from_wordnet_dir(const std::string& dir) {
  try {
    std::string base = dir.empty() || dir.back() == '/' ? dir : dir + "/";
    std::vector<RawSynset> synsets[4];
    IndexMap index[4];
    // A form listed twice keeps its last line, as NLTK's dict assignment does ("aurar" -> "eyrir").
    std::map<std::string, std::vector<std::string>> exceptions[4];
    for (int file = 0; file < 4; ++file) {
      auto data = read_file(base + "data." + kFileNames[file]);
      if (!data.ok()) return Error{data.error()};
      auto st = parse_data_file(*data, file, synsets[file]);
      if (!st.ok()) return Error{st.error()};
      std::sort(synsets[file].begin(), synsets[file].end(),
                [](const RawSynset& a, const RawSynset& b) { return a.offset < b.offset; });
      auto idx = read_file(base + "index." + kFileNames[file]);
      if (!idx.ok()) return Error{idx.error()};
      st = parse_index_file(*idx, file, index[file]);
      if (!st.ok()) return Error{st.error()};
      auto exc = read_file(base + kFileNames[file] + ".exc");
      if (!exc.ok()) return Error{exc.error()};
      for_each_line(*exc, [&](std::string_view line) {
        auto f = fields(line);
        if (f.size() < 2) return;
        std::vector<std::string> bases(f.begin() + 1, f.end());
        exceptions[file][std::string(f[0])] = std::move(bases);
      });
    }

    // Global synset ids and offset -> id lookup per file.
    uint32_t first_id[5] = {0, 0, 0, 0, 0};
    for (int file = 0; file < 4; ++file)
      first_id[file + 1] = first_id[file] + static_cast<uint32_t>(synsets[file].size());
    auto id_of = [&](const RawPointer& p) -> std::optional<uint32_t> {
      const auto& list = synsets[p.file];
      auto it = std::lower_bound(list.begin(), list.end(), p.offset,
                                 [](const RawSynset& s, uint32_t off) { return s.offset < off; });
      if (it == list.end() || it->offset != p.offset) return std::nullopt;
      return first_id[p.file] + static_cast<uint32_t>(it - list.begin());
    };

    // The string table: lower-case lemmas, exception forms and bases.
    std::vector<std::string> strings;
    for (int file = 0; file < 4; ++file) {
      for (const auto& s : synsets[file])
        for (const auto& l : s.lemmas) strings.push_back(to_lower_ascii(l));
      for (const auto& [form, bases] : exceptions[file]) {
        strings.push_back(form);
        for (const auto& b : bases) strings.push_back(b);
      }
    }
    std::sort(strings.begin(), strings.end());
    strings.erase(std::unique(strings.begin(), strings.end()), strings.end());
    auto string_id = [&](const std::string& s) {
      return static_cast<uint32_t>(std::lower_bound(strings.begin(), strings.end(), s) - strings.begin());
    };

    std::string out(fmt::kMagic);
    put_varint(out, strings.size());
    std::string_view previous;
    for (const auto& s : strings) {
      size_t shared = 0;
      while (shared < previous.size() && shared < s.size() && previous[shared] == s[shared]) ++shared;
      put_varint(out, shared);
      put_varint(out, s.size() - shared);
      out.append(s, shared, std::string::npos);
      previous = s;
    }

    put_varint(out, first_id[4]);
    for (int file = 0; file < 4; ++file) put_varint(out, synsets[file].size());
    for (int file = 0; file < 4; ++file) {
      uint32_t previous_offset = 0;
      for (const auto& s : synsets[file]) {
        out.push_back(static_cast<char>(s.lexname | (s.satellite ? fmt::kSatelliteFlag : 0)));
        put_varint(out, s.offset - previous_offset);
        previous_offset = s.offset;
        put_varint(out, s.lemmas.size());
        for (const auto& l : s.lemmas) {
          std::string lowered = to_lower_ascii(l);
          auto entry = index[file].find(lowered);
          if (entry == index[file].end())
            return Error{"lemma '" + l + "' of synset " + std::to_string(s.offset) + " is missing from index." +
                         kFileNames[file]};
          auto pos = std::find(entry->second.begin(), entry->second.end(), s.offset);
          if (pos == entry->second.end())
            return Error{"index." + std::string(kFileNames[file]) + " entry '" + lowered + "' lacks synset " +
                         std::to_string(s.offset)};
          unsigned code = case_code(l, lowered);
          put_varint(out, (static_cast<uint64_t>(string_id(lowered)) << 3) | code);
          put_varint(out, static_cast<uint64_t>(pos - entry->second.begin()));
          if (code == fmt::kExplicit) {
            put_varint(out, l.size());
            out += l;
          }
        }
        if (s.hypernyms.size() > 15 || s.instance_hypernyms.size() > 15)
          return Error{"synset " + std::to_string(s.offset) + " has more than 15 hypernyms"};
        out.push_back(static_cast<char>(s.hypernyms.size() | (s.instance_hypernyms.size() << 4)));
        for (const auto* list : {&s.hypernyms, &s.instance_hypernyms})
          for (const auto& p : *list) {
            auto id = id_of(p);
            if (!id) return Error{"synset " + std::to_string(s.offset) + " points to a missing hypernym"};
            put_varint(out, *id);
          }
      }
    }
    // Every index entry must be recoverable from the synsets' lemma lists (sense counts agree).
    for (int file = 0; file < 4; ++file) {
      size_t from_index = 0, from_synsets = 0;
      for (const auto& [lemma, offsets] : index[file]) from_index += offsets.size();
      for (const auto& s : synsets[file]) {
        std::vector<std::string> distinct;
        for (const auto& l : s.lemmas) distinct.push_back(to_lower_ascii(l));
        std::sort(distinct.begin(), distinct.end());
        from_synsets += static_cast<size_t>(std::unique(distinct.begin(), distinct.end()) - distinct.begin());
      }
      if (from_index != from_synsets)
        return Error{std::string("index.") + kFileNames[file] + " and data." + kFileNames[file] +
                     " disagree on the number of senses"};
    }

    for (int file = 0; file < 4; ++file) {
      const auto& list = exceptions[file];
      put_varint(out, list.size());
      for (const auto& [form, bases] : list) {
        put_varint(out, string_id(form));
        put_varint(out, bases.size());
        for (const auto& b : bases) put_varint(out, string_id(b));
      }
    }
    return out;
  } catch (const std::exception& e) {
    return Error{std::string("building the lexicon failed: ") + e.what()};
  }
}

}  // namespace chokepoint
