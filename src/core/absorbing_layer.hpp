#pragma once
// The absorbing edge: a layer of cells beyond the visible grid whose damping
// grows smoothly towards the outside, so that a wave entering it fades before
// it can come back, and grows slowly enough that it barely reflects where it
// starts. The thickness and the profile were chosen by measuring the
// reflection (README.md, "Edges").
#include <algorithm>

#include "core/world_grid.hpp"

namespace ripple {

inline constexpr int kAbsorbingLayerCells = 32;
inline constexpr float kAbsorbingMaxDamping = 0.25f;

// The layer's damping of cell (x, y) of the layout's grid: 0 in the visible
// grid, rising as the square of the depth into the layer.
inline float absorbingDamping(const GridLayout& l, int x, int y) {
  int depth = 0;
  if (x < l.left) depth = std::max(depth, l.left - x);
  if (x >= l.left + l.visibleWidth) depth = std::max(depth, x - (l.left + l.visibleWidth) + 1);
  if (y < l.top) depth = std::max(depth, l.top - y);
  if (y >= l.top + l.visibleHeight) depth = std::max(depth, y - (l.top + l.visibleHeight) + 1);
  if (depth == 0) return 0.0f;
  const float f = static_cast<float>(depth) / static_cast<float>(kAbsorbingLayerCells);
  return kAbsorbingMaxDamping * f * f;
}

}  // namespace ripple
