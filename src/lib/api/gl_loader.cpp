#include "api/gl_loader.hpp"

#include <dlfcn.h>
#include <glad/gl.h>

#include "core/error.hpp"
#include "gl/gl_info.hpp"

namespace ripple::api {
namespace {

using GetCurrentContext = void* (*)();

// libEGL, opened once: EGL's contexts (headless, Wayland, GLFW's EGL ones).
void* libEgl() {
  static void* egl = dlopen("libEGL.so.1", RTLD_LAZY | RTLD_LOCAL);
  return egl;
}

GetCurrentContext eglGetCurrentContextFunction() {
  static const auto get =
      libEgl() ? reinterpret_cast<GetCurrentContext>(dlsym(libEgl(), "eglGetCurrentContext")) : nullptr;
  return get;
}

// GLX's, through libGL as glad's own loader opens it (GLFW's and SDL's
// contexts on X11).
GetCurrentContext glxGetCurrentContextFunction() {
  static void* gl = dlopen("libGL.so.1", RTLD_LAZY | RTLD_LOCAL);
  static const auto get = gl ? reinterpret_cast<GetCurrentContext>(dlsym(gl, "glXGetCurrentContext")) : nullptr;
  return get;
}

// EGL's lookup, where an EGL context is current.
GLADloadfunc eglLookupIfCurrent() {
  const GetCurrentContext current = eglGetCurrentContextFunction();
  if (!current || !current()) return nullptr;
  return reinterpret_cast<GLADloadfunc>(dlsym(libEgl(), "eglGetProcAddress"));
}

bool loadedWithAContext(int loaded) { return loaded != 0 && glGetString(GL_VERSION) != nullptr; }

}  // namespace

void loadGlOfCurrentContext() {
  const GLADloadfunc egl = eglLookupIfCurrent();
  const bool loaded = egl ? loadedWithAContext(gladLoadGL(egl)) : loadedWithAContext(gladLoaderLoadGL());
  if (!loaded) {
    throw Error(
        "no current OpenGL context: make an OpenGL 3.3 context current (GLFW, SDL, EGL, ...) before "
        "creating a ripple::Water on the GPU, or use Backend::Cpu");
  }
  gl::requireGl33("the current context");
}

ContextName currentContext() {
  ContextName name;
  if (const GetCurrentContext egl = eglGetCurrentContextFunction()) name.egl = egl();
  if (const GetCurrentContext glx = glxGetCurrentContextFunction()) name.glx = glx();
  return name;
}

}  // namespace ripple::api
