#pragma once
// Heights as a NumPy .npy file (format 1.0): little-endian float32, C order,
// shape (H, W), row 0 = the top row of the grid, as numpy.load() reads it.
#include <string>
#include <vector>

namespace ripple {

// `heights` as Water::heights() gives them: width x height, the top row first.
std::string encodeNpy(int width, int height, const std::vector<float>& heights);
// Writes atomically; throws ripple::Error naming the path.
void saveNpy(int width, int height, const std::vector<float>& heights, const std::string& path);

}  // namespace ripple
