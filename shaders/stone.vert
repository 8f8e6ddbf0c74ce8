#version 330 core
// One instance per stone: a quad over the cells [x - r, x + r] x [y - r, y + r]
// of the height texture. Texture row 0 is grid row 0 (the top), and the
// framebuffer writes row 0 first, so grid cells map to pixels with no flip.
layout(location = 0) in vec4 a_stone;  // x, y, radius (whole cells), weight

uniform vec2 u_gridSize;

flat out ivec2 v_center;
flat out int v_radius;
flat out float v_weight;

void main() {
    vec2 corner = vec2(float(gl_VertexID & 1), float((gl_VertexID >> 1) & 1));  // triangle strip
    vec2 lo = a_stone.xy - a_stone.z;
    vec2 hi = a_stone.xy + a_stone.z + 1.0;
    vec2 cell = mix(lo, hi, corner);
    gl_Position = vec4(cell / u_gridSize * 2.0 - 1.0, 0.0, 1.0);
    v_center = ivec2(a_stone.xy);
    v_radius = int(a_stone.z);
    v_weight = a_stone.w;
}
