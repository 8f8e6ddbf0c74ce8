#include "gl/shader_source.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <sstream>

#include "core/error.hpp"
#include "embedded/embedded_files.hpp"

namespace ripple::gl {

ShaderSource::File ShaderSource::read(const std::string& path) const {
  if (folder_.empty()) {
    auto text = embedded::find(path);
    if (!text) throw Error("shader '" + path + "' is not embedded in this build");
    return {path, std::string(*text)};
  }
  // The folder holds the files by their base name (shaders/step_rule.glsl -> step_rule.glsl).
  const std::string file = (std::filesystem::path(folder_) / std::filesystem::path(path).filename()).string();
  std::ifstream in(file, std::ios::binary);
  if (!in) throw Error("cannot read shader '" + file + "': " + std::strerror(errno));
  return {file, std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>())};
}

ShaderStage ShaderSource::stage(GLenum type, const std::string& path) const {
  const File main = read(path);
  ShaderStage stage{type, main.name, {}, {main.name}};
  std::istringstream lines(main.text);
  int number = 0;
  for (std::string line; std::getline(lines, line);) {
    ++number;
    std::smatch m;
    static const std::regex kInclude(R"re(^#include "([^"/]+)"\s*$)re");
    if (!std::regex_match(line, m, kInclude)) {
      stage.source += line + "\n";
      continue;
    }
    // The included text's lines are numbered from K * kIncludedLines + 1, its
    // own counted on (program.hpp); after it the numbering goes back to this file's.
    const File included = read((std::filesystem::path(path).parent_path() / m[1].str()).string());
    if (included.text.find("\n#include") != std::string::npos) {
      throw Error("shader '" + included.name + "' includes another: one level of #include only");
    }
    stage.source += "#line " + std::to_string(stage.files.size() * kIncludedLines + 1) + "\n" + included.text;
    if (!included.text.empty() && included.text.back() != '\n') stage.source += "\n";
    stage.source += "#line " + std::to_string(number + 1) + "\n";
    stage.files.push_back(included.name);
  }
  return stage;
}

std::filesystem::file_time_type ShaderSource::newestChange() const {
  // min(), not {}: the clock's epoch lies in 2174 in libstdc++, after every file.
  auto newest = std::filesystem::file_time_type::min();
  if (folder_.empty()) return newest;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(folder_, ec)) {
    newest = std::max(newest, entry.last_write_time(ec));
  }
  return newest;
}

}  // namespace ripple::gl
