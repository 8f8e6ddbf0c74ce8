#pragma once
// Pictures built into the library, named "builtin:NAME" wherever a picture's
// path goes (--image, a scene's frame.picture):
//   builtin:pool  the default picture (assets/default_picture.png): tiles,
//                 pebbles and a lane, busy enough that any ripple shows
//   builtin:tank  a plain blue floor with faint tile lines, for the wave
//                 tank: over it, fringes, foci and wavefronts show through
//                 the shading and the light instead of drowning in detail
#include <string>
#include <string_view>

#include "core/image.hpp"

namespace ripple {

inline constexpr std::string_view kBuiltinPicturePrefix = "builtin:";

// Empty when `path` names a known built-in picture or is not such a name;
// else why not ("'builtin:x' is not a built-in picture: builtin:pool or ...").
std::string builtinPictureProblem(std::string_view path);
// Why `path`, a built-in picture's name, is refused where a file must go (a
// walls or speed picture): "'builtin:tank': built-in pictures are for
// WHERE; this one must be a file", WHERE what takes them (--image).
std::string builtinPictureNotAFile(std::string_view path, std::string_view where);

// builtin:tank, 1280x720.
Picture tankFloorPicture();

}  // namespace ripple
