#include "app/options.hpp"

#include <CLI/CLI.hpp>

#include "app/scene_options.hpp"
#include "scene/presets.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <regex>
#include <sstream>
#include <tuple>

#include "core/builtin_pictures.hpp"
#include "core/param_table.hpp"
#include "record/video_format.hpp"

namespace ripple {
namespace {

// Validators check the text before CLI11 converts it, so every message can
// say what is wrong in words: CLI11 prints it as "--option: message".

CLI::Validator realIn(Range<float> r) {
  return CLI::Validator(
      [r](std::string& text) -> std::string {
        char* end = nullptr;
        const double v = std::strtod(text.c_str(), &end);
        if (text.empty() || *end != '\0') return "'" + text + "' is not a number";
        if (!std::isfinite(v)) return "'" + text + "' is not a finite number";
        if (!r.contains(static_cast<float>(v))) return outOfRangeText(text, r);
        return {};
      },
      "");
}

CLI::Validator wholeIn(Range<int> r) {
  return CLI::Validator(
      [r](std::string& text) -> std::string {
        char* end = nullptr;
        errno = 0;
        const long v = std::strtol(text.c_str(), &end, 10);
        if (text.empty() || *end != '\0') return "'" + text + "' is not a whole number";
        if (errno == ERANGE || v < r.min || v > r.max) return outOfRangeText(text, r);
        return {};
      },
      "");
}

// "WxH", each side a whole number in limits::gridSide.
std::optional<std::pair<int, int>> parseSize(const std::string& text) {
  static const std::regex kSize(R"(^(\d{1,9})x(\d{1,9})$)");
  std::smatch m;
  if (!std::regex_match(text, m, kSize)) return std::nullopt;
  const long w = std::stol(m[1]), h = std::stol(m[2]);
  if (!limits::gridSide.contains(int(std::min(w, 1L << 30))) ||
      !limits::gridSide.contains(int(std::min(h, 1L << 30)))) {
    return std::nullopt;
  }
  return std::pair<int, int>(int(w), int(h));
}

CLI::Validator sizeCheck() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        if (parseSize(text)) return {};
        return "'" + text + "' must be WIDTHxHEIGHT with each side " + rangeText(limits::gridSide) + ", e.g. 320x240";
      },
      "");
}

CLI::Validator dropCheck() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        const auto drop = parseDrop(text);
        if (!drop) return "'" + text + "' must be X,Y,R,W or X,Y,R,W@S (whole numbers, W a number)";
        if (!limits::stoneRadius.contains(drop->stone.radius)) {
          return "'" + text + "': the radius must be " + rangeText(limits::stoneRadius);
        }
        if (!std::isfinite(drop->stone.weight) || !limits::stoneWeight.contains(drop->stone.weight)) {
          return "'" + text + "': the weight must be " + rangeText(limits::stoneWeight);
        }
        return {};
      },
      "");
}

// A check by one of world_options.hpp's parsers, which word the message.
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
        return namesBuiltinPicture(text) ? builtinPictureNotAFile(text, "--image") : std::string();
      },
      "");
}

CLI::Validator oneOf(std::vector<std::string> choices) {
  return CLI::Validator(
      [choices](std::string& text) -> std::string {
        for (const auto& c : choices)
          if (text == c) return {};
        std::string list;
        for (const auto& c : choices) list += (list.empty() ? "" : " or ") + c;
        return "'" + text + "' must be " + list;
      },
      "");
}

// A parameter's option, by the name and the range or words the parameters'
// table gives it (core/param_table.hpp), bound to `value`; `help` says what
// it means here.
CLI::Option* addParam(CLI::App& app, float& value, float Params::*member, const std::string& help) {
  const ParamRow& row = paramOf(member);
  return app.add_option(row.option, value, help)->check(realIn(std::get<FloatParam>(row.value).range));
}
CLI::Option* addParam(CLI::App& app, int& value, int Params::*member, const std::string& help) {
  const ParamRow& row = paramOf(member);
  return app.add_option(row.option, value, help)->check(wholeIn(std::get<IntParam>(row.value).range));
}
template <typename E>
CLI::Option* addParam(CLI::App& app, std::string& word, E Params::*member, const std::string& help) {
  return app.add_option(paramOf(member).option, word, help)->check(oneOf(wordsOf<E>()));
}
template <typename T>
const char* optionOf(T Params::*member) {
  return paramOf(member).option;
}

// A video's name: the format follows the extension (video_format.hpp).
CLI::Validator videoNameCheck() {
  return CLI::Validator(
      [](std::string& text) -> std::string { return videoFormatOf(text) ? std::string() : videoNameProblem(text); },
      "");
}

// --fps belongs to --save-video; a GIF plays no faster than 50 frames a second.
void checkVideoOptions(const CLI::App& app, const Options& o) {
  if (app.count("--fps") > 0 && app.count("--save-video") == 0) {
    throw CLI::ValidationError("--fps", "sets the frame rate of --save-video's file, and needs it");
  }
  if (app.count("--video-size") > 0 && app.count("--save-video") == 0) {
    throw CLI::ValidationError("--video-size", "sets the size of --save-video's frames, and needs it");
  }
  if (!o.saveVideo.empty() && videoFormatOf(o.saveVideo) == VideoFormat::Gif && o.videoFps > limits::gifMaxFps) {
    throw CLI::ValidationError("--fps",
                               "'" + std::to_string(o.videoFps) +
                                   "' is too fast for a GIF, whose frames "
                                   "last whole hundredths of a second (players show shorter ones for a tenth): "
                                   "at most " +
                                   std::to_string(limits::gifMaxFps));
  }
}

}  // namespace

bool wantsHeadless(int argc, char** argv) {
  for (int i = 1; i < argc; ++i)
    if (std::string(argv[i]) == "--headless") return true;
  return false;
}

ParseResult parseOptions(int argc, char** argv, const Params& base) {
  ParseResult result;
  Options& o = result.options;
  Params& p = o.params;
  p = base;
  // A scene first: the rest of the command line overrides what it holds
  // (and adds to its lists of stones, walls and sources).
  try {
    if (const auto scene = sceneAskedFor(argc, argv)) {
      o.settingsBeforeScene = base;
      applyScene(*scene, o);
    }
  } catch (const Error& e) {
    std::fprintf(stderr, "ripple: %s\n", e.what());
    result.exitCode = 2;
    return result;
  }
  const size_t sceneDrops = o.drops.size();
  const Params kDefaults;  // the help states the defaults, not the saved settings
  CLI::App app{
      "ripple: the classic water-ripple effect on the GPU (OpenGL 3.3).\n"
      "Without --headless it opens a window; with it, it runs the scenario and writes files.",
      "ripple"};
  app.get_formatter()->column_width(30);
  app.set_version_flag("--version", "ripple " RIPPLE_VERSION);

  app.add_flag("--headless", o.headless, "run without a window (EGL; works over SSH and in CI)");
  std::string sceneFile, presetName;  // read above, by sceneAskedFor
  bool listPresets = false;
  app.add_option("--scene", sceneFile,
                 "a scene file (docs/scenes.md): everything that defines a run; the options after it override it")
      ->type_name("FILE");
  app.add_option("--preset", presetName, "one of the built-in scenes, by name (see --list-presets)")->type_name("NAME");
  app.add_flag("--list-presets", listPresets, "print the built-in scenes, one a line: its name, a tab, what it shows");
  app.add_option("--save-scene", o.saveScene, "headless: a scene file that reproduces this run exactly")
      ->type_name("FILE");
  std::string size, mode = wordOf(p.mode), backend = "gpu", stepPath = "auto";
  std::string stencil = wordOf(p.stencil), stoneShape = wordOf(p.stoneShape);
  std::vector<std::string> drops;
  float rain = 0.0f;
  app.add_option("--size", size, "grid and frame size in cells = pixels (default: the picture's; window: 1280x720)")
      ->check(sizeCheck())
      ->type_name("WxH");
  addParam(app, mode, &Params::mode,
           "float (default), or classic: the seeds' integer rule; with their damping too (--damping 0.03125, "
           "or --preset seeds-pool) their program bit for bit")
      ->type_name("float|classic");
  addParam(app, p.damping, &Params::damping,
           "fraction lost per step, " + rangeText(limits::damping) + " (default " + valueText(kDefaults.damping) +
               "; the seeds: 0.03125)")
      ->type_name("D");
  addParam(app, p.courant, &Params::courant,
           "wave speed in cells a step, the Courant number: up to 0.7071 (1/sqrt 2, the seeds' speed) with "
           "--stencil 5, up to 0.8660 (sqrt 3 / 2) with --stencil 9 (default " +
               valueText(kDefaults.courant) + ")")
      ->type_name("C");
  addParam(app, stencil, &Params::stencil,
           "5: the seeds' four neighbours; 9: four neighbours and four diagonals, for round rings "
           "(default " +
               std::string(wordOf(kDefaults.stencil)) + ")")
      ->type_name("5|9");
  addParam(app, stoneShape, &Params::stoneShape,
           std::string("disc: the seeds' flat disc; smooth: a rounded bump of the same radius and weight (default ") +
               wordOf(kDefaults.stoneShape) + ")")
      ->type_name("disc|smooth");
  app.add_option("--steps", o.steps, "steps to run (default 100)")->check(wholeIn(limits::steps))->type_name("N");
  app.add_option("--drop", drops,
                 "a stone at pixel (X,Y) from the top-left, radius R, weight W (cells get -W), dropped just before "
                 "step S (default 0); repeatable")
      ->check(dropCheck())
      ->type_name("X,Y,R,W[@S]");
  addParam(app, rain, &Params::rainRate, "random stones, RATE per step on average")->type_name("RATE");
  app.add_option("--seed", o.seed, "the rain's random seed (default 1)")
      ->check(wholeIn({0, 2147483647}))
      ->type_name("N");
  std::vector<std::string> walls, sources, lineSources, movingSources;
  // The window's saved edges and wall kind (the base's) unless the command
  // line says otherwise; the headless run's base is the defaults.
  std::string edges = std::string(wordOf(p.horizontalEdges)) + "," + wordOf(p.verticalEdges),
              wallKind = wordOf(p.wallKind);
  app.add_option("--wall", walls,
                 "a straight wall from cell (X0,Y0) to (X1,Y1), T cells thick (default 2; length 0: a T x T post); "
                 "repeatable")
      ->check(parsedBy([](const std::string& t, std::string& why) { return parseWall(t, why).has_value(); }))
      ->type_name("X0,Y0,X1,Y1[,T]");
  app.add_option(
         "--walls", o.world.wallsPicture,
         "a picture of walls, scaled to the grid: pixels darker than 50% grey are walls, transparent ones water")
      ->check(aFileNotABuiltinPicture())
      ->type_name("F.png");
  app.add_option("--medium", o.world.mediumPicture,
                 "float mode: a picture of the water's speed, scaled to the grid: a cell runs at grey/255 of the "
                 "speed, black is a wall (walls win over it)")
      ->check(aFileNotABuiltinPicture())
      ->type_name("F.png");
  app.add_option("--edges", edges,
                 "what the grid's edges do, all four or left/right then top/bottom: fixed (default; held at 0), "
                 "free, absorbing (open sea) or wrap")
      ->check(parsedBy([](const std::string& t, std::string& why) { return parseEdges(t, why).has_value(); }))
      ->type_name("E[,E]");
  addParam(app, wallKind, &Params::wallKind,
           "reflecting (default: walls reflect as real ones) or held (the seeds': held at 0, the wave comes "
           "back upside down)")
      ->type_name("KIND");
  app.add_option("--source", sources,
                 "an oscillating source at cell (X,Y): a period of PERIOD steps (" + rangeText(limits::sourcePeriod) +
                     "), amplitude AMP (" + rangeText(limits::sourceAmplitude) +
                     "), from step START (default 0) to before END (default: for ever); repeatable")
      ->check(parsedBy(
          [](const std::string& t, std::string& why) { return parseSource(t, SourceForm::Point, why).has_value(); }))
      ->type_name("X,Y,PERIOD,AMP[@START[:END]]");
  app.add_option("--line-source", lineSources,
                 "the same on a line of cells from (X0,Y0) to (X1,Y1), in phase (a plane wave); repeatable")
      ->check(parsedBy(
          [](const std::string& t, std::string& why) { return parseSource(t, SourceForm::Line, why).has_value(); }))
      ->type_name("X0,Y0,X1,Y1,PERIOD,AMP[@START[:END]]");
  app.add_option("--moving-source", movingSources,
                 "a point source that moves at a steady pace from cell (X0,Y0) at step START to (X1,Y1) at step END "
                 "(the Doppler effect); repeatable")
      ->check(parsedBy(
          [](const std::string& t, std::string& why) { return parseSource(t, SourceForm::Moving, why).has_value(); }))
      ->type_name("X0,Y0,X1,Y1,PERIOD,AMP@START:END");
  app.add_option("--image", o.imagePath,
                 "the picture: a PNG or JPEG, or a built-in one, builtin:pool (the default) or builtin:tank (a plain "
                 "floor for the wave tank)")
      ->check(parsedBy([](const std::string& t, std::string& why) {
        why = builtinPictureProblem(t);
        return why.empty();
      }))
      ->type_name("F");
  addParam(app, p.refraction, &Params::refraction,
           "refraction strength, float mode (default " + valueText(kDefaults.refraction) + ")")
      ->type_name("S");
  addParam(app, p.shading, &Params::shading,
           "shading from the slope, float mode (default " + valueText(kDefaults.shading) + ")")
      ->type_name("K");
  addParam(app, p.heightShading, &Params::heightShading,
           "brightness from the height, float mode: crests lighter, troughs darker, whichever way the waves "
           "run; shows faint waves far from their source (default " +
               valueText(kDefaults.heightShading) + ")")
      ->type_name("K");
  addParam(app, p.lightStrength, &Params::lightStrength,
           "strength of the light's highlight on the water, 0 (off) to 4, float mode (default " +
               valueText(kDefaults.lightStrength) + ")")
      ->type_name("S");
  addParam(app, p.lightAzimuth, &Params::lightAzimuth,
           "where the light comes from, degrees: 0 the right, 90 the top of the picture (default " +
               valueText(kDefaults.lightAzimuth) + ")")
      ->type_name("DEG");
  addParam(app, p.lightElevation, &Params::lightElevation,
           "the light's height above the water, degrees, 5 to 90 (default " + valueText(kDefaults.lightElevation) + ")")
      ->type_name("DEG");
  addParam(app, p.stoneRadius, &Params::stoneRadius,
           "window: a click's stone radius in pixels (default " + valueText(kDefaults.stoneRadius) + ")")
      ->type_name("R");
  addParam(app, p.stoneWeight, &Params::stoneWeight,
           "window: a click's stone weight (default " + valueText(kDefaults.stoneWeight) + "); also the rain's")
      ->type_name("W");
  addParam(app, p.waveSpeed, &Params::waveSpeed,
           "window: how fast waves cross the screen, in window pixels a second (default " +
               valueText(kDefaults.waveSpeed) + ")")
      ->type_name("PX/S");
  app.add_option("--save-height", o.saveHeight, "headless: the heights after the last step, .npy float32 (H, W)")
      ->type_name("F.npy");
  app.add_option("--save-frame", o.saveFrame, "headless: the refracted frame after the last step")->type_name("F.png");
  app.add_option("--save-frames", o.saveFramesDir,
                 "headless: DIR/frame_000000.png ... every K steps (created if missing)")
      ->type_name("DIR");
  app.add_option("--save-heights", o.saveHeightsDir,
                 "headless: DIR/height_000000.npy ... every K steps, as --save-height (created if missing)")
      ->type_name("DIR");
  app.add_option("--save-video", o.saveVideo,
                 "headless: the frames --save-frames would save, as a video: H.264 in F.mp4, or F.gif (a palette "
                 "made for the clip); the format follows the name")
      ->check(videoNameCheck())
      ->type_name("F.mp4|F.gif");
  app.add_option("--fps", o.videoFps,
                 "headless: --save-video's frames a second, 1 to 60, a GIF at most 50 (default 30)")
      ->check(wholeIn(limits::videoFps))
      ->type_name("N");
  app.add_option("--from", o.sequenceFrom,
                 "headless: --save-frames, --save-heights and --save-video start at step S (default 0), e.g. once a "
                 "source's waves have filled the picture")
      ->check(wholeIn(limits::steps))
      ->type_name("S");
  std::string videoSize;
  app.add_option("--video-size", videoSize,
                 "headless: --save-video's frames scaled to this size, cropped to fill it where the shapes differ "
                 "(default: the frame's)")
      ->check(sizeCheck())
      ->type_name("WxH");
  app.add_option("--every", o.every,
                 "headless: K for --save-frames, --save-heights and --save-video, every K steps (default 1)")
      ->check(wholeIn({1, limits::steps.max}))
      ->type_name("K");
  app.add_option("--backend", backend, "headless: gpu (default) or cpu, which implementation runs")
      ->type_name("gpu|cpu")
      ->check(oneOf({"gpu", "cpu"}));
  app.add_flag("--verify", o.verify,
               "headless: run on both, print the largest height difference and the differing pixels; exit 1 "
               "when over tolerance (classic: any difference)");
  app.add_flag("--quiet", o.quiet, "headless: no progress, no summary");
  app.add_option("--shaders", o.shaderDir,
                 "read the shaders from this folder instead of the built-in copies: every file of shaders/, "
                 "edited; the window reloads them when one changes")
      ->check(CLI::Validator(CLI::ExistingDirectory).description(""))
      ->type_name("DIR");
  app.add_option("--step-path", stepPath,
                 "how the GPU steps the water: auto (default: compute on a GPU that has compute shaders, the "
                 "fragment pass on a software renderer), fragment or compute")
      ->type_name("auto|fragment|compute")
      ->check(oneOf({"auto", "fragment", "compute"}));
  bool noPanel = false;
  app.add_flag("--no-panel", noPanel, "window: start with the panel hidden (H shows it)");

  try {
    app.parse(argc, argv);
    // Options that only make sense on one side say so instead of being ignored.
    for (const char* name :
         {"--save-scene", "--save-height", "--save-frame", "--save-frames", "--save-heights", "--every", "--backend",
          "--verify", "--quiet", "--steps", "--save-video", "--fps", "--video-size", "--from"}) {
      if (!o.headless && app.count(name) > 0) throw CLI::ValidationError(name, "needs --headless");
    }
    for (const char* name : {"--no-panel", optionOf(&Params::waveSpeed), optionOf(&Params::stoneRadius)}) {
      if (o.headless && app.count(name) > 0) throw CLI::ValidationError(name, "has no effect with --headless");
    }
    // Checked here rather than with CLI11's needs(), whose note garbles --help.
    if (app.count("--every") > 0 && app.count("--save-frames") == 0 && app.count("--save-heights") == 0 &&
        app.count("--save-video") == 0) {
      throw CLI::ValidationError(
          "--every", "sets how often --save-frames, --save-heights and --save-video save, and needs one of them");
    }
    if (app.count("--from") > 0 && app.count("--save-frames") == 0 && app.count("--save-heights") == 0 &&
        app.count("--save-video") == 0) {
      throw CLI::ValidationError(
          "--from", "sets where --save-frames, --save-heights and --save-video start, and needs one of them");
    }
    if (o.sequenceFrom > o.steps) {
      throw CLI::ValidationError("--from", "'" + std::to_string(o.sequenceFrom) + "' is after the last step, " +
                                               std::to_string(o.steps) + ": nothing would be saved");
    }
    checkVideoOptions(app, o);
    if (o.verify && app.count("--backend") > 0) {
      throw CLI::ValidationError("--backend", "cannot be combined with --verify, which runs both");
    }
    if (backend == "cpu" && app.count("--step-path") > 0) {
      throw CLI::ValidationError("--step-path", "applies to the GPU, and --backend cpu runs none");
    }
    if (choiceOf<Mode>(mode) == Mode::Classic) {
      for (const char* name :
           {optionOf(&Params::refraction), optionOf(&Params::shading), optionOf(&Params::heightShading),
            optionOf(&Params::lightStrength), optionOf(&Params::lightAzimuth), optionOf(&Params::lightElevation)}) {
        if (app.count(name) > 0) {
          throw CLI::ValidationError(name,
                                     "applies to float mode only; classic mode draws the seeds' picture: "
                                     "refraction 1, no shading, no light");
        }
      }
      for (const char* name :
           {optionOf(&Params::courant), optionOf(&Params::stencil), optionOf(&Params::stoneShape), "--medium"}) {
        if (app.count(name) > 0) {
          throw CLI::ValidationError(name,
                                     "applies to float mode only; classic mode is the seeds' rule: four "
                                     "neighbours at their speed, and discs");
        }
      }
    }
    const Stencil chosenStencil = *choiceOf<Stencil>(stencil);
    const std::string unstable = stabilityProblem(p.courant, chosenStencil, "--stencil 9");
    if (!unstable.empty()) throw CLI::ValidationError(optionOf(&Params::courant), unstable);
    if (listPresets) {
      for (const PresetInfo& preset : presets())
        std::printf("%s\t%s\n", preset.name.c_str(), preset.description.c_str());
      result.exitCode = 0;
      return result;
    }
  } catch (const CLI::CallForHelp&) {
    std::printf("%s", app.help().c_str());
    result.exitCode = 0;
    return result;
  } catch (const CLI::CallForVersion&) {
    std::printf("ripple %s\n", RIPPLE_VERSION);
    result.exitCode = 0;
    return result;
  } catch (const CLI::ParseError& e) {
    std::fprintf(stderr, "ripple: %s (see ripple --help)\n", e.what());
    result.exitCode = 2;
    return result;
  }

  p.mode = *choiceOf<Mode>(mode);
  p.stencil = *choiceOf<Stencil>(stencil);
  p.stoneShape = *choiceOf<StoneShape>(stoneShape);
  o.backend = backend == "cpu" ? Backend::Cpu : Backend::Gpu;
  o.stepPath = stepPath == "fragment"  ? StepPathChoice::Fragment
               : stepPath == "compute" ? StepPathChoice::Compute
                                       : StepPathChoice::Auto;
  if (!size.empty()) o.size = parseSize(size);
  if (!videoSize.empty()) o.videoSize = parseSize(videoSize);
  for (const auto& text : drops) o.drops.push_back(*parseDrop(text));
  std::string why;  // each was checked above
  for (const auto& text : walls) o.world.walls.push_back(*parseWall(text, why));
  for (const auto& text : sources) o.world.sources.push_back(*parseSource(text, SourceForm::Point, why));
  for (const auto& text : lineSources) o.world.lineSources.push_back(*parseSource(text, SourceForm::Line, why));
  for (const auto& text : movingSources) o.world.movingSources.push_back(*parseSource(text, SourceForm::Moving, why));
  std::tie(p.horizontalEdges, p.verticalEdges) = *parseEdges(edges, why);
  p.wallKind = *choiceOf<WallKind>(wallKind);
  if (app.count(optionOf(&Params::rainRate)) > 0) {
    p.rain = rain > 0.0f;
    if (p.rain) p.rainRate = rain;
  }
  o.showPanel = !noPanel;
  // A stone scheduled after the last step would silently never fall.
  for (size_t i = 0; i < o.drops.size(); ++i) {
    if (o.headless && o.drops[i].step > 0 && o.drops[i].step >= o.steps) {
      const std::string what = i < sceneDrops ? "the scene's stone " + std::to_string(i + 1) + " (stones.drop)"
                                              : "'" + drops[i - sceneDrops] + "'";
      std::fprintf(stderr,
                   "ripple: --drop: %s falls before step %d, but the run ends after step %d (see ripple --help)\n",
                   what.c_str(), o.drops[i].step, o.steps);
      result.exitCode = 2;
      return result;
    }
  }
  return result;
}

}  // namespace ripple
