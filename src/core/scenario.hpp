#pragma once
// A scripted run: the stones to drop and when, the rain, how many steps.
// The headless mode runs one on the GPU or the CPU; the window starts with one.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/cpu_reference.hpp"
#include "core/rain.hpp"

namespace ripple {

struct TimedStone {
  int step = 0;  // dropped just before this step (0-based)
  Stone stone;
};

// "X,Y,R,W" or "X,Y,R,W@S" -> a stone; nullopt when the text is not of that
// form (the caller names the option in its message).
std::optional<TimedStone> parseDrop(const std::string& text);

// The stones of one step: the scripted ones in the order given, then the rain.
class StoneSchedule {
 public:
  StoneSchedule(std::vector<TimedStone> drops, float rainRate, int rainRadius, float rainWeight,
                std::uint64_t seed);
  // Call once per step, in order, with the grid's size.
  std::vector<Stone> stonesFor(int step, int width, int height);

 private:
  std::vector<TimedStone> drops_;
  float rainRate_;
  int rainRadius_;
  float rainWeight_;
  RainGenerator rain_;
};

}  // namespace ripple
