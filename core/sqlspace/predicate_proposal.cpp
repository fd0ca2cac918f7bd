// Predicate proposal and deduplication (see predicate_proposal.h).
#include "core/sqlspace/predicate_proposal.h"

#include <algorithm>

#include <nlohmann/json.hpp>

#include "core/learn/seeded_random.h"

namespace chokepoint::sqlspace {
namespace {

std::string trimmed(const std::string& s) {
  const auto a = s.find_first_not_of(" \t\r\n\"'`");
  if (a == std::string::npos) return "";
  const auto b = s.find_last_not_of(" \t\r\n\"'`");
  return s.substr(a, b - a + 1);
}

// "- x", "* x", "• x", "12. x", "3) x": the text after the marker, or "" when the line has none.
std::string after_marker(const std::string& line) {
  const std::string t = trimmed(line);
  if (t.size() > 2 && (t[0] == '-' || t[0] == '*') && t[1] == ' ') return t.substr(2);
  if (t.rfind("\xE2\x80\xA2 ", 0) == 0) return t.substr(4);
  size_t d = 0;
  while (d < t.size() && d < 3 && t[d] >= '0' && t[d] <= '9') ++d;
  if (d > 0 && d + 1 < t.size() && (t[d] == '.' || t[d] == ')') && t[d + 1] == ' ') return t.substr(d + 2);
  return "";
}

std::string cleaned(std::string p) {
  p = trimmed(p);
  for (const char* prefix : {"The example ", "the example ", "The question ", "Example "})
    if (p.rfind(prefix, 0) == 0) p = p.substr(std::string(prefix).size());
  while (!p.empty() && (p.back() == '.' || p.back() == ';' || p.back() == ',')) p.pop_back();
  return trimmed(p);
}

}  // namespace

const char* proposal_goal(Aspect aspect) {
  switch (aspect) {
    case Aspect::Syntax:
      return "the linguistic syntax of the question.";
    case Aspect::SqlSyntax:
      return "the syntax and structure of the SQL query.";
    case Aspect::ExampleSemantics:
      return "how the question compares with the SQL query that answers it.";
    case Aspect::Pragmatics:
      return "the linguistic pragmatics of the question.";
    case Aspect::DatabaseReasoning:
      return "how the question relates to the database schema and the reasoning needed to map one to the other.";
  }
  return "";
}

Result<std::vector<ProposeAsk>> plan_proposals(const std::vector<std::vector<std::string>>& by_aspect,
                                               const PromptLibrary& library, const ProposalOptions& options) {
  const PromptTemplate* tmpl = library.find("sqlspace_propose");
  if (!tmpl) return Error{"the prompts folder has no template sqlspace_propose (prompts/manifest.json)"};
  std::vector<ProposeAsk> out;
  for (size_t a = 0; a < by_aspect.size() && a < kAspectCount; ++a) {
    const auto& texts = by_aspect[a];
    if (texts.empty()) continue;
    for (size_t it = 0; it < options.iterations; ++it) {
      std::vector<size_t> order(texts.size());
      for (size_t k = 0; k < order.size(); ++k) order[k] = k;
      learn::SeededRandom rng(options.seed * 1000003u + a * 101u + it);
      rng.shuffle(order);
      order.resize(std::min(order.size(), std::max<size_t>(1, options.sample)));
      std::sort(order.begin(), order.end());
      std::string listed;
      for (size_t k = 0; k < order.size(); ++k)
        listed += "Description " + std::to_string(k + 1) + ": " + texts[order[k]] + "\n\n";
      PromptVariables vars = {{"goal", proposal_goal(static_cast<Aspect>(a))},
                              {"descriptions", listed},
                              {"count", std::to_string(options.predicates)}};
      auto prompt = render_prompt(*tmpl, vars);
      if (!prompt.ok()) return Error{prompt.error()};
      out.push_back({static_cast<Aspect>(a), it, std::move(order), std::move(*prompt)});
    }
  }
  return out;
}

std::vector<std::string> parse_predicates(const std::string& answer) {
  std::vector<std::string> out;
  auto keep = [&](std::string p) {
    p = cleaned(std::move(p));
    if (p.size() >= 3 && p.size() <= 200 && out.size() < 200) out.push_back(std::move(p));
  };
  size_t start = 0;
  while (start <= answer.size()) {
    const auto end = answer.find('\n', start);
    const std::string line = answer.substr(start, end == std::string::npos ? std::string::npos : end - start);
    if (const std::string p = after_marker(line); !p.empty()) keep(p);
    if (end == std::string::npos) break;
    start = end + 1;
  }
  if (!out.empty()) return out;
  const auto open = answer.find('['), close = answer.rfind(']');
  if (open != std::string::npos && close != std::string::npos && close > open) {
    const auto j = nlohmann::json::parse(answer.substr(open, close - open + 1), nullptr, false);
    if (j.is_array())
      for (const auto& v : j)
        if (v.is_string()) keep(v.get<std::string>());
  }
  return out;
}

Deduplication deduplicate_predicates(const std::vector<CandidatePredicate>& candidates,
                                     const FeatureCatalogue& catalogue, int threshold) {
  // The catalogue grown by each kept candidate: a later one is compared with it as with the paper's, and the kept
  // ones are exactly what `features --predicates` can add (the same words in another aspect are one feature).
  FeatureCatalogue grown = catalogue;
  const int first_new = catalogue.features().empty() ? 1 : catalogue.features().back().id + 1;
  auto drop = [&](const CandidatePredicate& c, const Feature& f, int score) {
    return DroppedPredicate{c, f.predicate, f.id < first_new ? f.id : 0, score};
  };
  Deduplication d;
  for (const auto& c : candidates) {
    const Feature* repeats = nullptr;
    int best = -1;
    for (const Feature& f : grown.features()) {
      if (f.aspect != c.aspect) continue;
      const int s = token_set_ratio(c.predicate, f.predicate);
      if (s >= threshold && s > best) {
        best = s;
        repeats = &f;
      }
    }
    if (!repeats) {
      repeats = grown.find_same_words(c.predicate);
      best = 100;
    }
    if (repeats) {
      d.dropped.push_back(drop(c, *repeats, best));
      continue;
    }
    if (grown.add_predicate(c.aspect, c.predicate).ok())
      d.kept.push_back(c);
    else
      d.dropped.push_back({c, "(no words)", 0, 0});
  }
  return d;
}

}  // namespace chokepoint::sqlspace
