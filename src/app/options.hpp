#pragma once
// The command line: the window or the headless run, and the scenario and
// settings both accept. See parseOptions() for the contract.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/window_settings.hpp"
#include "ripple/scene.hpp"
#include "ripple/types.hpp"

namespace ripple {

// How the GPU steps the water: Auto picks compute on real GPUs that have
// compute shaders and the fragment pass elsewhere (GpuRipple's default).
enum class StepPathChoice { Auto, Fragment, Compute };

struct Options {
  bool headless = false;
  // The run: the scene of --scene or --preset, or with neither a scene of
  // the defaults (the window: of its saved settings), and the options over
  // it. Its positions are pixels of its frame; where it has none (0 x 0),
  // cells of the grid. Its picture "" is the embedded default.
  Scene scene;
  std::string sceneName;  // --preset's NAME or --scene's file name, for the panel's scene menu
  // The window's parameters: the scene's, and the window's own (vsync,
  // brush, ...) from its saved settings; the panel edits these.
  WindowSettings params;
  std::string shaderDir;  // empty: the embedded shaders
  StepPathChoice stepPath = StepPathChoice::Auto;
  // Headless: the grid and frame size (default: the picture's). Window: the
  // window's size (default 1280x720).
  std::optional<std::pair<int, int>> size;

  // Headless only.
  std::string saveHeight;  // .npy
  std::string saveFrame;   // .png
  std::string saveFramesDir;
  std::string saveHeightsDir;
  std::string saveScene;  // a scene file that reproduces the run
  int every = 1;          // for --save-frames, --save-heights and --save-video
  int sequenceFrom = 0;   // they start at this step (--from)
  // --save-video: the frames --save-frames saves, as a video (.mp4 or .gif).
  std::string saveVideo;
  int videoFps = 30;
  std::optional<std::pair<int, int>> videoSize;  // none: the frame's
  Backend backend = Backend::Gpu;
  bool verify = false;
  bool quiet = false;

  // Window only.
  bool showPanel = true;
  std::string settingsFile;     // where the panel's values are kept; empty: not kept
  std::string settingsWarning;  // what was wrong with the file, shown at start
  // While a scene (a preset, a scene file) is open: the values the panel had
  // before it, which are what the exit saves. A scene's look and rule are
  // the scene's: opening the open sea should not leave the next start with
  // its absorbing edges and its damping over the default pool.
  std::optional<WindowSettings> settingsBeforeScene;
  // The settings file's values as read (or the defaults), and the values the
  // exit would save had nothing changed since the start (the command line's
  // over the file's): the exit keeps the file's value of whatever the panel
  // left alone (settingsToSave in app/settings.hpp).
  WindowSettings settingsAsRead;
  WindowSettings settingsAtStart;
};

// Parses argv. Returns the options, or the exit code when the program should
// stop: 0 after --help or --version, 2 after a usage error (one line on
// stderr naming the option and what is wrong with its value).
struct ParseResult {
  Options options;
  std::optional<int> exitCode;
};
// `base` holds the values the options start from: the defaults, or for the
// window the user's saved settings, so that the command line overrides both.
ParseResult parseOptions(int argc, char** argv, const WindowSettings& base = WindowSettings{});

// Whether the arguments ask for the headless mode (before parsing them, to
// know whether the window's saved settings apply).
bool wantsHeadless(int argc, char** argv);

}  // namespace ripple
