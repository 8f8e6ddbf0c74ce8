// glad_host: a GL program with a glad of its own, as most are (GLFW's
// gears.c), that runs ripple's water on its context through the static
// libripple. Both loaders must link side by side, and each must keep its
// own function pointers: the host draws with its glad before and after
// ripple has loaded its own. Its context is EGL's, from libEGL itself.
#include <glad/gl.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include <ripple/ripple.hpp>

namespace {

int fail(const char* what) {
  std::fprintf(stderr, "glad_host: %s\n", what);
  return 1;
}

// Clears the bound framebuffer to a colour with the host's glad and reads
// one pixel back: whether its own GL calls still draw.
bool hostDraws(unsigned char green) {
  glClearColor(0.0f, green / 255.0f, 0.0f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  unsigned char pixel[4] = {};
  glReadPixels(3, 3, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, pixel);
  return pixel[0] == 0 && pixel[1] == green && glGetError() == GL_NO_ERROR;
}

}  // namespace

int main() {
  // A headless context on Mesa's surfaceless platform.
  EGLDisplay display = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
  if (display == EGL_NO_DISPLAY || !eglInitialize(display, nullptr, nullptr)) return fail("no surfaceless EGL display");
  eglBindAPI(EGL_OPENGL_API);
  const EGLint attributes[] = {
      EGL_CONTEXT_MAJOR_VERSION,           3,       EGL_CONTEXT_MINOR_VERSION, 3, EGL_CONTEXT_OPENGL_PROFILE_MASK,
      EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
  EGLContext context = eglCreateContext(display, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attributes);
  if (context == EGL_NO_CONTEXT || !eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context)) {
    return fail("no OpenGL 3.3 context");
  }
  if (!gladLoadGL(reinterpret_cast<GLADloadfunc>(eglGetProcAddress))) return fail("glad cannot load GL");

  GLuint texture = 0, framebuffer = 0;  // the host's own framebuffer
  glGenTextures(1, &texture);
  glBindTexture(GL_TEXTURE_2D, texture);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glGenFramebuffers(1, &framebuffer);
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture, 0);
  if (!hostDraws(100)) return fail("the host's glad does not draw");

  float largest = 0.0f;
  try {
    ripple::Water water(64, 64);  // on the GPU, in the host's context, by ripple's glad
    water.drop(32, 32, 6, 96.0f);
    water.step(20);
    for (float h : water.heights()) largest = std::max(largest, std::abs(h));
  } catch (const ripple::Error& e) {
    std::fprintf(stderr, "glad_host: ripple: %s\n", e.what());
    return 1;
  }
  if (!(largest > 0.0f)) return fail("the water did not move");
  if (!hostDraws(200)) return fail("the host's glad no longer draws after ripple's");
  std::printf("glad_host: ripple's water moved (largest height %.2f) and the host's own glad drew\n", largest);
  glDeleteFramebuffers(1, &framebuffer);
  glDeleteTextures(1, &texture);
  eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  eglDestroyContext(display, context);
  eglTerminate(display);
  return 0;
}
