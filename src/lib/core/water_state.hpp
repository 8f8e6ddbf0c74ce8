#pragma once
// The shared vocabulary of both implementations of the rules: a stone, a
// field of heights, and the two fields of the water.
#include <cstddef>
#include <vector>

#include "core/params.hpp"

namespace ripple {

// A stone centred on cell (x, y). A disc (the seeds') gives every cell with
// (x-x0)^2 + (y-y0)^2 < r^2 the height -weight; a smooth stone moves each of
// those cells towards -weight by a raised cosine of its distance d from the
// centre, p = (1 + cos(pi d / r)) / 2: all the way at the centre, not at all
// at the rim, so it leaves no step in the water (docs/rules.md). Centre and
// radius are whole cells, so both implementations pick the same cells.
// `share` scales how far each cell moves, p * share: below 1 even a disc
// only blends its cells towards -weight (a moving source's cells between
// two places, WorldSource::cellsAt).
struct Stone {
  int x = 0;
  int y = 0;
  int radius = 1;
  float weight = 0.0f;
  StoneShape shape = StoneShape::Disc;
  float share = 1.0f;
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
  float atOrZero(int x, int y) const { return (x < 0 || y < 0 || x >= width || y >= height) ? 0.0f : at(x, y); }
};

// The field scaled to w x h by bilinear interpolation (cell centres aligned),
// e.g. to keep the water when the window is resized.
HeightField resampleField(const HeightField& field, int w, int h);

// The two fields of the rule. `cur` is what is shown; `prev` the step before.
struct WaterState {
  HeightField cur;
  HeightField prev;

  WaterState() = default;
  WaterState(int w, int h) : cur(w, h), prev(w, h) {}
  int width() const { return cur.width; }
  int height() const { return cur.height; }
};

}  // namespace ripple
