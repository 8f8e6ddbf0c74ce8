#version 330 core
// The render rule (DESIGN.md), as renderRefraction() in
// src/core/cpu_reference.cpp: pixel (x, y) shows the picture at
// (x + s*(h[x-1,y] - h[x+1,y]), y + s*(h[x,y-1] - h[x,y+1])).
// The picture has the frame's size (scaled to cover it on the CPU). When the
// grid is coarser than the frame (simulation scale 1/2, 1/4) the heights are
// interpolated and the slope, in cells, is converted to frame pixels.
uniform sampler2D u_heights;  // R32F, LINEAR, clamped to a border of 0
uniform sampler2D u_picture;  // RGBA8, LINEAR, row 0 = top of the picture
uniform bool u_classic;       // s = 1, nearest pixel, outside shows the unshifted pixel
uniform bool u_flipY;         // drawing to the window, whose row 0 is its bottom
uniform float u_refraction;   // s in float mode
uniform float u_shading;      // seed 002's shading, float mode only

out vec4 color;

// Cells beyond the grid count as 0.
float cell(ivec2 c) {
    ivec2 size = textureSize(u_heights, 0);
    if (c.x < 0 || c.y < 0 || c.x >= size.x || c.y >= size.y) return 0.0;
    return texelFetch(u_heights, c, 0).r;
}

void main() {
    ivec2 frameSize = textureSize(u_picture, 0);
    ivec2 gridSize = textureSize(u_heights, 0);
    ivec2 pix = ivec2(gl_FragCoord.xy);
    if (u_flipY) pix.y = frameSize.y - 1 - pix.y;  // the one flip, at the GL boundary

    float dx, dy;
    vec2 pixelsPerCell = vec2(frameSize) / vec2(gridSize);
    if (gridSize == frameSize) {
        dx = cell(pix + ivec2(-1, 0)) - cell(pix + ivec2(1, 0));
        dy = cell(pix + ivec2(0, -1)) - cell(pix + ivec2(0, 1));
    } else {
        vec2 texel = 1.0 / vec2(gridSize);
        vec2 uv = (vec2(pix) + 0.5) / vec2(frameSize);
        dx = texture(u_heights, uv - vec2(texel.x, 0.0)).r - texture(u_heights, uv + vec2(texel.x, 0.0)).r;
        dy = texture(u_heights, uv - vec2(0.0, texel.y)).r - texture(u_heights, uv + vec2(0.0, texel.y)).r;
    }

    if (u_classic) {
        vec2 src = vec2(pix) + vec2(dx, dy) * pixelsPerCell;
        if (!(src.x >= 0.0 && src.y >= 0.0 && src.x < float(frameSize.x) && src.y < float(frameSize.y))) {
            src = vec2(pix);
        }
        color = texelFetch(u_picture, ivec2(src), 0);
    } else {
        vec2 p = vec2(pix) + 0.5 + u_refraction * vec2(dx, dy) * pixelsPerCell;
        color = texture(u_picture, p / vec2(frameSize));
        color.rgb += u_shading * dx / 255.0;
    }
}
