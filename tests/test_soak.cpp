// The water never blows up: long runs of random stones and rain, in both
// modes and with damping 0, 1/32 and 0.5, stay finite and within the height
// bound, and with damping they come back to rest; the mean level does not
// drift under continuous input.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "core/cpu_reference.hpp"
#include "core/rain.hpp"

namespace ripple {
namespace {

constexpr int kWidth = 96, kHeight = 64;
constexpr int kSoakSteps = 100000;
// Steps after the last stone within which damped water is at rest: max |h|
// below 1e-3 in float mode, exactly 0 in classic mode. Measured: see the
// printed figures; the bounds leave a wide margin.
constexpr int kRestWithin = 3000;

struct SoakCase {
  Mode mode;
  float damping;
};

void PrintTo(const SoakCase& c, std::ostream* os) { *os << wordOf(c.mode) << " mode, damping " << c.damping; }

class Soak : public testing::TestWithParam<SoakCase> {};

// Random stones of every size and weight the command line accepts, plus rain.
void disturb(CpuReference& water, RainGenerator& random, int step) {
  for (const Stone& s : random.dropsForStep(kWidth, kHeight, 0.3f, 3, 96.0f)) water.dropStone(s);
  if (step % 97 == 0) {
    auto big = random.dropsForStep(kWidth, kHeight, 4.0f, 40, 4096.0f);
    for (Stone& s : big) {
      s.weight = (s.x % 2 ? 1.0f : -1.0f) * float(s.y * 64 % 4096 + 1);  // both signs, up to 4096
      water.dropStone(s);
    }
  }
}

float largest(const HeightField& h, bool& finite) {
  float m = 0;
  for (float v : h.cells) {
    finite &= std::isfinite(v);
    m = std::max(m, std::abs(v));
  }
  return m;
}

TEST_P(Soak, StaysFiniteBoundedAndComesToRest) {
  const SoakCase c = GetParam();
  CpuReference water(kWidth, kHeight);
  RainGenerator random(1234);
  float peak = 0;
  for (int step = 0; step < kSoakSteps; ++step) {
    disturb(water, random, step);
    water.step(WaterRule{c.mode, c.damping});
    if (step % 100 == 0 || step == kSoakSteps - 1) {
      bool finite = true;
      peak = std::max(peak, largest(water.state().cur, finite));
      ASSERT_TRUE(finite) << "step " << step;
      ASSERT_LE(peak, limits::maxHeight) << "step " << step;
    }
  }
  std::printf("%s mode, damping %g: largest |height| during the soak %g\n", wordOf(c.mode), c.damping, peak);
  if (c.damping == 0.0f) return;  // undamped water never rests; finite and bounded is the promise
  int calm = -1;
  for (int step = 1; step <= kRestWithin && calm < 0; ++step) {
    water.step(WaterRule{c.mode, c.damping});
    bool finite = true;
    const float m = largest(water.state().cur, finite);
    const bool atRest = c.mode == Mode::Classic ? m == 0.0f && largest(water.state().prev, finite) == 0.0f : m < 1e-3f;
    if (atRest) calm = step;
  }
  std::printf("%s mode, damping %g: at rest %d steps after the last stone\n", wordOf(c.mode), c.damping, calm);
  EXPECT_GT(calm, 0) << "not at rest within " << kRestWithin << " steps";
}

INSTANTIATE_TEST_SUITE_P(BothModes, Soak,
                         testing::Values(SoakCase{Mode::Float, 0.0f}, SoakCase{Mode::Float, 1.0f / 32},
                                         SoakCase{Mode::Float, 0.5f}, SoakCase{Mode::Classic, 0.0f},
                                         SoakCase{Mode::Classic, 1.0f / 32}, SoakCase{Mode::Classic, 0.5f}),
                         [](const testing::TestParamInfo<SoakCase>& info) {
                           return std::string(wordOf(info.param.mode)) + "_damping_" +
                                  std::to_string(int(info.param.damping * 1000));
                         });

// The peers' users report water that "rises" over time. Under continuous
// rain the mean level settles and then stays: the mean over steps
// 40,000-50,000 and over 90,000-100,000 agree, and once the rain stops the
// mean goes back to 0.
TEST(MeanLevel, DoesNotDriftUnderContinuousRain) {
  for (Mode mode : {Mode::Float, Mode::Classic}) {
    CpuReference water(kWidth, kHeight);
    RainGenerator rain(99);
    double windowMean[2] = {0, 0};
    for (int step = 0; step < kSoakSteps; ++step) {
      for (const Stone& s : rain.dropsForStep(kWidth, kHeight, 0.5f, 3, 96.0f)) water.dropStone(s);
      water.step(WaterRule{mode, 1.0f / 32});
      const int window = step >= 90000 ? 1 : (step >= 40000 && step < 50000 ? 0 : -1);
      if (window < 0) continue;
      double sum = 0;
      for (float v : water.state().cur.cells) sum += v;
      windowMean[window] += sum / (kWidth * kHeight) / 10000;
    }
    std::printf("%s mode: mean level %.5f over steps 40k-50k, %.5f over 90k-100k\n", wordOf(mode), windowMean[0],
                windowMean[1]);
    EXPECT_NEAR(windowMean[1], windowMean[0], 0.05 * std::abs(windowMean[0]) + 0.01);
    for (int step = 0; step < kRestWithin; ++step) water.step(WaterRule{mode, 1.0f / 32});
    double sum = 0;
    for (float v : water.state().cur.cells) sum += v;
    EXPECT_NEAR(sum / (kWidth * kHeight), 0.0, 1e-4) << wordOf(mode) << ": the level returns to 0";
  }
}

}  // namespace
}  // namespace ripple
