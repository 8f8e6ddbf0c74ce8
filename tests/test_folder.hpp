#pragma once
// A scratch folder of the test that is running: RIPPLE_TEST_DATA_DIR/GROUP/
// SUITE.TEST. ctest runs each test of ripple_core_tests in a process of its
// own, several at a time, so a folder shared by a group's tests would be
// emptied by one test's process while another's writes in it.
#include <filesystem>
#include <string>

namespace ripple::test {

// Emptied the first time the running test asks for it.
std::filesystem::path testFolder(const std::string& group);

}  // namespace ripple::test
