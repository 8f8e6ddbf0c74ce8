#version 330 core
// The slope pass, for a grid that is not the frame's size (refraction.frag's
// SCALED and FINE variants read what it writes): each cell's slope,
// (h[x-1] - h[x+1], h[y-1] - h[y+1]), cells beyond the grid 0, with LIGHT
// the highlight of that slope, and the cell's height (for the height
// shading). The refraction then samples it with the GPU's bilinear filter,
// so a pixel reads one or two texels instead of eight and the highlight is
// worked out once a cell instead of once a pixel. (renderRefraction() in
// src/lib/core/cpu_reference.cpp interpolates the same four cells.)
// Without LAYERS, for a grid coarser than the frame: texel (i, j) of an
// RGBA32F texture of (W + 2) x (H + 2) texels gets cell (i - 1, j - 1).
// With LAYERS, for a grid at least as fine as the frame: a fragment a
// texel of the heights, four cells, into four layers of an RGBA32F array
// texture: texel (i, j) of layer k gets cell (4 (i - 1) + k, j - 1). A
// quarter of the fragments, which is most of a CPU rasterizer's cost.
// Runs after fullscreen.vert. Variants: LIGHT, LAYERS; READ_BY_SAMPLER and
// READ_BY_IMAGE as height_cells.glsl says.
#include "height_cells.glsl"
#ifdef LIGHT
#include "highlight.glsl"
#endif

#ifdef LAYERS
layout(location = 0) out vec4 layer0;
layout(location = 1) out vec4 layer1;
layout(location = 2) out vec4 layer2;
layout(location = 3) out vec4 layer3;
#else
out vec4 slopeOut;
#endif

// What the refraction reads of a cell, from its height and its neighbours'.
vec4 slopeOf(float left, float here, float right, float above, float below) {
    float dx = left - right, dy = above - below;
#ifdef LIGHT
    return vec4(dx, dy, highlight(dx, dy), here);
#else
    return vec4(dx, dy, 0.0, here);
#endif
}

void main() {
#ifdef LAYERS
    ivec2 f = ivec2(gl_FragCoord.xy);
    int x = 4 * (f.x - 1), y = f.y - 1;  // the first of the four cells, a texel's first
    vec4 row = texelAt(texelOf(x, y));
    vec4 above = texelAt(texelOf(x, y - 1)), below = texelAt(texelOf(x, y + 1));
    float left = cell(x - 1, y), right = cell(x + 4, y);
    layer0 = slopeOf(left, row.x, row.y, above.x, below.x);
    layer1 = slopeOf(row.x, row.y, row.z, above.y, below.y);
    layer2 = slopeOf(row.y, row.z, row.w, above.z, below.z);
    layer3 = slopeOf(row.z, row.w, right, above.w, below.w);
#else
    ivec2 c = ivec2(gl_FragCoord.xy) - 1;  // the cell
    vec4 row = fourCells(c.x - 1, c.y);    // h[x-1], h[x], h[x+1]
    slopeOut = slopeOf(row.x, row.y, row.z, cell(c.x, c.y - 1), cell(c.x, c.y + 1));
#endif
}
