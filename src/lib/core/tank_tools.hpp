#pragma once
// The wave tank's edits of a WaterWorld: painting walls, slow water and open
// water (the eraser) along a stroke, placing, finding, moving and removing
// sources, and carrying a world over to a grid of another size. No GL here:
// ripple::Water's tank calls (src/lib/api/tank.cpp) edit a copy with these
// and hand the step the new one (a world in use is never changed in place:
// the simulations cache its coefficients by pointer).
#include <cstddef>

#include "core/water_world.hpp"

namespace ripple {

// The speed factor a cell of slow water gets: round(255 * factor), at least
// 1 (0 would be a wall) and at most 255 (open water).
CellSpeed slowWaterSpeed(float factor);

// Paints the cells of a stroke from (x0, y0) to (x1, y1), `thickness` cells
// wide (a square brush stamped on every cell of a 4-connected line, as
// paintWall), with the speed factor `value`: kWallCell a wall, kOpenWater the
// eraser, anything between slow water. Cells off the grid are clipped. Walls
// that then touch only at a corner are joined (closeDiagonalGaps), so no
// wave slips through a painted wall diagonally.
void paintStroke(WaterWorld& world, int x0, int y0, int x1, int y1, int thickness, CellSpeed value);

// The world on a grid of width x height cells: each cell takes the speed
// factor of the old cell nearest its centre, and a wall cell of the old grid
// is never lost (a grid that shrinks keeps even a wall one cell thick, closed);
// sources' cells are scaled to the new grid. Edges and wall kind stay.
WaterWorld resampledWorld(const WaterWorld& world, int width, int height);
// The cell of a grid of `to` cells whose span holds the centre of cell `i`
// of a grid of `from` cells along the same length.
int scaledCell(int i, int from, int to);

// Adds a point source at (x, y) singing from step `start` for ever.
void addSource(WaterWorld& world, int x, int y, double period, float amplitude, long long start);

// Moves source `index` so that its first cell is at (x, y), a line source
// keeping its length and direction; kept inside the grid.
void moveSource(WaterWorld& world, std::size_t index, int x, int y);

// The source tool's drag: moves source `index` to (x, y) as moveSource
// does, gliding there from where it is at step `now` over the next `steps`
// steps (WorldSource::Glide), so that a dragged point is a moving source and a
// dragged line a moving plane wave.
void glideSource(WaterWorld& world, std::size_t index, int x, int y, long long now, long long steps);
// The drag's end: the source sings from its own cells again.
void stopGliding(WaterWorld& world, std::size_t index);

}  // namespace ripple
