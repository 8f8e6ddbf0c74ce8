#pragma once
// The world as the step reads it: the grid it runs on (the visible grid plus
// the absorbing layers) and one 32-bit code a cell, worked out once on the
// CPU and read alike by shaders/step_world.glsl and the CPU reference, so
// that both step walls, slow water and edges with the same bits. A code holds
//
//   bits 16..31  the Laplacian's weight w in units of 2^-16: C^2 (four
//                neighbours) or C^2 / 6 (nine points), times the cell's speed
//                factor squared; 65535: the cell is held at 0 (a wall, a
//                fixed edge's border, the padding); 65531 to 65534: the
//                absorbing layer's outermost ring, a one-way edge whose
//                inner cells lie right, left, down or up; 65527 to 65530:
//                a ring cell next to a corner, which runs out upwind from
//                its inner neighbour (right, left, down, up;
//                absorbing_layer.hpp)
//   bits 11..15  k, the weight of the neighbours that count in the
//                Laplacian's centre term (4 or 20 in open water)
//   bits  0..10  1 - A in units of 2^-13, A the absorbing layer's factor
//                (1 outside it)
//
// One code a cell keeps what the step reads beside the heights to a quarter
// of what the heights themselves take (an RGBA32UI texel for four cells).
// A neighbour that does not count is a reflecting wall or what lies beyond a
// free edge: the water there reads as the cell's own height (no flow), which
// the step gets by counting only k of its own height against the sum of all
// neighbours, walls holding 0. docs/rules.md has the whole rule.
#include <cstdint>
#include <memory>
#include <vector>

#include "core/water_rule.hpp"
#include "core/water_state.hpp"
#include "core/water_world.hpp"

namespace ripple {

// The grid the step runs on: the visible grid, with a layer of cells beyond
// each absorbing edge. The right-hand layer is up to three cells thicker than
// the left, so that the grid ends on a whole texel of four cells: the
// one-way edge there reads the two cells inwards in the same texel. What --size names, what is drawn and what
// --save-height writes is the visible grid only.
struct GridLayout {
  int visibleWidth = 0, visibleHeight = 0;
  int left = 0, top = 0, right = 0, bottom = 0;  // layer cells on each side
  int width() const { return left + visibleWidth + right; }
  int height() const { return top + visibleHeight + bottom; }
  bool hasLayers() const { return left + top + right + bottom > 0; }
  bool operator==(const GridLayout& o) const {
    return visibleWidth == o.visibleWidth && visibleHeight == o.visibleHeight && left == o.left && top == o.top &&
           right == o.right && bottom == o.bottom;
  }
};

// The layout of a visible grid of w x h cells in `world` (none: no layers).
GridLayout gridLayout(const WaterWorld* world, int w, int h);

// What a cell's code says (the shader decodes it the same way).
namespace cell_code {
inline constexpr std::uint32_t kHeld = 65535, kInnerIsRight = 65531, kInnerIsLeft = 65532, kInnerIsDown = 65533,
                               kInnerIsUp = 65534;
inline constexpr std::uint32_t kUpwindInnerIsRight = 65527, kUpwindInnerIsLeft = 65528, kUpwindInnerIsDown = 65529,
                               kUpwindInnerIsUp = 65530;
inline constexpr std::uint32_t kLargestWeightUnits = 65526;
// Exact powers of two; the shaders get the same (CELL_WEIGHT_UNIT, CELL_LAYER_UNIT).
inline constexpr float kWeightUnit = 1.0f / 65536.0f, kLayerUnit = 1.0f / 8192.0f;
inline std::uint32_t marker(std::uint32_t code) { return code >> 16; }
inline float weight(std::uint32_t code) { return static_cast<float>(code >> 16) * kWeightUnit; }
inline float neighbours(std::uint32_t code) { return static_cast<float>((code >> 11) & 31u); }
inline float layerFactor(std::uint32_t code) { return 1.0f - static_cast<float>(code & 2047u) * kLayerUnit; }
inline bool held(std::uint32_t code) { return marker(code) == kHeld; }
// The one-way edge's ring, and its cells next to a corner, which run out upwind.
inline bool oneWayRing(std::uint32_t code) { return marker(code) - kInnerIsRight < 4u; }
inline bool upwindRing(std::uint32_t code) { return marker(code) - kUpwindInnerIsRight < 4u; }
// The code of a cell: the weight rounded to its unit (at most kLargestWeightUnits),
// or a marker; k; 1 - A rounded to its unit.
std::uint32_t pack(float weight, int k, float layerFactor);
std::uint32_t packMarker(std::uint32_t marker, int k, float layerFactor);
}  // namespace cell_code

struct WorldCoefficients {
  GridLayout layout;
  std::vector<std::uint32_t> cells;  // one code a cell of the layout's grid, row-major
  bool wrapX = false, wrapY = false;
  std::uint32_t at(int x, int y) const { return cells[static_cast<size_t>(y) * layout.width() + x]; }
  bool held(int x, int y) const { return cell_code::held(at(x, y)); }
};

// The coefficients of `rule`'s world for its mode, stencil and speed.
WorldCoefficients worldCoefficients(const WaterWorld& world, const WaterRule& rule);

// The visible part of a field of the layout's grid.
HeightField visibleHeights(const HeightField& field, const GridLayout& layout);

// The layout water of layout `current` takes for `rule`, whose world's
// coefficients are `world` (null: the plain pool, no layers). Throws Error
// when the rule's world is not the size of the water's visible grid.
GridLayout layoutForWorld(const WaterRule& rule, const WorldCoefficients* world, const GridLayout& current);

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
