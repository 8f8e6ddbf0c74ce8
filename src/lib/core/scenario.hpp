#pragma once
// Stones scripted to fall at given steps (a scene's, --drop's); ScenarioDriver drops them.
#include <vector>

#include "core/water_state.hpp"

namespace ripple {

struct TimedStone {
  int step = 0;  // dropped just before this step (0-based)
  Stone stone;
};

}  // namespace ripple
