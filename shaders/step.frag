#version 330 core
// One step of the rule (docs/rules.md) for four cells at once. The heights are
// packed four cells to a texel: texel (i, y) holds cells 4i .. 4i+3 of row y in
// r, g, b, a (see src/sim/height_texture.hpp). Packing takes a step from five
// fetches a cell to six for four cells (ten with the nine-point stencil), and
// a quarter of the fragments: what a step costs on a CPU rasterizer.
// Each component goes through the same operations in the same order as
// stepRow() in src/core/cpu_reference.cpp:
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
// form (neither: the seeds' form), and COMPUTE as a compute shader, where the
// driver has them: the same rule, one invocation a texel, written with
// imageStore. Some GPUs (NVIDIA's H100) run fragment shaders on a few of their
// cores only, and compute shaders on all of them.
#ifdef COMPUTE
#extension GL_ARB_compute_shader : require
#extension GL_ARB_shader_image_load_store : require
layout(local_size_x = 16, local_size_y = 16) in;
layout(rgba32f) uniform writeonly image2D u_next;
#else
out vec4 nextOut;
#endif
uniform sampler2D u_cur;
uniform sampler2D u_prev;
uniform ivec2 u_gridSize;     // in cells
uniform float u_damping;
uniform float u_maxHeight;    // limits::maxHeight in src/core/params.hpp
#if defined(FIVE)
uniform float u_c2;           // C^2, C the wave speed in cells a step
#elif defined(NINE)
uniform float u_c2Sixth;      // C^2 / 6: the nine-point stencil's weight folded in
#endif

// READ_BY_SAMPLER: texel centres through the sampler (NEAREST, one level: the
// texel's own bits), which on llvmpipe costs a third less a fetch than
// texelFetch; on a GPU texelFetch is the faster (TexelReads in
// src/sim/height_texture.hpp). A step is mostly fetches.
#ifdef READ_BY_SAMPLER
#define CUR(offset) textureOffset(u_cur, uv, offset)
#else
#define CUR(offset) texelFetch(u_cur, at + offset, 0)
#endif

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
    vec4 prev = texelFetch(u_prev, at, 0);
#endif
    vec4 here = CUR(ivec2(0, 0));
    vec4 leftTexel = CUR(ivec2(-1, 0));
    vec4 rightTexel = CUR(ivec2(1, 0));
    vec4 up = CUR(ivec2(0, -1));
    vec4 down = CUR(ivec2(0, 1));
    vec4 left = vec4(leftTexel.a, here.rgb);
    vec4 right = vec4(here.gba, rightTexel.r);

    vec4 sum = left + right + up + down;
    vec4 next;
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
