// The window's wave-tank tools as edits of a world (src/lib/core/tank_tools.hpp):
// painted walls are continuous and closed however far apart the stroke's
// ends, the eraser opens them, slow water gets the slider's speed, a world
// carried to another grid keeps its walls closed and its sources in place,
// and sources are found near a click (ripple/scene.hpp) and moved.
#include <gtest/gtest.h>

#include <climits>
#include <queue>
#include <vector>

#include "core/tank_tools.hpp"
#include "ripple/scene.hpp"
#include "ripple/types.hpp"

namespace ripple {
namespace {

// Whether water can get from (x0, y0) to (x1, y1) without crossing a wall,
// stepping to any of the eight neighbours: the nine-point stencil's reach,
// so a wall that only touches at a corner counts as open.
bool waterConnects(const WaterWorld& world, int x0, int y0, int x1, int y1) {
  std::vector<bool> seen(static_cast<size_t>(world.width) * world.height, false);
  std::queue<std::pair<int, int>> todo;
  EXPECT_FALSE(world.isWall(x0, y0)) << "the start is a wall: nothing to flood";
  auto visit = [&](int x, int y) {
    if (x < 0 || y < 0 || x >= world.width || y >= world.height) return;
    const size_t i = static_cast<size_t>(y) * world.width + x;
    if (seen[i] || world.isWall(x, y)) return;
    seen[i] = true;
    todo.emplace(x, y);
  };
  visit(x0, y0);
  while (!todo.empty()) {
    const auto [x, y] = todo.front();
    todo.pop();
    if (x == x1 && y == y1) return true;
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx) visit(x + dx, y + dy);
  }
  return false;
}

int countCells(const WaterWorld& world, CellSpeed value) {
  int n = 0;
  for (int y = 0; y < world.height; ++y)
    for (int x = 0; x < world.width; ++x) n += world.speedAt(x, y) == value;
  return n;
}

// A closed loop of four strokes between far-apart corners (as a mouse that
// jumped from corner to corner between two motion events would paint it).
WaterWorld loop(int thickness) {
  WaterWorld world(120, 90);
  const int corners[][2] = {{20, 10}, {100, 27}, {87, 80}, {9, 61}};
  for (int i = 0; i < 4; ++i) {
    const auto* a = corners[i];
    const auto* b = corners[(i + 1) % 4];
    paintStroke(world, a[0], a[1], b[0], b[1], thickness, kWallCell);
  }
  return world;
}

TEST(TankTools, AStrokeBetweenFarCellsIsAClosedWall) {
  for (int thickness : {1, 2, 5}) {
    const WaterWorld world = loop(thickness);
    EXPECT_FALSE(waterConnects(world, 55, 45, 2, 2)) << "thickness " << thickness << ": the loop leaks";
    EXPECT_TRUE(waterConnects(world, 2, 2, 117, 87)) << "outside is one piece of water";
    // Every cell of the strokes' lines is wall: no gap along the way.
    for (const auto& [x, y] : lineCells(20, 10, 100, 27)) EXPECT_TRUE(world.isWall(x, y)) << x << "," << y;
    // And no two walls touch at a corner only.
    for (int y = 0; y + 1 < world.height; ++y)
      for (int x = 0; x + 1 < world.width; ++x) {
        const bool a = world.isWall(x, y), b = world.isWall(x + 1, y), c = world.isWall(x, y + 1),
                   d = world.isWall(x + 1, y + 1);
        EXPECT_FALSE((a && d && !b && !c) || (b && c && !a && !d)) << "a diagonal gap at " << x << "," << y;
      }
  }
  // Two strokes that meet only at a corner (the mouse let go and pressed
  // again) make one closed wall.
  WaterWorld split(40, 40);
  paintStroke(split, 20, 0, 20, 20, 1, kWallCell);
  paintStroke(split, 21, 21, 21, 39, 1, kWallCell);
  EXPECT_FALSE(waterConnects(split, 5, 20, 35, 20)) << "water slips between two walls that touch at a corner";
  // A wall one cell thick is as thin as it gets: a diagonal stroke has about
  // two cells a step, no more.
  EXPECT_LT(countCells(loop(1), kWallCell), 2 * (90 + 80 + 80 + 50));
}

TEST(TankTools, TheEraserOpensWallsAndSlowWater) {
  WaterWorld world = loop(3);
  paintStroke(world, 30, 40, 60, 40, 6, slowWaterSpeed(0.5f));
  ASSERT_FALSE(waterConnects(world, 55, 45, 2, 2));
  // Across the loop's left side: the water inside meets the water outside.
  paintStroke(world, 0, 45, 25, 45, 4, kOpenWater);
  EXPECT_TRUE(waterConnects(world, 55, 45, 2, 2)) << "the eraser should open the wall";
  for (int y = 44; y <= 46; ++y)
    for (int x = 0; x <= 25; ++x) EXPECT_EQ(world.speedAt(x, y), kOpenWater) << x << "," << y;
  EXPECT_TRUE(world.isWall(20, 10)) << "walls away from the eraser stay";
  paintStroke(world, 30, 40, 60, 40, 8, kOpenWater);
  EXPECT_FALSE(world.hasSlowWater()) << "the eraser takes slow water too";
}

TEST(TankTools, SlowWaterGetsTheSlidersSpeed) {
  EXPECT_EQ(slowWaterSpeed(1.0f), 255);
  EXPECT_EQ(slowWaterSpeed(0.5f), 128);  // 127.5, rounded
  EXPECT_EQ(slowWaterSpeed(0.1f), 26);   // 25.5
  EXPECT_EQ(slowWaterSpeed(0.25f), 64);  // 63.75
  EXPECT_EQ(slowWaterSpeed(0.001f), 1) << "never 0: that would be a wall";
  EXPECT_EQ(slowWaterSpeed(0.0f), 1);
  EXPECT_EQ(slowWaterSpeed(2.0f), 255);

  WaterWorld world(50, 40);
  paintStroke(world, 5, 20, 44, 20, 3, slowWaterSpeed(0.3f));
  EXPECT_EQ(countCells(world, 77), 42 * 3);  // 76.5; the brush reaches a cell past each end
  EXPECT_EQ(world.speedAt(5, 19), 77);
  EXPECT_EQ(world.speedAt(5, 18), kOpenWater);
  EXPECT_TRUE(world.hasSlowWater());
  EXPECT_FALSE(world.hasWalls());
  // Slow water over a wall replaces it: the wall is gone where it was painted.
  paintStroke(world, 25, 0, 25, 39, 1, kWallCell);
  paintStroke(world, 0, 20, 49, 20, 1, slowWaterSpeed(0.3f));
  EXPECT_EQ(world.speedAt(25, 20), 77);
}

TEST(TankTools, AResampledWorldKeepsItsWallsAndSources) {
  WaterWorld world = loop(1);
  world.leftRightEdges = Edge::Absorbing;
  world.topBottomEdges = Edge::Wrap;
  world.wallKind = WallKind::Held;
  paintStroke(world, 40, 50, 60, 50, 4, 100);
  addSource(world, 55, 45, 16, 30, 7);
  world.sources.push_back(world.sources[0]);
  world.sources[1].x0 = 10;
  world.sources[1].y0 = 80;
  world.sources[1].x1 = 110;
  world.sources[1].y1 = 80;

  const WaterWorld same = resampledWorld(world, world.width, world.height);
  EXPECT_EQ(same.speed, world.speed) << "the same size is the same world";

  const WaterWorld bigger = resampledWorld(world, 240, 180);
  EXPECT_EQ(bigger.width, 240);
  EXPECT_EQ(bigger.height, 180);
  EXPECT_EQ(bigger.leftRightEdges, Edge::Absorbing);
  EXPECT_EQ(bigger.topBottomEdges, Edge::Wrap);
  EXPECT_EQ(bigger.wallKind, WallKind::Held);
  for (int y = 0; y < 180; ++y)
    for (int x = 0; x < 240; ++x) ASSERT_EQ(bigger.speedAt(x, y), world.speedAt(x / 2, y / 2)) << x << "," << y;
  ASSERT_EQ(bigger.sources.size(), 2u);
  EXPECT_EQ(bigger.sources[0].x0, 111);  // the centre of cell 55 is at 55.5 of 120: 111 of 240
  EXPECT_EQ(bigger.sources[0].y0, 91);
  EXPECT_EQ(bigger.sources[0].period, 16);
  EXPECT_EQ(bigger.sources[0].amplitude, 30);
  EXPECT_EQ(bigger.sources[0].start, 7);
  EXPECT_EQ(bigger.sources[1].x1, 221);
  EXPECT_EQ(bigger.sources[1].y1, 161);
  // A source dragged while the grid changes: its glide's path lay on the
  // old grid, so it sings from its new cell until the drag moves it again.
  world.sources[0].glide = WorldSource::Glide{20.0, 30.0, 0, 1000};
  EXPECT_EQ(resampledWorld(world, 240, 180).sources[0].cellsAt(500, false), (std::vector<SourceCell>{{111, 91, 1.0f}}));

  // A grid a third the size (and not evenly): the wall one cell thick is
  // still closed, though nearest-neighbour sampling alone would skip cells.
  const WaterWorld smaller = resampledWorld(world, 37, 29);
  EXPECT_FALSE(waterConnects(smaller, 55 * 37 / 120, 45 * 29 / 90, 0, 0)) << "the loop leaks after shrinking";
  EXPECT_TRUE(smaller.hasSlowWater());
  EXPECT_EQ(smaller.sources[0].x0, 17);  // 55.5 * 37 / 120 = 17.1
  EXPECT_EQ(smaller.sources[0].y0, 14);  // 45.5 * 29 / 90 = 14.7
  for (const WorldSource& s : smaller.sources) {
    EXPECT_LT(s.x1, 37);
    EXPECT_LT(s.y1, 29);
  }
  // And back up: still closed.
  EXPECT_FALSE(waterConnects(resampledWorld(smaller, 120, 90), 55, 45, 0, 0));
}

TEST(TankTools, ASourceIsFoundNearAClick) {
  EXPECT_FALSE(sourceNear({}, 10, 10, 3).has_value()) << "no sources, none found";
  const std::vector<Source> sources = {{20, 20, 20, 20}, {26, 20, 26, 20}, {50, 60, 90, 60}};  // two points, a line
  EXPECT_EQ(sourceNear(sources, 20, 20, 3), 0u);
  EXPECT_EQ(sourceNear(sources, 22, 22, 3), 0u);
  EXPECT_EQ(sourceNear(sources, 24, 18, 3), 1u) << "the nearer of two";
  EXPECT_EQ(sourceNear(sources, 70, 62, 3), 2u) << "anywhere along a line";
  EXPECT_FALSE(sourceNear(sources, 20, 24, 3).has_value()) << "four cells off is beyond a reach of three";
  EXPECT_EQ(sourceNear(sources, 20, 24, 4), 0u);
  EXPECT_FALSE(sourceNear(sources, 70, 50, 3).has_value());
  EXPECT_FALSE(sourceNear(sources, INT_MIN, INT_MAX, INT_MAX).has_value()) << "a click however far off";
  // A host's own list may hold anything: a line across all of int would be
  // billions of cells.
  EXPECT_THROW(sourceNear({{INT_MIN, 0, INT_MAX, 0}}, 0, 0, 3), Error);
}

TEST(TankTools, ASourceIsAddedAndMoved) {
  WaterWorld world(100, 80);
  addSource(world, 30, 40, 1.0, 5000.0f, 123);
  ASSERT_EQ(world.sources.size(), 1u);
  const WorldSource& s = world.sources[0];
  EXPECT_FALSE(s.isLine());
  EXPECT_EQ(s.start, 123);
  EXPECT_FALSE(s.end.has_value()) << "it sings until it is removed";
  EXPECT_EQ(s.period, kMinSourcePeriod) << "no period shorter than two steps";
  EXPECT_EQ(s.amplitude, kMaxSourceAmplitude);

  moveSource(world, 0, 70, 10);
  EXPECT_EQ(s.x0, 70);
  EXPECT_EQ(s.y0, 10);
  EXPECT_EQ(s.x1, 70);
  EXPECT_EQ(s.y1, 10);
  EXPECT_EQ(s.start, 123) << "a moved source sings on in the same phase";
  moveSource(world, 0, -5, 200);
  EXPECT_EQ(s.x0, 0) << "kept on the grid";
  EXPECT_EQ(s.y0, 79);

  // A line keeps its length and direction, and stays whole on the grid.
  world.sources[0] = WorldSource{10, 10, 40, 20, 20.0, 32.0f, 0, {}};
  moveSource(world, 0, 20, 30);
  EXPECT_EQ(world.sources[0].x0, 20);
  EXPECT_EQ(world.sources[0].y0, 30);
  EXPECT_EQ(world.sources[0].x1, 50);
  EXPECT_EQ(world.sources[0].y1, 40);
  moveSource(world, 0, 90, 75);
  EXPECT_EQ(world.sources[0].x1, 99);
  EXPECT_EQ(world.sources[0].x0, 69);
  EXPECT_EQ(world.sources[0].y1, 79);
  EXPECT_EQ(world.sources[0].y0, 69);
  moveSource(world, 5, 1, 1);  // no such source: nothing happens
  EXPECT_EQ(world.sources.size(), 1u);
}

}  // namespace
}  // namespace ripple
