#include "core/verify.hpp"

#include <algorithm>
#include <cmath>

namespace ripple {

float toleranceFor(Mode mode, float scale) {
  return mode == Mode::Classic ? 0.0f : 1e-4f * std::max(1.0f, scale);
}

Comparison compareHeights(const HeightField& a, const HeightField& b, Mode mode, float scale) {
  Comparison c;
  c.tolerance = toleranceFor(mode, scale);
  if (a.width != b.width || a.height != b.height) {
    c.differingCells = static_cast<long>(std::max(a.cells.size(), b.cells.size()));
    c.largestDifference = INFINITY;
    return c;
  }
  for (size_t i = 0; i < a.cells.size(); ++i) {
    if (a.cells[i] == b.cells[i]) continue;
    ++c.differingCells;
    const float d = std::abs(a.cells[i] - b.cells[i]);
    // A NaN compares false with everything: count it as infinitely far.
    c.largestDifference = std::max(c.largestDifference, std::isnan(d) ? INFINITY : d);
  }
  c.passed = mode == Mode::Classic ? c.differingCells == 0 : c.largestDifference <= c.tolerance;
  return c;
}

FrameComparison compareFrames(const Image& a, const Image& b, Mode mode) {
  FrameComparison c;
  if (a.width != b.width || a.height != b.height) {
    c.differingPixels = c.pixelsOver2Levels = std::max(long(a.width) * a.height, long(b.width) * b.height);
    c.largestChannelDifference = 255;
    return c;
  }
  for (size_t i = 0; i < a.rgba.size(); i += 4) {
    int largest = 0;
    for (size_t k = 0; k < 4; ++k) largest = std::max(largest, std::abs(int(a.rgba[i + k]) - int(b.rgba[i + k])));
    c.differingPixels += largest > 0;
    c.pixelsOver2Levels += largest > 2;
    c.largestChannelDifference = std::max(c.largestChannelDifference, largest);
  }
  const long pixels = long(a.width) * a.height;
  c.passed = mode == Mode::Classic ? c.differingPixels == 0 : c.pixelsOver2Levels * 100 <= pixels;
  return c;
}

float largestHeight(const HeightField& h) {
  float m = 0.0f;
  for (float v : h.cells) m = std::max(m, std::abs(v));
  return m;
}

}  // namespace ripple
