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
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/gpu_timer.hpp"
#include "app/options.hpp"
#include "app/picture_texture.hpp"
#include "app/window_input.hpp"
#include "app/window_recording.hpp"
#include "app/window_rest.hpp"
#include "app/window_stepping.hpp"
#include "app/window_tank.hpp"
#include "ripple/picture.hpp"
#include "ripple/clock.hpp"
#include "ripple/water.hpp"
#include "ui/panel.hpp"

struct GLFWwindow;

namespace ripple {

struct App {
  Options options;
  WindowSettings& params = options.params;
  GLFWwindow* window = nullptr;
  std::string picturePath;  // where the picture came from; empty: the embedded one

  Picture picture;                // as loaded
  PictureTexture shownPicture;    // at the frame's size, under the water
  PictureContrast shownContrast;  // of the picture as shown
  // The water, through the library as any host has it; grid = frame /
  // 2^simScaleShift. Made by the first fitToFramebuffer(), with the command
  // line's run (or scene) loaded into it.
  std::optional<Water> water;
  std::unique_ptr<GpuTimer> stepTimer;
  SimulationClock clock;

  int frameWidth = 0, frameHeight = 0;  // framebuffer pixels (HiDPI aware)
  int appliedScaleShift = -1;
  bool appliedVsync = false;
  // The panel's edges and wall kind as the water last took them (at a load,
  // or a change): setting the tank rebuilds it, so it is set on a change only.
  Edge appliedLeftRightEdges = Edge::Fixed, appliedTopBottomEdges = Edge::Fixed;
  WallKind appliedWallKind = WallKind::Reflecting;
  double shadersCheckedAt = 0.0;  // --shaders: when the folder was last looked at

  std::vector<Drop> pendingStones;  // from the mouse, dropped before the next step
  Pointer pointer;                  // the mouse, as the callbacks last saw it
  TankTool tank;                    // what a click does, and the source a drag holds
  int lastStepCount = 1;            // the steps of the last frame that stepped: how long a dragged source glides

  WindowRest rest;  // when the window may sleep until an event
  StepRate rate;    // the step rate actually run

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
      : options(o), picturePath(o.scene.picture), panelVisible(o.showPanel), sceneName(o.sceneName) {}

  // Whether the water runs: not paused, not at rest.
  bool stepping() const { return !paused && !rest.waterAtRest(); }
};

}  // namespace ripple
