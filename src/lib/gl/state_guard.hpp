#pragma once
// The caller's GL state, saved when a call of the library's starts on the
// caller's context and put back when it ends, as Dear ImGui's OpenGL
// backend does around its drawing: a host's own drawing goes on as it was.
// Saved: what the library's passes change (framebuffers, viewport, program,
// vertex array and buffer, 2-D and array textures and samplers of units
// 0-3 and the active unit, image units 0-3, blending and the colour mask of
// draw buffers 0-3), and every state of the caller's that could change what
// the passes write or read back, which the guard sets to a known value for the call
// (kSetForTheCall in state_guard.cpp, polygon mode, read clamping, pixel
// buffers; the pixel store around each transfer of pixels alone,
// pixel_store.hpp). docs/api.md lists it. In a browser each read of
// some states is a round trip to the GPU process: what cannot matter is
// neither read nor set.
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
  // The draw buffers whose colour mask and blending are set: the slope pass
  // in layers writes four (WebGL 2 has one mask and one blending for all).
  static constexpr int kDrawBuffers = 4;
#if defined(__EMSCRIPTEN__)
  static constexpr int kCapabilities = 8;  // WebGL 2's
#else
  // The capabilities set for the call (state_guard.cpp), the clip distances
  // among them (GL 3.3 has at least 8; a driver's further ones are left).
  static constexpr int kCapabilities = 23;
#endif

 private:
  void saveBindings();
  void restoreBindings() const;
  void saveAndSetRasterState();
  void restoreRasterState() const;
  void saveAndSetColourWrites();
  void restoreColourWrites() const;
  void saveAndSetDesktopState();
  void restoreDesktopState() const;
  void pauseTransformFeedback();
  void resumeTransformFeedback() const;

#if !defined(__EMSCRIPTEN__)  // in a browser the bindings are saved as WebGL objects (state_guard.cpp)
  struct ImageUnit {
    GLint name = 0, level = 0, layered = 0, layer = 0, access = GL_READ_ONLY, format = GL_RGBA8;
  };
  GLint activeTexture_ = GL_TEXTURE0;
  std::array<GLint, kUnits> textures_{}, textureArrays_{}, samplers_{};
  std::array<ImageUnit, kUnits> images_{};
  bool imagesSaved_ = false;
  GLint program_ = 0, drawFramebuffer_ = 0, readFramebuffer_ = 0, vertexArray_ = 0, arrayBuffer_ = 0;
  GLint packBuffer_ = 0, unpackBuffer_ = 0;
#endif
  std::array<GLint, 4> viewport_{}, scissorBox_{};
  std::array<GLboolean, kCapabilities> capabilities_{};
#if defined(__EMSCRIPTEN__)
  std::array<GLboolean, 4> colourMask_{};
  GLboolean blend_ = GL_FALSE;
#else  // desktop GL's alone
  std::array<std::array<GLboolean, 4>, kDrawBuffers> colourMasks_{};
  std::array<GLboolean, kDrawBuffers> blends_{};
  GLint blendSrcRgb_ = GL_ONE, blendDstRgb_ = GL_ZERO, blendSrcAlpha_ = GL_ONE, blendDstAlpha_ = GL_ZERO;
  GLint blendEquationRgb_ = GL_FUNC_ADD, blendEquationAlpha_ = GL_FUNC_ADD;
  bool compatibility_ = false;   // a compatibility profile: more state applies to shaders' draws
  bool feedbackPaused_ = false;  // the caller's transform feedback, paused for the call
  GLboolean alphaTest_ = GL_FALSE, polygonStipple_ = GL_FALSE;
  GLint clampRead_ = GL_FIXED_ONLY, clampFragment_ = GL_FIXED_ONLY;
  GLint provokingVertex_ = GL_LAST_VERTEX_CONVENTION;
  std::array<GLint, 2> polygonMode_{GL_FILL, GL_FILL};  // front, back (they differ in compatibility profiles only)
#endif
};

}  // namespace ripple::gl
