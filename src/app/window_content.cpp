#include "app/window_content.hpp"

#include <cstdio>
#include <ctime>
#include <filesystem>

#include "app/scene_options.hpp"
#include "app/screenshot_name.hpp"
#include "app/window_app.hpp"
#include "app/window_grid.hpp"
#include "ripple/types.hpp"

namespace ripple {

// A scene that cannot be had (its picture, its tank) leaves the current one
// as it was and says why: it is tried on a CPU water of the grid's size
// before the window's own takes it. A scene laid out across a window that
// stands upright, or the other way round, is turned a quarter to fit it.
void openScene(App& app, const Scene& scene, const std::string& name) {
  try {
    Options next = app.options;
    next.settingsBeforeScene = app.options.settingsBeforeScene.value_or(app.options.params);
    const std::optional<Turn> turn = turnToFit(scene, app.frameWidth, app.frameHeight);
    next.scene = turn ? quarterTurned(scene, *turn) : scene;
    next.params = settingsOf(scene, app.options.params);
    Picture loaded = loadPicture(next.scene.picture);
    Water(app.water->width(), app.water->height(), Backend::Cpu)
        .loadScene(runScene(next, next.params, {app.frameWidth, app.frameHeight}));
    app.options = std::move(next);  // `params` refers into it: the panel now shows the scene's
    app.picture = std::move(loaded);
    app.picturePath = app.options.scene.picture;
    showPicture(app, app.picture);
    app.appliedScaleShift = -1;  // the scene's grid scale
    fitToFramebuffer(app, app.frameWidth, app.frameHeight);
    loadRun(app);
    app.steps = 0;
    app.sceneName = name;
    app.status.message =
        "scene: " + name + (app.options.scene.description.empty() ? "" : " - " + app.options.scene.description);
  } catch (const Error& e) {
    app.status.message = e.what();
    std::fprintf(stderr, "ripple: %s; keeping the current scene\n", e.what());
  }
  app.rest.waterDisturbed();
}

void openSceneFile(App& app, const std::string& path) {
  try {
    openScene(app, readScene(path), std::filesystem::path(path).filename().string());
  } catch (const Error& e) {
    app.status.message = e.what();
    std::fprintf(stderr, "ripple: %s; keeping the current scene\n", e.what());
  }
}

// The scene of the frame: its positions in the window's pixels, its grid
// the window's, with the panel's pacing and stone size.
void saveScene(App& app) {
  try {
    const std::string path = timestampedPath(std::filesystem::current_path(), std::time(nullptr), ".toml");
    const WindowSettings& p = app.params;
    Scene scene = app.water->scene(app.frameWidth, app.frameHeight);
    scene.description = app.options.scene.description;
    scene.picture = app.picturePath;
    scene.steps = app.options.scene.steps;
    scene.gridScale = p.gridScale;
    scene.waveSpeed = p.waveSpeed;
    scene.stoneRadius = p.stoneRadius;
    writeScene(scene, path);
    app.status.message = "scene saved to " + path;
    std::printf("ripple: scene saved to %s\n", path.c_str());
    std::fflush(stdout);
  } catch (const std::exception& e) {  // ripple::Error, or the folder gone (filesystem_error)
    app.status.message = std::string("scene not saved: ") + e.what();
    std::fprintf(stderr, "ripple: %s\n", app.status.message.c_str());
  }
}

void showPicture(App& app, const Picture& source) {
  const Picture shown = coverPicture(source, app.frameWidth, app.frameHeight);
  app.shownPicture.upload(shown);
  app.shownContrast = pictureContrast(shown);
}

// One that does not load leaves the current picture, and the panel says why.
void replacePicture(App& app, const std::string& path) {
  try {
    Picture loaded = loadPicture(path);
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
