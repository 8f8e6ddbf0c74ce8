#pragma once
// How the wave tank shows in the picture, as both renders draw it
// (shaders/refraction.frag's TANK variant and renderRefraction()): walls are
// solid slate over the water, and slow water (a shallow shelf, a lens) is
// tinted warmer, like sand seen through shallow water, the more the slower.
// A picture of the visible grid, one pixel a cell, holds where: red is wall
// (255) or water (0), green the cell's slowness, 255 - its speed factor.
// Both renders sample it bilinearly, so a wall's edge is soft on a grid
// coarser than the frame.
#include <glm/glm.hpp>

#include "core/image.hpp"
#include "core/water_world.hpp"

namespace ripple {

inline constexpr glm::vec3 kWallColour{0.26f, 0.27f, 0.29f};
// What the picture is multiplied by under the slowest water (in between:
// mixed by the slowness).
inline constexpr glm::vec3 kShallowTint{1.0f, 0.88f, 0.66f};

// The world's walls and slowness, one pixel a visible cell; whether it has
// any (a world of open water with only edges and sources shows nothing).
Picture tankLook(const WaterWorld& world);
bool showsInThePicture(const WaterWorld& world);

}  // namespace ripple
