#pragma once
// The ImGui panel: widgets that edit Params and report what the app measured.
// No GL calls here: the panel says what the user asked for, the app does it.
#include <optional>
#include <string>

#include "core/params.hpp"
#include "core/verify.hpp"

namespace ripple {

struct PanelStatus {
  double framesPerSecond = 0.0;
  double gpuMillisecondsPerStep = -1.0;  // negative: no timer result (yet)
  int gridWidth = 0, gridHeight = 0;
  int frameWidth = 0, frameHeight = 0;
  long long steps = 0;
  bool paused = false;
  double stepsPerSecondAsked = 0.0;  // what the wave speed asks for; 0 while nothing steps
  double stepsPerSecondRun = 0.0;    // what the window ran over the last second
  std::string renderer;
  const char* stepPath = "";  // "compute" or "fragment pass"
  std::optional<VerifyReport> verify;
  std::string message;  // the last note or error, e.g. "saved shot.png"
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
  bool resetSettings = false;  // every parameter back to its default
  // Where the panel was drawn: a click there belongs to it, even one that
  // comes before ImGui has seen the mouse over it (ImGui's WantCaptureMouse
  // is a frame late for a mouse that jumps onto the panel and clicks).
  ScreenRect area;
};

// Draws the panel for this frame, editing `params` in place.
PanelActions drawPanel(Params& params, const PanelStatus& status);

}  // namespace ripple
