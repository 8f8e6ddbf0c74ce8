#include "core/builtin_pictures.hpp"

#include <algorithm>
#include <array>
#include <vector>

#include "core/error.hpp"

namespace ripple {
namespace {

struct BuiltinPicture {
  std::string_view name;  // after the prefix
  Picture (*make)();
};

constexpr std::array<BuiltinPicture, 2> kPictures{{{"pool", defaultPicture}, {"tank", tankFloorPicture}}};

const BuiltinPicture* find(std::string_view path) {
  if (!namesBuiltinPicture(std::string(path))) return nullptr;
  const std::string_view name = path.substr(kBuiltinPicturePrefix.size());
  for (const BuiltinPicture& p : kPictures) {
    if (p.name == name) return &p;
  }
  return nullptr;
}

}  // namespace

bool namesBuiltinPicture(const std::string& path) {
  return std::string_view(path).substr(0, kBuiltinPicturePrefix.size()) == kBuiltinPicturePrefix;
}

std::vector<std::string> builtinPictureNames() {
  std::vector<std::string> names;
  for (const BuiltinPicture& p : kPictures) names.push_back(std::string(kBuiltinPicturePrefix) + std::string(p.name));
  return names;
}

std::string builtinPictureNotAFile(std::string_view path, std::string_view where) {
  return "'" + std::string(path) + "': built-in pictures are for " + std::string(where) + "; this one must be a file";
}

std::string builtinPictureProblem(std::string_view path) {
  if (!namesBuiltinPicture(std::string(path)) || find(path)) return {};
  std::string known;
  for (const std::string& name : builtinPictureNames()) known += (known.empty() ? "" : " or ") + name;
  return "'" + std::string(path) + "' is not a built-in picture: " + known;
}

Picture loadPicture(const std::string& path) {
  if (path.empty()) return defaultPicture();
  if (namesBuiltinPicture(path)) {
    const BuiltinPicture* picture = find(path);
    if (!picture) throw Error(builtinPictureProblem(path));
    return picture->make();
  }
  return loadImageFile(path);
}

Picture tankFloorPicture() {
  constexpr int kWidth = 1280, kHeight = 720;
  // Deep blue-green at the top to a darker blue at the bottom, so that the
  // light's highlights and the shading show on it; faint tile lines every
  // 64 pixels, whose wobble shows the refraction.
  constexpr std::array<int, 3> kTop{47, 111, 143}, kBottom{29, 74, 102};
  constexpr int kTile = 64, kLine = 2, kLineOffsetY = 8;
  constexpr int kLineWhite = 26;  // of 255: the lines are the floor, a tenth of the way to white
  Picture floor(kWidth, kHeight);
  for (int y = 0; y < kHeight; ++y) {
    const bool lineRow = (y - kLineOffsetY + kTile) % kTile < kLine;
    for (int x = 0; x < kWidth; ++x) {
      const bool line = lineRow || x % kTile < kLine;
      std::uint8_t* p = floor.pixel(x, y);
      for (int c = 0; c < 3; ++c) {
        int v = kTop[c] + (kBottom[c] - kTop[c]) * y / (kHeight - 1);
        if (line) v += (255 - v) * kLineWhite / 255;
        p[c] = static_cast<std::uint8_t>(std::clamp(v, 0, 255));
      }
      p[3] = 255;
    }
  }
  return floor;
}

}  // namespace ripple
