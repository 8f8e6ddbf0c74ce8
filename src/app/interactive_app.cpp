#include "app/interactive_app.hpp"

#include <glad/gl.h>
// glad first: GLFW must not pull in the system's GL header.
#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <memory>
#include <optional>
#include <thread>

#include "ripple/clock.hpp"
#include "app/stop_signal.hpp"
#include "app/water_backend.hpp"
#include "app/window_to_grid.hpp"
#include "scene/world_options.hpp"
#include "app/scene_options.hpp"
#include "app/screenshot_name.hpp"
#include "app/window_scene.hpp"
#include "scene/presets.hpp"
#include "app/window_rest.hpp"
#include "app/window_recording.hpp"
#include "core/builtin_pictures.hpp"
#include "core/error.hpp"
#include "core/mode_switch.hpp"
#include "core/scenario_driver.hpp"
#include "core/verify.hpp"
#include "core/visible_change.hpp"
#include "core/settings.hpp"
#include "core/stroke.hpp"
#include "core/tank_tools.hpp"
#include "core/water_rule.hpp"
#include "app/context_window.hpp"
#include "gl/gl_info.hpp"
#include "gl/gpu_timer.hpp"
#include "render/refraction.hpp"
#include "sim/gpu_ripple.hpp"
#include "ui/panel.hpp"
#include "ui/recording_mark.hpp"

namespace ripple {
namespace {

// Everything the frame loop works on, in one place.
struct App {
  Options options;
  Params& params = options.params;
  GLFWwindow* window = nullptr;
  gl::ShaderSource shaders;
  std::string picturePath;  // where the picture came from; empty: the embedded one

  Image picture;                  // as loaded
  PictureContrast shownContrast;  // of the picture as shown, at the frame's size
  std::unique_ptr<Refraction> refraction;
  std::unique_ptr<GpuRipple> water;  // grid = frame / 2^simScaleShift
  std::unique_ptr<gl::GpuTimer> stepTimer;
  SimulationClock clock;
  ScenarioDriver driver;  // --drop stones, rain, the steps
  // The wave tank at the grid's size; none: the seeds' pool. It starts as
  // the command line's (--wall, --edges, --source, ...) and the tools edit
  // it. A changed world is always a new object (the simulations keep its
  // coefficients by pointer).
  std::shared_ptr<const WaterWorld> world;
  // The world as last made (from the command line or by an edit), at the
  // grid it was made on: a new grid size resamples this one, so that a storm
  // of resizes does not wear the walls down or thicken them.
  std::shared_ptr<const WaterWorld> worldAsMade;

  int frameWidth = 0, frameHeight = 0;  // framebuffer pixels (HiDPI aware)
  int appliedScaleShift = -1;
  bool appliedVsync = false;
  std::filesystem::file_time_type shadersSeen;  // --shaders: the newest edit loaded
  double shadersCheckedAt = 0.0;

  std::vector<Stone> pendingStones;  // from the mouse, applied before the next step
  bool dragging = false;
  ScreenRect panelArea;             // where the panel was drawn last frame; empty when hidden
  double cursorX = 0, cursorY = 0;  // from the last motion event, in window coordinates
  bool cursorSeen = false;          // a motion event has come
  int lastCellX = 0, lastCellY = 0;
  // The wave tank's tool (what a click does) and, while the source tool's
  // button is down, the source it holds: a press on a source grabs it, and a
  // release that has not moved it stops it.
  Tool tool = Tool::Stones;
  std::optional<size_t> heldSource;
  bool heldSourceIsNew = false, heldSourceMoved = false;
  int lastStepCount = 1;  // the steps of the last frame that stepped: how long a dragged source glides

  WindowRest rest;                 // when the window may sleep until an event
  Mode appliedMode = Mode::Float;  // what the water was last stepped in
  // The step rate actually run, measured over about a second.
  double rateSince = 0.0;
  long long rateStepsSince = 0;
  double stepsPerSecondRun = 0.0;

  bool paused = false;
  bool stepRequested = false;
  bool panelVisible = true;
  int screenshotsRequested = 0;  // S pressed twice in one frame is two shots
  std::string sceneName;         // the scene opened last, for the panel
  // V or the panel's Record: the window's video (window_recording.hpp).
  WindowRecording recording;
  bool recordingToggled = false;
  bool recordPanel = false;  // the panel's "Record the panel"
  long long steps = 0;
  PanelStatus status;

  App(const Options& o)
      : options(o),
        shaders(o.shaderDir),
        picturePath(o.imagePath),
        appliedMode(o.params.mode),
        panelVisible(o.showPanel) {}

  // What the step reads: the panel's parameters and the world.
  WaterRule rule() const {
    WaterRule r = waterRule(params);
    r.world = world;
    return r;
  }

  // The visible grid (without the absorbing layers), in cells.
  Extent gridSize() const {
    const GridLayout l = water->layout();
    return {l.visibleWidth, l.visibleHeight};
  }

  Extent windowSize() const {
    Extent size;
    glfwGetWindowSize(window, &size.width, &size.height);
    return size;
  }

  // Whether the water runs: not paused, not at rest.
  bool stepping() const { return !paused && !rest.waterAtRest(); }

  // The step rate that moves waves at the panel's speed across the window.
  double stepsPerSecond() const {
    return ripple::stepsPerSecond(params.waveSpeed, waterRule(params).courant, windowSize(), gridSize());
  }

  // Stone radius in cells: the panel's size is in window pixels (window_to_grid.hpp).
  int radiusCells() const { return radiusInCells(params.stoneRadius, windowSize(), gridSize()); }

  // Window coordinates (what GLFW reports) -> grid cell (window_to_grid.hpp).
  void cursorToCell(double cx, double cy, int& x, int& y) const {
    const CellPosition cell = ripple::cursorToCell(cx, cy, windowSize(), gridSize());
    x = cell.x;
    y = cell.y;
  }

  // A --drop stone is given in frame pixels; at a grid scale of 1/2 or 1/4
  // its centre and radius are that many cells fewer.
  Stone framePixelsToCells(Stone s) const {
    const int divisor = 1 << std::max(0, appliedScaleShift);
    s.x /= divisor;
    s.y /= divisor;
    s.radius = std::max(1, s.radius / divisor);
    return s;
  }

  void dropAt(int x, int y) { pendingStones.push_back({x, y, radiusCells(), params.stoneWeight, stoneShape(params)}); }

  // The brush of the wall, eraser and slow-water tools, in cells across.
  int brushCells() const { return radiusInCells(params.brushSize, windowSize(), gridSize()); }

  // Makes the world anew with `edit` applied to a copy of it (or to an empty
  // one of the grid's size and the panel's edges), and wakes the water.
  template <typename Edit>
  void editWorld(Edit edit) {
    const Extent grid = gridSize();
    WaterWorld edited = world ? *world : WaterWorld(grid.width, grid.height);
    if (!world) {
      edited.horizontalEdges = params.horizontalEdges;
      edited.verticalEdges = params.verticalEdges;
      edited.wallKind = params.wallKind;
    }
    edit(edited);
    world = std::make_shared<const WaterWorld>(std::move(edited));
    worldAsMade = world;
    rest.waterDisturbed();
  }

  // The speed factor the painting tools give a cell.
  CellSpeed paintValue() const {
    return tool == Tool::Wall ? kWallCell : tool == Tool::Eraser ? kOpenWater : slowWaterSpeed(params.slowWaterFactor);
  }
  void paint(int x0, int y0, int x1, int y1) {
    const int brush = brushCells();
    const CellSpeed value = paintValue();
    editWorld([&](WaterWorld& w) { paintStroke(w, x0, y0, x1, y1, brush, value); });
  }

  // The source tool's press: grab the source near the cell, or start one there.
  void pressSource(int x, int y) {
    // A few cells, and never less than the width of a fingertip's worth of window.
    const int reach = std::max(3, radiusInCells(12, windowSize(), gridSize()));
    heldSource = world ? sourceNear(*world, x, y, reach) : std::nullopt;
    heldSourceIsNew = !heldSource;
    heldSourceMoved = false;
    if (heldSource) return;
    const long long start = driver.stepsDone();
    editWorld([&](WaterWorld& w) { addSource(w, x, y, params.sourcePeriod, params.sourceAmplitude, start); });
    heldSource = world->sources.size() - 1;
  }
  // A drag moves the held source by as many cells as the cursor moved,
  // gliding there over about a frame's steps: a moving source, not a point
  // that jumps from cell to cell.
  void dragSource(int dx, int dy) {
    if (!heldSource || !world || *heldSource >= world->sources.size() || (dx == 0 && dy == 0)) return;
    const WorldSource& s = world->sources[*heldSource];
    const int x = s.x0 + dx, y = s.y0 + dy;
    const size_t index = *heldSource;
    const long long now = driver.stepsDone();
    editWorld([&](WaterWorld& w) { glideSource(w, index, x, y, now, lastStepCount); });
    heldSourceMoved = true;
  }
  // A click on a source (a press and a release with no move) stops it; a
  // drag's end leaves it singing where it was dragged.
  void releaseSource() {
    if (heldSource && world && *heldSource < world->sources.size()) {
      const size_t index = *heldSource;
      if (heldSourceMoved) {
        editWorld([&](WaterWorld& w) { stopGliding(w, index); });
      } else if (!heldSourceIsNew) {
        editWorld([&](WaterWorld& w) { w.sources.erase(w.sources.begin() + static_cast<long>(index)); });
      }
    }
    heldSource.reset();
  }

  void chooseTool(Tool t) {
    if (t == Tool::SlowWater && params.mode == Mode::Classic) {
      status.message = "classic mode has no slow water: switch to float mode (Advanced) to paint it";
      return;
    }
    tool = t;
    heldSource.reset();
  }

  // The panel's edges and wall kind, given to the world when they change.
  void applyTankSettings() {
    const Edge h = world ? world->horizontalEdges : Edge::Fixed, v = world ? world->verticalEdges : Edge::Fixed;
    const WallKind k = world ? world->wallKind : WallKind::Reflecting;
    if (h == params.horizontalEdges && v == params.verticalEdges && k == params.wallKind) return;
    editWorld([&](WaterWorld& w) {
      w.horizontalEdges = params.horizontalEdges;
      w.verticalEdges = params.verticalEdges;
      w.wallKind = params.wallKind;
    });
  }

  // Fits what depends on the framebuffer's size or the grid scale. The water
  // is resampled to the new grid, not lost.
  void fitToFramebuffer(int width, int height) {
    if (width == frameWidth && height == frameHeight && params.simScaleShift == appliedScaleShift) return;
    const bool newFrame = width != frameWidth || height != frameHeight;
    frameWidth = width;
    frameHeight = height;
    appliedScaleShift = params.simScaleShift;
    if (newFrame) showPicture(picture);
    const int divisor = 1 << params.simScaleShift;
    const int gridWidth = std::max(1, (width + divisor - 1) / divisor);
    const int gridHeight = std::max(1, (height + divisor - 1) / divisor);
    if (!water && options.world.any()) {
      // The world from the command line, made on the frame (its walls and
      // sources are given in frame pixels, as --drop stones are, and its
      // errors name what was typed); the lines below carry it to the grid.
      // One that cannot be built ends the program with its one line (exit 2).
      worldAsMade = std::make_shared<const WaterWorld>(worldOnItsFrame(width, height));
    }
    // Walls, slow water and sources go with the water to the new grid.
    world = worldAsMade;
    if (world && (world->width != gridWidth || world->height != gridHeight)) {
      world = std::make_shared<const WaterWorld>(resampledWorld(*worldAsMade, gridWidth, gridHeight));
    }
    heldSource.reset();  // a drag does not go on across a resize
    if (water) {
      water->resize(gridWidth, gridHeight);
    } else {
      water = std::make_unique<GpuRipple>(gridWidth, gridHeight, shaders);
      applyStepPath(*water, options.stepPath);
      driver = ScenarioDriver(dropsInCells(), options.seed);
    }
    status.verify.reset();
    rest.waterDisturbed();
  }

  // The command line's or the scene's world, on the frame its positions are
  // pixels of: the scene's, else the window's.
  WaterWorld worldOnItsFrame(int width, int height) const {
    const auto frame = options.sceneFrame.value_or(std::pair<int, int>(width, height));
    return buildWorld(options.world, frame.first, frame.second);
  }

  // The stones to drop (--drop, a scene's), in cells of the grid now: they
  // are given in frame pixels (a scene's frame, else the window's).
  std::vector<TimedStone> dropsInCells() const {
    const Extent grid = gridSize();
    std::vector<TimedStone> drops = dropsOnGrid(options, {grid.width, grid.height});
    for (TimedStone& t : drops) {
      if (!options.sceneFrame) t.stone = framePixelsToCells(t.stone);
      t.stone.shape = stoneShape(params);
    }
    return drops;
  }

  // Opens a scene (a preset, a file): everything it holds replaces what ran,
  // on calm water. One that cannot be had (its picture, its world) leaves
  // the current scene as it was and says why.
  void openScene(const Scene& scene, const std::string& name) {
    try {
      Options next = options;
      next.settingsBeforeScene = options.settingsBeforeScene.value_or(options.params);
      applyScene(scene, next);
      Image loaded = loadNamedPicture(next.imagePath);
      std::shared_ptr<const WaterWorld> made;
      if (next.world.any()) {
        const auto frame = next.sceneFrame.value_or(std::pair<int, int>(frameWidth, frameHeight));
        made = std::make_shared<const WaterWorld>(buildWorld(next.world, frame.first, frame.second));
      }
      options = std::move(next);  // `params` refers into it: the panel now shows the scene's
      picture = std::move(loaded);
      picturePath = options.imagePath;
      showPicture(picture);
      worldAsMade = made;
      appliedScaleShift = -1;  // makes fitToFramebuffer carry the world to the scene's grid
      fitToFramebuffer(frameWidth, frameHeight);
      water->reset();
      driver = ScenarioDriver(dropsInCells(), options.seed);
      steps = 0;
      appliedMode = params.mode;
      sceneName = name;
      status.message = "scene: " + name + (options.sceneDescription.empty() ? "" : " - " + options.sceneDescription);
    } catch (const Error& e) {
      status.message = e.what();
      std::fprintf(stderr, "ripple: %s; keeping the current scene\n", e.what());
    }
    rest.waterDisturbed();
  }

  void openSceneFile(const std::string& path) {
    try {
      openScene(loadSceneFile(path), std::filesystem::path(path).filename().string());
    } catch (const Error& e) {
      status.message = e.what();
      std::fprintf(stderr, "ripple: %s; keeping the current scene\n", e.what());
    }
  }

  // "Save scene": ripple-YYYYMMDD-HHMMSS.toml in the current folder.
  void saveScene() {
    try {
      const std::string path = timestampedPath(std::filesystem::current_path(), std::time(nullptr), ".toml");
      saveWindowScene({&options, &params, world.get(), frameWidth, frameHeight, picturePath, driver.stepsDone()}, path);
      status.message = "scene saved to " + path;
      std::printf("ripple: scene saved to %s\n", path.c_str());
      std::fflush(stdout);
    } catch (const std::exception& e) {  // ripple::Error, or the folder gone (filesystem_error)
      status.message = std::string("scene not saved: ") + e.what();
      std::fprintf(stderr, "ripple: %s\n", status.message.c_str());
    }
  }

  // `source` scaled to cover the frame, under the water.
  void showPicture(const Image& source) {
    const Image shown = coverResize(source, frameWidth, frameHeight);
    refraction->setPicture(shown);
    shownContrast = pictureContrast(shown);
  }

  // A picture dropped onto the window: shown if it loads, else the current
  // one stays and the panel says why.
  void replacePicture(const std::string& path) {
    try {
      Image loaded = loadImageFile(path);
      showPicture(loaded);
      picture = std::move(loaded);
      picturePath = path;
      status.message = "picture: " + path;
    } catch (const Error& e) {
      status.message = e.what();
      std::fprintf(stderr, "ripple: %s; keeping the current picture\n", e.what());
    }
  }

  // --shaders: rebuild the programs when a file in the folder changes. A
  // shader that fails keeps the last good program running; the panel shows
  // the error with the file and line.
  void reloadEditedShaders(double now) {
    if (shaders.folder().empty() || now - shadersCheckedAt < 0.5) return;
    shadersCheckedAt = now;
    const auto newest = shaders.newestChange();
    if (newest == shadersSeen) return;
    shadersSeen = newest;
    try {
      water->reloadShaders(shaders);
      refraction->reloadShaders(shaders);
      status.message = "shaders reloaded from " + shaders.folder();
    } catch (const Error& e) {
      status.message = e.what();
    }
    rest.input();  // show the new shaders' picture, or the error
  }

  // Whether anything is to fall on the water: rain, or --drop stones to come.
  bool somethingFalls() const {
    return (params.rain && params.rainRate > 0) || driver.scriptedStonesPending() ||
           sourceSingsFrom(driver.stepsDone());
  }

  // Whether a source of the world sings at or after `step`.
  bool sourceSingsFrom(long long step) const {
    if (!world) return false;
    for (const WorldSource& s : world->sources)
      if (!s.end || *s.end > step) return true;
    return false;
  }

  void runDueSteps(int count) {
    if (count <= 0) return;
    stepTimer->begin();
    driver.advance({water.get()}, count, rule(), rainSettings(params));
    stepTimer->end(count);
    steps += count;
    lastStepCount = count;
    if (somethingFalls()) rest.waterDisturbed();
    settleIfAtRest();
  }

  // Water that can no longer change the frame by a level is set exactly at
  // rest, and the window stops stepping it (src/lib/core/visible_change.hpp).
  void settleIfAtRest() {
    if (!rest.restCheckDue(steps) || somethingFalls()) return;
    if (!restsUnseen(water->readState(), frameLook())) return;
    water->reset();
    rest.waterRested();
  }

  // What the frame shows of the water: the look, the picture's contrast and
  // the frame's pixels a cell.
  FrameLook frameLook() const {
    const Extent grid = gridSize();
    return {refractionSettings(params), shownContrast, float(frameWidth) / float(grid.width),
            float(frameHeight) / float(grid.height)};
  }

  // Classic mode's rule floors: fractional heights from float mode would
  // shimmer for ever, so a switch to it rounds them (src/lib/core/mode_switch.hpp).
  void applyModeSwitch() {
    if (params.mode == appliedMode) return;
    if (params.mode == Mode::Classic) {
      WaterState state = water->readState();
      roundToWholeHeights(state);
      water->writeState(state);
    }
    appliedMode = params.mode;
    status.verify.reset();
    rest.waterDisturbed();
  }

  // The steps run a second, over whole seconds of stepping: a pause or a
  // rest starts the count again, and until a second has passed the rate is
  // not known (0), so that the panel never calls the waves slowed on the
  // strength of a second that was mostly rest.
  void measureStepRate(double now, bool stepping) {
    if (!stepping) {
      rateSince = now;
      rateStepsSince = steps;
      stepsPerSecondRun = 0.0;
      return;
    }
    if (now - rateSince < 1.0) return;
    stepsPerSecondRun = (steps - rateStepsSince) / (now - rateSince);
    rateSince = now;
    rateStepsSince = steps;
  }

  // The panel's Verify: from the GPU's state now, the same steps on both
  // sides (verifyAgainstCpu, as --verify does through the same driver). On
  // calm water it drops a test stone first, so there is something to compare.
  void verify() {
    status.verify = verifyAgainstCpu(*water, rule(), params.verifySteps, params.stoneWeight);
    steps += params.verifySteps;
    rest.waterDisturbed();
  }

  void dropPendingStones() {
    if (pendingStones.empty()) return;
    water->prepareWorld(rule());
    const GridLayout l = water->layout();  // clicks are in visible cells
    for (Stone& s : pendingStones) {
      s.x += l.left;
      s.y += l.top;
    }
    water->dropStones(pendingStones);
    pendingStones.clear();
    rest.waterDisturbed();
  }

  // The frame as it is drawn so far, when the recording's pace wants one; a
  // window of a new size ends the recording (its file is written).
  void captureForRecording() {
    const std::string ended = recording.capture(frameWidth, frameHeight, glfwGetTime());
    if (!ended.empty()) status.message = ended;
  }

  void saveScreenshot() {
    Image shot(frameWidth, frameHeight);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glPixelStorei(GL_PACK_ALIGNMENT, 4);
    glReadPixels(0, 0, frameWidth, frameHeight, GL_RGBA, GL_UNSIGNED_BYTE, shot.rgba.data());
    // The window's row 0 is its bottom: flip to the file's top-first order.
    Image flipped(frameWidth, frameHeight);
    const size_t row = static_cast<size_t>(frameWidth) * 4;
    for (int y = 0; y < frameHeight; ++y) {
      std::copy_n(&shot.rgba[y * row], row, &flipped.rgba[(frameHeight - 1 - y) * row]);
    }
    for (size_t i = 3; i < flipped.rgba.size(); i += 4) flipped.rgba[i] = 255;
    try {
      const std::string path = timestampedPath(std::filesystem::current_path(), std::time(nullptr), ".png");
      savePng(flipped, path);
      status.message = "saved " + path;
      std::printf("ripple: screenshot saved to %s\n", path.c_str());
      std::fflush(stdout);
    } catch (const std::exception& e) {  // ripple::Error, or the folder gone (filesystem_error)
      status.message = std::string("screenshot not saved: ") + e.what();
      std::fprintf(stderr, "ripple: %s\n", status.message.c_str());
    }
  }
};

App& appOf(GLFWwindow* w) { return *static_cast<App*>(glfwGetWindowUserPointer(w)); }

// Events that only need the window to draw again (ImGui chains its own
// callbacks to these).
void onScroll(GLFWwindow* w, double, double) { appOf(w).rest.input(); }
void onChar(GLFWwindow* w, unsigned int) { appOf(w).rest.input(); }
void onRefresh(GLFWwindow* w) { appOf(w).rest.input(); }
void onFramebufferSize(GLFWwindow* w, int, int) { appOf(w).rest.input(); }

// Input callbacks. They are installed before ImGui's backend, which chains to
// them; events ImGui wants (the panel under the mouse, a focused text field)
// never reach the water.
void onMouseButton(GLFWwindow* w, int button, int action, int) {
  App& app = appOf(w);
  app.rest.input();
  if (button != GLFW_MOUSE_BUTTON_LEFT) return;
  if (action == GLFW_RELEASE) {
    app.dragging = false;
    app.releaseSource();
    return;
  }
  // Where the last motion event put the cursor, not where it is now: a fast
  // mouse has moved on by the time the press is handled. (Before any motion,
  // a click on a window that opened under the cursor, there is only now.)
  if (!app.cursorSeen) glfwGetCursorPos(w, &app.cursorX, &app.cursorY);
  const double cx = app.cursorX, cy = app.cursorY;
  if (ImGui::GetIO().WantCaptureMouse || (app.panelVisible && app.panelArea.contains(cx, cy))) return;
  app.cursorToCell(cx, cy, app.lastCellX, app.lastCellY);
  const int x = app.lastCellX, y = app.lastCellY;
  switch (app.tool) {
    case Tool::Stones:
      app.dropAt(x, y);
      break;
    case Tool::Wall:
    case Tool::Eraser:
    case Tool::SlowWater:
      app.paint(x, y, x, y);
      break;
    case Tool::WorldSource:
      app.pressSource(x, y);
      break;
  }
  app.dragging = true;
}

void onCursorPos(GLFWwindow* w, double cx, double cy) {
  App& app = appOf(w);
  app.rest.input();
  app.cursorX = cx;
  app.cursorY = cy;
  app.cursorSeen = true;
  if (!app.dragging) return;
  int x, y;
  app.cursorToCell(cx, cy, x, y);
  if (x == app.lastCellX && y == app.lastCellY) return;
  // A trail from the last cell to this one, however far the mouse jumped.
  switch (app.tool) {
    case Tool::Stones:
      for (const Stone& s : strokeStones(app.lastCellX, app.lastCellY, x, y, app.radiusCells(), app.params.stoneWeight,
                                         stoneShape(app.params))) {
        app.pendingStones.push_back(s);
      }
      break;
    case Tool::Wall:
    case Tool::Eraser:
    case Tool::SlowWater:
      app.paint(app.lastCellX, app.lastCellY, x, y);
      break;
    case Tool::WorldSource:
      app.dragSource(x - app.lastCellX, y - app.lastCellY);
      break;
  }
  app.lastCellX = x;
  app.lastCellY = y;
}

void onDrop(GLFWwindow* w, int count, const char** paths) {
  appOf(w).rest.input();
  if (count == 0) return;
  // What the file holds decides, not its name.
  if (looksLikeScene(paths[0])) {
    appOf(w).openSceneFile(paths[0]);
  } else {
    appOf(w).replacePicture(paths[0]);
  }
}

void onKey(GLFWwindow* w, int key, int, int action, int) {
  App& app = appOf(w);
  app.rest.input();
  if (action != GLFW_PRESS || ImGui::GetIO().WantCaptureKeyboard) return;
  switch (key) {
    case GLFW_KEY_SPACE:
      app.paused = !app.paused;
      break;
    case GLFW_KEY_N:
      app.stepRequested = true;
      break;
    case GLFW_KEY_R:
      app.water->reset();
      break;
    case GLFW_KEY_H:
      app.panelVisible = !app.panelVisible;
      break;
    case GLFW_KEY_S:
      ++app.screenshotsRequested;
      break;
    case GLFW_KEY_V:
      app.recordingToggled = true;
      break;
    case GLFW_KEY_1:
    case GLFW_KEY_2:
    case GLFW_KEY_3:
    case GLFW_KEY_4:
    case GLFW_KEY_5:
      app.chooseTool(static_cast<Tool>(key - GLFW_KEY_1));
      break;
    case GLFW_KEY_T:
      app.chooseTool(static_cast<Tool>((static_cast<int>(app.tool) + 1) % kToolCount));
      break;
    case GLFW_KEY_ESCAPE:
      glfwSetWindowShouldClose(w, GLFW_TRUE);
      break;
    default:
      break;
  }
}

void frame(App& app) {
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  ImGui::NewFrame();

  app.status.framesPerSecond = ImGui::GetIO().Framerate;
  app.status.gpuMillisecondsPerStep = app.stepTimer->millisecondsPerUnit();
  app.status.gridWidth = app.water->width();
  app.status.gridHeight = app.water->height();
  app.status.stepPath = stepPathName(*app.water);
  app.status.frameWidth = app.frameWidth;
  app.status.frameHeight = app.frameHeight;
  app.status.steps = app.steps;
  app.status.paused = app.paused;
  app.status.stepsPerSecondAsked = app.stepping() ? app.stepsPerSecond() : 0.0;
  app.status.stepsPerSecondRun = app.stepsPerSecondRun;
  float contentScaleX = 1.0f, contentScaleY = 1.0f;
  glfwGetWindowContentScale(app.window, &contentScaleX, &contentScaleY);
  app.status.contentScale = contentScaleX;
  app.status.tool = app.tool;
  app.status.sceneName = app.sceneName;
  app.status.recording = app.recording.active();
  app.status.recordingSeconds = app.recording.seconds();
  app.status.recordPanel = app.recordPanel;
  PanelActions actions;
  if (app.panelVisible) actions = drawPanel(app.params, app.status);
  app.panelArea = actions.area;
  if (app.recording.active()) drawRecordingMark(app.recording.seconds());
  ImGui::Render();

  if (actions.togglePause) app.paused = !app.paused;
  if (actions.resetSettings) {
    app.params = Params{};
    app.options.settingsBeforeScene.reset();  // the defaults are what the exit saves now
    app.options.settingsAsRead = app.options.settingsAtStart = Params{};
  }
  if (actions.reset) app.water->reset();
  if (actions.tool) app.chooseTool(*actions.tool);
  if (actions.clearCells) app.editWorld(clearCells);
  if (actions.removeSources) app.editWorld([](WaterWorld& w) { w.sources.clear(); });
  app.applyModeSwitch();
  if (actions.screenshot) ++app.screenshotsRequested;
  if (actions.saveScene) app.saveScene();
  if (actions.preset) app.openScene(presetScene(*actions.preset), *actions.preset);
  if (actions.recordPanel) app.recordPanel = *actions.recordPanel;
  if (actions.toggleRecording || app.recordingToggled) {
    app.status.message = app.recording.toggle(app.frameWidth, app.frameHeight, glfwGetTime());
  }
  app.recordingToggled = false;
  if (app.params.vsync != app.appliedVsync) {
    glfwSwapInterval(app.params.vsync ? 1 : 0);
    app.appliedVsync = app.params.vsync;
  }
  app.fitToFramebuffer(app.frameWidth, app.frameHeight);  // picks up a new grid scale
  app.applyTankSettings();
  // A new world (an edit, a new grid) is the water's before anything falls:
  // painted walls hold their cells at 0 even while paused.
  app.water->prepareWorld(app.rule());
  const double now = glfwGetTime();
  app.reloadEditedShaders(now);

  app.dropPendingStones();
  if (app.somethingFalls()) app.rest.waterDisturbed();
  const int due = app.clock.stepsDue(now, app.stepsPerSecond());
  if (app.stepping()) {
    app.runDueSteps(due);
  } else if (app.paused && (actions.stepOnce || app.stepRequested)) {
    app.runDueSteps(1);
  }
  app.stepRequested = false;
  if (actions.verify) app.verify();
  app.measureStepRate(now, app.stepping());

  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  app.refraction->draw(app.water->current(), refractionSettings(app.params), true);
  // The recording reads the frame before the panel is drawn, or after it
  // with "Record the panel"; the REC mark comes last, in neither the
  // recording nor a screenshot.
  SplitDrawData drawData = splitOffForeground(*ImGui::GetDrawData());
  if (!app.recordPanel) app.captureForRecording();
  ImGui_ImplOpenGL3_RenderDrawData(&drawData.panel);
  if (app.recordPanel) app.captureForRecording();
  for (; app.screenshotsRequested > 0; --app.screenshotsRequested) app.saveScreenshot();
  ImGui_ImplOpenGL3_RenderDrawData(&drawData.overlay);
  glfwSwapBuffers(app.window);
  app.rest.frameDrawn();
}

}  // namespace

int runInteractive(const Options& options) {
  // The picture first: a bad path should not cost a window opening and closing.
  Image picture = loadNamedPicture(options.imagePath);

  const auto [width, height] = options.size.value_or(std::pair<int, int>(1280, 720));
  gl::WindowContext context(width, height, "ripple");
  App app(options);
  app.window = context.window();
  app.picture = std::move(picture);
  app.status.renderer = gl::currentRendererDescription();
  app.status.message = options.settingsWarning;
  app.shadersSeen = app.shaders.newestChange();
  app.refraction = std::make_unique<Refraction>(app.shaders);
  app.stepTimer = std::make_unique<gl::GpuTimer>();

  glfwSetWindowUserPointer(app.window, &app);
  glfwSetMouseButtonCallback(app.window, onMouseButton);
  glfwSetCursorPosCallback(app.window, onCursorPos);
  glfwSetKeyCallback(app.window, onKey);
  glfwSetDropCallback(app.window, onDrop);
  glfwSetScrollCallback(app.window, onScroll);
  glfwSetCharCallback(app.window, onChar);
  glfwSetWindowRefreshCallback(app.window, onRefresh);
  glfwSetFramebufferSizeCallback(app.window, onFramebufferSize);

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;  // the panel's layout is not worth a file in the user's folder
  ImGui::StyleColorsDark();
  ImGui_ImplGlfw_InitForOpenGL(app.window, true);
  ImGui_ImplOpenGL3_Init("#version 330 core");

  glfwSwapInterval(app.params.vsync ? 1 : 0);
  app.appliedVsync = app.params.vsync;
  int fbw = 0, fbh = 0;
  glfwGetFramebufferSize(app.window, &fbw, &fbh);
  app.fitToFramebuffer(std::max(1, fbw), std::max(1, fbh));
  app.clock.restart(glfwGetTime());

  while (!glfwWindowShouldClose(app.window) && !stopRequested()) {
    if (app.rest.mayWait(app.paused, app.somethingFalls()) && app.pendingStones.empty() && !app.recording.active()) {
      // Nothing to step and nothing to answer: sleep until an event, waking
      // ten times a second to look at --shaders' folder (and, for Ctrl+C, at
      // the stop flag). The time asleep is not owed to the water.
      glfwWaitEventsTimeout(0.1);
      const double now = glfwGetTime();
      app.clock.restart(now);
      app.reloadEditedShaders(now);
      if (app.rest.mayWait(app.paused, app.somethingFalls()) && app.pendingStones.empty()) continue;
    } else {
      glfwPollEvents();
    }
    glfwGetFramebufferSize(app.window, &fbw, &fbh);
    if (fbw <= 0 || fbh <= 0 || glfwGetWindowAttrib(app.window, GLFW_ICONIFIED)) {
      // Minimised (a 0 x 0 framebuffer on some systems, an iconified window of
      // full size on X11): nothing to show. Sleep until something happens and
      // let the simulated time go, so the water does not jump on restore.
      glfwWaitEventsTimeout(0.25);
      app.clock.restart(glfwGetTime());
      continue;
    }
    app.fitToFramebuffer(fbw, fbh);
    frame(app);
  }

  app.recording.stop();  // closing the window writes its recording
  if (!options.settingsFile.empty()) {
    try {
      const Params now = app.options.settingsBeforeScene.value_or(app.params);
      saveSettings(settingsToSave(app.options.settingsAsRead, app.options.settingsAtStart, now), options.settingsFile);
    } catch (const Error& e) {
      std::fprintf(stderr, "ripple: warning: settings not saved: %s\n", e.what());
    }
  }
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
  // GL objects go while the context is still current.
  app.water.reset();
  app.refraction.reset();
  app.stepTimer.reset();
  return 0;
}

}  // namespace ripple
