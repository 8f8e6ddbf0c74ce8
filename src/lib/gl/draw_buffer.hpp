#pragma once
// Blending of draw buffer 0, the one ripple writes: a host's other draw
// buffers keep their own (desktop GL). WebGL 2 has one blending for all.
#include <glad/gl.h>

namespace ripple::gl {

inline void disableBlending() {
#if defined(__EMSCRIPTEN__)
  glDisable(GL_BLEND);
#else
  glDisablei(GL_BLEND, 0);
#endif
}

}  // namespace ripple::gl
