#include "core/water_state.hpp"

#include <algorithm>

namespace ripple {

HeightField resampleField(const HeightField& f, int w, int h) {
  HeightField out(w, h);
  if (f.width == 0 || f.height == 0) return out;
  for (int y = 0; y < h; ++y) {
    const float v = std::clamp((y + 0.5f) * f.height / h - 0.5f, 0.0f, float(f.height - 1));
    const int y0 = static_cast<int>(v), y1 = std::min(y0 + 1, f.height - 1);
    const float ay = v - y0;
    for (int x = 0; x < w; ++x) {
      const float u = std::clamp((x + 0.5f) * f.width / w - 0.5f, 0.0f, float(f.width - 1));
      const int x0 = static_cast<int>(u), x1 = std::min(x0 + 1, f.width - 1);
      const float ax = u - x0;
      const float top = f.at(x0, y0) * (1 - ax) + f.at(x1, y0) * ax;
      const float bottom = f.at(x0, y1) * (1 - ax) + f.at(x1, y1) * ax;
      out.at(x, y) = top * (1 - ay) + bottom * ay;
    }
  }
  return out;
}

}  // namespace ripple
