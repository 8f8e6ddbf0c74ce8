#pragma once
// The rules of DESIGN.md on the CPU: stones, the step in float and classic
// mode, and the refraction render. No GL here: this is what the GPU is checked
// against, so it is written for clarity and exactness first.
#include <cstdint>
#include <vector>

#include "core/image.hpp"
#include "core/params.hpp"

namespace ripple {

// A stone: every cell with (x-x0)^2 + (y-y0)^2 < r^2 gets height -weight.
// Centre and radius are whole cells so both implementations test the disc
// with exact integer arithmetic.
struct Stone {
  int x = 0;
  int y = 0;
  int radius = 1;
  float weight = 0.0f;
};

// A W x H grid of heights, row-major, row 0 at the top.
struct HeightField {
  int width = 0;
  int height = 0;
  std::vector<float> cells;

  HeightField() = default;
  HeightField(int w, int h) : width(w), height(h), cells(static_cast<size_t>(w) * h, 0.0f) {}
  float& at(int x, int y) { return cells[static_cast<size_t>(y) * width + x]; }
  float at(int x, int y) const { return cells[static_cast<size_t>(y) * width + x]; }
  // Cells beyond the grid count as 0 (the render rule's convention).
  float atOrZero(int x, int y) const {
    return (x < 0 || y < 0 || x >= width || y >= height) ? 0.0f : at(x, y);
  }
};

// The two fields of the rule. `cur` is what is shown; `prev` the step before.
struct WaterState {
  HeightField cur;
  HeightField prev;

  WaterState() = default;
  WaterState(int w, int h) : cur(w, h), prev(w, h) {}
  int width() const { return cur.width; }
  int height() const { return cur.height; }
};

class CpuReference {
 public:
  CpuReference(int width, int height);

  // Assigns -weight to the stone's disc in `cur`, clipped at the grid's edges.
  void dropStone(const Stone& stone);
  // One step of the rule for every cell not on the border ring, then
  // prev <- cur, cur <- next. Rows are split over `threads` workers.
  void step(Mode mode, float damping);
  void reset();

  const WaterState& state() const { return state_; }
  // Replaces the state, e.g. with one read back from the GPU.
  void setState(WaterState state);

  void setThreadCount(int threads) { threads_ = threads < 1 ? 1 : threads; }

 private:
  WaterState state_;
  HeightField next_;  // scratch for the step; becomes `prev` by the rotation
  int threads_ = 1;
};

// The field scaled to w x h by bilinear interpolation (cell centres aligned),
// e.g. to keep the water when the window is resized.
HeightField resampleField(const HeightField& field, int w, int h);

// The stone rule alone, on any field.
void applyStone(HeightField& field, const Stone& stone);

// The render rule: pixel (x, y) shows `picture` at
// (x + s*(h[x-1,y] - h[x+1,y]), y + s*(h[x,y-1] - h[x,y+1])). Classic mode:
// s = 1, nearest pixel, and a sample outside the picture shows the unshifted
// pixel. Float mode: bilinear, clamped to the edge, plus seed 002's shading.
// The frame is the picture's size; when the grid is coarser (simulation scale
// 1/2, 1/4) the slope is interpolated between the four cells around each
// pixel and scaled from cells to pixels, as the GPU does.
Image renderRefraction(const HeightField& heights, const Image& picture, const RefractionSettings& settings);

}  // namespace ripple
