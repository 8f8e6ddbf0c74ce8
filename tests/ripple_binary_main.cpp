// main() of the tests that run the real ripple binary, whose path CTest
// passes as the one argument.
#include <gtest/gtest.h>

#include <cstdio>

#include "cli_runner.hpp"

int main(int argc, char** argv) {
  testing::InitGoogleTest(&argc, argv);
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s PATH/TO/ripple\n", argv[0]);
    return 2;
  }
  ripple::test::gRippleBinary = argv[1];
  return RUN_ALL_TESTS();
}
