#pragma once
// The public values (include/ripple/scene.hpp) and the command line's terms
// the internals keep them in (Params, WorldOptions, SceneFile): each mapping
// written once, here, with the checks a value from a host must pass.
#include <utility>

#include "core/params.hpp"
#include "ripple/scene.hpp"
#include "scene/scene.hpp"
#include "scene/world_options.hpp"

namespace ripple {

// Throw ripple::Error naming the field of a value out of its range.
void requireRule(const Rule& rule);
void requireLook(const Look& look);
void requireRain(const Rain& rain);
// A speed factor from 0 (a wall) to 1 (open water), `what` naming it.
void requireSpeedFactor(const char* what, float factor);
// The cell speed of a speed factor: 0 and below a wall, else slow water in
// whole 255ths, 1 open water.
CellSpeed cellSpeedOf(float factor);
// And back: a cell speed as a share of open water's, 0 a wall.
float speedFactorOf(CellSpeed speed);
// A source as addSource() takes it on a w x h grid ("source: ...").
void requireSourceOn(const Source& source, int w, int h);
// Every part of the tank on a w x h grid (or frame): its walls touch it,
// its sources lie on it, each value in range, cellSpeeds one a cell or none.
void requireTankOn(const Tank& tank, int w, int h);
// The scene's frame, stones, run and window values, and its tank on its frame.
void requireScene(const Scene& scene, std::pair<int, int> grid);

Rule ruleOf(const Params& p);
void putRule(const Rule& rule, Params& p);
Look lookOf(const Params& p);
void putLook(const Look& look, Params& p);
Rain rainOf(const Params& p, unsigned seed);
void putRain(const Rain& rain, Params& p);

// A scene's stone as the driver drops it (its shape the rule's), and back.
TimedStone timedStoneOf(const ScheduledStone& stone, StoneShape shape);
ScheduledStone scheduledStoneOf(const TimedStone& stone);

WorldSource worldSourceOf(const Source& source);
Source sourceOf(const WorldSource& source);
// The tank's shapes, pictures, sources, edges and wall kind (its cellSpeeds
// are kept apart, as bytes of a grid: speedFactorsOf / cellSpeedsOf).
Tank tankOf(const WorldOptions& world, const Params& p);
void putTank(const Tank& tank, WorldOptions& world, Params& p);
std::vector<float> speedFactorsOf(const std::vector<CellSpeed>& cells);
std::vector<CellSpeed> cellSpeedsOf(const std::vector<float>& factors);

// A scene's parameters (its rule, look, rain, edges, wall kind, grid scale,
// wave speed and stone radius) as Params, and back into a scene.
Params paramsOf(const Scene& scene);
void putParams(const Params& p, Scene& scene);
// A scene file as the public Scene, and back (a tank's cellSpeeds have no
// place in a file: sceneFileOf throws where there are any).
Scene publicScene(const SceneFile& file);
SceneFile sceneFileOf(const Scene& scene);

}  // namespace ripple
