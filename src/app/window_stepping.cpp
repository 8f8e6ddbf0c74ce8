#include "app/window_stepping.hpp"

#include "app/window_app.hpp"
#include "app/window_grid.hpp"

namespace ripple {
namespace {

// Water that can no longer change the frame by a level is set exactly at
// rest, and the window stops stepping it (Water::restsUnseen()).
void settleIfAtRest(App& app) {
  if (!app.rest.restCheckDue(app.steps) || app.water->disturbedByItself()) return;
  if (!app.water->restsUnseen(app.shownContrast, app.frameWidth, app.frameHeight)) return;
  app.water->reset();
  app.rest.waterRested();
}

// Rain, edges and wall kind only when they change: setting the rain reseeds
// it (a scene's seed stays until the panel changes its rain), setting the
// tank rebuilds it.
void giveRainAndTank(App& app) {
  const WindowSettings& p = app.params;
  Water& water = *app.water;
  Rain rain = p.rain;
  rain.seed = water.rain().seed;
  if (rain != water.rain()) {
    rain.seed = app.options.scene.rain.seed;
    water.setRain(rain);
  }
  if (p.leftRightEdges != app.appliedLeftRightEdges || p.topBottomEdges != app.appliedTopBottomEdges ||
      p.wallKind != app.appliedWallKind) {
    Tank tank = water.tank();
    tank.leftRightEdges = p.leftRightEdges;
    tank.topBottomEdges = p.topBottomEdges;
    tank.wallKind = p.wallKind;
    water.setTank(tank);
    noteTankApplied(app);
    app.rest.waterDisturbed();
  }
}

}  // namespace

void giveWaterThePanel(App& app) {
  Water& water = *app.water;
  const WindowSettings& p = app.params;
  try {
    const Rule& rule = p.rule;
    const Rule before = water.rule();
    if (rule != before) {
      if (rule.mode != before.mode) {  // to classic: rounded to whole heights
        app.status.verify.reset();
        app.rest.waterDisturbed();
      }
      water.setRule(rule);
    }
    water.setLook(p.look);
    giveRainAndTank(app);
  } catch (const Error& e) {  // the panel keeps its values in range; say so if one is not
    app.status.message = e.what();
  }
}

void dropPendingStones(App& app) {
  if (app.pendingStones.empty()) return;
  app.water->drop(app.pendingStones);
  app.pendingStones.clear();
  app.rest.waterDisturbed();
}

bool somethingFalls(const App& app) { return app.water->disturbedByItself(); }

void runDueSteps(App& app, int count) {
  if (count <= 0) return;
  app.stepTimer->begin();
  app.water->step(count);
  app.stepTimer->end(count);
  app.steps += count;
  app.lastStepCount = count;
  if (somethingFalls(app)) app.rest.waterDisturbed();
  settleIfAtRest(app);
}

void verify(App& app) {
  app.status.verify = app.water->verify(app.params.verifySteps);
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
