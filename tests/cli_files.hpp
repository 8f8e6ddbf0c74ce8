#pragma once
// The files of the command-line tests: a scratch folder for what a run
// writes, and what they read back: any file as bytes, and .npy heights
// through a reader written from the format's specification, independent of
// the writer in src/lib/core/npy.cpp.
#include <filesystem>
#include <string>
#include <vector>

namespace ripple::test {

// RIPPLE_TEST_DATA_DIR/NAME, emptied the first time this process asks for it.
std::filesystem::path scratchFolder(const std::string& name);

std::string readFile(const std::string& path);

struct Npy {
  int rows = 0, cols = 0;
  std::vector<float> values;
  float at(int x, int y) const { return values[static_cast<size_t>(y) * cols + x]; }
};
// Checks the magic, the version, the header (float32, C order, 2-D) and the
// size with gtest's EXPECTs; a file that is not one gives an empty Npy.
Npy readNpy(const std::string& path);

}  // namespace ripple::test
