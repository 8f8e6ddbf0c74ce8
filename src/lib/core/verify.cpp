#include "core/verify.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <thread>

#include "core/calm.hpp"
#include "core/choices.hpp"
#include "core/cpu_reference.hpp"
#include "core/scenario_driver.hpp"

namespace ripple {

float toleranceFor(Mode mode, float scale) { return mode == Mode::Classic ? 0.0f : 1e-4f * std::max(1.0f, scale); }

Comparison compareHeights(const HeightField& a, const HeightField& b, Mode mode, float scale) {
  Comparison c;
  c.tolerance = toleranceFor(mode, scale);
  if (a.width != b.width || a.height != b.height) {
    c.differingCells = static_cast<long>(std::max(a.cells.size(), b.cells.size()));
    c.largestDifference = INFINITY;
    return c;
  }
  for (size_t i = 0; i < a.cells.size(); ++i) {
    if (a.cells[i] == b.cells[i]) continue;
    ++c.differingCells;
    const float d = std::abs(a.cells[i] - b.cells[i]);
    // A NaN compares false with everything: count it as infinitely far.
    c.largestDifference = std::max(c.largestDifference, std::isnan(d) ? INFINITY : d);
  }
  c.passed = mode == Mode::Classic ? c.differingCells == 0 : c.largestDifference <= c.tolerance;
  return c;
}

FrameComparison compareFrames(const Picture& a, const Picture& b, Mode mode) {
  requireChoice("compareFrames: mode", mode);
  requireWholePicture(a, "compareFrames");
  requireWholePicture(b, "compareFrames");
  FrameComparison c;
  if (a.width != b.width || a.height != b.height) {
    c.differingPixels = c.pixelsOver2Levels = std::max(long(a.width) * a.height, long(b.width) * b.height);
    c.largestChannelDifference = 255;
    return c;
  }
  for (size_t i = 0; i < a.rgba.size(); i += 4) {
    int largest = 0;
    for (size_t k = 0; k < 4; ++k) largest = std::max(largest, std::abs(int(a.rgba[i + k]) - int(b.rgba[i + k])));
    c.differingPixels += largest > 0;
    c.pixelsOver2Levels += largest > 2;
    c.largestChannelDifference = std::max(c.largestChannelDifference, largest);
  }
  const long pixels = long(a.width) * a.height;
  c.passed = mode == Mode::Classic ? c.differingPixels == 0 : c.pixelsOver2Levels * 100 <= pixels;
  return c;
}

float largestHeight(const HeightField& h) {
  float m = 0.0f;
  for (float v : h.cells) m = std::max(m, std::abs(v));
  return m;
}

VerifyReport verifyAgainstCpu(WaterSimulation& water, const WaterRule& rule, int steps, float stoneWeight) {
  VerifyReport report;
  report.mode = rule.mode;
  report.steps = steps;
  // Both on the rule's world: the same grid (absorbing layers included) and
  // the same cells held at 0.
  water.prepareWorld(rule);
  const GridLayout layout = water.layout();
  report.gridWidth = layout.visibleWidth;
  report.gridHeight = layout.visibleHeight;
  CpuReference cpu(layout.visibleWidth, layout.visibleHeight);
  cpu.setThreadCount(static_cast<int>(std::max(1u, std::thread::hardware_concurrency())));
  cpu.prepareWorld(rule);
  cpu.setState(water.readState());
  const float weight = std::max(1.0f, std::abs(stoneWeight));
  if (isCalm(cpu.state())) {
    const int radius = std::max(2, std::min(water.width(), water.height()) / 16);
    const std::vector<Stone> testStone{{water.width() / 2, water.height() / 2, radius, weight}};
    water.dropStones(testStone);
    cpu.dropStones(testStone);
    report.testStoneDropped = true;
  }
  const float scale = std::max(largestHeight(cpu.state().cur), weight);

  // Each side run apart, so that the CPU's time is its own.
  ScenarioDriver cpuRun, waterRun;
  const auto start = std::chrono::steady_clock::now();
  cpuRun.advance({&cpu}, steps, rule, RainSettings{});
  report.cpuSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  waterRun.advance({&water}, steps, rule, RainSettings{});
  report.comparison = compareHeights(water.readCurrent(), cpu.state().cur, rule.mode, scale);
  return report;
}

}  // namespace ripple
