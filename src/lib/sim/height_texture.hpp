#pragma once
// The water's heights as the GPU holds them: four cells a texel, inside a
// margin of zeros. Texel (m.x + i, m.y + y) of an RGBA32F texture holds cells
// 4i .. 4i+3 of row y in r, g, b, a, m being kHeightMargin; row 0 is the
// grid's top row. The grid takes ceil(W/4) x H texels; the padding cells past
// the right edge of a grid whose width is not a multiple of 4, and the margin
// around it, are always 0, so a pass may read a little beyond the grid and
// get the render rule's 0 without testing coordinates.
// Packing takes a step from five fetches a cell to six for four cells, and a
// quarter of the fragments: on a CPU rasterizer that is most of its cost
// (BENCHMARKS.md).
#include <glad/gl.h>

#include <string>
#include <vector>

#include "core/world_grid.hpp"
#include "gl/gl_info.hpp"
#include "sim/texel_packing.hpp"

namespace ripple {

struct GpuHeights {
  GLuint texture = 0;
  int width = 0;   // in cells
  int height = 0;  // in cells (= texels)
  // Where the visible grid lies in it: beyond it, absorbing layers.
  GridLayout layout{width, height};
  // The world's walls and slow water as drawn (src/lib/core/tank_look.hpp): an
  // RGBA8 texture of the visible grid, LINEAR; 0: open water, nothing drawn.
  GLuint tank = 0;
};

// How the step and the refraction read whole texels of the heights: by
// image loads, through the NEAREST sampler at the texel's centre, or with
// texelFetch. The bits are the same (the step works its new heights out as
// written when it reads by image loads); the cost is not: llvmpipe reads a
// texel fastest by an image load, then through the sampler; a GPU fastest
// with texelFetch (BENCHMARKS.md).
enum class TexelReads { Sampler, TexelFetch, ImageLoad };

// Whether the driver can read by image loads (and work the step out as
// written): ARB_shader_image_load_store and ARB_gpu_shader5.
inline bool imageLoadsAvailable() { return GLAD_GL_ARB_shader_image_load_store && GLAD_GL_ARB_gpu_shader5; }

// Image loads on a software rasterizer that has them, else the sampler
// (WebGL on llvmpipe or SwiftShader); texelFetch on a GPU.
inline TexelReads defaultTexelReads() {
  if (!gl::isSoftwareRenderer()) return TexelReads::TexelFetch;
  return imageLoadsAvailable() ? TexelReads::ImageLoad : TexelReads::Sampler;
}

inline const char* texelReadsName(TexelReads reads) {
  return reads == TexelReads::Sampler ? "sampler" : reads == TexelReads::ImageLoad ? "imageLoad" : "texelFetch";
}

// The defines of a shader that reads the heights: the margin, and
// READ_BY_SAMPLER or READ_BY_IMAGE for those ways of reading.
inline std::vector<std::string> heightReadDefines(TexelReads reads) {
  std::vector<std::string> defines{heightMarginDefine()};
  if (reads == TexelReads::Sampler) defines.push_back("READ_BY_SAMPLER");
  if (reads == TexelReads::ImageLoad) defines.push_back("READ_BY_IMAGE");
  return defines;
}

// A texture bound for a shader to read: to texture unit `unit`, and, when
// the shader reads by image loads, to image unit `unit` as well (read-only,
// in `format`), so that the uniform's value `unit` names it either way.
inline void bindForReading(GLuint unit, GLuint texture, TexelReads reads, GLenum format) {
  glActiveTexture(GL_TEXTURE0 + unit);
  glBindTexture(GL_TEXTURE_2D, texture);
  glActiveTexture(GL_TEXTURE0);
  if (reads == TexelReads::ImageLoad) glBindImageTexture(unit, texture, 0, GL_FALSE, 0, GL_READ_ONLY, format);
}

}  // namespace ripple
