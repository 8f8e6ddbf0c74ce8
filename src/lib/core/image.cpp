#include "core/image.hpp"

#include <stb/stb_image.h>
#include <stb/stb_image_resize.h>
#include <stb/stb_image_write.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>

#include "common/atomic_file.hpp"
#include "core/error.hpp"
#include "embedded/embedded_files.hpp"

namespace ripple {
namespace {

// Larger pictures are refused before decoding: their pixels alone would take
// gigabytes, and no GPU takes textures that wide.
constexpr long long kMaxPictureSide = 16384;
constexpr long long kMaxPicturePixels = 64LL * 1024 * 1024;

// The size a PNG's header claims (the IHDR chunk is always first), read
// here because stb_image refuses very large PNGs with only "unknown image
// type", which would tell the user nothing.
bool pngHeaderSize(std::string_view bytes, long long& w, long long& h) {
  if (bytes.size() < 24 || bytes.substr(0, 8) != std::string_view("\x89PNG\r\n\x1a\n", 8) ||
      bytes.substr(12, 4) != "IHDR") {
    return false;
  }
  auto be32 = [&](size_t at) {
    long long v = 0;
    for (size_t i = 0; i < 4; ++i) v = v << 8 | static_cast<unsigned char>(bytes[at + i]);
    return v;
  };
  w = be32(16);
  h = be32(20);
  return true;
}

std::string sizeRefusal(const std::string& name, long long w, long long h) {
  return "picture '" + name + "' is " + std::to_string(w) + "x" + std::to_string(h) + " pixels; at most " +
         std::to_string(kMaxPictureSide) + " on a side and " + std::to_string(kMaxPicturePixels / (1024 * 1024)) +
         " Mpixels are accepted";
}

bool tooLarge(long long w, long long h) {
  return w > kMaxPictureSide || h > kMaxPictureSide || w * h > kMaxPicturePixels;
}

struct StbFree {
  void operator()(unsigned char* p) const { stbi_image_free(p); }
};

}  // namespace

Picture decodeImage(std::string_view bytes, const std::string& name) {
  if (bytes.empty()) throw Error("picture '" + name + "' is empty");
  const auto* data = reinterpret_cast<const stbi_uc*>(bytes.data());
  const int length = static_cast<int>(std::min<size_t>(bytes.size(), INT32_MAX));
  long long claimedW = 0, claimedH = 0;
  if (pngHeaderSize(bytes, claimedW, claimedH) && tooLarge(claimedW, claimedH)) {
    throw Error(sizeRefusal(name, claimedW, claimedH));
  }
  int w = 0, h = 0, channels = 0;
  if (!stbi_info_from_memory(data, length, &w, &h, &channels)) {
    throw Error("picture '" + name + "' is not a PNG or JPEG picture (" + stbi_failure_reason() + ")");
  }
  if (tooLarge(w, h)) throw Error(sizeRefusal(name, w, h));
  std::unique_ptr<unsigned char, StbFree> pixels(stbi_load_from_memory(data, length, &w, &h, &channels, 4));
  if (!pixels) {
    throw Error("picture '" + name + "' could not be decoded (" + stbi_failure_reason() + ")");
  }
  Picture image(w, h);
  std::memcpy(image.rgba.data(), pixels.get(), image.rgba.size());
  return image;
}

Picture loadImageFile(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw Error("picture '" + path + "' is a directory");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error("cannot open picture '" + path + "': " + std::strerror(errno));
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) throw Error("cannot read picture '" + path + "': " + std::strerror(errno));
  return decodeImage(bytes, path);
}

Picture defaultPicture() {
  constexpr const char* kPath = "assets/default_picture.png";
  auto bytes = embedded::find(kPath);
  if (!bytes) throw Error(std::string("the embedded default picture '") + kPath + "' is missing from the build");
  return decodeImage(*bytes, kPath);
}

std::string encodePng(const Picture& image, const std::string& path) {
  std::string encoded;
  auto append = [](void* context, void* data, int size) {
    static_cast<std::string*>(context)->append(static_cast<const char*>(data), static_cast<size_t>(size));
  };
  if (!stbi_write_png_to_func(append, &encoded, image.width, image.height, 4, image.rgba.data(), image.width * 4)) {
    throw Error("cannot encode PNG '" + path + "'");
  }
  return encoded;
}

void requireWholePicture(const Picture& picture, const char* call) {
  if (picture.width < 1 || picture.height < 1 ||
      picture.rgba.size() != static_cast<size_t>(picture.width) * picture.height * 4) {
    throw Error(std::string(call) + ": the picture must have width x height x 4 bytes and a size of at least 1x1");
  }
}

void savePicture(const Picture& image, const std::string& path) {
  requireWholePicture(image, "savePicture");
  writeFileAtomically(path, encodePng(image, path));
}

PictureCrop coverCrop(int pictureWidth, int pictureHeight, int w, int h) {
  if (pictureWidth < 1 || pictureHeight < 1 || w < 1 || h < 1) {
    throw Error("coverCrop: a picture of " + std::to_string(pictureWidth) + "x" + std::to_string(pictureHeight) +
                " and a frame of " + std::to_string(w) + "x" + std::to_string(h) +
                " pixels: both need at least one pixel each way");
  }
  const double scale = std::max(double(w) / pictureWidth, double(h) / pictureHeight);
  const int cropW = std::clamp(static_cast<int>(std::lround(w / scale)), 1, pictureWidth);
  const int cropH = std::clamp(static_cast<int>(std::lround(h / scale)), 1, pictureHeight);
  return {(pictureWidth - cropW) / 2, (pictureHeight - cropH) / 2, cropW, cropH};
}

Picture coverPicture(const Picture& src, int w, int h) {
  requireWholePicture(src, "coverPicture");
  if (w < 1 || h < 1 || tooLarge(w, h)) throw Error("coverPicture: " + sizeRefusal("of the frame", w, h));
  if (src.width == w && src.height == h) return src;
  const PictureCrop crop = coverCrop(src.width, src.height, w, h);
  Picture out(w, h);
  const int ok = stbir_resize_uint8_srgb(src.pixel(crop.x, crop.y), crop.width, crop.height, src.width * 4,
                                         out.rgba.data(), w, h, w * 4, 4, 3, 0);
  if (!ok) throw Error("cannot scale the picture to " + std::to_string(w) + "x" + std::to_string(h));
  return out;
}

}  // namespace ripple
