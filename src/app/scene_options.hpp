#pragma once
// Scenes and the command line: the scene that --scene or --preset names is
// the run the rest of the command line then changes, and a run's options
// are the scene that --save-scene writes.
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "app/options.hpp"
#include "ripple/scene.hpp"

namespace ripple {

// The scene of --scene FILE or --preset NAME in argv, read before the other
// options are parsed (they change it), and its name for the panel (NAME,
// or FILE's file name); nullopt when neither is there. Throws ripple::Error:
// both given, a bad file, an unknown preset.
struct NamedScene {
  Scene scene;
  std::string name;
};
std::optional<NamedScene> sceneAskedFor(int argc, char** argv);

// The built-in scenes, each with its one line, in the menu's order.
struct PresetEntry {
  std::string name, description;
};
const std::vector<PresetEntry>& presetList();

// The grid of a headless run whose frame is `frame`: the frame itself, or
// for a scene of its own frame the frame / 2^grid scale, the window's grid of it.
std::pair<int, int> headlessGrid(const Options& o, std::pair<int, int> frame);

// The scene that reproduces a headless run of `o` whose frame is `frame`.
// Throws CommandLineError when that cannot be exact (a scene run at another size).
Scene sceneOf(const Options& o, std::pair<int, int> frame);

// The run of `o` on a frame of `frame` (the grid's, where the scene has no
// frame of its own) as a scene for a ripple::Water to load, with the
// parameters of `settings` (the window's panel's; the headless run's are the scene's).
Scene runScene(const Options& o, const WindowSettings& settings, std::pair<int, int> frame);

}  // namespace ripple
