#pragma once
// The window's input: GLFW's callbacks, which turn the mouse, the keys and
// dropped files into the tools' calls (window_tank.hpp), the scenes' and
// pictures' (window_content.hpp) and requests the next frame answers (a
// pause, a step, a screenshot). Every event also wakes a resting window.
#include "ui/panel.hpp"

namespace ripple {

struct App;

// The mouse as the callbacks last saw it.
struct Pointer {
  bool dragging = false;            // the left button is down, pressed on the water
  double cursorX = 0, cursorY = 0;  // from the last motion event, in window coordinates
  bool cursorSeen = false;          // a motion event has come
  int lastCellX = 0, lastCellY = 0;
  ScreenRect panelArea;  // where the panel was drawn last frame; empty when hidden
};

// Points the window at `app` and installs the callbacks. Call it before
// ImGui's GLFW backend is set up: that chains to them, so that events ImGui
// wants (the panel under the mouse, a focused text field) never reach the
// water.
void installInputCallbacks(App& app);

}  // namespace ripple
