// What "agrees" means when the GPU is checked against the CPU reference
// (src/lib/core/verify.hpp), worked by hand: the tolerance's value, and one
// cell off by twice the tolerance failing where half of it passes. The
// command line's --verify (test_cli.cpp) and the GPU's verification
// (test_gpu_vs_cpu.cpp) are pinned the same way end to end.
#include <gtest/gtest.h>

#include <cmath>

#include "core/verify.hpp"

namespace ripple {
namespace {

// Float mode allows 1e-4 of the largest height, counted as at least 1:
// rounding differences stay orders of magnitude below what a pixel shows
// (a slope of 1e-4 shifts the picture by 1/5000 of a pixel at refraction 2).
// Classic mode allows nothing.
TEST(Verification, ToleranceByHand) {
  EXPECT_FLOAT_EQ(toleranceFor(Mode::Float, 0.25f), 1e-4f) << "heights below 1 count as 1";
  EXPECT_FLOAT_EQ(toleranceFor(Mode::Float, 1.0f), 1e-4f);
  EXPECT_FLOAT_EQ(toleranceFor(Mode::Float, 96.0f), 0.0096f);
  EXPECT_FLOAT_EQ(toleranceFor(Mode::Float, 4096.0f), 0.4096f);
  EXPECT_EQ(toleranceFor(Mode::Classic, 4096.0f), 0.0f);
}

TEST(Verification, OneCellAtTwiceTheToleranceFailsAndAtHalfPasses) {
  HeightField cpu(8, 6);
  cpu.at(3, 2) = -96.0f;
  const float tolerance = toleranceFor(Mode::Float, 96.0f);
  for (const auto& [share, passes] : {std::pair(2.0f, false), std::pair(0.5f, true), std::pair(1.0f, true)}) {
    HeightField gpu = cpu;
    gpu.at(5, 4) += share * tolerance;
    const Comparison c = compareHeights(gpu, cpu, Mode::Float, 96.0f);
    EXPECT_EQ(c.passed, passes) << share << " x the tolerance";
    EXPECT_EQ(c.differingCells, 1);
    EXPECT_FLOAT_EQ(c.largestDifference, share * tolerance);
    EXPECT_FLOAT_EQ(c.tolerance, tolerance);
  }
  // Classic mode: any difference at all fails.
  HeightField gpu = cpu;
  gpu.at(5, 4) = 1.0f;
  EXPECT_FALSE(compareHeights(gpu, cpu, Mode::Classic, 96.0f).passed);
  EXPECT_TRUE(compareHeights(cpu, cpu, Mode::Classic, 96.0f).passed);
  gpu.at(5, 4) = std::nanf("");
  EXPECT_FALSE(compareHeights(gpu, cpu, Mode::Float, 96.0f).passed) << "a NaN is never within the tolerance";
}

}  // namespace
}  // namespace ripple
