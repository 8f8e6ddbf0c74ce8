#pragma once
// The window's state: everything the frame loop and the input callbacks work
// on, in one struct (as Dear ImGui's backends and sokol keep theirs). What is
// done with it lives beside, a job a file, each a set of short functions on
// this struct:
//   window_grid       the grid under the window: fitted to the framebuffer,
//                     window pixels in cells
//   window_input      the GLFW callbacks: mouse, cursor, keys, dropped files
//   window_tank       the tools: stones, walls, slow water, sources
//   window_content    scenes and the picture: opened, saved, shown
//   window_stepping   the steps, the rest and the step rate
//   window_recording  the video and the screenshots
//   interactive_app   the frame and the loop
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "ripple/clock.hpp"
#include "app/options.hpp"
#include "app/window_input.hpp"
#include "app/window_recording.hpp"
#include "app/window_rest.hpp"
#include "app/window_stepping.hpp"
#include "app/window_tank.hpp"
#include "core/image.hpp"
#include "core/scenario_driver.hpp"
#include "core/visible_change.hpp"
#include "core/water_rule.hpp"
#include "core/water_world.hpp"
#include "gl/gpu_timer.hpp"
#include "gl/shader_source.hpp"
#include "render/refraction.hpp"
#include "sim/gpu_ripple.hpp"
#include "ui/panel.hpp"

struct GLFWwindow;

namespace ripple {

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
  Pointer pointer;                   // the mouse, as the callbacks last saw it
  TankTool tank;                     // what a click does, and the source a drag holds
  int lastStepCount = 1;             // the steps of the last frame that stepped: how long a dragged source glides

  WindowRest rest;                 // when the window may sleep until an event
  Mode appliedMode = Mode::Float;  // what the water was last stepped in
  StepRate rate;                   // the step rate actually run

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

  explicit App(const Options& o)
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

  // Whether the water runs: not paused, not at rest.
  bool stepping() const { return !paused && !rest.waterAtRest(); }
};

}  // namespace ripple
