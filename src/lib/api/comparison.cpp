// Two waters that ran the same steps, compared (ripple/water.hpp) by the
// one definition of "agrees", core/verify.hpp's.
#include <algorithm>
#include <cstdlib>

#include "api/water_state.hpp"
#include "core/verify.hpp"
#include "ripple/water.hpp"

namespace ripple {
namespace {

HeightField heightsOf(const Water& water) {
  HeightField h(water.width(), water.height());
  h.cells = water.heights();
  return h;
}

}  // namespace

Verification compareWaters(const Water& a, const Water& b, float heaviestStone) {
  requireIn("heaviest stone", heaviestStone, limits::stoneWeight);
  if (a.width() != b.width() || a.height() != b.height()) {
    throw Error("compareWaters: a " + std::to_string(a.width()) + "x" + std::to_string(a.height()) + " water and a " +
                std::to_string(b.width()) + "x" + std::to_string(b.height()) + " one cannot have run the same steps");
  }
  const Mode mode = a.rule().mode;
  if (b.rule().mode != mode) throw Error("compareWaters: one water is in float mode and the other in classic mode");
  const HeightField ha = heightsOf(a), hb = heightsOf(b);
  const float scale = std::max({largestHeight(ha), largestHeight(hb), std::abs(heaviestStone)});
  const Comparison c = compareHeights(ha, hb, mode, scale);
  Verification v;
  v.passed = c.passed;
  v.largestDifference = c.largestDifference;
  v.tolerance = c.tolerance;
  v.differingCells = c.differingCells;
  return v;
}

}  // namespace ripple
