#version 330 core
// One step of the rule (DESIGN.md), the same operations in the same order as
// stepRow() in src/core/cpu_reference.cpp:
//   sum  = ((left + right) + up) + down
//   float:   next = sum * 0.5 - prev;         next -= next * damping
//   classic: next = floor(sum * 0.5) - prev;  next -= floor(next * damping)
//   then     next = clamp(next, -maxHeight, maxHeight)
// Classic mode on integer-valued floats is the seeds' `>> 1` and `-= >> 5`.
// The border ring of cells is held at 0.
uniform sampler2D u_cur;
uniform sampler2D u_prev;
uniform float u_damping;
uniform bool u_classic;
uniform float u_maxHeight;  // limits::maxHeight in src/core/params.hpp

out float next;

void main() {
    ivec2 c = ivec2(gl_FragCoord.xy);
    ivec2 size = textureSize(u_cur, 0);
    if (c.x == 0 || c.y == 0 || c.x == size.x - 1 || c.y == size.y - 1) {
        next = 0.0;
        return;
    }
    float sum = texelFetch(u_cur, c + ivec2(-1, 0), 0).r + texelFetch(u_cur, c + ivec2(1, 0), 0).r
              + texelFetch(u_cur, c + ivec2(0, -1), 0).r + texelFetch(u_cur, c + ivec2(0, 1), 0).r;
    float prev = texelFetch(u_prev, c, 0).r;
    if (u_classic) {
        next = floor(sum * 0.5) - prev;
        next -= floor(next * u_damping);
    } else {
        next = sum * 0.5 - prev;
        next -= next * u_damping;
    }
    next = min(max(next, -u_maxHeight), u_maxHeight);
}
