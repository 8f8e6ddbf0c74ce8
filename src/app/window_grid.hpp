#pragma once
// The grid under the window: the water fitted to the framebuffer (a new
// size or grid scale resamples it, with its world), and the window's
// measures in the grid's cells (window_to_grid.hpp does the arithmetic).
#include "app/window_to_grid.hpp"

namespace ripple {

struct App;

// The visible grid (without the absorbing layers), in cells.
Extent gridSize(const App& app);
// The window's size in window coordinates (what GLFW reports the cursor in).
Extent windowSize(const App& app);

// The cell under the cursor at (cx, cy), in window coordinates.
CellPosition cellUnderCursor(const App& app, double cx, double cy);
// The panel's stone radius and brush size, given in window pixels, in cells,
// at most what the water takes (limits::stoneRadius, limits::wallThickness):
// on a fine grid under a HiDPI window the pixels come to more.
int stoneRadiusCells(const App& app);
int brushCells(const App& app);
// The step rate that moves waves at the panel's speed across the window.
double stepsPerSecondAsked(const App& app);

// Fits what depends on the framebuffer's size or the grid scale. The water
// is resampled to the new grid, not lost; the first call makes it.
void fitToFramebuffer(App& app, int width, int height);

// Loads the options' run into the water: their parameters, rain, tank and
// stones (--drop, --wall, ... or a scene's), on still water at step 0.
// Throws ripple::Error when the tank cannot be built on this frame.
void loadRun(App& app);

// The panel's edges and wall kind are what the water has now.
void noteTankApplied(App& app);

}  // namespace ripple
