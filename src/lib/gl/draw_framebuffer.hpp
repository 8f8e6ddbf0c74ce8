#pragma once
// The framebuffer bound for drawing when a KeptDrawFramebuffer is made,
// bound again by bindAgain() after a pass that binds its own (a new world's
// fields, the slope pass). In a browser it is kept as the WebGL object:
// emscripten's glGet names only the framebuffers it made, and answers 0 for
// a page's own.
#include <glad/gl.h>

namespace ripple::gl {

class KeptDrawFramebuffer {
 public:
  KeptDrawFramebuffer();
  ~KeptDrawFramebuffer();
  KeptDrawFramebuffer(const KeptDrawFramebuffer&) = delete;
  KeptDrawFramebuffer& operator=(const KeptDrawFramebuffer&) = delete;

  void bindAgain() const;

 private:
  GLint name_ = 0;  // natively
};

}  // namespace ripple::gl
