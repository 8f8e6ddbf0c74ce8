#include "ripple/clock.hpp"

#include <algorithm>
#include <cmath>

namespace ripple {

int SimulationClock::stepsDue(double now, double stepsPerSecond) {
  if (last_ < 0.0) restart(now);
  owed_ += std::max(0.0, now - last_) * stepsPerSecond;
  last_ = now;
  const int steps = static_cast<int>(std::floor(owed_));
  owed_ -= steps;
  return std::min(steps, kMaxStepsPerFrame);
}

void SimulationClock::restart(double now) {
  last_ = now;
  owed_ = 0.0;
}

}  // namespace ripple
