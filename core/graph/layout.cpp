// Fruchterman–Reingold layout through Boost.Graph with a seeded minstd_rand, normalised to the unit square.
#include "core/graph/layout.h"

#include <algorithm>
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/fruchterman_reingold.hpp>
#include <boost/graph/random_layout.hpp>
#include <boost/graph/topology.hpp>
#include <boost/random/linear_congruential.hpp>

namespace chokepoint {

std::vector<Point2> force_layout(const UndirectedGraph& graph, const LayoutOptions& options) {
  const size_t n = graph.node_count();
  if (n == 0) return {};
  if (n == 1) return {Point2{0.5, 0.5}};
  using Topology = boost::square_topology<boost::minstd_rand>;
  using BoostGraph = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS>;
  BoostGraph g(n);
  for (const auto& [u, v] : graph.edges()) boost::add_edge(static_cast<size_t>(u), static_cast<size_t>(v), g);
  boost::minstd_rand generator(options.seed == 0 ? 1u : options.seed);  // minstd_rand rejects seed 0
  Topology topology(generator, 100.0);
  std::vector<Topology::point_type> position(n);
  auto pos = boost::make_iterator_property_map(position.begin(), boost::get(boost::vertex_index, g));
  boost::random_graph_layout(g, pos, topology);
  boost::fruchterman_reingold_force_directed_layout(
      g, pos, topology, boost::cooling(boost::linear_cooling<double>(std::max(1, options.iterations))));
  double min_x = position[0][0], max_x = min_x, min_y = position[0][1], max_y = min_y;
  for (const auto& p : position) {
    min_x = std::min(min_x, p[0]);
    max_x = std::max(max_x, p[0]);
    min_y = std::min(min_y, p[1]);
    max_y = std::max(max_y, p[1]);
  }
  // One scale for both axes keeps the drawing's proportions; centre the shorter side.
  const double span = std::max({max_x - min_x, max_y - min_y, 1e-9});
  std::vector<Point2> out;
  for (const auto& p : position)
    out.push_back(Point2{(p[0] - min_x) / span + (1.0 - (max_x - min_x) / span) / 2.0,
                         (p[1] - min_y) / span + (1.0 - (max_y - min_y) / span) / 2.0});
  return out;
}

}  // namespace chokepoint
