#pragma once
// ripple::SimulationClock: the water at a steady pace whatever the display's
// refresh rate, as the ripple program's window paces it. Each frame runs the
// steps that came due since the last one:
//
//     ripple::SimulationClock clock;
//     const double rate = ripple::SimulationClock::stepsPerSecond(180.0, water.rule().stepSpeed(), 2.0);
//     water.step(clock.stepsDue(glfwGetTime(), rate));  // each frame
//
// A slow frame runs at most kMaxStepsPerFrame and lets the rest go, so that a
// stall (a dragged window, a debugger) never snowballs into a freeze.
#include "ripple/export.hpp"

namespace ripple {

class RIPPLE_EXPORT SimulationClock {
 public:
  static constexpr int kMaxStepsPerFrame = 8;

  // The steps due at time `now` (seconds, from any clock that only goes
  // forward) at `stepsPerSecond`; the fraction of a step left is carried on.
  int stepsDue(double now, double stepsPerSecond);
  // Forgets the time that passed: after a pause, or a minimised window.
  void restart(double now);

  // The steps a second that move a wave `wavePixelsPerSecond` across the
  // screen when it travels `cellsPerStep` cells a step (Rule::stepSpeed()) on
  // a grid of `pixelsPerCell` screen pixels a cell.
  static double stepsPerSecond(double wavePixelsPerSecond, double cellsPerStep, double pixelsPerCell) {
    return wavePixelsPerSecond / (pixelsPerCell * cellsPerStep);
  }

 private:
  double last_ = -1.0;
  double owed_ = 0.0;  // the fraction of a step carried to the next frame
};

}  // namespace ripple
