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
// held at 0, which it leaves alone. COPY_BLEND: WebGL 2's, which has no
// dual-source blending: the same sum, worked out here from a copy of the
// heights made before the draw, for all four cells of a texel at once.
flat in ivec2 v_center;
flat in int v_radius;
flat in float v_weight;
flat in int v_smooth;
flat in float v_share;

uniform int u_component;   // which cell of the texel this draw writes: 0 to 3 (not COPY_BLEND)
uniform int u_gridWidth;   // cells past it are padding, never part of a stone
#ifdef WORLD
// The world's cell codes (src/lib/core/world_grid.hpp), packed as the heights:
// marker CELL_HELD is a cell held at 0 (a wall), which no stone moves.
uniform usampler2D u_cells;
#endif

#ifdef COPY_BLEND
uniform sampler2D u_before;  // the heights before the draw
layout(location = 0) out vec4 height;
#else
layout(location = 0, index = 0) out vec4 height;  // -weight p
layout(location = 0, index = 1) out vec4 share;   // p, the blend's factor
#endif

const float PI = 3.14159265;

// p for cell `component` of this texel, or -1 where the stone leaves it.
float shareOfCell(int component) {
    ivec2 texel = ivec2(gl_FragCoord.xy) - HEIGHT_MARGIN;  // the grid's texel
    ivec2 cell = ivec2(4 * texel.x + component, texel.y);
    ivec2 d = cell - v_center;
    int distanceSquared = d.x * d.x + d.y * d.y;
    if (cell.x >= u_gridWidth || distanceSquared >= v_radius * v_radius) return -1.0;
#ifdef WORLD
    if ((texelFetch(u_cells, ivec2(gl_FragCoord.xy), 0)[component] >> 16u) == CELL_HELD) return -1.0;
#endif
    float p = 1.0;
    if (v_smooth != 0) {
        float r = sqrt(float(distanceSquared)) / float(v_radius);
        p = 0.5 + 0.5 * cos(PI * r);
    }
    return p * v_share;  // 1 but for a moving source's cells
}

void main() {
#ifdef COPY_BLEND
    vec4 before = texelFetch(u_before, ivec2(gl_FragCoord.xy), 0);
    vec4 moved = before;  // GLSL ES indexes an output by constants alone
    for (int component = 0; component < 4; ++component) {
        float p = shareOfCell(component);
        if (p >= 0.0) moved[component] = -v_weight * p + before[component] * (1.0 - p);
    }
    height = moved;
#else
    float p = shareOfCell(u_component);
    if (p < 0.0) discard;
    height = vec4(-v_weight * p);
    share = vec4(p);
#endif
}
