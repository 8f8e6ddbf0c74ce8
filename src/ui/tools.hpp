#pragma once
// The window's tools: what a click or a drag on the water does. The panel
// offers them, the keys 1-5 and T choose them, and the window carries them
// out through ripple::Water (src/app/window_tank.hpp).

namespace ripple {

enum class Tool { Stones, Wall, Eraser, SlowWater, WorldSource };
inline constexpr int kToolCount = 5;

// "stones", "wall", "eraser", "slow water", "source".
inline const char* toolName(Tool tool) {
  switch (tool) {
    case Tool::Stones:
      return "stones";
    case Tool::Wall:
      return "wall";
    case Tool::Eraser:
      return "eraser";
    case Tool::SlowWater:
      return "slow water";
    case Tool::WorldSource:
      return "source";
  }
  return "stones";
}

}  // namespace ripple
