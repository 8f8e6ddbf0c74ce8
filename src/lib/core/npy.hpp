#pragma once
// Heights as a NumPy .npy file (format 1.0): little-endian float32, C order,
// shape (H, W), row 0 = the top row of the grid, as numpy.load() reads it.
#include <string>

#include "core/water_state.hpp"

namespace ripple {

std::string encodeNpy(const HeightField& heights);
// Writes atomically; throws ripple::Error naming the path.
void saveNpy(const HeightField& heights, const std::string& path);

}  // namespace ripple
