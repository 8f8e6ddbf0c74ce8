#pragma once
// A scene: everything that defines a run, kept in one human-readable TOML
// file (docs/scenes.md describes the format). The window and the headless run
// load one with --scene or --preset, write one with "Save scene" and
// --save-scene, and a saved scene run again gives the same heights bit for
// bit.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "scene/world_options.hpp"
#include "core/error.hpp"
#include "core/params.hpp"
#include "core/scenario.hpp"

namespace ripple {

// The format's version. A file of a newer version is refused (it may mean
// what this ripple cannot do); older versions are read as they were meant.
inline constexpr int kSceneFormatVersion = 1;

// A scene as its file holds it, in the command line's terms (the public
// ripple::Scene, include/ripple/scene.hpp, is made from it in
// api/scene_values.cpp).
struct SceneFile {
  std::string description;  // one line: what it shows
  // The frame in pixels; every position in the scene (stones, walls, media,
  // sources) is a pixel of it. None: the picture's size (headless) or the
  // window's.
  std::optional<std::pair<int, int>> size;
  std::string picture;  // a path (as usable from here); empty: the embedded picture
  Params params;        // the water, the stones, rain, the look, the window's grid scale and pace
  WorldOptions world;   // walls, media, edges, sources
  std::vector<TimedStone> drops;
  std::uint64_t seed = 1;  // the rain's
  int steps = 100;         // a headless run's length

  bool operator==(const SceneFile& other) const;
};

// What is wrong with a scene file: "FILE:LINE: KEY: what is wrong", one line.
// A usage error (exit 2), like a bad option.
struct SceneError : UsageError {
  explicit SceneError(const std::string& message) : UsageError(message) {}
};

// Reads a scene from `text`. `fileName` names it in messages; relative
// picture paths are taken from `folder` (the scene file's). Throws
// SceneError: malformed TOML, a newer format, an unknown key, a value of the
// wrong type or out of range, a picture that is not there.
SceneFile parseSceneFile(std::string_view text, const std::string& fileName, const std::string& folder);
// Reads the file at `path` (whatever its name: the content says it is a
// scene). Throws SceneError, naming the file.
SceneFile loadSceneFile(const std::string& path);

// The scene as TOML, every key written, pictures relative to `folder`
// where they lie under it. parseSceneFile of it gives `scene` back exactly.
std::string sceneFileText(const SceneFile& scene, const std::string& folder);
// Writes it atomically; throws ripple::Error naming the path.
void saveSceneFile(const SceneFile& scene, const std::string& path);

}  // namespace ripple
