#pragma once
// Files compiled into the binary at build time (see cmake/Embed.cmake):
// the shaders and the default picture, so ripple runs from any folder.
#include <optional>
#include <string_view>

namespace ripple::embedded {

struct File {
  std::string_view path;   // relative to the repository root, e.g. "shaders/step_rule.glsl"
  std::string_view bytes;  // the file's contents
};

// The contents of an embedded file, or nullopt when no file has that path.
std::optional<std::string_view> find(std::string_view path);

}  // namespace ripple::embedded
