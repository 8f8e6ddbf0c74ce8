#include "app/window_content.hpp"

#include <cstdio>
#include <ctime>
#include <filesystem>
#include <memory>

#include "app/scene_options.hpp"
#include "app/screenshot_name.hpp"
#include "app/window_app.hpp"
#include "app/window_grid.hpp"
#include "app/window_scene.hpp"
#include "core/builtin_pictures.hpp"
#include "core/error.hpp"
#include "scene/world_options.hpp"

namespace ripple {

// A scene that cannot be had (its picture, its world) leaves the current one
// as it was and says why.
void openScene(App& app, const Scene& scene, const std::string& name) {
  try {
    Options next = app.options;
    next.settingsBeforeScene = app.options.settingsBeforeScene.value_or(app.options.params);
    applyScene(scene, next);
    Image loaded = loadNamedPicture(next.imagePath);
    std::shared_ptr<const WaterWorld> made;
    if (next.world.any()) {
      const auto frame = next.sceneFrame.value_or(std::pair<int, int>(app.frameWidth, app.frameHeight));
      made = std::make_shared<const WaterWorld>(buildWorld(next.world, frame.first, frame.second));
    }
    app.options = std::move(next);  // `params` refers into it: the panel now shows the scene's
    app.picture = std::move(loaded);
    app.picturePath = app.options.imagePath;
    showPicture(app, app.picture);
    app.worldAsMade = made;
    app.appliedScaleShift = -1;  // makes fitToFramebuffer carry the world to the scene's grid
    fitToFramebuffer(app, app.frameWidth, app.frameHeight);
    app.water->reset();
    app.driver = ScenarioDriver(dropsInCells(app), app.options.seed);
    app.steps = 0;
    app.appliedMode = app.params.mode;
    app.sceneName = name;
    app.status.message =
        "scene: " + name + (app.options.sceneDescription.empty() ? "" : " - " + app.options.sceneDescription);
  } catch (const Error& e) {
    app.status.message = e.what();
    std::fprintf(stderr, "ripple: %s; keeping the current scene\n", e.what());
  }
  app.rest.waterDisturbed();
}

void openSceneFile(App& app, const std::string& path) {
  try {
    openScene(app, loadSceneFile(path), std::filesystem::path(path).filename().string());
  } catch (const Error& e) {
    app.status.message = e.what();
    std::fprintf(stderr, "ripple: %s; keeping the current scene\n", e.what());
  }
}

void saveScene(App& app) {
  try {
    const std::string path = timestampedPath(std::filesystem::current_path(), std::time(nullptr), ".toml");
    saveWindowScene({&app.options, &app.params, app.world.get(), app.frameWidth, app.frameHeight, app.picturePath,
                     app.driver.stepsDone()},
                    path);
    app.status.message = "scene saved to " + path;
    std::printf("ripple: scene saved to %s\n", path.c_str());
    std::fflush(stdout);
  } catch (const std::exception& e) {  // ripple::Error, or the folder gone (filesystem_error)
    app.status.message = std::string("scene not saved: ") + e.what();
    std::fprintf(stderr, "ripple: %s\n", app.status.message.c_str());
  }
}

void showPicture(App& app, const Image& source) {
  const Image shown = coverResize(source, app.frameWidth, app.frameHeight);
  app.refraction->setPicture(shown);
  app.shownContrast = pictureContrast(shown);
}

// One that does not load leaves the current picture, and the panel says why.
void replacePicture(App& app, const std::string& path) {
  try {
    Image loaded = loadImageFile(path);
    showPicture(app, loaded);
    app.picture = std::move(loaded);
    app.picturePath = path;
    app.status.message = "picture: " + path;
  } catch (const Error& e) {
    app.status.message = e.what();
    std::fprintf(stderr, "ripple: %s; keeping the current picture\n", e.what());
  }
}

}  // namespace ripple
