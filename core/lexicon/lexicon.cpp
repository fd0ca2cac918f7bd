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

Result<Lexicon> Lexicon::load(std::string_view bytes) {
  try {
    if (bytes.substr(0, fmt::kMagic.size()) != fmt::kMagic) return corrupt("bad magic");
    Reader in(bytes.substr(fmt::kMagic.size()));
    Lexicon lex;
    uint64_t n = 0;
    if (!in.number(n) || n > bytes.size()) return corrupt("string count");
    lex.string_offsets_.reserve(n + 1);
    lex.string_offsets_.push_back(0);
    std::string current;  // the previous string, whose prefix the next one shares
    for (uint64_t i = 0; i < n; ++i) {
      uint64_t shared = 0, suffix = 0;
      std::string_view tail;
      if (!in.number(shared) || !in.number(suffix) || shared > current.size() || !in.bytes(suffix, tail))
        return corrupt("string table");
      current.resize(shared);
      current.append(tail);
      lex.chars_.append(current);
      lex.string_offsets_.push_back(static_cast<uint32_t>(lex.chars_.size()));
    }
    const uint64_t strings = n;

    uint64_t total = 0;
    if (!in.number(total) || total > bytes.size()) return corrupt("synset count");
    lex.file_begin_.assign(5, 0);
    for (int f = 0; f < 4; ++f) {
      uint64_t c = 0;
      if (!in.number(c)) return corrupt("file counts");
      lex.file_begin_[f + 1] = lex.file_begin_[f] + static_cast<uint32_t>(c);
    }
    if (lex.file_begin_[4] != total) return corrupt("file counts");
    lex.synset_pos_.resize(total);
    lex.synset_lexname_.resize(total);
    lex.synset_offset_.resize(total);
    lex.lemma_begin_.assign(1, 0);
    lex.hyper_begin_.assign(1, 0);
    lex.inst_begin_.assign(1, 0);
    for (int f = 0; f < 4; ++f) {
      uint32_t offset = 0;
      for (uint32_t s = lex.file_begin_[f]; s < lex.file_begin_[f + 1]; ++s) {
        unsigned char head = 0;
        uint64_t delta = 0, lemmas = 0;
        if (!in.byte(head) || !in.number(delta) || !in.number(lemmas) || lemmas > 255) return corrupt("synset");
        unsigned lexname = head & 0x7F;
        if (lexname >= fmt::kLexnames.size()) return corrupt("lexname");
        static const PartOfSpeech kFilePos[4] = {PartOfSpeech::noun, PartOfSpeech::verb, PartOfSpeech::adjective,
                                                 PartOfSpeech::adverb};
        PartOfSpeech pos = (head & fmt::kSatelliteFlag) ? PartOfSpeech::adjective_satellite : kFilePos[f];
        lex.synset_pos_[s] = static_cast<unsigned char>(pos);
        lex.synset_lexname_[s] = static_cast<unsigned char>(lexname);
        offset += static_cast<uint32_t>(delta);
        lex.synset_offset_[s] = offset;
        for (uint64_t j = 0; j < lemmas; ++j) {
          uint64_t key = 0, rank = 0;
          if (!in.number(key) || !in.number(rank) || (key >> 3) >= strings || rank > 0xFFFF) return corrupt("lemma");
          unsigned code = static_cast<unsigned>(key & 7);
          if (code > fmt::kExplicit) return corrupt("case code");
          if (code == fmt::kExplicit) {
            uint64_t len = 0;
            std::string_view spelling;
            if (!in.number(len) || !in.bytes(len, spelling)) return corrupt("spelling");
            lex.explicit_spelling_.emplace(static_cast<uint32_t>(lex.lemma_string_.size()), std::string(spelling));
          }
          lex.lemma_string_.push_back(static_cast<uint32_t>(key >> 3));
          lex.lemma_case_.push_back(static_cast<unsigned char>(code));
          lex.lemma_rank_.push_back(static_cast<uint16_t>(rank));
        }
        lex.lemma_begin_.push_back(static_cast<uint32_t>(lex.lemma_string_.size()));
        unsigned char counts = 0;
        if (!in.byte(counts)) return corrupt("hypernym counts");
        for (int kind = 0; kind < 2; ++kind) {
          unsigned count = kind == 0 ? (counts & 0x0F) : (counts >> 4);
          auto& ids = kind == 0 ? lex.hyper_ids_ : lex.inst_ids_;
          for (unsigned j = 0; j < count; ++j) {
            uint64_t id = 0;
            if (!in.number(id) || id >= total) return corrupt("hypernym id");
            ids.push_back(static_cast<uint32_t>(id));
          }
          (kind == 0 ? lex.hyper_begin_ : lex.inst_begin_).push_back(static_cast<uint32_t>(ids.size()));
        }
      }
    }

    for (int f = 0; f < 4; ++f) {
      uint64_t count = 0;
      if (!in.number(count) || count > strings) return corrupt("exception count");
      auto& list = lex.exceptions_[f];
      for (uint64_t i = 0; i < count; ++i) {
        uint64_t form = 0, nbases = 0;
        if (!in.number(form) || form >= strings || !in.number(nbases) || nbases > 64) return corrupt("exception");
        std::vector<uint32_t> bases;
        for (uint64_t j = 0; j < nbases; ++j) {
          uint64_t b = 0;
          if (!in.number(b) || b >= strings) return corrupt("exception base");
          bases.push_back(static_cast<uint32_t>(b));
        }
        if (!list.forms.empty() && list.forms.back() >= form) return corrupt("exception order");
        list.forms.push_back(static_cast<uint32_t>(form));
        list.bases.push_back(std::move(bases));
      }
    }
    if (!in.at_end()) return corrupt("trailing bytes");

    auto st = lex.build_index();
    if (!st.ok()) return Error{st.error()};
    st = lex.compute_depths();
    if (!st.ok()) return Error{st.error()};
    return lex;
  } catch (const std::exception& e) {
    return Error{std::string("loading the lexicon failed: ") + e.what()};
  }
}

Status Lexicon::build_index() {
  const size_t keys = string_count() * 4;
  index_begin_.assign(keys + 1, 0);
  // A synset may spell one lemma twice ("A" and "a", "Earth" and "earth"): the index holds it once.
  auto repeated = [&](uint32_t s, uint32_t j) {
    for (uint32_t k = lemma_begin_[s]; k < j; ++k)
      if (lemma_string_[k] == lemma_string_[j]) return true;
    return false;
  };
  for (uint32_t s = 0; s < synset_count(); ++s) {
    int f = pos_file(pos(s));
    for (uint32_t j = lemma_begin_[s]; j < lemma_begin_[s + 1]; ++j)
      if (!repeated(s, j)) ++index_begin_[lemma_string_[j] * 4 + f + 1];
  }
  for (size_t k = 0; k < keys; ++k) index_begin_[k + 1] += index_begin_[k];
  index_synsets_.assign(index_begin_[keys], kUnset);
  for (uint32_t s = 0; s < synset_count(); ++s) {
    int f = pos_file(pos(s));
    for (uint32_t j = lemma_begin_[s]; j < lemma_begin_[s + 1]; ++j) {
      if (repeated(s, j)) continue;
      size_t key = lemma_string_[j] * 4 + f;
      size_t slot = index_begin_[key] + lemma_rank_[j];
      if (slot >= index_begin_[key + 1] || index_synsets_[slot] != kUnset) return corrupt("sense ranks");
      index_synsets_[slot] = s;
    }
  }
  // NLTK names a synset after its first lemma (lower-cased) and that lemma's sense number.
  name_sense_.resize(synset_count());
  for (uint32_t s = 0; s < synset_count(); ++s) {
    if (lemma_begin_[s] == lemma_begin_[s + 1]) return corrupt("synset without lemmas");
    name_sense_[s] = static_cast<uint16_t>(lemma_rank_[lemma_begin_[s]] + 1);
  }
  return ok_status();
}

// Depths over hypernyms plus instance hypernyms, memoised; an iterative DFS so deep chains cannot overflow the
// (small, wasm) stack, and a cycle is reported as corrupt data rather than looping.
Status Lexicon::compute_depths() {
  const uint16_t kNone = 0xFFFF;
  min_depth_.assign(synset_count(), kNone);
  max_depth_.assign(synset_count(), kNone);
  std::vector<unsigned char> state(synset_count(), 0);  // 0 new, 1 on stack, 2 done
  std::vector<std::pair<uint32_t, uint32_t>> stack;     // (synset, next parent index)
  for (uint32_t root = 0; root < synset_count(); ++root) {
    if (state[root] == 2) continue;
    stack.push_back({root, 0});
    state[root] = 1;
    while (!stack.empty()) {
      auto& [s, next] = stack.back();
      size_t nh = hypernyms(s).size(), ni = instance_hypernyms(s).size();
      if (next < nh + ni) {
        uint32_t parent = next < nh ? hypernyms(s).first[next] : instance_hypernyms(s).first[next - nh];
        ++next;
        if (state[parent] == 1) return corrupt("hypernym cycle");
        if (state[parent] == 0) {
          state[parent] = 1;
          stack.push_back({parent, 0});
        }
        continue;
      }
      int lo = -1, hi = -1;
      for (auto range : {hypernyms(s), instance_hypernyms(s)})
        for (uint32_t p : range) {
          lo = lo < 0 ? min_depth_[p] : std::min<int>(lo, min_depth_[p]);
          hi = std::max<int>(hi, max_depth_[p]);
        }
      min_depth_[s] = static_cast<uint16_t>(lo + 1);
      max_depth_[s] = static_cast<uint16_t>(hi + 1);
      state[s] = 2;
      stack.pop_back();
    }
  }
  return ok_status();
}

std::string_view Lexicon::string_at(uint32_t id) const {
  return std::string_view(chars_).substr(string_offsets_[id], string_offsets_[id + 1] - string_offsets_[id]);
}

std::optional<uint32_t> Lexicon::find_string(std::string_view text) const {
  size_t lo = 0, hi = string_count();
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    int c = string_at(static_cast<uint32_t>(mid)).compare(text);
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
