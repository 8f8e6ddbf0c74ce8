#pragma once
// The vocabulary of ripple's public API: its one error type and the words of
// its choices. The program and the library's internals use these same types.
#include <stdexcept>
#include <string>

#include "ripple/export.hpp"

namespace ripple {

// What a caller can get wrong or what the machine refuses: a message of one
// line that names the input and what is wrong, fit to show a user ("damping:
// '1.5' is out of range: it must be 0 to below 1", "no current OpenGL
// context: make one current before creating a ripple::Water").
class RIPPLE_EXPORT Error : public std::runtime_error {
 public:
  explicit Error(const std::string& message) : std::runtime_error(message) {}
};

// Where the water is stepped: on the GPU (the caller's current OpenGL 3.3
// context), or by the CPU reference, which needs no GL at all.
enum class Backend { Gpu, Cpu };

// Float: the rule on real numbers. Classic: the seeds' integer algorithm
// (>> 1, -= >> 5), reproduced bit for bit on float storage.
enum class Mode { Float, Classic };

// The Laplacian the step uses: the seeds' four neighbours, or the nine-point
// isotropic one (four neighbours and four diagonals), whose rings are round.
enum class Stencil { Five, Nine };

// A stone's profile: the seeds' flat disc, or a smooth bump (a raised cosine
// of the same radius and depth) that leaves no cell-to-cell zig-zag behind.
enum class StoneShape { Disc, Smooth };

// What a grid edge does to a wave that reaches it.
enum class Edge {
  Fixed,      // the seeds': the border ring is held at 0 (the wave comes back upside down)
  Free,       // no flow out: the wave comes back upright
  Absorbing,  // open sea: the wave leaves (a layer beyond the visible grid takes it)
  Wrap,       // periodic: what leaves on one side comes back on the other
};

// What a wall does: reflect as a real wall does (no flow through it; the
// wave comes back upright), or the seeds' kind, held at 0 (upside down).
enum class WallKind { Reflecting, Held };

// How much a picture can show a shift: its steepest steps between
// neighbouring pixels, in colour levels (0-255) a pixel, across and down.
// What the refraction's shifts are weighed with to tell whether moving water
// still shows (Water::restsUnseen()).
struct PictureContrast {
  float across = 0.0f;
  float down = 0.0f;
};

}  // namespace ripple
