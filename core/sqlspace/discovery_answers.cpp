// Reading the Describer's and Proposers' answers, and PREDICATES.json (see discovery_answers.h).
#include "core/sqlspace/discovery_answers.h"

namespace chokepoint::sqlspace {

std::vector<std::vector<std::string>> DescriptionReading::by_aspect() const {
  std::vector<std::vector<std::string>> out(kAspectCount);
  for (const auto& d : descriptions) out[static_cast<size_t>(d.aspect)].push_back(d.description);
  return out;
}

DescriptionReading read_descriptions(const std::vector<DescribeAsk>& asks,
                                     const std::vector<Result<std::string>>& answers) {
  DescriptionReading out;
  for (size_t k = 0; k < asks.size(); ++k) {
    if (k >= answers.size() || !answers[k].ok()) {
      ++out.failed;
      continue;
    }
    auto text = read_description(*answers[k]);
    if (!text.ok()) {
      ++out.unreadable;
      continue;
    }
    out.descriptions.push_back({asks[k].item, asks[k].aspect, std::move(*text)});
  }
  return out;
}

void read_proposals(const std::vector<ProposeAsk>& asks, const std::vector<Result<std::string>>& answers,
                    const std::string& proposer, ProposalReading& into) {
  for (size_t k = 0; k < asks.size(); ++k) {
    if (k >= answers.size() || !answers[k].ok()) {
      ++into.failed;
      continue;
    }
    const auto found = parse_predicates(*answers[k]);
    if (found.empty()) ++into.unreadable;
    for (const auto& text : found) into.candidates.push_back({asks[k].aspect, text, proposer, asks[k].iteration + 1});
  }
}

nlohmann::ordered_json predicates_file_json(const Deduplication& dedup) {
  using ojson = nlohmann::ordered_json;
  ojson kept = ojson::array(), dropped = ojson::array();
  for (const auto& c : dedup.kept)
    kept.push_back({{"aspect", aspect_name(c.aspect)},
                    {"predicate", c.predicate},
                    {"proposer", c.proposer},
                    {"iteration", c.iteration}});
  for (const auto& d : dedup.dropped)
    dropped.push_back({{"aspect", aspect_name(d.candidate.aspect)},
                       {"predicate", d.candidate.predicate},
                       {"proposer", d.candidate.proposer},
                       {"repeats", d.repeats},
                       {"catalogue_id", d.catalogue_id},
                       {"score", d.score}});
  return ojson{{"predicates", kept}, {"dropped", dropped}};
}

}  // namespace chokepoint::sqlspace
