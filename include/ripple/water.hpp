#pragma once
// ripple::Water: a pool of water on a grid of cells, stepped by the classic
// ripple rule on the GPU (the caller's OpenGL context) or on the CPU, and
// drawn as a picture refracted by its surface. ripple/ripple.hpp has the
// usage guide; docs/api.md every call in full.
#include <memory>
#include <vector>

#include "ripple/export.hpp"
#include "ripple/types.hpp"

namespace ripple {

// How the water is drawn: the picture shifted by the slope of the surface,
// and what is added to it. The ranges are the command line's.
struct Look {
  float refraction = 2.0f;      // pixels a unit of slope shifts the picture, 0 to 8
  float shading = 0.0f;         // brightness from the slope across (seed 002's), 0 to 4
  float heightShading = 0.0f;   // crests lighter, troughs darker, 0 to 16
  float lightStrength = 1.0f;   // a highlight where the surface mirrors the light, 0 (off) to 4
  float lightAzimuth = 135.0f;  // where the light is, degrees: 0 right, 90 top, 0 to 360
  float lightElevation = 60.0f; // degrees above the water, 5 to 90
};

// The GPU's current heights as a texture, for a host's own shader. The
// name changes with every step (the water keeps three and turns them).
// RGBA32F, NEAREST, one level; four cells a texel: cell (x, y) of the grid
// is component x % 4 of texel (origin.x + x / 4, origin.y + y), row 0 the
// grid's top; the texels around the grid hold 0 (docs/api.md).
struct HeightTexture {
  unsigned int name = 0;  // a GL texture name, owned by the Water
  int originX = 0, originY = 0;
};

// What verify() found: the water stepped on the GPU and by the CPU
// reference from the same heights, and compared.
struct Verification {
  bool passed = false;
  int steps = 0;
  float largestDifference = 0.0f;  // of any cell's height
  float tolerance = 0.0f;          // 0 in classic mode: bit for bit
  long differingCells = 0;
};

class RIPPLE_EXPORT Water {
 public:
  // A still pool of width x height cells (1 to 16384 each way). The GPU
  // backend needs a current OpenGL 3.3 core context and throws ripple::Error
  // saying why it cannot run there (no current context, no float render
  // targets, a grid too large for the driver); the CPU backend needs no GL.
  // The parameters start as the command line's defaults.
  Water(int width, int height, Backend backend = Backend::Gpu);
  // Frees its GL objects: the context it was made on must be current.
  ~Water();
  Water(Water&& other) noexcept;
  Water& operator=(Water&& other) noexcept;
  Water(const Water&) = delete;
  Water& operator=(const Water&) = delete;

  int width() const;
  int height() const;
  Backend backend() const;

  // --- the rule: each throws ripple::Error on a value out of its range ---
  void setMode(Mode mode);
  Mode mode() const;
  void setDamping(float fractionLostPerStep);  // 0 to below 1; the seeds' 1/32
  float damping() const;
  void setSpeed(float cellsPerStep);  // the Courant number: 0.01 to 0.707 (four neighbours), 0.866 (nine)
  float speed() const;
  void setStencil(Stencil stencil);
  Stencil stencil() const;
  void setStoneShape(StoneShape shape);  // classic mode drops the seeds' discs whatever this says
  StoneShape stoneShape() const;
  // Random stones before each step: on average `dropsPerStep`, of radius 1 to
  // `radius` cells and depth `weight`; the same seed rains the same stones.
  // 0 drops a step: no rain.
  void setRain(float dropsPerStep, int radius = 2, float weight = 96.0f, unsigned seed = 1);
  void setLook(const Look& look);
  Look look() const;

  // --- the water ---
  // A stone centred on cell (x, y), x right, y down from the top-left: the
  // cells within `radius` move to -weight (a disc) or towards it (smooth).
  // The same as the command line's --drop X,Y,R,W.
  void drop(int x, int y, int radius, float weight);
  // `steps` steps of the rule, each after the rain due before it.
  void step(int steps = 1);
  long long stepsDone() const;
  // Still water; the parameters stay.
  void reset();
  // A grid of another size, the water resampled onto it (bilinear).
  void resize(int width, int height);
  // The heights, width x height, row-major, the top row first.
  std::vector<float> heights() const;

  // --- drawing (the GPU backend) ---
  // The picture refracted by the water, into the rectangle (x, y, width,
  // height) of the framebuffer bound for drawing, (0, 0) its bottom left as
  // GL has it; `picture` is a GL texture name of any size whose row 0 is the
  // picture's top. Leaves the GL state as it found it (docs/api.md).
  void render(unsigned int picture, int x, int y, int width, int height);
  // The current heights for a host's own shader (see HeightTexture).
  HeightTexture heightTexture() const;

  // --- verification ---
  // `steps` steps on the GPU and by the CPU reference from the water as it
  // is (a test stone on still water), compared as --verify compares.
  Verification verify(int steps);

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace ripple
