// The headless command line, as scripts use it: every option runs the real
// binary, every usage error checks the exit code and the one-line message.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <sstream>
#include <variant>

#include "cli_files.hpp"
#include "cli_runner.hpp"
#include "core/builtin_pictures.hpp"
#include "core/image.hpp"
#include "core/param_table.hpp"

namespace ripple {
namespace {

namespace fs = std::filesystem;
using test::expectUsageError;
using test::headless;
using test::Npy;
using test::readFile;
using test::readNpy;
using test::RunResult;
using test::runRipple;

fs::path scratchDir() { return test::scratchFolder("cli_test"); }
std::string scratch(const std::string& name) { return (scratchDir() / name).string(); }

// ------------------------------------------------------------------ options

TEST(Cli, HelpAndVersion) {
  const RunResult help = runRipple({"--help"});
  EXPECT_EQ(help.exitCode, 0);
  for (const char* option :
       {"--headless",    "--size",       "--mode",        "--damping",     "--steps",   "--drop",
        "--rain",        "--seed",       "--image",       "--refraction",  "--shading", "--height-shading",
        "--save-height", "--save-frame", "--save-frames", "--every",       "--backend", "--verify",
        "--quiet",       "--version",    "--wall",        "--walls",       "--medium",  "--edges",
        "--wall-kind",   "--source",     "--line-source", "--save-heights"}) {
    EXPECT_NE(help.out.find(option), std::string::npos) << option;
  }
  const RunResult version = runRipple({"--version"});
  EXPECT_EQ(version.exitCode, 0);
  EXPECT_EQ(version.out, "ripple " RIPPLE_VERSION "\n");
}

TEST(Cli, SizeSetsTheShapeAndDefaultIsThePicture) {
  const RunResult r = runRipple(headless({"--size", "48x32", "--steps", "0", "--save-height", scratch("s.npy"),
                                          "--save-frame", scratch("s.png"), "--quiet"}));
  ASSERT_EQ(r.exitCode, 0) << r.err;
  const Npy npy = readNpy(scratch("s.npy"));
  EXPECT_EQ(npy.rows, 32);
  EXPECT_EQ(npy.cols, 48);
  const Picture frame = loadImageFile(scratch("s.png"));
  EXPECT_EQ(frame.width, 48);
  EXPECT_EQ(frame.height, 32);
  ASSERT_EQ(runRipple(headless({"--steps", "0", "--save-height", scratch("d.npy"), "--quiet"})).exitCode, 0);
  const Npy whole = readNpy(scratch("d.npy"));
  EXPECT_EQ(whole.cols, 1024);  // the embedded picture is 1024x640
  EXPECT_EQ(whole.rows, 640);
}

TEST(Cli, StepsZeroSavesTheFirstStonesAndRowZeroIsTheTop) {
  // A stone at the top-left corner must land in the first rows of the array.
  const RunResult r = runRipple(headless({"--size", "40x30", "--steps", "0", "--drop", "3,2,2,50", "--quiet",
                                          "--stone-shape", "disc", "--save-height", scratch("top.npy")}));
  ASSERT_EQ(r.exitCode, 0) << r.err;
  const Npy npy = readNpy(scratch("top.npy"));
  ASSERT_EQ(npy.rows, 30);
  for (int y = 0; y < 30; ++y) {
    for (int x = 0; x < 40; ++x) {
      const bool inside = (x - 3) * (x - 3) + (y - 2) * (y - 2) < 4;
      EXPECT_EQ(npy.at(x, y), inside ? -50.0f : 0.0f) << x << "," << y;
    }
  }
}

TEST(Cli, StonesOfOneStepApplyInTheOrderGiven) {
  auto centre = [](const std::vector<std::string>& drops) {
    std::vector<std::string> args{"--size", "41x41",         "--steps",       "0", "--quiet", "--stone-shape",
                                  "disc",   "--save-height", scratch("o.npy")};
    for (auto& d : drops) args.insert(args.end(), {"--drop", d});
    EXPECT_EQ(runRipple(headless(args)).exitCode, 0);
    const Npy n = readNpy(scratch("o.npy"));
    return std::pair<float, float>(n.at(20, 20), n.at(20, 24));  // the centre; 4 cells below it
  };
  EXPECT_EQ(centre({"20,20,6,10", "20,20,3,30"}), std::make_pair(-30.0f, -10.0f));
  EXPECT_EQ(centre({"20,20,3,30", "20,20,6,10"}), std::make_pair(-10.0f, -10.0f));
}

TEST(Cli, DropAtStepWaitsForThatStep) {
  // On calm water, a stone before step 3 followed by one step is the same as
  // the stone before step 0 followed by one step.
  ASSERT_EQ(runRipple(headless({"--size", "30x30", "--steps", "4", "--drop", "15,15,4,60@3", "--quiet", "--save-height",
                                scratch("late.npy")}))
                .exitCode,
            0);
  ASSERT_EQ(runRipple(headless({"--size", "30x30", "--steps", "1", "--drop", "15,15,4,60", "--quiet", "--save-height",
                                scratch("early.npy")}))
                .exitCode,
            0);
  EXPECT_EQ(readNpy(scratch("late.npy")).values, readNpy(scratch("early.npy")).values);
  EXPECT_NE(readNpy(scratch("late.npy")).at(15, 15), 0.0f);
}

TEST(Cli, ModeAndDampingChangeTheWater) {
  auto run = [](const std::vector<std::string>& extra, const std::string& file) {
    std::vector<std::string> args{"--size",     "64x64",   "--steps",       "40",         "--drop",
                                  "32,32,5,77", "--quiet", "--save-height", scratch(file)};
    args.insert(args.end(), extra.begin(), extra.end());
    EXPECT_EQ(runRipple(headless(args)).exitCode, 0);
    return readNpy(scratch(file));
  };
  const Npy classic = run({"--mode", "classic"}, "classic.npy");
  for (float v : classic.values) ASSERT_EQ(v, std::floor(v)) << "classic heights are whole numbers";
  const Npy floating = run({"--mode", "float"}, "float.npy");
  EXPECT_NE(classic.values, floating.values);
  auto energy = [](const Npy& n) {
    double e = 0;
    for (float v : n.values) e += double(v) * v;
    return e;
  };
  const Npy undamped = run({"--damping", "0"}, "d0.npy");
  const Npy damped = run({"--damping", "0.2"}, "d2.npy");
  EXPECT_GT(energy(undamped), 10 * energy(damped));
}

TEST(Cli, RainIsReproducibleBySeed) {
  auto rain = [](const std::string& seed, const std::string& file) {
    EXPECT_EQ(runRipple(headless({"--size", "80x60", "--steps", "50", "--rain", "0.5", "--seed", seed, "--quiet",
                                  "--save-height", scratch(file)}))
                  .exitCode,
              0);
    return readNpy(scratch(file)).values;
  };
  const auto a = rain("7", "r7a.npy"), b = rain("7", "r7b.npy"), c = rain("8", "r8.npy");
  EXPECT_EQ(a, b);
  EXPECT_NE(a, c);
  EXPECT_TRUE(std::any_of(a.begin(), a.end(), [](float v) { return v != 0.0f; })) << "rain should fall";
}

// A built-in picture by name: the tank's floor is the frame (and its size)
// under calm water; a name that is not one is a usage error.
TEST(Cli, BuiltInPicturesByName) {
  ASSERT_EQ(runRipple(headless({"--image", "builtin:tank", "--steps", "0", "--quiet", "--light", "0", "--save-frame",
                                scratch("tank_floor.png")}))
                .exitCode,
            0);
  EXPECT_EQ(loadImageFile(scratch("tank_floor.png")).rgba, tankFloorPicture().rgba);
  const RunResult unknown = runRipple(headless({"--image", "builtin:sea", "--steps", "0"}));
  EXPECT_EQ(unknown.exitCode, 2);
  EXPECT_EQ(
      unknown.err.rfind("ripple: --image: 'builtin:sea' is not a built-in picture: builtin:pool or builtin:tank", 0),
      0u)
      << unknown.err;
  EXPECT_EQ(std::count(unknown.err.begin(), unknown.err.end(), '\n'), 1) << unknown.err;
  // A walls or speed picture is the user's own file, never a built-in one.
  for (const char* option : {"--walls", "--medium"}) {
    const RunResult refused = runRipple(headless({option, "builtin:tank", "--steps", "0"}));
    EXPECT_EQ(refused.exitCode, 2) << option;
    EXPECT_EQ(refused.err.rfind(std::string("ripple: ") + option +
                                    ": 'builtin:tank': built-in pictures are for --image; this one must be a file",
                                0),
              0u)
        << refused.err;
    EXPECT_EQ(std::count(refused.err.begin(), refused.err.end(), '\n'), 1) << refused.err;
  }
}

TEST(Cli, ImageIsCoveredAndShownUnderCalmWater) {
  Picture picture(60, 40);
  for (int y = 0; y < 40; ++y)
    for (int x = 0; x < 60; ++x) {
      uint8_t* p = picture.pixel(x, y);
      p[0] = uint8_t(x * 4);
      p[1] = uint8_t(y * 6);
      p[2] = 77;
      p[3] = 255;
    }
  savePicture(picture, scratch("pic.png"));
  ASSERT_EQ(runRipple(headless({"--image", scratch("pic.png"), "--steps", "0", "--quiet", "--mode", "classic",
                                "--save-frame", scratch("pic_frame.png")}))
                .exitCode,
            0);
  const Picture frame = loadImageFile(scratch("pic_frame.png"));
  EXPECT_EQ(frame.rgba, picture.rgba) << "flat water shows the picture as it is";
  ASSERT_EQ(runRipple(headless({"--image", scratch("pic.png"), "--size", "20x20", "--steps", "0", "--quiet",
                                "--save-frame", scratch("pic_square.png")}))
                .exitCode,
            0);
  const Picture square = loadImageFile(scratch("pic_square.png"));
  EXPECT_EQ(square.width, 20);
  // Covering a 60x40 picture with a square keeps its middle 40x40: the left
  // edge shows source column 10, not column 0 (no stretching).
  EXPECT_NEAR(square.pixel(0, 10)[0], 10 * 4 + 2, 6);
}

TEST(Cli, RefractionAndShadingChangeTheFrame) {
  auto frame = [](const std::vector<std::string>& extra, const std::string& file) {
    std::vector<std::string> args{"--size",     "64x48",   "--steps",      "10",         "--drop",
                                  "32,24,6,90", "--quiet", "--save-frame", scratch(file)};
    args.insert(args.end(), extra.begin(), extra.end());
    EXPECT_EQ(runRipple(headless(args)).exitCode, 0);
    return loadImageFile(scratch(file));
  };
  const Picture none = frame({"--refraction", "0", "--light", "0"}, "ref0.png");
  const Picture strong = frame({"--refraction", "2", "--light", "0"}, "ref2.png");
  const Picture shaded = frame({"--refraction", "0", "--light", "0", "--shading", "2"}, "shade.png");
  const Picture lit = frame({"--refraction", "0", "--light", "2"}, "lit.png");
  const Picture heightShaded = frame({"--refraction", "0", "--light", "0", "--height-shading", "4"}, "height.png");
  ASSERT_EQ(
      runRipple(headless({"--size", "64x48", "--steps", "0", "--quiet", "--save-frame", scratch("calm.png")})).exitCode,
      0);
  EXPECT_EQ(none.rgba, loadImageFile(scratch("calm.png")).rgba) << "refraction 0: the picture as it is";
  EXPECT_NE(strong.rgba, none.rgba);
  EXPECT_NE(shaded.rgba, none.rgba);
  EXPECT_NE(lit.rgba, none.rgba) << "the light shows on the water";
  EXPECT_NE(heightShaded.rgba, none.rgba) << "the height shading shows on the water";
}

TEST(Cli, SaveFramesEveryK) {
  const std::string dir = scratch("frames");
  const RunResult r = runRipple(headless(
      {"--size", "32x24", "--steps", "25", "--drop", "16,12,3,64", "--quiet", "--save-frames", dir, "--every", "10"}));
  ASSERT_EQ(r.exitCode, 0) << r.err;
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(dir)) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  EXPECT_EQ(names, (std::vector<std::string>{"frame_000000.png", "frame_000010.png", "frame_000020.png"}));
  EXPECT_NE(loadImageFile(dir + "/frame_000000.png").rgba, loadImageFile(dir + "/frame_000020.png").rgba);
}

TEST(Cli, CpuAndGpuBackendsGiveIdenticalFilesInClassicMode) {
  for (const char* backend : {"gpu", "cpu"}) {
    const std::string b = backend;
    const RunResult r = runRipple(headless({"--backend",
                                            b,
                                            "--mode",
                                            "classic",
                                            "--size",
                                            "120x80",
                                            "--steps",
                                            "150",
                                            "--drop",
                                            "60,40,7,100",
                                            "--drop",
                                            "0,0,9,64@20",
                                            "--drop",
                                            "119,79,5,80@90",
                                            "--rain",
                                            "0.2",
                                            "--quiet",
                                            "--save-height",
                                            scratch(b + ".npy"),
                                            "--save-frame",
                                            scratch(b + ".png")}));
    ASSERT_EQ(r.exitCode, 0) << r.err;
  }
  EXPECT_EQ(readFile(scratch("gpu.npy")), readFile(scratch("cpu.npy")));
  EXPECT_EQ(readFile(scratch("gpu.png")), readFile(scratch("cpu.png")));
}

const std::vector<std::string> kVerifyScenario{"--size",      "160x100",        "--steps",   "300",    "--drop",
                                               "80,50,8,128", "--drop",         "0,0,10,64", "--drop", "159,60,6,96@40",
                                               "--drop",      "30,99,5,50@150", "--rain",    "0.1"};

TEST(Cli, VerifyPassesInBothModes) {
  for (const char* mode : {"classic", "float"}) {
    std::vector<std::string> args = headless(kVerifyScenario);
    args.insert(args.end(), {"--mode", mode, "--verify"});
    const RunResult r = runRipple(args);
    EXPECT_EQ(r.exitCode, 0) << r.out << r.err;
    EXPECT_EQ(r.out.rfind(std::string("verify PASS: ") + mode + " mode, 160x100, 300 steps", 0), 0u) << r.out;
  }
}

// A copy of the shaders in a scratch folder of its own, for --shaders.
fs::path copyOfTheShaders(const std::string& name) {
  const fs::path dir = scratchDir() / name;
  fs::create_directories(dir);
  for (const auto& e : fs::directory_iterator(fs::path(RIPPLE_SOURCE_DIR) / "shaders")) {
    fs::copy_file(e.path(), dir / e.path().filename(), fs::copy_options::overwrite_existing);
  }
  return dir;
}

// GLSL source with its comments blanked out, character for character (line
// ends kept), so a position in one is the same position in the other: a
// search for code finds code, never a comment that quotes it.
std::string withoutComments(const std::string& source) {
  std::string code = source;
  for (size_t i = 0; i < code.size();) {
    const bool line = code.compare(i, 2, "//") == 0, block = code.compare(i, 2, "/*") == 0;
    if (!line && !block) {
      ++i;
      continue;
    }
    const size_t end = line ? code.find('\n', i) : code.find("*/", i + 2);
    const size_t stop = end == std::string::npos ? code.size() : (line ? end : end + 2);
    for (; i < stop; ++i)
      if (code[i] != '\n') code[i] = ' ';
  }
  return code;
}

// `source` with every occurrence of `code` outside comments replaced by
// `broken`, or nothing (and a failure that says why) when the code no longer
// occurs there: breaking a comment instead would test nothing.
std::optional<std::string> breakShaderCode(const std::string& source, const std::string& code,
                                           const std::string& broken) {
  const std::string original = withoutComments(source);
  std::vector<size_t> found;
  for (size_t at = original.find(code); at != std::string::npos; at = original.find(code, at + code.size())) {
    found.push_back(at);
  }
  if (found.empty()) {
    ADD_FAILURE() << "the shader's code (outside comments) no longer contains '" << code
                  << "': break the line that does its work now";
    return std::nullopt;
  }
  std::string result = source;
  for (auto at = found.rbegin(); at != found.rend(); ++at) result.replace(*at, code.size(), broken);
  if (withoutComments(result) == original) {
    ADD_FAILURE() << "replacing '" << code << "' left the shader's code as it was";
    return std::nullopt;
  }
  return result;
}

TEST(Cli, VerifyFailsWhenTheGpuDiffers) {
  // Deliberately broken variants of the step shader, each in a folder of its
  // own: classic mode halves the neighbours' sum with 0.51 instead of 0.5,
  // float mode damps by 1% more than it should. The line is found in the
  // code, not in the comments that quote it; if the code changes, the test
  // fails saying so rather than breaking a comment and verifying nothing.
  struct Breakage {
    const char* mode;
    const char* file;
    const char* code;
    const char* broken;
  };
  for (const Breakage& b : {Breakage{"classic", "step_plain.glsl", "floor(sum * 0.5)", "floor(sum * 0.51)"},
                            Breakage{"float", "step_rule.glsl", "kept = next - next * u_damping;",
                                     "kept = next - next * u_damping * 1.01;"}}) {
    const fs::path dir = copyOfTheShaders(std::string("broken_shaders_") + b.mode);
    const std::optional<std::string> step = breakShaderCode(readFile((dir / b.file).string()), b.code, b.broken);
    ASSERT_TRUE(step) << b.mode << " mode";
    std::ofstream((dir / b.file).string(), std::ios::trunc) << *step;

    std::vector<std::string> args = headless(kVerifyScenario);
    args.insert(args.end(), {"--mode", b.mode, "--verify", "--shaders", dir.string()});
    const RunResult r = runRipple(args);
    EXPECT_EQ(r.exitCode, 1) << r.out << r.err;
    EXPECT_EQ(r.out.rfind(std::string("verify FAIL: ") + b.mode + " mode", 0), 0u) << r.out;
  }
}

// --verify's sensitivity, pinned: one cell of the GPU's result moved by
// twice the tolerance fails, by half of it passes. The step shader (a copy
// in --shaders) adds the amount to cell (20, 20) after its single step; the
// tolerance is the one the clean run prints (1e-4 of the largest height,
// worked by hand in Verification.ToleranceByHand).
TEST(Cli, VerifyFailsAtTwiceItsToleranceInOneCellAndPassesAtHalf) {
  // Disc stones: the step is the CPU's bit for bit, so the clean run differs nowhere.
  const std::vector<std::string> run = {"--size", "64x48",   "--drop", "40,30,5,100", "--stone-shape",
                                        "disc",   "--steps", "1",      "--verify"};
  const RunResult clean = runRipple(headless(run));
  ASSERT_EQ(clean.exitCode, 0) << clean.out << clean.err;
  EXPECT_NE(clean.out.find(", 0 differing cells"), std::string::npos) << clean.out;
  const size_t at = clean.out.find("(tolerance ");
  ASSERT_NE(at, std::string::npos) << clean.out;
  const double tolerance = std::stod(clean.out.substr(at + 11));
  EXPECT_GT(tolerance, 0.0);
  for (const auto& [share, passes] : {std::pair(2.0, false), std::pair(0.5, true)}) {
    const fs::path dir = copyOfTheShaders("offset_" + std::to_string(share));
    const std::string offset = "(ivec2(gl_FragCoord.xy) == HEIGHT_MARGIN + ivec2(5, 20) ? vec4(" +
                               std::to_string(share * tolerance) + ", 0.0, 0.0, 0.0) : vec4(0.0))";
    const std::optional<std::string> step = breakShaderCode(readFile((dir / "step_rule.glsl").string()),
                                                            "nextOut = next;", "nextOut = next + " + offset + ";");
    ASSERT_TRUE(step);
    std::ofstream((dir / "step_rule.glsl").string(), std::ios::trunc) << *step;
    std::vector<std::string> args = headless(run);
    args.insert(args.end(), {"--shaders", dir.string()});
    const RunResult r = runRipple(args);
    EXPECT_EQ(r.exitCode, passes ? 0 : 1) << share << " x the tolerance: " << r.out << r.err;
    EXPECT_NE(r.out.find(", 1 differing cells"), std::string::npos) << r.out;
  }
}

// docs/cli.md and --help, option by option. What --help says is the truth
// (it is made from the options themselves, the parameters' ranges from the
// parameters' table, the defaults from Params); the page must not drift.

// An option as a text shows it: the name of its value ("" for a flag) and
// the words that say what it does.
struct ShownOption {
  std::string value;
  std::string text;
  std::string group;  // --help's group, docs/cli.md's section
};
// By every name: "--damping", "-h".
using ShownOptions = std::map<std::string, ShownOption>;

// --help: "  -h,--help   words", "  --damping FLOAT   words" or, where the
// names are long, "  --source X,Y,... ...\n                words".
ShownOptions optionsOfTheHelp(const std::string& help) {
  static const std::regex kLine(R"(^  ((?:-[a-z],)?--[a-z][a-z-]*)(?: ([^ ]+))?(?: \.\.\.)?(?:\s{2,}(.*))?$)");
  ShownOptions options;
  std::istringstream lines(help);
  static const std::regex kGroup(R"(^([A-Z][^:]*):$)");
  std::vector<ShownOption*> waiting;  // the options of the line before, whose words come on the next
  std::string group;
  for (std::string line; std::getline(lines, line);) {
    std::smatch m;
    if (std::regex_match(line, m, kGroup)) group = m[1].str();
    if (!std::regex_match(line, m, kLine)) {
      for (ShownOption* o : waiting) o->text = line;
      waiting.clear();
      continue;
    }
    waiting.clear();
    std::istringstream names(m[1].str());
    for (std::string name; std::getline(names, name, ',');) {
      options[name] = {m[2].str(), m[3].str(), group};
      if (!m[3].matched) waiting.push_back(&options[name]);
    }
  }
  return options;
}

// docs/cli.md: the rows of its tables, "| `-h`, `--help` | words |" or
// "| `--mode float\|classic` | words |". A name in two rows goes to `twice`.
ShownOptions optionsOfThePage(const std::string& page, std::vector<std::string>& twice) {
  static const std::regex kRow(R"(^\| (`-[^|]*`(?:, `-[^`]*`)*) \| (.*) \|$)");
  static const std::regex kEntry(R"(`(-{1,2}[a-z][a-z-]*)(?: ([^`]+))?`)");
  ShownOptions options;
  std::istringstream lines(page);
  std::string section;
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("## ", 0) == 0) section = line.substr(3);
    std::smatch row;
    // "\|" is a "|" in a table's cell: out of the way while the row is cut.
    const std::string cells = std::regex_replace(line, std::regex(R"(\\\|)"), "\x01");
    if (!std::regex_match(cells, row, kRow)) continue;
    const std::string entries = row[1].str();
    for (std::sregex_iterator e(entries.begin(), entries.end(), kEntry), end; e != end; ++e) {
      const std::string name = (*e)[1].str();
      if (options.count(name) > 0) twice.push_back(name);
      options[name] = {std::regex_replace((*e)[2].str(), std::regex("\x01"), "|"), row[2].str(), section};
    }
  }
  return options;
}

// The ranges a text states, as "0 to 4" or "0 to below 1": "from 2 to
// 100000", "0 (off) to 4".
std::set<std::string> rangesIn(const std::string& text) {
  static const std::regex kRange(R"((-?\d+(?:\.\d+)?)(?: \([^)]*\))? to (below )?(-?\d+(?:\.\d+)?))");
  std::set<std::string> ranges;
  for (std::sregex_iterator r(text.begin(), text.end(), kRange), end; r != end; ++r)
    ranges.insert((*r)[1].str() + " to " + (*r)[2].str() + (*r)[3].str());
  return ranges;
}

std::set<std::string> numbersIn(const std::string& text) {
  static const std::regex kNumber(R"(-?\d+(?:\.\d+)?)");
  std::set<std::string> numbers;
  for (std::sregex_iterator n(text.begin(), text.end(), kNumber), end; n != end; ++n) numbers.insert(n->str());
  return numbers;
}

// Every option of --help is a row of docs/cli.md and every row an option of
// --help, in the section that has the name of its group there; their values have the same name (where --help gives one
// rather than CLI11's TEXT, INT, UINT or FLOAT), the same ranges and the same defaults; and a parameter of the table
// whose range either states has it as the table does.
TEST(Cli, TheDocsListEveryOptionOfHelpAndNoOther) {
  const RunResult help = runRipple({"--help"});
  ASSERT_EQ(help.exitCode, 0);
  const std::string page = readFile(std::string(RIPPLE_SOURCE_DIR) + "/docs/cli.md");
  ASSERT_FALSE(page.empty());
  const ShownOptions helped = optionsOfTheHelp(help.out);
  std::vector<std::string> twice;
  const ShownOptions documented = optionsOfThePage(page, twice);
  ASSERT_GE(helped.size(), 40u) << "the help's options were not found:\n" << help.out;
  ASSERT_GE(documented.size(), 40u) << "docs/cli.md's tables were not found";
  for (const std::string& name : twice) ADD_FAILURE() << name << " has two rows in docs/cli.md";
  for (const auto& [name, d] : documented)
    EXPECT_EQ(helped.count(name), 1u) << name << " is in docs/cli.md but not in --help";

  const std::set<std::string> kCli11TypeNames = {"TEXT", "INT", "UINT", "FLOAT"};
  static const std::regex kDefault(R"(default (-?\d+(?:\.\d+)?)(?![.\d]))");
  for (const auto& [name, h] : helped) {
    const auto found = documented.find(name);
    if (found == documented.end()) {
      ADD_FAILURE() << name << " is in --help but not in docs/cli.md";
      continue;
    }
    const ShownOption& d = found->second;
    EXPECT_EQ(d.group, h.group) << name << ": docs/cli.md's section is not --help's group";
    if (h.value.empty() || d.value.empty()) {
      EXPECT_EQ(h.value.empty(), d.value.empty())
          << name << ": --help shows a value '" << h.value << "', docs/cli.md '" << d.value << "'";
    } else if (kCli11TypeNames.count(h.value) == 0) {
      EXPECT_EQ(d.value, h.value) << name << ": docs/cli.md's value is not --help's";
    }
    const std::set<std::string> ranges = rangesIn(d.text);
    for (const std::string& range : rangesIn(h.text))
      EXPECT_EQ(ranges.count(range), 1u) << name << ": --help says " << range << ", docs/cli.md does not";
    for (std::sregex_iterator v(h.text.begin(), h.text.end(), kDefault), end; v != end; ++v) {
      EXPECT_TRUE(std::regex_search(d.text, std::regex("default " + (*v)[1].str() + R"((?![.\d]))")))
          << name << ": --help says default " << (*v)[1] << ", docs/cli.md does not";
    }
  }

  // The parameters' table: --help words some of its ranges by hand ("0 <= D
  // < 1"), so their numbers are what counts there.
  for (const ParamRow& row : paramTable()) {
    if (*row.option == '\0' || documented.count(row.option) == 0 || helped.count(row.option) == 0) continue;
    std::optional<std::pair<std::string, std::string>> ends;
    std::string range;
    std::visit(
        [&](const auto& v) {
          if constexpr (std::is_same_v<std::decay_t<decltype(v)>, FloatParam> ||
                        std::is_same_v<std::decay_t<decltype(v)>, IntParam>) {
            ends = {valueText(v.range.min), valueText(v.range.max)};
            range = ends->first + (v.range.includesMax ? " to " : " to below ") + ends->second;
          }
        },
        row.value);
    if (!ends) continue;
    const std::set<std::string> helpNumbers = numbersIn(helped.at(row.option).text);
    const bool helpStatesIt = helpNumbers.count(ends->first) > 0 && helpNumbers.count(ends->second) > 0;
    const std::set<std::string> ranges = rangesIn(documented.at(row.option).text);
    if (helpStatesIt || !ranges.empty()) {
      EXPECT_EQ(ranges.count(range), 1u) << row.option << ": its range is " << range << ", docs/cli.md says "
                                         << (ranges.empty() ? "none" : *ranges.begin());
    }
  }
}

// A shader in --shaders DIR that does not compile: exit 1, and the last line
// names the file, the line (the file's own, though the program adds defines
// and includes step_rule.glsl) and the driver's first error. Before it comes
// the driver's log, not the source. Broken in the step and in the rule it
// includes, the message names the file that holds the fault.
TEST(CliErrors, BrokenShaderNamesFileAndLine) {
  struct Break {
    const char* file;
    std::string code;
  };
  for (const Break& b : {Break{"step_plain.glsl", "vec4 sum = left + right + up + down;"},
                         Break{"step_rule.glsl", "kept = next - next * u_damping;"}}) {
    SCOPED_TRACE(b.file);
    const fs::path dir = copyOfTheShaders(std::string("uncompilable_") + b.file);
    std::string text = readFile((dir / b.file).string());
    const size_t at = withoutComments(text).find(b.code);
    ASSERT_NE(at, std::string::npos) << b.code;
    std::string broken = b.code;
    broken.insert(broken.size() - 1, " + undeclaredHeight");
    text.replace(at, b.code.size(), broken);
    std::ofstream((dir / b.file).string(), std::ios::trunc) << text;
    const int line =
        static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n')) + 1;

    const RunResult r = runRipple(headless({"--size", "64x48", "--steps", "3", "--shaders", dir.string()}));
    EXPECT_EQ(r.exitCode, 1) << r.err;
    std::string last = r.err.substr(0, r.err.find_last_not_of('\n') + 1);
    last = last.substr(last.rfind('\n') + 1);
    const std::string expected = "ripple: shader " + (dir / b.file).string() + ":" + std::to_string(line) + ": ";
    EXPECT_EQ(last.rfind(expected, 0), 0u) << "last line: " << last;
    EXPECT_NE(last.find("undeclaredHeight"), std::string::npos) << last;
    EXPECT_EQ(r.err.find("void main"), std::string::npos) << "no source listing: " << r.err;
    EXPECT_LE(std::count(r.err.begin(), r.err.end(), '\n'), 8) << r.err;
  }
}
// A shader that does not compile stops the run before its first file: the
// folders it was to fill (and their parents, made for them) and its video are
// gone again. Broken in the plain step and in the world's (walls), whose
// programs are built when the world is prepared, before the first frame.
TEST(CliErrors, BrokenShaderLeavesNothingBehind) {
  struct Break {
    const char* name;
    std::vector<std::string> world;
    bool worldPart;  // break the world's step, else the plain step
  };
  const std::string code = "vec4 sum = left + right + up + down;";
  for (const Break& b : {Break{"plain", {}, false}, Break{"walls", {"--wall", "10,10,50,10"}, true}}) {
    SCOPED_TRACE(b.name);
    const fs::path dir = copyOfTheShaders(std::string("leaves_nothing_") + b.name);
    const std::string file = b.worldPart ? "step_world.glsl" : "step_plain.glsl";
    std::string step = readFile((dir / file).string());
    const size_t at = withoutComments(step).find(code);
    ASSERT_NE(at, std::string::npos) << code;
    step.replace(at, code.size(), "vec4 sum = left + right + up + down + undeclaredHeight;");
    std::ofstream((dir / file).string(), std::ios::trunc) << step;

    const fs::path out = scratchDir() / (std::string("nothing_from_") + b.name);
    fs::remove_all(out);
    std::vector<std::string> args = {"--size",         "64x48",
                                     "--steps",        "3",
                                     "--shaders",      dir.string(),
                                     "--save-frames",  (out / "made" / "frames").string(),
                                     "--save-heights", (out / "heights").string(),
                                     "--save-video",   (out / "clip.mp4").string()};
    fs::create_directories(out);
    args.insert(args.end(), b.world.begin(), b.world.end());
    const RunResult r = runRipple(headless(args));
    EXPECT_EQ(r.exitCode, 1) << r.err;
    EXPECT_NE(r.err.find("undeclaredHeight"), std::string::npos) << r.err;
    std::vector<std::string> left;
    for (const auto& e : fs::recursive_directory_iterator(out)) left.push_back(e.path().string());
    EXPECT_TRUE(left.empty()) << "left behind: " << left.front();
  }
}

// Both ways the GPU can step, asked for by name, agree with the CPU bit for
// bit, and the verdict says which one ran. (Mesa's llvmpipe has compute
// shaders; a driver without them is CliErrors.ComputeStepWithout...'s case.)
TEST(Cli, VerifyPassesByEitherStepPath) {
  for (const char* path : {"fragment", "compute"}) {
    std::vector<std::string> args = headless(kVerifyScenario);
    args.insert(args.end(), {"--mode", "classic", "--verify", "--quiet", "--step-path", path});
    const RunResult r = runRipple(args);
    if (r.err.find("has no compute shaders") != std::string::npos) GTEST_SKIP() << r.err;
    EXPECT_EQ(r.exitCode, 0) << r.out << r.err;
    const std::string ran = std::string(path) == "compute" ? "compute" : "fragment pass";
    EXPECT_EQ(r.out.rfind("verify PASS: classic mode, 160x100, 300 steps (gpu, " + ran + "): ", 0), 0u) << r.out;
  }
}

TEST(Cli, SummaryAndQuiet) {
  const RunResult loud = runRipple(headless({"--size", "32x32", "--steps", "20", "--save-frame", scratch("s.png")}));
  ASSERT_EQ(loud.exitCode, 0);
  EXPECT_NE(loud.err.find("ripple: 20 steps in "), std::string::npos) << loud.err;
  EXPECT_NE(loud.err.find("backend gpu ("), std::string::npos) << loud.err;
  EXPECT_EQ(std::count(loud.err.begin(), loud.err.end(), '\n'), 1) << "stderr is not a terminal: no progress";
  const RunResult quiet =
      runRipple(headless({"--size", "32x32", "--steps", "20", "--quiet", "--save-frame", scratch("s.png")}));
  EXPECT_EQ(quiet.exitCode, 0);
  EXPECT_TRUE(quiet.err.empty()) << quiet.err;
  EXPECT_TRUE(quiet.out.empty()) << quiet.out;
}

// On a terminal, a run that steps for longer than a second shows its progress
// on stderr, then clears it; a shorter run shows none, and --quiet shows
// nothing. How many steps take a second depends on the machine, so the run is
// doubled until its own summary ("N steps in S s", timed over the same loop
// as the progress) says it stepped for at least 1.5 s; every run shorter than
// 0.9 s on the way must have shown no progress. Runs in between prove
// neither. (script(1) gives the run a terminal.)
TEST(Cli, ProgressOnATerminal) {
  const std::regex summary(R"(ripple: (\d+) steps in ([0-9.]+) s)");
  constexpr long kMostSteps = 1L << 26;  // far beyond a second on any machine
  for (long steps = 16;; steps *= 2) {
    ASSERT_LE(steps, kMostSteps) << "no run up to " << kMostSteps << " steps took 1.5 s";
    const std::string command = test::gRippleBinary + " --headless --size 1024x1024 --steps " + std::to_string(steps);
    const RunResult loud = test::runProgram("script", {"-qec", command, "/dev/null"});
    ASSERT_EQ(loud.exitCode, 0) << loud.out;
    std::smatch m;
    ASSERT_TRUE(std::regex_search(loud.out, m, summary)) << loud.out;
    ASSERT_EQ(m[1], std::to_string(steps)) << loud.out;
    const double seconds = std::stod(m[2]);
    if (seconds < 0.9) {
      EXPECT_EQ(loud.out.find("\rripple: step "), std::string::npos) << "a short run shows no progress: " << loud.out;
      continue;
    }
    if (seconds < 1.5) continue;
    EXPECT_NE(loud.out.find("\rripple: step "), std::string::npos) << loud.out;
    EXPECT_NE(loud.out.find(" of " + std::to_string(steps)), std::string::npos) << loud.out;
    EXPECT_NE(loud.out.find("\r\033[K"), std::string::npos) << "the progress line is cleared at the end";
    const RunResult quiet = test::runProgram("script", {"-qec", command + " --quiet", "/dev/null"});
    ASSERT_EQ(quiet.exitCode, 0) << quiet.out;
    EXPECT_EQ(quiet.out.find("ripple:"), std::string::npos) << quiet.out;
    break;
  }
}

// ------------------------------------------------------------ usage errors

// The runner makes a run again when the leak sanitizer's own tracer crashed,
// and never when the sanitizer reports a leak.
TEST(CliRunner, RunsAgainOnlyWhenTheSanitizerItselfFailed) {
  const std::string marker = scratch("tracer_failed_once");
  fs::remove(marker);
  const RunResult retried =
      test::runProgram("sh", {"-c", "if [ -e '" + marker + "' ]; then echo fine; else touch '" + marker +
                                        "'; echo '==1==LeakSanitizer has encountered a fatal error.' >&2; exit 1; fi"});
  EXPECT_EQ(retried.exitCode, 0) << retried.err;
  EXPECT_EQ(retried.out, "fine\n");
  EXPECT_TRUE(retried.err.empty()) << retried.err;
  const RunResult leak =
      test::runProgram("sh", {"-c", "echo '==1==ERROR: LeakSanitizer: detected memory leaks' >&2; exit 23"});
  EXPECT_EQ(leak.exitCode, 23) << "a leak is reported, not retried away";
}

TEST(CliUsage, Size) {
  for (const char* bad : {"abc", "0x0", "-5x10", "100000x100000", "12", "3x"}) {
    expectUsageError(headless({"--size", bad}), std::string("--size: '") + bad + "' must be WIDTHxHEIGHT");
  }
}

TEST(CliUsage, StepPath) {
  expectUsageError(headless({"--step-path", "gpu"}), "--step-path: 'gpu' must be auto, fragment or compute");
  expectUsageError(headless({"--backend", "cpu", "--step-path", "compute"}),
                   "--step-path: applies to the GPU, and --backend cpu runs none");
}

TEST(CliUsage, ModeAndBackend) {
  expectUsageError(headless({"--mode", "wat"}), "--mode: 'wat' must be float or classic");
  expectUsageError(headless({"--backend", "tpu"}), "--backend: 'tpu' must be gpu or cpu");
  expectUsageError(headless({"--backend", "cpu", "--verify"}), "--backend: cannot be combined with --verify");
}

TEST(CliUsage, Damping) {
  expectUsageError(headless({"--damping", "nan"}), "--damping: 'nan' is not a finite number");
  expectUsageError(headless({"--damping", "inf"}), "--damping: 'inf' is not a finite number");
  expectUsageError(headless({"--damping", "-0.1"}), "--damping: '-0.1' is out of range: it must be from 0 to below 1");
  expectUsageError(headless({"--damping", "1"}), "--damping: '1' is out of range");
  expectUsageError(headless({"--damping", "x"}), "--damping: 'x' is not a number");
}

TEST(CliUsage, StepsEveryAndSeed) {
  expectUsageError(headless({"--steps", "-1"}), "--steps: '-1' is out of range");
  expectUsageError(headless({"--steps", "ten"}), "--steps: 'ten' is not a whole number");
  expectUsageError(headless({"--save-frames", scratch("f"), "--every", "0"}), "--every: '0' is out of range");
  expectUsageError(
      headless({"--every", "5"}),
      "--every: sets how often --save-frames, --save-heights and --save-video save, and needs one of them");
  EXPECT_EQ(runRipple(headless({"--size", "8x8", "--steps", "2", "--quiet", "--every", "2", "--save-heights",
                                scratch("every_heights")}))
                .exitCode,
            0)
      << "--save-heights alone takes --every";
  expectUsageError(headless({"--seed", "abc"}), "--seed: 'abc' is not a whole number");
  expectUsageError(headless({"--rain", "-1"}), "--rain: '-1' is out of range");
}

TEST(CliUsage, Drops) {
  expectUsageError(headless({"--drop", "1,2"}), "--drop: '1,2' must be X,Y,R,W or X,Y,R,W@S");
  expectUsageError(headless({"--drop", "1,2,0,5"}), "--drop: '1,2,0,5': the radius must be from 1 to 256");
  expectUsageError(headless({"--drop", "1,2,-3,5"}), "--drop: '1,2,-3,5': the radius must be");
  // A radius of 50000 overflows the stone shader's 32-bit integer squares.
  expectUsageError(headless({"--drop", "10,10,257,5"}), "--drop: '10,10,257,5': the radius must be from 1 to 256");
  expectUsageError(headless({"--drop", "10,10,50000,5"}), "--drop: '10,10,50000,5': the radius must be from 1 to 256");
  expectUsageError(headless({"--drop", "1,2,3,1e30"}), "--drop: '1,2,3,1e30'");
  expectUsageError(headless({"--drop", "1,2,3,5@10", "--steps", "5"}), "--drop: '1,2,3,5@10' falls before step 10");
}

// The speed's limit is the stencil's: a Courant number beyond it makes the
// step unstable, so the message names the limit (and the way past it).
TEST(CliUsage, SpeedStencilAndShape) {
  expectUsageError(headless({"--speed", "0.75", "--stencil", "5"}),
                   "--speed: '0.75' is beyond the stability limit of the 5-point stencil, 0.7071 (1/sqrt 2); "
                   "stencil 9 runs up to 0.8660");
  expectUsageError(headless({"--speed", "0.8661", "--stencil", "9"}), "--speed: '0.8661' is out of range");
  expectUsageError(headless({"--speed", "0"}), "--speed: '0' is out of range: it must be from 0.01 to 0.866025");
  expectUsageError(headless({"--speed", "nan"}), "--speed: 'nan' is not a finite number");
  expectUsageError(headless({"--stencil", "7"}), "--stencil: '7' must be 5 or 9");
  expectUsageError(headless({"--stone-shape", "cube"}), "--stone-shape: 'cube' must be disc or smooth");
  for (const char* option : {"--speed", "--stencil", "--stone-shape"}) {
    const char* value = std::string(option) == "--speed" ? "0.5" : std::string(option) == "--stencil" ? "9" : "smooth";
    expectUsageError(headless({"--mode", "classic", option, value}),
                     std::string(option) + ": applies to float mode only; classic mode is the seeds' rule");
  }
  expectUsageError(headless({"--light", "5"}), "--light: '5' is out of range: it must be from 0 to 4");
  expectUsageError(headless({"--light-elevation", "0"}), "--light-elevation: '0' is out of range");
  expectUsageError(headless({"--mode", "classic", "--light", "1"}), "--light: applies to float mode only");
  // A stable pair is taken whatever comes between and around them.
  for (std::vector<std::string> order :
       std::vector<std::vector<std::string>>{{"--stencil", "5", "--rain", "0.2", "--speed", "0.6"},
                                             {"--speed", "0.6", "--rain", "0.2", "--stencil", "5"}}) {
    order.insert(order.end(), {"--steps", "1", "--quiet"});
    const RunResult stable = runRipple(headless(order));
    EXPECT_EQ(stable.exitCode, 0) << stable.err;
  }
}

// The limits themselves run: the fastest speed of each stencil stays finite.
TEST(Cli, FastestSpeedOfEachStencilRuns) {
  for (const auto& [stencil, speed] : {std::pair{"5", "0.7071"}, std::pair{"9", "0.866"}}) {
    const std::string npy = scratch(std::string("fastest_") + stencil + ".npy");
    const RunResult r =
        runRipple(headless({"--size", "96x64", "--stencil", stencil, "--speed", speed, "--damping", "0", "--drop",
                            "48,32,5,200", "--steps", "2000", "--save-height", npy, "--quiet"}));
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const Npy h = readNpy(npy);
    float largest = 0;
    for (float v : h.values) {
      ASSERT_TRUE(std::isfinite(v));
      largest = std::max(largest, std::abs(v));
    }
    // Unstable water grows without bound to the clamp (32767) within a few
    // hundred steps; stable water stays near its first stone's 200.
    EXPECT_LT(largest, 400.0f) << "stencil " << stencil;
  }
}

// A headless run with nothing to write says so, in one line.
TEST(Cli, NoOutputSaysNothingWillBeWritten) {
  const RunResult r = runRipple(headless({"--size", "32x32", "--steps", "3"}));  // no output asked for
  EXPECT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(r.err.rfind("ripple: note: no --save-height, --save-heights, --save-frame, --save-frames, --save-video, "
                        "--save-scene or --verify: "
                        "nothing will be written",
                        0),
            0u)
      << r.err;
  const RunResult quiet = runRipple(headless({"--size", "32x32", "--steps", "3", "--save-frame", scratch("n.png")}));
  EXPECT_EQ(quiet.err.find("nothing will be written"), std::string::npos) << quiet.err;
}

TEST(CliUsage, OptionsOnTheWrongSide) {
  expectUsageError({"--save-frame", "x.png"}, "--save-frame: needs --headless");
  expectUsageError({"--save-heights", "dir"}, "--save-heights: needs --headless");
  expectUsageError({"--verify"}, "--verify: needs --headless");
  expectUsageError(headless({"--no-panel"}), "--no-panel: has no effect with --headless");
  expectUsageError(headless({"--mode", "classic", "--refraction", "2"}), "--refraction: applies to float mode only");
  expectUsageError(headless({"--mode", "classic", "--height-shading", "2"}),
                   "--height-shading: applies to float mode only");
  expectUsageError(headless({"--height-shading", "17"}), "--height-shading");
  expectUsageError(headless({"--bogus"}), "The following argument was not expected: --bogus");
}

// --------------------------------------------------------- runtime errors

TEST(Cli, TinyGridsRun) {
  for (const char* size : {"1x1", "2x2"}) {
    std::vector<std::string> args = headless({"--size", size, "--steps", "5", "--drop", "0,0,1,50", "--verify",
                                              "--quiet", "--save-frame", scratch("tiny.png")});
    const RunResult r = runRipple(args);
    EXPECT_EQ(r.exitCode, 0) << size << ": " << r.err;
    EXPECT_EQ(loadImageFile(scratch("tiny.png")).width, size[0] - '0');
  }
}

TEST(CliUsage, StoneOutsideTheGrid) {
  expectUsageError(headless({"--size", "100x80", "--drop", "500,10,3,64"}),
                   "--drop: the stone at (500, 10) with radius 3 lies entirely outside the 100x80 grid");
  // A stone that reaches into the grid is clipped, not refused.
  EXPECT_EQ(runRipple(headless({"--size", "100x80", "--drop", "101,10,3,64", "--steps", "1", "--quiet"})).exitCode, 0);
}

// Every number's option takes its range from the parameters' table
// (core/param_table.hpp): its lowest value is taken, and a value just
// beyond its top is refused in the table's option's name, as the settings
// file and scene files refuse it (ParamTable tests).
TEST(CliErrors, EveryNumbersRangeIsTheTables) {
  auto text = [](double v) {
    std::ostringstream out;
    out << v;
    return out.str();
  };
  int options = 0;
  for (const ParamRow& row : paramTable()) {
    if (!*row.option) continue;
    std::string lowest, beyond;
    if (const auto* f = std::get_if<FloatParam>(&row.value)) {
      lowest = text(f->range.min);
      beyond = text(f->range.includesMax ? f->range.max * 1.01 + 1 : f->range.max);
    } else if (const auto* i = std::get_if<IntParam>(&row.value)) {
      lowest = text(i->range.min);
      beyond = text(i->range.max + 1);
    } else {
      continue;
    }
    ++options;
    SCOPED_TRACE(row.option);
    const RunResult bad = runRipple(headless({"--size", "8x8", "--steps", "1", row.option, beyond}));
    EXPECT_EQ(bad.exitCode, 2) << bad.err;
    EXPECT_NE(bad.err.find(std::string(row.option) + ": '" + beyond + "' is out of range"), std::string::npos)
        << bad.err;
    const RunResult ok = runRipple(headless({"--size", "8x8", "--steps", "1", "--quiet", row.option, lowest}));
    EXPECT_EQ(ok.err.find("out of range"), std::string::npos) << ok.err;
  }
  EXPECT_GT(options, 10) << "the table's options were not all seen";
}

TEST(CliErrors, BadPictures) {
  std::ofstream(scratch("text.png")) << "not a picture\n";
  std::ofstream(scratch("empty.png")).close();
  const std::vector<std::pair<std::string, std::string>> cases{
      {scratch("text.png"), "ripple: picture '" + scratch("text.png") + "' is not a PNG or JPEG picture ("},
      {scratch("empty.png"), "ripple: picture '" + scratch("empty.png") + "' is empty"},
      {scratchDir().string(), "ripple: picture '" + scratchDir().string() + "' is a directory"},
  };
  for (const auto& [path, message] : cases) {
    const RunResult r = runRipple(headless({"--image", path, "--steps", "1"}));
    EXPECT_EQ(r.exitCode, 1) << path;
    EXPECT_EQ(r.err.rfind(message, 0), 0u) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  }
}

TEST(CliErrors, OutputPathsThatCannotBeWritten) {
  std::ofstream(scratch("a_file")) << "x";
  const std::vector<std::pair<std::string, std::string>> cases{
      {scratch("a_file/out.png"), "cannot create a file in '" + scratch("a_file") + "' (Not a directory)"},
      {scratchDir().string(), "it is a directory"},                   // the path is a folder
      {"/proc/ripple_out.png", "cannot create a file in '/proc' ("},  // takes no new files
  };
  for (const auto& [target, reason] : cases) {
    const RunResult r = runRipple(headless({"--size", "16x16", "--steps", "1", "--quiet", "--save-frame", target}));
    EXPECT_EQ(r.exitCode, 1) << target;
    EXPECT_EQ(r.err.rfind("ripple: cannot write '" + target + "': " + reason, 0), 0u) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  }
}

// The last heights' and frame's files are made before the first step, as the
// video's is: a path that takes no file stops the run before any work, and
// the folder --save-heights would have filled is not left behind.
TEST(CliErrors, AnUnwritableLastFileStopsTheRunBeforeItStarts) {
  for (const char* option : {"--save-frame", "--save-height"}) {
    SCOPED_TRACE(option);
    const std::string target = scratch("missing_folder/last.out");
    const fs::path heights = scratchDir() / (std::string("heights_before") + option);
    fs::remove_all(heights);
    const RunResult r = runRipple(
        headless({"--size", "32x32", "--steps", "20", "--quiet", option, target, "--save-heights", heights.string()}));
    EXPECT_EQ(r.exitCode, 1) << r.err;
    EXPECT_EQ(r.err.rfind("ripple: cannot write '" + target + "': cannot create a file in '", 0), 0u) << r.err;
    EXPECT_FALSE(fs::exists(heights)) << "the run went ahead and filled " << heights;
  }
}

TEST(CliErrors, BadPictureAndUnwritableOutput) {
  const RunResult missing = runRipple(headless({"--image", scratch("none.png")}));
  EXPECT_EQ(missing.exitCode, 1);
  EXPECT_EQ(missing.err, "ripple: cannot open picture '" + scratch("none.png") + "': No such file or directory\n");
  const std::string target = scratch("no_such_folder/out.png");
  const RunResult unwritable =
      runRipple(headless({"--size", "16x16", "--steps", "1", "--quiet", "--save-frame", target}));
  EXPECT_EQ(unwritable.exitCode, 1);
  EXPECT_EQ(unwritable.err, "ripple: cannot write '" + target + "': cannot create a file in '" +
                                scratch("no_such_folder") + "' (No such file or directory)\n");
  EXPECT_FALSE(fs::exists(target));
}

// Without GL 3.3 the run says what it found and what it needs. Mesa's
// override variables make the driver offer less; another driver ignores them.
TEST(CliErrors, NoGl33OrNoEglSaySoInOneLine) {
  const RunResult normal = runRipple(headless({"--size", "8x8", "--steps", "1"}));
  if (normal.err.find("Mesa") == std::string::npos) GTEST_SKIP() << "needs Mesa's override variables: " << normal.err;
  const RunResult old = test::runProgram(
      "env", {"MESA_GL_VERSION_OVERRIDE=3.0", test::gRippleBinary, "--headless", "--size", "8x8", "--steps", "1"});
  EXPECT_EQ(old.exitCode, 1);
  EXPECT_EQ(old.err.rfind("ripple: no headless OpenGL 3.3 context could be created;", 0), 0u) << old.err;
  EXPECT_NE(old.err.find("it offers OpenGL 3.0"), std::string::npos) << old.err;
  EXPECT_EQ(std::count(old.err.begin(), old.err.end(), '\n'), 1) << old.err;
  const RunResult none = test::runProgram("env", {"__EGL_VENDOR_LIBRARY_FILENAMES=/nonexistent.json",
                                                  test::gRippleBinary, "--headless", "--size", "8x8", "--steps", "1"});
  EXPECT_EQ(none.exitCode, 1);
  EXPECT_EQ(none.err, "ripple: no headless OpenGL 3.3 context could be created; no EGL display found\n");
  // The CPU backend needs no GL at all.
  const RunResult cpu =
      test::runProgram("env", {"__EGL_VENDOR_LIBRARY_FILENAMES=/nonexistent.json", test::gRippleBinary, "--headless",
                               "--backend", "cpu", "--size", "8x8", "--steps", "1", "--quiet"});
  EXPECT_EQ(cpu.exitCode, 0) << cpu.err;
}

// Compute asked for where the driver has none: one line, not a silent
// fragment pass.
TEST(CliErrors, ComputeStepWithoutComputeShadersSaysSo) {
  const RunResult normal = runRipple(headless({"--size", "8x8", "--steps", "1"}));
  if (normal.err.find("Mesa") == std::string::npos) GTEST_SKIP() << "needs Mesa's override variables: " << normal.err;
  const RunResult r = test::runProgram(
      "env", {"MESA_EXTENSION_OVERRIDE=-GL_ARB_compute_shader", "MESA_GL_VERSION_OVERRIDE=3.3", test::gRippleBinary,
              "--headless", "--size", "8x8", "--steps", "1", "--step-path", "compute"});
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_EQ(r.err.rfind("ripple: --step-path compute: this GL driver has no compute shaders", 0), 0u) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
}

// The window where there is no display (SSH, CI) or one that cannot be
// reached (a stale forward): one line that says so and names the ways out.
TEST(CliErrors, NoDisplaySaysSoInOneLine) {
  const RunResult unset = test::runProgram("env", {"-u", "DISPLAY", "-u", "WAYLAND_DISPLAY", test::gRippleBinary});
  EXPECT_EQ(unset.exitCode, 1);
  EXPECT_EQ(unset.err.rfind("ripple: no display to open a window on (DISPLAY and WAYLAND_DISPLAY are not set);", 0), 0u)
      << unset.err;
  const RunResult unreachable = test::runProgram("env", {"-u", "WAYLAND_DISPLAY", "DISPLAY=:97", test::gRippleBinary});
  EXPECT_EQ(unreachable.exitCode, 1);
  EXPECT_EQ(unreachable.err.rfind("ripple: cannot open a window: X11: Failed to open display :97;", 0), 0u)
      << unreachable.err;
  for (const RunResult* r : {&unset, &unreachable}) {
    EXPECT_NE(r->err.find("xvfb-run -a ripple"), std::string::npos) << r->err;
    EXPECT_NE(r->err.find("ripple --headless"), std::string::npos) << r->err;
    EXPECT_EQ(std::count(r->err.begin(), r->err.end(), '\n'), 1) << r->err;
  }
}

// A write that fails mid-sequence (the disk fills up) stops the run with one
// line, leaves every earlier frame whole and no partial file behind. The
// failure is made real with a file-size limit (prlimit): the frames grow as
// the rings spread, so a limit just under one frame's size lets the earlier
// ones through and fails the write of that one.
TEST(CliErrors, WriteFailingMidSequenceLeavesNoPartialFile) {
  const std::vector<std::string> run{"--size", "160x100", "--drop", "80,50,6,128", "--steps",
                                     "12",     "--every", "2",      "--quiet"};
  const fs::path free = scratchDir() / "frames_free", limited = scratchDir() / "frames_limited";
  std::vector<std::string> args = headless(run);
  args.insert(args.end(), {"--save-frames", free.string()});
  ASSERT_EQ(runRipple(args).exitCode, 0);
  std::vector<std::pair<std::string, uintmax_t>> sizes;
  for (const auto& e : fs::directory_iterator(free)) sizes.emplace_back(e.path().filename().string(), fs::file_size(e));
  std::sort(sizes.begin(), sizes.end());
  // The first frame larger than frame 0; the limit sits just below it.
  auto grown = std::find_if(sizes.begin(), sizes.end(), [&](auto& s) { return s.second > sizes.front().second; });
  ASSERT_NE(grown, sizes.end()) << "the frames should grow as the rings spread";
  const uintmax_t limit = grown->second - 1;

  args = {"--fsize=" + std::to_string(limit), test::gRippleBinary, "--headless"};
  args.insert(args.end(), run.begin(), run.end());
  args.insert(args.end(), {"--save-frames", limited.string()});
  const RunResult r = test::runProgram("prlimit", args);
  EXPECT_EQ(r.exitCode, 1) << r.err;
  const std::string failed = (limited / grown->first).string();
  EXPECT_EQ(r.err, "ripple: cannot write '" + failed + "': File too large\n");
  EXPECT_FALSE(fs::exists(failed));
  for (const auto& e : fs::directory_iterator(limited)) {
    EXPECT_LT(e.path().filename().string(), grown->first) << "only frames before the failure";
    EXPECT_EQ(e.path().filename().string().find(".tmp"), std::string::npos) << "a temporary file was left";
    EXPECT_NO_THROW(loadImageFile(e.path().string())) << e.path() << " is not whole";
  }
}

// ------------------------------------------------------------ the wave tank

std::vector<std::string> fileNames(const std::string& dir) {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(dir)) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

// --save-heights: DIR/height_NNNNNN.npy after 0, K, 2K, ... N steps, each the
// visible grid, each what --save-height writes after that many steps; it
// shares --every with --save-frames.
TEST(Cli, SaveHeightsEveryK) {
  const std::vector<std::string> run{"--size", "32x24", "--drop", "16,12,3,64", "--quiet"};
  const std::string heights = scratch("heights"), frames = scratch("heights_frames");
  std::vector<std::string> args = headless(run);
  args.insert(args.end(), {"--steps", "20", "--every", "10", "--save-heights", heights, "--save-frames", frames});
  ASSERT_EQ(runRipple(args).exitCode, 0);
  EXPECT_EQ(fileNames(heights),
            (std::vector<std::string>{"height_000000.npy", "height_000010.npy", "height_000020.npy"}));
  EXPECT_EQ(fileNames(frames), (std::vector<std::string>{"frame_000000.png", "frame_000010.png", "frame_000020.png"}));
  for (const char* steps : {"0", "10", "20"}) {
    args = headless(run);
    args.insert(args.end(), {"--steps", steps, "--save-height", scratch("single.npy")});
    ASSERT_EQ(runRipple(args).exitCode, 0);
    const std::string name = std::string(6 - std::strlen(steps), '0') + steps;
    const Npy one = readNpy(heights + "/height_" + name + ".npy");
    EXPECT_EQ(one.rows, 24);
    EXPECT_EQ(one.cols, 32);
    EXPECT_EQ(one.values, readNpy(scratch("single.npy")).values) << "after " << steps << " steps";
  }
  EXPECT_NE(readNpy(heights + "/height_000000.npy").values, readNpy(heights + "/height_000020.npy").values);

  // Absorbing edges add layers beyond the visible grid; the files hold the
  // visible grid only. Every step up to 3, the last one included.
  const std::string absorbing = scratch("heights_absorbing");
  args = headless(run);
  args.insert(args.end(), {"--steps", "3", "--edges", "absorbing", "--save-heights", absorbing});
  ASSERT_EQ(runRipple(args).exitCode, 0);
  EXPECT_EQ(fileNames(absorbing), (std::vector<std::string>{"height_000000.npy", "height_000001.npy",
                                                            "height_000002.npy", "height_000003.npy"}));
  const Npy last = readNpy(absorbing + "/height_000003.npy");
  EXPECT_EQ(last.rows, 24);
  EXPECT_EQ(last.cols, 32);
}

// The height a source gives its cells before step `step`, worked out here
// from the rule's words (water_world.hpp), not by WorldSource::valueAt.
float sourceValue(double amplitude, double period, long start, std::optional<long> end, long step) {
  const double pi = std::acos(-1.0), t = double(step - start);
  double envelope = t < period ? 0.5 - 0.5 * std::cos(pi * t / period) : 1.0;
  if (end && double(*end - step) < period)
    envelope = std::min(envelope, 0.5 - 0.5 * std::cos(pi * (*end - step - 1) / period));
  return float(amplitude * envelope * std::sin(2 * pi * t / period));
}

// Before each step the driver sets a source's cells, then the step runs; a
// height file numbered S holds the water after S steps with the settings of
// step S, so the source's cell holds exactly its value there.
TEST(Cli, SourceSetsItsCellsBeforeEachStep) {
  const std::string dir = scratch("source_heights"), ended = scratch("source_heights_ended");
  ASSERT_EQ(runRipple(headless({"--size", "40x30", "--steps", "14", "--quiet", "--source", "20,15,8,20@3",
                                "--line-source", "5,25,30,25,10,-12", "--save-heights", dir}))
                .exitCode,
            0);
  EXPECT_EQ(readNpy(dir + "/height_000002.npy").at(20, 15), 0.0f) << "silent before its start";
  for (long step : {3L, 5L, 9L, 13L}) {
    char name[32];
    std::snprintf(name, sizeof name, "/height_%06ld.npy", step);
    const Npy h = readNpy(dir + name);
    EXPECT_NEAR(h.at(20, 15), sourceValue(20, 8, 3, std::nullopt, step), 1e-5) << "step " << step;
    for (int x = 5; x <= 30; ++x) EXPECT_NEAR(h.at(x, 25), sourceValue(-12, 10, 0, std::nullopt, step), 1e-5) << x;
  }
  EXPECT_NEAR(readNpy(dir + "/height_000013.npy").at(20, 15), 20.0f, 1e-5) << "t = 10: a full crest, sin(2.5 pi)";
  // An end: the envelope falls over the last period, to 0 at the last step.
  ASSERT_EQ(runRipple(headless({"--size", "40x30", "--steps", "12", "--quiet", "--source", "20,15,8,20@3:11",
                                "--save-heights", ended}))
                .exitCode,
            0);
  const float before9 = readNpy(ended + "/height_000009.npy").at(20, 15);
  EXPECT_NEAR(before9, sourceValue(20, 8, 3, 11L, 9), 1e-5);
  EXPECT_NEAR(before9, -20 * (0.5 - 0.5 * std::cos(std::acos(-1.0) / 8)), 1e-5)
      << "the envelope, 2 steps before the end";
  EXPECT_EQ(readNpy(ended + "/height_000010.npy").at(20, 15), 0.0f) << "the last step it sings, silent";
}

// A wall across the tank keeps the water behind it exactly calm, whether it
// comes from --wall or from a --walls picture (where transparent pixels are
// water, however dark); held walls reflect otherwise than reflecting ones.
TEST(Cli, WallsKeepTheWaterBehindThemCalm) {
  auto run = [](const std::vector<std::string>& extra, const std::string& file) {
    std::vector<std::string> args{"--size", "60x40",       "--steps", "150",           "--damping",  "0",
                                  "--drop", "15,20,4,100", "--quiet", "--save-height", scratch(file)};
    args.insert(args.end(), extra.begin(), extra.end());
    const RunResult r = runRipple(headless(args));
    EXPECT_EQ(r.exitCode, 0) << r.err;
    return readNpy(scratch(file));
  };
  auto calmBeyond = [](const Npy& n, int x0) {
    for (int y = 0; y < n.rows; ++y)
      for (int x = x0; x < n.cols; ++x)
        if (n.at(x, y) != 0.0f) return false;
    return true;
  };
  const Npy open = run({}, "open.npy");
  EXPECT_FALSE(calmBeyond(open, 31)) << "without a wall the rings reach the right half";
  const Npy walled = run({"--wall", "30,-2,30,45"}, "walled.npy");  // cells x = 29 and 30, clipped to the grid
  EXPECT_TRUE(calmBeyond(walled, 31));
  EXPECT_NE(walled.values, open.values);

  Picture picture(60, 40);
  for (int y = 0; y < 40; ++y) {
    for (int x = 0; x < 60; ++x) {
      uint8_t* p = picture.pixel(x, y);
      const bool wall = x == 29 || x == 30, transparent = x >= 10 && x < 14;
      p[0] = p[1] = p[2] = wall || transparent ? 30 : 220;
      p[3] = transparent ? 0 : 255;
    }
  }
  savePicture(picture, scratch("walls_band.png"));
  const Npy pictured = run({"--walls", scratch("walls_band.png")}, "pictured.npy");
  EXPECT_EQ(pictured.values, walled.values) << "the picture's dark band is the same wall; transparent is water";

  const Npy held = run({"--wall", "30,-2,30,45", "--wall-kind", "held"}, "held.npy");
  EXPECT_TRUE(calmBeyond(held, 31));
  EXPECT_NE(held.values, walled.values);
}

// Edges and the medium reach the step: fixed edges asked for are the plain
// step bit for bit, the others are not; slow water is slower.
TEST(Cli, EdgesAndMediumChangeTheWater) {
  auto run = [](const std::vector<std::string>& extra, const std::string& file) {
    std::vector<std::string> args{"--size",    "48x32",   "--steps",       "80",         "--drop",
                                  "8,8,3,100", "--quiet", "--save-height", scratch(file)};
    args.insert(args.end(), extra.begin(), extra.end());
    const RunResult r = runRipple(headless(args));
    EXPECT_EQ(r.exitCode, 0) << r.err;
    return readNpy(scratch(file)).values;
  };
  const auto plain = run({}, "edges_plain.npy");
  EXPECT_EQ(run({"--edges", "fixed"}, "edges_fixed.npy"), plain);
  EXPECT_EQ(run({"--edges", "fixed,fixed", "--wall-kind", "reflecting"}, "edges_fixed2.npy"), plain);
  const auto wrap = run({"--edges", "wrap"}, "edges_wrap.npy");
  const auto freeEdges = run({"--edges", "free"}, "edges_free.npy");
  const auto mixed = run({"--edges", "absorbing,free"}, "edges_mixed.npy");
  for (const auto* other : {&wrap, &freeEdges, &mixed}) EXPECT_NE(*other, plain);
  EXPECT_NE(wrap, freeEdges);
  EXPECT_NE(mixed, freeEdges);

  Picture grey(4, 4);
  for (size_t i = 0; i < grey.rgba.size(); ++i) grey.rgba[i] = (i % 4 == 3) ? 255 : 64;  // a quarter of the speed
  savePicture(grey, scratch("medium_slow.png"));
  const auto slow = run({"--medium", scratch("medium_slow.png")}, "medium_slow.npy");
  // At a quarter of the speed the rings from (8,8) have not reached the
  // right third after 80 steps (only the scheme's faint forerunners have); at
  // full speed they have.
  auto farthest = [](const std::vector<float>& h) {
    float largest = 0;
    for (size_t i = 0; i < h.size(); ++i)
      if (i % 48 >= 30) largest = std::max(largest, std::abs(h[i]));
    return largest;
  };
  EXPECT_LT(farthest(slow), 0.1f);
  EXPECT_GT(farthest(plain), 5.0f);
}

// The GPU and the CPU step the wave tank alike.
TEST(Cli, VerifyPassesWithAWorld) {
  Picture medium(16, 10);
  for (int y = 0; y < 10; ++y)
    for (int x = 0; x < 16; ++x) {
      uint8_t* p = medium.pixel(x, y);
      p[0] = p[1] = p[2] = uint8_t(x < 8 ? 255 : 150);
      p[3] = 255;
    }
  savePicture(medium, scratch("verify_medium.png"));
  std::vector<std::string> args = headless(kVerifyScenario);
  args.insert(args.end(), {"--verify", "--wall", "100,10,100,60,3", "--wall", "40,80,60,80", "--medium",
                           scratch("verify_medium.png"), "--edges", "absorbing,wrap", "--source", "120,30,12,40@10",
                           "--line-source", "10,20,10,70,16,-30"});
  const RunResult r = runRipple(args);
  EXPECT_EQ(r.exitCode, 0) << r.out << r.err;
  EXPECT_EQ(r.out.rfind("verify PASS: float mode, 160x100, 300 steps", 0), 0u) << r.out;
}

// A usage error found once the run knows the grid leaves nothing written:
// no frame, no heights, not even the sequences' folders.
void expectUsageErrorWritingNothing(const std::vector<std::string>& args, const std::string& expectedStart) {
  static int run = 0;
  const std::string tag = "nothing_" + std::to_string(++run);
  const std::vector<std::string> outputs{scratch(tag + ".png"), scratch(tag + ".npy"), scratch(tag + "_frames"),
                                         scratch(tag + "_heights")};
  std::vector<std::string> all = headless(args);
  all.insert(all.end(), {"--save-frame", outputs[0], "--save-height", outputs[1], "--save-frames", outputs[2],
                         "--save-heights", outputs[3]});
  expectUsageError(all, expectedStart);
  for (const std::string& out : outputs) EXPECT_FALSE(fs::exists(out)) << out << " after " << expectedStart;
}

TEST(CliUsage, Walls) {
  expectUsageError(headless({"--wall", "1,2,3,4,0"}), "--wall: '1,2,3,4,0': the thickness must be from 1 to 64 cells");
  expectUsageError(headless({"--wall", "1,2,3,4,-1"}),
                   "--wall: '1,2,3,4,-1': the thickness must be from 1 to 64 cells");
  expectUsageError(headless({"--wall", "a,b,c,d"}),
                   "--wall: 'a,b,c,d' must be X0,Y0,X1,Y1 or X0,Y0,X1,Y1,T (whole numbers)");
  expectUsageError(headless({"--wall", "1,2,3,4,2.5"}), "--wall: '1,2,3,4,2.5' must be X0,Y0,X1,Y1 or X0,Y0,X1,Y1,T");
  expectUsageErrorWritingNothing({"--size", "100x80", "--wall", "101,10,200,10"},
                                 "wall: the wall from (101, 10) to (200, 10), 2 cells thick, lies entirely outside "
                                 "the 100x80 grid");
  expectUsageError(headless({"--edges", "bogus"}),
                   "--edges: 'bogus' must be fixed, free, absorbing or wrap, or two of them as E1,E2");
  expectUsageError(headless({"--edges", "wrap,wrap,wrap"}), "--edges: 'wrap,wrap,wrap' must be fixed, free");
  expectUsageError(headless({"--wall-kind", "sticky"}), "--wall-kind: 'sticky' must be reflecting or held");
  expectUsageError(headless({"--mode", "classic", "--medium", scratch("whatever.png")}),
                   "--medium: applies to float mode only");
}

TEST(CliUsage, Sources) {
  expectUsageError(headless({"--source", "10,10,1.5,20"}),
                   "--source: '10,10,1.5,20': the period must be from 2 to 100000 steps");
  expectUsageError(headless({"--source", "10,10,8,nan"}),
                   "--source: '10,10,8,nan': the amplitude 'nan' is not a finite number");
  expectUsageError(headless({"--source", "10,10,8,1e9"}),
                   "--source: '10,10,8,1e9': the amplitude must be from -4096 to 4096");
  expectUsageError(headless({"--source", "10,10,8,5@40:30"}),
                   "--source: '10,10,8,5@40:30': the end step 30 must come after the start step 40");
  expectUsageError(headless({"--source", "10,10,8"}), "--source: '10,10,8' must be X,Y,PERIOD,AMP[@START[:END]]");
  expectUsageError(headless({"--line-source", "0,0,5,5,1,20"}),
                   "--line-source: '0,0,5,5,1,20': the period must be from 2 to 100000 steps");
  expectUsageErrorWritingNothing({"--size", "100x80", "--source", "100,10,8,5"},
                                 "source: the source at (100, 10) lies outside the 100x80 grid");
  expectUsageErrorWritingNothing({"--size", "100x80", "--source", "-1,10,8,5"},
                                 "source: the source at (-1, 10) lies outside the 100x80 grid");
  expectUsageErrorWritingNothing({"--size", "100x80", "--line-source", "0,0,0,80,8,5"},
                                 "source: the source from (0, 0) to (0, 80) reaches outside the 100x80 grid");
  expectUsageErrorWritingNothing({"--size", "100x80", "--steps", "5", "--source", "10,10,8,5@5"},
                                 "--source: the source at (10, 10) starts at step 5, but --steps 5 ends before it");
}

// Walls and media pictures missing, corrupt or empty: one line naming the
// option and the file, exit 2 (unlike --image's 1), nothing written.
TEST(CliUsage, BadWallAndMediumPictures) {
  std::ofstream(scratch("garbage.png"), std::ios::binary) << std::string("\x89PNG\r\n\x1a\n\x01\x02garbage", 18);
  std::ofstream(scratch("empty_walls.png")).close();
  for (const char* option : {"--walls", "--medium"}) {
    const std::string o = option;
    expectUsageErrorWritingNothing(
        {"--size", "32x32", o, scratch("no_such.png")},
        o + ": cannot open picture '" + scratch("no_such.png") + "': No such file or directory");
    expectUsageErrorWritingNothing({"--size", "32x32", o, scratch("garbage.png")},
                                   o + ": picture '" + scratch("garbage.png") + "' is not a PNG or JPEG picture (");
    expectUsageErrorWritingNothing({"--size", "32x32", o, scratch("empty_walls.png")},
                                   o + ": picture '" + scratch("empty_walls.png") + "' is empty");
  }
}

}  // namespace
}  // namespace ripple
