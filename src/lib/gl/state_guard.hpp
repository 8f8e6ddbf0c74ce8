#pragma once
// The caller's GL state, saved when a call of the library's starts on the
// caller's context and put back when it ends, as Dear ImGui's OpenGL
// backend does around its drawing: a host's own drawing goes on as it was.
// Saved: what the library's passes change (framebuffers, viewport, scissor,
// program, vertex array and buffer, textures and samplers of units 0-3 and
// the active unit, image units 0-3, blending, colour mask, pixel storage
// alignment), and what would change the passes from the caller's side
// (depth and stencil tests, culling, rasterizer discard, polygon mode, pixel
// buffers), which the guard turns off for the call. docs/api.md lists it.
#include <glad/gl.h>

#include <array>

namespace ripple::gl {

class StateGuard {
 public:
  StateGuard();
  ~StateGuard();
  StateGuard(const StateGuard&) = delete;
  StateGuard& operator=(const StateGuard&) = delete;

  // The units and image units saved: the library's passes use no others.
  static constexpr int kUnits = 4;

 private:
  struct ImageUnit {
    GLint name = 0, level = 0, layered = 0, layer = 0, access = GL_READ_ONLY, format = GL_RGBA8;
  };
  GLint activeTexture_ = GL_TEXTURE0;
  std::array<GLint, kUnits> textures_{}, samplers_{};
  std::array<ImageUnit, kUnits> images_{};
  bool imagesSaved_ = false;
  GLint program_ = 0, drawFramebuffer_ = 0, readFramebuffer_ = 0, vertexArray_ = 0, arrayBuffer_ = 0;
  GLint packBuffer_ = 0, unpackBuffer_ = 0, packAlignment_ = 4, unpackAlignment_ = 4;
  std::array<GLint, 4> viewport_{}, scissorBox_{};
  std::array<GLboolean, 4> colourMask_{};
  GLboolean scissor_ = GL_FALSE, blend_ = GL_FALSE, depth_ = GL_FALSE, stencil_ = GL_FALSE, cull_ = GL_FALSE,
            discard_ = GL_FALSE;
  GLint blendSrcRgb_ = GL_ONE, blendDstRgb_ = GL_ZERO, blendSrcAlpha_ = GL_ONE, blendDstAlpha_ = GL_ZERO;
  GLint blendEquationRgb_ = GL_FUNC_ADD, blendEquationAlpha_ = GL_FUNC_ADD;
  std::array<GLint, 2> polygonMode_{GL_FILL, GL_FILL};
};

}  // namespace ripple::gl
