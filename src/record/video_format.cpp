#include "record/video_format.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>

namespace ripple {

std::optional<VideoFormat> videoFormatOf(const std::string& path) {
  std::string extension = std::filesystem::path(path).extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (extension == ".mp4") return VideoFormat::Mp4;
  if (extension == ".gif") return VideoFormat::Gif;
  return std::nullopt;
}

std::string videoNameProblem(const std::string& path) {
  return "'" + path + "' must end in .mp4 (H.264) or .gif: the format follows the file name";
}

}  // namespace ripple
