// The panel, drawn by ImGui without a renderer (no GL): its layout as a user
// meets it.
#include <gtest/gtest.h>

#include <imgui.h>

#include "ui/panel.hpp"

namespace ripple {
namespace {

class Panel : public testing::Test {
 protected:
  void SetUp() override {
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.DisplaySize = ImVec2(1280.0f, 4000.0f);  // tall: the panel is never cut to scroll
    io.DeltaTime = 1.0f / 60.0f;
    unsigned char* pixels = nullptr;
    int w = 0, h = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);  // builds the font atlas NewFrame needs
  }
  void TearDown() override { ImGui::DestroyContext(); }

  // The panel's height with `tool` chosen, once its auto-resize has settled.
  float heightWith(Tool tool) {
    WindowSettings params;
    PanelStatus status;
    status.tool = tool;
    PanelActions actions;
    for (int frame = 0; frame < 3; ++frame) {
      ImGui::NewFrame();
      actions = drawPanel(params, status);
      ImGui::Render();
    }
    return actions.area.bottom - actions.area.top;
  }
};

// Choosing a tool never moves the controls below the tools: the rows of its
// options are kept whichever tool it is (a click meant for "Save scene" once
// hit the refraction slider after the source tool added two rows).
TEST_F(Panel, ChoosingAToolMovesNothingBelowIt) {
  const float stones = heightWith(Tool::Stones);
  EXPECT_GT(stones, 200.0f);
  for (Tool tool : {Tool::Wall, Tool::Eraser, Tool::SlowWater, Tool::WorldSource}) {
    EXPECT_EQ(heightWith(tool), stones) << "tool " << static_cast<int>(tool);
  }
}

// "(slowed)" beside the wave speed: only when a measured rate falls behind
// the one asked, never before a rate is known (a fresh window, whose first
// frames came before a second of stepping, said "slowed" until a click).
TEST(PanelStatusLine, SlowedOnlyWhenAMeasuredRateFallsBehind) {
  PanelStatus s;
  s.stepsPerSecondAsked = 112.5;
  s.stepsPerSecondRun = 0.0;
  EXPECT_FALSE(fallingBehind(s)) << "no rate measured yet";
  s.stepsPerSecondRun = 60.0;
  EXPECT_TRUE(fallingBehind(s));
  s.stepsPerSecondRun = 110.0;
  EXPECT_FALSE(fallingBehind(s)) << "within 5% is keeping up";
  s.stepsPerSecondRun = 60.0;
  s.paused = true;
  EXPECT_FALSE(fallingBehind(s));
  s.paused = false;
  s.stepsPerSecondAsked = 0.0;
  EXPECT_FALSE(fallingBehind(s)) << "calm water asks for no steps";
}

}  // namespace
}  // namespace ripple
