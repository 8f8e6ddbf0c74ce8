#include "gl/pixel_store.hpp"

#include <iterator>

namespace ripple::gl {
namespace {

// Each parameter and GL's default.
struct Parameter {
  GLenum name;
  GLint usual;
};
#if defined(__EMSCRIPTEN__)
// WebGL's own three apply to uploads from memory too.
constexpr GLenum kUnpackFlipY = 0x9240, kUnpackPremultiplyAlpha = 0x9241, kUnpackColourspaceConversion = 0x9243;
constexpr GLint kBrowserDefaultConversion = 0x9244;
constexpr Parameter kDefaults[] = {
    {GL_PACK_ROW_LENGTH, 0},
    {GL_PACK_SKIP_ROWS, 0},
    {GL_PACK_SKIP_PIXELS, 0},
    {GL_PACK_ALIGNMENT, 4},
    {GL_UNPACK_ROW_LENGTH, 0},
    {GL_UNPACK_IMAGE_HEIGHT, 0},
    {GL_UNPACK_SKIP_ROWS, 0},
    {GL_UNPACK_SKIP_PIXELS, 0},
    {GL_UNPACK_SKIP_IMAGES, 0},
    {GL_UNPACK_ALIGNMENT, 4},
    {kUnpackFlipY, GL_FALSE},
    {kUnpackPremultiplyAlpha, GL_FALSE},
    {kUnpackColourspaceConversion, kBrowserDefaultConversion},
};
#else
constexpr Parameter kDefaults[] = {
    {GL_PACK_SWAP_BYTES, GL_FALSE},  {GL_PACK_LSB_FIRST, GL_FALSE}, {GL_PACK_ROW_LENGTH, 0},
    {GL_PACK_IMAGE_HEIGHT, 0},       {GL_PACK_SKIP_ROWS, 0},        {GL_PACK_SKIP_PIXELS, 0},
    {GL_PACK_SKIP_IMAGES, 0},        {GL_PACK_ALIGNMENT, 4},        {GL_UNPACK_SWAP_BYTES, GL_FALSE},
    {GL_UNPACK_LSB_FIRST, GL_FALSE}, {GL_UNPACK_ROW_LENGTH, 0},     {GL_UNPACK_IMAGE_HEIGHT, 0},
    {GL_UNPACK_SKIP_ROWS, 0},        {GL_UNPACK_SKIP_PIXELS, 0},    {GL_UNPACK_SKIP_IMAGES, 0},
    {GL_UNPACK_ALIGNMENT, 4},
};
#endif
static_assert(std::size(kDefaults) == DefaultPixelStore::kParameters);

}  // namespace

DefaultPixelStore::DefaultPixelStore() {
  for (int i = 0; i < kParameters; ++i) {
    glGetIntegerv(kDefaults[i].name, &callers_[i]);
    glPixelStorei(kDefaults[i].name, kDefaults[i].usual);
  }
}

DefaultPixelStore::~DefaultPixelStore() {
  for (int i = 0; i < kParameters; ++i) glPixelStorei(kDefaults[i].name, callers_[i]);
}

}  // namespace ripple::gl
