#include "app/scene_options.hpp"

#include <algorithm>
#include <filesystem>

#include "app/command_line_error.hpp"

namespace ripple {
namespace {

// The value of `--name VALUE` or `--name=VALUE`; nullopt when absent.
std::optional<std::string> valueOf(int argc, char** argv, const std::string& name) {
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == name) {
      if (i + 1 >= argc) throw CommandLineError(name + ": needs a value");
      return std::string(argv[i + 1]);
    }
    if (arg.rfind(name + "=", 0) == 0) return arg.substr(name.size() + 1);
  }
  return std::nullopt;
}

bool hasFrame(const Scene& scene) { return scene.frameWidth > 0 && scene.frameHeight > 0; }

}  // namespace

std::optional<NamedScene> sceneAskedFor(int argc, char** argv) {
  const auto file = valueOf(argc, argv, "--scene"), preset = valueOf(argc, argv, "--preset");
  if (file && preset) throw CommandLineError("--scene and --preset each name a whole scene: give one");
  if (file) return NamedScene{readScene(*file), std::filesystem::path(*file).filename().string()};
  if (preset) return NamedScene{presetScene(*preset), *preset};
  return std::nullopt;
}

const std::vector<PresetEntry>& presetList() {
  static const std::vector<PresetEntry> list = [] {
    std::vector<PresetEntry> entries;
    for (const std::string& name : presetNames()) entries.push_back({name, presetScene(name).description});
    return entries;
  }();
  return list;
}

std::pair<int, int> headlessGrid(const Options& o, std::pair<int, int> frame) {
  if (!hasFrame(o.scene)) return frame;
  const int divisor = 1 << o.scene.gridScale;
  return {std::max(1, (frame.first + divisor - 1) / divisor), std::max(1, (frame.second + divisor - 1) / divisor)};
}

Scene sceneOf(const Options& o, std::pair<int, int> frame) {
  Scene scene = o.scene;
  if (hasFrame(scene) && std::pair(scene.frameWidth, scene.frameHeight) != frame) {
    throw CommandLineError("--save-scene: the scene's positions are pixels of its " + std::to_string(scene.frameWidth) +
                           "x" + std::to_string(scene.frameHeight) + " frame, and --size runs it on " +
                           std::to_string(frame.first) + "x" + std::to_string(frame.second) +
                           ": save it without --size, so that the saved scene runs exactly as this run");
  }
  // A run without a scene steps one cell a pixel: so does its scene.
  if (!hasFrame(scene)) scene.gridScale = 0;
  std::tie(scene.frameWidth, scene.frameHeight) = frame;
  return scene;
}

Scene runScene(const Options& o, const WindowSettings& settings, std::pair<int, int> frame) {
  Scene scene = o.scene;
  putParameters(settings, scene);
  if (!hasFrame(scene)) std::tie(scene.frameWidth, scene.frameHeight) = frame;
  return scene;
}

}  // namespace ripple
