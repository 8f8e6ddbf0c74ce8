// The physics the rule promises, measured from the heights of the CPU
// reference (the GPU is held to the CPU reference in gpu_vs_cpu): how fast a
// ring grows, how the speed depends on direction with each stencil, where the
// speed's stability limits lie, and the smooth stone's shape. Figures are
// printed; docs/physics.md quotes them.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <vector>

#include "core/cpu_reference.hpp"
#include "core/scenario_driver.hpp"

namespace ripple {
namespace {

constexpr double kPi = 3.14159265358979323846;

// Where a ring's front is along the ray from (cx, cy) in direction (dx, dy):
// the distance of the outermost point whose |height| is a fifth of the
// largest on the ray, interpolated between cells. Across one run the front
// keeps its shape, so two fronts apart in time give the speed.
double frontAlong(const HeightField& h, int cx, int cy, int dx, int dy) {
  const int n = std::min({cx, cy, h.width - 1 - cx, h.height - 1 - cy}) - 1;
  double peak = 0;
  for (int i = 0; i < n; ++i) peak = std::max(peak, double(std::abs(h.at(cx + dx * i, cy + dy * i))));
  const double level = 0.2 * peak;
  int last = 0;
  for (int i = 0; i < n; ++i)
    if (std::abs(h.at(cx + dx * i, cy + dy * i)) >= level) last = i;
  const double a = std::abs(h.at(cx + dx * last, cy + dy * last));
  const double b = std::abs(h.at(cx + dx * (last + 1), cy + dy * (last + 1)));
  return (last + (a - level) / (a - b)) * std::hypot(dx, dy);
}

struct SpeedCase {
  Stencil stencil;
  float courant;
};

class RingSpeed : public testing::TestWithParam<SpeedCase> {};

// A smooth stone's ring grows C cells a step, along the axes and the
// diagonals, within 2% (measured: within 0.2%).
TEST_P(RingSpeed, RadiusGrowsCCellsAStep) {
  const auto [stencil, courant] = GetParam();
  constexpr int kSide = 701, kCentre = kSide / 2;
  CpuReference water(kSide, kSide);
  water.setThreadCount(2);
  water.dropStones({{kCentre, kCentre, 6, 100.0f, StoneShape::Smooth}});
  const WaterRule rule{Mode::Float, 0.0f, courant, stencil};
  const int t1 = 100, t2 = static_cast<int>(300 / courant);  // the front stays well inside the grid
  ScenarioDriver driver;
  driver.advance({&water}, t1, rule, {});
  const HeightField early = water.state().cur;
  driver.advance({&water}, t2 - t1, rule, {});
  const HeightField late = water.state().cur;
  for (const auto& [dx, dy, name] :
       {std::tuple{1, 0, "axis"}, std::tuple{1, 1, "diagonal"}, std::tuple{0, -1, "upward axis"}}) {
    const double speed =
        (frontAlong(late, kCentre, kCentre, dx, dy) - frontAlong(early, kCentre, kCentre, dx, dy)) / (t2 - t1);
    std::printf("  %s-point stencil, C = %.4f: the ring grows %.4f cells a step along the %s (%+.2f%%)\n",
                wordOf(stencil), courant, speed, name, (speed / courant - 1) * 100);
    EXPECT_NEAR(speed / courant, 1.0, 0.02) << name;
  }
}

INSTANTIATE_TEST_SUITE_P(StencilsAndSpeeds, RingSpeed,
                         testing::Values(SpeedCase{Stencil::Five, kSeedCourant}, SpeedCase{Stencil::Five, 0.4f},
                                         SpeedCase{Stencil::Nine, 0.8f}, SpeedCase{Stencil::Nine, 0.5f}),
                         [](const testing::TestParamInfo<SpeedCase>& info) {
                           return std::string("stencil") + wordOf(info.param.stencil) + "_C" +
                                  std::to_string(static_cast<int>(std::lround(info.param.courant * 1000)));
                         });

// The phase speed of waves 6 cells long travelling along an axis or a
// diagonal: the frequency of a standing wave cos(kx (x - c)) cos(ky (y - c))
// at its centre (a mode of either stencil, so it oscillates at one
// frequency), over the steps before the grid's edges are felt there.
double phaseSpeed(Stencil stencil, float courant, bool diagonal) {
  constexpr int kSide = 401, kCentre = kSide / 2;
  constexpr double kWavelength = 6.0;
  const double k = 2 * kPi / kWavelength;
  const double kx = diagonal ? k / std::sqrt(2.0) : k, ky = diagonal ? k / std::sqrt(2.0) : 0.0;
  WaterState state(kSide, kSide);
  for (int y = 1; y < kSide - 1; ++y) {
    for (int x = 1; x < kSide - 1; ++x) {
      const float h = static_cast<float>(100 * std::cos(kx * (x - kCentre)) * std::cos(ky * (y - kCentre)));
      state.cur.at(x, y) = state.prev.at(x, y) = h;
    }
  }
  CpuReference water(kSide, kSide);
  water.setState(state);
  const WaterRule rule{Mode::Float, 0.0f, courant, stencil};
  const int steps = static_cast<int>(0.9 * kCentre / courant);  // the edges' news has not arrived
  std::vector<double> centre{water.state().cur.at(kCentre, kCentre)};
  ScenarioDriver driver;
  for (int i = 0; i < steps; ++i) {
    driver.advance({&water}, 1, rule, {});
    centre.push_back(water.state().cur.at(kCentre, kCentre));
  }
  // Zero crossings, interpolated: (n - 1) half periods between the first and the last.
  std::vector<double> crossings;
  for (size_t i = 1; i < centre.size(); ++i) {
    if ((centre[i - 1] > 0) != (centre[i] > 0))
      crossings.push_back(i - 1 + centre[i - 1] / (centre[i - 1] - centre[i]));
  }
  EXPECT_GE(crossings.size(), 20u);
  const double halfPeriod = (crossings.back() - crossings.front()) / (crossings.size() - 1);
  const double omega = kPi / halfPeriod;
  return omega / k;
}

// At a wavelength of 6 cells the seeds' four neighbours carry waves 2.46%
// faster along the diagonal than along the axes (the dispersion relation
// sin^2(w/2) = C^2 symbol(k) / 4); the nine-point stencil 0.09%.
TEST(WaveIsotropy, DiagonalAgainstAxisAtAWavelengthOfSixCells) {
  struct Case {
    Stencil stencil;
    float courant;
    double low, high;  // the diagonal's lead, per cent
  };
  for (const Case& c : {Case{Stencil::Five, kSeedCourant, 2.0, 3.0}, Case{Stencil::Five, 0.5f, 2.0, 3.0},
                        Case{Stencil::Nine, 0.8f, -0.2, 0.2}, Case{Stencil::Nine, 0.5f, -0.2, 0.2}}) {
    const double axis = phaseSpeed(c.stencil, c.courant, false), diagonal = phaseSpeed(c.stencil, c.courant, true);
    const double lead = (diagonal / axis - 1) * 100;
    std::printf(
        "  %s-point stencil, C = %.4f, wavelength 6: axis %.4f, diagonal %.4f cells a step: the diagonal "
        "%+.3f%%\n",
        wordOf(c.stencil), c.courant, axis, diagonal, lead);
    EXPECT_GE(lead, c.low);
    EXPECT_LE(lead, c.high);
  }
}

// The stability limits that --speed enforces are real: at them the water
// stays within a few times its first stone for thousands of steps (at the
// limit itself the shortest wave is only marginally stable); just beyond
// them it grows until the clamp holds it.
TEST(WaveStability, CourantLimitsOfEachStencil) {
  struct Case {
    Stencil stencil;
    float courant;
    bool stable;
  };
  for (const Case& c : {Case{Stencil::Five, limits::maxCourantFive, true}, Case{Stencil::Five, 0.72f, false},
                        Case{Stencil::Nine, limits::maxCourantNine, true}, Case{Stencil::Nine, 0.88f, false}}) {
    CpuReference water(64, 64);
    water.dropStones({{32, 32, 5, 100.0f, StoneShape::Disc}});
    ScenarioDriver driver;
    driver.advance({&water}, 3000, WaterRule{Mode::Float, 0.0f, c.courant, c.stencil}, {});
    float largest = 0;
    for (float v : water.state().cur.cells) largest = std::max(largest, std::abs(v));
    std::printf("  %s-point stencil, C = %.4f: largest height after 3000 undamped steps %g\n", wordOf(c.stencil),
                c.courant, largest);
    if (c.stable) {
      EXPECT_LT(largest, 1000.0f);
    } else {
      EXPECT_EQ(largest, limits::maxHeight) << "beyond the limit the water grows to the clamp";
    }
  }
}

// The smooth stone, worked by hand: p = (1 + cos(pi d / r)) / 2 of the way
// from the water's height to -weight, 1 at the centre, 0 at the rim.
TEST(SmoothStone, RaisedCosineByHand) {
  HeightField field(11, 11);
  for (float& h : field.cells) h = 10.0f;
  applyStone(field, {5, 5, 4, 100.0f, StoneShape::Smooth});
  EXPECT_FLOAT_EQ(field.at(5, 5), -100.0f);                  // d = 0: p = 1
  EXPECT_NEAR(field.at(7, 5), -100 * 0.5 + 10 * 0.5, 1e-4);  // d = 2: p = 1/2
  const double p1 = 0.5 + 0.5 * std::cos(kPi / 4);           // d = 1: p = 0.8536
  EXPECT_NEAR(field.at(5, 4), -100 * p1 + 10 * (1 - p1), 1e-4);
  const double p5 = 0.5 + 0.5 * std::cos(kPi * std::sqrt(5.0) / 4);  // d = sqrt 5
  EXPECT_NEAR(field.at(6, 7), -100 * p5 + 10 * (1 - p5), 1e-4);
  EXPECT_EQ(field.at(9, 5), 10.0f) << "d = r: on the rim, outside the stone";
  EXPECT_EQ(field.at(8, 8), 10.0f) << "d^2 = 18 > r^2";
  // The same stone as a disc assigns -weight to the same cells.
  HeightField disc(11, 11);
  applyStone(disc, {5, 5, 4, 100.0f, StoneShape::Disc});
  EXPECT_EQ(disc.at(7, 5), -100.0f);
  EXPECT_EQ(disc.at(9, 5), 0.0f);
}

// A drag of smooth stones leaves a smooth wake: neighbouring cells along the
// trail differ by far less than a trail of discs, whose flat tops and sharp
// rims zig-zag from cell to cell.
TEST(SmoothStone, TrailIsSmootherThanDiscs) {
  auto roughness = [](StoneShape shape) {
    CpuReference water(200, 100);
    std::vector<Stone> trail;
    for (int x = 40; x <= 160; x += 2) trail.push_back({x, 50, 6, 96.0f, shape});
    water.dropStones(trail);
    ScenarioDriver driver;
    driver.advance({&water}, 40, WaterRule{Mode::Float, 1.0f / 32, kSeedCourant, Stencil::Five}, {});
    // The mean second difference across the trail: the checkerboard's signature.
    double sum = 0;
    for (int y = 20; y < 80; ++y) {
      for (int x = 30; x < 170; ++x) {
        const HeightField& h = water.state().cur;
        sum += std::abs(h.at(x, y - 1) - 2 * h.at(x, y) + h.at(x, y + 1));
      }
    }
    return sum / (60 * 140);
  };
  const double disc = roughness(StoneShape::Disc), smooth = roughness(StoneShape::Smooth);
  std::printf("  mean |second difference| after a drag: discs %.3f, smooth stones %.3f\n", disc, smooth);
  EXPECT_LT(smooth, disc / 3);
}

}  // namespace
}  // namespace ripple
