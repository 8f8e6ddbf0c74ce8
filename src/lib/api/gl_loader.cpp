#include "api/gl_loader.hpp"

#include <dlfcn.h>
#include <glad/gl.h>

#include "core/error.hpp"
#include "gl/gl_info.hpp"

namespace ripple::api {
namespace {

// EGL's own lookup, where an EGL context is current (headless, Wayland):
// libEGL's eglGetCurrentContext and eglGetProcAddress, looked up by name.
GLADloadfunc eglLookupIfCurrent() {
  static void* egl = dlopen("libEGL.so.1", RTLD_LAZY | RTLD_LOCAL);
  if (!egl) return nullptr;
  using GetCurrentContext = void* (*)();
  const auto getCurrentContext = reinterpret_cast<GetCurrentContext>(dlsym(egl, "eglGetCurrentContext"));
  const auto getProcAddress = reinterpret_cast<GLADloadfunc>(dlsym(egl, "eglGetProcAddress"));
  return getCurrentContext && getProcAddress && getCurrentContext() ? getProcAddress : nullptr;
}

bool loadedWithAContext(int loaded) { return loaded != 0 && glGetString(GL_VERSION) != nullptr; }

}  // namespace

void loadGlOfCurrentContext() {
  const GLADloadfunc egl = eglLookupIfCurrent();
  // Else GLX's, through libGL (GLFW's and SDL's contexts on X11).
  const bool loaded = egl ? loadedWithAContext(gladLoadGL(egl)) : loadedWithAContext(gladLoaderLoadGL());
  if (!loaded) {
    throw Error(
        "no current OpenGL context: make an OpenGL 3.3 context current (GLFW, SDL, EGL, ...) before "
        "creating a ripple::Water on the GPU, or use Backend::Cpu");
  }
  gl::requireGl33("the current context");
}

}  // namespace ripple::api
