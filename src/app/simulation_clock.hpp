#pragma once
// The simulation advances at a fixed number of steps per second, whatever the
// display's refresh rate: each frame runs the steps that came due since the
// last one. A slow frame runs at most kMaxStepsPerFrame and lets the rest go,
// so a stall (a dragged window, a debugger) never snowballs into a freeze.
namespace ripple {

class SimulationClock {
 public:
  static constexpr int kMaxStepsPerFrame = 8;

  // The steps due at time `now` (seconds) at `stepsPerSecond`.
  int stepsDue(double now, double stepsPerSecond);
  // Forget the time that passed, e.g. after a pause or a minimised window.
  void restart(double now);

 private:
  double last_ = -1.0;
  double owed_ = 0.0;  // fraction of a step carried to the next frame
};

}  // namespace ripple
