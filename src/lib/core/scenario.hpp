#pragma once
// Stones scripted to fall at given steps (--drop); ScenarioDriver drops them.
#include <optional>
#include <string>
#include <vector>

#include "core/water_state.hpp"

namespace ripple {

struct TimedStone {
  int step = 0;  // dropped just before this step (0-based)
  Stone stone;
};

// "X,Y,R,W" or "X,Y,R,W@S" -> a stone; nullopt when the text is not of that
// form (the caller names the option in its message).
std::optional<TimedStone> parseDrop(const std::string& text);

}  // namespace ripple
