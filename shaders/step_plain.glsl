#version 330 core
// One step of the rule (docs/rules.md) on open water, for four cells at once:
// no walls, slow water or edges but the fixed ring of cells at the border.
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
// grid whose width is not a multiple of 4, are held at 0.
// Variants: CLASSIC for classic mode, FIVE or NINE for float mode's general
// form (neither: the seeds' form), COMPUTE (step_rule.glsl), INNER for the
// texels whose cells are all inside the border ring (src/lib/sim/step_rects.hpp).
#include "step_rule.glsl"
#if defined(FIVE)
uniform float u_c2;           // C^2, C the wave speed in cells a step
#elif defined(NINE)
uniform float u_c2Sixth;      // C^2 / 6: the nine-point stencil's weight folded in
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
    vec2 texel = 1.0 / vec2(textureSize(u_cur, 0));
    vec2 uv = (vec2(at) + 0.5) * texel;
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
#elif defined(FIVE)
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
    next = dampedAndLimited(next);

#ifdef INNER
    store(at, next);
#else
    // Interior: 1 <= x <= W-2 and 1 <= y <= H-2, each as one unsigned compare.
    uvec4 xMinus1 = uvec4(4 * t.x - 1) + uvec4(0u, 1u, 2u, 3u);
    bvec4 interior = lessThan(xMinus1, uvec4(max(u_gridSize.x - 2, 0)));
    if (uint(t.y - 1) >= uint(max(u_gridSize.y - 2, 0))) interior = bvec4(false);
    store(at, mix(vec4(0.0), next, interior));  // a select: no arithmetic on the kept value
#endif
}
