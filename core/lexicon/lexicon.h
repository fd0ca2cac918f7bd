// The WordNet 3.0 lexicon in memory: lemmas, synsets (offset, lexname, lemmas, hypernyms and instance hypernyms),
// the lemma index in sense order and the morphological exception lists. Loaded from the compact binary asset
// (lexicon_format.h) in the browser, or straight from a WordNet dict folder natively. Synset naming and lookup
// follow NLTK ("dog.n.01": first lemma, lower-cased, and its sense number in the index).
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/base/result.h"
#include "core/lexicon/part_of_speech.h"

namespace chokepoint {

using SynsetId = uint32_t;  // dense, 0..synset_count()-1, in (noun, verb, adj, adv) file order then by offset

// A view of consecutive ids owned by the Lexicon (valid while it lives).
struct IdRange {
  const uint32_t* first = nullptr;
  const uint32_t* last = nullptr;
  const uint32_t* begin() const { return first; }
  const uint32_t* end() const { return last; }
  size_t size() const { return static_cast<size_t>(last - first); }
  bool empty() const { return first == last; }
};

class Lexicon {
  friend class LexiconDecoder;

 public:
  // Parses the binary asset; an error (never an exception) for truncated or inconsistent data.
  static Result<Lexicon> load(std::string_view bytes);
  // Native convenience: build_lexicon_from_wordnet_dir then load, so both paths share one reader.
  static Result<Lexicon> load_wordnet_dir(const std::string& dir);

  // ---- strings: the sorted lower-case lemmas and exception forms ----
  size_t string_count() const { return string_offsets_.empty() ? 0 : string_offsets_.size() - 1; }
  std::string_view string_at(uint32_t id) const;
  std::optional<uint32_t> find_string(std::string_view text) const;  // exact (byte) match

  // ---- index ----
  // NLTK's _lemma_pos_offset_map[lemma][pos]: the synsets of a lower-case lemma in sense order (satellites use the
  // adjective index). Empty if the lemma has no such entry.
  IdRange senses(std::string_view lemma, PartOfSpeech pos) const;
  bool has_lemma(std::string_view lemma, PartOfSpeech pos) const { return !senses(lemma, pos).empty(); }
  bool has_lemma(std::string_view lemma) const;  // in any part of speech
  // The exception list entry (e.g. "geese" -> {"goose"}) as string ids; nullptr if the form has none.
  const std::vector<uint32_t>* exception_bases(std::string_view form, PartOfSpeech pos) const;

  // ---- synsets ----
  size_t synset_count() const { return synset_pos_.size(); }
  PartOfSpeech pos(SynsetId s) const { return static_cast<PartOfSpeech>(synset_pos_[s]); }
  uint32_t offset(SynsetId s) const { return synset_offset_[s]; }
  std::string_view lexname(SynsetId s) const;
  std::vector<std::string> lemma_names(SynsetId s) const;  // WordNet spelling, e.g. {"dog", "domestic_dog", ...}
  std::string name(SynsetId s) const;                      // "dog.n.01"
  IdRange hypernyms(SynsetId s) const { return range(hyper_begin_, hyper_ids_, s); }
  IdRange instance_hypernyms(SynsetId s) const { return range(inst_begin_, inst_ids_, s); }
  int min_depth(SynsetId s) const { return min_depth_[s]; }  // shortest hypernym path to a root (NLTK)
  int max_depth(SynsetId s) const { return max_depth_[s]; }  // longest hypernym path to a root (NLTK)
  // NLTK's wn.synset("dog.n.01"): lemma.pos.NN, case-insensitive; nullopt if there is no such sense.
  std::optional<SynsetId> synset_by_name(std::string_view name) const;
  std::optional<SynsetId> synset_by_offset(PartOfSpeech pos, uint32_t offset) const;

 private:
  static IdRange range(const std::vector<uint32_t>& begin, const std::vector<uint32_t>& ids, uint32_t i) {
    return {ids.data() + begin[i], ids.data() + begin[i + 1]};
  }

  std::string chars_;                      // all strings, concatenated
  std::vector<uint32_t> string_offsets_;   // string i = chars_[off[i], off[i+1])
  std::vector<unsigned char> synset_pos_;  // PartOfSpeech
  std::vector<unsigned char> synset_lexname_;
  std::vector<uint32_t> synset_offset_;
  std::vector<uint32_t> lemma_begin_;                            // per synset, into the lemma arrays (size n+1)
  std::vector<uint32_t> lemma_string_;                           // lower-case string id
  std::vector<unsigned char> lemma_case_;                        // lexicon_format::CaseCode
  std::vector<uint16_t> lemma_rank_;                             // sense rank of the synset in the lemma's index entry
  std::unordered_map<uint32_t, std::string> explicit_spelling_;  // lemma slot -> spelling (irregular case)
  std::vector<uint32_t> hyper_begin_, hyper_ids_, inst_begin_, inst_ids_;
  std::vector<uint16_t> min_depth_, max_depth_;
  std::vector<uint16_t> name_sense_;   // sense number used in the synset's name
  std::vector<uint32_t> index_begin_;  // (string id * 4 + file) -> range in index_synsets_
  std::vector<uint32_t> index_synsets_;
  std::vector<uint32_t> file_begin_;  // first synset id of each data file (size 5)
  struct ExceptionList {
    std::vector<uint32_t> forms;               // sorted string ids
    std::vector<std::vector<uint32_t>> bases;  // parallel to forms
  };
  ExceptionList exceptions_[4];  // by data file
};

// Lexicon::load in steps, so the browser can decode the 2.9 MB asset over several frames instead of freezing one:
// step(n) does about n units (one string, synset or exception entry each; building the lemma index and the depths
// are one unit each) and says whether decoding has ended; take() then gives the lexicon or what was wrong.
class LexiconDecoder {
 public:
  explicit LexiconDecoder(std::string bytes);
  ~LexiconDecoder();
  LexiconDecoder(const LexiconDecoder&) = delete;
  LexiconDecoder& operator=(const LexiconDecoder&) = delete;

  bool step(size_t units);
  bool done() const;        // decoded or failed
  double fraction() const;  // rough progress, 0..1
  Result<Lexicon> take();   // once done(); an error for corrupt data (never an exception)

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace chokepoint
