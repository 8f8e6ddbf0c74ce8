#include "cli_files.hpp"

#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <iterator>
#include <regex>
#include <set>

namespace ripple::test {

std::filesystem::path scratchFolder(const std::string& name) {
  static std::set<std::string> emptied;
  const std::filesystem::path folder = std::filesystem::path(RIPPLE_TEST_DATA_DIR) / name;
  if (emptied.insert(name).second) {
    std::filesystem::remove_all(folder);
    std::filesystem::create_directories(folder);
  }
  return folder;
}

std::string readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// Magic, version, header length, a dict literal, then the data.
Npy readNpy(const std::string& path) {
  const std::string bytes = readFile(path);
  Npy npy;
  EXPECT_GE(bytes.size(), 10u);
  if (bytes.size() < 10) return npy;
  EXPECT_EQ(bytes.substr(0, 8), std::string("\x93NUMPY\x01\x00", 8)) << "magic and version 1.0";
  const size_t headerLength = static_cast<unsigned char>(bytes[8]) | static_cast<unsigned char>(bytes[9]) << 8;
  EXPECT_EQ((10 + headerLength) % 64, 0u) << "data must start on a 64-byte boundary";
  const std::string header = bytes.substr(10, headerLength);
  EXPECT_EQ(header.back(), '\n');
  EXPECT_NE(header.find("'descr': '<f4'"), std::string::npos) << header;
  EXPECT_NE(header.find("'fortran_order': False"), std::string::npos) << header;
  std::smatch m;
  if (!std::regex_search(header, m, std::regex(R"('shape': \((\d+), (\d+)\))"))) {
    ADD_FAILURE() << "no 2-D shape in " << header;
    return npy;
  }
  npy.rows = std::stoi(m[1]);
  npy.cols = std::stoi(m[2]);
  const size_t count = static_cast<size_t>(npy.rows) * npy.cols;
  EXPECT_EQ(bytes.size(), 10 + headerLength + count * 4) << "data size for the shape";
  npy.values.resize(count);
  if (bytes.size() >= 10 + headerLength + count * 4)
    std::memcpy(npy.values.data(), &bytes[10 + headerLength], count * 4);
  return npy;
}

}  // namespace ripple::test
