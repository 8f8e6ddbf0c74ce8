// ripple::Water's scenes, the built-in pictures and presets (include/ripple/
// water.hpp): a scene's parameters, look, rain, tank and stones brought to
// the Water's grid as the program brings them to its own.
#include <algorithm>

#include "api/water_state.hpp"
#include "core/builtin_pictures.hpp"
#include "scene/presets.hpp"
#include "scene/scene.hpp"

namespace ripple {
namespace {

// n scaled from a side of `from` to one of `to`, rounded towards zero, as
// the program scales a scene's stones (app/scene_options.cpp).
int scaled(int n, int from, int to) { return static_cast<int>(static_cast<long long>(n) * to / std::max(1, from)); }

SceneInfo load(Water::State& s, const Scene& scene) {
  const Params& from = scene.params;
  Params& p = s.params;
  p.mode = from.mode;
  p.damping = from.damping;
  p.courant = from.courant;
  p.stencil = from.stencil;
  p.stoneShape = from.stoneShape;
  p.stoneWeight = from.stoneWeight;
  p.rain = from.rain;
  p.rainRate = from.rainRate;
  p.rainRadius = from.rainRadius;
  p.refraction = from.refraction;
  p.shading = from.shading;
  p.heightShading = from.heightShading;
  p.lightStrength = from.lightStrength;
  p.lightAzimuth = from.lightAzimuth;
  p.lightElevation = from.lightElevation;

  const std::pair<int, int> grid = s.grid();
  const std::pair<int, int> frame = scene.size.value_or(grid);
  s.tank = scene.world;
  s.tank.horizontalEdges = from.horizontalEdges;
  s.tank.verticalEdges = from.verticalEdges;
  s.tank.wallKind = from.wallKind;
  // One list of sources, in the order the world is built with them, so that
  // sources() and removeSource() count them alike.
  for (auto* list : {&s.tank.lineSources, &s.tank.movingSources}) {
    s.tank.sources.insert(s.tank.sources.end(), list->begin(), list->end());
    list->clear();
  }
  s.cellSpeeds.clear();
  s.tankGrid = frame;
  try {
    s.rebuildWorld();
  } catch (const UsageError& e) {  // a picture of the tank's that is not there
    throw Error(e.what());
  }

  std::vector<TimedStone> drops = scene.drops;
  for (TimedStone& t : drops) {
    t.stone.x = scaled(t.stone.x, frame.first, grid.first);
    t.stone.y = scaled(t.stone.y, frame.second, grid.second);
    t.stone.radius = std::max(1, scaled(t.stone.radius, frame.first, grid.first));
    t.stone.shape = stoneShape(p);
  }
  s.driver = ScenarioDriver(drops, scene.seed);
  s.water().reset();
  s.scenePicture = scene.picture;
  return {scene.description, scene.picture, scene.steps};
}

}  // namespace

Picture loadPicture(const std::string& path) {
  Image image = loadNamedPicture(path);
  return {image.width, image.height, std::move(image.rgba)};
}

std::vector<std::string> presetNames() {
  std::vector<std::string> names;
  for (const PresetInfo& preset : presets()) names.push_back(preset.name);
  return names;
}

SceneInfo Water::loadScene(const std::string& path) {
  const KeepGlStateIfGpu keep(state_->gpu != nullptr);
  try {
    return load(*state_, loadSceneFile(path));
  } catch (const UsageError& e) {  // "FILE:LINE: KEY: what is wrong"
    throw Error(e.what());
  }
}

SceneInfo Water::loadSceneText(const std::string& toml, const std::string& folder) {
  const KeepGlStateIfGpu keep(state_->gpu != nullptr);
  try {
    return load(*state_, parseScene(toml, "the scene text", folder));
  } catch (const UsageError& e) {
    throw Error(e.what());
  }
}

SceneInfo Water::loadPreset(const std::string& name) {
  const std::vector<std::string> names = presetNames();
  if (std::find(names.begin(), names.end(), name) == names.end()) {
    std::string list;
    for (const std::string& n : names) list += (list.empty() ? "" : ", ") + n;
    throw Error("preset: there is no preset '" + name + "'; the presets are " + list);
  }
  const KeepGlStateIfGpu keep(state_->gpu != nullptr);
  return load(*state_, presetScene(name));
}

void Water::saveScene(const std::string& path) const {
  if (!state_->cellSpeeds.empty()) {
    throw Error(
        "saveScene: the cell speeds given by setCellSpeeds() have no place in a scene file, which takes "
        "walls and slow water as shapes and pictures");
  }
  Water::State& s = *state_;
  s.rebaseTank();  // the scene's frame is the grid: its positions are cells
  Scene scene;
  scene.size = s.grid();
  scene.picture = s.scenePicture;
  scene.params = s.params;
  scene.params.horizontalEdges = s.tank.horizontalEdges;
  scene.params.verticalEdges = s.tank.verticalEdges;
  scene.params.wallKind = s.tank.wallKind;
  scene.params.simScaleShift = 0;  // a cell a pixel of the frame
  scene.world = s.tank;
  saveSceneFile(scene, path);
}

}  // namespace ripple
