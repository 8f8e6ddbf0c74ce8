#pragma once
// Where shader text comes from: compiled into the binary by default, or read
// from a folder so a shader can be edited while ripple runs.
#include <filesystem>
#include <string>

#include "gl/program.hpp"

namespace ripple::gl {

class ShaderSource {
 public:
  // An empty folder means the embedded copies.
  explicit ShaderSource(std::string folder = {}) : folder_(std::move(folder)) {}

  // The stage for `path` ("shaders/step_plain.glsl"), named by the file it
  // came from; throws ripple::Error naming the file when it is missing or
  // unreadable. A line `#include "FILE"` is replaced by FILE's text, from
  // the same place (one level deep); the driver's messages keep each file's
  // own line numbers.
  ShaderStage stage(GLenum type, const std::string& path) const;
  const std::string& folder() const { return folder_; }
  // The newest modification time among the folder's files, to notice edits
  // (the embedded copies never change).
  std::filesystem::file_time_type newestChange() const;

 private:
  struct File {
    std::string name;  // the path shown in messages
    std::string text;
  };
  File read(const std::string& path) const;

  std::string folder_;
};

}  // namespace ripple::gl
