#pragma once
// What the window shows and where it comes from: a scene (a preset, a file
// dropped on the window) in place of what ran, the picture under the water
// (a dropped one replaces it), and "Save scene" (Water::saveScene() writes
// the file). What cannot be had leaves the window as it was, and the panel
// says why.
#include <string>

#include "ripple/picture.hpp"
#include "ripple/scene.hpp"

namespace ripple {

struct App;

// Opens `scene` (named `name` on the panel): everything it holds replaces
// what ran, on calm water.
void openScene(App& app, const Scene& scene, const std::string& name);
void openSceneFile(App& app, const std::string& path);

// "Save scene": ripple-YYYYMMDD-HHMMSS.toml in the current folder.
void saveScene(App& app);

// `source` scaled to cover the frame, under the water.
void showPicture(App& app, const Picture& source);
// A picture dropped onto the window: shown if it loads.
void replacePicture(App& app, const std::string& path);

}  // namespace ripple
