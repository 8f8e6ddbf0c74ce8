#include "test_folder.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

namespace ripple::test {

std::filesystem::path testFolder(const std::string& group) {
  const ::testing::TestInfo* running = ::testing::UnitTest::GetInstance()->current_test_info();
  std::string name = running ? std::string(running->test_suite_name()) + "." + running->name() : "no_test";
  std::replace(name.begin(), name.end(), '/', '_');  // parameterised tests are named SUITE/NAME/PARAM
  const std::filesystem::path folder = std::filesystem::path(RIPPLE_TEST_DATA_DIR) / group / name;
  static std::set<std::filesystem::path> emptied;
  if (emptied.insert(folder).second) {
    std::filesystem::remove_all(folder);
    std::filesystem::create_directories(folder);
  }
  return folder;
}

}  // namespace ripple::test
