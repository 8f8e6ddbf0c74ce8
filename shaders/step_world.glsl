#version 330 core
// One step of the rule in a world of walls, slow water and edges (docs/rules.md),
// for four cells at once, as stepWorld() in
// src/lib/core/cpu_reference.cpp, with the same operations in the same order:
//   sum  = ((left + right) + up) + down
//   weight, k, A: decoded from the cell's code
//   float:   S = sum (four neighbours) or 4 * sum + diag (NINE)
//            next = A * (2 * here + weight * (S - k * here)) - (A * A) * prev
//            upwind ring cell: next = here + C * (inner - here)
//            next -= next * damping
//   classic: next = roundEven(A * floor((sum + (4 - k) * here) * 0.5)) - roundEven((A * A) * prev)
//            upwind ring cell: next = roundEven(here + C * (inner - here))
//            next -= floor(next * damping)
//   then     next = clamp(next, -maxHeight, maxHeight); a held cell is 0
//   then the one-way edge's ring cells, from the new heights of the two
//   cells inwards (oneWayEdge() in src/lib/core/absorbing_layer.hpp; classic:
//   roundEven of it), damped and clamped as above.
// The codes hold the border, the walls and the padding cells at 0, so there
// is no interior test; A < 1 and the ring (markers CELL_INNER_IS_* and
// CELL_UPWIND_INNER_IS_*: the inner neighbour is right, left, down, up) are
// the absorbing layer's (src/lib/core/absorbing_layer.hpp), and only the
// ABSORBING variant works them out: elsewhere A is 1 and there is no ring,
// and the operations without them give the same values (bit for bit in
// classic mode; float mode within its tolerance, where a compiler fuses a
// multiply and an add). The ring's cells at the left and right edges read
// the cells inwards in their own texel (the grid ends on a whole texel);
// the top and bottom rows are stepped by the OUTER_ROW variant, which works
// out the two rows inwards as well. On a software renderer GpuRipple::step()
// runs ABSORBING on the layers' texels only, the cheaper variant on the
// visible grid's. Beyond the grid the margin reads 0; WRAP_X and WRAP_Y read
// the other side of the grid instead (periodic edges).
// Variants: CLASSIC, NINE (else four neighbours), WRAP_X, WRAP_Y, ABSORBING
// and OUTER_ROW as the world needs, COMPUTE (step_rule.glsl).
#include "step_rule.glsl"
// The world's code of each cell (src/lib/core/world_grid.hpp), packed as the heights.
#ifdef READ_BY_IMAGE
layout(rgba32ui) readonly uniform uimage2D u_cells;  // image unit 3
#else
uniform usampler2D u_cells;
#endif
#ifdef ABSORBING
uniform float u_courant;         // C, the upwind speed of the ring's cells next to corners
uniform float u_edge[8];         // the one-way edge's weights (oneWayEdgeWeights in src/lib/core/absorbing_layer.hpp)
#endif
#ifdef COMPUTE
uniform ivec2 u_firstTexel;      // the texels this dispatch steps, in the grid
uniform ivec2 u_texels;
#endif

// Texel (i, y) of the grid, as a texture coordinate, wrapped where the edges wrap.
ivec2 gridTexel(int i, int y) {
#ifdef WRAP_X
    int n = (u_gridSize.x + 3) / 4;
    i = i < 0 ? i + n : (i >= n ? i - n : i);
#endif
#ifdef WRAP_Y
    y = y < 0 ? y + u_gridSize.y : (y >= u_gridSize.y ? y - u_gridSize.y : y);
#endif
    return ivec2(i, y) + HEIGHT_MARGIN;
}

// The cells left and right of a texel's four: the neighbouring texel's
// nearest cell. Wrapping, the first texel's left is the row's last cell,
// and the last cell's right is the row's first.
vec4 leftCells(vec4 centre, vec4 leftTexel, bool firstTexel) {
    float outer = leftTexel.a;
#ifdef WRAP_X
    if (firstTexel) outer = leftTexel[(u_gridSize.x - 1) & 3];
#endif
    return vec4(outer, centre.rgb);
}

vec4 rightCells(vec4 centre, vec4 rightTexel, bool lastTexel) {
    vec4 right = vec4(centre.gba, rightTexel.r);
#ifdef WRAP_X
    bvec4 isLastCell = equal(ivec4(0, 1, 2, 3), ivec4((u_gridSize.x - 1) & 3));
    if (lastTexel) right = mix(right, vec4(rightTexel.r), isLastCell);
#endif
    return right;
}

#ifdef ABSORBING
// The one-way edge's new heights: ring cells u0, the next cells inwards u1,
// and the ones after them u2 (oneWayEdge() in src/lib/core/absorbing_layer.hpp).
vec4 oneWayEdge(vec4 now0, vec4 before0, vec4 next1, vec4 now1, vec4 before1, vec4 next2, vec4 now2, vec4 before2) {
    AS_WRITTEN vec4 sum = ((((((u_edge[0] * now0 + u_edge[1] * before0) + u_edge[2] * next1) + u_edge[3] * now1) +
                        u_edge[4] * before1) + u_edge[5] * next2) + u_edge[6] * now2) + u_edge[7] * before2;
#if defined(CLASSIC)
    return dampedAndLimited(roundEven(sum));
#else
    return dampedAndLimited(sum);
#endif
}
#endif

// The new heights of texel t of the grid (at, in the texture), every rule
// but the top and bottom rows' one-way edge.
vec4 worldStep(ivec2 at, ivec2 t) {
    bool firstTexel = t.x == 0, lastTexel = t.x == (u_gridSize.x + 3) / 4 - 1;
#ifdef READ_BY_SAMPLER
    vec2 texel = 1.0 / vec2(textureSize(u_cur, 0));
    vec2 uv = (vec2(at) + 0.5) * texel;
#endif
    // The neighbouring texels: at constant offsets (the cheaper fetch), or
    // wrapped round the grid.
#if defined(WRAP_X) || defined(WRAP_Y)
#define NEIGHBOUR(dx, dy) FETCH(u_cur, gridTexel(t.x + (dx), t.y + (dy)))
#else
#define NEIGHBOUR(dx, dy) CUR(ivec2(dx, dy))
#endif
    // The world's textures are laid out as the heights: the same coordinates.
#ifdef READ_BY_SAMPLER
#define AT_HERE(field) texture(field, uv)
#else
#define AT_HERE(field) FETCH(field, at)
#endif
    vec4 prev = AT_HERE(u_prev);
    vec4 here = AT_HERE(u_cur);
    vec4 up = NEIGHBOUR(0, -1);
    vec4 down = NEIGHBOUR(0, 1);
    vec4 left = leftCells(here, NEIGHBOUR(-1, 0), firstTexel);
    vec4 right = rightCells(here, NEIGHBOUR(1, 0), lastTexel);
    uvec4 code = AT_HERE(u_cells);
    uvec4 marker = code >> 16u;
    vec4 weight = vec4(marker) * CELL_WEIGHT_UNIT;
    vec4 k = vec4((code >> 11u) & 31u);

    vec4 sum = left + right + up + down;
#ifdef ABSORBING
    vec4 a = 1.0 - vec4(code & 2047u) * CELL_LAYER_UNIT;
    bvec4 upwind = lessThan(marker - uvec4(CELL_UPWIND_INNER_IS_RIGHT), uvec4(4u));
    vec4 inner = mix(mix(mix(up, down, equal(marker, uvec4(CELL_UPWIND_INNER_IS_DOWN))), left,
                         equal(marker, uvec4(CELL_UPWIND_INNER_IS_LEFT))),
                     right, equal(marker, uvec4(CELL_UPWIND_INNER_IS_RIGHT)));
#endif
    AS_WRITTEN vec4 next;
#if defined(CLASSIC)
#ifdef ABSORBING
    next = roundEven(a * floor((sum + (4.0 - k) * here) * 0.5)) - roundEven((a * a) * prev);
    next = mix(next, roundEven(here + u_courant * (inner - here)), upwind);
#else
    next = floor((sum + (4.0 - k) * here) * 0.5) - prev;
#endif
#else
#if defined(NINE)
    vec4 upLeft = leftCells(up, NEIGHBOUR(-1, -1), firstTexel);
    vec4 upRight = rightCells(up, NEIGHBOUR(1, -1), lastTexel);
    vec4 downLeft = leftCells(down, NEIGHBOUR(-1, 1), firstTexel);
    vec4 downRight = rightCells(down, NEIGHBOUR(1, 1), lastTexel);
    vec4 diag = upLeft + upRight + downLeft + downRight;
    vec4 stencilSum = 4.0 * sum + diag;
#else
    vec4 stencilSum = sum;
#endif
#ifdef ABSORBING
    next = a * (2.0 * here + weight * (stencilSum - k * here)) - (a * a) * prev;
    next = mix(next, here + u_courant * (inner - here), upwind);
#else
    next = (2.0 * here + weight * (stencilSum - k * here)) - prev;
#endif
#endif
    next = dampedAndLimited(next);
    next = mix(next, vec4(0.0), equal(marker, uvec4(CELL_HELD)));  // a select: held cells are 0
#ifdef ABSORBING
    // The left edge's ring cell is a texel's first, its cells inwards the
    // second and third; the right edge's is the last, inwards the third and
    // second. Lanes x and w of one call work out both.
    vec4 edge = oneWayEdge(here, prev, next.yyzz, here.yyzz, prev.yyzz, next.zzyy, here.zzyy, prev.zzyy);
    bvec4 ring = bvec4(marker.x == CELL_INNER_IS_RIGHT, false, false, marker.w == CELL_INNER_IS_LEFT);
    next = mix(next, edge, ring);
#endif
    return next;
}

void main() {
#ifdef COMPUTE
    if (any(greaterThanEqual(ivec2(gl_GlobalInvocationID.xy), u_texels))) return;
    ivec2 t = u_firstTexel + ivec2(gl_GlobalInvocationID.xy);  // in the grid: cells 4 t.x .. 4 t.x + 3 of row t.y
    ivec2 at = t + HEIGHT_MARGIN;                              // in the texture
#else
    ivec2 at = ivec2(gl_FragCoord.xy);  // in the texture
    ivec2 t = at - HEIGHT_MARGIN;       // in the grid
#endif
    vec4 next = worldStep(at, t);
#ifdef OUTER_ROW
    // The top or bottom row: its one-way edge reads the new heights of the
    // two rows inwards, worked out here as their own texels work them out.
    ivec2 inwards = ivec2(0, t.y == 0 ? 1 : -1);
    vec4 next1 = worldStep(at + inwards, t + inwards), next2 = worldStep(at + 2 * inwards, t + 2 * inwards);
    vec4 edge = oneWayEdge(FETCH(u_cur, at), FETCH(u_prev, at), next1, FETCH(u_cur, at + inwards),
                           FETCH(u_prev, at + inwards), next2, FETCH(u_cur, at + 2 * inwards),
                           FETCH(u_prev, at + 2 * inwards));
#ifdef READ_BY_IMAGE
    uvec4 marker = imageLoad(u_cells, at) >> 16u;
#else
    uvec4 marker = texelFetch(u_cells, at, 0) >> 16u;
#endif
    next = mix(next, edge, lessThan(marker - uvec4(CELL_INNER_IS_DOWN), uvec4(2u)));
#endif
    store(at, next);
}
