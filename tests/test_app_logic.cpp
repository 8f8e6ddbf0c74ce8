// The window's arithmetic that needs no window: where a click lands on the
// grid (HiDPI screens, coarser grids) and how many steps a frame runs.
#include <gtest/gtest.h>

#include "ripple/clock.hpp"
#include "app/window_to_grid.hpp"

namespace ripple {
namespace {

void expectCell(CellPosition got, int x, int y) {
  EXPECT_EQ(got.x, x);
  EXPECT_EQ(got.y, y);
}

TEST(CursorToCell, OneToOneWhenWindowFrameAndGridAgree) {
  const Extent size{800, 600};
  expectCell(cursorToCell(0.0, 0.0, size, size), 0, 0);
  expectCell(cursorToCell(400.7, 300.2, size, size), 400, 300);
  expectCell(cursorToCell(799.99, 599.99, size, size), 799, 599);
}

// A Retina display: the window is 800x600 in coordinates, its framebuffer
// and so the frame 1600x1200, the grid the frame's size. The cursor at the
// window's centre is the grid's centre, not its top-left quarter.
TEST(CursorToCell, HiDpiFramebufferHasMorePixelsThanTheWindowHasCoordinates) {
  const Extent window{800, 600}, grid{1600, 1200};
  expectCell(cursorToCell(400.0, 300.0, window, grid), 800, 600);
  expectCell(cursorToCell(799.5, 599.5, window, grid), 1599, 1199);
  expectCell(cursorToCell(10.25, 0.0, window, grid), 20, 0);
  // A desktop scaled by 1.5: a 1200x900 framebuffer and grid.
  expectCell(cursorToCell(400.0, 300.0, window, {1200, 900}), 600, 450);
}

TEST(CursorToCell, CoarseGridsTakeWholeCells) {
  const Extent window{800, 600};  // its framebuffer 1600x1200 (HiDPI 2x)
  const Extent half{800, 600}, quarter{400, 300};
  expectCell(cursorToCell(400.0, 300.0, window, half), 400, 300);
  expectCell(cursorToCell(400.0, 300.0, window, quarter), 200, 150);
  expectCell(cursorToCell(1.9, 1.9, window, quarter), 0, 0);
  expectCell(cursorToCell(2.0, 2.0, window, quarter), 1, 1);
}

// A drag that leaves the window goes on outside the grid (its stones are
// clipped there), left and above too: floor, not truncation towards 0.
TEST(CursorToCell, OutsideTheWindowMapsOutsideTheGrid) {
  const Extent size{800, 600};
  expectCell(cursorToCell(-0.5, -3.0, size, size), -1, -3);
  expectCell(cursorToCell(850.0, 640.0, size, size), 850, 640);
}

// A minimised window reports 0x0; a corrupt position is far away. Neither
// divides by zero nor overflows an int.
TEST(CursorToCell, DegenerateSizesAndPositionsStayDefined) {
  const CellPosition minimised = cursorToCell(10.0, 10.0, {0, 0}, {320, 240});
  EXPECT_GE(minimised.x, 0);
  EXPECT_GE(minimised.y, 0);
  const CellPosition far = cursorToCell(1e300, -1e300, {800, 600}, {800, 600});
  EXPECT_EQ(far.x, 1 << 20);
  EXPECT_EQ(far.y, -(1 << 20));
}

// The panel's stone size is in window pixels: on a Retina display a stone
// covers twice as many frame pixels, so it looks as large as on any other;
// at a coarser grid, fewer cells; never less than one.
TEST(RadiusInCells, WindowPixelsScaleToCells) {
  const Extent window{800, 600};
  EXPECT_EQ(radiusInCells(6, window, {800, 600}), 6);
  EXPECT_EQ(radiusInCells(6, window, {1600, 1200}), 12) << "HiDPI 2x, grid the frame's size";
  EXPECT_EQ(radiusInCells(6, window, {800, 600}), 6) << "HiDPI 2x, grid 1/2";
  EXPECT_EQ(radiusInCells(6, window, {400, 300}), 3) << "1x, grid 1/2";
  EXPECT_EQ(radiusInCells(6, window, {1200, 900}), 9) << "a desktop scaled by 1.5";
  EXPECT_EQ(radiusInCells(1, window, {200, 150}), 1) << "never less than one cell";
  EXPECT_EQ(radiusInCells(6, {0, 0}, {320, 240}), 6) << "a minimised window";
}

// The panel's wave speed is in window pixels a second, so the step rate
// follows the cells a window pixel holds: a wave must cross a Retina window
// in the same time, over twice as many cells, so twice as many steps; a
// coarser grid needs fewer. At 100 window pixels a second and half a cell a
// step, a grid of one cell a window pixel runs 100 / 0.5 = 200 steps a second.
TEST(StepsPerSecond, WaveSpeedInWindowPixelsScalesToCells) {
  const Extent window{800, 600};
  EXPECT_DOUBLE_EQ(stepsPerSecond(100.0, 0.5, window, {800, 600}), 200.0);
  EXPECT_DOUBLE_EQ(stepsPerSecond(100.0, 0.5, window, {1600, 1200}), 400.0) << "HiDPI 2x, grid the frame's size";
  EXPECT_DOUBLE_EQ(stepsPerSecond(100.0, 0.5, window, {400, 300}), 100.0) << "1x, grid 1/2";
  EXPECT_DOUBLE_EQ(stepsPerSecond(100.0, 0.5, window, {1200, 900}), 300.0) << "a desktop scaled by 1.5";
  EXPECT_DOUBLE_EQ(stepsPerSecond(100.0, 0.25, window, {800, 600}), 400.0) << "slower cells a step, more steps";
  EXPECT_DOUBLE_EQ(stepsPerSecond(100.0, 0.5, {0, 0}, {320, 240}), 200.0) << "a minimised window";
}

TEST(SimulationClock, RunsTheStepsThatCameDue) {
  SimulationClock clock;
  EXPECT_EQ(clock.stepsDue(10.0, 60.0), 0) << "the first frame starts the clock";
  EXPECT_EQ(clock.stepsDue(10.0 + 1.0 / 60 + 1e-9, 60.0), 1);
  EXPECT_EQ(clock.stepsDue(10.0 + 3.0 / 60 + 1e-9, 60.0), 2);
}

// A 144 Hz display at 60 steps per second: most frames run no step, some one;
// over a second exactly 60 run, the fraction carried from frame to frame.
TEST(SimulationClock, CarriesFractionsAcrossFastFrames) {
  SimulationClock clock;
  clock.stepsDue(0.0, 60.0);
  int total = 0;
  for (int frame = 1; frame <= 144; ++frame) {
    const int due = clock.stepsDue(frame / 144.0 + 1e-9, 60.0);
    EXPECT_LE(due, 1) << "frame " << frame;
    total += due;
  }
  EXPECT_EQ(total, 60);
}

// A stall (a dragged window, a debugger) runs at most kMaxStepsPerFrame and
// lets the rest go, so the next frames do not catch up into a freeze.
TEST(SimulationClock, AStallIsNotCaughtUp) {
  SimulationClock clock;
  clock.stepsDue(0.0, 60.0);
  EXPECT_EQ(clock.stepsDue(5.0, 60.0), SimulationClock::kMaxStepsPerFrame);
  EXPECT_EQ(clock.stepsDue(5.0 + 1.0 / 60 + 1e-9, 60.0), 1);
}

// After a pause (or a minimised window) restart() forgets the time that
// passed; a clock that went backwards runs nothing.
TEST(SimulationClock, RestartForgetsTimeAndBackwardsTimeRunsNothing) {
  SimulationClock clock;
  clock.stepsDue(0.0, 60.0);
  clock.restart(100.0);
  EXPECT_EQ(clock.stepsDue(100.0 + 0.5 / 60, 60.0), 0);
  EXPECT_EQ(clock.stepsDue(50.0, 60.0), 0);
}

}  // namespace
}  // namespace ripple
