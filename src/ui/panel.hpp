#pragma once
// The ImGui panel: widgets that edit the window's settings and report what the app measured.
// No GL calls here: the panel says what the user asked for, the app does it.
#include <optional>
#include <string>

#include "app/window_settings.hpp"
#include "ripple/water.hpp"
#include "ui/tools.hpp"

namespace ripple {

struct PanelStatus {
  double framesPerSecond = 0.0;
  double gpuMillisecondsPerStep = -1.0;  // negative: no timer result (yet)
  int gridWidth = 0, gridHeight = 0;
  int frameWidth = 0, frameHeight = 0;
  long long steps = 0;
  bool paused = false;
  std::string renderer;
  const char* stepPath = "";  // "compute" or "fragment pass"
  // The step rate the wave speed asks for, and the rate the frames really
  // ran (both in steps a second; 0: not known). The panel says when the
  // second falls behind: the waves then move slower than the slider says.
  double stepsPerSecondAsked = 0.0;
  double stepsPerSecondRun = 0.0;
  // The monitor's content scale (glfwGetWindowContentScale): 2 on a screen
  // set to 200%. The panel's text and sizes follow it (see drawPanel).
  float contentScale = 1.0f;
  Tool tool = Tool::Stones;            // what a click on the water does now
  std::optional<Verification> verify;  // the last Verify, on the grid above
  std::string sceneName;               // the scene opened last (a preset's name, a file's), if any
  // The window's recording (V): whether it runs, and for how long so far.
  bool recording = false;
  double recordingSeconds = 0.0;
  bool recordPanel = false;  // the recording shows the panel too
  std::string message;       // the last note or error, e.g. "saved shot.png"; wraps
};

// A rectangle of the window, in the window's pixels, top-left origin.
struct ScreenRect {
  float left = 0, top = 0, right = 0, bottom = 0;
  bool contains(double x, double y) const { return x >= left && x < right && y >= top && y < bottom; }
};

struct PanelActions {
  bool togglePause = false;
  bool stepOnce = false;
  bool reset = false;
  bool verify = false;
  bool screenshot = false;
  bool resetSettings = false;         // every parameter back to its default
  std::optional<Tool> tool;           // a tool chosen
  bool clearCells = false;            // walls and slow water gone
  bool removeSources = false;         // every source gone
  std::optional<std::string> preset;  // a preset chosen from the menu, by name
  bool saveScene = false;
  bool toggleRecording = false;     // start or stop the window's recording
  std::optional<bool> recordPanel;  // "Record the panel" changed to this
  // Where the panel was drawn: a click there belongs to it, even one that
  // comes before ImGui has seen the mouse over it (ImGui's WantCaptureMouse
  // is a frame late for a mouse that jumps onto the panel and clicks).
  ScreenRect area;
};

// The rate the frames manage is well below the one asked: the waves move
// slower than the wave speed says. Not while the rate run is not known yet
// (0: less than a second of stepping since the start, a pause or a rest).
bool fallingBehind(const PanelStatus& status);

// Draws the panel for this frame, editing `params` in place (the Seed values
// button too: seedSettings() in app/window_settings.hpp). The panel keeps a fixed width, at most 70% of
// the window's height (it scrolls past that) and stays inside the window when
// the window shrinks.
PanelActions drawPanel(WindowSettings& params, const PanelStatus& status);

}  // namespace ripple
