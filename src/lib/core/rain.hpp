#pragma once
// Rain: small stones at random places, `rate` per step on average, the same
// drops for the same seed on every machine (our own generator and
// distributions, not the standard library's, whose output varies by vendor).
#include <cstdint>
#include <vector>

#include "core/water_state.hpp"

namespace ripple {

class RainGenerator {
 public:
  explicit RainGenerator(std::uint64_t seed = 1) : state_(seed) {}

  // The drops that fall before one step on a width x height grid: a
  // Poisson-distributed count with mean `rate`, each at a uniform cell with a
  // radius uniform in [1, maxRadius] and the given weight.
  std::vector<Stone> dropsForStep(int width, int height, float rate, int maxRadius, float weight,
                                  StoneShape shape = StoneShape::Disc);

 private:
  std::uint64_t next();   // splitmix64
  double uniform();       // [0, 1)
  int uniformInt(int n);  // [0, n)
  std::uint64_t state_;
};

}  // namespace ripple
