#pragma once
// The pixel store (glPixelStorei) at GL's defaults while ripple moves pixels
// between memory and GL, and the caller's put back after: a host's row
// length or skips would make ripple's reads and uploads walk past its own
// buffers, and in a browser WebGL's flip, premultiplication and colour
// conversion would change the heights. Made around each upload and read
// back, not around every call: in a browser reading some of these
// parameters is a round trip to the GPU process. (Uploads of no data, a
// texture's storage alone, read no memory and need none.)
#include <glad/gl.h>

#include <array>

namespace ripple::gl {

class DefaultPixelStore {
 public:
  DefaultPixelStore();
  ~DefaultPixelStore();
  DefaultPixelStore(const DefaultPixelStore&) = delete;
  DefaultPixelStore& operator=(const DefaultPixelStore&) = delete;

#if defined(__EMSCRIPTEN__)
  static constexpr int kParameters = 13;  // WebGL 2's, with WebGL's own three
#else
  static constexpr int kParameters = 16;  // pack and unpack
#endif

 private:
  std::array<GLint, kParameters> callers_{};
};

}  // namespace ripple::gl
