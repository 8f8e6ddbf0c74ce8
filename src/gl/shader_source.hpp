#pragma once
// Where shader text comes from: compiled into the binary by default, or read
// from a folder so a shader can be edited while ripple runs.
#include <string>

namespace ripple::gl {

class ShaderSource {
 public:
  // An empty folder means the embedded copies.
  explicit ShaderSource(std::string folder = {}) : folder_(std::move(folder)) {}

  // The text of `path` ("shaders/step.frag"); throws ripple::Error naming the
  // file when it is missing or unreadable.
  std::string load(const std::string& path) const;
  const std::string& folder() const { return folder_; }

 private:
  std::string folder_;
};

}  // namespace ripple::gl
