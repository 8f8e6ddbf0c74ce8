// A fuzzer of libripple's API: random sequences of every public call, with
// random and extreme arguments, on both backends, from a fixed seed. After
// each call: it either returned or threw ripple::Error (nothing else); a
// refused call left the water as it was (heights, the step before, the
// parameters, the tank); the water is finite; the host's context holds no
// GL error. A failure prints the seed and the calls that led to it.
//   ripple_api_fuzz_tests [CALLS] [SEED]
#include <gtest/gtest.h>

#include <cfloat>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <filesystem>
#include <functional>
#include <limits>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <ripple/ripple.hpp>

#include "host_gl.hpp"

namespace {

long gCalls = 20000;
unsigned long long gSeed = 1;

// What a refused call must leave as it was.
struct Snapshot {
  std::vector<float> heights, previous, cellSpeeds;
  ripple::Rule rule;
  ripple::Look look;
  ripple::Rain rain;
  ripple::Edge leftRightEdges, topBottomEdges;
  ripple::WallKind wallKind;
  size_t sources;
  long long steps;
  int width, height;
};

bool operator==(const Snapshot& a, const Snapshot& b) {
  return a.heights == b.heights && a.previous == b.previous && a.cellSpeeds == b.cellSpeeds && a.rule == b.rule &&
         a.look == b.look && a.rain == b.rain && a.leftRightEdges == b.leftRightEdges &&
         a.topBottomEdges == b.topBottomEdges && a.wallKind == b.wallKind && a.sources == b.sources &&
         a.steps == b.steps && a.width == b.width && a.height == b.height;
}

// The parts of the water that differ between two snapshots, by name.
std::string partsDiffering(const Snapshot& a, const Snapshot& b) {
  std::string parts;
  const auto note = [&](bool same, const char* name) {
    if (!same) parts += std::string(parts.empty() ? "" : ", ") + name;
  };
  note(a.heights == b.heights, "heights");
  note(a.previous == b.previous, "previous heights");
  note(a.cellSpeeds == b.cellSpeeds, "cell speeds");
  note(a.rule == b.rule && a.look == b.look && a.rain == b.rain, "rule, look or rain");
  note(a.leftRightEdges == b.leftRightEdges && a.topBottomEdges == b.topBottomEdges && a.wallKind == b.wallKind,
       "edges or wall kind");
  note(a.sources == b.sources && a.steps == b.steps, "sources or steps");
  note(a.width == b.width && a.height == b.height, "grid");
  return parts;
}

Snapshot snapshotOf(const ripple::Water& w) {
  const ripple::Tank tank = w.tank();
  return {w.heights(),   w.previousHeights(), w.cellSpeeds(),      w.rule(),      w.look(),
          w.rain(),      tank.leftRightEdges, tank.topBottomEdges, tank.wallKind, w.sources().size(),
          w.stepsDone(), w.width(),           w.height()};
}

// Random arguments: mostly ordinary ones, often the extremes.
class Arguments {
 public:
  explicit Arguments(unsigned long long seed) : random_(seed) {}
  bool chance(double p) { return std::uniform_real_distribution<double>(0, 1)(random_) < p; }
  int between(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(random_); }
  // A whole number: within [lo, hi] mostly, else an extreme.
  int whole(int lo, int hi) {
    if (!chance(0.15)) return between(lo, hi);
    static const int extremes[] = {0,           -1,      1,          INT_MIN, INT_MAX, INT_MIN + 1,
                                   INT_MAX - 1, 1 << 20, -(1 << 20), 16384,   16385};
    return extremes[between(0, std::size(extremes) - 1)];
  }
  float real(float lo, float hi) {
    if (!chance(0.15)) return std::uniform_real_distribution<float>(lo, hi)(random_);
    static const float extremes[] = {0.0f,     -0.0f,    1.0f,    -1.0f,   std::nanf(""), INFINITY,  -INFINITY,
                                     FLT_MAX,  -FLT_MAX, FLT_MIN, 1e-42f,  1e30f,         -1e30f,    0.99999994f,
                                     32767.0f, 32768.0f, 4096.0f, 4097.0f, 0.70710678f,   0.8660254f};
    return extremes[between(0, std::size(extremes) - 1)];
  }
  std::vector<float> field(int w, int h, float lo, float hi) {
    long count = long(w) * h;
    if (chance(0.1)) count += between(-2, 2);
    std::vector<float> cells(static_cast<size_t>(std::max(0L, count)));
    for (float& c : cells) c = chance(0.002) ? real(lo, hi) : std::uniform_real_distribution<float>(lo, hi)(random_);
    return cells;
  }

 private:
  std::mt19937_64 random_;
};

const char* const kSceneTexts[] = {
    "ripple_scene = 1\n",
    "ripple_scene = 1\n[frame]\nsize = [64, 48]\n[tank]\nedges = [\"absorbing\", \"wrap\"]\n"
    "[[tank.wall]]\nfrom = [10, 0]\nto = [10, 40]\n[[stones.drop]]\nat = [30, 20]\nradius = 4\nweight = 96\n",
    "ripple_scene = 1\n[[tank.source]]\nat = [5, 5]\nperiod = 12\namplitude = 50\nend = 40\n",
    "ripple_scene = 1\n[rule]\ndamping = 2\n",
    "ripple_scene = 1\n[[tank.source]]\nat = [-5, 5]\nperiod = 1\namplitude = 50\n",
    "not toml at all [[[",
    "ripple_scene = 1\n[frame]\nsize = [100000, 1]\n",
};

// One fuzzing run over one Water of each backend, in turn.
class Fuzzer {
 public:
  Fuzzer(unsigned long long seed, GLuint picture) : a_(seed), picture_(picture) {
    waters_.push_back(std::make_unique<ripple::Water>(48, 32, ripple::Backend::Gpu));
    waters_.push_back(std::make_unique<ripple::Water>(48, 32, ripple::Backend::Cpu));
  }

  void run(long calls) {
    for (long i = 0; i < calls && !::testing::Test::HasFailure();) {
      ripple::Water& water = *waters_[static_cast<size_t>(a_.between(0, 1))];
      const bool gpu = water.backend() == ripple::Backend::Gpu;
      // The GPU's calls are the slow ones on a software rasterizer: fewer of them.
      if (gpu && a_.chance(0.7)) continue;
      callOn(water, i++);
    }
  }

 private:
  void remember(std::string call) {
    log_.push_back(std::move(call));
    if (log_.size() > 12) log_.pop_front();
  }
  std::string history() const {
    std::string text = "seed " + std::to_string(gSeed) + "; the last calls:\n";
    for (const std::string& call : log_) text += "  " + call + "\n";
    return text;
  }

  void callOn(ripple::Water& water, long index) {
    const Snapshot before = snapshotOf(water);
    std::ostringstream call;
    call << "#" << index << " " << (water.backend() == ripple::Backend::Gpu ? "gpu" : "cpu") << ".";
    std::function<void()> act = pick(water, call);
    remember(call.str());
    std::string refusal;  // the message of a refused call
    try {
      act();
    } catch (const ripple::Error& e) {
      const std::string message = refusal = e.what();
      ASSERT_FALSE(message.empty()) << history();
      ASSERT_EQ(message.find('\n'), std::string::npos) << "one line: " << message << "\n" << history();
      for (char c : message) ASSERT_TRUE(c >= 32 && c < 127) << "printable: " << message << "\n" << history();
    } catch (const std::exception& e) {
      FAIL() << "threw " << typeid(e).name() << ": " << e.what() << "\n" << history();
    }
    if (water.backend() == ripple::Backend::Gpu) {
      ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR)) << history();
    }
    Snapshot after;
    try {
      after = snapshotOf(water);
    } catch (const std::exception& e) {
      FAIL() << "reading the water after the call threw: " << e.what()
             << (refusal.empty() ? "" : " (the call was refused: " + refusal + ")") << "\n"
             << history();
    }
    if (!refusal.empty()) {
      ASSERT_TRUE(after == before) << "a refused call changed the water's " << partsDiffering(before, after) << ": "
                                   << refusal << "\n"
                                   << history();
    }
    for (float h : after.heights) ASSERT_TRUE(std::isfinite(h)) << history();
  }

  // One part of a tank changed at random, often to an extreme; says which.
  std::string changeTank(ripple::Tank& t, int gw, int gh) {
    switch (a_.between(0, 5)) {
      case 0:
        t.leftRightEdges = static_cast<ripple::Edge>(a_.whole(0, 3));
        t.wallKind = static_cast<ripple::WallKind>(a_.whole(0, 1));
        return "edges and wall kind";
      case 1:
        t.walls.push_back(
            {a_.whole(-8, gw + 8), a_.whole(-8, gh + 8), a_.whole(-8, gw + 8), a_.whole(-8, gh + 8), a_.whole(1, 64)});
        return "a wall";
      case 2: {
        ripple::SlowWater s;
        if (a_.chance(0.5)) {
          for (int i = a_.between(0, 5); i > 0; --i) s.corners.push_back({a_.whole(-8, gw + 8), a_.whole(-8, gh + 8)});
        } else {
          s.centreX = a_.whole(-8, gw + 8), s.centreY = a_.whole(-8, gh + 8), s.radius = a_.whole(1, 40);
        }
        s.speedFactor = a_.real(0.0f, 1.0f);
        t.slowWater.push_back(s);
        return "slow water";
      }
      case 3:
        t.cellSpeeds = a_.field(gw, gh, 0.0f, 1.0f);
        return "cell speeds";
      case 4: {
        ripple::Source s{a_.whole(-2, gw + 2), a_.whole(-2, gh + 2), a_.whole(-2, gw + 2), a_.whole(-2, gh + 2)};
        s.period = a_.real(2.0f, 60.0f);
        s.amplitude = a_.real(-100.0f, 100.0f);
        s.start = a_.whole(0, 100);
        s.end = a_.chance(0.5) ? -1 : a_.whole(-1, 400);
        s.moving = a_.chance(0.3);
        t.sources.push_back(s);
        return "a source";
      }
      default:
        t.wallsPicture = a_.chance(0.5) ? "builtin:tank" : "no/such/picture.png";
        return "a walls picture";
    }
  }

  // One part of a scene changed at random, often to an extreme; says which.
  std::string changeScene(ripple::Scene& s) {
    // Positions near a frame the scene may not have (one out of range).
    auto side = [](int n) { return n >= 1 && n <= 16384 ? n : 1; };
    const int fw = side(s.frameWidth), fh = side(s.frameHeight);
    switch (a_.between(0, 5)) {
      case 0:
        s.stones.push_back(
            {a_.whole(0, 50), {a_.whole(-8, fw + 8), a_.whole(-8, fh + 8), a_.whole(1, 30), a_.real(-200.0f, 200.0f)}});
        return "a stone";
      case 1:
        s.steps = a_.whole(0, 1000), s.gridScale = a_.whole(0, 2);
        s.waveSpeed = a_.real(1.0f, 4000.0f), s.stoneRadius = a_.whole(1, 256);
        return "its run";
      case 2:
        s.rule.damping = a_.real(0.0f, 0.2f), s.rule.speed = a_.real(0.01f, 0.87f);
        s.look.refraction = a_.real(0.0f, 8.0f);
        return "its rule and look";
      case 3:
        s.rain = {a_.real(0.0f, 0.5f), a_.whole(1, 16), a_.real(-200.0f, 200.0f), 7};
        return "its rain";
      default:
        return changeTank(s.tank, fw, fh);
    }
  }

  // A call, drawn at random, with its arguments written to `call`.
  std::function<void()> pick(ripple::Water& w, std::ostringstream& call) {
    const int gw = w.width(), gh = w.height();
    auto x = [&] { return a_.whole(-8, gw + 8); };
    auto y = [&] { return a_.whole(-8, gh + 8); };
    switch (a_.between(0, 37)) {
      case 0:
      case 1:
      case 2:
      case 3:
      case 4: {
        // One field of the rule changed, as a host changes one: a speed
        // beyond its stencil's limit refuses it.
        ripple::Rule r = w.rule();
        switch (a_.between(0, 4)) {
          case 0:
            r.mode = static_cast<ripple::Mode>(a_.whole(0, 1));
            break;
          case 1:
            r.damping = a_.real(0.0f, 0.2f);
            break;
          case 2:
            r.speed = a_.real(0.01f, 0.87f);
            break;
          case 3:
            r.stencil = static_cast<ripple::Stencil>(a_.whole(0, 1));
            break;
          default:
            r.stoneShape = static_cast<ripple::StoneShape>(a_.whole(0, 1));
            break;
        }
        call << "setRule(" << int(r.mode) << ", " << r.damping << ", " << r.speed << ", " << int(r.stencil) << ", "
             << int(r.stoneShape) << ")";
        return [&w, r] { w.setRule(r); };
      }
      case 5: {
        const float rate = a_.real(0.0f, 0.5f), weight = a_.real(-200.0f, 200.0f);
        const int radius = a_.whole(1, 16);
        const unsigned seed = static_cast<unsigned>(a_.whole(0, 1000));
        call << "setRain(" << rate << ", " << radius << ", " << weight << ", " << seed << ")";
        return [&w, rate, radius, weight, seed] { w.setRain({rate, radius, weight, seed}); };
      }
      case 6: {
        ripple::Look look;
        look.refraction = a_.real(0, 8);
        look.shading = a_.real(0, 4);
        look.heightShading = a_.real(0, 16);
        look.lightStrength = a_.real(0, 4);
        look.lightAzimuth = a_.real(0, 360);
        look.lightElevation = a_.real(5, 90);
        call << "setLook(" << look.refraction << ", " << look.shading << ", ...)";
        return [&w, look] { w.setLook(look); };
      }
      case 7: {
        const int px = x(), py = y(), r = a_.whole(1, 12);
        const float weight = a_.real(-300, 300);
        call << "drop(" << px << ", " << py << ", " << r << ", " << weight << ")";
        return [&w, px, py, r, weight] { w.drop(px, py, r, weight); };
      }
      case 8: {
        std::vector<ripple::Drop> stones(static_cast<size_t>(a_.between(0, 12)));
        for (ripple::Drop& d : stones) d = {x(), y(), a_.whole(1, 8), a_.real(-200, 200)};
        call << "drop(" << stones.size() << " stones)";
        return [&w, stones] { w.drop(stones); };
      }
      case 9: {
        const int n = a_.chance(0.1) ? a_.whole(-1, 1) : a_.between(0, 4);
        const int steps = n > 50 ? -n : n;  // an extreme that is in range would run for hours: refused ones only
        call << "step(" << steps << ")";
        return [&w, steps] { w.step(steps); };
      }
      case 10:
        call << "dropDue()";
        return [&w] { w.dropDue(); };
      case 11: {
        const ripple::PictureContrast c{a_.real(0, 60), a_.real(0, 60)};
        const int fw = a_.whole(1, 200), fh = a_.whole(1, 200);
        call << "restsUnseen(" << c.across << ", " << c.down << ", " << fw << ", " << fh << ")";
        return [&w, c, fw, fh] { w.restsUnseen(c, fw, fh); };
      }
      case 12:
        call << "reset()";
        return [&w] { w.reset(); };
      case 13: {
        if (a_.chance(0.3)) {  // a phone turned on its side
          const auto turn = static_cast<ripple::Turn>(a_.whole(0, 1));
          call << "quarterTurn(" << int(turn) << ")";
          return [&w, turn] { w.quarterTurn(turn); };
        }
        const int rw = a_.whole(1, 72), rh = a_.whole(1, 56);
        const bool huge = long(rw) * rh > 200000;
        call << "resize(" << rw << ", " << rh << ")";
        const int asked = huge && rw > 0 ? -rw : rw;  // a huge grid in range: its size refused
        return [&w, asked, rh] { w.resize(asked, rh); };
      }
      case 14: {
        const std::vector<float> cur = a_.field(gw, gh, -200, 200);
        const std::vector<float> prev = a_.chance(0.5) ? std::vector<float>{} : a_.field(gw, gh, -200, 200);
        call << "setHeights(" << cur.size() << ", " << prev.size() << ")";
        return [&w, cur, prev] { w.setHeights(cur, prev); };
      }
      case 15:
      case 16:
      case 17:
      case 18:
      case 19:
      case 20: {
        ripple::Tank tank = w.tank();
        const std::string part = changeTank(tank, gw, gh);
        call << "setTank(tank() with " << part << ")";
        return [&w, tank] { w.setTank(tank); };
      }
      case 21: {
        const int x0 = x(), y0 = y(), x1 = x(), y1 = y(), t = a_.whole(1, 8);
        const float f = a_.real(0, 1);
        call << "paint(" << x0 << ", " << y0 << ", " << x1 << ", " << y1 << ", " << t << ", " << f << ")";
        return [&w, x0, y0, x1, y1, t, f] { w.paint(x0, y0, x1, y1, t, f); };
      }
      case 22: {
        ripple::Tank tank = w.tank();
        tank.clearCells();
        if (a_.chance(0.5)) tank.sources.clear();
        call << "setTank(tank() cleared, " << tank.sources.size() << " sources)";
        return [&w, tank] { w.setTank(tank); };
      }
      case 23: {
        ripple::Source s;
        s.x0 = x(), s.y0 = y();
        s.x1 = a_.chance(0.5) ? s.x0 : x();
        s.y1 = a_.chance(0.5) ? s.y0 : y();
        s.period = a_.real(2, 200);
        s.amplitude = a_.real(-200, 200);
        s.start = a_.whole(0, 20);
        s.end = a_.chance(0.5) ? -1 : a_.whole(0, 400);
        s.moving = a_.chance(0.2);
        call << "addSource(" << s.x0 << ", " << s.y0 << " .. " << s.x1 << ", " << s.y1 << ", " << s.period << ", "
             << s.amplitude << ", " << s.start << ", " << s.end << ", " << s.moving << ")";
        return [&w, s] { w.addSource(s); };
      }
      case 24: {
        const auto i = static_cast<std::size_t>(a_.whole(-1, 3));
        call << "removeSource(" << i << ")";
        return [&w, i] { w.removeSource(i); };
      }
      case 25: {
        const int px = x(), py = y(), reach = a_.whole(0, 10);
        call << "sourceNear(" << px << ", " << py << ", " << reach << ")";
        return [&w, px, py, reach] { ripple::sourceNear(w.sources(), px, py, reach); };
      }
      case 26: {
        const auto i = static_cast<std::size_t>(a_.whole(0, 3));
        const int px = x(), py = y(), glide = a_.whole(0, 30);
        call << "moveSource(" << i << ", " << px << ", " << py << ", " << glide << ")";
        return [&w, i, px, py, glide] { w.moveSource(i, px, py, glide); };
      }
      case 27: {
        const std::vector<std::string> names = ripple::presetNames();
        // A preset's tank is built at its frame's size (1280x720) first: the
        // dearest call, so a real one is drawn a tenth of the time.
        const std::string name =
            a_.chance(0.1) ? names[static_cast<size_t>(a_.between(0, int(names.size()) - 1))] : "no-such-preset";
        call << "loadScene(presetScene(" << name << "))";
        return [&w, name] { w.loadScene(ripple::presetScene(name)); };
      }
      case 28: {
        const std::string text = kSceneTexts[a_.between(0, std::size(kSceneTexts) - 1)];
        const bool turned = a_.chance(0.5);  // turned to fit the grid first, as the window and the page open it
        call << "loadScene(parseScene(" << text.size() << " bytes)" << (turned ? ", turned to fit" : "") << ")";
        return [&w, text, turned] {
          const ripple::Scene scene = ripple::parseScene(text);
          const std::optional<ripple::Turn> turn =
              turned ? ripple::turnToFit(scene, w.width(), w.height()) : std::nullopt;
          w.loadScene(turn ? ripple::quarterTurned(scene, *turn) : scene);
        };
      }
      case 29: {
        const GLuint name = a_.chance(0.8) ? picture_ : static_cast<GLuint>(a_.whole(0, 100));
        const int rx = a_.whole(-20, 20), ry = a_.whole(-20, 20), rw = a_.whole(1, 64), rh = a_.whole(1, 64);
        call << "render(" << name << ", " << rx << ", " << ry << ", " << rw << ", " << rh << ")";
        return [&w, name, rx, ry, rw, rh] { w.render(name, rx, ry, rw, rh); };
      }
      case 30: {
        ripple::Picture p;
        p.width = a_.whole(1, 40);
        p.height = a_.whole(1, 30);
        const bool small = p.width > 0 && p.height > 0 && p.width <= 4096 && p.height <= 4096;
        const long bytes = small ? 4L * p.width * p.height : -1;
        p.rgba.assign(bytes > 0 && bytes < 100000 ? static_cast<size_t>(bytes + (a_.chance(0.1) ? 4 : 0)) : 16, 77);
        call << "frame(" << p.width << "x" << p.height << ", " << p.rgba.size() << " bytes)";
        return [&w, p] { w.frame(p); };
      }
      case 31: {
        const int steps = a_.whole(1, 3);
        call << "verify(" << steps << ")";
        return [&w, steps] { w.verify(steps > 8 ? -steps : steps); };
      }
      case 32:
        call << "getters";
        return [&w] {
          w.description(), w.gpuOptions(), w.disturbedByItself(), w.sources();
          w.rule(), w.rain(), w.tank(), w.scene();
          if (w.backend() == ripple::Backend::Gpu) w.heightTexture();
          w.reloadEditedShaders();
        };
      case 33: {
        // The whole rule at once: a speed beyond its stencil's limit, or a
        // value out of range, refuses all of it.
        ripple::Rule r;
        r.mode = static_cast<ripple::Mode>(a_.whole(0, 1));
        r.damping = a_.real(0.0f, 0.2f);
        r.speed = a_.real(0.01f, 0.87f);
        r.stencil = static_cast<ripple::Stencil>(a_.whole(0, 1));
        r.stoneShape = static_cast<ripple::StoneShape>(a_.whole(0, 1));
        call << "setRule(" << int(r.mode) << ", " << r.damping << ", " << r.speed << ", " << int(r.stencil) << ", "
             << int(r.stoneShape) << ")";
        return [&w, r] { w.setRule(r); };
      }
      case 34: {
        // The water's own scene, one part of it changed, loaded whole.
        const int frames[] = {0, gw, std::min(2 * gw, 16384), -1, 16385, INT_MAX};
        const int pick = a_.between(0, 3), fw = frames[pick];
        const int fh = pick == 2 ? std::min(2 * gh, 16384) : pick == 1 ? gh : fw;
        ripple::Scene scene = w.scene(std::max(0, fw), std::max(0, fh));
        if (fw < 0) scene.frameWidth = frames[a_.between(3, 5)];
        const std::string part = changeScene(scene);
        call << "loadScene(scene(" << fw << ", " << fh << ") with " << part << ")";
        return [&w, scene] { w.loadScene(scene); };
      }
      case 35: {
        // A parameter by name, as a page's control or a script sets one: a
        // word, a number in or out of its range, or nonsense; or a name
        // that is none, or the window's.
        static const std::vector<ripple::Parameter> all = ripple::parameters();
        const ripple::Parameter& p = all[static_cast<size_t>(a_.between(0, static_cast<int>(all.size()) - 1))];
        const std::string name = a_.chance(0.05) ? "depth" : p.name;
        std::string text;
        if (!p.words.empty() && a_.chance(0.8)) {
          text = p.words[static_cast<size_t>(a_.between(0, static_cast<int>(p.words.size()) - 1))];
        } else if (a_.chance(0.1)) {
          text = a_.chance(0.5) ? "nan" : "1e40";
        } else {
          const double span = p.max - p.min;
          text = std::to_string(
              p.kind == ripple::ParameterKind::WholeNumber
                  ? static_cast<double>(a_.whole(static_cast<int>(p.min) - 1, static_cast<int>(p.max) + 1))
                  : p.min - 0.1 * span + 1.2 * span * a_.real(0.0f, 1.0f));
        }
        call << "setParameter(" << name << ", " << text << ")";
        return [&w, name, text] {
          ripple::parameterText(w, name);
          ripple::setParameter(w, name, text);
        };
      }
      case 36: {
        // The two waters compared, as a host's --verify compares two runs
        // (refused where they differ in size or mode), and two pictures.
        ripple::Water& other = *waters_[&w == waters_[0].get() ? 1 : 0];
        const float heaviest = a_.chance(0.1) ? NAN : a_.real(-4096.0f, 4096.0f);
        ripple::Picture p(a_.between(0, 6), a_.between(0, 6));
        if (!p.rgba.empty() && a_.chance(0.1)) p.rgba.pop_back();
        const auto mode = static_cast<ripple::Mode>(a_.whole(0, 1));
        call << "compareWaters(" << heaviest << "), compareFrames(" << p.width << "x" << p.height << ", " << int(mode)
             << ")";
        return [&w, &other, heaviest, p, mode] {
          ripple::compareWaters(w, other, heaviest);
          ripple::compareFrames(p, ripple::Picture(3, 3), mode);
        };
      }
      default:
        call << "moved";
        return [&w] {
          ripple::Water moved(std::move(w));
          bool refused = false;
          try {
            w.step(1);
          } catch (const ripple::Error&) {
            refused = true;
          }
          w = std::move(moved);
          if (!refused) throw std::logic_error("a Water moved from took a call");
        };
    }
  }

  Arguments a_;
  GLuint picture_;
  std::vector<std::unique_ptr<ripple::Water>> waters_;
  std::deque<std::string> log_;
};

TEST(ApiFuzz, NoSequenceOfCallsCrashesOrCorruptsTheWater) {
  ripple::test::HostFramebuffer target(64, 64);
  const GLuint picture = ripple::test::makePicture(40, 30);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, target.framebuffer);
  std::printf("%ld calls from seed %llu\n", gCalls, gSeed);
  Fuzzer(gSeed, picture).run(gCalls);
  glDeleteTextures(1, &picture);
}

}  // namespace

int main(int argc, char** argv) {
  testing::InitGoogleTest(&argc, argv);
  if (argc > 1) gCalls = std::atol(argv[1]);
  if (argc > 2) gSeed = std::strtoull(argv[2], nullptr, 10);
  const auto host = ripple::test::makeHostContext();
  if (!host) {
    std::fprintf(stderr, "no EGL context on Mesa's surfaceless platform: the API cannot be fuzzed\n");
    return 1;
  }
  return RUN_ALL_TESTS();
}
