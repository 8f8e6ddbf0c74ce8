#pragma once
// What a recording's file name says it is: the format follows the extension,
// .mp4 (H.264) or .gif, in any case; anything else is refused by name.
#include <optional>
#include <string>

#include "common/value_text.hpp"

namespace ripple {

enum class VideoFormat { Mp4, Gif };

std::optional<VideoFormat> videoFormatOf(const std::string& path);

// "'clip.avi' must end in .mp4 or .gif (...)": what is wrong with a name
// videoFormatOf() refuses, for the command line and the recorder alike.
std::string videoNameProblem(const std::string& path);

namespace limits {
// Frames a second of a recording.
inline constexpr Range<int> videoFps{1, 60};
// A GIF's frames last whole hundredths of a second, and players show a frame
// shorter than two of them for a tenth of a second: 50 is the fastest a GIF
// plays as written.
inline constexpr int gifMaxFps = 50;
}  // namespace limits

}  // namespace ripple
