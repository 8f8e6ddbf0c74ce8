#pragma once
// The water's world: which cells are wall, how fast waves run in each cell
// (slow water), what the grid's edges do, and the sources that sing in it.
// It is part of what the step reads (WaterRule::world), so the window, the
// headless runs, both verifications and the tests all get it from one place;
// both implementations turn it into the same per-cell coefficients
// (world_grid.hpp). docs/rules.md has the rules.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/choices.hpp"
#include "ripple/scene.hpp"
#include "ripple/types.hpp"

namespace ripple {

// A cell a source moves towards its value before a step, and how far: 1
// sets it.
struct SourceCell {
  int x = 0, y = 0;
  float share = 1.0f;
  bool operator==(const SourceCell& o) const { return x == o.x && y == o.y && share == o.share; }
};

// How far from a moving point its cells reach, in cells: wide enough that
// the cells it moves, and how far, change smoothly as it glides between
// them (a point stepping from cell to cell sends grid-scale ripples after
// it), and no wider than it needs.
inline constexpr double kMovingSourceRadius = 2.0;

// An oscillating source: before each step S with start <= S < end its cells
// are set to amplitude * sin(2 pi (S - start) / period) times an envelope
// that rises over the first period and falls over the last one before end,
// so that it starts and stops without a click. A point, a line of cells in
// phase (a plane wave), or a moving point (the Doppler effect).
struct WorldSource {
  int x0 = 0, y0 = 0, x1 = 0, y1 = 0;  // visible cells; a point when both ends are one cell
  double period = 20.0;                // steps, at least 2
  float amplitude = 32.0f;
  long long start = 0;
  std::optional<long long> end;  // none: sings for ever
  // A moving point: at (x0, y0) at `start`, at (x1, y1) at `end` (which a
  // moving source must have), at a steady pace in between.
  bool moving = false;
  // Added while the water ran, starting at the step then (the window's
  // source tool, Water::addSource): a saved scene starts it at step 0. Where
  // a source came from is not what it is: == and scene files leave this out.
  bool addedWhileRunning = false;
  // While the window's source tool drags it: its first end glides at a
  // steady pace from (fromX, fromY) at step `from` to (x0, y0) at step `to`,
  // and stays there (a line's other cells shifted with it), its cells spread
  // as a moving point's (in float mode), so that a drag leaves no trail of
  // grid-scale ripples behind. Like addedWhileRunning, not what the source is:
  // == and scene files leave it out.
  struct Glide {
    double fromX = 0, fromY = 0;
    long long from = 0, to = 0;
  };
  std::optional<Glide> glide = std::nullopt;

  bool isLine() const { return !moving && (x0 != x1 || y0 != y1); }
  // Where a point (a line's first end) is before step `step`: a moving or
  // gliding one on its way, any other at (x0, y0).
  std::pair<double, double> placeAt(long long step) const;
  bool activeAt(long long step) const { return step >= start && (!end || step < *end); }
  // The height its cells get before step `step` (it must be active).
  float valueAt(long long step) const;
  // The cells it moves before step `step`: the line's, all the way. A moving
  // or gliding point's lie within kMovingSourceRadius of its place then, each
  // moved by the raised cosine of its distance, (1 + cos(pi d / radius)) / 2,
  // as a smooth stone's; with `wholeCells` (classic mode, whose heights stay
  // whole numbers) its one nearest cell, all the way. A gliding line's: each
  // of its cells so, shifted as its first end.
  std::vector<SourceCell> cellsAt(long long step, bool wholeCells) const;
  bool operator==(const WorldSource& o) const {
    return x0 == o.x0 && y0 == o.y0 && x1 == o.x1 && y1 == o.y1 && period == o.period && amplitude == o.amplitude &&
           start == o.start && end == o.end && moving == o.moving;
  }
};

// A speed factor of a cell: 0 is a wall, 255 open water at the base speed,
// v in between runs at v / 255 of it.
using CellSpeed = std::uint8_t;
inline constexpr CellSpeed kWallCell = 0;
inline constexpr CellSpeed kOpenWater = 255;

struct WaterWorld {
  int width = 0, height = 0;  // the visible grid, in cells
  // One speed factor a visible cell, row-major, row 0 at the top; empty:
  // open water everywhere.
  std::vector<CellSpeed> speed;
  WallKind wallKind = WallKind::Reflecting;
  Edge leftRightEdges = Edge::Fixed;
  Edge topBottomEdges = Edge::Fixed;
  std::vector<WorldSource> sources;

  WaterWorld() = default;
  WaterWorld(int w, int h) : width(w), height(h) {}

  CellSpeed speedAt(int x, int y) const {
    return speed.empty() ? kOpenWater : speed[static_cast<size_t>(y) * width + x];
  }
  bool isWall(int x, int y) const { return speedAt(x, y) == kWallCell; }
  bool hasWalls() const;
  bool hasSlowWater() const;  // any cell that is neither wall nor open water
  // Whether the step needs the world's per-cell coefficients at all: walls,
  // slow water or an edge other than the seeds' fixed one. Without them the
  // plain step runs, with exactly its bits.
  bool shapesTheStep() const;
  // Sets one cell's speed factor (allocating the per-cell array on first use).
  void setSpeed(int x, int y, CellSpeed v);
  // Walls that touch only at a corner are joined with one more wall cell, so
  // that no diagonal neighbour (the nine-point stencil's) reaches across a
  // wall one cell thick.
  void closeDiagonalGaps();
};

// A straight wall from cell (x0, y0) to (x1, y1), `thickness` cells thick: a
// square of thickness x thickness cells, its top-left corner at
// floor(thickness / 2) up and left of each cell of a 4-connected line (no
// step diagonal only), so that even a wall one cell thick is closed. A wall of
// length 0 is a post.
struct WallSegment {
  int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  int thickness = 2;
  bool operator==(const WallSegment& o) const {
    return x0 == o.x0 && y0 == o.y0 && x1 == o.x1 && y1 == o.y1 && thickness == o.thickness;
  }
};
void paintWall(WaterWorld& world, const WallSegment& wall, CellSpeed value = kWallCell);
// The part of `wall` that can reach a w x h grid: its line cut to the grid
// widened by the thickness, the cut ends rounded to cells; none where it
// misses. A wall within that reach is returned as it is. Walls are cut
// first so that one given from far off the grid never walks its length.
std::optional<WallSegment> wallWithinReach(const WallSegment& wall, int w, int h);

// A region of slow water: a polygon of three corners or more, or (with no
// corners) a disc. A cell whose centre lies inside gets `speed`.
struct MediumRegion {
  std::vector<std::pair<int, int>> corners;  // in order around the polygon
  int centreX = 0, centreY = 0, radius = 0;  // the disc, when there are no corners
  CellSpeed speed = 128;
  bool operator==(const MediumRegion& o) const {
    return corners == o.corners && centreX == o.centreX && centreY == o.centreY && radius == o.radius &&
           speed == o.speed;
  }
};
void paintMedium(WaterWorld& world, const MediumRegion& region);

// The cells of a 4-connected line from (x0, y0) to (x1, y1), both ends in.
std::vector<std::pair<int, int>> lineCells(int x0, int y0, int x1, int y1);

}  // namespace ripple
