#include "core/rain.hpp"

#include <cmath>

namespace ripple {

std::uint64_t RainGenerator::next() {
  std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

double RainGenerator::uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

int RainGenerator::uniformInt(int n) { return static_cast<int>(uniform() * n); }

std::vector<Stone> RainGenerator::dropsForStep(int width, int height, float rate, int maxRadius, float weight,
                                               StoneShape shape) {
  std::vector<Stone> drops;
  if (!(rate > 0.0f) || width <= 0 || height <= 0) return drops;
  // Knuth's method: count uniforms until their product falls below e^-rate.
  const double limit = std::exp(-static_cast<double>(rate));
  for (double product = uniform(); product > limit; product *= uniform()) {
    Stone s;
    s.x = uniformInt(width);
    s.y = uniformInt(height);
    s.radius = 1 + uniformInt(maxRadius < 1 ? 1 : maxRadius);
    s.weight = weight;
    s.shape = shape;
    drops.push_back(s);
  }
  return drops;
}

}  // namespace ripple
