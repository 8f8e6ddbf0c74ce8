#pragma once
// The absorbing edge: a layer of kAbsorbingLayerCells cells beyond the
// visible grid in which the water is the damped wave equation
// (d/dt + s)^2 u = c^2 lap u, its damping s growing as the square of the
// depth, so that a wave fades before it comes back and barely notices where
// the layer starts. Discretised exactly, a layer cell steps as open water
// does, its new height times A = exp(-s) and its previous one times A^2.
// The outermost ring lets what is left run out one way, upwind:
// next = here + C (inner - here), inner its neighbour towards the visible
// grid (the ring's four corner cells are held at 0).
// Measured reflection (README.md, "Edges"): under 2% at normal incidence for
// wavelengths of 8 to 64 cells, under 5% at 45 degrees for 8 to 32; a
// thinner layer cannot damp waves 64 cells long without reflecting them.
#include <algorithm>
#include <cmath>

namespace ripple {

struct GridLayout;

inline constexpr int kAbsorbingLayerCells = 56;
// Whole texels of four cells: the visible grid starts on a texel, which the
// refraction's reads of the heights rely on (shaders/refraction.frag).
static_assert(kAbsorbingLayerCells % 4 == 0, "the layers must be whole texels");
inline constexpr double kLayerDampingAtTheOuterEdge = 0.115;  // s / C at depth kAbsorbingLayerCells

// How deep cell (x, y) of the layout's grid lies in the layer beyond the
// visible grid, across x and across y (0: not in that layer).
struct LayerDepth {
  int x = 0, y = 0;
};

template <typename Layout>
LayerDepth layerDepth(const Layout& l, int x, int y) {
  LayerDepth d;
  if (x < l.left) d.x = l.left - x;
  if (x >= l.left + l.visibleWidth) d.x = x - (l.left + l.visibleWidth) + 1;
  if (y < l.top) d.y = l.top - y;
  if (y >= l.top + l.visibleHeight) d.y = y - (l.top + l.visibleHeight) + 1;
  return d;
}

// A = exp(-s) at a depth, s = C * 0.115 * ((dx / L)^2 + (dy / L)^2): 1 in
// the visible grid.
inline float layerFactor(LayerDepth d, float courant) {
  const double fx = static_cast<double>(d.x) / kAbsorbingLayerCells;
  const double fy = static_cast<double>(d.y) / kAbsorbingLayerCells;
  return static_cast<float>(std::exp(-courant * kLayerDampingAtTheOuterEdge * (fx * fx + fy * fy)));
}

}  // namespace ripple
