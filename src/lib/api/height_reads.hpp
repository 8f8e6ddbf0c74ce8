#pragma once
// GpuOptions::HeightReads (include/ripple/water.hpp) and the internals'
// TexelReads (sim/height_texture.hpp) are the same choice: one mapping each
// way, for Water and for ripple-bench's own shaders.
#include "ripple/water.hpp"
#include "sim/height_texture.hpp"

namespace ripple::api {

// The reads asked for, Auto resolved for the driver; throws ripple::Error
// where it lacks image loads.
TexelReads texelReadsFor(Water::GpuOptions::HeightReads asked);

// How `reads` is asked for (never Auto).
Water::GpuOptions::HeightReads heightReadsOf(TexelReads reads);

}  // namespace ripple::api
