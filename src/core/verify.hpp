#pragma once
// Comparing GPU heights with the CPU reference's: the one definition of
// "agrees" used by the panel's Verify button and the tests.
#include "core/cpu_reference.hpp"

namespace ripple {

struct Comparison {
  float largestDifference = 0.0f;  // max |a - b| over the cells
  long differingCells = 0;         // cells where a != b
  float tolerance = 0.0f;          // what largestDifference may reach
  bool passed = false;
};

// Classic mode must agree bit for bit (tolerance 0). Float mode may differ
// by rounding: a GPU may fuse `next - next * damping` into one multiply-add,
// rounding once where the CPU rounds twice. The tolerance is 1e-4 of the
// largest height (`scale`, at least 1), far below a visible change.
float toleranceFor(Mode mode, float scale);
Comparison compareHeights(const HeightField& a, const HeightField& b, Mode mode, float scale);

// The largest |height| in a field.
float largestHeight(const HeightField& h);

}  // namespace ripple
