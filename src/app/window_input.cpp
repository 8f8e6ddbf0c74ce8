#include "app/window_input.hpp"

#include <glad/gl.h>
// glad first: GLFW must not pull in the system's GL header.
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <cstdio>

#include "app/window_app.hpp"
#include "app/window_content.hpp"
#include "app/window_grid.hpp"
#include "app/window_tank.hpp"
#include "ripple/types.hpp"
#include "ripple/scene.hpp"

namespace ripple {
namespace {

App& appOf(GLFWwindow* w) { return *static_cast<App*>(glfwGetWindowUserPointer(w)); }

// A tool's edit of the water, from a GLFW callback (C code, which no
// exception may cross): what the water refuses is said on the panel and
// the terminal, and the window goes on.
template <typename Edit>
void onWater(App& app, Edit edit) {
  try {
    edit();
  } catch (const Error& e) {
    app.status.message = e.what();
    std::fprintf(stderr, "ripple: %s\n", e.what());
  }
}

// Events that only need the window to draw again (ImGui chains its own
// callbacks to these).
void onScroll(GLFWwindow* w, double, double) { appOf(w).rest.input(); }
void onChar(GLFWwindow* w, unsigned int) { appOf(w).rest.input(); }
void onRefresh(GLFWwindow* w) { appOf(w).rest.input(); }
void onFramebufferSize(GLFWwindow* w, int, int) { appOf(w).rest.input(); }

void onMouseButton(GLFWwindow* w, int button, int action, int) {
  App& app = appOf(w);
  Pointer& p = app.pointer;
  app.rest.input();
  if (button != GLFW_MOUSE_BUTTON_LEFT) return;
  if (action == GLFW_RELEASE) {
    p.dragging = false;
    onWater(app, [&] { toolRelease(app); });
    return;
  }
  // Where the last motion event put the cursor, not where it is now: a fast
  // mouse has moved on by the time the press is handled. (Before any motion,
  // a click on a window that opened under the cursor, there is only now.)
  if (!p.cursorSeen) glfwGetCursorPos(w, &p.cursorX, &p.cursorY);
  const double cx = p.cursorX, cy = p.cursorY;
  if (ImGui::GetIO().WantCaptureMouse || (app.panelVisible && p.panelArea.contains(cx, cy))) return;
  const CellPosition cell = cellUnderCursor(app, cx, cy);
  p.lastCellX = cell.x;
  p.lastCellY = cell.y;
  onWater(app, [&] { toolPress(app, cell.x, cell.y); });
  p.dragging = true;
}

void onCursorPos(GLFWwindow* w, double cx, double cy) {
  App& app = appOf(w);
  Pointer& p = app.pointer;
  app.rest.input();
  p.cursorX = cx;
  p.cursorY = cy;
  p.cursorSeen = true;
  if (!p.dragging) return;
  const CellPosition cell = cellUnderCursor(app, cx, cy);
  if (cell.x == p.lastCellX && cell.y == p.lastCellY) return;
  onWater(app, [&] { toolDrag(app, p.lastCellX, p.lastCellY, cell.x, cell.y); });
  p.lastCellX = cell.x;
  p.lastCellY = cell.y;
}

void onDrop(GLFWwindow* w, int count, const char** paths) {
  appOf(w).rest.input();
  if (count == 0) return;
  // What the file holds decides, not its name.
  if (looksLikeScene(paths[0])) {
    openSceneFile(appOf(w), paths[0]);
  } else {
    replacePicture(appOf(w), paths[0]);
  }
}

void onKey(GLFWwindow* w, int key, int, int action, int) {
  App& app = appOf(w);
  app.rest.input();
  if (action != GLFW_PRESS || ImGui::GetIO().WantCaptureKeyboard) return;
  switch (key) {
    case GLFW_KEY_SPACE:
      app.paused = !app.paused;
      break;
    case GLFW_KEY_N:
      app.stepRequested = true;
      break;
    case GLFW_KEY_R:
      app.water->reset();
      break;
    case GLFW_KEY_H:
      app.panelVisible = !app.panelVisible;
      break;
    case GLFW_KEY_S:
      ++app.screenshotsRequested;
      break;
    case GLFW_KEY_V:
      app.recordingToggled = true;
      break;
    case GLFW_KEY_1:
    case GLFW_KEY_2:
    case GLFW_KEY_3:
    case GLFW_KEY_4:
    case GLFW_KEY_5:
      chooseTool(app, static_cast<Tool>(key - GLFW_KEY_1));
      break;
    case GLFW_KEY_T:
      chooseTool(app, static_cast<Tool>((static_cast<int>(app.tank.tool) + 1) % kToolCount));
      break;
    case GLFW_KEY_ESCAPE:
      glfwSetWindowShouldClose(w, GLFW_TRUE);
      break;
    default:
      break;
  }
}

}  // namespace

void installInputCallbacks(App& app) {
  glfwSetWindowUserPointer(app.window, &app);
  glfwSetMouseButtonCallback(app.window, onMouseButton);
  glfwSetCursorPosCallback(app.window, onCursorPos);
  glfwSetKeyCallback(app.window, onKey);
  glfwSetDropCallback(app.window, onDrop);
  glfwSetScrollCallback(app.window, onScroll);
  glfwSetCharCallback(app.window, onChar);
  glfwSetWindowRefreshCallback(app.window, onRefresh);
  glfwSetFramebufferSizeCallback(app.window, onFramebufferSize);
}

}  // namespace ripple
