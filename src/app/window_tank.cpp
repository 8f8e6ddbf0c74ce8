#include "app/window_tank.hpp"

#include <algorithm>

#include "app/window_app.hpp"
#include "app/window_grid.hpp"

namespace ripple {
namespace {

void dropStone(App& app, int x, int y) {
  app.pendingStones.push_back({x, y, stoneRadiusCells(app), app.params.rain.weight});
}

// The speed factor the painting tools give a cell.
float paintValue(const App& app) {
  const Tool tool = app.tank.tool;
  return tool == Tool::Wall ? 0.0f : tool == Tool::Eraser ? 1.0f : app.params.slowWaterFactor;
}

void paint(App& app, int x0, int y0, int x1, int y1) {
  app.water->paint(x0, y0, x1, y1, brushCells(app), paintValue(app));
  app.rest.waterDisturbed();
}

// The source tool's press: grab the source near the cell, or start one there.
void pressSource(App& app, int x, int y) {
  TankTool& t = app.tank;
  // A few cells, and never less than the width of a fingertip's worth of window.
  const int reach = std::max(3, radiusInCells(12, windowSize(app), gridSize(app)));
  t.heldSource = ripple::sourceNear(app.water->sources(), x, y, reach);
  t.heldSourceIsNew = !t.heldSource;
  t.heldSourceMoved = false;
  if (t.heldSource) return;
  const WindowSettings& p = app.params;
  t.heldSource = app.water->addSource({x, y, x, y, p.sourcePeriod, p.sourceAmplitude, app.water->stepsDone()});
  app.rest.waterDisturbed();
}

// A drag moves the held source by as many cells as the cursor moved,
// gliding there over about a frame's steps: a moving source, not a point
// that jumps from cell to cell.
void dragSource(App& app, int dx, int dy) {
  TankTool& t = app.tank;
  if (!t.heldSource || *t.heldSource >= app.water->sources().size() || (dx == 0 && dy == 0)) return;
  const Source s = app.water->sources()[*t.heldSource];
  app.water->moveSource(*t.heldSource, s.x0 + dx, s.y0 + dy, app.lastStepCount);
  t.heldSourceMoved = true;
  app.rest.waterDisturbed();
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
    case Tool::Stones: {
      const std::vector<Drop> trail =
          trailStones(fromX, fromY, toX, toY, stoneRadiusCells(app), app.params.rain.weight);
      app.pendingStones.insert(app.pendingStones.end(), trail.begin(), trail.end());
      break;
    }
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
  if (t.heldSource && *t.heldSource < app.water->sources().size()) {
    const std::size_t index = *t.heldSource;
    if (t.heldSourceMoved) {
      const Source s = app.water->sources()[index];
      app.water->moveSource(index, s.x0, s.y0);  // there now, gliding no more
    } else if (!t.heldSourceIsNew) {
      app.water->removeSource(index);
    }
    app.rest.waterDisturbed();
  }
  t.heldSource.reset();
}

void chooseTool(App& app, Tool tool) {
  if (tool == Tool::SlowWater && app.params.rule.mode == Mode::Classic) {
    app.status.message = "classic mode has no slow water: switch to float mode (Advanced) to paint it";
    return;
  }
  app.tank.tool = tool;
  app.tank.heldSource.reset();
}

void clearCells(App& app) {
  Tank tank = app.water->tank();
  tank.clearCells();
  app.water->setTank(tank);
  app.rest.waterDisturbed();
}

void removeSources(App& app) {
  while (!app.water->sources().empty()) app.water->removeSource(app.water->sources().size() - 1);
  app.rest.waterDisturbed();
}

}  // namespace ripple
