#include "app/window_grid.hpp"

#include <glad/gl.h>
// glad first: GLFW must not pull in the system's GL header.
#include <GLFW/glfw3.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <utility>

#include "app/scene_options.hpp"
#include "app/step_path.hpp"
#include "app/window_app.hpp"
#include "app/window_content.hpp"

namespace ripple {

Extent gridSize(const App& app) { return {app.water->width(), app.water->height()}; }

Extent windowSize(const App& app) {
  Extent size;
  glfwGetWindowSize(app.window, &size.width, &size.height);
  return size;
}

CellPosition cellUnderCursor(const App& app, double cx, double cy) {
  return cursorToCell(cx, cy, windowSize(app), gridSize(app));
}

int stoneRadiusCells(const App& app) {
  return std::min(radiusInCells(app.params.stoneRadius, windowSize(app), gridSize(app)), kMaxStoneRadius);
}

int brushCells(const App& app) {
  return std::min(radiusInCells(app.params.brushSize, windowSize(app), gridSize(app)), kMaxWallThickness);
}

double stepsPerSecondAsked(const App& app) {
  return stepsPerSecond(app.params.waveSpeed, app.params.rule.stepSpeed(), windowSize(app), gridSize(app));
}

namespace {

// A window turned from across to upright or back turns the water as it
// is, as a scene opened then would have been turned (turnToFit()), rather
// than squeezing it; the panel's edges turn with the water's.
void turnWaterWithWindow(App& app, int gridWidth, int gridHeight) {
  const long across = app.water->width() - app.water->height();
  if (across * (gridWidth - gridHeight) >= 0) return;
  try {
    app.water->quarterTurn(gridWidth < gridHeight ? Turn::Clockwise : Turn::Anticlockwise);
  } catch (const Error& e) {  // a grid the GPU cannot hold turned
    app.status.message = e.what();
    std::fprintf(stderr, "ripple: %s; resizing the water as it is\n", e.what());
    return;
  }
  std::swap(app.params.leftRightEdges, app.params.topBottomEdges);
  std::swap(app.appliedLeftRightEdges, app.appliedTopBottomEdges);
}

}  // namespace

void fitToFramebuffer(App& app, int width, int height) {
  if (width == app.frameWidth && height == app.frameHeight && app.params.gridScale == app.appliedScaleShift) return;
  const bool newFrame = width != app.frameWidth || height != app.frameHeight;
  app.frameWidth = width;
  app.frameHeight = height;
  app.appliedScaleShift = app.params.gridScale;
  if (newFrame) showPicture(app, app.picture);
  const int divisor = 1 << app.params.gridScale;
  const int gridWidth = std::max(1, (width + divisor - 1) / divisor);
  const int gridHeight = std::max(1, (height + divisor - 1) / divisor);
  app.tank.heldSource.reset();  // a drag does not go on across a resize
  if (app.water) {
    turnWaterWithWindow(app, gridWidth, gridHeight);
    app.water->resize(gridWidth, gridHeight);  // walls, slow water and sources go with it
  } else {
    app.water.emplace(gridWidth, gridHeight, Backend::Gpu, gpuOptions(app.options));
    loadRun(app);
  }
  app.status.verify.reset();
  app.rest.waterDisturbed();
}

// As the headless run does: the options as the scene --save-scene would
// write, whose positions (--drop, --wall, ...) are pixels of the frame, a
// scene's or the window's; the water brings them to its grid.
void loadRun(App& app) {
  app.water->loadScene(runScene(app.options, app.params, {app.frameWidth, app.frameHeight}));
  noteTankApplied(app);
}

void noteTankApplied(App& app) {
  app.appliedLeftRightEdges = app.params.leftRightEdges;
  app.appliedTopBottomEdges = app.params.topBottomEdges;
  app.appliedWallKind = app.params.wallKind;
}

}  // namespace ripple
