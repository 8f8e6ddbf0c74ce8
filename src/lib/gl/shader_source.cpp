#include "gl/shader_source.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "core/error.hpp"
#include "embedded/embedded_files.hpp"

namespace ripple::gl {

ShaderStage ShaderSource::stage(GLenum type, const std::string& path) const {
  if (folder_.empty()) {
    auto text = embedded::find(path);
    if (!text) throw Error("shader '" + path + "' is not embedded in this build");
    return {type, path, std::string(*text)};
  }
  // The folder holds the files by their base name (shaders/step.frag -> step.frag).
  const std::string file = (std::filesystem::path(folder_) / std::filesystem::path(path).filename()).string();
  std::ifstream in(file, std::ios::binary);
  if (!in) throw Error("cannot read shader '" + file + "': " + std::strerror(errno));
  return {type, file, std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>())};
}

std::filesystem::file_time_type ShaderSource::newestChange() const {
  std::filesystem::file_time_type newest{};
  if (folder_.empty()) return newest;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(folder_, ec)) {
    newest = std::max(newest, entry.last_write_time(ec));
  }
  return newest;
}

}  // namespace ripple::gl
