#include "app/context_window.hpp"

#include <glad/gl.h>
// glad first: GLFW must not pull in the system's GL header.
#include <GLFW/glfw3.h>

#include <cstdlib>

#include "ripple/types.hpp"
#include "app/gl_debug_output.hpp"
#include "app/leak_check.hpp"
#include "ripple/water.hpp"

namespace ripple::gl {
namespace {

std::string lastGlfwError() {
  const char* description = nullptr;
  glfwGetError(&description);
  return description ? description : "no reason given";
}

// When a 3.3 core context is refused: the version a plain context gets, from
// a hidden window, so the message says what was found as well as what is needed.
std::string offeredVersion() {
  glfwDefaultWindowHints();
  glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);
  GLFWwindow* probe = glfwCreateWindow(16, 16, "probe", nullptr, nullptr);
  if (!probe) return "no OpenGL context at all";
  glfwMakeContextCurrent(probe);
  using GetString = const unsigned char* (*)(unsigned int);
  auto getString = reinterpret_cast<GetString>(glfwGetProcAddress("glGetString"));
  std::string found = "an unknown OpenGL version";
  if (getString && getString(GL_VERSION)) {
    const auto* renderer = reinterpret_cast<const char*>(getString(GL_RENDERER));
    found = std::string("OpenGL ") + reinterpret_cast<const char*>(getString(GL_VERSION)) + " (" +
            (renderer ? renderer : "?") + ")";
  }
  glfwMakeContextCurrent(nullptr);
  checkLeaksBeforeDriverTeardown();  // the error path ends the program: check while the driver is loaded
  glfwDestroyWindow(probe);
  return found;
}

}  // namespace

WindowContext::WindowContext(int width, int height, const std::string& title) {
#if defined(__linux__)
  // Without a display GLFW only says "X11: The DISPLAY environment variable is
  // missing"; say what to do instead.
  if (!std::getenv("DISPLAY") && !std::getenv("WAYLAND_DISPLAY")) {
    throw Error(
        "no display to open a window on (DISPLAY and WAYLAND_DISPLAY are not set); "
        "run it under a virtual display (xvfb-run -a ripple), or render without a window: ripple --headless");
  }
#endif
  if (!glfwInit()) {
    // Most often a display that cannot be reached (a stale SSH forward).
    throw Error("cannot open a window: " + lastGlfwError() +
                "; run it under a virtual display (xvfb-run -a ripple), or render without a window: ripple --headless");
  }
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);  // required on macOS
  glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE);
  glfwWindowHint(GLFW_OPENGL_DEBUG_CONTEXT, kDebugContext ? GLFW_TRUE : GLFW_FALSE);
  window_ = glfwCreateWindow(width, height, title.c_str(), nullptr, nullptr);
  if (!window_) {
    const std::string reason = lastGlfwError();
    const std::string found = offeredVersion();
    glfwTerminate();
    throw Error("cannot open a window with OpenGL 3.3 core (" + reason + "); this system offers " + found);
  }
  glfwMakeContextCurrent(window_);
  if (!gladLoadGL(reinterpret_cast<GLADloadfunc>(glfwGetProcAddress))) {
    glfwDestroyWindow(window_);
    glfwTerminate();
    throw Error("cannot load the OpenGL functions of the window's context");
  }
  try {
    renderer_ = gpuContextDescription();
    enableDebugOutputInDebugBuilds();
  } catch (...) {
    glfwDestroyWindow(window_);
    glfwTerminate();
    throw;
  }
}

WindowContext::~WindowContext() {
  checkLeaksBeforeDriverTeardown();
  glfwDestroyWindow(window_);
  glfwTerminate();
}

}  // namespace ripple::gl
