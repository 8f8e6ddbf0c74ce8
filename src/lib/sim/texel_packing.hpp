#pragma once
// How the GPU packs the water's cells into texels, apart from GL: four cells
// a texel along a row, inside a margin of zeros (height_texture.hpp says
// why). What plans the passes over the texels (step_rects.hpp) needs this
// and nothing of GL, so it can be tested without a context.
#include <string>

#include "core/absorbing_layer.hpp"

namespace ripple {

// Texels a row of `cells` cells needs.
inline int packedWidth(int cells) { return (cells + 3) / 4; }

// Texels of zeros around the grid: the refraction reads up to two rows and
// six cells beyond it. Above and below there are four rows, not two, so that
// with absorbing edges the visible grid starts on a row that is a multiple of
// 4 (4 + 8), as it starts on such a column (2 + 8 / 4): a software
// renderer rasterises in blocks of 4x4 pixels, and a block that the visible
// grid's pass and a layer's pass share is shaded by both, a cost to the
// absorbing tank's step (BENCHMARKS.md).
struct TexelMargin {
  int x = 0, y = 0;
};
inline constexpr TexelMargin kHeightMargin{2, 4};
static_assert((kHeightMargin.x + kAbsorbingLayerCells / 4) % 4 == 0 &&
                  (kHeightMargin.y + kAbsorbingLayerCells) % 4 == 0,
              "the visible grid inside absorbing layers starts on whole blocks of 4x4 texels");
// The margin for the shaders, which define it by this name.
inline std::string heightMarginDefine() {
  return "HEIGHT_MARGIN ivec2(" + std::to_string(kHeightMargin.x) + ", " + std::to_string(kHeightMargin.y) + ")";
}

}  // namespace ripple
