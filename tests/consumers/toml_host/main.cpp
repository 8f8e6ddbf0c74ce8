// toml_host: a program that reads TOML with toml++ header-only, as toml++'s
// headers are by default, and uses libripple, whose scene files use
// Debian's compiled toml++. ripple's flags must not choose toml++'s mode for
// its users: with the TOML_HEADER_ONLY=0 of toml++'s .pc, toml++'s functions
// would be left to a library this program does not link, and its link fails.
#if defined(TOML_HEADER_ONLY) || defined(TOML_SHARED_LIB)
#error "ripple's compile flags set toml++'s mode (TOML_HEADER_ONLY, TOML_SHARED_LIB) for its users"
#endif
#include <toml++/toml.h>

#include <cstdio>

#include <ripple/ripple.hpp>

int main() {
  try {
    const toml::table run = toml::parse("steps = 40\n");  // the host's own TOML
    ripple::Water water(64, 48, ripple::Backend::Cpu);
    water.loadScene(ripple::parseScene("ripple_scene = 1\n[water]\ndamping = 0.01\n"));  // ripple's
    water.drop(32, 24, 4, 96.0f);
    water.step(run["steps"].value_or(0));
    std::printf("toml_host: %lld steps, damping %.2f\n", water.stepsDone(), water.rule().damping);
    return water.stepsDone() == 40 && water.rule().damping == 0.01f ? 0 : 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "toml_host: %s\n", e.what());
    return 1;
  }
}
