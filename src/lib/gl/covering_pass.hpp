#pragma once
// A pass of a fragment shader over a rectangle of the bound framebuffer: one
// triangle that covers its viewport, the viewport placed around the
// rectangle so that the triangle's clipped diagonal misses it, a scissor
// keeping the pass inside it (pass_viewport.hpp).
#include "gl/pass_viewport.hpp"

namespace ripple::gl {

// The current context's limits on a viewport.
ViewportLimits queryViewportLimits();

// Draws the three vertices of the bound vertex array, a triangle that covers
// `viewport` (viewportAround(target, ...)), over `target` only. Leaves the
// scissor test off.
void drawCoveringTriangle(const PixelRect& target, const PixelRect& viewport);

}  // namespace ripple::gl
