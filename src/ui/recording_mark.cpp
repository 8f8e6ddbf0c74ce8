#include "ui/recording_mark.hpp"

#include <cmath>
#include <cstdio>

namespace ripple {

void drawRecordingMark(double seconds) {
  ImDrawList& list = *ImGui::GetForegroundDrawList();
  const float font = ImGui::GetFontSize();  // follows the panel's scale
  const long whole = std::lround(std::floor(seconds));
  char text[32];
  std::snprintf(text, sizeof text, "REC %ld:%02ld", whole / 60, whole % 60);
  const ImVec2 textSize = ImGui::CalcTextSize(text);
  const float margin = font * 0.75f, radius = font * 0.4f, gap = font * 0.4f;
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const ImVec2 textAt(display.x - margin - textSize.x, margin);
  const ImVec2 dotAt(textAt.x - gap - radius, margin + textSize.y * 0.5f);
  // A dark backing so that the mark reads over bright water.
  list.AddRectFilled(ImVec2(dotAt.x - radius - gap, margin - gap * 0.5f),
                     ImVec2(display.x - margin + gap, margin + textSize.y + gap * 0.5f), IM_COL32(0, 0, 0, 140),
                     font * 0.3f);
  list.AddCircleFilled(dotAt, radius, IM_COL32(230, 20, 20, 255));
  list.AddText(textAt, IM_COL32(255, 255, 255, 255), text);
}

SplitDrawData splitOffForeground(const ImDrawData& frame) {
  SplitDrawData parts{frame, frame};
  ImDrawList* foreground = ImGui::GetForegroundDrawList();
  // ImGui renders the foreground list last, when it has anything to draw.
  const bool marked = frame.CmdListsCount > 0 && frame.CmdLists[frame.CmdListsCount - 1] == foreground;
  parts.overlay.CmdListsCount = marked ? 1 : 0;
  parts.overlay.CmdLists = marked ? &frame.CmdLists[frame.CmdListsCount - 1] : nullptr;
  parts.overlay.TotalVtxCount = marked ? foreground->VtxBuffer.Size : 0;
  parts.overlay.TotalIdxCount = marked ? foreground->IdxBuffer.Size : 0;
  parts.panel.CmdListsCount = frame.CmdListsCount - parts.overlay.CmdListsCount;
  parts.panel.TotalVtxCount = frame.TotalVtxCount - parts.overlay.TotalVtxCount;
  parts.panel.TotalIdxCount = frame.TotalIdxCount - parts.overlay.TotalIdxCount;
  return parts;
}

}  // namespace ripple
