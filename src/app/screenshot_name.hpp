#pragma once
// Where a screenshot, a saved scene or a recording goes:
// ripple-YYYYMMDD-HHMMSS.png (.toml, .mp4) in the current folder, as an
// absolute path, and -2, -3, ... before the extension when a file of that
// name is there already, so two shots in one second never overwrite each
// other (nor anything else).
#include <ctime>
#include <filesystem>
#include <string>

#include "common/atomic_file.hpp"

namespace ripple {

inline std::string timestampedPath(const std::filesystem::path& folder, std::time_t when,
                                   const std::string& extension) {
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "ripple-%Y%m%d-%H%M%S", std::localtime(&when));
  const std::string first = std::filesystem::absolute(folder / (std::string(stamp) + extension)).string();
  std::string path = first;
  for (int n = 2; std::filesystem::exists(path); ++n) path = numberedPath(first, n);
  return path;
}

}  // namespace ripple
