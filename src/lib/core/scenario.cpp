#include "core/scenario.hpp"

#include <regex>

namespace ripple {

std::optional<TimedStone> parseDrop(const std::string& text) {
  static const std::regex kDrop(
      R"(^\s*(-?\d{1,9})\s*,\s*(-?\d{1,9})\s*,\s*(-?\d{1,9})\s*,\s*([-+0-9.eE]+)\s*(?:@\s*(\d{1,9}))?\s*$)");
  std::smatch m;
  if (!std::regex_match(text, m, kDrop)) return std::nullopt;
  TimedStone t;
  t.stone.x = std::stoi(m[1]);
  t.stone.y = std::stoi(m[2]);
  t.stone.radius = std::stoi(m[3]);
  size_t used = 0;
  try {
    t.stone.weight = std::stof(m[4], &used);
  } catch (const std::exception&) {
    return std::nullopt;  // not a number, or beyond float's range
  }
  if (used != m[4].str().size()) return std::nullopt;
  t.step = m[5].matched ? std::stoi(m[5]) : 0;
  return t;
}

}  // namespace ripple
