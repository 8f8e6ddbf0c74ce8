#pragma once
// The mark that says the window is being recorded: a red dot and "REC m:ss"
// in the top-right corner. It is drawn on ImGui's foreground list, and the
// app renders that list on its own, after the frame has been read back for
// the recording and for screenshots: the mark is on the screen only.
// No GL calls here.
#include <imgui.h>

namespace ripple {

// Adds the mark to this frame's foreground list; `seconds`: the video's length.
void drawRecordingMark(double seconds);

// A frame's draw data in two: the panel (every list but the foreground
// one), and the foreground list alone (the mark; empty when not drawn).
struct SplitDrawData {
  ImDrawData panel;
  ImDrawData overlay;
};
SplitDrawData splitOffForeground(const ImDrawData& frame);

}  // namespace ripple
