#version 330 core
// The slope pass, for a grid coarser than the frame (refraction.frag's
// SCALED variant reads what it writes): texel (i, j) of an RGBA32F texture
// of (W + 2) x (H + 2) texels gets the slope of cell (i - 1, j - 1),
// (h[x-1] - h[x+1], h[y-1] - h[y+1]), cells beyond the grid 0, with LIGHT
// the highlight of that slope, and the cell's height (for the height
// shading). The refraction then samples it with the GPU's bilinear filter:
// one fetch a pixel instead of eight, and the highlight worked out once a
// cell instead of once a pixel. (renderRefraction() in
// src/lib/core/cpu_reference.cpp interpolates the same four cells.)
// Runs after fullscreen.vert. Variants: LIGHT; READ_BY_SAMPLER and
// READ_BY_IMAGE as height_cells.glsl says.
#include "height_cells.glsl"
#ifdef LIGHT
#include "highlight.glsl"
#endif

out vec4 slopeOut;

void main() {
    ivec2 c = ivec2(gl_FragCoord.xy) - 1;  // the cell
    vec4 row = fourCells(c.x - 1, c.y);    // h[x-1], h[x], h[x+1]
    float dx = row.x - row.z, dy = cell(c.x, c.y - 1) - cell(c.x, c.y + 1);
#ifdef LIGHT
    slopeOut = vec4(dx, dy, highlight(dx, dy), row.y);
#else
    slopeOut = vec4(dx, dy, 0.0, row.y);
#endif
}
