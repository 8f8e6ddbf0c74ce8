#include "app/window_grid.hpp"

#include <glad/gl.h>
// glad first: GLFW must not pull in the system's GL header.
#include <GLFW/glfw3.h>

#include <algorithm>
#include <memory>

#include "app/scene_options.hpp"
#include "app/step_path.hpp"
#include "app/window_app.hpp"
#include "app/window_content.hpp"
#include "core/tank_tools.hpp"
#include "scene/world_options.hpp"

namespace ripple {
namespace {

// A --drop stone is given in frame pixels; at a grid scale of 1/2 or 1/4
// its centre and radius are that many cells fewer.
Stone framePixelsToCells(const App& app, Stone s) {
  const int divisor = 1 << std::max(0, app.appliedScaleShift);
  s.x /= divisor;
  s.y /= divisor;
  s.radius = std::max(1, s.radius / divisor);
  return s;
}

// The command line's or the scene's world, on the frame its positions are
// pixels of: the scene's, else the window's.
WaterWorld worldOnItsFrame(const App& app, int width, int height) {
  const auto frame = app.options.sceneFrame.value_or(std::pair<int, int>(width, height));
  return buildWorld(app.options.world, frame.first, frame.second);
}

}  // namespace

Extent gridSize(const App& app) {
  const GridLayout l = app.water->layout();
  return {l.visibleWidth, l.visibleHeight};
}

Extent windowSize(const App& app) {
  Extent size;
  glfwGetWindowSize(app.window, &size.width, &size.height);
  return size;
}

CellPosition cellUnderCursor(const App& app, double cx, double cy) {
  return cursorToCell(cx, cy, windowSize(app), gridSize(app));
}

int stoneRadiusCells(const App& app) { return radiusInCells(app.params.stoneRadius, windowSize(app), gridSize(app)); }

int brushCells(const App& app) { return radiusInCells(app.params.brushSize, windowSize(app), gridSize(app)); }

double stepsPerSecondAsked(const App& app) {
  return stepsPerSecond(app.params.waveSpeed, waterRule(app.params).courant, windowSize(app), gridSize(app));
}

void fitToFramebuffer(App& app, int width, int height) {
  if (width == app.frameWidth && height == app.frameHeight && app.params.simScaleShift == app.appliedScaleShift) return;
  const bool newFrame = width != app.frameWidth || height != app.frameHeight;
  app.frameWidth = width;
  app.frameHeight = height;
  app.appliedScaleShift = app.params.simScaleShift;
  if (newFrame) showPicture(app, app.picture);
  const int divisor = 1 << app.params.simScaleShift;
  const int gridWidth = std::max(1, (width + divisor - 1) / divisor);
  const int gridHeight = std::max(1, (height + divisor - 1) / divisor);
  if (!app.water && app.options.world.any()) {
    // The world from the command line, made on the frame (its walls and
    // sources are given in frame pixels, as --drop stones are, and its
    // errors name what was typed); the lines below carry it to the grid.
    // One that cannot be built ends the program with its one line (exit 2).
    app.worldAsMade = std::make_shared<const WaterWorld>(worldOnItsFrame(app, width, height));
  }
  // Walls, slow water and sources go with the water to the new grid.
  app.world = app.worldAsMade;
  if (app.world && (app.world->width != gridWidth || app.world->height != gridHeight)) {
    app.world = std::make_shared<const WaterWorld>(resampledWorld(*app.worldAsMade, gridWidth, gridHeight));
  }
  app.tank.heldSource.reset();  // a drag does not go on across a resize
  if (app.water) {
    app.water->resize(gridWidth, gridHeight);
  } else {
    app.water = std::make_unique<GpuRipple>(gridWidth, gridHeight, app.shaders);
    applyStepPath(*app.water, app.options.stepPath);
    app.driver = ScenarioDriver(dropsInCells(app), app.options.seed);
  }
  app.status.verify.reset();
  app.rest.waterDisturbed();
}

// They are given in frame pixels: a scene's frame, else the window's.
std::vector<TimedStone> dropsInCells(const App& app) {
  const Extent grid = gridSize(app);
  std::vector<TimedStone> drops = dropsOnGrid(app.options, {grid.width, grid.height});
  for (TimedStone& t : drops) {
    if (!app.options.sceneFrame) t.stone = framePixelsToCells(app, t.stone);
    t.stone.shape = stoneShape(app.params);
  }
  return drops;
}

}  // namespace ripple
