#include "app/options.hpp"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <map>
#include <regex>

namespace ripple {
namespace {

// "WxH" -> width, height, each in [1, 16384].
std::string parseSize(const std::string& text, int& w, int& h) {
  std::smatch m;
  static const std::regex kSize(R"(^(\d{1,6})x(\d{1,6})$)");
  if (!std::regex_match(text, m, kSize)) return "must be WIDTHxHEIGHT, e.g. 1280x720";
  w = std::stoi(m[1]);
  h = std::stoi(m[2]);
  if (w < 1 || h < 1 || w > 16384 || h > 16384) return "each side must be 1 to 16384";
  return {};
}

template <typename T>
CLI::Validator inRange(Range<T> r) {
  return CLI::Range(r.min, r.max);
}

}  // namespace

ParseResult parseOptions(int argc, char** argv) {
  ParseResult result;
  Options& o = result.options;
  Params& p = o.params;
  CLI::App app{"ripple: the classic water-ripple effect on the GPU (OpenGL 3.3)", "ripple"};
  app.set_version_flag("--version", "ripple " RIPPLE_VERSION);

  app.add_option("--image", o.imagePath, "picture under the water (PNG or JPEG); default: the embedded one");
  const std::map<std::string, Mode> modes{{"float", Mode::Float}, {"classic", Mode::Classic}};
  app.add_option("--mode", p.mode, "float, or classic: the seeds' integer algorithm bit for bit")
      ->transform(CLI::CheckedTransformer(modes, CLI::ignore_case));
  app.add_option("--damping", p.damping, "fraction lost per step (default 1/32)")
      ->check(inRange(limits::damping));
  app.add_option("--stone-radius", p.stoneRadius, "stone radius in pixels")->check(inRange(limits::stoneRadius));
  app.add_option("--stone-weight", p.stoneWeight, "stone weight (the seeds: 32..128)")
      ->check(inRange(limits::stoneWeight));
  app.add_option("--refraction", p.refraction, "refraction strength (float mode)")
      ->check(inRange(limits::refraction));
  app.add_option("--shading", p.shading, "shading from the slope (float mode)")->check(inRange(limits::shading));
  app.add_flag("--rain", p.rain, "start with rain falling");
  app.add_option("--rain-rate", p.rainRate, "mean raindrops per step")->check(inRange(limits::rainRate));
  app.add_option("--steps-per-second", p.stepsPerSecond, "simulation speed")
      ->check(inRange(limits::stepsPerSecond));
  std::string window;
  app.add_option("--window", window, "window size WIDTHxHEIGHT (default 1280x720)");
  app.add_option("--shaders", o.shaderDir, "read the shaders from this folder (for live editing)")
      ->check(CLI::ExistingDirectory);
  bool noPanel = false;
  app.add_flag("--no-panel", noPanel, "start with the panel hidden (H shows it)");

  try {
    app.parse(argc, argv);
    if (!window.empty()) {
      const std::string problem = parseSize(window, o.windowWidth, o.windowHeight);
      if (!problem.empty()) throw CLI::ValidationError("--window", "'" + window + "' " + problem);
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
  o.showPanel = !noPanel;
  return result;
}

}  // namespace ripple
