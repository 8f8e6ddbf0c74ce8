#version 330 core
// The stone rule (docs/rules.md), as in applyStone() in
// src/lib/core/cpu_reference.cpp. The cells of a stone are those with
// dx^2 + dy^2 < r^2, tested on integers, so both sides agree on every cell of
// the rim. Each moves towards -weight by its share p: 1 for a disc (the height
// is assigned), the raised cosine (1 + cos(pi d / r)) / 2 for a smooth stone,
// times the stone's share (below 1 only for a moving source's cells).
// The blending (dual-source: GL_ONE, GL_ONE_MINUS_SRC1_COLOR) does the move:
// height = -weight p + height (1 - p), with p = 1 giving exactly -weight.
// The texture packs four cells a texel; each draw writes one of them (the
// colour mask keeps the other three), so a cell outside the stone is never
// touched even when its texel is. WORLD: the variant for a world with cells
// held at 0, which it leaves alone.
flat in ivec2 v_center;
flat in int v_radius;
flat in float v_weight;
flat in int v_smooth;
flat in float v_share;

uniform int u_component;   // which cell of the texel this draw writes: 0 to 3
uniform int u_gridWidth;   // cells past it are padding, never part of a stone
#ifdef WORLD
// The world's cell codes (src/lib/core/world_grid.hpp), packed as the heights:
// marker CELL_HELD is a cell held at 0 (a wall), which no stone moves.
uniform usampler2D u_cells;
#endif

layout(location = 0, index = 0) out vec4 height;  // -weight p
layout(location = 0, index = 1) out vec4 share;   // p, the blend's factor

const float PI = 3.14159265;

void main() {
    ivec2 texel = ivec2(gl_FragCoord.xy) - HEIGHT_MARGIN;  // the grid's texel
    ivec2 cell = ivec2(4 * texel.x + u_component, texel.y);
    ivec2 d = cell - v_center;
    int distanceSquared = d.x * d.x + d.y * d.y;
    if (cell.x >= u_gridWidth || distanceSquared >= v_radius * v_radius) discard;
#ifdef WORLD
    if ((texelFetch(u_cells, ivec2(gl_FragCoord.xy), 0)[u_component] >> 16u) == CELL_HELD) discard;
#endif
    float p = 1.0;
    if (v_smooth != 0) {
        float r = sqrt(float(distanceSquared)) / float(v_radius);
        p = 0.5 + 0.5 * cos(PI * r);
    }
    p *= v_share;  // 1 but for a moving source's cells
    height = vec4(-v_weight * p);
    share = vec4(p);
}
