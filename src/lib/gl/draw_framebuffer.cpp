#include "gl/draw_framebuffer.hpp"

#if defined(__EMSCRIPTEN__)
#include <emscripten.h>
#endif

namespace ripple::gl {

#if defined(__EMSCRIPTEN__)
// A stack kept with the context: a KeptDrawFramebuffer may be made while
// another is alive.
// clang-format off
EM_JS(void, keepWebGlDrawFramebuffer, (), {
  (GLctx.rippleKeptFramebuffers = GLctx.rippleKeptFramebuffers || [])
      .push(GLctx.getParameter(GLctx.DRAW_FRAMEBUFFER_BINDING));
});
EM_JS(void, bindKeptWebGlDrawFramebuffer, (), {
  GLctx.bindFramebuffer(GLctx.DRAW_FRAMEBUFFER, GLctx.rippleKeptFramebuffers[GLctx.rippleKeptFramebuffers.length - 1]);
});
EM_JS(void, forgetKeptWebGlDrawFramebuffer, (), { GLctx.rippleKeptFramebuffers.pop(); });
// clang-format on

KeptDrawFramebuffer::KeptDrawFramebuffer() { keepWebGlDrawFramebuffer(); }
KeptDrawFramebuffer::~KeptDrawFramebuffer() { forgetKeptWebGlDrawFramebuffer(); }
void KeptDrawFramebuffer::bindAgain() const { bindKeptWebGlDrawFramebuffer(); }
#else
KeptDrawFramebuffer::KeptDrawFramebuffer() { glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &name_); }
KeptDrawFramebuffer::~KeptDrawFramebuffer() = default;
void KeptDrawFramebuffer::bindAgain() const { glBindFramebuffer(GL_DRAW_FRAMEBUFFER, static_cast<GLuint>(name_)); }
#endif

}  // namespace ripple::gl
