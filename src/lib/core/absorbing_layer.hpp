#pragma once
// The absorbing edge: a thin layer of kAbsorbingLayerCells cells beyond the
// visible grid, ending in a one-way edge.
//
// The layer's water is the damped wave equation (d/dt + s)^2 u = c^2 lap u,
// its damping s growing as the square of the depth. Discretised exactly, a
// layer cell steps as open water does, its new height times A = exp(-s) and
// its previous one times A^2. The damping here is weak: it takes what the
// edge lets through, and, with the edge's own damping, holds the water's
// mean level.
//
// The layer's outermost ring of cells is a second-order Higdon edge, exact
// for waves that meet it head-on and at 45 degrees: the product of two
// one-way operators (1 - K Z) - r (K - Z), K a cell inwards, Z a step back,
// r = (c - 1) / (c + 1) for the speeds c = C and C / cos 45 across the edge.
// Each Z is damped to 0.99 Z, without which a level that rises steadily
// satisfies the edge (a double root at zero frequency) and the pool's level
// runs away. Worked out for the ring cell u0 and the two cells inwards u1
// and u2, the edge reads the new heights of u1 and u2: the ring is stepped
// after the cells it reads (src/lib/core/cpu_reference.cpp; shaders/step_world.glsl).
// Where two edges meet, the corner cell is held at 0 and the ring cell next
// to it runs out upwind instead, next = here + C (inner - here): two Higdon
// edges that meet at a corner feed each other and blow up when C > 0.8.
//
// Its measured reflection is in docs/physics.md; BENCHMARKS.md has the
// thicker layers this replaced and why.
#include <array>
#include <cmath>

namespace ripple {

inline constexpr int kAbsorbingLayerCells = 8;
// Whole texels of four cells: the visible grid starts on a texel, which the
// refraction's reads of the heights rely on (shaders/refraction.frag).
static_assert(kAbsorbingLayerCells % 4 == 0, "the layers must be whole texels");
inline constexpr double kLayerDampingAtTheOuterEdge = 0.0025;  // s / C at depth kAbsorbingLayerCells
inline constexpr double kEdgeStepDamping = 0.99;               // the edge's Z becomes 0.99 Z
inline constexpr double kEdgeSecondAngleDegrees = 45.0;        // the edge is exact at 0 and 45 degrees

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

// A = exp(-s) at a depth, s = C * kLayerDampingAtTheOuterEdge * ((dx / L)^2 +
// (dy / L)^2): 1 in the visible grid. (The right-hand layer can be up to three
// cells deeper than L, so that the grid ends on a whole texel.)
inline float layerFactor(LayerDepth d, float courant) {
  const double fx = static_cast<double>(d.x) / kAbsorbingLayerCells;
  const double fy = static_cast<double>(d.y) / kAbsorbingLayerCells;
  return static_cast<float>(std::exp(-courant * kLayerDampingAtTheOuterEdge * (fx * fx + fy * fy)));
}

// The one-way edge's new height of a ring cell, as weights of (in this
// order) the ring cell now and a step before, the next cell inwards new, now
// and before, and the one after it new, now and before. Worked out once, in
// float, for both the CPU reference and the shader.
using OneWayEdgeWeights = std::array<float, 8>;

inline OneWayEdgeWeights oneWayEdgeWeights(float courant) {
  const double c1 = courant, c2 = courant / std::cos(kEdgeSecondAngleDegrees * 3.14159265358979323846 / 180.0);
  const double r1 = (c1 - 1) / (c1 + 1), r2 = (c2 - 1) / (c2 + 1);
  const double s = r1 + r2, p = r1 * r2, z = kEdgeStepDamping;
  const double w[8] = {-s * z, -p * z * z, s, 2 * (1 + p) * z, s * z * z, -p, -s * z, -z * z};
  OneWayEdgeWeights out{};
  for (int i = 0; i < 8; ++i) out[i] = static_cast<float>(w[i]);
  return out;
}

// The edge's new height from the weights, in the shader's order of operations.
template <typename F = float>  // or the CPU reference's StepFloat (core/step_float.hpp)
inline F oneWayEdge(const OneWayEdgeWeights& w, F now0, F before0, F next1, F now1, F before1, F next2, F now2,
                    F before2) {
  return ((((((w[0] * now0 + w[1] * before0) + w[2] * next1) + w[3] * now1) + w[4] * before1) + w[5] * next2) +
          w[6] * now2) +
         w[7] * before2;
}

}  // namespace ripple
