#pragma once
// Scenes and the command line: the scene that --scene or --preset names
// becomes the options the rest of the command line then overrides, and a
// run's options become the scene that --save-scene writes.
#include <optional>
#include <utility>

#include "app/options.hpp"
#include "scene/scene.hpp"

namespace ripple {

// The scene of --scene FILE or --preset NAME in argv, read before the other
// options are parsed (they override it), and its name for the panel (NAME,
// or FILE's file name); nullopt when neither is there. Throws SceneError or
// UsageError: both given, a bad file, an unknown preset.
struct NamedScene {
  SceneFile scene;
  std::string name;
};
std::optional<NamedScene> sceneAskedFor(int argc, char** argv);

// Sets what the scene holds in `o`: its parameters over o's (the window's
// tool settings, which no scene holds, stay), the picture, the size, the
// world, the stones, the seed and the steps.
void applyScene(const SceneFile& scene, Options& o);

// The grid of a headless run whose frame is `frame`: the frame itself, or
// for a scene the frame / 2^grid_scale, the window's grid of it.
std::pair<int, int> headlessGrid(const Options& o, std::pair<int, int> frame);

// The scene that reproduces a headless run of `o` whose frame is `frame`.
// Throws UsageError when that cannot be exact (a scene run at another size).
SceneFile sceneOf(const Options& o, std::pair<int, int> frame);

// The run of `o` on `grid` as a scene, for a ripple::Water to load: its
// positions are pixels of the scene's frame (o.sceneFrame) or cells of the
// grid, which the Water brings to its grid as the program always has. In
// classic mode it leaves out slow water, which the classic step ignores.
SceneFile runScene(const Options& o, std::pair<int, int> grid);

// The stones and the world of `o` on a `grid`: as given when o's positions
// are cells of that grid, scaled when they are pixels of another frame (a
// scene's, o.sceneFrame).
std::vector<TimedStone> dropsOnGrid(const Options& o, std::pair<int, int> grid);
WaterWorld worldOnGrid(const Options& o, std::pair<int, int> grid);

}  // namespace ripple
