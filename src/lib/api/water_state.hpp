#pragma once
// What a ripple::Water holds (include/ripple/water.hpp): its water on the GPU
// or the CPU, the parameters (the command line's Params, its defaults), the
// scenario driver that rains and sings before each step, and the wave tank,
// kept as the options it was made from so that it is built as the command
// line builds its own (scene/world_options.hpp). water.cpp, tank.cpp and
// scenes.cpp implement Water's calls on it.
#include <cmath>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "api/gl_loader.hpp"
#include "core/choices.hpp"
#include "core/cpu_reference.hpp"
#include "core/error.hpp"
#include "core/params.hpp"
#include "core/scenario_driver.hpp"
#include "core/water_rule.hpp"
#include "gl/shader_source.hpp"
#include "gl/state_guard.hpp"
#include "render/refraction.hpp"
#include "ripple/water.hpp"
#include "scene/world_options.hpp"
#include "sim/gpu_ripple.hpp"

namespace ripple {

struct Water::State {
  Backend backend = Backend::Gpu;
  api::ContextName context;  // the GPU's: the context it was made on
  Params params;             // the command line's defaults
  ScenarioDriver driver;
  std::unique_ptr<gl::ShaderSource> shaders;    // the GPU's only
  TexelReads reads = TexelReads::TexelFetch;    // GpuOptions::heightReads, Auto resolved
  std::filesystem::file_time_type shadersSeen;  // the newest edit of GpuOptions::shaderFolder read
  std::unique_ptr<GpuRipple> gpu;
  std::unique_ptr<CpuReference> cpu;
  std::unique_ptr<Refraction> refraction;  // made on the first render()

  // The tank, in cells of a grid of tankGrid's size (the grid's when it was
  // last edited or loaded: a resize resamples what it builds, so that many
  // resizes do not wear it down), and the world it builds on the grid now.
  WorldOptions tank;
  std::vector<CellSpeed> cellSpeeds;  // a Tank's and paint()'s, of tankGrid; empty: none
  std::pair<int, int> tankGrid{0, 0};
  std::shared_ptr<const WaterWorld> world;  // none: the seeds' pool
  // The scene loaded last: its description, picture, frame, run and window
  // values (its rule, tank and stones live in the parameters, the tank, the
  // driver and sceneStones; none loaded: a frame of 0 x 0).
  Scene scene;
  // Its stones in its frame's pixels, kept so that a resize brings them to
  // the new grid from where they were given, as the tank is.
  std::vector<TimedStone> sceneStones;
  unsigned rainSeed = 1;

  WaterSimulation& water() const {
    if (gpu) return *gpu;
    return *cpu;
  }
  std::pair<int, int> grid() const {
    const GridLayout l = water().layout();
    return {l.visibleWidth, l.visibleHeight};
  }
  WaterRule rule() const {
    WaterRule r = waterRule(params);
    r.world = world;
    return r;
  }
  // The world from the tank, on the grid now.
  void rebuildWorld();
  // The world taken up by the water (its walls' cells stilled, its layers
  // laid), as the next step would, so that what is read of the water is
  // what that step starts from. Cheap when it has been already.
  void takeUpWorld() const { water().prepareWorld(rule()); }
  // The tank's positions brought to the grid now, before an edit given in its cells.
  void rebaseTank();
  // The cells as they are now (walls and slow water of every kind) made the
  // cell speeds, which painting then edits.
  void bakeCells();
  // The tank with its positions in pixels of a frame of `frame`'s size,
  // painted cells as its cellSpeeds.
  Tank tankOn(std::pair<int, int> frame) const;
  // The tank set whole, its positions pixels of a frame of `frame`'s size;
  // throws ripple::Error on a part out of range (run it in editTank).
  void putTankOn(const Tank& tank, std::pair<int, int> frame);
  // The scene's stones on the grid now (scenes.cpp).
  std::vector<TimedStone> sceneStonesOnGrid() const;
  // Throws ripple::Error when there is no source `index`.
  void requireSource(std::size_t index) const;
  // Throws ripple::Error when the GPU's textures cannot hold a grid of w x h
  // visible cells with the edges of the parameters (absorbing ones add layers),
  // or with those given.
  void requireGridFits(int w, int h) const { requireGridFits(w, h, params.leftRightEdges, params.topBottomEdges); }
  void requireGridFits(int w, int h, Edge leftRight, Edge topBottom) const;
  // Runs `edit` on the parameters and the tank; where it throws (a picture
  // of a scene's that is not there, a grid that no longer fits the GPU),
  // they and the world are put back as they were and the error thrown: the
  // next step never meets it.
  template <typename Edit>
  void editTank(Edit edit);
};

template <typename Edit>
void Water::State::editTank(Edit edit) {
  const Params paramsBefore = params;
  const WorldOptions tankBefore = tank;
  const std::vector<CellSpeed> cellSpeedsBefore = cellSpeeds;
  const std::pair<int, int> tankGridBefore = tankGrid;
  const std::shared_ptr<const WaterWorld> worldBefore = world;
  try {
    edit();
  } catch (const Error&) {
    params = paramsBefore;
    tank = tankBefore;
    cellSpeeds = cellSpeedsBefore;
    tankGrid = tankGridBefore;
    world = worldBefore;  // the very world, which the water has taken up already
    throw;
  }
}

// The Water's state for the call `call`, after checking that it may be
// made: throws ripple::Error when the Water was moved from, or when it is
// on the GPU and the context current on this thread is not the one it was
// made on (its objects are not that context's, and its calls would change
// that context's state and objects).
Water::State& usableState(const std::unique_ptr<Water::State>& state, const char* call);

// The tank's positions, given in cells of a grid of `from`, brought to one of
// `to` (each cell to the one under its centre).
void scaleTank(WorldOptions& tank, std::pair<int, int> from, std::pair<int, int> to);

// The caller's GL state kept across a call, where the water is on the GPU.
class KeepGlStateIfGpu {
 public:
  explicit KeepGlStateIfGpu(const Water::State& state) {
    if (state.gpu) guard_.emplace();
  }

 private:
  std::optional<gl::StateGuard> guard_;
};

// "damping: '1.5' is out of range: it must be from 0 to below 1", as the
// command line says it of --damping.
template <typename T>
void requireIn(const char* name, T value, Range<T> range) {
  const bool finite = std::isfinite(static_cast<double>(value));
  if (!finite || !range.contains(value)) {
    throw Error(
        std::string(name) + ": " +
        (finite ? outOfRangeText(valueText(value), range) : "'" + valueText(value) + "' is not a finite number"));
  }
}

}  // namespace ripple
