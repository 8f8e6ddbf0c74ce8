// The web engine: libripple's ripple::Water as JavaScript sees it, through
// embind. One class, WebWater, a call for each of the page's API's
// (web/ripple_api.js wraps it in the documented createWater() API). A
// library error becomes a JavaScript Error carrying its one line; the water
// is then as it was, as in C++.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <exception>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "ripple/ripple.hpp"

namespace {

using emscripten::val;

[[noreturn]] void throwJavaScriptError(const std::string& message) { val::global("Error").new_(message).throw_(); }

// Runs `call`, turning a C++ exception into a JavaScript Error.
template <typename Call>
auto guarded(Call&& call) -> decltype(call()) {
  try {
    return call();
  } catch (const std::exception& e) {
    throwJavaScriptError(e.what());
  }
}

ripple::Backend backendNamed(const std::string& name) {
  if (name == "cpu") return ripple::Backend::Cpu;
  if (name == "gpu") return ripple::Backend::Gpu;
  throwJavaScriptError("backend: '" + name + "' is not one of gpu, cpu");
}

// A copy of `values` as a Float32Array the page owns.
val float32Copy(const std::vector<float>& values) {
  return val(emscripten::typed_memory_view(values.size(), values.data())).call<val>("slice");
}

class WebWater {
 public:
  WebWater(int width, int height, const std::string& backend)
      : water_(guarded([&] { return std::make_unique<ripple::Water>(width, height, backendNamed(backend)); })) {}

  int width() const { return water_->width(); }
  int height() const { return water_->height(); }
  std::string description() const {
    return guarded([&] { return water_->description(); });
  }

  void drop(int x, int y, int radius, float weight) {
    guarded([&] { water_->drop(x, y, radius, weight); });
  }
  void step(int steps) {
    guarded([&] { water_->step(steps); });
  }
  double stepsDone() const { return static_cast<double>(water_->stepsDone()); }
  void reset() {
    guarded([&] { water_->reset(); });
  }
  void resize(int width, int height) {
    guarded([&] { water_->resize(width, height); });
  }
  val heights() const {
    return guarded([&] { return float32Copy(water_->heights()); });
  }

  void set(const std::string& name, const std::string& text) {
    guarded([&] { ripple::setParameter(*water_, name, text); });
  }
  std::string get(const std::string& name) const {
    return guarded([&] { return ripple::parameterText(*water_, name); });
  }

  void loadPreset(const std::string& name) {
    guarded([&] { water_->loadScene(ripple::presetScene(name)); });
  }
  void loadScene(const std::string& toml) {
    guarded([&] { water_->loadScene(ripple::parseScene(toml)); });
  }
  std::string saveScene() const {
    return guarded([&] { return ripple::sceneText(water_->scene()); });
  }

  // The picture under the water: RGBA bytes, row 0 the top.
  void setPicture(int width, int height, const std::string& rgba) {
    guarded([&] {
      ripple::Picture picture(width, height, std::vector<unsigned char>(rgba.begin(), rgba.end()));
      if (picture.rgba.size() != static_cast<std::size_t>(width) * height * 4)
        throw ripple::Error("picture: " + std::to_string(rgba.size()) + " bytes are not " + std::to_string(width) +
                            "x" + std::to_string(height) + " RGBA pixels");
      picture_ = std::move(picture);
    });
  }
  // The GPU's: picture (a texture name of emscripten's) refracted into the
  // rectangle of the canvas, (0, 0) its bottom left as GL has it.
  void render(unsigned picture, int x, int y, int width, int height) {
    guarded([&] { water_->render(picture, x, y, width, height); });
  }
  // The frame at the picture's size as RGBA bytes (a Uint8Array), as
  // Water::frame() draws it.
  val frame() {
    return guarded([&] {
      frame_ = water_->frame(picture_);
      return val(emscripten::typed_memory_view(frame_.rgba.size(), frame_.rgba.data())).call<val>("slice");
    });
  }

  val verify(int steps) {
    return guarded([&] {
      const ripple::Verification v = water_->verify(steps);
      val result = val::object();
      result.set("pass", v.passed);
      result.set("maxDifference", v.largestDifference);
      result.set("tolerance", v.tolerance);
      return result;
    });
  }

 private:
  std::unique_ptr<ripple::Water> water_;
  ripple::Picture picture_;
  ripple::Picture frame_;
};

std::vector<std::string> presets() { return ripple::presetNames(); }

}  // namespace

EMSCRIPTEN_BINDINGS(ripple_engine) {
  emscripten::register_vector<std::string>("StringList");
  emscripten::function("presetNames", &presets);
  emscripten::class_<WebWater>("WebWater")
      .constructor<int, int, std::string>()
      .function("width", &WebWater::width)
      .function("height", &WebWater::height)
      .function("description", &WebWater::description)
      .function("drop", &WebWater::drop)
      .function("step", &WebWater::step)
      .function("stepsDone", &WebWater::stepsDone)
      .function("reset", &WebWater::reset)
      .function("resize", &WebWater::resize)
      .function("heights", &WebWater::heights)
      .function("set", &WebWater::set)
      .function("get", &WebWater::get)
      .function("loadPreset", &WebWater::loadPreset)
      .function("loadScene", &WebWater::loadScene)
      .function("saveScene", &WebWater::saveScene)
      .function("setPicture", &WebWater::setPicture)
      .function("render", &WebWater::render)
      .function("frame", &WebWater::frame)
      .function("verify", &WebWater::verify);
}
