#include "app/npy.hpp"

#include <cstdint>
#include <cstring>

#include "common/atomic_file.hpp"

namespace ripple {

std::string encodeNpy(int width, int height, const std::vector<float>& heights) {
  // The header: magic, version 1.0, a little-endian uint16 length, then a
  // Python dict literal padded with spaces and a newline so that the data
  // starts on a multiple of 64 bytes.
  std::string dict = "{'descr': '<f4', 'fortran_order': False, 'shape': (" + std::to_string(height) + ", " +
                     std::to_string(width) + "), }";
  const size_t preamble = 10;  // magic (6) + version (2) + length (2)
  const size_t total = (preamble + dict.size() + 1 + 63) / 64 * 64;
  dict.append(total - preamble - dict.size() - 1, ' ');
  dict += '\n';
  std::string out("\x93NUMPY\x01\x00", 8);
  const auto length = static_cast<std::uint16_t>(dict.size());
  out += static_cast<char>(length & 0xff);
  out += static_cast<char>(length >> 8);
  out += dict;
  static_assert(sizeof(float) == 4 && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__,
                "'<f4' is written by copying the floats' bytes as they are");
  const size_t start = out.size();
  out.resize(start + heights.size() * 4);
  std::memcpy(&out[start], heights.data(), heights.size() * 4);
  return out;
}

void saveNpy(int width, int height, const std::vector<float>& heights, const std::string& path) {
  writeFileAtomically(path, encodeNpy(width, height, heights));
}

}  // namespace ripple
