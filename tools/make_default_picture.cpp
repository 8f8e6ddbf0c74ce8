// make_default_picture: procedurally paints the ripple demo's default picture
// (a 1024x640 RGB PNG) and writes it to the file named on the command line.
//
// The picture lies under the simulated water, which refracts it: every pixel is
// shifted by the slope of the surface. A smooth or blurry picture would hide that
// shift, so this one is full of sharp, regular detail the eye can check against:
// a pool floor of square ceramic tiles with thin dark grout lines, a dark lane
// stripe, a mosaic border and scattered rounded pebbles with veins and speckles.
//
// The output is deterministic (own PRNG and hash, fixed seed), so regenerating
// the asset gives a byte-identical file.
//
// Build: g++ -std=c++17 -O2 -Wall -Wextra tools/make_default_picture.cpp -lstb
//            -o make_default_picture
// Usage: make_default_picture OUTPUT.png

#include <stb/stb_image_write.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <iterator>
#include <utility>
#include <vector>

namespace {

constexpr int kWidth = 1024;
constexpr int kHeight = 640;

// Each output pixel averages kSamples x kSamples scene samples: the scene is
// described with hard edges, and supersampling is what anti-aliases them.
constexpr int kSamples = 4;

// Layout: a mosaic frame of 8 px tesserae around a field of 32 px pool tiles.
constexpr double kTessera = 8.0;
constexpr int kFrameTesserae = 8;
constexpr double kFrame = kTessera * kFrameTesserae;  // 64 px
constexpr double kTile = 32.0;
constexpr double kGroutWidth = 2.0;
constexpr double kTesseraGroutWidth = 1.25;

constexpr double kPi = 3.14159265358979323846;

struct Rgb {
  double r, g, b;
};

Rgb operator+(Rgb a, Rgb b) { return {a.r + b.r, a.g + b.g, a.b + b.b}; }
Rgb operator*(Rgb a, double s) { return {a.r * s, a.g * s, a.b * s}; }
Rgb mix(Rgb a, Rgb b, double t) { return a * (1.0 - t) + b * t; }

double smoothstep(double edge0, double edge1, double x) {
  const double t = std::clamp((x - edge0) / (edge1 - edge0), 0.0, 1.0);
  return t * t * (3.0 - 2.0 * t);
}

// splitmix64: tiny, well-mixed and identical on every platform, unlike the
// standard distributions whose output depends on the library implementation.
std::uint64_t mix64(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

class SplitMix64 {
 public:
  explicit SplitMix64(std::uint64_t seed) : state_(seed) {}

  std::uint64_t next() { return mix64(state_ += 0x9e3779b97f4a7c15ULL); }

  // Uniform in [lo, hi), from the top 53 bits.
  double uniform(double lo, double hi) { return lo + (hi - lo) * static_cast<double>(next() >> 11) * 0x1.0p-53; }

 private:
  std::uint64_t state_;
};

// A stable pseudo-random number in [0, 1) for an integer cell, so per-tile
// colour jitter does not depend on the order in which pixels are painted.
double cellRandom(std::int64_t x, std::int64_t y, std::uint64_t salt) {
  const std::uint64_t key = static_cast<std::uint64_t>(x) * 0x9e3779b97f4a7c15ULL ^
                            static_cast<std::uint64_t>(y) * 0xc2b2ae3d27d4eb4fULL ^ salt;
  return static_cast<double>(mix64(key) >> 11) * 0x1.0p-53;
}

// Smooth value noise in [0, 1) with a feature size of one unit.
double valueNoise(double x, double y, std::uint64_t salt) {
  const double fx = std::floor(x);
  const double fy = std::floor(y);
  const auto ix = static_cast<std::int64_t>(fx);
  const auto iy = static_cast<std::int64_t>(fy);
  const double tx = smoothstep(0.0, 1.0, x - fx);
  const double ty = smoothstep(0.0, 1.0, y - fy);
  const double top = cellRandom(ix, iy, salt) * (1 - tx) + cellRandom(ix + 1, iy, salt) * tx;
  const double bottom = cellRandom(ix, iy + 1, salt) * (1 - tx) + cellRandom(ix + 1, iy + 1, salt) * tx;
  return top * (1 - ty) + bottom * ty;
}

// Three octaves of value noise, centred on zero (roughly -0.5 .. 0.5).
double fbm(double x, double y, std::uint64_t salt) {
  return 0.57 * valueNoise(x, y, salt) + 0.29 * valueNoise(2 * x, 2 * y, salt + 1) +
         0.14 * valueNoise(4 * x, 4 * y, salt + 2) - 0.5;
}

struct Vec3 {
  double x, y, z;
};

Vec3 normalize(Vec3 v) {
  const double len = std::sqrt(v.x * v.x + v.y * v.y + v.z * v.z);
  return {v.x / len, v.y / len, v.z / len};
}

double dot(Vec3 a, Vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }

// Light comes from the upper left (image y points down), as in most photos.
const Vec3 kLight = normalize({-0.45, -0.55, 0.70});

// ---------------------------------------------------------------- pool tiles

// Lane marking in tile units: a dark stripe two tiles high with a T-bar at each
// end; its long straight edges show refraction as clearly as the grout does.
bool isLaneTile(int col, int row) {
  const bool stripe = row >= 7 && row <= 8 && col >= 3 && col <= 24;
  const bool tBar = (col == 2 || col == 25) && row >= 5 && row <= 10;
  return stripe || tBar;
}

Rgb tileBaseColour(int col, int row) {
  const double pick = cellRandom(col, row, 11);
  const double shade = 0.94 + 0.10 * cellRandom(col, row, 12);
  if (isLaneTile(col, row)) {
    return Rgb{0.07, 0.19, 0.40} * shade;
  }
  // Mostly turquoise with a few paler and deeper tiles, like a real pool
  // whose tiles come from different firing batches.
  const Rgb turquoise{0.30, 0.72, 0.76};
  const Rgb teal{0.17, 0.58, 0.66};
  const Rgb pale{0.52, 0.84, 0.84};
  Rgb base = mix(turquoise, teal, cellRandom(col, row, 13));
  if (pick < 0.10) {
    base = pale;
  }
  return base * shade;
}

// Rounded tile edges: the rim facing the light is brighter, the far rim darker,
// which gives every tile a crisp outline beyond the grout itself.
double tileBevel(double distLeft, double distRight, double distTop, double distBottom) {
  constexpr double kBevel = 3.0;
  const double tiltX = (1 - smoothstep(0, kBevel, distRight)) - (1 - smoothstep(0, kBevel, distLeft));
  const double tiltY = (1 - smoothstep(0, kBevel, distBottom)) - (1 - smoothstep(0, kBevel, distTop));
  const Vec3 normal = normalize({tiltX * 0.8, tiltY * 0.8, 1.0});
  return 0.35 + 0.65 * dot(normal, kLight) / kLight.z;
}

Rgb poolTiles(double x, double y) {
  const double lx = x - kFrame;
  const double ly = y - kFrame;
  const int col = static_cast<int>(std::floor(lx / kTile));
  const int row = static_cast<int>(std::floor(ly / kTile));
  const double inX = lx - col * kTile;
  const double inY = ly - row * kTile;

  // Grout sits centred on the tile boundary, half on each side.
  const double halfGrout = kGroutWidth / 2;
  const double distLeft = inX - halfGrout;
  const double distRight = kTile - halfGrout - inX;
  const double distTop = inY - halfGrout;
  const double distBottom = kTile - halfGrout - inY;
  if (std::min({distLeft, distRight, distTop, distBottom}) < 0) {
    const double grit = 1.0 + 0.25 * fbm(x * 0.7, y * 0.7, 21);
    return Rgb{0.11, 0.20, 0.23} * grit;
  }

  Rgb colour = tileBaseColour(col, row);
  // A faint diagonal sheen across the glaze, different on every tile.
  const double sheenAngle = 2 * kPi * cellRandom(col, row, 14);
  const double sheen = ((inX - kTile / 2) * std::cos(sheenAngle) + (inY - kTile / 2) * std::sin(sheenAngle)) / kTile;
  // Fine mottling in the glaze plus a broad variation across the floor.
  const double mottle = 0.07 * fbm(x / 5.0, y / 5.0, 31) + 0.08 * fbm(x / 180.0, y / 180.0, 41);
  colour = colour * (1.0 + 0.05 * sheen + mottle);
  return colour * tileBevel(distLeft, distRight, distTop, distBottom);
}

// ------------------------------------------------------------ mosaic border

enum class Tessera { Navy, White, DeepBlue, Gold, Coral };

Rgb tesseraColour(Tessera kind) {
  switch (kind) {
    case Tessera::Navy:
      return {0.06, 0.13, 0.30};
    case Tessera::White:
      return {0.91, 0.92, 0.88};
    case Tessera::DeepBlue:
      return {0.09, 0.31, 0.56};
    case Tessera::Gold:
      return {0.93, 0.71, 0.28};
    case Tessera::Coral:
      return {0.89, 0.40, 0.30};
  }
  return {0, 0, 0};
}

// The straight runs of the frame, in tessera units: `along` runs parallel to
// the edge, `across` counts inwards from the outer edge (0 .. 7). Outer and
// inner rows are navy, then a white line, and between them a chain of
// gold diamonds with coral hearts on deep blue.
Tessera bandTessera(int along, int across) {
  if (across == 0 || across == kFrameTesserae - 1) return Tessera::Navy;
  if (across == 1 || across == kFrameTesserae - 2) return Tessera::White;
  const double a = (along % 8) - 3.5;
  const double c = across - 3.5;
  const double diamond = std::abs(a) + std::abs(c);
  if (diamond <= 1.0) return Tessera::Coral;
  if (diamond <= 2.0) return Tessera::Gold;
  return Tessera::DeepBlue;
}

// The corner squares hold concentric rings instead, so the diamond chain
// does not have to turn the corner.
Tessera cornerTessera(int i, int j) {
  const double ring = std::max(std::abs(i - 3.5), std::abs(j - 3.5));
  if (ring > 3) return Tessera::Navy;
  if (ring > 2) return Tessera::White;
  if (ring > 1) return Tessera::Gold;
  return Tessera::Coral;
}

Rgb mosaicBorder(double x, double y) {
  const int i = static_cast<int>(std::floor(x / kTessera));
  const int j = static_cast<int>(std::floor(y / kTessera));
  const int cols = static_cast<int>(kWidth / kTessera);
  const int rows = static_cast<int>(kHeight / kTessera);
  const double inX = x - i * kTessera;
  const double inY = y - j * kTessera;

  const double halfGrout = kTesseraGroutWidth / 2;
  if (std::min({inX, kTessera - inX, inY, kTessera - inY}) < halfGrout) {
    return Rgb{0.15, 0.17, 0.19};
  }

  // Distance inwards from the nearest horizontal and vertical outer edges.
  const int fromSide = std::min(i, cols - 1 - i);
  const int fromEnd = std::min(j, rows - 1 - j);
  Tessera kind;
  if (fromSide < kFrameTesserae && fromEnd < kFrameTesserae) {
    kind = cornerTessera(i % kFrameTesserae, j % kFrameTesserae);
  } else if (fromEnd < kFrameTesserae) {
    kind = bandTessera(i, fromEnd);
  } else {
    kind = bandTessera(j, fromSide);
  }

  // Hand-laid tesserae vary in tone and are slightly domed.
  const double tone = 0.90 + 0.16 * cellRandom(i, j, 51);
  const double dome = 1.0 - 0.10 * std::hypot(inX / kTessera - 0.35, inY / kTessera - 0.35);
  return tesseraColour(kind) * (tone * dome);
}

// ---------------------------------------------------------------- pebbles

struct Pebble {
  double cx, cy;        // centre, pixels
  double a, b;          // semi-axes, pixels
  double angle;         // orientation of the a axis
  double amp2, phase2;  // lumpiness of the outline (2nd and 3rd harmonic)
  double amp3, phase3;
  Rgb albedo;
  bool veined;  // a thin quartz vein crosses some pebbles
  double veinAngle, veinOffset;
  std::uint64_t salt;  // picks the pebble's own speckle pattern
};

// Normalised radius: below 1 inside the pebble, 1 on its lumpy outline.
double pebbleRadius(const Pebble& p, double x, double y) {
  const double dx = x - p.cx;
  const double dy = y - p.cy;
  const double u = (dx * std::cos(p.angle) + dy * std::sin(p.angle)) / p.a;
  const double v = (-dx * std::sin(p.angle) + dy * std::cos(p.angle)) / p.b;
  const double theta = std::atan2(v, u);
  const double outline = 1.0 + p.amp2 * std::cos(2 * theta + p.phase2) + p.amp3 * std::cos(3 * theta + p.phase3);
  return std::hypot(u, v) / outline;
}

// Pebbles are smooth, flattish domes: height in pixels above the floor.
double pebbleHeight(const Pebble& p, double x, double y) {
  const double t = pebbleRadius(p, x, y);
  if (t >= 1.0) return 0.0;
  return 0.45 * std::min(p.a, p.b) * std::sqrt(1.0 - t * t);
}

// Everything a pebble can touch, its soft shadow included.
double pebbleReach(const Pebble& p) {
  return std::max(p.a, p.b) * (1.0 + p.amp2 + p.amp3) * 1.4 + 0.3 * std::min(p.a, p.b);
}

Rgb pickPebbleColour(SplitMix64& rng) {
  static const Rgb kPalette[] = {
      {0.82, 0.74, 0.58},  // sand
      {0.66, 0.65, 0.62},  // grey
      {0.70, 0.55, 0.42},  // warm brown
      {0.90, 0.88, 0.83},  // off-white
      {0.40, 0.42, 0.45},  // slate
      {0.76, 0.62, 0.52},  // rose granite
  };
  const auto index = static_cast<std::size_t>(rng.next() % std::size(kPalette));
  return kPalette[index] * rng.uniform(0.92, 1.06);
}

// Pebbles gather in a few drifts plus some strays, never overlapping, and keep
// clear of the mosaic frame.
std::vector<Pebble> makePebbles() {
  SplitMix64 rng(0x2545f4914f6cdd1dULL);
  struct Drift {
    double x, y, spread;
    int count;
  };
  const Drift drifts[] = {
      {250, 470, 120, 22},
      {760, 190, 110, 18},
      {560, 420, 80, 9},
      {512, 320, 420, 14},
  };

  std::vector<Pebble> pebbles;
  for (const Drift& drift : drifts) {
    int placed = 0;
    for (int attempt = 0; placed < drift.count && attempt < 400; ++attempt) {
      Pebble p{};
      // A sum of uniforms is a cheap bell curve: dense middle, loose edges.
      p.cx = drift.x + drift.spread * (rng.uniform(-1, 1) + rng.uniform(-1, 1)) / 2;
      p.cy = drift.y + drift.spread * (rng.uniform(-1, 1) + rng.uniform(-1, 1)) / 2;
      const double size = rng.uniform(11, 30);
      p.a = size;
      p.b = size * rng.uniform(0.62, 0.95);
      p.angle = rng.uniform(0, kPi);
      p.amp2 = rng.uniform(0.0, 0.12);
      p.phase2 = rng.uniform(0, 2 * kPi);
      p.amp3 = rng.uniform(0.0, 0.07);
      p.phase3 = rng.uniform(0, 2 * kPi);
      p.albedo = pickPebbleColour(rng);
      p.veined = rng.uniform(0, 1) < 0.3;
      p.veinAngle = rng.uniform(0, kPi);
      p.veinOffset = rng.uniform(-0.4, 0.4) * p.b;
      p.salt = rng.next();

      const double extent = p.a * (1.0 + p.amp2 + p.amp3);
      const bool insideFloor = p.cx - extent > kFrame + 6 && p.cx + extent < kWidth - kFrame - 6 &&
                               p.cy - extent > kFrame + 6 && p.cy + extent < kHeight - kFrame - 6;
      const bool clear = std::none_of(pebbles.begin(), pebbles.end(), [&](const Pebble& q) {
        const double gap = std::hypot(p.cx - q.cx, p.cy - q.cy);
        return gap < (extent + q.a * (1.0 + q.amp2 + q.amp3)) + 3.0;
      });
      if (insideFloor && clear) {
        pebbles.push_back(p);
        ++placed;
      }
    }
  }
  return pebbles;
}

// Lit pebble surface: diffuse plus a glossy highlight (the pebbles are wet),
// over a speckled stone texture and an optional thin white vein.
Rgb shadePebble(const Pebble& p, double x, double y) {
  constexpr double h = 0.5;
  const double dHdx = (pebbleHeight(p, x + h, y) - pebbleHeight(p, x - h, y)) / (2 * h);
  const double dHdy = (pebbleHeight(p, x, y + h) - pebbleHeight(p, x, y - h)) / (2 * h);
  const Vec3 normal = normalize({-dHdx, -dHdy, 1.0});

  const double diffuse = std::max(0.0, dot(normal, kLight));
  const Vec3 halfway = normalize({kLight.x, kLight.y, kLight.z + 1.0});
  const double specular = std::pow(std::max(0.0, dot(normal, halfway)), 60.0);

  // Stone grain: soft blotches plus sparse dark and light crystals.
  const double grain = 0.16 * fbm(x / 4.0, y / 4.0, p.salt);
  const double crystal = cellRandom(static_cast<std::int64_t>(std::floor(x / 1.5)),
                                    static_cast<std::int64_t>(std::floor(y / 1.5)), p.salt + 7);
  Rgb stone = p.albedo * (1.0 + grain);
  if (crystal < 0.04) stone = stone * 0.55;
  if (crystal > 0.97) stone = stone * 1.2;

  if (p.veined) {
    const double dx = x - p.cx;
    const double dy = y - p.cy;
    const double across = dx * std::cos(p.veinAngle) + dy * std::sin(p.veinAngle) - p.veinOffset;
    const double wobble = 1.5 * std::sin((-dx * std::sin(p.veinAngle) + dy * std::cos(p.veinAngle)) / 6.0);
    stone = mix(stone, Rgb{0.95, 0.94, 0.90}, 1.0 - smoothstep(0.6, 1.3, std::abs(across + wobble)));
  }

  const Rgb lit = stone * (0.30 + 0.85 * diffuse);
  return lit + Rgb{1.0, 1.0, 1.0} * (0.55 * specular);
}

// Soft drop shadow, cast down and to the right (away from the light), plus a
// darker contact rim where the pebble meets the floor.
double pebbleShadow(const Pebble& p, double x, double y) {
  const double offset = 0.3 * std::min(p.a, p.b);
  const double cast = 1.0 - smoothstep(0.75, 1.35, pebbleRadius(p, x - offset, y - offset));
  const double contact = 1.0 - smoothstep(1.0, 1.15, pebbleRadius(p, x, y));
  return (1.0 - 0.45 * cast) * (1.0 - 0.35 * contact);
}

// A coarse grid of pebble lists, so each sample tests only nearby pebbles.
class PebbleField {
 public:
  explicit PebbleField(std::vector<Pebble> pebbles)
      : pebbles_(std::move(pebbles)),
        cols_(kWidth / kCell + 1),
        rows_(kHeight / kCell + 1),
        cells_(static_cast<std::size_t>(cols_ * rows_)) {
    for (std::size_t n = 0; n < pebbles_.size(); ++n) {
      const Pebble& p = pebbles_[n];
      const double reach = pebbleReach(p);
      const int c0 = std::max(0, static_cast<int>((p.cx - reach) / kCell));
      const int c1 = std::min(cols_ - 1, static_cast<int>((p.cx + reach) / kCell));
      const int r0 = std::max(0, static_cast<int>((p.cy - reach) / kCell));
      const int r1 = std::min(rows_ - 1, static_cast<int>((p.cy + reach) / kCell));
      for (int r = r0; r <= r1; ++r) {
        for (int c = c0; c <= c1; ++c) {
          cells_[static_cast<std::size_t>(r * cols_ + c)].push_back(n);
        }
      }
    }
  }

  // Paints the pebbles (and their shadows) over the floor colour.
  Rgb composite(Rgb floor, double x, double y) const {
    const int c = std::clamp(static_cast<int>(x / kCell), 0, cols_ - 1);
    const int r = std::clamp(static_cast<int>(y / kCell), 0, rows_ - 1);
    double shadow = 1.0;
    for (std::size_t n : cells_[static_cast<std::size_t>(r * cols_ + c)]) {
      const Pebble& p = pebbles_[n];
      if (pebbleRadius(p, x, y) < 1.0) {
        return shadePebble(p, x, y);
      }
      shadow *= pebbleShadow(p, x, y);
    }
    return floor * shadow;
  }

 private:
  static constexpr int kCell = 32;
  std::vector<Pebble> pebbles_;
  int cols_, rows_;
  std::vector<std::vector<std::size_t>> cells_;
};

// ---------------------------------------------------------------- image

Rgb sceneColour(const PebbleField& pebbles, double x, double y) {
  const bool inFrame = x < kFrame || x >= kWidth - kFrame || y < kFrame || y >= kHeight - kFrame;
  const Rgb floor = inFrame ? mosaicBorder(x, y) : poolTiles(x, y);
  return pebbles.composite(floor, x, y);
}

std::uint8_t toByte(double v) { return static_cast<std::uint8_t>(std::lround(std::clamp(v, 0.0, 1.0) * 255.0)); }

std::vector<std::uint8_t> renderPicture() {
  const PebbleField pebbles(makePebbles());
  std::vector<std::uint8_t> pixels(static_cast<std::size_t>(kWidth * kHeight * 3));
  for (int py = 0; py < kHeight; ++py) {
    for (int px = 0; px < kWidth; ++px) {
      Rgb sum{0, 0, 0};
      for (int sy = 0; sy < kSamples; ++sy) {
        for (int sx = 0; sx < kSamples; ++sx) {
          sum = sum + sceneColour(pebbles, px + (sx + 0.5) / kSamples, py + (sy + 0.5) / kSamples);
        }
      }
      const Rgb average = sum * (1.0 / (kSamples * kSamples));
      std::uint8_t* out = &pixels[static_cast<std::size_t>((py * kWidth + px) * 3)];
      out[0] = toByte(average.r);
      out[1] = toByte(average.g);
      out[2] = toByte(average.b);
    }
  }
  return pixels;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: make_default_picture OUTPUT.png\n");
    return 2;
  }
  const std::vector<std::uint8_t> pixels = renderPicture();
  if (!stbi_write_png(argv[1], kWidth, kHeight, 3, pixels.data(), kWidth * 3)) {
    std::fprintf(stderr, "make_default_picture: cannot write %s\n", argv[1]);
    return 1;
  }
  return 0;
}
