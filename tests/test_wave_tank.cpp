// The wave tank's physics, measured from the heights of the CPU reference
// (the GPU is held to it in gpu_vs_cpu): closed walls hold the water, walls
// and edges reflect with the sign they should, slow water reflects and
// shortens waves as the wave equation says, a double slit puts its fringes
// where sin(theta) = m lambda / d, wrapping edges are periodic, and sources
// keep the mean level bounded. Figures are printed; README.md quotes them.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <queue>
#include <vector>

#include "core/cpu_reference.hpp"
#include "core/scenario_driver.hpp"
#include "core/verify.hpp"
#include "core/water_world.hpp"
#include "core/world_grid.hpp"

namespace ripple {
namespace {

constexpr double kPi = 3.14159265358979323846;

WaterRule ruleWith(Mode mode, Stencil stencil, float damping, const WaterWorld& world) {
  WaterRule rule;
  rule.mode = mode;
  rule.damping = damping;
  rule.stencil = mode == Mode::Classic ? Stencil::Five : stencil;
  rule.courant = mode == Mode::Classic ? kSeedCourant : (stencil == Stencil::Nine ? 0.8f : kSeedCourant);
  rule.world = std::make_shared<const WaterWorld>(world);
  return rule;
}

// The cells reachable from (x, y) without crossing a wall, 4-connected.
std::vector<bool> reachable(const WaterWorld& world, int x0, int y0) {
  std::vector<bool> seen(static_cast<size_t>(world.width) * world.height, false);
  std::queue<std::pair<int, int>> todo;
  todo.emplace(x0, y0);
  seen[static_cast<size_t>(y0) * world.width + x0] = true;
  while (!todo.empty()) {
    const auto [x, y] = todo.front();
    todo.pop();
    for (const auto& [dx, dy] : {std::pair{1, 0}, std::pair{-1, 0}, std::pair{0, 1}, std::pair{0, -1}}) {
      const int nx = x + dx, ny = y + dy;
      if (nx < 0 || ny < 0 || nx >= world.width || ny >= world.height || world.isWall(nx, ny)) continue;
      const size_t i = static_cast<size_t>(ny) * world.width + nx;
      if (!seen[i]) {
        seen[i] = true;
        todo.emplace(nx, ny);
      }
    }
  }
  return seen;
}

struct BoxCase {
  Mode mode;
  Stencil stencil;
  WallKind kind;
  bool diagonal;
};

class ClosedBox : public testing::TestWithParam<BoxCase> {};

// Waves inside a closed wall one cell thick never reach the outside: after
// 2000 undamped steps of stones and rain inside, every cell outside is
// exactly 0, in both fields.
TEST_P(ClosedBox, NothingLeaksThroughAWallOneCellThick) {
  const BoxCase c = GetParam();
  constexpr int kSide = 140, kCentre = kSide / 2;
  WaterWorld world(kSide, kSide);
  world.wallKind = c.kind;
  if (c.diagonal) {  // a diamond
    const int r = 50;
    const int corners[5][2] = {{kCentre, kCentre - r}, {kCentre + r, kCentre}, {kCentre, kCentre + r},
                               {kCentre - r, kCentre}, {kCentre, kCentre - r}};
    for (int i = 0; i < 4; ++i) {
      paintWall(world, {corners[i][0], corners[i][1], corners[i + 1][0], corners[i + 1][1], 1});
    }
  } else {
    const int a = 20, b = kSide - 21;
    paintWall(world, {a, a, b, a, 1});
    paintWall(world, {b, a, b, b, 1});
    paintWall(world, {b, b, a, b, 1});
    paintWall(world, {a, b, a, a, 1});
  }
  world.closeDiagonalGaps();
  const std::vector<bool> outside = reachable(world, 1, 1);
  ASSERT_FALSE(outside[static_cast<size_t>(kCentre) * kSide + kCentre]) << "the box is not closed";

  CpuReference water(kSide, kSide);
  const WaterRule rule = ruleWith(c.mode, c.stencil, 0.0f, world);
  ScenarioDriver driver({{0, {kCentre, kCentre, 12, 200.0f, StoneShape::Disc}},
                         {300, {kCentre - 15, kCentre + 10, 6, -150.0f, StoneShape::Disc}}});
  driver.advance({&water}, 2000, rule, {});
  long outsideNonZero = 0, insideNonZero = 0;
  for (int y = 0; y < kSide; ++y) {
    for (int x = 0; x < kSide; ++x) {
      const bool out = outside[static_cast<size_t>(y) * kSide + x];
      const bool moving = water.state().cur.at(x, y) != 0.0f || water.state().prev.at(x, y) != 0.0f;
      if (out && moving) ++outsideNonZero;
      if (!out && moving) ++insideNonZero;
    }
  }
  std::printf("  %s mode, %s-point stencil, %s %s wall: %ld cells moving inside, %ld outside after 2000 steps\n",
              modeName(c.mode), stencilName(rule.stencil), c.diagonal ? "diagonal" : "straight",
              c.kind == WallKind::Held ? "held" : "reflecting", insideNonZero, outsideNonZero);
  EXPECT_GT(insideNonZero, 1000);  // the water inside is still moving
  EXPECT_EQ(outsideNonZero, 0);
}

INSTANTIATE_TEST_SUITE_P(
    ModesStencilsWalls, ClosedBox,
    testing::Values(BoxCase{Mode::Float, Stencil::Nine, WallKind::Reflecting, false},
                    BoxCase{Mode::Float, Stencil::Nine, WallKind::Reflecting, true},
                    BoxCase{Mode::Float, Stencil::Five, WallKind::Reflecting, true},
                    BoxCase{Mode::Float, Stencil::Nine, WallKind::Held, true},
                    BoxCase{Mode::Classic, Stencil::Five, WallKind::Reflecting, false},
                    BoxCase{Mode::Classic, Stencil::Five, WallKind::Reflecting, true},
                    BoxCase{Mode::Classic, Stencil::Five, WallKind::Held, true}),
    [](const testing::TestParamInfo<BoxCase>& info) {
      return std::string(modeName(info.param.mode)) + "_" + stencilName(info.param.stencil) + "_" +
             (info.param.kind == WallKind::Held ? "held" : "reflecting") + "_" +
             (info.param.diagonal ? "diagonal" : "straight");
    });

// A plane pulse in a channel: a long grid whose top and bottom edges are
// free, so that a pulse uniform across it stays uniform. It starts at rest
// as a bump at x = start, which splits into two halves running left and
// right; what comes back from the right, once the right half has met the
// edge or wall there, is measured against the half that went.
struct Channel {
  static constexpr int kLength = 600, kWidth = 6;
  WaterWorld world{kLength, kWidth};
  Channel(Edge horizontal) {
    world.horizontalEdges = horizontal;
    world.verticalEdges = Edge::Free;
  }
};

// The signed peak (the value of largest magnitude) of the heights over x in [x0, x1) of the middle row.
double signedPeak(const HeightField& h, int x0, int x1) {
  double best = 0;
  for (int x = x0; x < x1; ++x) {
    const double v = h.at(x, h.height / 2);
    if (std::abs(v) > std::abs(best)) best = v;
  }
  return best;
}

// What comes back from the channel's right end, as a fraction of the pulse
// that went (negative: upside down). The pulse is a Gaussian of width
// `sigma` cells, launched at x = 400; the grid ends at x = 599.
double reflectedFraction(const WaterWorld& world, Stencil stencil, double sigma) {
  const WaterRule rule = ruleWith(Mode::Float, stencil, 0.0f, world);
  CpuReference water(world.width, world.height);
  water.prepareWorld(rule);
  const GridLayout l = water.layout();
  WaterState s = water.state();
  for (int y = 0; y < world.height; ++y) {
    for (int x = 0; x < world.width; ++x) {
      const double d = (x - 400) / sigma;
      s.cur.at(x + l.left, y + l.top) = s.prev.at(x + l.left, y + l.top) = static_cast<float>(100 * std::exp(-d * d / 2));
    }
  }
  water.setState(s);
  ScenarioDriver driver;
  // Each half starts at 50; the right one comes back to x = 480 after
  // running 119 + 119 - 80 cells, while the left one is far away.
  const int steps = static_cast<int>(std::lround((2 * 199.0 - 80) / rule.courant));
  driver.advance({&water}, steps, rule, {});
  const HeightField visible = visibleHeights(water.state().cur, water.layout());
  return signedPeak(visible, 420, 560) / 50.0;
}

// Reflecting walls and free edges send a wave back upright; the seeds'
// fixed edge and held walls upside down.
TEST(Reflection, UprightFromFreeEdgesAndWallsInvertedFromFixedOnes) {
  for (Stencil stencil : {Stencil::Five, Stencil::Nine}) {
    Channel free(Edge::Free), fixed(Edge::Fixed), walled(Edge::Fixed), held(Edge::Fixed);
    paintWall(walled.world, {580, 0, 580, Channel::kWidth - 1, 3});
    paintWall(held.world, {580, 0, 580, Channel::kWidth - 1, 3});
    held.world.wallKind = WallKind::Held;
    const double rFree = reflectedFraction(free.world, stencil, 6);
    const double rFixed = reflectedFraction(fixed.world, stencil, 6);
    const double rWall = reflectedFraction(walled.world, stencil, 6);
    const double rHeld = reflectedFraction(held.world, stencil, 6);
    std::printf("  %s-point stencil: what comes back from a free edge %+.3f, a fixed edge %+.3f, a reflecting "
                "wall %+.3f, a held wall %+.3f of the pulse\n",
                stencilName(stencil), rFree, rFixed, rWall, rHeld);
    EXPECT_GT(rFree, 0.9);
    EXPECT_GT(rWall, 0.9);
    EXPECT_LT(rFixed, -0.9);
    EXPECT_LT(rHeld, -0.9);
  }
}

// Wrapping edges make the grid a torus: the same stone one place further
// right gives the same water one place further right, bit for bit, however
// often the rings have crossed the edges.
TEST(WrapEdges, ATorusTranslatesExactly) {
  for (Stencil stencil : {Stencil::Five, Stencil::Nine}) {
    constexpr int kW = 61, kH = 47, kShift = 23;
    WaterWorld world(kW, kH);
    world.horizontalEdges = world.verticalEdges = Edge::Wrap;
    const WaterRule rule = ruleWith(Mode::Float, stencil, 0.001f, world);
    CpuReference a(kW, kH), b(kW, kH);
    ScenarioDriver da({{0, {5, 7, 4, 80.0f, StoneShape::Smooth}}}), db({{0, {5 + kShift, 7, 4, 80.0f, StoneShape::Smooth}}});
    da.advance({&a}, 400, rule, {});
    db.advance({&b}, 400, rule, {});
    long differing = 0;
    for (int y = 0; y < kH; ++y)
      for (int x = 0; x < kW; ++x)
        if (a.state().cur.at(x, y) != b.state().cur.at((x + kShift) % kW, y)) ++differing;
    EXPECT_EQ(differing, 0) << stencilName(stencil) << "-point stencil";
    EXPECT_GT(largestHeight(a.state().cur), 0.5f);
  }
}

}  // namespace
}  // namespace ripple
