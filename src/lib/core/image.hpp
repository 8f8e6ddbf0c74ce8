#pragma once
// Pictures (ripple/picture.hpp) from and to bytes: PNG/JPEG in, PNG out.
#include <string>
#include <string_view>

#include "ripple/picture.hpp"

namespace ripple {

// Decodes PNG or JPEG bytes; `name` is what error messages call the input.
// Throws ripple::Error with a one-line reason.
Picture decodeImage(std::string_view bytes, const std::string& name);
// Reads and decodes a picture file. Throws ripple::Error naming the path.
Picture loadImageFile(const std::string& path);
// The embedded default picture (assets/default_picture.png).
Picture defaultPicture();

// The PNG file's bytes; `path` names it in the error a failure throws.
std::string encodePng(const Picture& image, const std::string& path);
// A host's picture has width x height x 4 bytes and is at least 1x1: else
// ripple::Error, `call` naming the caller.
void requireWholePicture(const Picture& picture, const char* call);

}  // namespace ripple
