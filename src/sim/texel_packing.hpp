#pragma once
// How the GPU packs the water's cells into texels, apart from GL: four cells
// a texel along a row, inside a margin of zeros (height_texture.hpp says
// why). What plans the passes over the texels (step_rects.hpp) needs this
// and nothing of GL, so it can be tested without a context.
#include <string>

namespace ripple {

// Texels a row of `cells` cells needs.
inline int packedWidth(int cells) { return (cells + 3) / 4; }

// Texels of zeros on each side of the grid: the refraction reads up to two
// rows and six cells beyond it.
constexpr int kHeightMargin = 2;
// The margin for the shaders, which define it by this name.
inline std::string heightMarginDefine() { return "HEIGHT_MARGIN " + std::to_string(kHeightMargin); }

}  // namespace ripple
