#pragma once
// Blending of the draw buffers ripple writes, 0 and for the slope pass in
// layers 1-3: a host's others keep their own (desktop GL). WebGL 2 has one
// blending for all.
#include <glad/gl.h>

namespace ripple::gl {

inline void disableBlending(int drawBuffers = 1) {
#if defined(__EMSCRIPTEN__)
  (void)drawBuffers;
  glDisable(GL_BLEND);
#else
  for (int i = 0; i < drawBuffers; ++i) glDisablei(GL_BLEND, static_cast<GLuint>(i));
  // Dual-source blend functions (the stones', or a host's) refuse a draw
  // into more than one draw buffer, blending on or off. (The state guard
  // restores the host's.)
  if (drawBuffers > 1) glBlendFunc(GL_ONE, GL_ZERO);
#endif
}

}  // namespace ripple::gl
