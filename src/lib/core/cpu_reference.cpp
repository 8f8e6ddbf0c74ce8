#include "core/cpu_reference.hpp"

#include <algorithm>
#include <cmath>
#include <thread>
#include <utility>

#include <glm/glm.hpp>

#include "core/absorbing_layer.hpp"
#include "core/error.hpp"
#include "core/height_shading.hpp"
#include "core/light.hpp"
#include "core/step_float.hpp"
#include "core/tank_look.hpp"

#if defined(__SSE__)
#include <xmmintrin.h>
#endif

namespace ripple {
namespace {

constexpr float kPi = 3.14159265f;

// One row of the step rule. The operations and their order are those of
// shaders/step_*.glsl, so float mode rounds the same way on both sides (this
// file is compiled with -ffp-contract=off: no fused multiply-add):
//   sum  = ((left + right) + up) + down
//   seeds' form, float:   next = sum * 0.5 - prev
//   seeds' form, classic: next = floor(sum * 0.5) - prev
//   four neighbours:      next = (2 * here - prev) + c2 * (sum - 4 * here)
//   nine points:          diag = ((upLeft + upRight) + downLeft) + downRight
//                         next = (2 * here - prev) + c2Sixth * ((4 * sum + diag) - 20 * here)
//   then float:   next -= next * damping;  classic: next -= floor(next * damping)
//   then          next = clamp(next, -maxHeight, maxHeight)
// Classic mode on integer-valued floats is the seeds' `>> 1` and `-= >> 5`
// (an arithmetic shift floors), exact while |height| < 2^24. With four
// neighbours and c2 = 1/2 the general form is the seeds' one in exact
// arithmetic; the seeds' form is kept as its own expression so that it keeps
// its bits. The nine-point weight 1/6 is folded into c2Sixth = c2 / 6, worked
// out once, so neither side divides in the step.
// The helpers are inlined into each of the clones below
// (RIPPLE_ALWAYS_INLINE), so each is vectorised for its target.

enum class Form { SeedFloat, SeedClassic, Five, Nine };

struct RowCoefficients {
  float damping;
  float c2;       // Five: C^2
  float c2Sixth;  // Nine: C^2 / 6
};

// A step's height as stored: clamped to the largest height.
template <typename F>
RIPPLE_ALWAYS_INLINE float clampedHeight(F next) {
  return std::min(std::max(valueOf(next), -limits::maxHeight), limits::maxHeight);
}

template <Form kForm>
RIPPLE_ALWAYS_INLINE void stepRow(const float* up, const float* row, const float* down, const float* prevRow,
                                  float* nextRow, int width, RowCoefficients k) {
  using F = StepFloat;
  using std::floor;
  nextRow[0] = 0.0f;
  for (int x = 1; x < width - 1; ++x) {
    const F here = row[x];
    const F sum = F(row[x - 1]) + F(row[x + 1]) + F(up[x]) + F(down[x]);
    F next = 0.0f;
    if constexpr (kForm == Form::SeedClassic) {
      next = floor(sum * 0.5f) - F(prevRow[x]);
      next -= floor(next * k.damping);
    } else {
      if constexpr (kForm == Form::SeedFloat) {
        next = sum * 0.5f - F(prevRow[x]);
      } else if constexpr (kForm == Form::Five) {
        next = (2.0f * here - F(prevRow[x])) + k.c2 * (sum - 4.0f * here);
      } else {
        const F diag = F(up[x - 1]) + F(up[x + 1]) + F(down[x - 1]) + F(down[x + 1]);
        next = (2.0f * here - F(prevRow[x])) + k.c2Sixth * ((4.0f * sum + diag) - 20.0f * here);
      }
      next -= next * k.damping;
    }
    nextRow[x] = clampedHeight(next);
  }
  nextRow[width - 1] = 0.0f;
}

template <Form kForm>
RIPPLE_ALWAYS_INLINE void stepRows(const HeightField& cur, const HeightField& prev, HeightField& next, int yBegin,
                                   int yEnd, RowCoefficients k) {
  const int w = cur.width;
  for (int y = yBegin; y < yEnd; ++y) {
    const float* row = &cur.cells[static_cast<size_t>(y) * w];
    stepRow<kForm>(row - w, row, row + w, &prev.cells[static_cast<size_t>(y) * w],
                   &next.cells[static_cast<size_t>(y) * w], w, k);
  }
}

// The step's loops compiled twice on x86-64 with GCC: for AVX2 (eight floats
// an instruction, and a vector floor for classic mode) and for the baseline
// (four, floor one by one); the loader picks the one the processor runs. The
// vector instructions round exactly as the scalar ones: the bits are the same.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && !defined(__SANITIZE_ADDRESS__)
#define RIPPLE_VECTOR_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define RIPPLE_VECTOR_CLONES
#endif

RIPPLE_VECTOR_CLONES void stepRowsSeedFloat(const HeightField& cur, const HeightField& prev, HeightField& next,
                                            int yBegin, int yEnd, RowCoefficients k) {
  stepRows<Form::SeedFloat>(cur, prev, next, yBegin, yEnd, k);
}

RIPPLE_VECTOR_CLONES void stepRowsSeedClassic(const HeightField& cur, const HeightField& prev, HeightField& next,
                                              int yBegin, int yEnd, RowCoefficients k) {
  stepRows<Form::SeedClassic>(cur, prev, next, yBegin, yEnd, k);
}

RIPPLE_VECTOR_CLONES void stepRowsFive(const HeightField& cur, const HeightField& prev, HeightField& next, int yBegin,
                                       int yEnd, RowCoefficients k) {
  stepRows<Form::Five>(cur, prev, next, yBegin, yEnd, k);
}

RIPPLE_VECTOR_CLONES void stepRowsNine(const HeightField& cur, const HeightField& prev, HeightField& next, int yBegin,
                                       int yEnd, RowCoefficients k) {
  stepRows<Form::Nine>(cur, prev, next, yBegin, yEnd, k);
}

using StepRowsFunction = void (*)(const HeightField&, const HeightField&, HeightField&, int, int, RowCoefficients);

StepRowsFunction stepRowsFor(const WaterRule& rule) {
  if (rule.seedForm()) return rule.mode == Mode::Classic ? stepRowsSeedClassic : stepRowsSeedFloat;
  return rule.stencil == Stencil::Nine ? stepRowsNine : stepRowsFive;
}

// While it lives, numbers below 2^-126 (denormals) count as 0 going into
// and coming out of an operation, as GLSL lets a GPU's shaders do (llvmpipe
// and NVIDIA's H100 do): a step that kept them would drift from the GPU's
// bits at a wave's far front (BENCHMARKS.md). It also keeps x86 off its slow
// path for denormal operands. MXCSR is per thread: each thread that steps
// rows holds one. Elsewhere than x86 (WebAssembly) the step's numbers,
// StepFloat, flush themselves.
class FlushDenormalsToZero {
 public:
#if defined(__SSE__)
  FlushDenormalsToZero() : saved_(_mm_getcsr()) { _mm_setcsr(saved_ | kFlushToZero | kDenormalsAreZero); }
  ~FlushDenormalsToZero() { _mm_setcsr(saved_); }
#else
  FlushDenormalsToZero() {}  // user-provided: held for its lifetime, not an unused variable
#endif
  FlushDenormalsToZero(const FlushDenormalsToZero&) = delete;
  FlushDenormalsToZero& operator=(const FlushDenormalsToZero&) = delete;

#if defined(__SSE__)
 private:
  static constexpr unsigned kFlushToZero = 0x8000;     // MXCSR bit 15: tiny results become 0
  static constexpr unsigned kDenormalsAreZero = 0x40;  // MXCSR bit 6: tiny operands count as 0
  unsigned saved_;
#endif
};

}  // namespace

float smoothStoneProfile(long long distanceSquared, int radius) {
  // Same operations as shaders/stone.frag.
  const float d = std::sqrt(static_cast<float>(distanceSquared)) / static_cast<float>(radius);
  return 0.5f + 0.5f * std::cos(kPi * d);
}

void applyStone(HeightField& field, const Stone& s, const WorldCoefficients* world) {
  // Same test as shaders/stone.frag, on integers: dx^2 + dy^2 < r^2.
  const long long r2 = 1LL * s.radius * s.radius;
  const int x0 = std::max(0, s.x - s.radius), x1 = std::min(field.width - 1, s.x + s.radius);
  const int y0 = std::max(0, s.y - s.radius), y1 = std::min(field.height - 1, s.y + s.radius);
  for (int y = y0; y <= y1; ++y) {
    for (int x = x0; x <= x1; ++x) {
      const long long dx = x - s.x, dy = y - s.y;
      if (dx * dx + dy * dy >= r2) continue;
      if (world && world->held(x, y)) continue;  // a wall, or a border the world holds at 0
      float& h = field.at(x, y);
      if (s.shape == StoneShape::Disc && s.share == 1.0f) {
        h = -s.weight;
      } else {
        // What the GPU's blending does: source -w p, plus destination (1 - p).
        const float profile = s.shape == StoneShape::Disc ? 1.0f : smoothStoneProfile(dx * dx + dy * dy, s.radius);
        const float p = profile * s.share;
        h = -s.weight * p + h * (1.0f - p);
      }
    }
  }
}

CpuReference::CpuReference(int width, int height) : state_(width, height), next_(width, height) {
  layout_.visibleWidth = width;
  layout_.visibleHeight = height;
}

void CpuReference::prepareWorld(const WaterRule& rule) {
  const WorldCoefficients* world = worldCache_.get(rule);
  const long revision = world ? worldCache_.revision() : -1;
  if (revision == worldRevision_) return;
  const GridLayout target = layoutForWorld(rule, world, layout_);
  WaterState state = target == layout_ ? std::move(state_) : relayout(state_, layout_, target);
  if (world) zeroHeldCells(state, *world);
  tankLook_.reset();
  if (world && showsInThePicture(*rule.world)) tankLook_ = ripple::tankLook(*rule.world);
  setState(std::move(state));
  layout_ = target;
  world_ = world;
  worldRevision_ = revision;
}

void CpuReference::dropStone(const Stone& stone) { applyStone(state_.cur, stone, world_); }

void CpuReference::dropStones(const std::vector<Stone>& stones) {
  for (const Stone& s : stones) dropStone(s);
}

void CpuReference::step(const WaterRule& rule) {
  prepareWorld(rule);
  if (world_) {
    stepWorld(rule, *world_);
    return;
  }
  const int w = state_.width(), h = state_.height();
  if (w >= 3 && h >= 3) {
    const StepRowsFunction stepRowsOfRule = stepRowsFor(rule);
    const RowCoefficients k{rule.damping, rule.courantSquared(), rule.courantSquared() / 6.0f};
    auto rows = [&](int y0, int y1) {
      const FlushDenormalsToZero likeTheGpu;
      stepRowsOfRule(state_.cur, state_.prev, next_, y0, y1, k);
    };
    const int interior = h - 2;
    const int workers = std::min(threads_, interior);
    std::vector<std::thread> pool;
    for (int i = 1; i < workers; ++i) {
      pool.emplace_back(rows, 1 + interior * i / workers, 1 + interior * (i + 1) / workers);
    }
    rows(1, 1 + interior / workers);
    for (auto& t : pool) t.join();
  }
  // The border ring is held at 0 (the whole grid, when it is all border).
  std::fill_n(next_.cells.begin(), w, 0.0f);
  std::fill_n(next_.cells.end() - w, w, 0.0f);
  for (int y = 0; y < h; ++y) {
    next_.at(0, y) = 0.0f;
    next_.at(w - 1, y) = 0.0f;
  }
  // prev <- cur, cur <- next: a rotation, never a copy.
  std::swap(state_.prev.cells, state_.cur.cells);
  std::swap(state_.cur.cells, next_.cells);
}

// The world's step (world_grid.hpp), cell by cell, with the operations of
// shaders/step_world.glsl in the same order:
//   sum  = ((left + right) + up) + down       (beyond the grid: 0, or the
//                                               other side where it wraps)
//   weight, k, A: decoded from the cell's code (world_grid.hpp)
//   float:   S = sum (four neighbours) or 4 * sum + diag (nine points),
//            diag = ((upLeft + upRight) + downLeft) + downRight
//            next = A * (2 * here + weight * (S - k * here)) - (A * A) * prev
//            upwind ring cell: next = here + C * (inner - here)
//            next -= next * damping
//   classic: next = roundEven(A * floor((sum + (4 - k) * here) * 0.5)) - roundEven((A * A) * prev)
//            upwind ring cell: next = roundEven(here + C * (inner - here))
//            next -= floor(next * damping)
//   then     next = clamp(next, -maxHeight, maxHeight); a held cell is 0.
// Then the one-way edge's ring (absorbing_layer.hpp), from the new heights
// of the two cells inwards: next = oneWayEdge(...) (classic: roundEven of
// it), then damping and clamp as above.
// Outside the absorbing layer A = 1, and the classic form is the seeds'
// floor(sum * 0.5) - prev wherever no wall is near. The shader's variant
// without ABSORBING, which a software renderer runs on the visible grid,
// leaves out A and the ring there: multiplying by A = 1 changes no
// bits here, so this one form stands for both.
void CpuReference::stepWorld(const WaterRule& rule, const WorldCoefficients& world) {
  const int w = state_.width(), h = state_.height();
  if (world.layout.width() != w || world.layout.height() != h) {
    throw Error("the world's grid does not match the water's");  // prepareWorld() keeps them alike
  }
  const HeightField& cur = state_.cur;
  const bool nine = rule.mode == Mode::Float && rule.stencil == Stencil::Nine;
  const bool classic = rule.mode == Mode::Classic;
  const float courant = rule.courant;
  auto at = [&](int x, int y) {
    if (world.wrapX) x = x < 0 ? x + w : x >= w ? x - w : x;
    if (world.wrapY) y = y < 0 ? y + h : y >= h ? y - h : y;
    return (x < 0 || y < 0 || x >= w || y >= h) ? 0.0f : cur.at(x, y);
  };
  auto rows = [&](int y0, int y1) {
    using F = StepFloat;
    using std::floor, std::nearbyint;
    const FlushDenormalsToZero likeTheGpu;
    for (int y = y0; y < y1; ++y) {
      for (int x = 0; x < w; ++x) {
        const std::uint32_t code = world.at(x, y);
        if (cell_code::held(code)) {
          next_.at(x, y) = 0.0f;
          continue;
        }
        const F weight = cell_code::weight(code), k = cell_code::neighbours(code), a = cell_code::layerFactor(code);
        const F here = cur.at(x, y), prev = state_.prev.at(x, y);
        const F left = at(x - 1, y), right = at(x + 1, y), up = at(x, y - 1), down = at(x, y + 1);
        const F sum = left + right + up + down;
        const bool outer = cell_code::upwindRing(code);
        const std::uint32_t marker = cell_code::marker(code);
        const F inner = marker == cell_code::kUpwindInnerIsRight  ? right
                        : marker == cell_code::kUpwindInnerIsLeft ? left
                        : marker == cell_code::kUpwindInnerIsDown ? down
                                                                  : up;
        F next = 0.0f;
        if (classic) {
          next = nearbyint(a * floor((sum + (4.0f - k) * here) * 0.5f)) - nearbyint((a * a) * prev);
          if (outer) next = nearbyint(here + courant * (inner - here));
          next -= floor(next * rule.damping);
        } else {
          F s = sum;
          if (nine) {
            const F diag = F(at(x - 1, y - 1)) + F(at(x + 1, y - 1)) + F(at(x - 1, y + 1)) + F(at(x + 1, y + 1));
            s = 4.0f * sum + diag;
          }
          next = a * (2.0f * here + weight * (s - k * here)) - (a * a) * prev;
          if (outer) next = here + courant * (inner - here);
          next -= next * rule.damping;
        }
        next_.at(x, y) = clampedHeight(next);
      }
    }
  };
  const int workers = std::max(1, std::min(threads_, h));
  std::vector<std::thread> pool;
  for (int i = 1; i < workers; ++i) pool.emplace_back(rows, h * i / workers, h * (i + 1) / workers);
  rows(0, h / workers);
  for (auto& t : pool) t.join();
  if (world.layout.hasLayers()) stepOneWayRing(rule, world);
  std::swap(state_.prev.cells, state_.cur.cells);
  std::swap(state_.cur.cells, next_.cells);
}

// The one-way edge's ring cells, once every other cell has its new height.
void CpuReference::stepOneWayRing(const WaterRule& rule, const WorldCoefficients& world) {
  const FlushDenormalsToZero likeTheGpu;
  const OneWayEdgeWeights weights = oneWayEdgeWeights(rule.courant);
  const int w = state_.width(), h = state_.height();
  auto edgeCell = [&](int x, int y) {
    const std::uint32_t code = world.at(x, y);
    if (!cell_code::oneWayRing(code)) return;
    const std::uint32_t marker = cell_code::marker(code);
    const int dx = marker == cell_code::kInnerIsRight ? 1 : marker == cell_code::kInnerIsLeft ? -1 : 0;
    const int dy = marker == cell_code::kInnerIsDown ? 1 : marker == cell_code::kInnerIsUp ? -1 : 0;
    using F = StepFloat;
    using std::floor, std::nearbyint;
    const HeightField &cur = state_.cur, &prev = state_.prev;
    F next = oneWayEdge<F>(weights, cur.at(x, y), prev.at(x, y), next_.at(x + dx, y + dy), cur.at(x + dx, y + dy),
                           prev.at(x + dx, y + dy), next_.at(x + 2 * dx, y + 2 * dy), cur.at(x + 2 * dx, y + 2 * dy),
                           prev.at(x + 2 * dx, y + 2 * dy));
    if (rule.mode == Mode::Classic) {
      next = nearbyint(next);
      next -= floor(next * rule.damping);
    } else {
      next -= next * rule.damping;
    }
    next_.at(x, y) = clampedHeight(next);
  };
  if (world.layout.left > 0 && w >= 3) {
    for (int y = 0; y < h; ++y) {
      edgeCell(0, y);
      edgeCell(w - 1, y);
    }
  }
  if (world.layout.top > 0 && h >= 3) {
    for (int x = 0; x < w; ++x) {
      edgeCell(x, 0);
      edgeCell(x, h - 1);
    }
  }
}

void CpuReference::reset() {
  std::fill(state_.cur.cells.begin(), state_.cur.cells.end(), 0.0f);
  std::fill(state_.prev.cells.begin(), state_.prev.cells.end(), 0.0f);
}

void CpuReference::setState(WaterState state) {
  next_ = HeightField(state.width(), state.height());
  state_ = std::move(state);
}

namespace {

float unorm8(std::uint8_t v) { return v / 255.0f; }
std::uint8_t toUnorm8(float v) { return static_cast<std::uint8_t>(std::lround(std::clamp(v, 0.0f, 1.0f) * 255.0f)); }

// GL_LINEAR with CLAMP_TO_EDGE at continuous pixel position (px, py), pixel
// centres at +0.5, as the float-mode refraction shader samples.
void sampleBilinear(const Picture& img, float px, float py, float out[4]) {
  const float u = px - 0.5f, v = py - 0.5f;
  const float fu = std::floor(u), fv = std::floor(v);
  const float ax = u - fu, ay = v - fv;
  const int xa = std::clamp(static_cast<int>(fu), 0, img.width - 1);
  const int xb = std::clamp(static_cast<int>(fu) + 1, 0, img.width - 1);
  const int ya = std::clamp(static_cast<int>(fv), 0, img.height - 1);
  const int yb = std::clamp(static_cast<int>(fv) + 1, 0, img.height - 1);
  for (int c = 0; c < 4; ++c) {
    const float top = unorm8(img.pixel(xa, ya)[c]) * (1 - ax) + unorm8(img.pixel(xb, ya)[c]) * ax;
    const float bottom = unorm8(img.pixel(xa, yb)[c]) * (1 - ax) + unorm8(img.pixel(xb, yb)[c]) * ax;
    out[c] = top * (1 - ay) + bottom * ay;
  }
}

// The slope (h[x-1] - h[x+1], h[y-1] - h[y+1]) at cell (x, y), cells beyond
// the grid counting as 0, and the cell's own height.
void slopeOfCell(const HeightField& h, int x, int y, float& dx, float& dy, float& here) {
  dx = h.atOrZero(x - 1, y) - h.atOrZero(x + 1, y);
  dy = h.atOrZero(x, y - 1) - h.atOrZero(x, y + 1);
  here = h.atOrZero(x, y);
}

// The light's highlight at slope (dx, dy), as highlight() in the shader.
float highlightAt(float dx, float dy, const LightVectors& sun) {
  const glm::vec3 normal = glm::normalize(glm::vec3(dx * kNormalScale, dy * kNormalScale, 1.0f));
  return sun.strength * raisedToTheShininess(std::max(glm::dot(normal, sun.halfway), 0.0f));
}

// GLSL's mix(a, b, t).
float mix(float a, float b, float t) { return a * (1.0f - t) + b * t; }

}  // namespace

Picture renderRefraction(const HeightField& field, const Picture& picture, const RefractionSettings& settings,
                         const GridLayout* layout, const Picture* tank) {
  // The visible grid, and where it lies in the field (absorbing layers around it).
  const GridLayout visible = layout ? *layout : GridLayout{field.width, field.height};
  const struct { int width, height; } h{visible.visibleWidth, visible.visibleHeight};
  const auto slopeAt = [&](const HeightField& f, int x, int y, float& dx, float& dy, float& here) {
    slopeOfCell(f, x + visible.left, y + visible.top, dx, dy, here);
  };
  Picture out(picture.width, picture.height);
  const Mode mode = settings.mode;
  const float s = settings.refraction, shading = settings.shading, heightShading = settings.heightShading;
  const LightVectors sun = lightVectors(settings);
  const bool lit = mode == Mode::Float && sun.strength > 0.0f;
  const bool scaled = picture.width != h.width || picture.height != h.height;
  const float pixelsPerCellX = static_cast<float>(picture.width) / h.width;
  const float pixelsPerCellY = static_cast<float>(picture.height) / h.height;
  for (int y = 0; y < picture.height; ++y) {
    for (int x = 0; x < picture.width; ++x) {
      // Same operations as shaders/refraction.frag. The pixel's centre in
      // the frame, 0 .. 1 each way (the shader's v_frame, which
      // shaders/refraction.vert interpolates).
      const float frameU = (x + 0.5f) / picture.width, frameV = (y + 0.5f) / picture.height;
      float dx, dy, height;
      float highlight = 0.0f;
      if (!scaled) {
        slopeAt(field, x, y, dx, dy, height);
        if (lit) highlight = highlightAt(dx, dy, sun);
      } else {
        // The slope at the four cells around the point, then bilinear. (The
        // shader's float variant interpolates this place, v_slopes; its
        // classic variant works it out so, as here.)
        const float px = (x + 0.5f) / pixelsPerCellX - 0.5f, py = (y + 0.5f) / pixelsPerCellY - 0.5f;
        const int cx = static_cast<int>(std::floor(px)), cy = static_cast<int>(std::floor(py));
        const float ax = px - cx, ay = py - cy;
        float dx00, dy00, dx10, dy10, dx01, dy01, dx11, dy11, h00, h10, h01, h11;
        slopeAt(field, cx, cy, dx00, dy00, h00);
        slopeAt(field, cx + 1, cy, dx10, dy10, h10);
        slopeAt(field, cx, cy + 1, dx01, dy01, h01);
        slopeAt(field, cx + 1, cy + 1, dx11, dy11, h11);
        dx = mix(mix(dx00, dx01, ay), mix(dx10, dx11, ay), ax);
        dy = mix(mix(dy00, dy01, ay), mix(dy10, dy11, ay), ax);
        height = mix(mix(h00, h01, ay), mix(h10, h11, ay), ax);
        // The highlight too is worked out at the four cells, then bilinear.
        if (lit) {
          highlight = mix(mix(highlightAt(dx00, dy00, sun), highlightAt(dx01, dy01, sun), ay),
                          mix(highlightAt(dx10, dy10, sun), highlightAt(dx11, dy11, sun), ay), ax);
        }
      }
      std::uint8_t* dst = out.pixel(x, y);
      // The tank's walls and slowness at the pixel, bilinear between cells,
      // as the shader samples its picture (cell centres at +0.5).
      float look[4] = {0, 0, 0, 0};
      if (tank) sampleBilinear(*tank, frameU * h.width, frameV * h.height, look);
      if (mode == Mode::Classic) {
        float sx = static_cast<float>(x) + dx * pixelsPerCellX, sy = static_cast<float>(y) + dy * pixelsPerCellY;
        if (!(sx >= 0.0f && sy >= 0.0f && sx < picture.width && sy < picture.height)) {
          sx = static_cast<float>(x);
          sy = static_cast<float>(y);
        }
        const std::uint8_t* src = picture.pixel(static_cast<int>(sx), static_cast<int>(sy));
        std::copy_n(src, 4, dst);
        if (tank) {
          for (int k = 0; k < 3; ++k) dst[k] = toUnorm8(mix(unorm8(src[k]), kWallColour[k], look[0]));
        }
      } else {
        // The pixel's centre shifted by s * slope cells, a cell being
        // 1 / gridSize of the frame.
        float c[4];
        sampleBilinear(picture, (frameU + s * dx / h.width) * picture.width,
                       (frameV + s * dy / h.height) * picture.height, c);
        const float heightLight = heightShading * height / 255.0f, slopeLight = shading * dx / 255.0f;
        for (int k = 0; k < 3; ++k) {
          float v = c[k];
          if (tank) v = mix(v, v * kShallowTint[k], look[1]);
          if (heightShading != 0.0f) v = heightShaded(v, heightLight);  // as the shader's HEIGHT_SHADED
          v = v + slopeLight + highlight;
          if (tank) v = mix(v, kWallColour[k], look[0]);
          dst[k] = toUnorm8(v);
        }
        dst[3] = toUnorm8(c[3]);
      }
    }
  }
  return out;
}

}  // namespace ripple
