#pragma once
// From the window to the grid: where the cursor points, and how many cells a
// stone's radius is. GLFW reports the cursor in window coordinates, and the
// panel sizes stones in window pixels; the grid spans the whole window, but
// not one cell to a window pixel: the frame is drawn at the framebuffer's
// size, which on a HiDPI screen has more pixels than the window has
// coordinates (twice as many on a Retina display, 1.25 or 1.5 times under a
// scaled desktop), and the grid may be coarser than the frame (simulation
// scale 1/2, 1/4). So both go by the grid's cells per window pixel.
#include <algorithm>
#include <cmath>

#include "ripple/clock.hpp"

namespace ripple {

struct Extent {
  int width = 0;
  int height = 0;
};

struct CellPosition {
  int x = 0;
  int y = 0;
};

// The cell under (cx, cy), in window coordinates with (0, 0) at the window's
// top left. A point outside the window (a drag that left it) maps outside
// the grid, where its stone is clipped; a window with no size (a minimised
// one) counts as 1x1, so nothing divides by zero.
inline CellPosition cursorToCell(double cx, double cy, Extent window, Extent grid) {
  const double cellX = cx * grid.width / std::max(1, window.width);
  const double cellY = cy * grid.height / std::max(1, window.height);
  // Far beyond any screen, so only a corrupt position is clamped: it keeps the
  // conversion to int defined.
  constexpr double kFar = 1 << 20;
  return {static_cast<int>(std::floor(std::clamp(cellX, -kFar, kFar))),
          static_cast<int>(std::floor(std::clamp(cellY, -kFar, kFar)))};
}

// A radius of `windowPixels` window pixels in cells, at least one: a stone
// looks as large on a HiDPI screen as on any other. A window with no width (a
// minimised one) counts a window pixel as one cell.
inline int radiusInCells(int windowPixels, Extent window, Extent grid) {
  const double cellsPerWindowPixel = window.width > 0 ? double(grid.width) / window.width : 1.0;
  return std::max(1, static_cast<int>(std::lround(std::min(windowPixels * cellsPerWindowPixel, 1e6))));
}

// The steps a second that move a wave `waveSpeed` window pixels a second when
// it travels `courant` cells a step. A window with no width (a minimised
// one) counts a window pixel as one cell.
inline double stepsPerSecond(double waveSpeed, double courant, Extent window, Extent grid) {
  const double windowPixelsPerCell = window.width > 0 ? double(window.width) / grid.width : 1.0;
  return SimulationClock::stepsPerSecond(waveSpeed, courant, windowPixelsPerCell);
}

}  // namespace ripple
