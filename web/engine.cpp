// The web engine: libripple's ripple::Water as JavaScript sees it, through
// embind. One class, WebWater, a call for each of the page's API's
// (web/ripple_api.js wraps it in the documented createWater() API). A
// library error becomes a JavaScript Error carrying its one line; the water
// is then as it was, as in C++.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <exception>
#include <memory>
#include <new>
#include <optional>
#include <type_traits>
#include <string>
#include <utility>
#include <vector>

#include "ripple/ripple.hpp"

namespace {

using emscripten::val;

// The line of the last call the library refused, which ripple_api.js
// throws as a JavaScript Error. A JavaScript exception thrown from here
// would unwind past WebAssembly's frames without giving back their stack or
// freeing the C++ exception, until the engine failed.
std::string refusal;

// Where the browser lends the engine no more memory (RIPPLE_WEB_MOST_MEMORY,
// -sMAXIMUM_MEMORY): the call is refused, the water as it was.
const std::string kOutOfMemory = "out of memory: this needs more than the " +
                                 std::to_string(RIPPLE_WEB_MOST_MEMORY >> 20) +
                                 " MB the browser lends the engine; a smaller grid, frame or text fits";

// Runs `call`; a C++ exception becomes the refusal, and the call's result
// an empty one (undefined, for a JavaScript value).
template <typename Call>
auto guarded(Call&& call) -> decltype(call()) {
  using Result = decltype(call());
  try {
    return call();
  } catch (const std::bad_alloc&) {
    refusal = kOutOfMemory;
  } catch (const std::exception& e) {
    refusal = e.what();
  }
  if constexpr (std::is_same_v<Result, val>) {
    return val::undefined();
  } else {
    return Result();
  }
}

bool refused() { return !refusal.empty(); }
std::string takeRefusal() { return std::exchange(refusal, {}); }

// Whether the engine has room for `bytes` more, asked before a text is
// passed in: embind copies a text through a malloc it does not check, and
// would write it from address 0 over the engine's memory. Refused where it
// has not.
bool roomFor(double bytes) {
  // volatile: a malloc freed unread is otherwise taken out, as succeeding.
  void* volatile room = bytes <= static_cast<double>(SIZE_MAX) ? std::malloc(static_cast<std::size_t>(bytes)) : nullptr;
  if (!room) {
    refusal = kOutOfMemory;
    return false;
  }
  std::free(room);
  return true;
}

ripple::Backend backendNamed(const std::string& name) {
  if (name == "cpu") return ripple::Backend::Cpu;
  if (name == "gpu") return ripple::Backend::Gpu;
  throw ripple::Error("backend: '" + name + "' is not one of gpu, cpu");
}

// A quarter turn in the page's words.
const char* turnWord(ripple::Turn turn) { return turn == ripple::Turn::Clockwise ? "clockwise" : "anticlockwise"; }
ripple::Turn turnNamed(const std::string& word) {
  for (const ripple::Turn turn : {ripple::Turn::Clockwise, ripple::Turn::Anticlockwise})
    if (word == turnWord(turn)) return turn;
  throw ripple::Error("quarterTurn: '" + word + "' is not one of clockwise, anticlockwise");
}

// A copy of `values` as a Float32Array the page owns.
val float32Copy(const std::vector<float>& values) {
  return val(emscripten::typed_memory_view(values.size(), values.data())).call<val>("slice");
}

class WebWater {
 public:
  WebWater(int width, int height, const std::string& backend)
      : water_(guarded([&] { return std::make_unique<ripple::Water>(width, height, backendNamed(backend)); })) {}

  // The browser lost the WebGL context and the water's objects with it: the
  // water is let go of (its GL calls do nothing now), its scene kept whole,
  // cell speeds too, which a scene's text has not. Its other calls wait for
  // comeBack() (web/ripple_api.js makes none meanwhile).
  void letGoOfContext() {
    guarded([&] {
      kept_ = Kept{water_->width(), water_->height(), water_->scene()};
      water_.reset();
    });
  }
  // The context restored: a still water of the grid and scene it had.
  void comeBack() {
    guarded([&] {
      auto water = std::make_unique<ripple::Water>(kept_->width, kept_->height, ripple::Backend::Gpu);
      water->loadScene(kept_->scene);
      water_ = std::move(water);
      kept_.reset();
    });
  }

  int width() const { return water_->width(); }
  int height() const { return water_->height(); }
  std::string description() const {
    return guarded([&] { return water_->description(); });
  }

  void drop(int x, int y, int radius, float weight) {
    guarded([&] { water_->drop(x, y, radius, weight); });
  }
  void dropAlong(int x0, int y0, int x1, int y1, int radius, float weight) {
    guarded([&] { water_->dropAlong(x0, y0, x1, y1, radius, weight); });
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
  // The water turned a quarter as it is: "clockwise" or "anticlockwise".
  void quarterTurn(const std::string& word) {
    guarded([&] { water_->quarterTurn(turnNamed(word)); });
  }

  void set(const std::string& name, const std::string& text) {
    guarded([&] { ripple::setParameter(*water_, name, text); });
  }
  std::string get(const std::string& name) const {
    return guarded([&] { return ripple::parameterText(*water_, name); });
  }

  // With `turnToFit` the scene is first turned a quarter where
  // ripple::turnToFit() says (upright on a phone held upright); the turn
  // taken, "clockwise", "anticlockwise" or "" for none.
  std::string loadPreset(const std::string& name, bool turnToFit) {
    return guarded([&] { return load(ripple::presetScene(name), turnToFit); });
  }
  std::string loadScene(const std::string& toml, bool turnToFit) {
    return guarded([&] { return load(ripple::parseScene(toml), turnToFit); });
  }
  // The scene's text; painted cells have none, and the page has no file
  // beside it to put them in, as writeScene() does natively: without them
  // the walls and slow water are its shapes alone.
  std::string saveScene(bool withoutCells) const {
    return guarded([&] {
      ripple::Scene scene = water_->scene();
      if (withoutCells) scene.tank.cellSpeeds.clear();
      if (!scene.tank.cellSpeeds.empty()) {
        throw ripple::Error(
            "saveScene: the water has painted cells, which a scene's text cannot hold: save it "
            "withoutCells and keep cellSpeeds() beside it");
      }
      return ripple::sceneText(scene);
    });
  }

  // --- the wave tank, as Water's tank calls ---
  void paint(int x0, int y0, int x1, int y1, int thickness, float speedFactor) {
    guarded([&] { water_->paint(x0, y0, x1, y1, thickness, speedFactor); });
  }
  val cellSpeeds() const {
    return guarded([&] { return float32Copy(water_->cellSpeeds()); });
  }
  // Every cell's speed factor, as cellSpeeds() gives them (a Float32Array
  // or an array of numbers): the cells are then the whole of the tank's
  // walls and slow water, its shapes cleared.
  void setCellSpeeds(const val& speeds) {
    guarded([&] {
      std::vector<float> cells(speeds["length"].as<std::size_t>());
      val(emscripten::typed_memory_view(cells.size(), cells.data())).call<void>("set", speeds);
      ripple::Tank tank = water_->tank();
      tank.clearCells();
      tank.cellSpeeds = std::move(cells);
      water_->setTank(tank);
    });
  }
  // Walls and slow water gone, the sources kept (the window's "Clear cells").
  void clearCells() {
    guarded([&] {
      ripple::Tank tank = water_->tank();
      tank.clearCells();
      water_->setTank(tank);
    });
  }
  // `fields`: a Source's, by its C++ names; a missing one as Source has it,
  // but a line's other end (x1, y1: the first end, a point) and `start` (the
  // step now: it starts singing now).
  int addSource(const val& fields) {
    return guarded([&] { return static_cast<int>(water_->addSource(sourceFrom(fields))); });
  }
  // `index` is 0 or more (ripple_api.js checks it).
  void removeSource(int index) {
    guarded([&] { water_->removeSource(static_cast<std::size_t>(index)); });
  }
  void moveSource(int index, int x, int y, int glideSteps) {
    guarded([&] { water_->moveSource(static_cast<std::size_t>(index), x, y, glideSteps); });
  }
  val sources() const {
    return guarded([&] {
      val list = val::array();
      for (const ripple::Source& s : water_->sources()) list.call<void>("push", sourceObject(s));
      return list;
    });
  }
  // The index of the source with a cell within `reach` cells of (x, y), -1
  // for none.
  int sourceNear(int x, int y, int reach) const {
    return guarded([&] {
      const std::optional<std::size_t> near = ripple::sourceNear(water_->sources(), x, y, reach);
      return near ? static_cast<int>(*near) : -1;
    });
  }

  // The picture under the water, width x height RGBA pixels, row 0 the
  // top (the CPU's frame draws it; on either backend, rest is judged
  // against it): room made for it, a view of the engine's memory the page
  // fills before any other call, then usePicture(). Made here, a picture
  // too large is refused, where embind's copy of one would be written from
  // address 0 over the engine's memory.
  val pictureRoom(int width, int height) {
    return guarded([&] {
      if (width < 1 || height < 1 || width > ripple::kMaxGridSide || height > ripple::kMaxGridSide) {
        throw ripple::Error("render: the frame " + std::to_string(width) + "x" + std::to_string(height) +
                            " must have each side from 1 to " + std::to_string(ripple::kMaxGridSide));
      }
      nextPicture_ = ripple::Picture(width, height);
      return val(emscripten::typed_memory_view(nextPicture_.rgba.size(), nextPicture_.rgba.data()));
    });
  }
  void usePicture() {
    guarded([&] {
      contrast_ = ripple::pictureContrast(nextPicture_);
      picture_ = std::exchange(nextPicture_, {});
    });
  }
  // Whether the water can no longer move a pixel of the frame over the
  // picture last set (Water::restsUnseen): the page may then stop drawing.
  bool restsUnseen(int frameWidth, int frameHeight) const {
    return guarded([&] { return water_->restsUnseen(contrast_, frameWidth, frameHeight); });
  }
  bool disturbedByItself() const {
    return guarded([&] { return water_->disturbedByItself(); });
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
      const ripple::Picture frame = water_->frame(picture_);
      return val(emscripten::typed_memory_view(frame.rgba.size(), frame.rgba.data())).call<val>("slice");
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
  std::string load(const ripple::Scene& scene, bool turnToFit) {
    const std::optional<ripple::Turn> turn =
        turnToFit ? ripple::turnToFit(scene, water_->width(), water_->height()) : std::nullopt;
    water_->loadScene(turn ? ripple::quarterTurned(scene, *turn) : scene);
    return turn ? turnWord(*turn) : "";
  }
  ripple::Source sourceFrom(const val& fields) const {
    ripple::Source s;
    s.start = water_->stepsDone();
    const auto take = [&](const char* name, auto& field) {
      const val v = fields[name];
      if (!v.isUndefined()) field = v.as<std::remove_reference_t<decltype(field)>>();
    };
    take("x0", s.x0);
    take("y0", s.y0);
    s.x1 = s.x0;
    s.y1 = s.y0;
    take("x1", s.x1);
    take("y1", s.y1);
    take("period", s.period);
    take("amplitude", s.amplitude);
    take("moving", s.moving);
    double start = static_cast<double>(s.start), end = static_cast<double>(s.end);
    take("start", start);
    take("end", end);
    s.start = static_cast<long long>(start);
    s.end = static_cast<long long>(end);
    return s;
  }
  static val sourceObject(const ripple::Source& s) {
    val o = val::object();
    o.set("x0", s.x0);
    o.set("y0", s.y0);
    o.set("x1", s.x1);
    o.set("y1", s.y1);
    o.set("period", s.period);
    o.set("amplitude", s.amplitude);
    o.set("start", static_cast<double>(s.start));
    o.set("end", static_cast<double>(s.end));
    o.set("moving", s.moving);
    return o;
  }
  std::unique_ptr<ripple::Water> water_;
  struct Kept {
    int width, height;
    ripple::Scene scene;
  };
  std::optional<Kept> kept_;  // while the WebGL context is lost
  ripple::Picture picture_;
  ripple::Picture nextPicture_;  // pictureRoom()'s, until usePicture()
  ripple::PictureContrast contrast_{};
};

std::vector<std::string> presets() { return ripple::presetNames(); }

// The parameter table (ripple/parameters.hpp) for the page's panel: each
// parameter's name, kind, range or words and meaning.
val parameterList() {
  static const char* const kKinds[] = {"number", "whole", "flag", "choice"};
  val list = val::array();
  for (const ripple::Parameter& p : ripple::parameters()) {
    val entry = val::object();
    entry.set("name", p.name);
    entry.set("kind", std::string(kKinds[static_cast<int>(p.kind)]));
    entry.set("min", p.min);
    entry.set("max", p.max);
    entry.set("includesMax", p.includesMax);
    val words = val::array();
    for (const std::string& w : p.words) words.call<void>("push", w);
    entry.set("words", words);
    entry.set("meaning", p.meaning);
    list.call<void>("push", entry);
  }
  return list;
}

// The ranges of the tank's parts (ripple/scene.hpp), for the page's panel.
val tankLimits() {
  val limits = val::object();
  limits.set("maxStoneRadius", ripple::kMaxStoneRadius);
  limits.set("maxStoneWeight", ripple::kMaxStoneWeight);
  limits.set("maxWallThickness", ripple::kMaxWallThickness);
  limits.set("minSlowWaterSpeed", ripple::kMinSlowWaterSpeed);
  limits.set("minSourcePeriod", ripple::kMinSourcePeriod);
  limits.set("maxSourcePeriod", ripple::kMaxSourcePeriod);
  limits.set("maxSourceAmplitude", ripple::kMaxSourceAmplitude);
  return limits;
}

// A built-in picture made by code ("builtin:tank", the wave tank's floor)
// as { width, height, rgba }; "builtin:pool" is the site's pool.png.
val builtinPicture(const std::string& name) {
  return guarded([&] {
    const ripple::Picture picture = ripple::loadPicture(name);
    val result = val::object();
    result.set("width", picture.width);
    result.set("height", picture.height);
    result.set("rgba", val(emscripten::typed_memory_view(picture.rgba.size(), picture.rgba.data())).call<val>("slice"));
    return result;
  });
}

// The part of a picture of pictureWidth x pictureHeight that covers a frame
// (ripple::coverCrop): { x, y, width, height }, for the page's drawImage().
val coverCrop(int pictureWidth, int pictureHeight, int frameWidth, int frameHeight) {
  return guarded([&] {
    const ripple::PictureCrop crop = ripple::coverCrop(pictureWidth, pictureHeight, frameWidth, frameHeight);
    val result = val::object();
    result.set("x", crop.x);
    result.set("y", crop.y);
    result.set("width", crop.width);
    result.set("height", crop.height);
    return result;
  });
}

// The picture a scene shows (its `frame.picture`): "" the pool.
std::string scenePictureOf(const std::string& presetName) {
  return guarded([&] { return ripple::presetScene(presetName).picture; });
}

// The picture a scene file's text shows (its `frame.picture`): "" the pool.
std::string pictureOfSceneText(const std::string& toml) {
  return guarded([&] { return ripple::parseScene(toml).picture; });
}

}  // namespace

EMSCRIPTEN_BINDINGS(ripple_engine) {
  emscripten::register_vector<std::string>("StringList");
  emscripten::function("refused", &refused);
  emscripten::function("takeRefusal", &takeRefusal);
  emscripten::function("roomFor", &roomFor);
  emscripten::function("presetNames", &presets);
  emscripten::function("parameterList", &parameterList);
  emscripten::function("tankLimits", &tankLimits);
  emscripten::function("builtinPicture", &builtinPicture);
  emscripten::function("coverCrop", &coverCrop);
  emscripten::function("presetPicture", &scenePictureOf);
  emscripten::function("scenePicture", &pictureOfSceneText);
  emscripten::class_<WebWater>("WebWater")
      .constructor<int, int, std::string>()
      .function("width", &WebWater::width)
      .function("height", &WebWater::height)
      .function("description", &WebWater::description)
      .function("drop", &WebWater::drop)
      .function("dropAlong", &WebWater::dropAlong)
      .function("step", &WebWater::step)
      .function("stepsDone", &WebWater::stepsDone)
      .function("reset", &WebWater::reset)
      .function("resize", &WebWater::resize)
      .function("heights", &WebWater::heights)
      .function("quarterTurn", &WebWater::quarterTurn)
      .function("set", &WebWater::set)
      .function("get", &WebWater::get)
      .function("loadPreset", &WebWater::loadPreset)
      .function("loadScene", &WebWater::loadScene)
      .function("saveScene", &WebWater::saveScene)
      .function("paint", &WebWater::paint)
      .function("cellSpeeds", &WebWater::cellSpeeds)
      .function("setCellSpeeds", &WebWater::setCellSpeeds)
      .function("clearCells", &WebWater::clearCells)
      .function("addSource", &WebWater::addSource)
      .function("removeSource", &WebWater::removeSource)
      .function("moveSource", &WebWater::moveSource)
      .function("sources", &WebWater::sources)
      .function("sourceNear", &WebWater::sourceNear)
      .function("pictureRoom", &WebWater::pictureRoom)
      .function("usePicture", &WebWater::usePicture)
      .function("render", &WebWater::render)
      .function("restsUnseen", &WebWater::restsUnseen)
      .function("disturbedByItself", &WebWater::disturbedByItself)
      .function("frame", &WebWater::frame)
      .function("verify", &WebWater::verify)
      .function("letGoOfContext", &WebWater::letGoOfContext)
      .function("comeBack", &WebWater::comeBack);
}
