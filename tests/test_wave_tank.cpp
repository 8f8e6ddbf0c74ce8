// The wave tank's physics, measured from the heights of the CPU reference
// (the GPU is held to it in gpu_vs_cpu): closed walls hold the water, walls
// and edges reflect with the sign they should, slow water reflects and
// shortens waves as the wave equation says, a double slit puts its fringes
// where sin(theta) = m lambda / d, wrapping edges are periodic, sources
// keep the mean level bounded, and a moving source's waves are crowded ahead
// and stretched behind as Doppler says. Figures are printed; docs/physics.md
// quotes them.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <queue>
#include <vector>

#include "core/cpu_reference.hpp"
#include "core/scenario_driver.hpp"
#include "core/tank_look.hpp"
#include "core/tank_tools.hpp"
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
  std::queue<std::pair<int, int>> frontier;
  frontier.emplace(x0, y0);
  seen[static_cast<size_t>(y0) * world.width + x0] = true;
  while (!frontier.empty()) {
    const auto [x, y] = frontier.front();
    frontier.pop();
    for (const auto& [dx, dy] : {std::pair{1, 0}, std::pair{-1, 0}, std::pair{0, 1}, std::pair{0, -1}}) {
      const int nx = x + dx, ny = y + dy;
      if (nx < 0 || ny < 0 || nx >= world.width || ny >= world.height || world.isWall(nx, ny)) continue;
      const size_t i = static_cast<size_t>(ny) * world.width + nx;
      if (!seen[i]) {
        seen[i] = true;
        frontier.emplace(nx, ny);
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
    const int corners[5][2] = {{kCentre, kCentre - r},
                               {kCentre + r, kCentre},
                               {kCentre, kCentre + r},
                               {kCentre - r, kCentre},
                               {kCentre, kCentre - r}};
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
              wordOf(c.mode), wordOf(rule.stencil), c.diagonal ? "diagonal" : "straight",
              c.kind == WallKind::Held ? "held" : "reflecting", insideNonZero, outsideNonZero);
  EXPECT_GT(insideNonZero, 1000);  // the water inside is still moving
  EXPECT_EQ(outsideNonZero, 0);
}

INSTANTIATE_TEST_SUITE_P(ModesStencilsWalls, ClosedBox,
                         testing::Values(BoxCase{Mode::Float, Stencil::Nine, WallKind::Reflecting, false},
                                         BoxCase{Mode::Float, Stencil::Nine, WallKind::Reflecting, true},
                                         BoxCase{Mode::Float, Stencil::Five, WallKind::Reflecting, true},
                                         BoxCase{Mode::Float, Stencil::Nine, WallKind::Held, true},
                                         BoxCase{Mode::Classic, Stencil::Five, WallKind::Reflecting, false},
                                         BoxCase{Mode::Classic, Stencil::Five, WallKind::Reflecting, true},
                                         BoxCase{Mode::Classic, Stencil::Five, WallKind::Held, true}),
                         [](const testing::TestParamInfo<BoxCase>& info) {
                           return std::string(wordOf(info.param.mode)) + "_" + wordOf(info.param.stencil) + "_" +
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
    world.leftRightEdges = horizontal;
    world.topBottomEdges = Edge::Free;
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
double reflectedFraction(const WaterWorld& world, Mode mode, Stencil stencil, double sigma) {
  const WaterRule rule = ruleWith(mode, stencil, 0.0f, world);
  CpuReference water(world.width, world.height);
  water.prepareWorld(rule);
  const GridLayout l = water.layout();
  WaterState s = water.state();
  for (int y = 0; y < world.height; ++y) {
    for (int x = 0; x < world.width; ++x) {
      const double d = (x - 400) / sigma;
      float h = static_cast<float>(100 * std::exp(-d * d / 2));
      if (mode == Mode::Classic) h = std::round(h);  // classic mode's whole heights
      s.cur.at(x + l.left, y + l.top) = s.prev.at(x + l.left, y + l.top) = h;
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
  for (const auto& [mode, stencil] : {std::pair{Mode::Float, Stencil::Five}, std::pair{Mode::Float, Stencil::Nine}}) {
    Channel free(Edge::Free), fixed(Edge::Fixed), walled(Edge::Fixed), held(Edge::Fixed);
    paintWall(walled.world, {580, 0, 580, Channel::kWidth - 1, 3});
    paintWall(held.world, {580, 0, 580, Channel::kWidth - 1, 3});
    held.world.wallKind = WallKind::Held;
    const double rFree = reflectedFraction(free.world, mode, stencil, 6);
    const double rFixed = reflectedFraction(fixed.world, mode, stencil, 6);
    const double rWall = reflectedFraction(walled.world, mode, stencil, 6);
    const double rHeld = reflectedFraction(held.world, mode, stencil, 6);
    std::printf(
        "  %s mode, %s-point stencil: what comes back from a free edge %+.3f, a fixed edge %+.3f, a reflecting "
        "wall %+.3f, a held wall %+.3f of the pulse\n",
        wordOf(mode), wordOf(stencil), rFree, rFixed, rWall, rHeld);
    EXPECT_GT(rFree, 0.9);
    EXPECT_GT(rWall, 0.9);
    EXPECT_LT(rFixed, -0.9);
    EXPECT_LT(rHeld, -0.9);
  }
}

// Zero crossings of the middle row over x in [x0, x1), interpolated.
std::vector<double> zeroCrossings(const HeightField& h, int x0, int x1) {
  std::vector<double> at;
  const int y = h.height / 2;
  for (int x = x0; x + 1 < x1; ++x) {
    const double a = h.at(x, y), b = h.at(x + 1, y);
    if ((a > 0) != (b > 0)) at.push_back(x + a / (a - b));
  }
  return at;
}

double wavelengthFrom(const std::vector<double>& crossings) {
  return 2 * (crossings.back() - crossings.front()) / (crossings.size() - 1);
}

// Slow water: at a step from open water into water at half the speed, a
// wave reflects |c2 - c1| / (c2 + c1) of its amplitude (one third), and its
// wavelength inside shrinks by the ratio of the speeds.
TEST(SlowWater, ReflectsAThirdAndShortensTheWaveAtHalfSpeed) {
  constexpr int kLength = 800, kWidth = 6, kInterface = 400;
  constexpr CellSpeed kHalf = 128;
  const double ratio = kHalf / 255.0;  // c2 / c1
  const double expected = (1 - ratio) / (1 + ratio);
  WaterWorld world(kLength, kWidth);
  world.topBottomEdges = Edge::Free;
  for (int y = 0; y < kWidth; ++y)
    for (int x = kInterface; x < kLength; ++x) world.setSpeed(x, y, kHalf);

  // A pulse (half of a bump at x = 200) meets the step and a third of it
  // comes back, upside down (into slower water, as at a fixed end).
  WaterRule rule = ruleWith(Mode::Float, Stencil::Nine, 0.0f, world);
  CpuReference water(kLength, kWidth);
  WaterState s(kLength, kWidth);
  for (int y = 0; y < kWidth; ++y) {
    for (int x = 0; x < kLength; ++x) {
      const double d = (x - 200) / 8.0;
      s.cur.at(x, y) = s.prev.at(x, y) = static_cast<float>(100 * std::exp(-d * d / 2));
    }
  }
  water.setState(s);
  ScenarioDriver driver;
  driver.advance({&water}, static_cast<int>(300 / rule.courant), rule, {});
  const double reflected = signedPeak(water.state().cur, 220, 380) / 50.0;
  std::printf("  a pulse into water at %.3f of the speed: %+.4f of it comes back (theory %.4f, %+.1f%%)\n", ratio,
              reflected, -expected, (std::abs(reflected) / expected - 1) * 100);
  EXPECT_LT(reflected, 0.0);
  EXPECT_NEAR(std::abs(reflected), expected, 0.1 * expected);

  // A plane wave from a line source: its wavelength on either side.
  world.sources.push_back({100, 0, 100, kWidth - 1, 40.0, 20.0f, 0, std::nullopt});
  rule = ruleWith(Mode::Float, Stencil::Nine, 0.0f, world);
  CpuReference waves(kLength, kWidth);
  ScenarioDriver singing;
  singing.advance({&waves}, 900, rule, {});
  const double fast = wavelengthFrom(zeroCrossings(waves.state().cur, 150, 390));
  const double slow = wavelengthFrom(zeroCrossings(waves.state().cur, 410, 560));
  std::printf(
      "  a source of period 40 steps: wavelength %.3f cells in open water, %.3f in slow water: ratio %.4f "
      "(the speeds' %.4f, %+.2f%%)\n",
      fast, slow, slow / fast, ratio, (slow / fast / ratio - 1) * 100);
  EXPECT_NEAR(slow / fast, ratio, 0.05 * ratio);
}

double meanLevel(const HeightField& h) {
  double sum = 0;
  for (float v : h.cells) sum += v;
  return sum / static_cast<double>(h.cells.size());
}

// Walls, edges and sources leave the mean level bounded: a source singing
// for 8,000 steps in a walled pool with free, wrapping or absorbing edges
// (absorbing with no damping at all: the layer is what takes the energy)
// keeps the mean of the water near 0, no further from it late than early.
TEST(WaterLevel, SourcesWallsAndEdgesDoNotMakeItDrift) {
  struct Case {
    Edge edge;
    float damping;
  };
  for (const Case c : {Case{Edge::Free, 0.006f}, Case{Edge::Wrap, 0.006f}, Case{Edge::Absorbing, 0.0f}}) {
    constexpr int kSide = 80;
    WaterWorld world(kSide, kSide);
    world.leftRightEdges = world.topBottomEdges = c.edge;
    paintWall(world, {20, 30, 60, 30, 2});
    world.sources.push_back({40, 50, 40, 50, 17.3, 60.0f, 0, std::nullopt});
    world.sources.push_back({10, 10, 30, 10, 23.0, 20.0f, 500, 4500});
    const WaterRule rule = ruleWith(Mode::Float, Stencil::Nine, c.damping, world);
    CpuReference water(kSide, kSide);
    ScenarioDriver driver;
    double early = 0, late = 0;
    for (int step = 0; step < 8000; ++step) {
      driver.advance({&water}, 1, rule, {});
      const double level = std::abs(meanLevel(visibleHeights(water.state().cur, water.layout())));
      if (step >= 2000 && step < 4000) early = std::max(early, level);
      if (step >= 6000) late = std::max(late, level);
    }
    std::printf(
        "  %s edges, damping %g: largest |mean level| %.4f over steps 2000-4000, %.4f over 6000-8000 "
        "(sources of amplitude 60 and 20)\n",
        wordOf(c.edge), c.damping, early, late);
    EXPECT_LT(late, 0.02 * 60);  // 2% of the larger source's amplitude
    EXPECT_LE(late, 2 * early + 0.05);
  }
}

// The frequency of a plane wave (kx, ky) on the grid: next = 2 h - prev +
// C^2 L h gives cos(w) = 1 + C^2 L(k) / 2, L the stencil's symbol.
double angularFrequency(Stencil stencil, double courant, double kx, double ky) {
  const double five = 2 * std::cos(kx) + 2 * std::cos(ky) - 4;
  const double symbol = stencil == Stencil::Five
                            ? five
                            : (4 * (2 * std::cos(kx) + 2 * std::cos(ky)) + 4 * std::cos(kx) * std::cos(ky) - 20) / 6;
  return std::acos(1 + courant * courant * symbol / 2);
}

// How much of a wave packet an absorbing edge sends back: a plane wave of
// the given wavelength under a Gaussian envelope (sigma 1.5 wavelengths),
// running right at `degrees` from the normal towards an absorbing edge, on
// a grid whose top and bottom wrap so that the wave stays plane. The peak
// at a column of cells in front of the edge, after the packet has passed it
// and come back, against the peak on the way in.
double absorbingReflection(Stencil stencil, double wavelength, double degrees) {
  const float courant = stencil == Stencil::Nine ? 0.8f : kSeedCourant;
  const double k = 2 * kPi / wavelength;
  // A height that holds a whole number of the wave's periods across it.
  int height = 4, periodsAcross = 0;
  if (degrees > 0) {
    const double across = wavelength / std::sin(degrees * kPi / 180);
    periodsAcross = static_cast<int>(std::ceil(60.0 / across));
    height = static_cast<int>(std::lround(across * periodsAcross));
  }
  const double ky = periodsAcross * 2 * kPi / height;
  const double kx = std::sqrt(std::max(0.0, k * k - ky * ky));
  const double w = angularFrequency(stencil, courant, kx, ky);
  const double groupX =
      (angularFrequency(stencil, courant, kx + 1e-4, ky) - angularFrequency(stencil, courant, kx - 1e-4, ky)) / 2e-4;
  const double sigma = 1.5 * wavelength;
  const int centre = static_cast<int>(3 * sigma) + 10, probe = centre + 10;
  const int width = probe + static_cast<int>(3 * sigma) + 40;

  WaterWorld world(width, height);
  world.leftRightEdges = Edge::Absorbing;
  world.topBottomEdges = Edge::Wrap;
  WaterRule rule = ruleWith(Mode::Float, stencil, 0.0f, world);
  rule.courant = courant;
  CpuReference water(width, height);
  water.setThreadCount(2);
  water.prepareWorld(rule);
  const GridLayout l = water.layout();
  WaterState s = water.state();
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      const auto wave = [&](double t) {
        const double e = (x - centre - groupX * t) / sigma;
        return 100 * std::exp(-e * e / 2) * std::cos(kx * x + ky * y - w * t);
      };
      s.cur.at(x + l.left, y + l.top) = static_cast<float>(wave(0));
      s.prev.at(x + l.left, y + l.top) = static_cast<float>(wave(-1));
    }
  }
  water.setState(s);
  // The packet's centre passes the probe at t1, and, reflected at the edge,
  // again at t2; the halfway time parts the two.
  const double t1 = (probe - centre) / groupX, t2 = (2.0 * width - probe - centre) / groupX;
  const int split = static_cast<int>((t1 + t2) / 2), end = static_cast<int>(t2 + 3 * sigma / groupX);
  double incoming = 0, reflected = 0;
  ScenarioDriver driver;
  for (int t = 1; t <= end; ++t) {
    driver.advance({&water}, 1, rule, {});
    double peak = 0;
    for (int y = 0; y < height; ++y)
      peak = std::max(peak, double(std::abs(water.state().cur.at(probe + l.left, y + l.top))));
    (t < split ? incoming : reflected) = std::max(t < split ? incoming : reflected, peak);
  }
  return reflected / incoming;
}

// Absorbing edges make an open sea: under 2% of a wave's amplitude comes
// back at normal incidence for wavelengths of 8 to 64 cells, under 5% at
// 45 degrees for 8 to 32 cells, with either stencil.
TEST(AbsorbingEdge, ReflectsUnderTwoPercentHeadOnAndFiveAtFortyFiveDegrees) {
  for (Stencil stencil : {Stencil::Nine, Stencil::Five}) {
    for (const auto& [wavelength, degrees, limit] :
         {std::tuple{8.0, 0.0, 0.02}, std::tuple{16.0, 0.0, 0.02}, std::tuple{32.0, 0.0, 0.02},
          std::tuple{64.0, 0.0, 0.02}, std::tuple{8.0, 45.0, 0.05}, std::tuple{16.0, 45.0, 0.05},
          std::tuple{32.0, 45.0, 0.05}}) {
      const double r = absorbingReflection(stencil, wavelength, degrees);
      std::printf("  %s-point stencil, wavelength %2.0f cells at %2.0f degrees: %.2f%% comes back\n", wordOf(stencil),
                  wavelength, degrees, r * 100);
      EXPECT_LT(r, limit) << wordOf(stencil) << "-point, wavelength " << wavelength << ", " << degrees << " degrees";
    }
  }
}

// Where two absorbing edges meet, the ring cells next to the corner run out
// upwind: two one-way edges that feed each other there blow up at the
// fastest water the nine-point stencil allows. A disc of stone dropped in
// the corner at that speed leaves the water calm, every edge absorbing.
TEST(AbsorbingEdge, StaysCalmAtItsCornersAtTheFastestSpeed) {
  for (Stencil stencil : {Stencil::Nine, Stencil::Five}) {
    WaterWorld world(60, 60);
    world.leftRightEdges = world.topBottomEdges = Edge::Absorbing;
    WaterRule rule = ruleWith(Mode::Float, stencil, 0.0f, world);
    rule.courant = maxCourant(stencil);
    CpuReference water(60, 60);
    ScenarioDriver driver({{0, {3, 3, 8, 400.0f, StoneShape::Disc}}});
    driver.advance({&water}, 3000, rule, {});
    float largest = 0;
    for (float h : water.state().cur.cells) largest = std::max(largest, std::isfinite(h) ? std::abs(h) : 1e30f);
    std::printf("  %s-point stencil at C = %.4f: the largest height left after 3000 steps %.3f (the stone 400)\n",
                wordOf(stencil), rule.courant, largest);
    EXPECT_LT(largest, 100.0f) << wordOf(stencil) << "-point";  // a blow-up grows without bound
  }
}

// A plane wave through a board with two slits d = 40 cells apart: bright
// fringes where sin(theta) = m lambda / d, lambda the wavelength the grid
// carries at the source's period (its dispersion relation). The time-averaged
// intensity on an arc 250 cells from the slits, in an open sea (absorbing
// edges), peaks within a degree and a half of each predicted angle.
TEST(DoubleSlit, BrightFringesWhereSinThetaIsMLambdaOverD) {
  constexpr int kSide = 400, kBoard = 100, kSlitGap = 40, kSlitWidth = 4, kRadius = 250;
  constexpr double kPeriod = 12.5;
  constexpr float kCourant = 0.8f;
  WaterWorld world(kSide, kSide);
  world.leftRightEdges = world.topBottomEdges = Edge::Absorbing;
  const int left = kSide / 2 - kSlitGap / 2, right = kSide / 2 + kSlitGap / 2;  // the slits' centres
  paintWall(world, {0, kBoard, left - kSlitWidth / 2 - 1, kBoard, 2});
  paintWall(world, {left + kSlitWidth / 2, kBoard, right - kSlitWidth / 2 - 1, kBoard, 2});
  paintWall(world, {right + kSlitWidth / 2, kBoard, kSide - 1, kBoard, 2});
  world.sources.push_back({0, 20, kSide - 1, 20, kPeriod, 30.0f, 0, std::nullopt});
  WaterRule rule = ruleWith(Mode::Float, Stencil::Nine, 0.0f, world);
  rule.courant = kCourant;
  ASSERT_FALSE(world.isWall(left, kBoard));
  ASSERT_TRUE(world.isWall(kSide / 2, kBoard));

  // The wavelength at this period, along an axis: cos(w) = 1 + C^2 L(k) / 2.
  const double w = 2 * kPi / kPeriod;
  double lo = 0.01, hi = kPi;
  for (int i = 0; i < 60; ++i) {
    const double mid = (lo + hi) / 2;
    (angularFrequency(Stencil::Nine, kCourant, 0, mid) < w ? lo : hi) = mid;
  }
  const double wavelength = 2 * kPi / lo;

  CpuReference water(kSide, kSide);
  water.setThreadCount(2);
  ScenarioDriver driver;
  driver.advance({&water}, 700, rule, {});
  HeightField intensity(kSide, kSide);
  for (int t = 0; t < 100; ++t) {
    driver.advance({&water}, 1, rule, {});
    const HeightField h = visibleHeights(water.state().cur, water.layout());
    for (size_t i = 0; i < h.cells.size(); ++i) intensity.cells[i] += h.cells[i] * h.cells[i];
  }
  // The intensity on the arc, bilinear between cells, every 0.1 degree.
  // Centred between the slits: the mean of the board's open cells.
  double openSum = 0;
  int open = 0;
  for (int x = 0; x < kSide; ++x) {
    if (!world.isWall(x, kBoard)) {
      openSum += x;
      ++open;
    }
  }
  ASSERT_GT(open, 0);
  const double cx = openSum / open, cy = kBoard + 1;
  auto intensityAt = [&](double degrees) {
    const double a = degrees * kPi / 180, x = cx + kRadius * std::sin(a), y = cy + kRadius * std::cos(a);
    const int x0 = static_cast<int>(x), y0 = static_cast<int>(y);
    const double fx = x - x0, fy = y - y0;
    return (intensity.at(x0, y0) * (1 - fx) + intensity.at(x0 + 1, y0) * fx) * (1 - fy) +
           (intensity.at(x0, y0 + 1) * (1 - fx) + intensity.at(x0 + 1, y0 + 1) * fx) * fy;
  };
  for (int m = -2; m <= 2; ++m) {
    const double predicted = std::asin(m * wavelength / kSlitGap) * 180 / kPi;
    double best = predicted, bestValue = -1;
    for (double a = predicted - 6; a <= predicted + 6; a += 0.1) {
      if (intensityAt(a) > bestValue) {
        bestValue = intensityAt(a);
        best = a;
      }
    }
    std::printf(
        "  fringe m = %+d: brightest at %+6.2f degrees, sin(theta) = m lambda / d says %+6.2f "
        "(lambda %.3f cells, d %d): %+.2f degrees off\n",
        m, best, predicted, wavelength, kSlitGap, best - predicted);
    EXPECT_NEAR(best, predicted, 1.5) << "fringe " << m;
    // A true maximum, not the edge of the search: darker on both sides.
    EXPECT_GT(bestValue, intensityAt(best - 4)) << "fringe " << m;
    EXPECT_GT(bestValue, intensityAt(best + 4)) << "fringe " << m;
  }
}

// Walls and slow water show in the picture: a wall's pixel is the wall's
// slate, a cell of the slowest water the picture times the shallow tint, open
// water the picture itself (still water, the grid the frame's size).
TEST(TankLook, WallsAreSlateAndSlowWaterIsTinted) {
  WaterWorld world(8, 8);
  world.setSpeed(2, 3, kWallCell);
  world.setSpeed(5, 5, 1);  // the slowest water there is
  Picture picture(8, 8);
  for (size_t i = 0; i < picture.rgba.size(); i += 4) {
    picture.rgba[i] = 200;
    picture.rgba[i + 1] = 100;
    picture.rgba[i + 2] = 50;
    picture.rgba[i + 3] = 255;
  }
  const Picture look = tankLook(world);
  RefractionSettings lookFloat;
  lookFloat.lightStrength = 0.0f;
  const Picture frame = renderRefraction(HeightField(8, 8), picture, lookFloat, nullptr, &look);
  const auto channel = [](float v) { return static_cast<int>(std::lround(v * 255)); };
  for (int k = 0; k < 3; ++k) {
    EXPECT_EQ(frame.pixel(2, 3)[k], channel(kWallColour[k])) << "wall, channel " << k;
    const float base = picture.pixel(5, 5)[k] / 255.0f, slowness = 254.0f / 255.0f;
    EXPECT_EQ(frame.pixel(5, 5)[k], channel(base * (1 - slowness) + base * kShallowTint[k] * slowness))
        << "slow water, channel " << k;
    EXPECT_EQ(frame.pixel(0, 0)[k], picture.pixel(0, 0)[k]) << "open water, channel " << k;
  }
  RefractionSettings classic;
  classic.mode = Mode::Classic;
  const Picture seeds = renderRefraction(HeightField(8, 8), picture, classic, nullptr, &look);
  EXPECT_EQ(seeds.pixel(2, 3)[0], channel(kWallColour[0]));
  EXPECT_EQ(seeds.pixel(5, 5)[0], picture.pixel(5, 5)[0]) << "classic mode has no slow water to show";
}

// Classic mode's walls are float mode's in whole numbers: a ring that meets
// a reflecting wall (or a held one) in classic mode stays as close to the
// same ring in float mode (the seeds' speed, four neighbours) as it does in
// open water, where classic mode's floors are all that differs: near the
// wall, the largest difference is at most that of open water plus a third.
TEST(Reflection, ClassicWallsAreFloatWallsInWholeNumbers) {
  constexpr int kSide = 100;
  // The largest |classic - float| over cells near where the wall stands.
  auto classicAgainstFloat = [](const WaterWorld& world) {
    CpuReference classic(kSide, kSide), real(kSide, kSide);
    ScenarioDriver a({{0, {50, 50, 6, 400.0f, StoneShape::Disc}}}), b({{0, {50, 50, 6, 400.0f, StoneShape::Disc}}});
    a.advance({&classic}, 40, ruleWith(Mode::Classic, Stencil::Five, 0.0f, world), {});
    b.advance({&real}, 40, ruleWith(Mode::Float, Stencil::Five, 0.0f, world), {});
    double difference = 0;
    for (int y = 30; y < 70; ++y)
      for (int x = 52; x < 61; ++x)
        difference = std::max(difference, double(std::abs(classic.state().cur.at(x, y) - real.state().cur.at(x, y))));
    return difference;
  };
  const double open = classicAgainstFloat(WaterWorld(kSide, kSide));
  for (WallKind kind : {WallKind::Reflecting, WallKind::Held}) {
    WaterWorld world(kSide, kSide);
    world.wallKind = kind;
    paintWall(world, {62, 1, 62, kSide - 2, 2});
    const double walled = classicAgainstFloat(world);
    std::printf("  classic mode against float mode near a %s wall: within %.1f (open water: %.1f)\n",
                kind == WallKind::Held ? "held" : "reflecting", walled, open);
    EXPECT_LT(walled, open * 4 / 3);
  }
}

// Wrapping edges make the grid a torus: the same stone one place further
// right gives the same water one place further right, bit for bit, however
// often the rings have crossed the edges.
TEST(WrapEdges, ATorusTranslatesExactly) {
  for (Stencil stencil : {Stencil::Five, Stencil::Nine}) {
    constexpr int kW = 61, kH = 47, kShift = 23;
    WaterWorld world(kW, kH);
    world.leftRightEdges = world.topBottomEdges = Edge::Wrap;
    const WaterRule rule = ruleWith(Mode::Float, stencil, 0.001f, world);
    CpuReference a(kW, kH), b(kW, kH);
    ScenarioDriver da({{0, {5, 7, 4, 80.0f, StoneShape::Smooth}}}),
        db({{0, {5 + kShift, 7, 4, 80.0f, StoneShape::Smooth}}});
    da.advance({&a}, 400, rule, {});
    db.advance({&b}, 400, rule, {});
    long differing = 0;
    for (int y = 0; y < kH; ++y)
      for (int x = 0; x < kW; ++x)
        if (a.state().cur.at(x, y) != b.state().cur.at((x + kShift) % kW, y)) ++differing;
    EXPECT_EQ(differing, 0) << wordOf(stencil) << "-point stencil";
    EXPECT_GT(largestHeight(a.state().cur), 0.5f);
  }
}

// Row y of `h` smoothed along x by a Gaussian of `sigma` cells, as a field of
// one row: it takes out what ripples a few cells long a moving source still
// sends (GlidesWithoutGridScaleRipples measures them) and leaves a wave many
// times longer than sigma where it was (being symmetric, it moves no zero
// crossing of a sine).
HeightField smoothedRow(const HeightField& h, int y, double sigma) {
  HeightField row(h.width, 1);
  const int reach = static_cast<int>(std::ceil(3 * sigma));
  for (int x = 0; x < h.width; ++x) {
    double sum = 0, weights = 0;
    for (int d = -reach; d <= reach; ++d) {
      if (x + d < 0 || x + d >= h.width) continue;
      const double w = std::exp(-d * d / (2 * sigma * sigma));
      sum += w * h.at(x + d, y);
      weights += w;
    }
    row.at(x, 0) = static_cast<float>(sum / weights);
  }
  return row;
}

// The Doppler effect: a point source moving along x at v = c / 2 in an open
// sea crowds its waves ahead to (c - v) T and stretches them behind to
// (c + v) T, T its period, c the speed waves of that period run at. c is
// measured first, from the wavelength of the same source standing still.
// Measured on the source's path after 300 steps, between the source and each
// front (a wavelength clear of both), the ratio lambda_ahead / lambda_behind
// is (c - v) / (c + v) within 2%, and each wavelength is within 2% of its
// own. The 9-point stencil at speed 0.8 barely disperses along an axis at
// these wavelengths (16 to 48 cells), so one c serves both sides.
TEST(MovingSource, DopplerWavelengthsAheadAndBehind) {
  constexpr int kWidth = 640, kHeight = 100, kRow = kHeight / 2, kStart = 300, kSteps = 300;
  constexpr double kPeriod = 40, kSpeed = 0.4;  // cells a step
  const WaterRule open = ruleWith(Mode::Float, Stencil::Nine, 0.0f, WaterWorld(1, 1));
  const double front = open.courant * kSteps;  // how far the first wave has run
  // The source's path after kSteps steps of it, smoothed.
  auto path = [&](const WorldSource& source) {
    WaterWorld world(kWidth, kHeight);
    world.leftRightEdges = world.topBottomEdges = Edge::Absorbing;
    world.sources.push_back(source);
    const WaterRule rule = ruleWith(Mode::Float, Stencil::Nine, 0.0f, world);
    CpuReference water(kWidth, kHeight);
    water.setThreadCount(2);
    ScenarioDriver driver;
    driver.advance({&water}, kSteps, rule, {});
    return smoothedRow(visibleHeights(water.state().cur, water.layout()), kRow, 2.5);
  };
  // The wavelength on `row` from x0 to x1.
  auto wavelength = [](const HeightField& row, double x0, double x1) {
    const std::vector<double> crossings = zeroCrossings(row, static_cast<int>(x0), static_cast<int>(x1));
    EXPECT_GE(crossings.size(), 8u) << "from " << x0 << " to " << x1;
    return crossings.size() < 2 ? 0.0 : wavelengthFrom(crossings);
  };

  // Standing still: c from its wavelength, on both sides of it.
  const HeightField still = path({kStart, kRow, kStart, kRow, kPeriod, 30.0f, 0, std::nullopt});
  const double standing =
      (wavelength(still, kStart + 24, kStart + front - 40) + wavelength(still, kStart - front + 40, kStart - 24)) / 2;
  const double c = standing / kPeriod;

  // Moving right at kSpeed: at kStart at step 0, 320 cells further at step 800.
  const WorldSource source{kStart, kRow, kStart + 320, kRow, kPeriod, 30.0f, 0, 800, true};
  ASSERT_EQ((source.x1 - source.x0) / double(*source.end - source.start), kSpeed);
  const HeightField moving = path(source);
  const double at = kStart + kSpeed * kSteps;  // where the source is now
  const double ahead = wavelength(moving, at + 16, kStart + front - 16);
  const double behind = wavelength(moving, kStart - front + 48, at - 24);
  const double predicted = (c - kSpeed) / (c + kSpeed);
  std::printf(
      "  a source of period %.0f steps: standing, wavelength %.3f cells, so c = %.4f cells a step; moving at "
      "v = %.2f: wavelength ahead %.3f ((c - v) T = %.3f), behind %.3f ((c + v) T = %.3f); ratio %.4f, "
      "(c - v) / (c + v) = %.4f (%+.2f%%)\n",
      kPeriod, standing, c, kSpeed, ahead, (c - kSpeed) * kPeriod, behind, (c + kSpeed) * kPeriod, ahead / behind,
      predicted, (ahead / behind / predicted - 1) * 100);
  EXPECT_NEAR(c, open.courant, 0.02 * open.courant) << "the standing waves' speed";
  EXPECT_NEAR(ahead / behind, predicted, 0.02 * predicted);
  EXPECT_NEAR(ahead, (c - kSpeed) * kPeriod, 0.02 * (c - kSpeed) * kPeriod);
  EXPECT_NEAR(behind, (c + kSpeed) * kPeriod, 0.02 * (c + kSpeed) * kPeriod);
}

// The five-point Laplacian's root mean square against the heights' over the
// water a source moving right along row `row` has crossed (behind its place
// `at` and beside its path): it grows with the square of a wave's
// wavenumber, so grid-scale ripples raise it far above a clean wave's.
double wakeRoughness(const HeightField& h, double at, int row) {
  double laplacian = 0, heights = 0;
  for (int y = 1; y < h.height - 1; ++y) {
    for (int x = 1; x < h.width - 1; ++x) {
      if (x > at - 8 || std::hypot(x - at, y - row) < 16) continue;
      const double l = h.at(x - 1, y) + h.at(x + 1, y) + h.at(x, y - 1) + h.at(x, y + 1) - 4 * h.at(x, y);
      laplacian += l * l;
      heights += double(h.at(x, y)) * h.at(x, y);
    }
  }
  return std::sqrt(laplacian / heights);
}

// A moving point glides: its cells and how far it moves each change
// smoothly with its place (WorldSource::cellsAt), so it sends only the waves it
// sings. Stepping from nearest cell to nearest cell, as a point in whole
// cells does, it also sends grid-scale ripples after it. Measured by the
// five-point Laplacian, which grows with the square of a wave's wavenumber:
// over the water it has crossed, its root mean square against the heights',
// for a source of period 40 (waves of 16 to 48 cells) moving at half the
// wave speed.
TEST(MovingSource, GlidesWithoutGridScaleRipples) {
  constexpr int kWidth = 400, kHeight = 160, kSteps = 300;
  auto roughness = [&](bool wholeCells) {
    WaterWorld world(kWidth, kHeight);
    world.leftRightEdges = world.topBottomEdges = Edge::Absorbing;
    const WaterRule rule = ruleWith(Mode::Float, Stencil::Nine, 0.0f, world);
    const WorldSource source{60, kHeight / 2, 60 + 320, kHeight / 2, 40.0, 30.0f, 0, 800, true};
    CpuReference water(kWidth, kHeight);
    water.setThreadCount(2);
    water.prepareWorld(rule);
    const GridLayout layout = water.layout();
    for (int step = 0; step < kSteps; ++step) {
      std::vector<Stone> stones = sourceStones(source, step, wholeCells, kWidth, kHeight);
      for (Stone& s : stones) {
        s.x += layout.left;
        s.y += layout.top;
      }
      water.dropStones(stones);
      water.step(rule);
    }
    return wakeRoughness(visibleHeights(water.state().cur, layout), 60 + 0.4 * kSteps, kHeight / 2);
  };
  const double stepping = roughness(true), gliding = roughness(false);
  // A clean wave of wavelength L gives (2 pi / L)^2: 0.017 at 48 cells.
  std::printf(
      "  a moving source's wake, rms Laplacian / rms height: %.4f stepping from cell to cell, %.4f gliding "
      "(a clean wave 48 cells long: %.4f)\n",
      stepping, gliding, std::pow(2 * kPi / 48, 2));
  EXPECT_LT(gliding, 0.12);
  EXPECT_LT(gliding, stepping / 10) << "gliding should leave far fewer grid-scale ripples";
}

// The window's source tool: a source dragged while it sings is a moving
// source. The cursor moves in whole cells, and each frame the held source is
// sent to the cursor's cell; gliding there over the frame's steps
// (glideSource), it leaves a wake as clean as a moving source's, where one
// sent from cell to cell (moveSource) trails grid-scale ripples. Frames of
// 3 steps, the cursor at 0.4 cells a step (half the wave speed), as
// MovingSource.GlidesWithoutGridScaleRipples measures: the wake's roughness
// (wakeRoughness, about row 80) after `source`, its first end at x = 60, is
// dragged right for 300 steps, sent from cell to cell and gliding.
struct DraggedWakes {
  double jumping, gliding;
};
DraggedWakes draggedWakes(const WorldSource& source) {
  constexpr int kWidth = 400, kHeight = 160, kFrameSteps = 3, kSteps = 300;
  auto roughness = [&](bool glide) {
    WaterWorld world(kWidth, kHeight);
    world.leftRightEdges = world.topBottomEdges = Edge::Absorbing;
    world.sources.push_back(source);
    CpuReference water(kWidth, kHeight);
    water.setThreadCount(2);
    ScenarioDriver driver;
    for (int frame = 0; frame * kFrameSteps < kSteps; ++frame) {
      const long long now = driver.stepsDone();
      const int cursor = 60 + static_cast<int>(std::lround(0.4 * (now + kFrameSteps)));
      if (glide) {
        glideSource(world, 0, cursor, source.y0, now, kFrameSteps);
      } else {
        moveSource(world, 0, cursor, source.y0);
      }
      driver.advance({&water}, kFrameSteps, ruleWith(Mode::Float, Stencil::Nine, 0.0f, world), {});
    }
    EXPECT_EQ(world.sources[0].x0, 60 + 0.4 * kSteps);
    return wakeRoughness(visibleHeights(water.state().cur, water.layout()), 60 + 0.4 * kSteps, kHeight / 2);
  };
  return {roughness(false), roughness(true)};
}

TEST(DraggedSource, GlidesLikeAMovingSource) {
  WaterWorld world(400, 160);
  addSource(world, 60, 80, 40.0, 30.0f, 0);
  const DraggedWakes wakes = draggedWakes(world.sources[0]);
  std::printf("  a dragged source's wake, rms Laplacian / rms height: %.4f sent from cell to cell, %.4f gliding\n",
              wakes.jumping, wakes.gliding);
  EXPECT_LT(wakes.gliding, 0.12);
  EXPECT_LT(wakes.gliding, wakes.jumping / 5) << "gliding should leave far fewer grid-scale ripples";
}

// A line source (a plane wave) dragged glides as well: each of its cells as
// a dragged point's, so that the wake behind the moving line keeps few
// grid-scale ripples. The line across rows 40 to 120. (Its plane wave is
// most of the heights, so the jumping line's roughness is lower than the
// jumping point's: 0.24 against 0.06 gliding, where a clean wave 48 cells
// long gives 0.017.)
TEST(DraggedSource, ALineGlidesToo) {
  const DraggedWakes wakes = draggedWakes({60, 40, 60, 120, 40.0, 30.0f, 0, std::nullopt});
  std::printf("  a dragged line's wake, rms Laplacian / rms height: %.4f sent from cell to cell, %.4f gliding\n",
              wakes.jumping, wakes.gliding);
  EXPECT_LT(wakes.gliding, 0.1);
  EXPECT_LT(wakes.gliding, wakes.jumping / 3) << "gliding should leave far fewer grid-scale ripples";
}

// Midway through its glide a line's cells are shifted as its first end:
// whole cells in classic mode; in float mode each spread as a point's, the
// shares of spreads that overlap combined as setting the cell once for
// each would. Cell (15, 21), beside the line's cells (15, 20) and (16, 20):
// 1 - (1 - 0.5)(1 - s), s = (1 + cos(pi sqrt 2 / 2)) / 2.
TEST(DraggedSource, ALineGlidesCellByCell) {
  WaterWorld world(100, 80);
  world.sources.push_back({10, 20, 14, 20, 20.0, 32.0f, 0, std::nullopt});
  glideSource(world, 0, 20, 20, 0, 10);
  const WorldSource& s = world.sources[0];
  EXPECT_EQ(s.x1, 24);
  EXPECT_EQ(s.cellsAt(5, true),
            (std::vector<SourceCell>{{15, 20, 1}, {16, 20, 1}, {17, 20, 1}, {18, 20, 1}, {19, 20, 1}}));
  const std::vector<SourceCell> cells = s.cellsAt(5, false);
  auto shareOf = [&](int x, int y) {
    for (const SourceCell& c : cells)
      if (c.x == x && c.y == y) return c.share;
    return 0.0f;
  };
  for (int x = 15; x <= 19; ++x) EXPECT_FLOAT_EQ(shareOf(x, 20), 1.0f) << x;
  const double diagonal = 0.5 + 0.5 * std::cos(kPi * std::sqrt(2.0) / 2.0);
  EXPECT_FLOAT_EQ(shareOf(15, 21), static_cast<float>(1.0 - 0.5 * (1.0 - diagonal)));
  EXPECT_FLOAT_EQ(shareOf(14, 20), 0.5f);
  EXPECT_EQ(shareOf(12, 20), 0.0f) << "two cells from the line: beyond the spread";
}

// The glide is continuous: a drag that turns mid-glide starts the next
// glide where the source then is, and once there the point stays; the drag's
// end sings from the one cell again.
TEST(DraggedSource, GlidesOnFromWhereItIs) {
  WaterWorld world(100, 80);
  addSource(world, 20, 30, 20.0, 32.0f, 0);
  glideSource(world, 0, 30, 30, 100, 10);
  const WorldSource& s = world.sources[0];
  EXPECT_EQ(s.placeAt(100), std::make_pair(20.0, 30.0));
  EXPECT_EQ(s.placeAt(105), std::make_pair(25.0, 30.0));
  EXPECT_EQ(s.placeAt(110), std::make_pair(30.0, 30.0));
  EXPECT_EQ(s.placeAt(500), std::make_pair(30.0, 30.0));
  // Spread over the 9 cells nearer (25, 30) than kMovingSourceRadius, the nearest all the way.
  const std::vector<SourceCell> midway = s.cellsAt(105, false);
  EXPECT_EQ(midway.size(), 9u);
  EXPECT_NE(std::find(midway.begin(), midway.end(), SourceCell{25, 30, 1.0f}), midway.end());
  EXPECT_EQ(s.cellsAt(105, true), (std::vector<SourceCell>{{25, 30, 1.0f}})) << "classic mode: the nearest cell";
  // Turned at step 105, towards (25, 40): from (25, 30), not from (20, 30) or (30, 30).
  glideSource(world, 0, 25, 40, 105, 10);
  EXPECT_EQ(s.placeAt(105), std::make_pair(25.0, 30.0));
  EXPECT_EQ(s.placeAt(110), std::make_pair(25.0, 35.0));
  EXPECT_EQ(s.x0, 25);
  EXPECT_EQ(s.y0, 40);
  stopGliding(world, 0);
  EXPECT_EQ(s.cellsAt(200, false), (std::vector<SourceCell>{{25, 40, 1.0f}}));
}

}  // namespace
}  // namespace ripple
