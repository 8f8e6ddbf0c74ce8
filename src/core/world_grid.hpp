#pragma once
// The world as the step reads it: the grid it runs on (the visible grid plus
// the absorbing layers) and two numbers a cell, worked out once on the CPU and
// read alike by shaders/step.frag (WORLD) and the CPU reference, so that
// both step walls, slow water and edges with the same bits.
//
//   weight      the Laplacian's weight in the cell: C^2 (four neighbours) or
//               C^2 / 6 (nine points), times the cell's speed factor squared;
//               -1: the cell is held at 0 (a wall, a fixed edge's border, the
//               padding); -2 to -5: the absorbing layer's outermost ring,
//               which runs out upwind from its inner neighbour (right, left,
//               down, up; absorbing_layer.hpp).
//   neighbours  k + (1 - A): k (whole) is the weight of the neighbours that
//               count in the Laplacian's centre term, A in (0, 1] the
//               absorbing layer's factor (1 outside it).
//
// A neighbour that does not count is a reflecting wall or what lies beyond a
// free edge: the water there reads as the cell's own height (no flow), which
// the step gets by counting only k of its own height against the sum of all
// neighbours, walls holding 0. docs/rules.md has the whole rule.
#include <memory>

#include "core/water_rule.hpp"
#include "core/water_state.hpp"
#include "core/water_world.hpp"

namespace ripple {

// The grid the step runs on: the visible grid, with a layer of cells beyond
// each absorbing edge. What --size names, what is drawn and what
// --save-height writes is the visible grid only.
struct GridLayout {
  int visibleWidth = 0, visibleHeight = 0;
  int left = 0, top = 0, right = 0, bottom = 0;  // layer cells on each side
  int width() const { return left + visibleWidth + right; }
  int height() const { return top + visibleHeight + bottom; }
  bool hasLayers() const { return left + top + right + bottom > 0; }
};

// The layout of a visible grid of w x h cells in `world` (none: no layers).
GridLayout gridLayout(const WaterWorld* world, int w, int h);

struct WorldCoefficients {
  GridLayout layout;
  HeightField weight;      // per cell of the layout's grid
  HeightField neighbours;  // k + d, per cell of the layout's grid
  bool wrapX = false, wrapY = false;
};

// The coefficients of `rule`'s world for its mode, stencil and speed.
WorldCoefficients worldCoefficients(const WaterWorld& world, const WaterRule& rule);

// The visible part of a field of the layout's grid.
HeightField visibleHeights(const HeightField& field, const GridLayout& layout);

// `state`, laid out by `from`, laid out by `to`: the visible water stays where
// it was (cut or padded with 0 where the visible grids differ), new layers
// start at rest.
WaterState relayout(const WaterState& state, const GridLayout& from, const GridLayout& to);

// Sets the cells the coefficients hold at 0 to 0 in both fields.
void zeroHeldCells(WaterState& state, const WorldCoefficients& coefficients);

// Keeps the coefficients of the last world and rule asked for: a world is
// worked out once, not every step.
class WorldCoefficientsCache {
 public:
  // Null when the rule's world does not shape the step.
  const WorldCoefficients* get(const WaterRule& rule);
  // Counts the coefficients worked out: it changes when get() returns new ones.
  long revision() const { return revision_; }

 private:
  long revision_ = 0;
  std::shared_ptr<const WaterWorld> world_;
  Mode mode_ = Mode::Float;
  Stencil stencil_ = Stencil::Five;
  float courant_ = 0.0f;
  std::unique_ptr<WorldCoefficients> coefficients_;
};

}  // namespace ripple
