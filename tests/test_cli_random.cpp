// Generated argument lists, valid and invalid mixed (fixed seed), through
// the real binary: every run ends with exit code 0, 1 or 2, never a signal (a
// crash, an abort, a sanitizer report) and never a hang. 5,000 lists; 1,000
// in the sanitizer build (RIPPLE_CLI_RANDOM_LISTS), where a run of ripple,
// which links libav and x264, starts two to five times slower and 5,000 took
// more than the test's 20 minutes.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <random>

#include "cli_runner.hpp"
#include "core/image.hpp"

namespace ripple {
namespace {

namespace fs = std::filesystem;

class ArgumentGenerator {
 public:
  ArgumentGenerator(std::uint32_t seed, fs::path dir) : random_(seed), dir_(std::move(dir)) {}

  std::vector<std::string> next() {
    std::vector<std::string> args;
    if (chance(0.95)) args.push_back("--headless");
    // Mostly the small picture: decoding the 1024x640 default each time would
    // make 5,000 runs slow.
    if (chance(0.9)) args.insert(args.end(), {"--image", pick({small(), small(), small(), missing(), dir_.string()})});
    // Mostly small grids, so that the valid runs are quick too.
    if (chance(0.9)) args.insert(args.end(), {"--size", pick({"16x16", "24x16", "7x5", "1x1", "2x2"})});
    if (chance(0.7)) args.insert(args.end(), {"--backend", pick({"cpu", "cpu", "cpu", "cpu", "gpu", "tpu", ""})});
    const int options = uniform(0, 7);
    for (int i = 0; i < options; ++i) addOption(args);
    if (chance(0.05)) std::shuffle(args.begin(), args.end(), random_);
    return args;
  }

 private:
  bool chance(double p) { return std::uniform_real_distribution<double>(0, 1)(random_) < p; }
  int uniform(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(random_); }
  std::string pick(std::initializer_list<std::string> choices) {
    auto it = choices.begin();
    std::advance(it, uniform(0, int(choices.size()) - 1));
    return *it;
  }
  std::string small() const { return (dir_ / "small.png").string(); }
  std::string missing() const { return (dir_ / "missing.png").string(); }
  std::string number() {
    return pick({"0", "1", "2", "5", "17", "-1", "-0.1", "0.5", "1e30", "nan", "inf", "-inf", "abc", "", "3.",
                 "99999999999", "0x10", " 4", "1,2"});
  }

  void addOption(std::vector<std::string>& a) {
    switch (uniform(0, 29)) {
      case 0:
        a.insert(a.end(), {"--size", pick({"16x16", "1x1", "2x2", "33x7", "0x0", "-5x10", "abc", "100000x100000",
                                           "64x48", "8x", "x8", "16x16x16"})});
        break;
      case 1:
        a.insert(a.end(), {"--mode", pick({"float", "classic", "Classic", "wave", ""})});
        break;
      case 2:
        a.insert(a.end(), {"--damping", pick({"0", "0.03125", "0.5", "0.999", "1", "nan", "-0.1", "inf", "x"})});
        break;
      case 3:
        a.insert(a.end(), {"--steps", pick({"0", "1", "3", "20", "-1", "abc", "1e3", "40"})});
        break;
      case 4: {
        const std::string drop = std::to_string(uniform(-20, 80)) + "," + std::to_string(uniform(-20, 80)) + "," +
                                 std::to_string(uniform(-2, 30)) + "," +
                                 pick({"64", "1e30", "-40", "nan", "0", "4096", "4097"}) +
                                 (chance(0.3) ? "@" + std::to_string(uniform(0, 30)) : "");
        a.insert(a.end(), {"--drop", chance(0.9) ? drop : pick({"1,2", "a,b,c,d", "", "1,2,3,4@", "1,2,3,4,5"})});
        break;
      }
      case 5:
        a.insert(a.end(), {"--rain", number()});
        break;
      case 6:
        a.insert(a.end(), {"--seed", number()});
        break;
      case 7:
        a.insert(a.end(), {"--refraction", number()});
        break;
      case 8:
        a.insert(a.end(), {"--shading", number()});
        break;
      case 9:
        a.insert(a.end(),
                 {"--save-height", pick({(dir_ / "h.npy").string(), (dir_ / "no/h.npy").string(), dir_.string()})});
        break;
      case 10:
        a.insert(a.end(),
                 {"--save-frame", pick({(dir_ / "f.png").string(), (dir_ / "no/f.png").string(), dir_.string()})});
        break;
      case 11:
        a.insert(a.end(), {"--save-frames", (dir_ / "frames").string()});
        break;
      case 12:
        a.insert(a.end(), {"--every", number()});
        break;
      case 13:
        a.push_back("--verify");
        break;
      case 14:
        a.push_back("--quiet");
        break;
      case 15:
        a.push_back(pick({"--bogus", "-x", "--", "--size", "--drop", "--help", "--version", "positional"}));
        break;
      case 16:
        a.insert(a.end(), {"--stone-weight", number()});
        break;
      case 17:
        a.insert(a.end(), {"--shaders", pick({dir_.string(), (dir_ / "none").string()})});
        break;
      case 18:
        a.push_back("--no-panel");
        break;
      case 19:
        a.insert(a.end(), {"--step-path", pick({"auto", "fragment", "compute", "gpu", ""})});
        break;
      // The wave tank.
      case 20:
        a.insert(a.end(), {"--wall", pick({"0,8,15,8", "0,8,15,8,1", "3,3,3,3,4", "0,0,99,99,0", "a,b,c,d", "1,2,3",
                                           "-40,-40,-30,-30", "0,8,15,8,1000", ""})});
        break;
      case 21:
        a.insert(a.end(), {pick({"--walls", "--medium"}), pick({small(), missing(), dir_.string(), ""})});
        break;
      case 22:
        a.insert(a.end(), {"--edges", pick({"fixed", "free", "absorbing", "wrap", "wrap,absorbing", "free,fixed",
                                            "open", "fixed,", ",", "a,b,c"})});
        break;
      case 23:
        a.insert(a.end(), {"--wall-kind", pick({"reflecting", "held", "soft", ""})});
        break;
      case 24:
        a.insert(a.end(), {"--source", pick({"8,8,10,20", "8,8,2.5,20@1:5", "8,8,1,20", "8,8,10,nan", "8,8,10,1e30",
                                             "500,8,10,20", "8,8,10,20@5:2", "8,8", ""})});
        break;
      case 25:
        a.insert(a.end(), {"--line-source", pick({"0,4,15,4,12,30", "0,4,15,4,12,30@2", "0,4,15,4,0,30", "0,4,15,4",
                                                  "99,99,120,120,12,30"})});
        break;
      case 26:
        a.insert(a.end(), {"--save-heights", pick({(dir_ / "heights").string(), (dir_ / "no/h").string()})});
        break;
      // Recordings.
      case 27:
        a.insert(a.end(),
                 {"--save-video", pick({(dir_ / "v.mp4").string(), (dir_ / "v.GIF").string(),
                                        (dir_ / "no/v.mp4").string(), (dir_ / "v.avi").string(), dir_.string(), ""})});
        break;
      case 28:
        a.insert(a.end(), {"--fps", chance(0.5) ? pick({"30", "50", "51", "60", "61"}) : number()});
        break;
      default:
        a.insert(a.end(), {"--steps", pick({"2", "5"})});
        break;
    }
  }

  std::mt19937 random_;
  fs::path dir_;
};

TEST(CliRandom, GeneratedArgumentListsEndWithExitCode0To2) {
  // No window can open: without a display the window mode says so and exits 1.
  unsetenv("DISPLAY");
  unsetenv("WAYLAND_DISPLAY");
  const fs::path dir = fs::path(RIPPLE_TEST_DATA_DIR) / "cli_random";
  fs::remove_all(dir);
  fs::create_directories(dir);
  savePicture(Picture(24, 16), (dir / "small.png").string());

  ArgumentGenerator generate(20261122, dir);
  int counts[3] = {0, 0, 0};
  constexpr int kLists = RIPPLE_CLI_RANDOM_LISTS;
  for (int i = 0; i < kLists; ++i) {
    const std::vector<std::string> args = generate.next();
    const test::RunResult r = test::runRipple(args);
    std::string joined;
    for (const auto& a : args) joined += "'" + a + "' ";
    ASSERT_EQ(r.signal, 0) << "killed by signal " << r.signal << ": ripple " << joined << "\n" << r.err;
    ASSERT_TRUE(r.exitCode >= 0 && r.exitCode <= 2) << "exit " << r.exitCode << ": ripple " << joined << "\n" << r.err;
    if (r.exitCode != 0) {
      // Errors are one line each (a failed --verify prints its report instead).
      ASSERT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << "ripple " << joined << "\n" << r.err;
    }
    ++counts[r.exitCode];
  }
  std::printf("exit codes: %d x 0, %d x 1, %d x 2\n", counts[0], counts[1], counts[2]);
  EXPECT_GT(counts[0], kLists / 10) << "too few valid runs to mean much";
  EXPECT_GT(counts[1], kLists / 50);
  EXPECT_GT(counts[2], kLists / 10);
}

}  // namespace
}  // namespace ripple
