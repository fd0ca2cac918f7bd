// Fruchterman–Reingold and Kamada–Kawai layouts through Boost.Graph, normalised to the unit square.
#include "core/graph/layout.h"

#include <algorithm>
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/fruchterman_reingold.hpp>
#include <boost/graph/kamada_kawai_spring_layout.hpp>
#include <boost/graph/random_layout.hpp>
#include <boost/graph/topology.hpp>
#include <boost/random/linear_congruential.hpp>
#include <cmath>
#include <memory>

namespace chokepoint {
namespace {

// One scale for both axes keeps the drawing's proportions; the shorter side is centred.
std::vector<Point2> to_unit_square(const std::vector<Point2>& points) {
  double min_x = points[0].x, max_x = min_x, min_y = points[0].y, max_y = min_y;
  for (const auto& p : points) {
    min_x = std::min(min_x, p.x);
    max_x = std::max(max_x, p.x);
    min_y = std::min(min_y, p.y);
    max_y = std::max(max_y, p.y);
  }
  const double span = std::max({max_x - min_x, max_y - min_y, 1e-9});
  std::vector<Point2> out;
  for (const auto& p : points)
    out.push_back(Point2{(p.x - min_x) / span + (1.0 - (max_x - min_x) / span) / 2.0,
                         (p.y - min_y) / span + (1.0 - (max_y - min_y) / span) / 2.0});
  return out;
}

using KkGraph = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS, boost::no_property,
                                      boost::property<boost::edge_weight_t, double>>;
using KkTopology = boost::square_topology<boost::minstd_rand>;

// Kamada–Kawai stops when its energy settles (Boost's tolerance) or after a fixed number of moves, so a graph the
// spring model oscillates on cannot hold the frame.
struct SettleOrStop {
  std::shared_ptr<size_t> moves = std::make_shared<size_t>(0);  // the algorithm copies its `done`
  size_t limit = 0;
  boost::layout_tolerance<double> tolerance{0.0001};
  template <typename Vertex, typename Graph>
  bool operator()(double delta, Vertex p, const Graph& g, bool global) {
    if (++*moves > limit) return true;
    return tolerance(delta, p, g, global);
  }
};

// The nodes of each connected component, each component in ascending node order, components by their first node.
std::vector<std::vector<int>> components(const UndirectedGraph& graph) {
  std::vector<int> seen(graph.node_count(), 0);
  std::vector<std::vector<int>> out;
  for (size_t start = 0; start < graph.node_count(); ++start) {
    if (seen[start]) continue;
    std::vector<int> comp{static_cast<int>(start)};
    seen[start] = 1;
    for (size_t k = 0; k < comp.size(); ++k)
      for (int v : graph.neighbours(comp[k]))
        if (!seen[static_cast<size_t>(v)]) {
          seen[static_cast<size_t>(v)] = 1;
          comp.push_back(v);
        }
    std::sort(comp.begin(), comp.end());
    out.push_back(std::move(comp));
  }
  return out;
}

// The points turned about their centre so that their widest spread runs left to right (graph views are wider than
// tall): a path lies flat instead of on a diagonal.
std::vector<Point2> along_widest_axis(std::vector<Point2> points) {
  double cx = 0, cy = 0;
  for (const auto& p : points) {
    cx += p.x;
    cy += p.y;
  }
  cx /= static_cast<double>(points.size());
  cy /= static_cast<double>(points.size());
  double sxx = 0, syy = 0, sxy = 0;
  for (const auto& p : points) {
    sxx += (p.x - cx) * (p.x - cx);
    syy += (p.y - cy) * (p.y - cy);
    sxy += (p.x - cx) * (p.y - cy);
  }
  const double angle = 0.5 * std::atan2(2 * sxy, sxx - syy);
  const double c = std::cos(-angle), s = std::sin(-angle);
  for (auto& p : points) {
    const double x = p.x - cx, y = p.y - cy;
    p = {cx + x * c - y * s, cy + x * s + y * c};
  }
  return points;
}

// Positions of one connected component of three or more nodes, neighbours about one unit apart.
std::vector<Point2> component_layout(const UndirectedGraph& graph, const std::vector<int>& nodes) {
  const size_t m = nodes.size();
  std::vector<int> local(graph.node_count(), -1);
  for (size_t k = 0; k < m; ++k) local[static_cast<size_t>(nodes[k])] = static_cast<int>(k);
  KkGraph g(m);
  UndirectedGraph sub(m);
  for (const auto& [u, v] : graph.edges())
    if (local[static_cast<size_t>(u)] >= 0) {
      boost::add_edge(static_cast<size_t>(local[static_cast<size_t>(u)]),
                      static_cast<size_t>(local[static_cast<size_t>(v)]), 1.0, g);
      sub.add_edge(local[static_cast<size_t>(u)], local[static_cast<size_t>(v)]);
    }
  KkTopology topology;
  std::vector<KkTopology::point_type> position(m);
  const double pi = std::acos(-1.0), radius = static_cast<double>(m) / (2 * pi);
  for (size_t k = 0; k < m; ++k) {
    position[k][0] = radius * std::cos(2 * pi * static_cast<double>(k) / static_cast<double>(m));
    position[k][1] = radius * std::sin(2 * pi * static_cast<double>(k) / static_cast<double>(m));
  }
  auto pos = boost::make_iterator_property_map(position.begin(), boost::get(boost::vertex_index, g));
  SettleOrStop done;
  done.limit = 400 * m;
  const bool settled = boost::kamada_kawai_spring_layout(g, pos, boost::get(boost::edge_weight, g), topology,
                                                         boost::edge_length(1.0), done);
  std::vector<Point2> out;
  bool finite = settled;
  for (const auto& p : position) {
    finite = finite && std::isfinite(p[0]) && std::isfinite(p[1]);
    out.push_back({p[0], p[1]});
  }
  if (finite) return along_widest_axis(out);
  // The unit square's layout stretched so its component spans about as many units as it has nodes across.
  out = force_layout(sub);
  for (auto& p : out) p = {p.x * std::sqrt(static_cast<double>(m)), p.y * std::sqrt(static_cast<double>(m))};
  return out;
}

}  // namespace

std::vector<Point2> kamada_kawai_layout(const UndirectedGraph& graph) {
  const size_t n = graph.node_count();
  if (n == 0) return {};
  if (n == 1) return {Point2{0.5, 0.5}};
  auto comps = components(graph);
  std::stable_sort(comps.begin(), comps.end(), [](const auto& a, const auto& b) { return a.size() > b.size(); });
  std::vector<Point2> out(n);
  double x = 0, height = 0;
  std::vector<int> isolated;
  for (const auto& comp : comps) {
    if (comp.size() == 1) {
      isolated.push_back(comp[0]);
      continue;
    }
    std::vector<Point2> p = comp.size() == 2 ? std::vector<Point2>{{0, 0}, {1, 0}} : component_layout(graph, comp);
    double min_x = p[0].x, max_x = min_x, min_y = p[0].y, max_y = min_y;
    for (const auto& q : p) {
      min_x = std::min(min_x, q.x);
      max_x = std::max(max_x, q.x);
      min_y = std::min(min_y, q.y);
      max_y = std::max(max_y, q.y);
    }
    for (size_t k = 0; k < comp.size(); ++k) out[static_cast<size_t>(comp[k])] = {x + p[k].x - min_x, p[k].y - min_y};
    x += max_x - min_x + 1;
    height = std::max(height, max_y - min_y);
  }
  // Isolated nodes in rows below the components, as wide as the components (at least three across).
  const size_t across = std::max<size_t>(3, static_cast<size_t>(std::max(0.0, x - 1)) + 1);
  const double top = x > 0 ? height + 1 : 0;
  for (size_t k = 0; k < isolated.size(); ++k)
    out[static_cast<size_t>(isolated[k])] = {static_cast<double>(k % across), top + static_cast<double>(k / across)};
  return to_unit_square(out);
}

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
  std::vector<Point2> points;
  for (const auto& p : position) points.push_back({p[0], p[1]});
  return to_unit_square(points);
}

}  // namespace chokepoint
