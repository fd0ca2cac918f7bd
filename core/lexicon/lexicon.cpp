// Lexicon: the reader of the binary asset and the lookups on it. Loading rebuilds what the asset leaves implicit:
// the flat string table, the (lemma, pos) -> synsets index (inverse of the synset lemma lists, in sense order),
// NLTK's synset names, and min/max hypernym depths.
#include "core/lexicon/lexicon.h"

#include <algorithm>
#include <cctype>

#include "core/lexicon/lexicon_format.h"
#include "core/lexicon/varint.h"
#include "core/lexicon/wordnet_import.h"

namespace chokepoint {
namespace {

namespace fmt = lexicon_format;

constexpr uint32_t kUnset = 0xFFFFFFFFu;

class Reader {
 public:
  explicit Reader(std::string_view data) : data_(data) {}
  bool number(uint64_t& v) { return get_varint(data_, pos_, v); }
  bool byte(unsigned char& b) {
    if (pos_ >= data_.size()) return false;
    b = static_cast<unsigned char>(data_[pos_++]);
    return true;
  }
  bool bytes(size_t n, std::string_view& out) {
    if (data_.size() - pos_ < n) return false;
    out = data_.substr(pos_, n);
    pos_ += n;
    return true;
  }
  bool at_end() const { return pos_ == data_.size(); }

 private:
  std::string_view data_;
  size_t pos_ = 0;
};

Error corrupt(const std::string& what) {
  return Error{"the lexicon asset is corrupt or from another version (" + what +
               "); rebuild it with `chokepoint lexicon build`"};
}

}  // namespace

Result<Lexicon> Lexicon::load_wordnet_dir(const std::string& dir) {
  auto bytes = build_lexicon_from_wordnet_dir(dir);
  if (!bytes.ok()) return Error{bytes.error()};
  return load(*bytes);
}

// The decoder's position in the asset and what it has read so far. One unit of work is one string, one synset or one
// exception entry; then, rebuilding what the asset leaves implicit, one synset's share of the lemma index (counted,
// then filled) and one synset's hypernym depths.
struct LexiconDecoder::State {
  enum class Stage { header, strings, file_counts, synsets, exceptions, index_count, index_fill, depths, done, failed };

  explicit State(std::string data) : bytes(std::move(data)), in(std::string_view(bytes)) {}

  std::string bytes;
  Reader in;
  Stage stage = Stage::header;
  Lexicon lex;
  std::string error;
  uint64_t strings = 0, total = 0;
  uint64_t i = 0;       // position in the current table
  int file = 0;         // data file (synsets) or exception list being read
  uint32_t offset = 0;  // running synset offset within the file
  uint64_t exception_count = 0;
  bool exception_header = true;
  std::string current;  // the previous string, whose prefix the next one shares
  static constexpr uint16_t kNoDepth = 0xFFFF;
  std::vector<unsigned char> depth_state;            // per synset: 0 new, 1 on the DFS stack, 2 done
  std::vector<std::pair<uint32_t, uint32_t>> stack;  // (synset, next parent index)
  size_t units = 0, expected_units = 1;              // the total is exact only once the synset count is read
  mutable double reported = 0;                       // progress never goes back when the estimate is corrected

  void fail(const Error& e) {
    error = e.message;
    stage = Stage::failed;
  }
  void fail(const std::string& what) { fail(corrupt(what)); }

  // One unit; false after a failure.
  void step() {
    ++units;
    switch (stage) {
      case Stage::header:
        return read_header();
      case Stage::strings:
        return read_string();
      case Stage::file_counts:
        return read_file_counts();
      case Stage::synsets:
        return read_synset();
      case Stage::exceptions:
        return read_exception();
      case Stage::index_count:
        return count_index_entries();
      case Stage::index_fill:
        return fill_index_entries();
      case Stage::depths:
        return compute_depths();
      case Stage::done:
      case Stage::failed:
        return;
    }
  }

  void read_header() {
    if (std::string_view(bytes).substr(0, fmt::kMagic.size()) != fmt::kMagic) return fail("bad magic");
    in = Reader(std::string_view(bytes).substr(fmt::kMagic.size()));
    if (!in.number(strings) || strings > bytes.size()) return fail("string count");
    lex.string_offsets_.reserve(strings + 1);
    lex.string_offsets_.push_back(0);
    expected_units = strings + bytes.size() / 16;  // a rough total for progress: strings plus synsets
    i = 0;
    stage = strings ? Stage::strings : Stage::file_counts;
  }

  void read_string() {
    uint64_t shared = 0, suffix = 0;
    std::string_view tail;
    if (!in.number(shared) || !in.number(suffix) || shared > current.size() || !in.bytes(suffix, tail))
      return fail("string table");
    current.resize(shared);
    current.append(tail);
    lex.chars_.append(current);
    lex.string_offsets_.push_back(static_cast<uint32_t>(lex.chars_.size()));
    if (++i == strings) stage = Stage::file_counts;
  }

  void read_file_counts() {
    if (!in.number(total) || total > bytes.size()) return fail("synset count");
    lex.file_begin_.assign(5, 0);
    for (int f = 0; f < 4; ++f) {
      uint64_t c = 0;
      if (!in.number(c)) return fail("file counts");
      lex.file_begin_[f + 1] = lex.file_begin_[f] + static_cast<uint32_t>(c);
    }
    if (lex.file_begin_[4] != total) return fail("file counts");
    lex.synset_pos_.resize(total);
    lex.synset_lexname_.resize(total);
    lex.synset_offset_.resize(total);
    lex.lemma_begin_.assign(1, 0);
    lex.hyper_begin_.assign(1, 0);
    lex.inst_begin_.assign(1, 0);
    expected_units = strings + 4 * total + units;  // synsets, then index count, fill and depths per synset
    i = 0;
    file = 0;
    offset = 0;
    next_file();
  }

  // Skips to the data file holding synset i (files may be empty); exceptions follow the last.
  void next_file() {
    while (file < 4 && i >= lex.file_begin_[file + 1]) {
      ++file;
      offset = 0;
    }
    if (file < 4) {
      stage = Stage::synsets;
    } else {
      stage = Stage::exceptions;
      file = 0;
      exception_header = true;
    }
  }

  void read_synset() {
    const uint32_t s = static_cast<uint32_t>(i);
    unsigned char head = 0;
    uint64_t delta = 0, lemmas = 0;
    if (!in.byte(head) || !in.number(delta) || !in.number(lemmas) || lemmas > 255) return fail("synset");
    unsigned lexname = head & 0x7F;
    if (lexname >= fmt::kLexnames.size()) return fail("lexname");
    static const PartOfSpeech kFilePos[4] = {PartOfSpeech::noun, PartOfSpeech::verb, PartOfSpeech::adjective,
                                             PartOfSpeech::adverb};
    PartOfSpeech pos = (head & fmt::kSatelliteFlag) ? PartOfSpeech::adjective_satellite : kFilePos[file];
    lex.synset_pos_[s] = static_cast<unsigned char>(pos);
    lex.synset_lexname_[s] = static_cast<unsigned char>(lexname);
    offset += static_cast<uint32_t>(delta);
    lex.synset_offset_[s] = offset;
    for (uint64_t j = 0; j < lemmas; ++j) {
      uint64_t key = 0, rank = 0;
      if (!in.number(key) || !in.number(rank) || (key >> 3) >= strings || rank > 0xFFFF) return fail("lemma");
      unsigned code = static_cast<unsigned>(key & 7);
      if (code > fmt::kExplicit) return fail("case code");
      if (code == fmt::kExplicit) {
        uint64_t len = 0;
        std::string_view spelling;
        if (!in.number(len) || !in.bytes(len, spelling)) return fail("spelling");
        lex.explicit_spelling_.emplace(static_cast<uint32_t>(lex.lemma_string_.size()), std::string(spelling));
      }
      lex.lemma_string_.push_back(static_cast<uint32_t>(key >> 3));
      lex.lemma_case_.push_back(static_cast<unsigned char>(code));
      lex.lemma_rank_.push_back(static_cast<uint16_t>(rank));
    }
    lex.lemma_begin_.push_back(static_cast<uint32_t>(lex.lemma_string_.size()));
    unsigned char counts = 0;
    if (!in.byte(counts)) return fail("hypernym counts");
    for (int kind = 0; kind < 2; ++kind) {
      unsigned count = kind == 0 ? (counts & 0x0F) : (counts >> 4);
      auto& ids = kind == 0 ? lex.hyper_ids_ : lex.inst_ids_;
      for (unsigned j = 0; j < count; ++j) {
        uint64_t id = 0;
        if (!in.number(id) || id >= total) return fail("hypernym id");
        ids.push_back(static_cast<uint32_t>(id));
      }
      (kind == 0 ? lex.hyper_begin_ : lex.inst_begin_).push_back(static_cast<uint32_t>(ids.size()));
    }
    ++i;
    next_file();
  }

  // Each exception list: its count, then one entry per unit.
  void read_exception() {
    if (exception_header) {
      if (!in.number(exception_count) || exception_count > strings) return fail("exception count");
      exception_header = false;
      i = 0;
    } else {
      auto& list = lex.exceptions_[file];
      uint64_t form = 0, nbases = 0;
      if (!in.number(form) || form >= strings || !in.number(nbases) || nbases > 64) return fail("exception");
      std::vector<uint32_t> bases;
      for (uint64_t j = 0; j < nbases; ++j) {
        uint64_t b = 0;
        if (!in.number(b) || b >= strings) return fail("exception base");
        bases.push_back(static_cast<uint32_t>(b));
      }
      if (!list.forms.empty() && list.forms.back() >= form) return fail("exception order");
      list.forms.push_back(static_cast<uint32_t>(form));
      list.bases.push_back(std::move(bases));
      ++i;
    }
    if (i < exception_count) return;
    exception_header = true;
    if (++file < 4) return;
    if (!in.at_end()) return fail("trailing bytes");
    lex.index_begin_.assign(lex.string_count() * 4 + 1, 0);
    i = 0;
    stage = total ? Stage::index_count : Stage::done;
  }

  // A synset may spell one lemma twice ("A" and "a", "Earth" and "earth"): the index holds it once.
  bool repeated(uint32_t s, uint32_t j) const {
    for (uint32_t k = lex.lemma_begin_[s]; k < j; ++k)
      if (lex.lemma_string_[k] == lex.lemma_string_[j]) return true;
    return false;
  }

  // The (lemma, pos) -> synsets index, inverse of the synset lemma lists in sense order: count each key's entries...
  void count_index_entries() {
    const uint32_t s = static_cast<uint32_t>(i);
    const int f = pos_file(lex.pos(s));
    for (uint32_t j = lex.lemma_begin_[s]; j < lex.lemma_begin_[s + 1]; ++j)
      if (!repeated(s, j)) ++lex.index_begin_[lex.lemma_string_[j] * 4 + f + 1];
    if (++i < total) return;
    const size_t keys = lex.index_begin_.size() - 1;
    for (size_t k = 0; k < keys; ++k) lex.index_begin_[k + 1] += lex.index_begin_[k];
    lex.index_synsets_.assign(lex.index_begin_[keys], kUnset);
    lex.name_sense_.resize(total);
    i = 0;
    stage = Stage::index_fill;
  }

  // ... then place each synset at its sense rank, and note the sense number NLTK names it after (its first lemma's).
  void fill_index_entries() {
    const uint32_t s = static_cast<uint32_t>(i);
    const int f = pos_file(lex.pos(s));
    for (uint32_t j = lex.lemma_begin_[s]; j < lex.lemma_begin_[s + 1]; ++j) {
      if (repeated(s, j)) continue;
      const size_t key = lex.lemma_string_[j] * 4 + f;
      const size_t slot = lex.index_begin_[key] + lex.lemma_rank_[j];
      if (slot >= lex.index_begin_[key + 1] || lex.index_synsets_[slot] != kUnset) return fail("sense ranks");
      lex.index_synsets_[slot] = s;
    }
    if (lex.lemma_begin_[s] == lex.lemma_begin_[s + 1]) return fail("synset without lemmas");
    lex.name_sense_[s] = static_cast<uint16_t>(lex.lemma_rank_[lex.lemma_begin_[s]] + 1);
    if (++i < total) return;
    lex.min_depth_.assign(total, kNoDepth);
    lex.max_depth_.assign(total, kNoDepth);
    depth_state.assign(total, 0);
    i = 0;
    stage = Stage::depths;
  }

  // Depths over hypernyms plus instance hypernyms, memoised; an iterative DFS from each synset in turn (one unit)
  // so deep chains cannot overflow the (small, wasm) stack, and a cycle is reported as corrupt data, not a loop.
  void compute_depths() {
    const uint32_t root = static_cast<uint32_t>(i++);
    if (i >= total) stage = Stage::done;
    if (depth_state[root] == 2) return;
    stack.push_back({root, 0});
    depth_state[root] = 1;
    while (!stack.empty()) {
      auto& [s, next] = stack.back();
      const size_t nh = lex.hypernyms(s).size(), ni = lex.instance_hypernyms(s).size();
      if (next < nh + ni) {
        uint32_t parent = next < nh ? lex.hypernyms(s).first[next] : lex.instance_hypernyms(s).first[next - nh];
        ++next;
        if (depth_state[parent] == 1) return fail("hypernym cycle");
        if (depth_state[parent] == 0) {
          depth_state[parent] = 1;
          stack.push_back({parent, 0});
        }
        continue;
      }
      int lo = -1, hi = -1;
      for (auto range : {lex.hypernyms(s), lex.instance_hypernyms(s)})
        for (uint32_t p : range) {
          lo = lo < 0 ? lex.min_depth_[p] : std::min<int>(lo, lex.min_depth_[p]);
          hi = std::max<int>(hi, lex.max_depth_[p]);
        }
      lex.min_depth_[s] = static_cast<uint16_t>(lo + 1);
      lex.max_depth_[s] = static_cast<uint16_t>(hi + 1);
      depth_state[s] = 2;
      stack.pop_back();
    }
  }
};

LexiconDecoder::LexiconDecoder(std::string bytes) : state_(std::make_unique<State>(std::move(bytes))) {}
LexiconDecoder::~LexiconDecoder() = default;

bool LexiconDecoder::step(size_t units) {
  try {
    for (size_t n = 0; n < units && !done(); ++n) state_->step();
  } catch (const std::exception& e) {
    state_->error = std::string("loading the lexicon failed: ") + e.what();
    state_->stage = State::Stage::failed;
  }
  return done();
}

bool LexiconDecoder::done() const {
  return state_->stage == State::Stage::done || state_->stage == State::Stage::failed;
}

double LexiconDecoder::fraction() const {
  if (done()) return 1.0;
  const double f = std::min(
      0.99, static_cast<double>(state_->units) / static_cast<double>(std::max<size_t>(1, state_->expected_units)));
  state_->reported = std::max(state_->reported, f);
  return state_->reported;
}

Result<Lexicon> LexiconDecoder::take() {
  if (state_->stage == State::Stage::failed) return Error{state_->error};
  if (state_->stage != State::Stage::done) return Error{"the lexicon is not decoded yet"};
  state_->stage = State::Stage::failed;  // taken: a second take() is an error, not a moved-from lexicon
  state_->error = "the lexicon was already taken";
  return std::move(state_->lex);
}

Result<Lexicon> Lexicon::load(std::string_view bytes) {
  LexiconDecoder decoder{std::string(bytes)};
  while (!decoder.step(1 << 20)) {
  }
  return decoder.take();
}

std::string_view Lexicon::string_at(uint32_t id) const {
  return std::string_view(chars_).substr(string_offsets_[id], string_offsets_[id + 1] - string_offsets_[id]);
}

namespace {

// string_view::compare's order (bytes as unsigned char, then length) as an inline loop: a probe of the binary search
// below mostly differs from the word within its first bytes, and in the wasm build a call to memcmp (a byte loop in
// Emscripten's libc) cost more than the comparison itself.
int compare_bytes(std::string_view a, std::string_view b) {
  const size_t n = std::min(a.size(), b.size());
  for (size_t i = 0; i < n; ++i) {
    const auto x = static_cast<unsigned char>(a[i]), y = static_cast<unsigned char>(b[i]);
    if (x != y) return x < y ? -1 : 1;
  }
  return a.size() < b.size() ? -1 : (a.size() > b.size() ? 1 : 0);
}

}  // namespace

std::optional<uint32_t> Lexicon::find_string(std::string_view text) const {
  size_t lo = 0, hi = string_count();
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    int c = compare_bytes(string_at(static_cast<uint32_t>(mid)), text);
    if (c == 0) return static_cast<uint32_t>(mid);
    if (c < 0)
      lo = mid + 1;
    else
      hi = mid;
  }
  return std::nullopt;
}

IdRange Lexicon::senses(std::string_view lemma, PartOfSpeech pos) const {
  auto id = find_string(lemma);
  if (!id) return {};
  size_t key = *id * 4 + pos_file(pos);
  return {index_synsets_.data() + index_begin_[key], index_synsets_.data() + index_begin_[key + 1]};
}

bool Lexicon::has_lemma(std::string_view lemma) const {
  auto id = find_string(lemma);
  return id && index_begin_[*id * 4] != index_begin_[*id * 4 + 4];
}

const std::vector<uint32_t>* Lexicon::exception_bases(std::string_view form, PartOfSpeech pos) const {
  auto id = find_string(form);
  if (!id) return nullptr;
  const auto& list = exceptions_[pos_file(pos)];
  auto it = std::lower_bound(list.forms.begin(), list.forms.end(), *id);
  if (it == list.forms.end() || *it != *id) return nullptr;
  return &list.bases[static_cast<size_t>(it - list.forms.begin())];
}

std::string_view Lexicon::lexname(SynsetId s) const { return lexicon_format::kLexnames[synset_lexname_[s]]; }

std::vector<std::string> Lexicon::lemma_names(SynsetId s) const {
  std::vector<std::string> out;
  for (uint32_t j = lemma_begin_[s]; j < lemma_begin_[s + 1]; ++j) {
    std::string word(string_at(lemma_string_[j]));
    switch (lemma_case_[j]) {
      case fmt::kLower:
        break;
      case fmt::kCapitalized:
        word[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(word[0])));
        break;
      case fmt::kTitleWords:
        for (size_t i = 0; i < word.size(); ++i)
          if (i == 0 || std::string_view("_-.'/ ").find(word[i - 1]) != std::string_view::npos)
            word[i] = static_cast<char>(std::toupper(static_cast<unsigned char>(word[i])));
        break;
      case fmt::kUpper:
        for (char& c : word) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        break;
      default:
        word = explicit_spelling_.at(j);
    }
    out.push_back(std::move(word));
  }
  return out;
}

std::string Lexicon::name(SynsetId s) const {
  std::string out(string_at(lemma_string_[lemma_begin_[s]]));
  out += '.';
  out += pos_letter(pos(s));
  out += '.';
  unsigned sense = name_sense_[s];
  if (sense < 10) out += '0';
  out += std::to_string(sense);
  return out;
}

std::optional<SynsetId> Lexicon::synset_by_name(std::string_view name) const {
  // rsplit('.', 2): the lemma itself may contain dots (".22_caliber.a.01").
  auto dot2 = name.rfind('.');
  if (dot2 == std::string_view::npos || dot2 == 0) return std::nullopt;
  auto dot1 = name.rfind('.', dot2 - 1);
  if (dot1 == std::string_view::npos) return std::nullopt;
  std::string lemma(name.substr(0, dot1));
  for (char& c : lemma) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  auto pos_text = name.substr(dot1 + 1, dot2 - dot1 - 1);
  auto number = name.substr(dot2 + 1);
  if (pos_text.size() != 1 || number.empty() || number.size() > 4) return std::nullopt;
  auto pos = pos_from_letter(static_cast<char>(std::tolower(static_cast<unsigned char>(pos_text[0]))));
  if (!pos) return std::nullopt;
  unsigned sense = 0;
  for (char c : number) {
    if (c < '0' || c > '9') return std::nullopt;
    sense = sense * 10 + static_cast<unsigned>(c - '0');
  }
  auto list = senses(lemma, *pos);
  if (sense == 0 || sense > list.size()) return std::nullopt;
  SynsetId s = list.first[sense - 1];
  // NLTK refuses "x.s.NN" when the sense is a head adjective, and "x.a.NN" accepts satellites too.
  if (*pos == PartOfSpeech::adjective_satellite && this->pos(s) != PartOfSpeech::adjective_satellite)
    return std::nullopt;
  return s;
}

std::optional<SynsetId> Lexicon::synset_by_offset(PartOfSpeech pos, uint32_t offset) const {
  int f = pos_file(pos);
  auto first = synset_offset_.begin() + file_begin_[f], last = synset_offset_.begin() + file_begin_[f + 1];
  auto it = std::lower_bound(first, last, offset);
  if (it == last || *it != offset) return std::nullopt;
  return static_cast<SynsetId>(it - synset_offset_.begin());
}

}  // namespace chokepoint
