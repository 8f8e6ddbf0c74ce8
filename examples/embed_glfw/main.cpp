// embed_glfw: ripple's water in a GLFW window of your own. The program owns
// the window, the context, its GL loader (libepoxy) and its picture; ripple
// steps the water and draws it; the program then draws its own overlay.
// Click to drop a stone; Esc quits.
#include <epoxy/gl.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <cstdio>

#include <ripple/ripple.hpp>

namespace {

constexpr int kWidth = 640, kHeight = 360;  // the window
constexpr int kCellPixels = 2;              // the grid: a cell every two pixels

void onClick(GLFWwindow* window, int button, int action, int) {
  if (button != GLFW_MOUSE_BUTTON_LEFT || action != GLFW_PRESS) return;
  double x = 0, y = 0;
  glfwGetCursorPos(window, &x, &y);  // from the top left, as the water's cells are
  auto* water = static_cast<ripple::Water*>(glfwGetWindowUserPointer(window));
  const int cellX = static_cast<int>(x) / kCellPixels, cellY = static_cast<int>(y) / kCellPixels;
  water->drop(cellX, cellY, 8, 96.0f);
  std::printf("embed_glfw: a stone at cell (%d, %d)\n", cellX, cellY);
  std::fflush(stdout);
}

// A callback, not a poll of the key's state: a press and its release that
// come within one frame are still seen.
void onKey(GLFWwindow* window, int key, int, int action, int) {
  if (key == GLFW_KEY_ESCAPE && action == GLFW_PRESS) glfwSetWindowShouldClose(window, GLFW_TRUE);
}

// The program's own drawing over the water: a bar along the top edge.
void drawOverlay(int width, int height) {
  glEnable(GL_SCISSOR_TEST);
  glScissor(0, height - 6, width, 6);
  glClearColor(0.95f, 0.75f, 0.2f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  glDisable(GL_SCISSOR_TEST);
}

}  // namespace

int main() {
  if (!glfwInit()) return 1;
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  glfwWindowHint(GLFW_RESIZABLE, GLFW_FALSE);
  GLFWwindow* window = glfwCreateWindow(kWidth, kHeight, "embed_glfw", nullptr, nullptr);
  if (!window) {
    std::fprintf(stderr, "embed_glfw: no window with OpenGL 3.3\n");
    glfwTerminate();
    return 1;
  }
  glfwMakeContextCurrent(window);
  glfwSwapInterval(1);
  int status = 0;
  try {
    ripple::Water water(kWidth / kCellPixels, kHeight / kCellPixels);
    glfwSetWindowUserPointer(window, &water);
    glfwSetMouseButtonCallback(window, onClick);
    glfwSetKeyCallback(window, onKey);

    // The program's picture: ripple's default one, as a texture of its own.
    const ripple::Picture picture = ripple::loadPicture("");
    GLuint texture = 0;
    glGenTextures(1, &texture);
    glBindTexture(GL_TEXTURE_2D, texture);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, picture.width, picture.height, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                 picture.rgba.data());

    // Waves cross the window at 180 pixels a second, whatever the frame rate.
    ripple::SimulationClock clock;
    const double stepsPerSecond = ripple::SimulationClock::stepsPerSecond(180.0, water.rule().stepSpeed(), kCellPixels);
    while (!glfwWindowShouldClose(window)) {
      glfwPollEvents();
      int width = 0, height = 0;
      glfwGetFramebufferSize(window, &width, &height);
      water.step(clock.stepsDue(glfwGetTime(), stepsPerSecond));
      glBindFramebuffer(GL_FRAMEBUFFER, 0);
      water.render(texture, 0, 0, width, height);
      drawOverlay(width, height);
      glfwSwapBuffers(window);
    }
    glDeleteTextures(1, &texture);
  } catch (const ripple::Error& e) {  // the water is gone before the context is
    std::fprintf(stderr, "embed_glfw: %s\n", e.what());
    status = 1;
  }
  glfwDestroyWindow(window);
  glfwTerminate();
  return status;
}
