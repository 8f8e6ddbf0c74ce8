#pragma once
// Where a pass over a rectangle of its target puts its viewport. A pass
// draws one triangle that covers the viewport (shaders/fullscreen.vert,
// shaders/refraction.vert); a driver that clips without a guard band
// (llvmpipe) cuts it to the viewport's rectangle and draws that as two
// triangles, whose shared diagonal crosses a viewport fitted to the pass's
// rectangle from corner to corner. A software renderer shades the 4x4 blocks
// along that diagonal once for each triangle, and works out coverage for
// every tile it crosses: a cost on every pass, the larger on a thin strip,
// such as an absorbing layer's, where the diagonal crosses every row of
// blocks (BENCHMARKS.md). So the viewport is made wider and taller
// than the rectangle, which sits in the middle of its top edge, above where
// the diagonals meet, and a scissor keeps the pass to the rectangle
// (covering_pass.hpp). No GL here, so that it can be tested without a
// context.

namespace ripple::gl {

// A rectangle of pixels of the target, as glViewport and glScissor take it.
struct PixelRect {
  int x = 0, y = 0, width = 0, height = 0;
};

// What the driver accepts: the largest viewport (GL_MAX_VIEWPORT_DIMS) and
// where its corners may lie (GL_VIEWPORT_BOUNDS_RANGE).
struct ViewportLimits {
  int maxWidth = 0, maxHeight = 0;
  int lowestCoordinate = 0, highestCoordinate = 0;
};

// A viewport that holds `rect`, with both of its diagonals outside `rect`:
// 8 times as wide, centred on it, and 3 times as tall, its top edge on
// rect's. The diagonals meet half of rect's height below it and climb 3/8 of
// its height for each of its widths, so under rect's sides (half a width
// from where they meet) they are still an eighth of its height below it.
// Where the driver's limits do not allow it, the viewport is rect itself
// (correct, only dearer).
inline PixelRect viewportAround(const PixelRect& rect, const ViewportLimits& limits) {
  const long width = 8L * rect.width, height = 3L * rect.height;
  const long x = 1L * rect.x + rect.width / 2 - width / 2, y = 1L * rect.y + rect.height - height;
  const bool fits = width <= limits.maxWidth && height <= limits.maxHeight && x >= limits.lowestCoordinate &&
                    y >= limits.lowestCoordinate && x + width - 1 <= limits.highestCoordinate &&
                    y + height - 1 <= limits.highestCoordinate;
  if (!fits) return rect;
  return {static_cast<int>(x), static_cast<int>(y), static_cast<int>(width), static_cast<int>(height)};
}

}  // namespace ripple::gl
