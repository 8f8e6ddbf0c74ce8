#version 330 core
// The stone rule (DESIGN.md), as in applyStone() in src/core/cpu_reference.cpp:
// every cell with dx^2 + dy^2 < r^2 gets height -weight, assigned, not added.
// Integer arithmetic, so both sides agree on every cell of the rim.
flat in ivec2 v_center;
flat in int v_radius;
flat in float v_weight;

out float height;

void main() {
    ivec2 d = ivec2(gl_FragCoord.xy) - v_center;
    if (d.x * d.x + d.y * d.y >= v_radius * v_radius) discard;
    height = -v_weight;
}
