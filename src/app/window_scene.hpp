#pragma once
// What the window's "Save scene" writes: the scene of what the window runs
// now, its painted walls and slow water as pictures beside the scene file.
#include <string>

#include "app/options.hpp"
#include "core/water_world.hpp"
#include "scene/scene.hpp"

namespace ripple {

struct WindowRun {
  const Options* options = nullptr;   // the command line's or the last scene's (stones to drop, description)
  const Params* params = nullptr;     // the panel's now
  const WaterWorld* world = nullptr;  // on the grid; null: the seeds' pool
  int frameWidth = 0, frameHeight = 0;
  std::string picturePath;  // empty: the embedded picture
  long long stepsDone = 0;  // the window's steps when it saves
};

// Writes the scene to `path`, and beside it PATH_STEM.walls.png (walls) or
// PATH_STEM.medium.png (walls and slow water: grey = speed) when the world
// has any. A source placed by a click at step N (and since moved or not)
// starts the saved scene at step 0: opened again, the scene runs from step 0,
// and N silent steps (or a headless run that ends before N) would hide what
// was saved. A scene's own sources keep their steps, as its stones do.
// Throws ripple::Error naming the file that could not be written.
void saveWindowScene(const WindowRun& run, const std::string& path);

}  // namespace ripple
