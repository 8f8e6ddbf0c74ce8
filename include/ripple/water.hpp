#pragma once
// ripple::Water: a pool of water on a grid of cells, stepped by the classic
// ripple rule on the GPU (the caller's OpenGL context) or on the CPU, and
// drawn as a picture refracted by its surface. ripple/ripple.hpp has the
// usage guide; docs/api.md every call in full.
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ripple/export.hpp"
#include "ripple/picture.hpp"
#include "ripple/scene.hpp"
#include "ripple/types.hpp"

namespace ripple {

// The GPU's current heights as a texture, for a host's own shader. The
// name changes with every step (the water keeps three and turns them).
// RGBA32F, NEAREST, one level; four cells a texel: cell (x, y) of the grid
// is component x % 4 of texel (origin.x + x / 4, origin.y + y), row 0 the
// grid's top; the texels around the grid hold 0 (docs/api.md).
struct HeightTexture {
  unsigned int name = 0;  // a GL texture name, owned by the Water
  int originX = 0, originY = 0;
};

// Whether the current OpenGL context's driver has compute shaders, which
// Water::GpuOptions::StepPath::Compute needs (OpenGL 4.3, or
// ARB_compute_shader and ARB_shader_image_load_store). Throws ripple::Error
// without a current context.
RIPPLE_EXPORT bool computeStepAvailable();

// The current OpenGL context as the GPU backend sees it, "RENDERER, OpenGL
// VERSION", for a host's log or status line. Throws ripple::Error where none
// is current or the GPU backend cannot run on it (OpenGL ES, or desktop
// OpenGL before 3.3), saying which it is: the check a Water on the GPU makes.
RIPPLE_EXPORT std::string gpuContextDescription();

// verify()'s steps: 1 to this.
inline constexpr int kMaxVerifySteps = 1000;

// What verify() found: the water stepped on the GPU and by the CPU
// reference from the same heights, and compared.
struct Verification {
  bool passed = false;
  int steps = 0;
  float largestDifference = 0.0f;  // of any cell's height
  float tolerance = 0.0f;          // 0 in classic mode: bit for bit
  long differingCells = 0;
  double cpuSeconds = 0.0;        // what the CPU reference's steps took
  bool testStoneDropped = false;  // the water was calm: a stone fell in the middle of both first
};

class Water;
// Two waters that ran the same steps, compared as verify() compares them:
// a host's own check of one on the GPU against one on the CPU, both loaded
// with the same scene. Classic mode passes bit for bit; float mode within
// 1e-4 of the larger of their largest height and `heaviestStone`, the
// weight of the heaviest stone that fell. Its steps and cpuSeconds are 0.
// Throws ripple::Error where their grids or modes differ.
RIPPLE_EXPORT Verification compareWaters(const Water& a, const Water& b, float heaviestStone);

class RIPPLE_EXPORT Water {
 public:
  // How the GPU runs the water, for tools and benchmarks; the defaults suit
  // the driver.
  struct GpuOptions {
    // How a step runs: a compute shader where the driver has them and the
    // GPU is real hardware, else a fragment pass (Auto); or either by name.
    enum class StepPath { Auto, Fragment, Compute } stepPath = StepPath::Auto;
    // A folder to read the shaders from instead of the built-in copies
    // (every file of the project's shaders/, edited); empty: built in.
    std::string shaderFolder;
    // How the passes read the heights' texels: image loads on a software
    // rasterizer that has them, texelFetch on a GPU (Auto); or one by name.
    // Each reads a texel's own bits: the water is the same, only the speed
    // differs.
    enum class HeightReads { Auto, ImageLoad, Sampler, TexelFetch } heightReads = HeightReads::Auto;
  };

  // A still pool of width x height cells (1 to 16384 each way). The GPU
  // backend needs a current OpenGL 3.3 core context and throws ripple::Error
  // saying why it cannot run there (no current context, no float render
  // targets, a grid too large for the driver, a compute step or image loads
  // asked of a driver without them, a shader of `gpu.shaderFolder` that
  // does not compile); the CPU backend needs no GL and steps on every core.
  // The parameters start as the command line's defaults.
  Water(int width, int height, Backend backend = Backend::Gpu);
  Water(int width, int height, Backend backend, const GpuOptions& gpu);
  // Frees its GL objects: the context it was made on must be current.
  ~Water();
  Water(Water&& other) noexcept;
  Water& operator=(Water&& other) noexcept;
  Water(const Water&) = delete;
  Water& operator=(const Water&) = delete;

  int width() const;
  int height() const;
  Backend backend() const;
  // "cpu", or "gpu (fragment pass on RENDERER)": what steps the water.
  std::string description() const;
  // The options it runs with: on the GPU the step path and height reads it
  // chose (never Auto) and the shader folder it was given; on the CPU the
  // defaults.
  GpuOptions gpuOptions() const;

  // --- the rule: each throws ripple::Error on a value out of its range ---
  // The whole rule at once: all of it or, on a value out of its range or a
  // speed beyond its stencil's limit, none of it. To classic mode, the water
  // is rounded to whole heights (its rule floors).
  void setRule(const Rule& rule);
  Rule rule() const;
  // The rain; setting it starts its random stones again from its seed.
  void setRain(const Rain& rain);
  Rain rain() const;
  void setLook(const Look& look);
  Look look() const;

  // --- the water ---
  // A stone centred on cell (x, y), x right, y down from the top-left: the
  // cells within `radius` move to -weight (a disc) or towards it (smooth).
  // The same as the command line's --drop X,Y,R,W.
  void drop(int x, int y, int radius, float weight);
  // Many stones at once, each as drop() drops it, in one pass on the GPU:
  // a drag's trail.
  void drop(const std::vector<Drop>& stones);
  // A drag's trail (trailStones()) from (x0, y0), left out, to (x1, y1). The
  // line is first cut to where its stones can reach the grid, so that one
  // from far off never walks its length; one that misses the grid drops
  // its last stone alone (off the grid: none, but its radius and weight are
  // checked as drop() checks them).
  void dropAlong(int x0, int y0, int x1, int y1, int radius, float weight);
  // `steps` steps of the rule, each after what is due before it: the
  // scene's stones, the rain, the sources.
  void step(int steps = 1);
  // What is due before the next step, now rather than at its start, for a
  // frame or heights that show it; the step does not do it again.
  void dropDue();
  long long stepsDone() const;
  // Whether something disturbs the water by itself: rain, a scene's stones
  // still to fall, a source that sings now or will.
  bool disturbedByItself() const;
  // Whether the water can no longer move any pixel of render()'s frame,
  // frameWidth x frameHeight pixels over a picture of `contrast` at that
  // size, by 2 colour levels (docs/rules.md): a host may then reset() it,
  // which no one can see, and stop stepping and drawing until something
  // falls. It reads the heights back from the GPU.
  bool restsUnseen(const PictureContrast& contrast, int frameWidth, int frameHeight) const;
  // Still water; the parameters stay.
  void reset();
  // A grid of another size, the water resampled onto it (bilinear).
  void resize(int width, int height);
  // The water turned a quarter as it is (Turn: clockwise, the left side
  // comes to the top): the grid's sides swapped, its heights, tank, sources
  // and the scene's stones still to fall turned with it, the edges' pairs
  // swapped; the steps done, the rule, the look and the rain as they were.
  // A phone turned on its side keeps its experiment and its waves.
  void quarterTurn(Turn turn = Turn::Clockwise);
  // The heights, width x height, row-major, the top row first.
  std::vector<float> heights() const;
  // The heights of the step before, likewise: with heights(), the whole
  // state of the water.
  std::vector<float> previousHeights() const;
  // The water set at once: `heights` as heights() gives them, and those of
  // the step before (empty: the same, the water still for an instant). Each
  // a finite number from -32767 to 32767; in classic mode rounded to whole
  // heights, as setRule() rounds them.
  void setHeights(const std::vector<float>& heights, const std::vector<float>& previous = {});

  // --- the wave tank: cells of the grid, as drop() takes them ---
  // The tank whole (ripple/scene.hpp): edges, wall kind, walls, slow water,
  // cell speeds and sources, all of it or, on a part out of range, off the
  // grid or a picture that cannot be read, none of it. Walls and slow water
  // stand over the cell speeds. tank() gives painted cells as cellSpeeds.
  void setTank(const Tank& tank);
  Tank tank() const;
  // Paints the cells along a stroke from (x0, y0) to (x1, y1) with a square
  // brush `thickness` cells wide (1 to 64): speed factor 0 a wall, 1 open
  // water (an eraser), between them slow water. Walls that would then touch
  // only at a corner are joined, so that no wave slips through diagonally.
  void paint(int x0, int y0, int x1, int y1, int thickness, float speedFactor);
  // Every cell's speed factor as the water has it now (0 a wall, up to 1
  // open water), width x height, row-major, the top row first.
  std::vector<float> cellSpeeds() const;
  // A source of waves; its index in sources(), until one before it is removed.
  std::size_t addSource(const Source& source);
  void removeSource(std::size_t index);
  // The sources by index (one gliding: where it is going); ripple/scene.hpp's
  // sourceNear() finds the one under a click.
  std::vector<Source> sources() const;
  // Moves source `index` so that its first cell is at (x, y), a line keeping
  // its length and direction, kept on the grid. With glideSteps > 0 it
  // glides there from where it is over that many steps, singing all the
  // while: a dragged point is a moving source (the Doppler effect), not one
  // that jumps from cell to cell.
  void moveSource(std::size_t index, int x, int y, int glideSteps = 0);

  // --- scenes (docs/scenes.md; ripple/scene.hpp reads and writes them) ---
  // Still water, and the scene's rule, look, rain, tank and stones, brought
  // to this grid from the scene's frame: all of it or, on a value out of its
  // range or a picture of its tank that cannot be read, none of it.
  void loadScene(const Scene& scene);
  // The water's rule, look, rain, tank and the stones still to fall as a
  // scene, with the description, picture, steps, grid scale, wave speed and
  // stone radius of the scene loaded last. Its positions are pixels of a
  // frame of frameWidth x frameHeight (0 x 0: the frame of the scene loaded
  // last, or with none this grid's cells). A source added while the water
  // ran sings from the scene's start; cells painted or set are the tank's
  // cellSpeeds, one a pixel of the frame.
  Scene scene(int frameWidth = 0, int frameHeight = 0) const;

  // --- drawing (the GPU backend) ---
  // The picture refracted by the water, into the rectangle (x, y, width,
  // height) of the framebuffer bound for drawing, (0, 0) its bottom left as
  // GL has it; `picture` is a GL texture name of any size whose row 0 is the
  // picture's top. Leaves the GL state as it found it (docs/api.md).
  void render(unsigned int picture, int x, int y, int width, int height);
  // The current heights for a host's own shader (see HeightTexture).
  HeightTexture heightTexture() const;
  // With GpuOptions::shaderFolder, for a host whose users edit the shaders
  // while it runs: when a file there has changed since they were last
  // read, compiles them again and returns true. One that fails throws
  // ripple::Error naming its file and line; the water keeps the programs it
  // had, and tries again at the next change.
  bool reloadEditedShaders();
  // The frame as pixels: `picture` refracted by the water, at the picture's
  // size, row 0 the top; on the CPU backend by the CPU reference's render.
  Picture frame(const Picture& picture);

  // --- verification ---
  // `steps` steps on the GPU and by the CPU reference from the water as it
  // is (a test stone on still water), compared as --verify compares.
  Verification verify(int steps);

  struct State;  // the library's own; opaque here

 private:
  std::unique_ptr<State> state_;
};

}  // namespace ripple
