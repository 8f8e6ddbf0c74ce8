#version 330 core
// The stone rule (DESIGN.md), as in applyStone() in src/core/cpu_reference.cpp:
// every cell with dx^2 + dy^2 < r^2 gets height -weight, assigned, not added.
// Integer arithmetic, so both sides agree on every cell of the rim.
// The texture packs four cells a texel; each draw writes one of them (the
// colour mask keeps the other three), so a cell outside the disc is never
// touched even when its texel is.
flat in ivec2 v_center;
flat in int v_radius;
flat in float v_weight;

uniform int u_component;   // which cell of the texel this draw writes: 0 to 3
uniform int u_gridWidth;   // cells past it are padding, never part of a stone

out vec4 height;

void main() {
    ivec2 texel = ivec2(gl_FragCoord.xy) - HEIGHT_MARGIN;  // the grid's texel
    ivec2 cell = ivec2(4 * texel.x + u_component, texel.y);
    ivec2 d = cell - v_center;
    if (cell.x >= u_gridWidth || d.x * d.x + d.y * d.y >= v_radius * v_radius) discard;
    height = vec4(-v_weight);
}
