#pragma once
// A drag of the mouse as a trail of stones. The seeds drop one stone per cell
// along a Bresenham line; we space them at most half a radius apart, which
// leaves no gap however far the mouse moved between two frames and costs far
// fewer stones for large radii.
#include <vector>

#include "ripple/scene.hpp"

namespace ripple {

// Stones from (x0, y0), exclusive (it was dropped when the drag got there),
// to (x1, y1), inclusive. Consecutive stones are at most
// max(1, radius / 2) cells apart.
std::vector<Drop> strokeStones(int x0, int y0, int x1, int y1, int radius, float weight);

}  // namespace ripple
