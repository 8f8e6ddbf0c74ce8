#pragma once
// When moving water no longer shows: an upper bound on how far, in colour
// levels (0-255), the water can move any pixel of the frame away from the
// frame of flat water, worked out from the heights and the look (docs/rules.md,
// the render rule). The window rests once the bound is below kRestLevels: it
// sets the water exactly flat, which moves no pixel by more than that, and
// stops stepping and drawing until something falls.
//
// The bound adds, at each cell, what each part of the render can do there
// (a pixel between cells interpolates them, which keeps it within the
// cells' bounds):
// - the refraction shifts the picture by s * slope * pixels a cell, which
//   changes a bilinear sample by at most the shift times the picture's
//   steepest step between neighbouring pixels (its contrast);
// - seed 002's shading adds shading * slope, the height shading at most
//   heightShading * height;
// - the light's highlight lies between its values at the normal tilted
//   towards and away from the light by the steepest slope's angle (taken
//   over all cells, as the highlight is dear to work out).
// Classic mode shifts by whole pixels: any height there shows.
#include "core/image.hpp"
#include "core/params.hpp"
#include "core/water_state.hpp"

namespace ripple {

// Below this many levels the water is at rest: setting it flat then moves no
// rounded pixel by more than 2 levels, as little as two frames a second apart
// differ by once the picture has stopped changing. (At 1 level, rest came
// later by the time the waves take to halve: BENCHMARKS.md.)
inline constexpr float kRestLevels = 2.0f;

// What the frame shows of the grid: the look, the picture's contrast at the
// frame's size, and the frame's pixels a cell.
struct FrameLook {
  RefractionSettings settings;
  PictureContrast contrast;
  float pixelsPerCellX = 1.0f;
  float pixelsPerCellY = 1.0f;
};

// The bound, in levels, over both fields (prev counts: it is the water's
// speed), with the render's slopes h[x-1] - h[x+1] and h[y-1] - h[y+1] and
// cells beyond the grid 0. Infinite where classic mode has any height, or
// where the water holds a NaN.
float visibleChangeBound(const WaterState& water, const FrameLook& look);

inline bool restsUnseen(const WaterState& water, const FrameLook& look) {
  return visibleChangeBound(water, look) < kRestLevels;
}

}  // namespace ripple
