#include "app/scene_options.hpp"

#include <algorithm>
#include <filesystem>

#include "core/tank_tools.hpp"
#include "scene/presets.hpp"

namespace ripple {
namespace {

// The value of `--name VALUE` or `--name=VALUE`; nullopt when absent.
std::optional<std::string> valueOf(int argc, char** argv, const std::string& name) {
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == name) {
      if (i + 1 >= argc) throw UsageError(name + ": needs a value");
      return std::string(argv[i + 1]);
    }
    if (arg.rfind(name + "=", 0) == 0) return arg.substr(name.size() + 1);
  }
  return std::nullopt;
}

// n scaled from a side of `from` to one of `to`, rounded towards zero.
int scaled(int n, int from, int to) { return static_cast<int>(static_cast<long long>(n) * to / std::max(1, from)); }

}  // namespace

std::optional<NamedScene> sceneAskedFor(int argc, char** argv) {
  const auto file = valueOf(argc, argv, "--scene"), preset = valueOf(argc, argv, "--preset");
  if (file && preset) throw UsageError("--scene and --preset each name a whole scene: give one");
  if (file) return NamedScene{loadSceneFile(*file), std::filesystem::path(*file).filename().string()};
  if (preset) return NamedScene{presetSceneFile(*preset), *preset};
  return std::nullopt;
}

void applyScene(const SceneFile& scene, Options& o) {
  Params& p = o.params;
  const Params& s = scene.params;
  p.mode = s.mode;
  p.damping = s.damping;
  p.courant = s.courant;
  p.stencil = s.stencil;
  p.stoneRadius = s.stoneRadius;
  p.stoneWeight = s.stoneWeight;
  p.stoneShape = s.stoneShape;
  p.rain = s.rain;
  p.rainRate = s.rainRate;
  p.rainRadius = s.rainRadius;
  p.refraction = s.refraction;
  p.shading = s.shading;
  p.heightShading = s.heightShading;
  p.lightStrength = s.lightStrength;
  p.lightAzimuth = s.lightAzimuth;
  p.lightElevation = s.lightElevation;
  p.waveSpeed = s.waveSpeed;
  p.simScaleShift = s.simScaleShift;
  p.leftRightEdges = s.leftRightEdges;
  p.topBottomEdges = s.topBottomEdges;
  p.wallKind = s.wallKind;
  o.imagePath = scene.picture;
  o.size = scene.size;
  o.sceneFrame = scene.size;
  o.world = scene.world;
  o.drops = scene.drops;
  o.seed = scene.seed;
  o.steps = scene.steps;
  o.sceneDescription = scene.description;
}

std::pair<int, int> headlessGrid(const Options& o, std::pair<int, int> frame) {
  if (!o.sceneFrame) return frame;
  const int divisor = 1 << o.params.simScaleShift;
  return {std::max(1, (frame.first + divisor - 1) / divisor), std::max(1, (frame.second + divisor - 1) / divisor)};
}

SceneFile sceneOf(const Options& o, std::pair<int, int> frame) {
  if (o.sceneFrame && *o.sceneFrame != frame) {
    throw UsageError("--save-scene: the scene's positions are pixels of its " + std::to_string(o.sceneFrame->first) +
                     "x" + std::to_string(o.sceneFrame->second) + " frame, and --size runs it on " +
                     std::to_string(frame.first) + "x" + std::to_string(frame.second) +
                     ": save it without --size, so that the saved scene runs exactly as this run");
  }
  SceneFile scene;
  scene.description = o.sceneDescription;
  scene.size = frame;
  scene.picture = o.imagePath;
  scene.params = o.params;
  // A run without a scene steps one cell a pixel: so does its scene.
  if (!o.sceneFrame) scene.params.simScaleShift = 0;
  scene.world = o.world;
  scene.drops = o.drops;
  scene.seed = o.seed;
  scene.steps = o.steps;
  return scene;
}

SceneFile runScene(const Options& o, std::pair<int, int> grid) {
  SceneFile scene;
  scene.description = o.sceneDescription;
  scene.size = o.sceneFrame.value_or(grid);
  scene.picture = o.imagePath;
  scene.params = o.params;
  scene.world = o.world;
  // Classic mode's step has one speed: a scene's slow water stays out of its
  // run (a classic scene file may not have any), its walls stay in.
  if (o.params.mode == Mode::Classic) {
    auto& media = scene.world.media;
    media.erase(std::remove_if(media.begin(), media.end(), [](const MediumRegion& m) { return m.speed != kWallCell; }),
                media.end());
  }
  scene.drops = o.drops;
  scene.seed = o.seed;
  scene.steps = o.steps;
  return scene;
}

std::vector<TimedStone> dropsOnGrid(const Options& o, std::pair<int, int> grid) {
  std::vector<TimedStone> drops = o.drops;
  if (!o.sceneFrame || *o.sceneFrame == grid) return drops;
  const auto [fw, fh] = *o.sceneFrame;
  for (TimedStone& t : drops) {
    t.stone.x = scaled(t.stone.x, fw, grid.first);
    t.stone.y = scaled(t.stone.y, fh, grid.second);
    t.stone.radius = std::max(1, scaled(t.stone.radius, fw, grid.first));
  }
  return drops;
}

WaterWorld worldOnGrid(const Options& o, std::pair<int, int> grid) {
  if (!o.sceneFrame || *o.sceneFrame == grid) return buildWorld(o.world, o.params, grid.first, grid.second);
  return resampledWorld(buildWorld(o.world, o.params, o.sceneFrame->first, o.sceneFrame->second), grid.first,
                        grid.second);
}

}  // namespace ripple
