// ripple::Water (include/ripple/water.hpp) over the library's internals: the
// GPU's water (GpuRipple) or the CPU reference, driven by the one scenario
// driver that the program's runs use, with the command line's parameters.
#include "ripple/water.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "api/gl_loader.hpp"
#include "api/height_reads.hpp"
#include "api/scene_values.hpp"
#include "api/water_state.hpp"
#include "core/cpu_reference.hpp"
#include "core/error.hpp"
#include "core/mode_switch.hpp"
#include "core/params.hpp"
#include "core/scenario_driver.hpp"
#include "core/verify.hpp"
#include "core/visible_change.hpp"
#include "core/water_rule.hpp"
#include "core/water_world.hpp"
#include "gl/draw_framebuffer.hpp"
#include "gl/gl_info.hpp"
#include "gl/shader_source.hpp"
#include "gl/state_guard.hpp"
#include "render/refraction.hpp"
#include "sim/gpu_ripple.hpp"
#include "sim/height_texture.hpp"

namespace ripple {
namespace {

void requireGridSize(int width, int height) {
  if (!limits::gridSide.contains(width) || !limits::gridSide.contains(height)) {
    throw Error("grid: " + std::to_string(width) + "x" + std::to_string(height) + " must have each side " +
                rangeText(limits::gridSide));
  }
}

// Throws unless `cells` are w x h heights the step takes: "setHeights: 10
// heights for a grid of ...", "setHeights: the height at (5, 2): ...".
void requireHeights(const std::vector<float>& cells, const std::string& what, int w, int h) {
  const size_t count = static_cast<size_t>(w) * h;
  if (cells.size() != count) {
    throw Error("setHeights: " + std::to_string(cells.size()) + " " + what + "s for a grid of " + std::to_string(w) +
                "x" + std::to_string(h) + ", which has " + std::to_string(count) + " cells");
  }
  for (size_t i = 0; i < count; ++i) {
    if (std::isfinite(cells[i]) && limits::height.contains(cells[i])) continue;
    const std::string at = "(" + std::to_string(i % w) + ", " + std::to_string(i / w) + ")";
    requireIn(("setHeights: the " + what + " at " + at).c_str(), cells[i], limits::height);
  }
}

// `cells`, the visible grid's row-major, into a field of layout `l`.
void placeVisible(const std::vector<float>& cells, HeightField& field, const GridLayout& l) {
  for (int y = 0; y < l.visibleHeight; ++y) {
    const float* row = &cells[static_cast<size_t>(y) * l.visibleWidth];
    std::copy(row, row + l.visibleWidth, &field.at(l.left, y + l.top));
  }
}

}  // namespace

TexelReads api::texelReadsFor(Water::GpuOptions::HeightReads asked) {
  using HeightReads = Water::GpuOptions::HeightReads;
  switch (asked) {
    case HeightReads::Auto:
      return defaultTexelReads();
    case HeightReads::Sampler:
      return TexelReads::Sampler;
    case HeightReads::TexelFetch:
      return TexelReads::TexelFetch;
    case HeightReads::ImageLoad:
      break;
  }
  if (!imageLoadsAvailable()) {
    throw Error(
        "height reads: image loads need ARB_shader_image_load_store and ARB_gpu_shader5, which this driver "
        "lacks; ask for the sampler or texelFetch");
  }
  return TexelReads::ImageLoad;
}

Water::GpuOptions::HeightReads api::heightReadsOf(TexelReads reads) {
  using HeightReads = Water::GpuOptions::HeightReads;
  return reads == TexelReads::ImageLoad ? HeightReads::ImageLoad
         : reads == TexelReads::Sampler ? HeightReads::Sampler
                                        : HeightReads::TexelFetch;
}

bool computeStepAvailable() {
  api::loadGlOfCurrentContext();
  return GpuRipple::computeAvailable();
}

std::string gpuContextDescription() {
  api::loadGlOfCurrentContext();
  return gl::currentRendererDescription();
}

Water::Water(int width, int height, Backend backend) : Water(width, height, backend, GpuOptions{}) {}

Water::Water(int width, int height, Backend backend, const GpuOptions& options) : state_(std::make_unique<State>()) {
  requireGridSize(width, height);
  requireEnumValue("backend", backend, 2, "Gpu or Cpu");
  requireEnumValue("step path", options.stepPath, 3, "Auto, Fragment or Compute");
  requireEnumValue("height reads", options.heightReads, 4, "Auto, ImageLoad, Sampler or TexelFetch");
  state_->backend = backend;
  putRain(Rain{}, state_->params);  // the values start as their defaults: Rule{}, Look{}, Rain{}
  if (backend == Backend::Cpu) {
    state_->cpu = std::make_unique<CpuReference>(width, height);
    state_->cpu->setThreadCount(static_cast<int>(std::max(1u, std::thread::hardware_concurrency())));
    return;
  }
  api::loadGlOfCurrentContext();
  state_->context = api::currentContext();
  gl::StateGuard keep;
  state_->shaders = std::make_unique<gl::ShaderSource>(options.shaderFolder);
  state_->shadersSeen = state_->shaders->newestChange();
  state_->reads = api::texelReadsFor(options.heightReads);
  state_->gpu = std::make_unique<GpuRipple>(width, height, *state_->shaders, state_->reads);
  if (options.stepPath == GpuOptions::StepPath::Compute && !GpuRipple::computeAvailable()) {
    throw Error(std::string("compute step: ") + kNoComputeShaders);
  }
  if (options.stepPath != GpuOptions::StepPath::Auto) {
    state_->gpu->setStepPath(options.stepPath == GpuOptions::StepPath::Compute ? StepPath::Compute
                                                                               : StepPath::Fragment);
  }
}

Water::~Water() {
  if (!state_ || !state_->gpu) return;
  if (api::currentContext() != state_->context) {
    // Its context is gone or not current: its objects are that context's
    // (deleting their names here would delete another's), so they are left.
    const gl::KeepObjects leave;
    state_.reset();
    return;
  }
  gl::StateGuard keep;  // deleting a bound object changes the bindings
  state_.reset();
}

Water::State& usableState(const std::unique_ptr<Water::State>& state, const char* call) {
  if (!state) throw Error(std::string(call) + ": this Water was moved from; assign another Water to it first");
  if (state->gpu) {
    const api::ContextName current = api::currentContext();
    if (current != state->context) {
      throw Error(std::string(call) + ": " +
                  (current.none() ? "no OpenGL context is current" : "another OpenGL context is current") +
                  "; make the context this Water was made on current on this thread first");
    }
  }
  return *state;
}

Water::Water(Water&& other) noexcept = default;
Water& Water::operator=(Water&& other) noexcept {
  if (this != &other) {
    Water old(std::move(*this));  // freed as the destructor frees, the state kept
    state_ = std::move(other.state_);
  }
  return *this;
}

int Water::width() const {
  usableState(state_, "width");
  return state_->water().layout().visibleWidth;
}
int Water::height() const {
  usableState(state_, "height");
  return state_->water().layout().visibleHeight;
}
Backend Water::backend() const {
  usableState(state_, "backend");
  return state_->backend;
}

Water::GpuOptions Water::gpuOptions() const {
  usableState(state_, "gpuOptions");
  GpuOptions options;
  if (!state_->gpu) return options;
  options.stepPath =
      state_->gpu->stepPath() == StepPath::Compute ? GpuOptions::StepPath::Compute : GpuOptions::StepPath::Fragment;
  options.heightReads = api::heightReadsOf(state_->reads);
  options.shaderFolder = state_->shaders->folder();
  return options;
}

std::string Water::description() const {
  usableState(state_, "description");
  if (!state_->gpu) return "cpu";
  const char* path = state_->gpu->stepPath() == StepPath::Compute ? "compute" : "fragment pass";
  const KeepGlStateIfGpu keep(*state_);
  return std::string("gpu (") + path + " on " + gl::currentRendererDescription() + ")";
}

void Water::setRule(const Rule& rule) {
  State& s = usableState(state_, "setRule");
  requireRule(rule);
  // Classic mode's rule floors: fractional heights would shimmer for ever,
  // so the water is rounded to whole heights, as the window does.
  if (rule.mode == Mode::Classic && s.params.mode == Mode::Float) {
    const KeepGlStateIfGpu keep(s);
    WaterState state = s.water().readState();
    roundToWholeHeights(state);
    s.water().writeState(state);
  }
  putRule(rule, s.params);
}
Rule Water::rule() const { return ruleOf(usableState(state_, "rule").params); }

void Water::setRain(const Rain& rain) {
  State& s = usableState(state_, "setRain");
  requireRain(rain);
  putRain(rain, s.params);
  s.rainSeed = rain.seed;
  s.driver.reseedRain(rain.seed);
}
Rain Water::rain() const {
  const State& s = usableState(state_, "rain");
  return rainOf(s.params, s.rainSeed);
}

void Water::setLook(const Look& look) {
  State& s = usableState(state_, "setLook");
  requireLook(look);
  putLook(look, s.params);
}
Look Water::look() const { return lookOf(usableState(state_, "look").params); }

void Water::drop(int x, int y, int radius, float weight) {
  usableState(state_, "drop");
  drop({{x, y, radius, weight}});
}

void Water::drop(const std::vector<Drop>& stones) {
  usableState(state_, "drop");
  for (const Drop& d : stones) {
    requireIn("stone radius", d.radius, limits::stoneRadius);
    requireIn("stone weight", d.weight, limits::stoneWeight);
  }
  const KeepGlStateIfGpu keep(*state_);
  WaterSimulation& water = state_->water();
  state_->takeUpWorld();
  const GridLayout l = water.layout();  // stones are given in the visible grid's cells
  std::vector<Stone> placed;
  for (const Drop& d : stones) {
    // A stone wholly off the grid (its layers included) touches no cell:
    // left out, so that no position however far reaches the arithmetic.
    const long long x = 1LL * d.x + l.left, y = 1LL * d.y + l.top;
    if (x + d.radius <= 0 || y + d.radius <= 0 || x - d.radius >= l.width() || y - d.radius >= l.height()) continue;
    placed.push_back({int(x), int(y), d.radius, d.weight, ripple::stoneShape(state_->params)});
  }
  water.dropStones(placed);
}

std::vector<Drop> trailStones(int x0, int y0, int x1, int y1, int radius, float weight) {
  const double dx = double(x1) - x0, dy = double(y1) - y0;  // in doubles: ends a whole int range apart
  const double spacing = std::max(1.0, radius / 2.0);
  const double stonesNeeded = std::ceil(std::hypot(dx, dy) / spacing);
  if (stonesNeeded > kMaxTrailStones) {
    throw Error("trailStones: the trail from (" + std::to_string(x0) + ", " + std::to_string(y0) + ") to (" +
                std::to_string(x1) + ", " + std::to_string(y1) + ") would take " +
                std::to_string(static_cast<long long>(stonesNeeded)) + " stones; at most " +
                std::to_string(kMaxTrailStones) + " are made: cut it to the grid first, as Water::dropAlong() does");
  }
  const int count = static_cast<int>(stonesNeeded);
  std::vector<Drop> stones;
  stones.reserve(count);
  for (int i = 1; i <= count; ++i) {
    const double t = static_cast<double>(i) / count;
    stones.push_back(
        {static_cast<int>(std::lround(x0 + dx * t)), static_cast<int>(std::lround(y0 + dy * t)), radius, weight});
  }
  return stones;
}

void Water::dropAlong(int x0, int y0, int x1, int y1, int radius, float weight) {
  usableState(state_, "dropAlong");
  // Cut as a wall is, widened by the radius: a stone centred within it of
  // the grid reaches a cell.
  const int reach = std::clamp(radius, 1, kMaxStoneRadius);
  const auto line = wallWithinReach({x0, y0, x1, y1, reach}, width(), height());
  drop(line ? trailStones(line->x0, line->y0, line->x1, line->y1, radius, weight)
            : std::vector<Drop>{{x1, y1, radius, weight}});
}

void Water::step(int steps) {
  usableState(state_, "step");
  requireIn("steps", steps, limits::steps);
  const KeepGlStateIfGpu keep(*state_);
  state_->driver.advance({&state_->water()}, steps, state_->rule(), rainSettings(state_->params));
}

void Water::dropDue() {
  usableState(state_, "dropDue");
  const KeepGlStateIfGpu keep(*state_);
  state_->driver.dropStonesDue({&state_->water()}, rainSettings(state_->params), state_->rule());
}

long long Water::stepsDone() const {
  usableState(state_, "stepsDone");
  return state_->driver.stepsDone();
}

bool Water::disturbedByItself() const {
  usableState(state_, "disturbedByItself");
  const State& s = *state_;
  if (s.params.rain && s.params.rainRate > 0.0f) return true;
  if (s.driver.scriptedStonesPending()) return true;
  const long long now = s.driver.stepsDone();
  if (s.world)
    for (const WorldSource& source : s.world->sources)
      if (!source.end || *source.end > now) return true;
  return false;
}

bool Water::restsUnseen(const PictureContrast& contrast, int frameWidth, int frameHeight) const {
  usableState(state_, "restsUnseen");
  if (frameWidth < 1 || frameHeight < 1) {
    throw Error("restsUnseen: the frame " + std::to_string(frameWidth) + "x" + std::to_string(frameHeight) +
                " is empty");
  }
  const KeepGlStateIfGpu keep(*state_);
  state_->takeUpWorld();
  const auto [w, h] = state_->grid();
  const FrameLook look{refractionSettings(state_->params), contrast, float(frameWidth) / float(w),
                       float(frameHeight) / float(h)};
  return ripple::restsUnseen(state_->water().readState(), look);
}

void Water::reset() {
  usableState(state_, "reset");
  const KeepGlStateIfGpu keep(*state_);
  state_->water().reset();
}

void Water::resize(int width, int height) {
  usableState(state_, "resize");
  requireGridSize(width, height);
  state_->requireGridFits(width, height);
  if (state_->cpu) {
    // The visible cells, resampled: absorbing layers come back with the world.
    const WaterState before = state_->cpu->readState();
    const GridLayout layout = state_->cpu->layout();
    WaterState after;
    after.cur = resampleField(visibleHeights(before.cur, layout), width, height);
    after.prev = resampleField(visibleHeights(before.prev, layout), width, height);
    state_->cpu = std::make_unique<CpuReference>(width, height);
    state_->cpu->setState(std::move(after));
  } else {
    gl::StateGuard keep;
    state_->gpu->resize(width, height);
  }
  state_->rebuildWorld();  // the tank, resampled from the grid it was made on
  state_->driver.setScriptedStones(state_->sceneStonesOnGrid());
}

std::vector<float> Water::heights() const {
  usableState(state_, "heights");
  const KeepGlStateIfGpu keep(*state_);
  state_->takeUpWorld();
  const WaterSimulation& water = state_->water();
  return visibleHeights(water.readCurrent(), water.layout()).cells;
}

std::vector<float> Water::previousHeights() const {
  usableState(state_, "previousHeights");
  const KeepGlStateIfGpu keep(*state_);
  state_->takeUpWorld();
  const WaterSimulation& water = state_->water();
  return visibleHeights(water.readState().prev, water.layout()).cells;
}

void Water::setHeights(const std::vector<float>& heights, const std::vector<float>& previous) {
  usableState(state_, "setHeights");
  const auto [w, h] = state_->grid();
  requireHeights(heights, "height", w, h);
  if (!previous.empty()) requireHeights(previous, "previous height", w, h);
  const KeepGlStateIfGpu keep(*state_);
  WaterSimulation& water = state_->water();
  state_->takeUpWorld();
  const GridLayout l = water.layout();
  WaterState state(l.width(), l.height());  // absorbing layers still
  placeVisible(heights, state.cur, l);
  placeVisible(previous.empty() ? heights : previous, state.prev, l);
  if (state_->params.mode == Mode::Classic) roundToWholeHeights(state);
  water.writeState(state);
}

void Water::render(unsigned int picture, int x, int y, int width, int height) {
  usableState(state_, "render");
  if (!state_->gpu) throw Error("render: a Water on the CPU backend does not draw; make it with Backend::Gpu");
  if (width < 1 || height < 1) {
    throw Error("render: the rectangle " + std::to_string(width) + "x" + std::to_string(height) + " is empty");
  }
  gl::StateGuard keep;
  gl::require2dTexture(picture, "render");
  gl::requireDrawTarget(x, y, width, height, "render");
  const gl::KeptDrawFramebuffer target;
  if (!state_->refraction) state_->refraction = std::make_unique<Refraction>(*state_->shaders, state_->reads);
  const RefractionSettings settings = refractionSettings(state_->params);
  state_->refraction->requireSlopesFit(state_->gpu->current().layout, width, height, settings.mode);
  state_->takeUpWorld();  // a new world may make new fields, binding their framebuffers
  target.bindAgain();
  state_->refraction->draw(state_->gpu->current(), settings, {picture, {x, y, width, height}, true});
}

Picture Water::frame(const Picture& picture) {
  usableState(state_, "frame");
  requireWholePicture(picture, "frame");
  const RefractionSettings settings = refractionSettings(state_->params);
  Picture drawn;
  if (state_->cpu) {
    state_->takeUpWorld();
    const GridLayout layout = state_->cpu->layout();
    drawn = renderRefraction(state_->cpu->state().cur, picture, settings, &layout, state_->cpu->tankLook());
  } else {
    gl::StateGuard keep;
    if (!state_->refraction) state_->refraction = std::make_unique<Refraction>(*state_->shaders, state_->reads);
    state_->refraction->requireSlopesFit(state_->gpu->current().layout, picture.width, picture.height, settings.mode);
    state_->refraction->setPicture(picture);  // the refusals first: a new tank is taken up by the draw alone
    state_->takeUpWorld();
    drawn = state_->refraction->render(state_->gpu->current(), settings);
  }
  return drawn;
}

HeightTexture Water::heightTexture() const {
  usableState(state_, "heightTexture");
  if (!state_->gpu) throw Error("heightTexture: a Water on the CPU backend has no texture; make it with Backend::Gpu");
  const GpuHeights current = state_->gpu->current();
  return {current.texture, kHeightMargin.x + current.layout.left / 4, kHeightMargin.y + current.layout.top};
}

Verification Water::verify(int steps) {
  usableState(state_, "verify");
  requireIn("verify steps", steps, limits::verifySteps);
  if (!state_->gpu) throw Error("verify: a Water on the CPU backend is the reference itself; verify one on the GPU");
  gl::StateGuard keep;
  const VerifyReport report = verifyAgainstCpu(*state_->gpu, state_->rule(), steps, state_->params.stoneWeight);
  const Comparison& c = report.comparison;
  return {
      c.passed, steps, c.largestDifference, c.tolerance, c.differingCells, report.cpuSeconds, report.testStoneDropped};
}

bool Water::reloadEditedShaders() {
  usableState(state_, "reloadEditedShaders");
  if (!state_->shaders || state_->shaders->folder().empty()) return false;
  const auto newest = state_->shaders->newestChange();
  if (newest == state_->shadersSeen) return false;
  state_->shadersSeen = newest;  // a failed edit is tried again at the next change, not at every call
  gl::StateGuard keep;
  state_->gpu->reloadShaders(*state_->shaders);
  if (state_->refraction) state_->refraction->reloadShaders(*state_->shaders);
  return true;
}

}  // namespace ripple
