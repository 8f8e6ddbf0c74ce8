#version 330 core
// One step of the rule (docs/rules.md) for four cells at once. The heights are
// packed four cells to a texel: texel (i, y) holds cells 4i .. 4i+3 of row y in
// r, g, b, a (see src/lib/sim/height_texture.hpp). Packing takes a step from five
// fetches a cell to six for four cells (ten with the nine-point stencil), and
// a quarter of the fragments: what a step costs on a CPU rasterizer.
// Each component goes through the same operations in the same order as
// stepRow() in src/lib/core/cpu_reference.cpp:
//   sum  = ((left + right) + up) + down
//   seeds' form, float:   next = sum * 0.5 - prev
//   seeds' form, classic: next = floor(sum * 0.5) - prev
//   FIVE:                 next = (2 * here - prev) + c2 * (sum - 4 * here)
//   NINE:                 diag = ((upLeft + upRight) + downLeft) + downRight
//                         next = (2 * here - prev) + c2Sixth * ((4 * sum + diag) - 20 * here)
//   then float:   next -= next * damping;  classic: next -= floor(next * damping)
//   then          next = clamp(next, -maxHeight, maxHeight)
// Classic mode on integer-valued floats is the seeds' `>> 1` and `-= >> 5`.
// The border ring of cells, and the padding cells past the right edge of a
// grid whose width is not a multiple of 4, are held at 0. The viewport is the
// grid, inside the texture's margin of zeros (HEIGHT_MARGIN texels), so every
// fetch here falls inside the texture.
// Compiled in variants (a CPU rasterizer runs both sides of a branch, even on
// a uniform): CLASSIC for classic mode, FIVE or NINE for float mode's general
// form (neither: the seeds' form), WORLD for a world of walls, slow water and
// edges (at the end of this file; with CLASSIC, NINE, WRAP_X, WRAP_Y,
// ABSORBING and OUTER_ROW as it needs), and COMPUTE as a compute shader, where the
// driver has them: the same rule, one invocation a texel, written with
// imageStore. Some GPUs (NVIDIA's H100) run fragment shaders on a few of their
// cores only, and compute shaders on all of them.
#ifdef GL_ARB_gpu_shader5
// The new heights are worked out as written, one rounding an operation, as
// the CPU reference does (it is built with -ffp-contract=off): a driver that
// fused a multiply and an add would round differently, and in classic mode
// the one-way edge's sum of products could round to another whole number.
// Where the driver has `precise`, float mode's step is the CPU's bit for bit.
#extension GL_ARB_gpu_shader5 : enable
#define AS_WRITTEN precise
#else
#define AS_WRITTEN
#endif
#ifdef READ_BY_IMAGE
#extension GL_ARB_shader_image_load_store : require
#endif
#ifdef COMPUTE
#extension GL_ARB_compute_shader : require
#extension GL_ARB_shader_image_load_store : require
layout(local_size_x = 16, local_size_y = 16) in;
layout(rgba32f) uniform writeonly image2D u_next;  // image unit 2 (GpuRipple::bindStepInputs)
#else
out vec4 nextOut;
#endif
#ifdef READ_BY_IMAGE
layout(rgba32f) readonly uniform image2D u_cur;   // image units 0 and 1
layout(rgba32f) readonly uniform image2D u_prev;
#else
uniform sampler2D u_cur;
uniform sampler2D u_prev;
#endif
uniform ivec2 u_gridSize;     // in cells
uniform float u_damping;
uniform float u_maxHeight;    // limits::maxHeight in src/lib/core/params.hpp
#if defined(WORLD)
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
#elif defined(FIVE)
uniform float u_c2;           // C^2, C the wave speed in cells a step
#elif defined(NINE)
uniform float u_c2Sixth;      // C^2 / 6: the nine-point stencil's weight folded in
#endif

// How whole texels are read (TexelReads in src/lib/sim/height_texture.hpp): by
// image loads (READ_BY_IMAGE, the cheapest on llvmpipe), through the sampler
// at texel centres (READ_BY_SAMPLER: NEAREST, one level, the texel's own
// bits), or with texelFetch (the fastest on a GPU). A step is mostly reads.
// FETCH(field, at): texel `at` of the texture; CUR(offset): of u_cur, at an
// offset from the texel stepped.
#if defined(READ_BY_IMAGE)
#define FETCH(field, at) imageLoad(field, at)
#define CUR(offset) imageLoad(u_cur, at + offset)
#elif defined(READ_BY_SAMPLER)
#define FETCH(field, at) texture(field, (vec2(at) + 0.5) / vec2(textureSize(field, 0)))
#define CUR(offset) textureOffset(u_cur, uv, offset)
#else
#define FETCH(field, at) texelFetch(field, at, 0)
#define CUR(offset) texelFetch(u_cur, at + offset, 0)
#endif

#ifndef WORLD
void main() {
#ifdef COMPUTE
    ivec2 t = ivec2(gl_GlobalInvocationID.xy);  // in the grid: cells 4 t.x .. 4 t.x + 3 of row t.y
    if (t.x >= (u_gridSize.x + 3) / 4 || t.y >= u_gridSize.y) return;
    ivec2 at = t + HEIGHT_MARGIN;                // in the texture
#else
    ivec2 at = ivec2(gl_FragCoord.xy);  // in the texture
    ivec2 t = at - HEIGHT_MARGIN;       // in the grid: cells 4 t.x .. 4 t.x + 3 of row t.y
#endif
#ifdef READ_BY_SAMPLER
    vec2 uv = (vec2(at) + 0.5) / vec2(textureSize(u_cur, 0));
    vec4 prev = texture(u_prev, uv);
#else
    vec4 prev = FETCH(u_prev, at);
#endif
    vec4 here = CUR(ivec2(0, 0));
    vec4 leftTexel = CUR(ivec2(-1, 0));
    vec4 rightTexel = CUR(ivec2(1, 0));
    vec4 up = CUR(ivec2(0, -1));
    vec4 down = CUR(ivec2(0, 1));
    vec4 left = vec4(leftTexel.a, here.rgb);
    vec4 right = vec4(here.gba, rightTexel.r);

    vec4 sum = left + right + up + down;
    AS_WRITTEN vec4 next;
#if defined(CLASSIC)
    next = floor(sum * 0.5) - prev;
    next -= floor(next * u_damping);
#else
#if defined(FIVE)
    next = (2.0 * here - prev) + u_c2 * (sum - 4.0 * here);
#elif defined(NINE)
    vec4 upLeftTexel = CUR(ivec2(-1, -1));
    vec4 upRightTexel = CUR(ivec2(1, -1));
    vec4 downLeftTexel = CUR(ivec2(-1, 1));
    vec4 downRightTexel = CUR(ivec2(1, 1));
    vec4 upLeft = vec4(upLeftTexel.a, up.rgb);
    vec4 upRight = vec4(up.gba, upRightTexel.r);
    vec4 downLeft = vec4(downLeftTexel.a, down.rgb);
    vec4 downRight = vec4(down.gba, downRightTexel.r);
    vec4 diag = upLeft + upRight + downLeft + downRight;
    next = (2.0 * here - prev) + u_c2Sixth * ((4.0 * sum + diag) - 20.0 * here);
#else
    next = sum * 0.5 - prev;
#endif
    next -= next * u_damping;
#endif
    next = min(max(next, -u_maxHeight), u_maxHeight);

    // Interior: 1 <= x <= W-2 and 1 <= y <= H-2, each as one unsigned compare.
    uvec4 xMinus1 = uvec4(4 * t.x - 1) + uvec4(0u, 1u, 2u, 3u);
    bvec4 interior = lessThan(xMinus1, uvec4(max(u_gridSize.x - 2, 0)));
    if (uint(t.y - 1) >= uint(max(u_gridSize.y - 2, 0))) interior = bvec4(false);
    next = mix(vec4(0.0), next, interior);  // a select: no arithmetic on the kept value
#ifdef COMPUTE
    imageStore(u_next, at, next);
#else
    nextOut = next;
#endif
}
#else  // WORLD

// The world's step: walls, slow water and edges, as stepWorld() in
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

// What a cell keeps after its new height: the water's damping, and the limit.
vec4 dampedAndLimited(vec4 next) {
#if defined(CLASSIC)
    next -= floor(next * u_damping);
#else
    next -= next * u_damping;
#endif
    return min(max(next, -u_maxHeight), u_maxHeight);
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
    vec2 uv = (vec2(at) + 0.5) / vec2(textureSize(u_cur, 0));
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
#ifdef COMPUTE
    imageStore(u_next, at, next);
#else
    nextOut = next;
#endif
}
#endif  // WORLD
