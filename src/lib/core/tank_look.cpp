#include "core/tank_look.hpp"

namespace ripple {

Picture tankLook(const WaterWorld& world) {
  Picture look(world.width, world.height);
  for (int y = 0; y < world.height; ++y) {
    for (int x = 0; x < world.width; ++x) {
      const CellSpeed v = world.speedAt(x, y);
      std::uint8_t* p = look.pixel(x, y);
      p[0] = v == kWallCell ? 255 : 0;
      p[1] = v == kWallCell ? 0 : static_cast<std::uint8_t>(kOpenWater - v);
      p[2] = 0;
      p[3] = 255;
    }
  }
  return look;
}

bool showsInThePicture(const WaterWorld& world) { return world.hasWalls() || world.hasSlowWater(); }

}  // namespace ripple
