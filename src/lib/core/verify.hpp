#pragma once
// Comparing GPU heights with the CPU reference's: the one definition of
// "agrees" used by the panel's Verify button and the tests.
#include "core/image.hpp"
#include "core/water_simulation.hpp"

namespace ripple {

struct Comparison {
  float largestDifference = 0.0f;  // max |a - b| over the cells
  long differingCells = 0;         // cells where a != b
  float tolerance = 0.0f;          // what largestDifference may reach
  bool passed = false;
};

// Classic mode must agree bit for bit (tolerance 0). Float mode may differ
// by rounding: a GPU may fuse `next - next * damping` into one multiply-add,
// rounding once where the CPU rounds twice. The tolerance is 1e-4 of the
// largest height (`scale`, at least 1), far below a visible change.
float toleranceFor(Mode mode, float scale);
Comparison compareHeights(const HeightField& a, const HeightField& b, Mode mode, float scale);

// Frames are compared by compareFrames() (ripple/picture.hpp).

// The largest |height| in a field.
float largestHeight(const HeightField& h);

// What "Verify against CPU" found.
struct VerifyReport {
  Mode mode = Mode::Float;
  int steps = 0;
  int gridWidth = 0, gridHeight = 0;
  Comparison comparison;
  double cpuSeconds = 0.0;
  // The water was calm, where any rule agrees with any other: a stone was
  // dropped at the centre of both first, so that there were waves to compare.
  bool testStoneDropped = false;
};

// Copies `water`'s state into the CPU reference, runs `steps` steps of `rule`
// on both through one ScenarioDriver, and compares their heights. The
// comparison's float tolerance scales with the larger of the water's largest
// height and `stoneWeight` (the weight a stone of the user's makes).
VerifyReport verifyAgainstCpu(WaterSimulation& water, const WaterRule& rule, int steps, float stoneWeight);

}  // namespace ripple
