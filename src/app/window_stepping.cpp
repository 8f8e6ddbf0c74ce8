#include "app/window_stepping.hpp"

#include "app/window_app.hpp"
#include "app/window_grid.hpp"
#include "core/mode_switch.hpp"
#include "core/verify.hpp"

namespace ripple {
namespace {

// Whether a source of the world sings at or after `step`.
bool sourceSingsFrom(const App& app, long long step) {
  if (!app.world) return false;
  for (const WorldSource& s : app.world->sources)
    if (!s.end || *s.end > step) return true;
  return false;
}

// What the frame shows of the water: the look, the picture's contrast and
// the frame's pixels a cell.
FrameLook frameLook(const App& app) {
  const Extent grid = gridSize(app);
  return {refractionSettings(app.params), app.shownContrast, float(app.frameWidth) / float(grid.width),
          float(app.frameHeight) / float(grid.height)};
}

// Water that can no longer change the frame by a level is set exactly at
// rest, and the window stops stepping it (src/lib/core/visible_change.hpp).
void settleIfAtRest(App& app) {
  if (!app.rest.restCheckDue(app.steps) || somethingFalls(app)) return;
  if (!restsUnseen(app.water->readState(), frameLook(app))) return;
  app.water->reset();
  app.rest.waterRested();
}

}  // namespace

void dropPendingStones(App& app) {
  if (app.pendingStones.empty()) return;
  app.water->prepareWorld(app.rule());
  const GridLayout l = app.water->layout();  // clicks are in visible cells
  for (Stone& s : app.pendingStones) {
    s.x += l.left;
    s.y += l.top;
  }
  app.water->dropStones(app.pendingStones);
  app.pendingStones.clear();
  app.rest.waterDisturbed();
}

bool somethingFalls(const App& app) {
  const Params& p = app.params;
  return (p.rain && p.rainRate > 0) || app.driver.scriptedStonesPending() ||
         sourceSingsFrom(app, app.driver.stepsDone());
}

void runDueSteps(App& app, int count) {
  if (count <= 0) return;
  app.stepTimer->begin();
  app.driver.advance({app.water.get()}, count, app.rule(), rainSettings(app.params));
  app.stepTimer->end(count);
  app.steps += count;
  app.lastStepCount = count;
  if (somethingFalls(app)) app.rest.waterDisturbed();
  settleIfAtRest(app);
}

void applyModeSwitch(App& app) {
  if (app.params.mode == app.appliedMode) return;
  if (app.params.mode == Mode::Classic) {
    WaterState state = app.water->readState();
    roundToWholeHeights(state);
    app.water->writeState(state);
  }
  app.appliedMode = app.params.mode;
  app.status.verify.reset();
  app.rest.waterDisturbed();
}

void verify(App& app) {
  app.status.verify = verifyAgainstCpu(*app.water, app.rule(), app.params.verifySteps, app.params.stoneWeight);
  app.steps += app.params.verifySteps;
  app.rest.waterDisturbed();
}

void measureStepRate(App& app, double now, bool stepping) {
  StepRate& r = app.rate;
  if (!stepping) {
    r.since = now;
    r.stepsSince = app.steps;
    r.stepsPerSecondRun = 0.0;
    return;
  }
  if (now - r.since < 1.0) return;
  r.stepsPerSecondRun = (app.steps - r.stepsSince) / (now - r.since);
  r.since = now;
  r.stepsSince = app.steps;
}

}  // namespace ripple
