#pragma once
// Pictures in memory (RGBA, 8 bits, row 0 at the top), PNG/JPEG in, PNG out.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ripple {

struct Image {
  int width = 0;
  int height = 0;
  std::vector<std::uint8_t> rgba;  // width * height * 4 bytes

  Image() = default;
  Image(int w, int h) : width(w), height(h), rgba(static_cast<size_t>(w) * h * 4, 0) {}
  std::uint8_t* pixel(int x, int y) { return &rgba[(static_cast<size_t>(y) * width + x) * 4]; }
  const std::uint8_t* pixel(int x, int y) const { return &rgba[(static_cast<size_t>(y) * width + x) * 4]; }
};

// Decodes PNG or JPEG bytes; `name` is what error messages call the input.
// Throws ripple::Error with a one-line reason.
Image decodeImage(std::string_view bytes, const std::string& name);
// Reads and decodes a picture file. Throws ripple::Error naming the path.
Image loadImageFile(const std::string& path);
// The embedded default picture (assets/default_picture.png).
Image defaultPicture();

// The PNG file's bytes; `path` names it in the error a failure throws.
std::string encodePng(const Image& image, const std::string& path);
// Writes a PNG atomically: to a temporary file beside it, then renamed, so the
// file appears complete or not at all. Throws ripple::Error naming the path.
void savePng(const Image& image, const std::string& path);

// Scales `src` to cover a w x h frame, keeping its aspect ratio: the picture
// fills the frame and the excess is cropped equally from both sides.
Image coverResize(const Image& src, int w, int h);

}  // namespace ripple
