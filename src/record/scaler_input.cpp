#include "record/scaler_input.hpp"

#include <algorithm>
#include <cstring>

namespace ripple {

ScalerInput scalerInput(const Picture& frame, RowOrder rows, int width, int height, Picture& staging) {
  const bool asItIs = frame.width == width && frame.height == height && width >= kScalerRowPixels;
  if (asItIs) {
    // Rows bottom first are read from the last up: a negative stride.
    if (rows == RowOrder::BottomFirst) return {frame.pixel(0, frame.height - 1), -frame.width * 4};
    return {frame.pixel(0, 0), frame.width * 4};
  }
  const int stagedWidth = std::max(width, kScalerRowPixels);
  if (staging.width != stagedWidth || staging.height != height) staging = Picture(stagedWidth, height);
  for (int y = 0; y < height; ++y) {
    const int inFrame = std::min(y, frame.height - 1);
    const int from = rows == RowOrder::BottomFirst ? frame.height - 1 - inFrame : inFrame;
    std::memcpy(staging.pixel(0, y), frame.pixel(0, from), static_cast<size_t>(frame.width) * 4);
    if (frame.width < width) std::memcpy(staging.pixel(frame.width, y), frame.pixel(frame.width - 1, from), 4);
  }
  return {staging.pixel(0, 0), staging.width * 4};
}

}  // namespace ripple
