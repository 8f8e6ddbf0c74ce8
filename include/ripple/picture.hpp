#pragma once
// Pictures in memory, and where they come from: PNG or JPEG files, the
// built-in ones ("builtin:pool", "builtin:tank"), a frame the water drew.
// What render() draws the water over is a host's texture made from one.
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "ripple/export.hpp"
#include "ripple/types.hpp"

namespace ripple {

// RGBA, 8 bits a channel, row 0 the top: width x height x 4 bytes.
struct Picture {
  int width = 0, height = 0;
  std::vector<unsigned char> rgba;

  Picture() = default;
  // Transparent black. A negative side holds no pixels, and every call
  // refuses the picture, as it refuses one whose bytes do not fit its size.
  Picture(int width, int height)
      : width(width), height(height), rgba(nonNegative(width) * nonNegative(height) * 4, 0) {}
  Picture(int width, int height, std::vector<unsigned char> rgba)
      : width(width), height(height), rgba(std::move(rgba)) {}
  unsigned char* pixel(int x, int y) { return &rgba[(static_cast<std::size_t>(y) * width + x) * 4]; }
  const unsigned char* pixel(int x, int y) const { return &rgba[(static_cast<std::size_t>(y) * width + x) * 4]; }

 private:
  static std::size_t nonNegative(int side) { return side > 0 ? static_cast<std::size_t>(side) : 0; }
};

// "" (the default picture, builtin:pool), a built-in picture by name, or a
// PNG or JPEG file. Throws ripple::Error naming the path and what is wrong.
RIPPLE_EXPORT Picture loadPicture(const std::string& path);
// Writes a PNG whole or not at all (to a file beside it, then renamed).
// Throws ripple::Error naming the path.
RIPPLE_EXPORT void savePicture(const Picture& picture, const std::string& path);
// `picture` scaled to cover width x height, its aspect ratio kept: it fills
// the frame and what is left over is cropped equally from both sides, as
// the water's frame shows a picture.
RIPPLE_EXPORT Picture coverPicture(const Picture& picture, int width, int height);

// The part of a picture that coverPicture() scales to the frame: the
// largest centred rectangle of the frame's aspect ratio, in the picture's
// pixels. For a host that scales pictures itself (a browser's drawImage()).
struct PictureCrop {
  int x = 0, y = 0, width = 0, height = 0;
};
RIPPLE_EXPORT PictureCrop coverCrop(int pictureWidth, int pictureHeight, int frameWidth, int frameHeight);

// Whether `path` names a built-in picture (it starts with "builtin:"),
// known or not: loadPicture() then refuses an unknown one.
RIPPLE_EXPORT bool namesBuiltinPicture(const std::string& path);
// The built-in pictures' names: "builtin:pool", "builtin:tank".
RIPPLE_EXPORT std::vector<std::string> builtinPictureNames();

// Two frames of the same heights compared, a GPU's and the CPU
// reference's (Water::frame() of each): classic mode passes pixel for pixel;
// float mode while at most 1% of the pixels differ by more than 2 levels,
// as filtering hardware may weigh texels with fewer bits than the CPU's
// floats at a sharp edge. Pictures of different sizes differ everywhere.
struct FrameComparison {
  long differingPixels = 0;  // any channel differs
  long pixelsOver2Levels = 0;
  int largestChannelDifference = 0;
  bool passed = false;
};
RIPPLE_EXPORT FrameComparison compareFrames(const Picture& a, const Picture& b, Mode mode);

// The picture's contrast (types.hpp), for Water::restsUnseen().
RIPPLE_EXPORT PictureContrast pictureContrast(const Picture& picture);

}  // namespace ripple
