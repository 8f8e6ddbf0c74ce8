#include "app/options.hpp"

#include <CLI/CLI.hpp>

#include "app/scene_options.hpp"
#include "app/tank_options.hpp"
#include "app/parameter_named.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <regex>
#include <sstream>
#include <tuple>

#include "ripple/parameters.hpp"
#include "ripple/picture.hpp"
#include "common/value_text.hpp"
#include "record/video_format.hpp"

namespace ripple {
namespace {

// The command line's own ranges, from the library's ends (ripple/scene.hpp).
constexpr Range<int> kGridSide{1, kMaxGridSide};
constexpr Range<int> kSteps{0, kMaxSteps};
constexpr Range<int> kRainSeed{0, static_cast<int>(kMaxRainSeed)};
constexpr Range<float> kSourcePeriod{static_cast<float>(kMinSourcePeriod), static_cast<float>(kMaxSourcePeriod)};
constexpr Range<float> kSourceAmplitude{-kMaxSourceAmplitude, kMaxSourceAmplitude};

// Validators check the text before CLI11 converts it, so every message can
// say what is wrong in words: CLI11 prints it as "--option: message".

// In the parameters' words (core/param_table.hpp), which the settings file
// and the library's setParameter() say too.
CLI::Validator wholeIn(Range<int> r) {
  return CLI::Validator([r](std::string& text) { return wholeNumberProblem(text, r); }, "");
}

// "WxH", each side a whole number in kGridSide.
std::optional<std::pair<int, int>> parseSize(const std::string& text) {
  static const std::regex kSize(R"(^(\d{1,9})x(\d{1,9})$)");
  std::smatch m;
  if (!std::regex_match(text, m, kSize)) return std::nullopt;
  const long w = std::stol(m[1]), h = std::stol(m[2]);
  if (!kGridSide.contains(int(std::min(w, 1L << 30))) || !kGridSide.contains(int(std::min(h, 1L << 30)))) {
    return std::nullopt;
  }
  return std::pair<int, int>(int(w), int(h));
}

CLI::Validator sizeCheck() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        if (parseSize(text)) return {};
        return "'" + text + "' must be WIDTHxHEIGHT with each side " + rangeText(kGridSide) + ", e.g. 320x240";
      },
      "");
}

// A check by one of tank_options.hpp's parsers, which word the message.
template <typename Parse>
CLI::Validator parsedBy(Parse parse) {
  return CLI::Validator(
      [parse](std::string& text) -> std::string {
        std::string why;
        return parse(text, why) ? std::string() : why;
      },
      "");
}

// The built-in pictures are pictures to look at; a walls or speed picture is
// the user's own file.
CLI::Validator aFileNotABuiltinPicture() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        return namesBuiltinPicture(text) ? "'" + text + "': built-in pictures are for --image; this one must be a file"
                                         : std::string();
      },
      "");
}

CLI::Validator oneOf(std::vector<std::string> choices) {
  return CLI::Validator([choices](std::string& text) { return wordProblem(text, choices); }, "");
}

// The groups of --help, in docs/cli.md's order.
constexpr const char* kGeneral = "General";
constexpr const char* kScenes = "Scenes";
constexpr const char* kRule = "The rule";
constexpr const char* kStones = "Stones and rain";
constexpr const char* kTank = "The wave tank";
constexpr const char* kLook = "The look (float mode)";
constexpr const char* kFilesOut = "Files out (headless)";
constexpr const char* kGpu = "The GPU and its checks";

// A parameter as the library lists it (ripple/parameters.hpp).
// "from 0 to below 1", as the parameters' messages word a range.
std::string rangeOf(const Parameter& p) {
  auto text = [&p](double v) {
    return p.kind == ParameterKind::WholeNumber ? valueText(static_cast<int>(v)) : valueText(static_cast<float>(v));
  };
  return "from " + text(p.min) + (p.includesMax ? " to " : " to below ") + text(p.max);
}

// A parameter's option, all from the library's list: its name, value,
// meaning and range or words; the default is a default scene's (the help
// states the defaults, not the window's saved settings), unless
// `defaultText` words it. Its text is kept in `given` and set on the scene
// once the command line is read (setGivenParameters).
void addParam(CLI::App& app, const char* group, const std::string& name, std::map<std::string, std::string>& given,
              const std::string& defaultText = "") {
  const Parameter& p = parameterNamed(name);
  const std::string byDefault = defaultText.empty() ? parameterText(Scene{}, name) : defaultText;
  const bool number = p.kind == ParameterKind::Number || p.kind == ParameterKind::WholeNumber;
  app.add_option("--" + name, given[name],
                 p.meaning + " (" + (number ? rangeOf(p) + "; " : "") + "default " + byDefault + ")")
      ->type_name(p.valueName)
      ->group(group);
}

// A video's name: the format follows the extension (video_format.hpp).
CLI::Validator videoNameCheck() {
  return CLI::Validator(
      [](std::string& text) -> std::string { return videoFormatOf(text) ? std::string() : videoNameProblem(text); },
      "");
}

// The options' text as given, before it becomes Options: words, lists and
// sizes that are parsed once the command line is read whole.
struct GivenText {
  std::string size, videoSize;
  std::string backend = "gpu", stepPath = "auto";
  std::vector<std::string> drops, walls, sources, lineSources, movingSources;
  std::map<std::string, std::string> parameters;  // by name, as given: set on the scene once all are read
  bool noPanel = false, listPresets = false;
  std::string sceneFile, presetName;  // read before, by sceneAskedFor
};

void addGeneralOptions(CLI::App& app, Options& o, GivenText& t) {
  app.set_help_flag("-h,--help", "Print this help message and exit")->group(kGeneral);
  app.set_version_flag("--version", "ripple " RIPPLE_VERSION)->group(kGeneral);
  app.add_flag("--headless", o.headless, "run without a window (EGL; works over SSH and in CI)")->group(kGeneral);
  app.add_flag("--no-panel", t.noPanel, "window: start with the panel hidden (H shows it)")->group(kGeneral);
  app.add_option("--size", t.size,
                 "grid and frame size in cells = pixels, each side " + rangeText(kGridSide) +
                     " (default: the picture's; window: 1280x720)")
      ->check(sizeCheck())
      ->type_name("WxH")
      ->group(kGeneral);
  app.add_option("--image", o.scene.picture,
                 "the picture: a PNG or JPEG, or a built-in one, builtin:pool (the default) or builtin:tank (a plain "
                 "floor for the wave tank)")
      ->check(parsedBy([](const std::string& text, std::string& why) {
        if (!namesBuiltinPicture(text)) return true;  // a file: read when the run starts
        try {
          loadPicture(text);  // the built-in ones are made, not read: an unknown name is refused here
        } catch (const Error& e) {
          why = e.what();
        }
        return why.empty();
      }))
      ->type_name("F")
      ->group(kGeneral);
}

void addSceneOptions(CLI::App& app, Options& o, GivenText& t) {
  app.add_option("--scene", t.sceneFile,
                 "a scene file (docs/scenes.md): everything that defines a run; the options after it override it")
      ->type_name("FILE")
      ->group(kScenes);
  app.add_option("--preset", t.presetName, "one of the built-in scenes, by name (see --list-presets)")
      ->type_name("NAME")
      ->group(kScenes);
  app.add_flag("--list-presets", t.listPresets, "print the built-in scenes, one a line: its name, a tab, what it shows")
      ->group(kScenes);
  app.add_option("--save-scene", o.saveScene, "headless: a scene file that reproduces this run exactly")
      ->type_name("FILE")
      ->group(kScenes);
}

void addRuleOptions(CLI::App& app, Options& o, GivenText& t) {
  for (const char* name : {"mode", "damping", "speed", "stencil"}) addParam(app, kRule, name, t.parameters);
  app.add_option("--steps", o.scene.steps,
                 "headless: steps to run, " + rangeText(kSteps) + " (default " + valueText(Scene{}.steps) + ")")
      ->check(wholeIn(kSteps))
      ->type_name("N")
      ->group(kRule);
}

void addStoneOptions(CLI::App& app, Options& o, GivenText& t) {
  app.add_option("--drop", t.drops,
                 "a stone at pixel (X,Y) from the top-left, radius R, weight W (cells get -W), dropped just before "
                 "step S (default 0); repeatable")
      ->check(parsedBy([](const std::string& text, std::string& why) { return parseDrop(text, why).has_value(); }))
      ->type_name("X,Y,R,W[@S]")
      ->group(kStones);
  for (const char* name : {"stone-shape", "stone-radius", "stone-weight"}) addParam(app, kStones, name, t.parameters);
  addParam(app, kStones, "rain", t.parameters, "none");
  app.add_option("--seed", o.scene.rain.seed,
                 "the rain's random seed, " + rangeText(kRainSeed) + " (default " + std::to_string(Rain{}.seed) + ")")
      ->check(wholeIn(kRainSeed))
      ->type_name("N")
      ->group(kStones);
}

// A wave tank's option, its value checked by one of tank_options.hpp's parsers.
template <typename Parse>
void addTankOption(CLI::App& app, const char* name, std::vector<std::string>& texts, const std::string& help,
                   const char* value, Parse parse) {
  app.add_option(name, texts, help)->check(parsedBy(parse))->type_name(value)->group(kTank);
}

void addTankOptions(CLI::App& app, Options& o, GivenText& t) {
  auto source = [](SourceForm form) {
    return [form](const std::string& text, std::string& why) { return parseSource(text, form, why).has_value(); };
  };
  addTankOption(app, "--wall", t.walls,
                "a straight wall from cell (X0,Y0) to (X1,Y1), T cells thick (default 2; length 0: a T x T post); "
                "repeatable",
                "X0,Y0,X1,Y1[,T]",
                [](const std::string& text, std::string& why) { return parseWall(text, why).has_value(); });
  app.add_option(
         "--walls", o.scene.tank.wallsPicture,
         "a picture of walls, scaled to the grid: pixels darker than 50% grey are walls, transparent ones water")
      ->check(aFileNotABuiltinPicture())
      ->type_name("F.png")
      ->group(kTank);
  app.add_option("--medium", o.scene.tank.slowWaterPicture,
                 "float mode: a picture of the water's speed, scaled to the grid: a cell runs at grey/255 of the "
                 "speed, black is a wall (walls win over it)")
      ->check(aFileNotABuiltinPicture())
      ->type_name("F.png")
      ->group(kTank);
  addParam(app, kTank, "edges", t.parameters);
  addParam(app, kTank, "wall-kind", t.parameters);
  addTankOption(app, "--source", t.sources,
                "an oscillating source at cell (X,Y): a period of PERIOD steps (" + rangeText(kSourcePeriod) +
                    "), amplitude AMP (" + rangeText(kSourceAmplitude) +
                    "), from step START (default 0) to before END (default: for ever); repeatable",
                "X,Y,PERIOD,AMP[@START[:END]]", source(SourceForm::Point));
  addTankOption(app, "--line-source", t.lineSources,
                "the same on a line of cells from (X0,Y0) to (X1,Y1), in phase (a plane wave); repeatable",
                "X0,Y0,X1,Y1,PERIOD,AMP[@START[:END]]", source(SourceForm::Line));
  addTankOption(app, "--moving-source", t.movingSources,
                "a point source that moves at a steady pace from cell (X0,Y0) at step START to (X1,Y1) at step END "
                "(the Doppler effect); repeatable",
                "X0,Y0,X1,Y1,PERIOD,AMP@START:END", source(SourceForm::Moving));
}

// The look's options: float mode's alone (checkClassicMode).
constexpr const char* kLookNames[] = {"refraction", "shading",       "height-shading",
                                      "light",      "light-azimuth", "light-elevation"};

void addLookOptions(CLI::App& app, GivenText& t) {
  for (const char* name : kLookNames) addParam(app, kLook, name, t.parameters);
  addParam(app, kLook, "wave-speed", t.parameters);
}

void addFileOptions(CLI::App& app, Options& o, GivenText& t) {
  auto add = [&](const char* name, auto& value, const std::string& help, const char* valueName) {
    return app.add_option(name, value, "headless: " + help)->type_name(valueName)->group(kFilesOut);
  };
  add("--save-height", o.saveHeight, "the heights after the last step, .npy float32 (H, W)", "F.npy");
  add("--save-frame", o.saveFrame, "the refracted frame after the last step", "F.png");
  add("--save-frames", o.saveFramesDir, "DIR/frame_000000.png ... every K steps (created if missing)", "DIR");
  add("--save-heights", o.saveHeightsDir,
      "DIR/height_000000.npy ... every K steps, as --save-height (created if missing)", "DIR");
  add("--save-video", o.saveVideo,
      "the frames --save-frames would save, as a video: H.264 in F.mp4, or F.gif (a palette made for the clip); "
      "the format follows the name",
      "F.mp4|F.gif")
      ->check(videoNameCheck());
  add("--fps", o.videoFps,
      "--save-video's frames a second, " + rangeText(limits::videoFps) + ", a GIF at most " +
          std::to_string(limits::gifMaxFps) + " (default " + valueText(Options{}.videoFps) + ")",
      "N")
      ->check(wholeIn(limits::videoFps));
  add("--video-size", t.videoSize,
      "--save-video's frames scaled to this size, cropped to fill it where the shapes differ (default: the frame's)",
      "WxH")
      ->check(sizeCheck());
  add("--from", o.sequenceFrom,
      "--save-frames, --save-heights and --save-video start at step S (default " + valueText(Options{}.sequenceFrom) +
          "), e.g. once a source's waves have filled the picture",
      "S")
      ->check(wholeIn(kSteps));
  add("--every", o.every,
      "K for --save-frames, --save-heights and --save-video, every K steps (default " + valueText(Options{}.every) +
          ")",
      "K")
      ->check(wholeIn({1, kSteps.max}));
  app.add_flag("--quiet", o.quiet, "headless: no progress, no summary")->group(kFilesOut);
}

void addGpuOptions(CLI::App& app, Options& o, GivenText& t) {
  app.add_option("--backend", t.backend, "headless: gpu (default) or cpu, which implementation runs")
      ->type_name("gpu|cpu")
      ->check(oneOf({"gpu", "cpu"}))
      ->group(kGpu);
  app.add_flag("--verify", o.verify,
               "headless: run on both, print the largest height difference and the differing pixels; exit 1 "
               "when over tolerance (classic: any difference)")
      ->group(kGpu);
  app.add_option("--step-path", t.stepPath,
                 "how the GPU steps the water: auto (default: compute on a GPU that has compute shaders, the "
                 "fragment pass on a software renderer), fragment or compute")
      ->type_name("auto|fragment|compute")
      ->check(oneOf({"auto", "fragment", "compute"}))
      ->group(kGpu);
  app.add_option("--shaders", o.shaderDir,
                 "read the shaders from this folder instead of the built-in copies: every file of shaders/, "
                 "edited; the window reloads them when one changes")
      ->check(CLI::Validator(CLI::ExistingDirectory).description(""))
      ->type_name("DIR")
      ->group(kGpu);
}

// The rules between options. Checked after parsing rather than with CLI11's
// needs() and excludes(), whose notes garble --help.
struct Needs {
  const char* option;
  std::vector<const char*> oneOf;  // the option needs one of these
  const char* why;
};
const std::vector<Needs>& kNeeds() {
  static const std::vector<Needs> needs = {
      {"--every",
       {"--save-frames", "--save-heights", "--save-video"},
       "sets how often --save-frames, --save-heights and --save-video save, and needs one of them"},
      {"--from",
       {"--save-frames", "--save-heights", "--save-video"},
       "sets where --save-frames, --save-heights and --save-video start, and needs one of them"},
      {"--fps", {"--save-video"}, "sets the frame rate of --save-video's file, and needs it"},
      {"--video-size", {"--save-video"}, "sets the size of --save-video's frames, and needs it"},
  };
  return needs;
}

// Options that only make sense on one side say so instead of being ignored.
void checkSides(const CLI::App& app, bool headless) {
  for (const char* name :
       {"--save-scene", "--save-height", "--save-frame", "--save-frames", "--save-heights", "--every", "--backend",
        "--verify", "--quiet", "--steps", "--save-video", "--fps", "--video-size", "--from"}) {
    if (!headless && app.count(name) > 0) throw CLI::ValidationError(name, "needs --headless");
  }
  for (const char* name : {"--no-panel", "--wave-speed", "--stone-radius"}) {
    if (headless && app.count(name) > 0) throw CLI::ValidationError(name, "has no effect with --headless");
  }
}

// Classic mode is the seeds' rule and picture: the float mode's options
// would be silently ignored there.
void checkClassicMode(const CLI::App& app) {
  for (const char* name : kLookNames) {
    if (app.count(std::string("--") + name) > 0) {
      throw CLI::ValidationError(std::string("--") + name,
                                 "applies to float mode only; classic mode draws the seeds' picture: "
                                 "refraction 1, no shading, no light");
    }
  }
  for (const char* name : {"--speed", "--stencil", "--stone-shape", "--medium"}) {
    if (app.count(name) > 0) {
      throw CLI::ValidationError(name,
                                 "applies to float mode only; classic mode is the seeds' rule: four "
                                 "neighbours at their speed, and discs");
    }
  }
}

void checkRules(const CLI::App& app, const Options& o, const GivenText& t) {
  checkSides(app, o.headless);
  for (const Needs& n : kNeeds()) {
    const bool given =
        std::any_of(n.oneOf.begin(), n.oneOf.end(), [&](const char* name) { return app.count(name) > 0; });
    if (app.count(n.option) > 0 && !given) throw CLI::ValidationError(n.option, n.why);
  }
  if (o.sequenceFrom > o.scene.steps) {
    throw CLI::ValidationError("--from", "'" + std::to_string(o.sequenceFrom) + "' is after the last step, " +
                                             std::to_string(o.scene.steps) + ": nothing would be saved");
  }
  if (!o.saveVideo.empty() && videoFormatOf(o.saveVideo) == VideoFormat::Gif && o.videoFps > limits::gifMaxFps) {
    throw CLI::ValidationError("--fps", "'" + std::to_string(o.videoFps) +
                                            "' is too fast for a GIF, whose frames last whole hundredths of a "
                                            "second (players show shorter ones for a tenth): at most " +
                                            std::to_string(limits::gifMaxFps));
  }
  if (o.verify && app.count("--backend") > 0) {
    throw CLI::ValidationError("--backend", "cannot be combined with --verify, which runs both");
  }
  if (t.backend == "cpu" && app.count("--step-path") > 0) {
    throw CLI::ValidationError("--step-path", "applies to the GPU, and --backend cpu runs none");
  }
}

// The parameters given, set on the scene in the library's order (its
// words and ranges, refused as the library refuses them), the speed last:
// its limit is the stencil's, whichever of them came first on the line.
void setGivenParameters(const CLI::App& app, const std::map<std::string, std::string>& given, Scene& scene) {
  auto set = [](Scene& target, const std::string& name, const std::string& text) {
    try {
      setParameter(target, name, text);
    } catch (const Error& e) {
      const std::string why = e.what();
      throw CLI::ValidationError("--" + name, why.substr(std::min(why.size(), name.size() + 2)));
    }
  };
  Scene slow;  // the stencil's word checked where no speed is beyond a stencil's limit
  slow.rule.speed = static_cast<float>(parameterNamed("speed").min);
  for (const Parameter& p : parameters()) {
    if (p.name == "speed" || given.count(p.name) == 0 || app.count("--" + p.name) == 0) continue;
    const std::string& text = given.at(p.name);
    if (p.name == "stencil") {
      set(slow, "stencil", text);
    } else if (p.name == "rain") {
      // --rain 0 stops the rain and keeps its rate, as the window's switch does.
      const Rain before = scene.rain;
      set(scene, "rain", text);
      scene.rain.falling = scene.rain.dropsPerStep > 0.0f;
      if (!scene.rain.falling) scene.rain.dropsPerStep = before.dropsPerStep;
    } else {
      set(scene, p.name, text);
    }
  }
  if (app.count("--speed") > 0 || app.count("--stencil") > 0) {
    if (app.count("--stencil") > 0) scene.rule.stencil = slow.rule.stencil;
    set(scene, "speed", app.count("--speed") > 0 ? given.at("speed") : parameterText(scene, "speed"));
  }
}

// The checked text into Options.
void takeGivenText(const CLI::App& app, const GivenText& t, Options& o) {
  o.backend = t.backend == "cpu" ? Backend::Cpu : Backend::Gpu;
  o.stepPath = t.stepPath == "fragment"  ? StepPathChoice::Fragment
               : t.stepPath == "compute" ? StepPathChoice::Compute
                                         : StepPathChoice::Auto;
  if (!t.size.empty()) o.size = parseSize(t.size);
  if (!t.videoSize.empty()) o.videoSize = parseSize(t.videoSize);
  std::string why;  // each was checked by its option's validator
  Scene& scene = o.scene;
  for (const auto& text : t.drops) scene.stones.push_back(*parseDrop(text, why));
  for (const auto& text : t.walls) scene.tank.walls.push_back(*parseWall(text, why));
  for (const auto& text : t.sources) scene.tank.sources.push_back(*parseSource(text, SourceForm::Point, why));
  for (const auto& text : t.lineSources) scene.tank.sources.push_back(*parseSource(text, SourceForm::Line, why));
  for (const auto& text : t.movingSources) scene.tank.sources.push_back(*parseSource(text, SourceForm::Moving, why));
  setGivenParameters(app, t.parameters, scene);
  if (scene.rule.mode == Mode::Classic) checkClassicMode(app);
  o.showPanel = !t.noPanel;
}

// A headless stone scheduled after the last step would silently never fall:
// the message names it, the scene's by its number, the command line's by its text.
std::string stoneThatNeverFalls(const Options& o, size_t sceneDrops, const GivenText& t) {
  const std::vector<ScheduledStone>& stones = o.scene.stones;
  for (size_t i = 0; i < stones.size(); ++i) {
    if (o.headless && stones[i].step > 0 && stones[i].step >= o.scene.steps) {
      const std::string what = i < sceneDrops ? "the scene's stone " + std::to_string(i + 1) + " (stones.drop)"
                                              : "'" + t.drops[i - sceneDrops] + "'";
      return "--drop: " + what + " falls before step " + std::to_string(stones[i].step) +
             ", but the run ends after step " + std::to_string(o.scene.steps);
    }
  }
  return {};
}

// Parses the command line into `o`, whose scene is the run it starts from;
// returns the exit code when the program should stop there.
std::optional<int> parseCommandLine(int argc, char** argv, Options& o) {
  const size_t sceneDrops = o.scene.stones.size();
  GivenText t;
  CLI::App app{
      "ripple: the classic water-ripple effect on the GPU (OpenGL 3.3).\n"
      "Without --headless it opens a window; with it, it runs the scenario and writes files.",
      "ripple"};
  app.get_formatter()->column_width(32);  // room for --wall-kind reflecting|held
  addGeneralOptions(app, o, t);
  addSceneOptions(app, o, t);
  addRuleOptions(app, o, t);
  addStoneOptions(app, o, t);
  addTankOptions(app, o, t);
  addLookOptions(app, t);
  addFileOptions(app, o, t);
  addGpuOptions(app, o, t);
  try {
    app.parse(argc, argv);
    if (!t.listPresets) takeGivenText(app, t, o);
    checkRules(app, o, t);
  } catch (const CLI::CallForHelp&) {
    std::printf("%s", app.help().c_str());
    return 0;
  } catch (const CLI::CallForVersion&) {
    std::printf("ripple %s\n", RIPPLE_VERSION);
    return 0;
  } catch (const CLI::ParseError& e) {
    std::fprintf(stderr, "ripple: %s (see ripple --help)\n", e.what());
    return 2;
  }
  if (t.listPresets) {
    for (const PresetEntry& preset : presetList())
      std::printf("%s\t%s\n", preset.name.c_str(), preset.description.c_str());
    return 0;
  }
  const std::string never = stoneThatNeverFalls(o, sceneDrops, t);
  if (!never.empty()) {
    std::fprintf(stderr, "ripple: %s (see ripple --help)\n", never.c_str());
    return 2;
  }
  return std::nullopt;
}

}  // namespace

bool wantsHeadless(int argc, char** argv) {
  for (int i = 1; i < argc; ++i)
    if (std::string(argv[i]) == "--headless") return true;
  return false;
}

ParseResult parseOptions(int argc, char** argv, const WindowSettings& base) {
  ParseResult result;
  Options& o = result.options;
  putParameters(base, o.scene);
  // A scene first: the rest of the command line changes what it holds (and
  // adds to its lists of stones, walls and sources).
  try {
    if (const auto asked = sceneAskedFor(argc, argv)) {
      o.settingsBeforeScene = base;
      o.scene = asked->scene;
      o.sceneName = asked->name;
      if (o.scene.frameWidth > 0) o.size = std::pair(o.scene.frameWidth, o.scene.frameHeight);
    }
  } catch (const Error& e) {
    std::fprintf(stderr, "ripple: %s\n", e.what());
    result.exitCode = 2;
    return result;
  }
  result.exitCode = parseCommandLine(argc, argv, o);
  o.params = settingsOf(o.scene, base);
  return result;
}

}  // namespace ripple
