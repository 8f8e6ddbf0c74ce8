#include "app/window_tank.hpp"

#include <algorithm>
#include <memory>

#include "app/window_app.hpp"
#include "app/window_grid.hpp"
#include "core/stroke.hpp"

namespace ripple {
namespace {

void dropStone(App& app, int x, int y) {
  app.pendingStones.push_back({x, y, stoneRadiusCells(app), app.params.stoneWeight, stoneShape(app.params)});
}

// The speed factor the painting tools give a cell.
CellSpeed paintValue(const App& app) {
  const Tool tool = app.tank.tool;
  return tool == Tool::Wall     ? kWallCell
         : tool == Tool::Eraser ? kOpenWater
                                : slowWaterSpeed(app.params.slowWaterFactor);
}

void paint(App& app, int x0, int y0, int x1, int y1) {
  const int brush = brushCells(app);
  const CellSpeed value = paintValue(app);
  editWorld(app, [&](WaterWorld& w) { paintStroke(w, x0, y0, x1, y1, brush, value); });
}

// The source tool's press: grab the source near the cell, or start one there.
void pressSource(App& app, int x, int y) {
  TankTool& t = app.tank;
  // A few cells, and never less than the width of a fingertip's worth of window.
  const int reach = std::max(3, radiusInCells(12, windowSize(app), gridSize(app)));
  t.heldSource = app.world ? sourceNear(*app.world, x, y, reach) : std::nullopt;
  t.heldSourceIsNew = !t.heldSource;
  t.heldSourceMoved = false;
  if (t.heldSource) return;
  const long long start = app.driver.stepsDone();
  const Params& p = app.params;
  editWorld(app, [&](WaterWorld& w) { addSource(w, x, y, p.sourcePeriod, p.sourceAmplitude, start); });
  t.heldSource = app.world->sources.size() - 1;
}

// A drag moves the held source by as many cells as the cursor moved,
// gliding there over about a frame's steps: a moving source, not a point
// that jumps from cell to cell.
void dragSource(App& app, int dx, int dy) {
  TankTool& t = app.tank;
  if (!t.heldSource || !app.world || *t.heldSource >= app.world->sources.size() || (dx == 0 && dy == 0)) return;
  const WorldSource& s = app.world->sources[*t.heldSource];
  const int x = s.x0 + dx, y = s.y0 + dy;
  const size_t index = *t.heldSource;
  const long long now = app.driver.stepsDone();
  const int steps = app.lastStepCount;
  editWorld(app, [&](WaterWorld& w) { glideSource(w, index, x, y, now, steps); });
  t.heldSourceMoved = true;
}

}  // namespace

void toolPress(App& app, int x, int y) {
  switch (app.tank.tool) {
    case Tool::Stones:
      dropStone(app, x, y);
      break;
    case Tool::Wall:
    case Tool::Eraser:
    case Tool::SlowWater:
      paint(app, x, y, x, y);
      break;
    case Tool::WorldSource:
      pressSource(app, x, y);
      break;
  }
}

void toolDrag(App& app, int fromX, int fromY, int toX, int toY) {
  switch (app.tank.tool) {
    case Tool::Stones:
      for (const Stone& s : strokeStones(fromX, fromY, toX, toY, stoneRadiusCells(app), app.params.stoneWeight,
                                         stoneShape(app.params))) {
        app.pendingStones.push_back(s);
      }
      break;
    case Tool::Wall:
    case Tool::Eraser:
    case Tool::SlowWater:
      paint(app, fromX, fromY, toX, toY);
      break;
    case Tool::WorldSource:
      dragSource(app, toX - fromX, toY - fromY);
      break;
  }
}

// A click on a source (a press and a release with no move) stops it; a
// drag's end leaves it singing where it was dragged.
void toolRelease(App& app) {
  TankTool& t = app.tank;
  if (t.heldSource && app.world && *t.heldSource < app.world->sources.size()) {
    const size_t index = *t.heldSource;
    if (t.heldSourceMoved) {
      editWorld(app, [&](WaterWorld& w) { stopGliding(w, index); });
    } else if (!t.heldSourceIsNew) {
      editWorld(app, [&](WaterWorld& w) { w.sources.erase(w.sources.begin() + static_cast<long>(index)); });
    }
  }
  t.heldSource.reset();
}

void chooseTool(App& app, Tool tool) {
  if (tool == Tool::SlowWater && app.params.mode == Mode::Classic) {
    app.status.message = "classic mode has no slow water: switch to float mode (Advanced) to paint it";
    return;
  }
  app.tank.tool = tool;
  app.tank.heldSource.reset();
}

void editWorld(App& app, const std::function<void(WaterWorld&)>& edit) {
  const Extent grid = gridSize(app);
  const Params& p = app.params;
  WaterWorld edited = app.world ? *app.world : WaterWorld(grid.width, grid.height);
  if (!app.world) {
    edited.horizontalEdges = p.horizontalEdges;
    edited.verticalEdges = p.verticalEdges;
    edited.wallKind = p.wallKind;
  }
  edit(edited);
  app.world = std::make_shared<const WaterWorld>(std::move(edited));
  app.worldAsMade = app.world;
  app.rest.waterDisturbed();
}

void applyTankSettings(App& app) {
  const WaterWorld* world = app.world.get();
  const Params& p = app.params;
  const Edge h = world ? world->horizontalEdges : Edge::Fixed, v = world ? world->verticalEdges : Edge::Fixed;
  const WallKind k = world ? world->wallKind : WallKind::Reflecting;
  if (h == p.horizontalEdges && v == p.verticalEdges && k == p.wallKind) return;
  editWorld(app, [&](WaterWorld& w) {
    w.horizontalEdges = p.horizontalEdges;
    w.verticalEdges = p.verticalEdges;
    w.wallKind = p.wallKind;
  });
}

}  // namespace ripple
