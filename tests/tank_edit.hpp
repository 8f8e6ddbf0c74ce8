#pragma once
// A change to a Water's tank as a host makes one: read it whole, change a
// part, set it whole.
#include <ripple/ripple.hpp>

namespace ripple::test {

template <typename Change>
void editTank(ripple::Water& water, Change change) {
  ripple::Tank tank = water.tank();
  change(tank);
  water.setTank(tank);
}

inline void setEdges(ripple::Water& water, ripple::Edge leftRight, ripple::Edge topBottom) {
  editTank(water, [&](ripple::Tank& t) {
    t.leftRightEdges = leftRight;
    t.topBottomEdges = topBottom;
  });
}

}  // namespace ripple::test
