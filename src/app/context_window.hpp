#pragma once
// A GLFW window with a GL 3.3 core context, current on this thread.
#include <string>

struct GLFWwindow;

namespace ripple::gl {

class WindowContext {
 public:
  // Throws ripple::Error in one line: no display, a context the water
  // cannot run on, or GLFW's reason.
  WindowContext(int width, int height, const std::string& title);
  ~WindowContext();
  WindowContext(const WindowContext&) = delete;
  WindowContext& operator=(const WindowContext&) = delete;

  GLFWwindow* window() const { return window_; }
  // Its renderer and version (ripple::gpuContextDescription()).
  const std::string& renderer() const { return renderer_; }

 private:
  GLFWwindow* window_ = nullptr;
  std::string renderer_;
};

}  // namespace ripple::gl
