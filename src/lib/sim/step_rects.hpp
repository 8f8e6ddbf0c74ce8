#pragma once
// Which texels a step works out with which variant of the shader: the
// cheaper variant wherever the texels let it run.
#include <algorithm>
#include <array>

#include "core/world_grid.hpp"
#include "sim/texel_packing.hpp"

namespace ripple {

// A rectangle of texels of the packed grid (texel 0 is the grid's first,
// inside the texture's margin).
struct TexelRect {
  int x = 0, y = 0, width = 0, height = 0;
  bool empty() const { return width <= 0 || height <= 0; }
};

// The plain pool's texels whose four cells are all inside the fixed border
// ring, which a variant without the ring's mask steps (a CPU rasterizer pays
// for the mask in every texel), and the edges' around them, which keep it.
struct PlainStepRects {
  TexelRect inner;
  std::array<TexelRect, 4> edges;  // the top row, the bottom row, the left and right texels between
};

inline PlainStepRects plainStepRects(int width, int height) {
  const int texels = packedWidth(width);
  // Texel i holds cells 4i .. 4i+3: inside the ring when 4i >= 1 and
  // 4i + 3 <= width - 2, so texels 1 .. (width - 5) / 4.
  const int first = 1, end = std::max((width - 1) / 4, first);
  const int rows = std::max(height - 2, 0);
  PlainStepRects r;
  r.inner = {first, 1, end - first, rows};
  r.edges = {{
      {0, 0, texels, 1},                            // top
      {0, height - 1, texels, height > 1 ? 1 : 0},  // bottom
      {0, 1, first, rows},                          // left
      {end, 1, texels - end, rows},                 // right
  }};
  return r;
}

// A wave tank's: only the absorbing layers' cells need the layer's damping
// and the outer ring's one-way rule; the visible grid's texels run without
// them, which costs less a texel (BENCHMARKS.md, the wave tank's cost). A
// texel that holds a layer cell, or straddles the visible grid's edge, is a
// layer texel.
struct WorldStepRects {
  TexelRect visible;                // texels of visible cells (and padding) only
  std::array<TexelRect, 4> layers;  // the rest but the outer rows: above, below, left, right; empty where no layer is
  // The top and bottom rows, whose one-way edge reads the rows inwards' new
  // heights (absorbing_layer.hpp): stepped by a variant that works those out
  // too. Empty without layers above and below.
  std::array<TexelRect, 2> outerRows;
  TexelRect betweenOuterRows;  // everything else, for a step in one pass
};

inline WorldStepRects worldStepRects(const GridLayout& l) {
  const int texels = packedWidth(l.width());
  const int first = (l.left + 3) / 4;  // the first texel whose cells are all visible
  // Past the last whole visible texel; without a right layer, the last texel's
  // other cells are padding, held at 0 by their codes.
  const int end = l.right > 0 ? (l.left + l.visibleWidth) / 4 : texels;
  const int width = std::max(end - first, 0);
  WorldStepRects r;
  r.visible = {first, l.top, width, l.visibleHeight};
  const int outer = l.top > 0 ? 1 : 0;  // the layers above and below are as thick
  r.layers = {{
      {0, outer, texels, l.top - outer},                                // above
      {0, l.top + l.visibleHeight, texels, l.bottom - outer},           // below
      {0, l.top, first, l.visibleHeight},                               // left
      {first + width, l.top, texels - first - width, l.visibleHeight},  // right
  }};
  const int height = l.height();
  if (outer) r.outerRows = {{{0, 0, texels, 1}, {0, height - 1, texels, 1}}};
  r.betweenOuterRows = {0, outer, texels, height - 2 * outer};
  return r;
}

}  // namespace ripple
