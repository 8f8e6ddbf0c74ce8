#include "app/stroke.hpp"

#include <algorithm>
#include <cmath>

namespace ripple {

std::vector<Drop> strokeStones(int x0, int y0, int x1, int y1, int radius, float weight) {
  const double dx = double(x1) - x0, dy = double(y1) - y0;
  const double spacing = std::max(1.0, radius / 2.0);
  const int count = static_cast<int>(std::ceil(std::hypot(dx, dy) / spacing));
  std::vector<Drop> stones;
  stones.reserve(count);
  for (int i = 1; i <= count; ++i) {
    const double t = static_cast<double>(i) / count;
    stones.push_back(
        {static_cast<int>(std::lround(x0 + dx * t)), static_cast<int>(std::lround(y0 + dy * t)), radius, weight});
  }
  return stones;
}

}  // namespace ripple
