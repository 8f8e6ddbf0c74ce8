#include "app/headless_context.hpp"

#include <glad/egl.h>
#include <glad/gl.h>

#include <vector>

#include "ripple/types.hpp"
#include "app/gl_debug_output.hpp"
#include "ripple/water.hpp"
#include "app/leak_check.hpp"

namespace ripple::gl {
namespace {

const char* eglErrorName(EGLint error) {
  switch (error) {
    case EGL_SUCCESS:
      return "EGL_SUCCESS";
    case EGL_NOT_INITIALIZED:
      return "EGL_NOT_INITIALIZED";
    case EGL_BAD_ACCESS:
      return "EGL_BAD_ACCESS";
    case EGL_BAD_ALLOC:
      return "EGL_BAD_ALLOC";
    case EGL_BAD_ATTRIBUTE:
      return "EGL_BAD_ATTRIBUTE";
    case EGL_BAD_CONFIG:
      return "EGL_BAD_CONFIG";
    case EGL_BAD_CONTEXT:
      return "EGL_BAD_CONTEXT";
    case EGL_BAD_CURRENT_SURFACE:
      return "EGL_BAD_CURRENT_SURFACE";
    case EGL_BAD_DISPLAY:
      return "EGL_BAD_DISPLAY";
    case EGL_BAD_MATCH:
      return "EGL_BAD_MATCH";
    case EGL_BAD_NATIVE_PIXMAP:
      return "EGL_BAD_NATIVE_PIXMAP";
    case EGL_BAD_NATIVE_WINDOW:
      return "EGL_BAD_NATIVE_WINDOW";
    case EGL_BAD_PARAMETER:
      return "EGL_BAD_PARAMETER";
    case EGL_BAD_SURFACE:
      return "EGL_BAD_SURFACE";
    case EGL_CONTEXT_LOST:
      return "EGL_CONTEXT_LOST";
    default:
      return "unknown EGL error";
  }
}

std::string lastEglError() { return eglErrorName(eglGetError()); }

// Displays to try, best first, each with a name for the error message.
std::vector<std::pair<std::string, EGLDisplay>> candidateDisplays(std::string& tried) {
  std::vector<std::pair<std::string, EGLDisplay>> displays;
  if (GLAD_EGL_EXT_platform_base && GLAD_EGL_EXT_device_enumeration && GLAD_EGL_EXT_platform_device) {
    EGLint count = 0;
    EGLDeviceEXT devices[8];
    if (eglQueryDevicesEXT(8, devices, &count)) {
      for (EGLint i = 0; i < count; ++i) {
        EGLDisplay d = eglGetPlatformDisplayEXT(EGL_PLATFORM_DEVICE_EXT, devices[i], nullptr);
        if (d != EGL_NO_DISPLAY) displays.emplace_back("EGL device " + std::to_string(i), d);
      }
    } else {
      tried += " device platform: " + lastEglError() + ";";
    }
  }
  if (GLAD_EGL_EXT_platform_base) {
    EGLDisplay d = eglGetPlatformDisplayEXT(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
    if (d != EGL_NO_DISPLAY) displays.emplace_back("Mesa surfaceless platform", d);
  }
  EGLDisplay d = eglGetDisplay(EGL_DEFAULT_DISPLAY);
  if (d != EGL_NO_DISPLAY) displays.emplace_back("default display", d);
  return displays;
}

// When a 3.3 core context is refused: the version a plain context gets, so
// the message can say what was found as well as what is needed.
std::string offeredVersion(EGLDisplay display, EGLConfig config) {
  EGLContext probe = eglCreateContext(display, config, EGL_NO_CONTEXT, nullptr);
  if (probe == EGL_NO_CONTEXT) return "no OpenGL context at all";
  std::string found = "an unknown OpenGL version";
  using GetString = const unsigned char* (*)(unsigned int);
  auto getString = reinterpret_cast<GetString>(eglGetProcAddress("glGetString"));
  if (eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, probe) && getString) {
    const auto* version = reinterpret_cast<const char*>(getString(GL_VERSION));
    const auto* renderer = reinterpret_cast<const char*>(getString(GL_RENDERER));
    if (version) found = std::string("OpenGL ") + version + " (" + (renderer ? renderer : "?") + ")";
    eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  }
  // This path ends the program with an error, after the probe has loaded the
  // driver and eglTerminate has unloaded it again: check while it is loaded,
  // as the window's too-old path does.
  checkLeaksBeforeDriverTeardown();
  eglDestroyContext(display, probe);
  return found;
}

}  // namespace

std::unique_ptr<HeadlessContext> HeadlessContext::create() {
  if (!gladLoaderLoadEGL(EGL_NO_DISPLAY)) {
    throw Error("cannot load libEGL: install Mesa's EGL (Debian: libegl1 libegl-mesa0) or a GPU driver");
  }
  std::string tried;
  for (auto& [name, display] : candidateDisplays(tried)) {
    EGLint major = 0, minor = 0;
    if (!eglInitialize(display, &major, &minor)) {
      tried += " " + name + ": eglInitialize " + lastEglError() + ";";
      continue;
    }
    gladLoaderLoadEGL(display);  // the EGL 1.5 entry points, now that a display is up
    const EGLint configAttributes[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
                                       EGL_NONE};
    EGLConfig config = nullptr;
    EGLint configs = 0;
    if (!eglChooseConfig(display, configAttributes, &config, 1, &configs) || configs < 1 ||
        !eglBindAPI(EGL_OPENGL_API)) {
      tried += " " + name + ": no OpenGL config (" + lastEglError() + ");";
      eglTerminate(display);
      continue;
    }
    const EGLint contextAttributes[] = {EGL_CONTEXT_MAJOR_VERSION,
                                        3,
                                        EGL_CONTEXT_MINOR_VERSION,
                                        3,
                                        EGL_CONTEXT_OPENGL_PROFILE_MASK,
                                        EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                                        EGL_CONTEXT_OPENGL_DEBUG,
                                        kDebugContext ? EGL_TRUE : EGL_FALSE,
                                        EGL_NONE};
    EGLContext context = eglCreateContext(display, config, EGL_NO_CONTEXT, contextAttributes);
    if (context == EGL_NO_CONTEXT) {
      const std::string error = lastEglError();
      tried +=
          " " + name + ": no GL 3.3 core context (" + error + "), it offers " + offeredVersion(display, config) + ";";
      eglTerminate(display);
      continue;
    }
    if (!eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context) ||
        !gladLoadGL(reinterpret_cast<GLADloadfunc>(eglGetProcAddress))) {
      tried += " " + name + ": cannot make the context current (" + lastEglError() + ");";
      eglDestroyContext(display, context);
      eglTerminate(display);
      continue;
    }
    std::unique_ptr<HeadlessContext> result(new HeadlessContext);
    result->display_ = display;
    result->context_ = context;
    try {
      gpuContextDescription();  // the water can run on it
    } catch (const Error& e) {
      throw Error("the headless EGL context (" + name + "): " + e.what());
    }
    enableDebugOutputInDebugBuilds();
    return result;
  }
  if (!tried.empty() && tried.back() == ';') tried.pop_back();
  throw Error("no headless OpenGL 3.3 context could be created;" +
              (tried.empty() ? std::string(" no EGL display found") : tried));
}

HeadlessContext::~HeadlessContext() {
  checkLeaksBeforeDriverTeardown();
  eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  eglDestroyContext(display_, context_);
  eglTerminate(display_);
}

}  // namespace ripple::gl
