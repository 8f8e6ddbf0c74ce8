#include "ui/panel.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/parameter_named.hpp"
#include "app/scene_options.hpp"
#include "ripple/parameters.hpp"

namespace ripple {
namespace {

// Sizes in multiples of the font's height, so that they follow the scale.
constexpr float kPanelWidth = 23.0f;  // fits the longest label and a slider
constexpr float kLabelWidth = 7.5f;   // the labels right of the sliders
constexpr int kToolOptionRows = 2;    // rows kept for the chosen tool's options
constexpr float kTooltipWidth = 24.0f;
// The panel never takes more of the window's height than this: on a small
// window it scrolls, and some water stays free to click.
constexpr float kMaxHeightShare = 0.7f;

const ImVec4 kWarningColour(1.0f, 0.75f, 0.3f, 1.0f);

// The tooltip of the item just drawn: what it does to the water and, when it
// is disabled, why. Disabled items get it too (AllowWhenDisabled), since that
// is when a person most wants to know.
void explain(const char* what, const char* whyDisabled = nullptr) {
  if (!ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) return;
  // Full opacity: inside a disabled block the tooltip would be greyed too.
  ImGui::PushStyleVar(ImGuiStyleVar_Alpha, 1.0f);
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * kTooltipWidth);
  ImGui::TextUnformatted(what);
  if (whyDisabled) {
    ImGui::Spacing();
    ImGui::PushStyleColor(ImGuiCol_Text, kWarningColour);
    ImGui::TextUnformatted(whyDisabled);
    ImGui::PopStyleColor();
  }
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
  ImGui::PopStyleVar();
}

// The sliders span useful values; Ctrl+click types any valid one, which ImGui
// does not clamp (no AlwaysClamp: that would clamp to the slider's span), so
// it is brought into the full valid range here. A typed "nan" keeps the old.
void keepIn(float& value, float before, float low, float high) {
  value = std::isfinite(value) ? std::clamp(value, low, high) : before;
}

// A span of a slider, or of the values it may take.
template <typename T>
struct Span {
  T min, max;
};

// The values a parameter may take (parameters()); one whose range ends
// below its max (damping: below 1) ends at the float just under it.
template <typename T>
Span<T> validOf(const char* name) {
  const Parameter& p = parameterNamed(name);
  const T max = static_cast<T>(p.max);
  return {static_cast<T>(p.min), p.includesMax ? max : static_cast<T>(std::nextafter(max, static_cast<T>(p.min)))};
}

// A choice's words, as the parameters spell them, in its enum's order.
const std::vector<std::string>& wordsOf(const char* name) { return parameterNamed(name).words; }
template <typename E>
const char* wordOf(const char* name, E value) {
  return wordsOf(name).at(static_cast<size_t>(value)).c_str();
}

// The sliders' spans: the useful values, within the valid ones.
constexpr Span<float> kWaveSpeedSlider{10.0f, 1000.0f};
constexpr float kMostFade = 0.999f;  // typed: the damping stays below 1
constexpr Span<int> kStoneRadiusSlider{1, 64};
constexpr Span<float> kStoneWeightSlider{1.0f, 1024.0f};
constexpr Span<int> kBrushSizeSlider{1, 64};
constexpr Span<float> kSlowWaterSlider{0.1f, 1.0f};
constexpr Span<float> kSourcePeriodSlider{4.0f, 200.0f};
constexpr Span<float> kSourceAmplitudeSlider{1.0f, 512.0f};

void sliderFloat(const char* label, float& value, Span<float> slider, Span<float> valid, const char* format,
                 ImGuiSliderFlags flags = 0) {
  const float before = value;
  ImGui::SliderFloat(label, &value, slider.min, slider.max, format, flags);
  keepIn(value, before, valid.min, valid.max);
}

void sliderInt(const char* label, int& value, Span<int> slider, Span<int> valid, const char* format) {
  ImGui::SliderInt(label, &value, slider.min, slider.max, format);
  value = std::clamp(value, valid.min, valid.max);
}

bool classic(const WindowSettings& p) { return p.rule.mode == Mode::Classic; }

void timeButtons(const PanelStatus& s, PanelActions& actions) {
  actions.togglePause = ImGui::Button(s.paused ? "Run (Space)" : "Pause (Space)");
  explain(s.paused ? "Let the water move again." : "Hold the water still. Clicks still drop stones.");
  ImGui::SameLine();
  ImGui::BeginDisabled(!s.paused);
  actions.stepOnce = ImGui::Button("Step (N)");
  explain("Move the water on by one step.", s.paused ? nullptr : "Pause first.");
  ImGui::EndDisabled();
  ImGui::SameLine();
  actions.reset = ImGui::Button("Calm (R)");
  explain("Make the water flat and still.");
}

void wavesSection(WindowSettings& p, const PanelStatus& s) {
  // The slider's own text says when the computer cannot keep up: a note on a
  // line of its own would move every control below it.
  sliderFloat("wave speed", p.waveSpeed, kWaveSpeedSlider, validOf<float>("wave-speed"),
              fallingBehind(s) ? "%.0f px/s (slowed)" : "%.0f px/s", ImGuiSliderFlags_Logarithmic);
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
    const char* what =
        "How fast rings spread across the screen, in window pixels a second: the same on any "
        "screen, window size and grid.\nCtrl+click to type a value from 1 to 4000.";
    if (fallingBehind(s)) {
      char slowed[160];
      std::snprintf(slowed, sizeof slowed,
                    "Slowed: this computer manages %.0f of the %.0f steps a second it takes, so the waves "
                    "move slower.",
                    s.stepsPerSecondRun, s.stepsPerSecondAsked);
      explain(what, slowed);
    } else {
      explain(what);
    }
  }

  // Fade near 1 would kill every wave at once: the slider stops at 0.2.
  sliderFloat("fade", p.rule.damping, {0.0f, 0.2f}, {validOf<float>("damping").min, kMostFade}, "%.5f",
              ImGuiSliderFlags_Logarithmic);
  explain(
      "How quickly waves die out: the share of their height they lose at every step. At 0 they never "
      "fade.\nThe 1990s demos: 1/32, 0.03125.\nCtrl+click to type a value up to 0.999.");

  ImGui::BeginDisabled(classic(p));
  int round = p.rule.stencil == Stencil::Nine ? 1 : 0;
  const char* rings[] = {"classic (4-neighbour)", "round (9-point)"};
  if (ImGui::Combo("rings", &round, rings, 2)) p.rule.stencil = round == 1 ? Stencil::Nine : Stencil::Five;
  explain(
      "round (9-point): the water feels all eight neighbouring cells, so rings stay circular.\n"
      "classic (4-neighbour): only the four nearest, as in the 1990s demos; rings come out slightly "
      "square.",
      classic(p) ? "Classic mode (Advanced) always uses four neighbours." : nullptr);
  ImGui::EndDisabled();
}

void stonesSection(WindowSettings& p) {
  sliderInt("stone size", p.stoneRadius, kStoneRadiusSlider, validOf<int>("stone-radius"), "%d px");
  explain(
      "How wide the stones are that clicks and drags drop: their radius in window pixels.\n"
      "Ctrl+click to type up to 256.");
  sliderFloat("stone depth", p.rain.weight, kStoneWeightSlider, {-kMaxStoneWeight, kMaxStoneWeight}, "%.0f",
              ImGuiSliderFlags_Logarithmic);
  explain(
      "How hard stones and raindrops hit: how deep a dent they make. Deeper dents make taller waves; "
      "the 1990s demos used 32 to 128.\nCtrl+click to type from -4096 to 4096: below 0 they push the "
      "water up.");

  ImGui::BeginDisabled(classic(p));
  const char* whyShape = classic(p) ? "Classic mode (Advanced) always drops discs." : nullptr;
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("stone shape");
  ImGui::SameLine();
  int shape = static_cast<int>(p.rule.stoneShape);
  ImGui::RadioButton(wordOf("stone-shape", StoneShape::Smooth), &shape, static_cast<int>(StoneShape::Smooth));
  explain("A rounded dent: clean rings with no grain between them.", whyShape);
  ImGui::SameLine();
  ImGui::RadioButton(wordOf("stone-shape", StoneShape::Disc), &shape, static_cast<int>(StoneShape::Disc));
  explain("A flat dent with a sharp edge, as in the 1990s demos: livelier, with a fine grain.", whyShape);
  p.rule.stoneShape = static_cast<StoneShape>(shape);
  ImGui::EndDisabled();

  ImGui::Checkbox("rain", &p.rain.falling);
  explain("Raindrops fall at random places.");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(-1.0f);  // the rest of the row
  sliderFloat("##rain amount", p.rain.dropsPerStep, {0.01f, validOf<float>("rain").max}, validOf<float>("rain"),
              "%.2f drops", ImGuiSliderFlags_Logarithmic);
  explain("How much rain: raindrops at every step, on average.");
}

constexpr const char* kNoSlowWater = "Classic mode (Advanced) has no slow water: its step ignores it.";

// One tool's radio button, named as toolName() says; `why` greys it out and
// says why. Its key (1 to 5) is in the tooltip.
void toolButton(Tool tool, const PanelStatus& s, PanelActions& actions, const char* what, const char* why = nullptr) {
  ImGui::BeginDisabled(why != nullptr);
  if (ImGui::RadioButton(toolName(tool), s.tool == tool)) actions.tool = tool;
  char withKey[512];
  std::snprintf(withKey, sizeof withKey, "%s\nKey %d; T picks the next tool.", what, static_cast<int>(tool) + 1);
  explain(withKey, why);
  ImGui::EndDisabled();
}

// What a click or a drag on the water does, and the chosen tool's own
// sliders (the stones' are in their section).
void toolsSection(WindowSettings& p, const PanelStatus& s, PanelActions& actions) {
  const char* whySlow = classic(p) ? kNoSlowWater : nullptr;
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("click");
  ImGui::SameLine();
  const float column = ImGui::GetCursorPosX();
  toolButton(Tool::Stones, s, actions, "A click drops a stone, a drag a trail of them.");
  ImGui::SameLine();
  toolButton(Tool::Wall, s, actions,
             "A drag draws a wall: the waves bounce off it and bend round its ends and through its gaps.");
  ImGui::SameLine();
  toolButton(Tool::Eraser, s, actions, "A drag rubs out walls and slow water: open water again.");
  ImGui::SetCursorPosX(column);
  toolButton(Tool::SlowWater, s, actions,
             "A drag paints water where waves run slower, as in shallows: they shorten, bend at its edge "
             "and partly bounce back.",
             whySlow);
  ImGui::SameLine();
  toolButton(Tool::WorldSource, s, actions,
             "A click starts a source that bobs up and down for ever, sending out rings; a click on one stops "
             "it. Drag one while it sings: the rings ahead of it bunch up and those behind spread out (the "
             "Doppler effect).");

  // The tool's options take two rows whichever tool is chosen (none, the
  // brush, the brush and the slow water's speed, the source's period and
  // height), so that choosing a tool never moves the controls below it
  // under the mouse.
  const float optionsTop = ImGui::GetCursorPosY();
  switch (s.tool) {
    case Tool::Wall:
    case Tool::Eraser:
    case Tool::SlowWater:
      sliderInt("brush size", p.brushSize, kBrushSizeSlider, {1, kMaxBrushSize}, "%d px");
      explain(
          "How wide a line the wall, the eraser and slow water paint, in window pixels.\n"
          "Ctrl+click to type up to 256.");
      break;
    case Tool::WorldSource:
      sliderFloat("source period", p.sourcePeriod, kSourcePeriodSlider,
                  {static_cast<float>(kMinSourcePeriod), static_cast<float>(kMaxSourcePeriod)}, "%.1f steps",
                  ImGuiSliderFlags_Logarithmic);
      explain(
          "How many steps a new source takes to bob up and down once: longer periods make longer waves.\n"
          "Ctrl+click to type from 2 (the shortest wave the water carries).");
      sliderFloat("source height", p.sourceAmplitude, kSourceAmplitudeSlider,
                  {-kMaxSourceAmplitude, kMaxSourceAmplitude}, "%.0f", ImGuiSliderFlags_Logarithmic);
      explain(
          "How high a new source lifts the water: taller rings. As a stone's depth.\n"
          "Ctrl+click to type up to 4096.");
      break;
    case Tool::Stones:
      ImGui::PushTextWrapPos(0.0f);
      ImGui::TextDisabled("A click drops a stone, a drag a trail of them.");
      ImGui::PopTextWrapPos();
      break;
  }
  if (s.tool == Tool::SlowWater) {
    ImGui::BeginDisabled(whySlow != nullptr);
    sliderFloat("slow water", p.slowWaterFactor, kSlowWaterSlider, {kMinSlowWaterSpeed, 1.0f}, "%.2f of the speed");
    explain(
        "How fast waves run in the slow water the brush paints, as a share of the open water's speed: "
        "0.5 is half as fast, with waves half as long.",
        whySlow);
    ImGui::EndDisabled();
  }
  const float unused = kToolOptionRows * ImGui::GetFrameHeightWithSpacing() - (ImGui::GetCursorPosY() - optionsTop);
  if (unused > 0.0f) ImGui::Dummy(ImVec2(0.0f, unused - ImGui::GetStyle().ItemSpacing.y));
}

// The world's edges, its walls' kind and the buttons that clear it.
void tankSection(WindowSettings& p, PanelActions& actions) {
  std::vector<const char*> edges;
  for (const std::string& word : wordsOf("edges")) edges.push_back(word.c_str());
  const char* whatEdges =
      "What the water's edges do to a wave:\nfixed: it comes back upside down (the 1990s demos);\n"
      "free: it comes back upright;\nabsorbing: it runs on out, as into an open sea;\n"
      "wrap: it comes back in on the opposite side.";
  int leftRight = static_cast<int>(p.leftRightEdges), topBottom = static_cast<int>(p.topBottomEdges);
  if (ImGui::Combo("left, right", &leftRight, edges.data(), int(edges.size())))
    p.leftRightEdges = static_cast<Edge>(leftRight);
  explain(whatEdges);
  if (ImGui::Combo("top, bottom", &topBottom, edges.data(), int(edges.size())))
    p.topBottomEdges = static_cast<Edge>(topBottom);
  explain(whatEdges);

  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("walls");
  ImGui::SameLine();
  int kind = static_cast<int>(p.wallKind);
  ImGui::RadioButton(wordOf("wall-kind", WallKind::Reflecting), &kind, static_cast<int>(WallKind::Reflecting));
  explain("Waves bounce off walls upright, as off a real wall.");
  ImGui::SameLine();
  ImGui::RadioButton(wordOf("wall-kind", WallKind::Held), &kind, static_cast<int>(WallKind::Held));
  explain("Walls are held flat, as the 1990s demos' edges: waves come back upside down.");
  p.wallKind = static_cast<WallKind>(kind);

  actions.clearCells = ImGui::Button("Clear walls");
  explain("Remove every wall and all slow water: open water everywhere.");
  ImGui::SameLine();
  actions.removeSources = ImGui::Button("Stop sources");
  explain("Remove every source: the water stops being fed and settles.");
}

void lightSection(WindowSettings& p) {
  ImGui::BeginDisabled(classic(p));
  sliderFloat("light", p.look.lightStrength, validOf<float>("light"), validOf<float>("light"), "%.2f");
  explain("How bright the light's glints are where the waves mirror it towards you. 0: no light.",
          classic(p) ? "Classic mode (Advanced) has no light." : nullptr);
  const bool lit = p.look.lightStrength > 0.0f;
  const char* whyDirection = classic(p) ? "Classic mode (Advanced) has no light."
                             : lit      ? nullptr
                                        : "Turn the light up first.";
  ImGui::BeginDisabled(!lit);
  sliderFloat("light from", p.look.lightAzimuth, validOf<float>("light-azimuth"), validOf<float>("light-azimuth"),
              "%.0f deg");
  explain("Which side the light comes from: 0 the right, 90 the top, 180 the left, 270 the bottom.", whyDirection);
  sliderFloat("light height", p.look.lightElevation, validOf<float>("light-elevation"),
              validOf<float>("light-elevation"), "%.0f deg");
  explain("How high the light stands above the water: 90 straight overhead, 5 just above the horizon.", whyDirection);
  ImGui::EndDisabled();

  sliderFloat("refraction", p.look.refraction, validOf<float>("refraction"), validOf<float>("refraction"), "%.2f");
  explain(
      "How much the picture bends under the waves: how far it shifts where the water slopes. 0: it "
      "stays flat, as under still water.",
      classic(p) ? "Classic mode (Advanced) always bends by 1, as the 1990s demos did." : nullptr);
  ImGui::EndDisabled();
}

// The presets menu and the scene buttons: a scene is everything that
// defines a run (docs/scenes.md).
void scenesSection(const PanelStatus& status, PanelActions& actions) {
  const std::string current = status.sceneName.empty() ? "choose a preset..." : status.sceneName;
  if (ImGui::BeginCombo("scene", current.c_str())) {
    for (const PresetEntry& preset : presetList()) {
      if (ImGui::Selectable(preset.name.c_str(), preset.name == status.sceneName)) actions.preset = preset.name;
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", preset.description.c_str());
    }
    ImGui::EndCombo();
  }
  explain(
      "Open a built-in scene: walls, sources, stones and settings made to show one thing. Dropping a "
      "scene file on the window opens it too.");
  actions.saveScene = ImGui::Button("Save scene");
  explain(
      "Save everything that defines this run (settings, walls, slow water, sources) as a scene file in "
      "the folder ripple was started from; ripple --scene FILE opens it again.");
  ImGui::SameLine();
}

void settingsButtons(WindowSettings& p, PanelActions& actions) {
  actions.screenshot = ImGui::Button("Screenshot (S)");
  explain("Save the window as a PNG picture in the folder ripple was started from.");
  if (ImGui::Button("Seed values")) p = seedSettings(p);
  explain(
      "The 1990s demos' waves in one click: fade 1/32, their speed and pace, four neighbours, disc stones, "
      "refraction 1, no light or height shading. The mode, the stones' size and depth, the rain and the grid "
      "scale stay.");
  ImGui::SameLine();
  actions.resetSettings = ImGui::Button("Reset settings to defaults");
  explain("Every control back to how ripple first started.");
}

// The window's recording: its button and whether the panel is in it.
void recordingRow(const PanelStatus& s, PanelActions& actions) {
  char label[48];
  if (s.recording) {
    const long whole = static_cast<long>(s.recordingSeconds);
    std::snprintf(label, sizeof label, "Stop %ld:%02ld (V)###record", whole / 60, whole % 60);
  } else {
    std::snprintf(label, sizeof label, "Record (V)###record");
  }
  actions.toggleRecording = ImGui::Button(label);
  explain(s.recording ? "Stop recording and save the video."
                      : "Record what the window shows as an MP4 video (30 frames a second) in the folder ripple "
                        "was started from. V or this button again stops it and saves the file.");
  ImGui::SameLine();
  bool withPanel = s.recordPanel;
  if (ImGui::Checkbox("Record the panel", &withPanel)) actions.recordPanel = withPanel;
  explain("Off: the video shows the water alone, as if the panel were hidden. On: the panel too.");
}

void modeSection(WindowSettings& p) {
  int mode = classic(p) ? 1 : 0;
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("mode");
  ImGui::SameLine();
  ImGui::RadioButton("float", &mode, 0);
  explain("Real numbers: every control works.");
  ImGui::SameLine();
  ImGui::RadioButton("classic", &mode, 1);
  explain(
      "The original 1990s integer algorithm, bit for bit: four neighbours, its own speed, disc stones, "
      "refraction 1, no light and no shading. The controls it fixes are greyed out.");
  p.rule.mode = mode == 1 ? Mode::Classic : Mode::Float;

  // The slider ends at the fastest speed the stencil is stable at.
  const Span<float> speeds{validOf<float>("speed").min, p.rule.speedLimit()};
  ImGui::BeginDisabled(classic(p));
  sliderFloat("cells a step", p.rule.speed, speeds, speeds, "%.3f");
  explain(
      "How many grid cells a wave crosses at each step. The window runs as many steps as the wave speed "
      "needs, so rings spread as fast either way: a higher value takes fewer steps a second (less work, "
      "and less fading a second). The highest is the fastest the water stays calm at: 0.707 with classic "
      "rings, 0.866 with round ones.",
      classic(p) ? "Classic mode uses the 1990s demos' speed, 0.707." : nullptr);
  sliderFloat("shading", p.look.shading, validOf<float>("shading"), validOf<float>("shading"), "%.2f");
  explain(
      "Darkens and brightens the picture where the water slopes, as one of the 1990s demos did: 1 is "
      "its amount, 0 none.",
      classic(p) ? "Classic mode (Advanced) has no shading." : nullptr);
  sliderFloat("height shading", p.look.heightShading, validOf<float>("height-shading"),
              validOf<float>("height-shading"), "%.2f");
  explain(
      "Brightens the crests and darkens the troughs, whichever way the waves run, as a wave tank's display "
      "does: shows faint waves far from their source. 0 is none.",
      classic(p) ? "Classic mode (Advanced) has no shading." : nullptr);
  ImGui::EndDisabled();
}

void displaySection(WindowSettings& p) {
  const char* grid =
      "Simulate the water on a coarser grid than the window's pixels: broader, softer waves and "
      "much less work.";
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("grid");
  ImGui::SameLine();
  ImGui::RadioButton("full", &p.gridScale, 0);
  explain(grid);
  ImGui::SameLine();
  ImGui::RadioButton("1/2", &p.gridScale, 1);
  explain(grid);
  ImGui::SameLine();
  ImGui::RadioButton("1/4", &p.gridScale, 2);
  explain(grid);
  ImGui::Checkbox("vsync", &p.vsync);
  explain(
      "Draw in step with the screen's refresh: smooth, and no frames the screen cannot show. Off: as many "
      "frames as the computer can draw.");
}

void verifySection(WindowSettings& p, const PanelStatus& s, PanelActions& actions) {
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
  ImGui::InputInt("steps", &p.verifySteps, 10, 100);
  p.verifySteps = std::clamp(p.verifySteps, 1, kMaxVerifySteps);
  explain("How many steps the check runs.");
  ImGui::SameLine();
  actions.verify = ImGui::Button("Verify against CPU");
  explain(
      "Checks the graphics card's water against the processor's: runs these steps on both from the water "
      "as it is now, and compares every cell.");
  if (!s.verify) return;
  const Verification& v = *s.verify;
  const ImVec4 colour = v.passed ? ImVec4(0.3f, 0.9f, 0.3f, 1) : ImVec4(1.0f, 0.35f, 0.3f, 1);
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextColored(colour, "%s  %s, %d steps on %dx%d", v.passed ? "PASS" : "FAIL", wordOf("mode", p.rule.mode),
                     v.steps, s.gridWidth, s.gridHeight);
  ImGui::Text("largest difference %g (tolerance %g)", v.largestDifference, v.tolerance);
  ImGui::Text("%ld cells differ; CPU took %.2f s", v.differingCells, v.cpuSeconds);
  if (v.testStoneDropped) {
    ImGui::TextUnformatted(
        "The water was calm, where any two rules agree: a test stone was dropped in the middle "
        "first, so that there were waves to compare.");
  }
  ImGui::PopTextWrapPos();
}

void figuresSection(const PanelStatus& s) {
  ImGui::PushTextWrapPos(0.0f);  // long lines wrap at the panel's edge
  ImGui::Text("%.0f fps, %lld steps", s.framesPerSecond, s.steps);
  if (s.stepsPerSecondAsked > 0.0) {
    if (fallingBehind(s)) {
      ImGui::TextColored(kWarningColour, "steps/s: %.0f (asked %.0f: the frame cannot keep up)", s.stepsPerSecondRun,
                         s.stepsPerSecondAsked);
    } else {
      ImGui::Text("steps/s: %.0f (asked %.0f)", s.stepsPerSecondRun, s.stepsPerSecondAsked);
    }
  }
  ImGui::Text("grid %dx%d, frame %dx%d", s.gridWidth, s.gridHeight, s.frameWidth, s.frameHeight);
  if (s.gpuMillisecondsPerStep >= 0.0) {
    ImGui::Text("GPU %.3f ms/step (%s)", s.gpuMillisecondsPerStep, s.stepPath);
  } else {
    ImGui::Text("GPU time: no timer result (%s)", s.stepPath);
  }
  ImGui::TextDisabled("%s", s.renderer.c_str());
  ImGui::PopTextWrapPos();
}

void advancedSection(WindowSettings& p, const PanelStatus& s, PanelActions& actions) {
  modeSection(p);
  displaySection(p);
  ImGui::Separator();
  verifySection(p, s, actions);
  ImGui::Separator();
  figuresSection(s);
}

// What the panel keeps from one frame to the next, for the ImGui context it
// is drawn in (a new context starts afresh).
struct PanelMemory {
  ImGuiContext* context = nullptr;
  float scale = 1.0f;         // the scale the style and font were set for
  bool placed = false;        // drawn at least once
  ImVec2 position{}, size{};  // where it was drawn last frame
  std::string message;        // the status message shown last frame
};
PanelMemory& memory() {
  static PanelMemory m;
  if (m.context != ImGui::GetCurrentContext()) {
    m = PanelMemory{};
    m.context = ImGui::GetCurrentContext();
  }
  return m;
}

// The panel's text and spacing follow the monitor's content scale. Where the
// system already scales the window (macOS, Wayland: window coordinates are
// points and the framebuffer has more pixels), ImGui's coordinates are those
// points and only what the framebuffer does not do is left to do here.
void applyScale(float contentScale) {
  const ImGuiIO& io = ImGui::GetIO();
  const float byFramebuffer = io.DisplayFramebufferScale.x > 0.0f ? io.DisplayFramebufferScale.x : 1.0f;
  const float scale = std::clamp(contentScale / byFramebuffer, 0.5f, 4.0f);
  if (scale == memory().scale) return;
  // ScaleAllSizes multiplies: start from the unscaled style each time.
  ImGuiStyle style;
  ImGui::StyleColorsDark(&style);
  style.ScaleAllSizes(scale);
  ImGui::GetStyle() = style;
  ImGui::GetIO().FontGlobalScale = scale;
  // The font size of this frame was fixed at NewFrame: push the font again so
  // that this frame is drawn at the new size too.
  ImGui::PushFont(nullptr);
  ImGui::PopFont();
  memory().scale = scale;
}

// Sets the panel's width, height limit and, when needed, its place: moved
// back inside the window if the window shrank (or it was dragged out).
void placePanel() {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const float font = ImGui::GetFontSize();
  const float width = std::floor(font * kPanelWidth);
  ImGui::SetNextWindowSizeConstraints(ImVec2(width, 0.0f),
                                      ImVec2(width, std::max(font * 2.0f, display.y * kMaxHeightShare)));
  const PanelMemory& last = memory();
  if (!last.placed) {
    ImGui::SetNextWindowPos(ImVec2(font * 0.75f, font * 0.75f), ImGuiCond_FirstUseEver);
    return;
  }
  const ImVec2 inside(std::clamp(last.position.x, 0.0f, std::max(0.0f, display.x - last.size.x)),
                      std::clamp(last.position.y, 0.0f, std::max(0.0f, display.y - last.size.y)));
  if (inside.x != last.position.x || inside.y != last.position.y) ImGui::SetNextWindowPos(inside, ImGuiCond_Always);
}

}  // namespace

bool fallingBehind(const PanelStatus& s) {
  return !s.paused && s.stepsPerSecondAsked > 0.0 && s.stepsPerSecondRun > 0.0 &&
         s.stepsPerSecondRun < 0.95 * s.stepsPerSecondAsked;
}

PanelActions drawPanel(WindowSettings& params, const PanelStatus& status) {
  PanelActions actions;
  applyScale(status.contentScale);
  placePanel();
  // Auto-resize: the height follows what is shown (Advanced open or shut),
  // within the constraints placePanel set; past them it scrolls.
  const bool open = ImGui::Begin("ripple  (H hides)", nullptr, ImGuiWindowFlags_AlwaysAutoResize);
  const ImVec2 position = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
  memory().placed = true;
  memory().position = position;
  memory().size = size;
  actions.area = {position.x, position.y, position.x + size.x, position.y + size.y};
  if (!open) {  // collapsed to its title bar
    ImGui::End();
    return actions;
  }
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextDisabled("Click or drag on the water. Keys 1 to 5 or T: the tool.");
  if (classic(params)) ImGui::TextDisabled("Classic mode fixes the greyed controls.");
  ImGui::PopTextWrapPos();
  timeButtons(status, actions);
  ImGui::Separator();

  ImGui::PushItemWidth(-ImGui::GetFontSize() * kLabelWidth);
  toolsSection(params, status, actions);
  ImGui::Separator();
  wavesSection(params, status);
  ImGui::Separator();
  stonesSection(params);
  ImGui::Separator();
  lightSection(params);
  ImGui::PopItemWidth();

  ImGui::Separator();
  ImGui::PushItemWidth(-ImGui::GetFontSize() * kLabelWidth);
  scenesSection(status, actions);
  ImGui::PopItemWidth();
  settingsButtons(params, actions);
  recordingRow(status, actions);
  if (!status.message.empty()) {
    ImGui::PushTextWrapPos(0.0f);  // a long path wraps at the panel's edge
    ImGui::TextUnformatted(status.message.c_str());
    ImGui::PopTextWrapPos();
    // A new message (a refused scene, where a file went) may lie below the
    // scrolled panel's edge: bring it into view once, when it appears.
    if (status.message != memory().message) ImGui::SetScrollHereY(1.0f);
  }
  memory().message = status.message;

  if (ImGui::CollapsingHeader("Wave tank: edges and walls")) {
    ImGui::PushItemWidth(-ImGui::GetFontSize() * kLabelWidth);
    tankSection(params, actions);
    ImGui::PopItemWidth();
  }
  if (ImGui::CollapsingHeader("Advanced")) {
    ImGui::PushItemWidth(-ImGui::GetFontSize() * kLabelWidth);
    advancedSection(params, status, actions);
    ImGui::PopItemWidth();
  }
  // Never faster than the stencil is stable at: a switch to four neighbours
  // brings a faster speed down to theirs, whether Advanced is open or not.
  params.rule.speed = std::min(params.rule.speed, params.rule.speedLimit());
  ImGui::End();
  return actions;
}

}  // namespace ripple
