// Pictures in and out: the embedded default, clear errors for bad files,
// covering a frame without stretching, PNGs written whole.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "core/error.hpp"
#include "core/image.hpp"

namespace ripple {
namespace {

namespace fs = std::filesystem;

fs::path scratch(const std::string& name) {
  fs::path dir = fs::path(RIPPLE_TEST_DATA_DIR) / "image_test";
  fs::create_directories(dir);
  return dir / name;
}

std::string errorOf(const std::string& path) {
  try {
    loadImageFile(path);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

TEST(Picture, DefaultPictureIsEmbedded) {
  const Picture p = defaultPicture();
  EXPECT_EQ(p.width, 1024);
  EXPECT_EQ(p.height, 640);
  EXPECT_EQ(p.rgba.size(), size_t(1024) * 640 * 4);
}

TEST(Picture, PngRoundTrip) {
  Picture img(3, 2);
  for (size_t i = 0; i < img.rgba.size(); ++i) img.rgba[i] = uint8_t(i * 9);
  const fs::path file = scratch("round.png");
  savePicture(img, file.string());
  const Picture back = loadImageFile(file.string());
  EXPECT_EQ(back.width, 3);
  EXPECT_EQ(back.height, 2);
  EXPECT_EQ(back.rgba, img.rgba);
  for (const auto& entry : fs::directory_iterator(file.parent_path())) {
    EXPECT_EQ(entry.path().string().find(".tmp-"), std::string::npos) << "temporary file left behind";
  }
}

TEST(Picture, BadFilesGiveOneClearLine) {
  const fs::path missing = scratch("no_such_picture.png");
  EXPECT_EQ(errorOf(missing.string()), "cannot open picture '" + missing.string() + "': No such file or directory");
  EXPECT_EQ(errorOf(scratch("").string()), "picture '" + scratch("").string() + "' is a directory");
  const fs::path empty = scratch("empty.png");
  std::ofstream(empty).close();
  EXPECT_EQ(errorOf(empty.string()), "picture '" + empty.string() + "' is empty");
  const fs::path text = scratch("text.png");
  std::ofstream(text) << "this is not a picture\n";
  const std::string e = errorOf(text.string());
  EXPECT_EQ(e.rfind("picture '" + text.string() + "' is not a PNG or JPEG picture", 0), 0u) << e;
  EXPECT_EQ(e.find('\n'), std::string::npos);
}

TEST(Picture, TruncatedPngIsRefused) {
  Picture noise(64, 64);
  for (size_t i = 0; i < noise.rgba.size(); ++i) noise.rgba[i] = uint8_t(i * 2654435761u >> 13);
  const fs::path whole = scratch("whole.png"), cut = scratch("truncated.png");
  savePicture(noise, whole.string());
  std::ifstream in(whole, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::ofstream(cut, std::ios::binary) << bytes.substr(0, bytes.size() / 2);
  const std::string e = errorOf(cut.string());
  EXPECT_EQ(e.rfind("picture '" + cut.string() + "' could not be decoded (", 0), 0u) << e;
}

// A PNG signature and an IHDR chunk that claims 100000 x 100000 pixels: it
// must be refused from the header, before 40 GB are asked for.
std::string pngHeaderClaiming(uint32_t width, uint32_t height) {
  std::string png("\x89PNG\r\n\x1a\n", 8);
  auto be32 = [&](uint32_t v) {
    for (int shift = 24; shift >= 0; shift -= 8) png += char((v >> shift) & 0xff);
  };
  be32(13);
  png += "IHDR";
  be32(width);
  be32(height);
  png += std::string("\x08\x06\x00\x00\x00", 5);  // 8 bits, RGBA
  be32(0);                                        // CRC (stb does not check it)
  return png;
}

TEST(Picture, HugeHeaderIsRefusedBeforeDecoding) {
  const fs::path huge = scratch("huge.png");
  std::ofstream(huge, std::ios::binary) << pngHeaderClaiming(100000, 100000);
  EXPECT_EQ(
      errorOf(huge.string()),
      "picture '" + huge.string() + "' is 100000x100000 pixels; at most 16384 on a side and 64 Mpixels are accepted");
}

TEST(Picture, CoverKeepsAspectAndFills) {
  // Red, green and blue bands of 50, 100 and 50 columns, 200x100: covering
  // a 100x100 frame keeps the middle square, all green, not squeezed.
  Picture wide(200, 100);
  for (int y = 0; y < 100; ++y)
    for (int x = 0; x < 200; ++x) {
      uint8_t* p = wide.pixel(x, y);
      p[x < 50 ? 0 : x < 150 ? 1 : 2] = 255;
      p[3] = 255;
    }
  const Picture square = coverPicture(wide, 100, 100);
  ASSERT_EQ(square.width, 100);
  ASSERT_EQ(square.height, 100);
  for (const int x : {0, 50, 99}) {
    const uint8_t* p = square.pixel(x, 50);
    EXPECT_TRUE(p[1] > 250 && p[0] < 5 && p[2] < 5)
        << "column " << x << ": " << int(p[0]) << "," << int(p[1]) << "," << int(p[2]);
  }
}

// The part coverPicture() scales: centred, the frame's aspect ratio, as
// large as the picture allows; a host scaling pictures itself takes it.
TEST(Picture, CoverCropIsTheCentredPartOfTheFramesShape) {
  const auto same = [](PictureCrop c, PictureCrop e) {
    return c.x == e.x && c.y == e.y && c.width == e.width && c.height == e.height;
  };
  EXPECT_TRUE(same(coverCrop(200, 100, 100, 100), {50, 0, 100, 100}));
  EXPECT_TRUE(same(coverCrop(400, 300, 800, 300), {0, 75, 400, 150}));
  EXPECT_TRUE(same(coverCrop(640, 480, 64, 48), {0, 0, 640, 480}));
  EXPECT_TRUE(same(coverCrop(3, 1000, 1000, 1), {0, 499, 3, 1}));            // at least a pixel each way
  EXPECT_TRUE(same(coverCrop(40000, 100, 100, 100), {19950, 0, 100, 100}));  // a picture no file could hold
  EXPECT_THROW(coverCrop(0, 100, 10, 10), Error);
  EXPECT_THROW(coverCrop(100, 100, 10, -1), Error);
}

}  // namespace
}  // namespace ripple
