#include "ui/panel.hpp"

#include <imgui.h>

namespace ripple {
namespace {

void helpMarker(const char* text) {
  ImGui::SameLine();
  ImGui::TextDisabled("(?)");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", text);
}

void waterSection(Params& p) {
  int mode = p.mode == Mode::Classic ? 1 : 0;
  ImGui::RadioButton("float", &mode, 0);
  ImGui::SameLine();
  ImGui::RadioButton("classic", &mode, 1);
  helpMarker("classic: the seeds' integer algorithm (>> 1, -= >> 5), bit for bit;\n"
             "refraction 1, nearest pixel, no shading");
  p.mode = mode == 1 ? Mode::Classic : Mode::Float;

  ImGui::SliderFloat("damping", &p.damping, limits::damping.min, limits::dampingSliderMax, "%.5f",
                     ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp);
  helpMarker("fraction of height lost per step; the seeds: 1/32 = 0.03125");
  ImGui::SameLine();
  if (ImGui::SmallButton("1/32")) p.damping = 1.0f / 32.0f;
  ImGui::SliderInt("stone size", &p.stoneRadius, limits::stoneRadiusSlider.min, limits::stoneRadiusSlider.max, "%d px",
                   ImGuiSliderFlags_AlwaysClamp);
  helpMarker("radius of a stone in window pixels");
  ImGui::SliderFloat("stone weight", &p.stoneWeight, limits::stoneWeightSlider.min, limits::stoneWeightSlider.max, "%.0f",
                     ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp);
  helpMarker("depth of the dent a stone makes; the seeds: 32 to 128");
}

void lookSection(Params& p) {
  ImGui::BeginDisabled(p.mode == Mode::Classic);
  ImGui::SliderFloat("refraction", &p.refraction, limits::refraction.min, limits::refraction.max, "%.2f",
                     ImGuiSliderFlags_AlwaysClamp);
  helpMarker("pixels of shift per unit of slope (classic: 1)");
  ImGui::SliderFloat("shading", &p.shading, limits::shading.min, limits::shading.max, "%.2f",
                     ImGuiSliderFlags_AlwaysClamp);
  helpMarker("seed 002's light from the slope; 1 = the seed's amount (classic: off)");
  ImGui::EndDisabled();
}

void rainAndPaceSection(Params& p) {
  ImGui::Checkbox("rain", &p.rain);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 9.0f);
  ImGui::SliderFloat("drops/step", &p.rainRate, limits::rainRate.min, limits::rainRate.max, "%.2f",
                     ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp);
  ImGui::SliderFloat("wave speed", &p.waveSpeed, limits::waveSpeedSlider.min, limits::waveSpeedSlider.max, "%.0f px/s",
                     ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp);
  helpMarker("simulation speed, independent of the display's refresh rate");
  ImGui::TextUnformatted("grid scale");
  ImGui::SameLine();
  ImGui::RadioButton("1", &p.simScaleShift, 0);
  ImGui::SameLine();
  ImGui::RadioButton("1/2", &p.simScaleShift, 1);
  ImGui::SameLine();
  ImGui::RadioButton("1/4", &p.simScaleShift, 2);
  helpMarker("seed 000's MeshSize: a coarser grid, heights interpolated");
  ImGui::Checkbox("vsync", &p.vsync);
}

void statusSection(const PanelStatus& s) {
  ImGui::Text("%.0f fps   grid %dx%d   frame %dx%d", s.framesPerSecond, s.gridWidth, s.gridHeight, s.frameWidth,
              s.frameHeight);
  if (s.gpuMillisecondsPerStep >= 0.0) {
    ImGui::Text("GPU %.3f ms/step (%s)   %lld steps", s.gpuMillisecondsPerStep, s.stepPath, s.steps);
  } else {
    ImGui::Text("GPU time: no timer result (%s)   %lld steps", s.stepPath, s.steps);
  }
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * 22.0f);  // a long renderer name wraps, not widens
  ImGui::TextDisabled("%s", s.renderer.c_str());
  ImGui::PopTextWrapPos();
}

void verifySection(Params& p, const PanelStatus& s, PanelActions& actions) {
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
  ImGui::InputInt("steps", &p.verifySteps, 10, 100);
  if (p.verifySteps < limits::verifySteps.min) p.verifySteps = limits::verifySteps.min;
  if (p.verifySteps > limits::verifySteps.max) p.verifySteps = limits::verifySteps.max;
  ImGui::SameLine();
  actions.verify = ImGui::Button("Verify against CPU");
  helpMarker("reads the water back, runs the same steps on the GPU and on the CPU reference, compares");
  if (!s.verify) return;
  const VerifyReport& v = *s.verify;
  const ImVec4 colour = v.comparison.passed ? ImVec4(0.3f, 0.9f, 0.3f, 1) : ImVec4(1.0f, 0.35f, 0.3f, 1);
  ImGui::TextColored(colour, "%s  %s, %d steps on %dx%d", v.comparison.passed ? "PASS" : "FAIL", modeName(v.mode),
                     v.steps, v.gridWidth, v.gridHeight);
  ImGui::Text("largest difference %g (tolerance %g)", v.comparison.largestDifference, v.comparison.tolerance);
  ImGui::Text("%ld cells differ; CPU took %.2f s", v.comparison.differingCells, v.cpuSeconds);
}

}  // namespace

PanelActions drawPanel(Params& params, const PanelStatus& status) {
  PanelActions actions;
  ImGui::SetNextWindowPos(ImVec2(10, 10), ImGuiCond_FirstUseEver);
  // The panel grows and shrinks with what it shows (e.g. a verify report).
  const bool open = ImGui::Begin("ripple  (H hides)", nullptr, ImGuiWindowFlags_AlwaysAutoResize);
  const ImVec2 position = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
  actions.area = {position.x, position.y, position.x + size.x, position.y + size.y};
  if (!open) {  // collapsed to its title bar
    ImGui::End();
    return actions;
  }
  ImGui::PushItemWidth(ImGui::GetFontSize() * 13.0f);
  if (ImGui::CollapsingHeader("Water", ImGuiTreeNodeFlags_DefaultOpen)) waterSection(params);
  if (ImGui::CollapsingHeader("Look", ImGuiTreeNodeFlags_DefaultOpen)) lookSection(params);
  if (ImGui::CollapsingHeader("Rain and pace", ImGuiTreeNodeFlags_DefaultOpen)) rainAndPaceSection(params);
  ImGui::PopItemWidth();

  ImGui::Separator();
  actions.togglePause = ImGui::Button(status.paused ? "Run (Space)" : "Pause (Space)");
  ImGui::SameLine();
  ImGui::BeginDisabled(!status.paused);
  actions.stepOnce = ImGui::Button("Step (N)");
  ImGui::EndDisabled();
  ImGui::SameLine();
  actions.reset = ImGui::Button("Calm (R)");
  ImGui::SameLine();
  actions.screenshot = ImGui::Button("Screenshot (S)");
  actions.resetSettings = ImGui::Button("Reset settings to defaults");

  ImGui::Separator();
  statusSection(status);
  ImGui::Separator();
  verifySection(params, status, actions);
  if (!status.message.empty()) {
    ImGui::Separator();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 22.0f);
    ImGui::TextUnformatted(status.message.c_str());
    ImGui::PopTextWrapPos();
  }
  ImGui::End();
  return actions;
}

}  // namespace ripple
