#pragma once
// A host of libripple's own, for the library's tests: EGL contexts on Mesa's
// surfaceless platform (no window, no display; else the first EGL device, as
// on NVIDIA's driver) through libepoxy, the host's
// own loader, and a picture and a framebuffer of the host's.
#include <epoxy/egl.h>
#include <epoxy/gl.h>

#include <optional>
#include <vector>

namespace ripple::test {

struct HostContext {
  EGLDisplay display = EGL_NO_DISPLAY;
  EGLContext context = EGL_NO_CONTEXT;
  void makeCurrent() const { eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context); }
  void release() const { eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT); }
  void destroy();
};

// The context asked for: OpenGL 3.3 core unless said otherwise.
struct ContextAsked {
  int major = 3, minor = 3;
  bool compatibility = false;
  bool es = false;                      // OpenGL ES
  EGLContext sharing = EGL_NO_CONTEXT;  // a context whose objects it shares
};

// A context of the host's, current on return; none where EGL refuses it.
std::optional<HostContext> makeHostContext(const ContextAsked& asked = {});

// The context current when it is made, made current again when it goes.
class KeepCurrentContext {
 public:
  KeepCurrentContext() : display_(eglGetCurrentDisplay()), context_(eglGetCurrentContext()) {}
  ~KeepCurrentContext() { eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, context_); }
  KeepCurrentContext(const KeepCurrentContext&) = delete;
  KeepCurrentContext& operator=(const KeepCurrentContext&) = delete;

 private:
  EGLDisplay display_;
  EGLContext context_;
};

// A picture of the host's: a w x h RGBA8 texture, every pixel distinct, with
// a filter ripple must not use (mipmapped, with no mipmaps).
GLuint makePicture(int w, int h);

// An RGBA8 framebuffer of the host's.
struct HostFramebuffer {
  GLuint texture = 0, framebuffer = 0;
  int width, height;
  HostFramebuffer(int w, int h);
  ~HostFramebuffer();
  HostFramebuffer(const HostFramebuffer&) = delete;
  HostFramebuffer& operator=(const HostFramebuffer&) = delete;
  std::vector<unsigned char> read() const;
};

}  // namespace ripple::test
