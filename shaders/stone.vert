#version 330 core
// One instance per stone: a quad over the texels that hold the cells
// [x - r, x + r] x [y - r, y + r] of the packed height texture (four cells a
// texel, see src/lib/sim/height_texture.hpp); the viewport is the grid's texels,
// inside the texture's margin. Texture row 0 is grid row 0 (the top), and the
// framebuffer writes row 0 first, so there is no flip.
layout(location = 0) in vec4 a_stone;  // x, y, radius (whole cells), weight
layout(location = 1) in vec2 a_shape;  // x: 1 a smooth stone, 0 a disc; y: the share of p (Stone::share)

uniform vec2 u_textureSize;  // the grid's, in texels

flat out ivec2 v_center;
flat out int v_radius;
flat out float v_weight;
flat out int v_smooth;
flat out float v_share;

void main() {
    vec2 corner = vec2(float(gl_VertexID & 1), float((gl_VertexID >> 1) & 1));  // triangle strip
    // Whole numbers divided by 4 are exact in float, and so is their floor.
    vec2 lo = vec2(floor((a_stone.x - a_stone.z) / 4.0), a_stone.y - a_stone.z);
    vec2 hi = vec2(floor((a_stone.x + a_stone.z) / 4.0) + 1.0, a_stone.y + a_stone.z + 1.0);
    vec2 texel = mix(lo, hi, corner);
    gl_Position = vec4(texel / u_textureSize * 2.0 - 1.0, 0.0, 1.0);
    v_center = ivec2(a_stone.xy);
    v_radius = int(a_stone.z);
    v_weight = a_stone.w;
    v_smooth = int(a_shape.x);
    v_share = a_shape.y;
}
