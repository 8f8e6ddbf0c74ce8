#version 330 core
// The render rule (docs/rules.md), as renderRefraction() in
// src/lib/core/cpu_reference.cpp: pixel (x, y) shows the picture at
// (x + s*(h[x-1,y] - h[x+1,y]), y + s*(h[x,y-1] - h[x,y+1])).
// The frame is a rectangle of the framebuffer (u_frame); the program's
// picture has the frame's size (scaled to cover it on the CPU), a host's may
// have any. When the grid is not the frame's size (simulation scale 1/2,
// 1/4; a host's choice) the slope is interpolated (bilinear, cells beyond
// the grid 0) and converted from cells to frame pixels.
// Compiled in variants: CLASSIC defined for classic mode (s = 1, nearest
// pixel, a sample outside the picture shows the unshifted pixel), SCALED for
// a grid coarser than the frame (it reads the slopes that slopes.frag
// wrote), for float mode on a grid of at least as many cells as the frame
// has pixels FINE (it reads the four cells around each pixel) or LAYERED (it
// reads the slopes that slopes.frag wrote in layers: FineGridReads in
// src/lib/render/refraction.hpp says where), LIGHT for float mode with the
// light on (a highlight, src/lib/core/light.hpp; the slope pass works it out
// for SCALED and LAYERED), HEIGHT_SHADED for float mode with the height
// shading on, TANK for a world with walls or slow water (drawn over the
// water, src/lib/core/tank_look.hpp). A CPU rasterizer runs both sides of a branch,
// even on a uniform, so each variant holds only the code it runs.
// READ_BY_SAMPLER and READ_BY_IMAGE as height_cells.glsl says. It runs after
// refraction.vert, which hands it where the pixel lies (v_frame, v_slopes).
#include "height_cells.glsl"
#ifdef LIGHT
#include "highlight.glsl"
#endif
#ifdef SCALED
uniform sampler2D u_slopes;   // RGBA32F, LINEAR: slope, highlight and height of cells -1 .. W, -1 .. H (slopes.frag)
#endif
#ifdef LAYERED
uniform sampler2DArray u_slopeLayers;  // likewise in four layers: layer k, texel (i, j) holds cell (4 (i - 1) + k, j - 1)
#endif
uniform ivec2 u_gridSize;     // the visible grid, in cells
uniform sampler2D u_picture;  // any size, LINEAR, row 0 = top of the picture
#ifdef TANK
uniform sampler2D u_tank;     // RGBA8, LINEAR, the visible grid: r wall, g slowness (src/lib/core/tank_look.hpp)
uniform vec3 u_wallColour;    // kWallColour
uniform vec3 u_shallowTint;   // kShallowTint
#endif
uniform bool u_flipY;         // drawing to the window, whose row 0 is its bottom
uniform ivec4 u_frame;        // the frame's rectangle in the framebuffer: x, y, width, height
#ifndef CLASSIC
uniform float u_refraction;   // s
uniform float u_shading;      // seed 002's shading
#ifdef HEIGHT_SHADED
uniform float u_heightShading;  // brightness from the height
#endif
#endif

in vec2 v_frame;   // the pixel's centre in the frame, 0 .. 1 (refraction.vert)
in vec2 v_slopes;  // (SCALED) the pixel's centre in the slope texture
out vec4 color;

// The height shading (src/lib/core/height_shading.hpp): about d where the water
// is nearly calm, easing towards white and black instead of reaching them.
vec3 heightShaded(vec3 c, float d) {
    vec3 room = max(d >= 0.0 ? 1.0 - c : c, vec3(LEAST_SHADING_ROOM));
    vec3 x = d / room;
    return c + d * inversesqrt(1.0 + x * x);
}

void main() {
    ivec2 frameSize = u_frame.zw;
    ivec2 pix = ivec2(gl_FragCoord.xy) - u_frame.xy;
    if (u_flipY) pix.y = frameSize.y - 1 - pix.y;  // as v_frame's flip in refraction.vert

    float dx, dy;
    float shine = 0.0;  // the highlight, with LIGHT
    float height;       // the water's height at the pixel
#ifdef CLASSIC
    vec2 pixelsPerCell = vec2(frameSize) / vec2(u_gridSize);
#endif
#if defined(FINE)
    {
        // The slopes of the four cells around the point, read from the
        // heights (eight fetches) and interpolated bilinearly, along y then
        // x, as renderRefraction() does; the highlight likewise, from each
        // cell's slope. Float mode only: classic's places need the exact
        // arithmetic of the slope pass's variant.
        vec2 p = v_frame * vec2(u_gridSize) - 0.5;
        ivec2 c = ivec2(floor(p));
        vec2 a = p - vec2(c);
        vec4 above = fourCells(c.x - 1, c.y - 1);  // .y, .z: cells c.x, c.x + 1
        vec4 row0 = fourCells(c.x - 1, c.y);       // cells c.x - 1 .. c.x + 2
        vec4 row1 = fourCells(c.x - 1, c.y + 1);
        vec4 below = fourCells(c.x - 1, c.y + 2);
        vec2 dx0 = vec2(row0.x - row0.z, row0.y - row0.w);  // at cells (c.x, c.y), (c.x + 1, c.y)
        vec2 dx1 = vec2(row1.x - row1.z, row1.y - row1.w);  // and the row below
        vec2 dy0 = above.yz - row1.yz;
        vec2 dy1 = row0.yz - below.yz;
        vec2 slopeX = mix(dx0, dx1, a.y), slopeY = mix(dy0, dy1, a.y), here = mix(row0.yz, row1.yz, a.y);
        dx = mix(slopeX.x, slopeX.y, a.x);
        dy = mix(slopeY.x, slopeY.y, a.x);
        height = mix(here.x, here.y, a.x);
#ifdef LIGHT
        vec2 shine0 = vec2(highlight(dx0.x, dy0.x), highlight(dx0.y, dy0.y));
        vec2 shine1 = vec2(highlight(dx1.x, dy1.x), highlight(dx1.y, dy1.y));
        vec2 shineX = mix(shine0, shine1, a.y);
        shine = mix(shineX.x, shineX.y, a.x);
#endif
    }
#elif defined(LAYERED)
    {
        // The slopes of the two columns of cells around the point, each
        // interpolated along y by the sampler (the layer of cell x is x & 3,
        // its texel x / 4 + 1, sampled at the texel's centre across), then
        // along x here, as renderRefraction() interpolates along y then x.
        float p = v_frame.x * float(u_gridSize.x) - 0.5;
        int c = int(floor(p));
        float width = float(textureSize(u_slopeLayers, 0).x);
        vec4 left = texture(u_slopeLayers, vec3((float((c >> 2) + 1) + 0.5) / width, v_slopes.y, float(c & 3)));
        vec4 right = texture(u_slopeLayers, vec3((float(((c + 1) >> 2) + 1) + 0.5) / width, v_slopes.y, float((c + 1) & 3)));
        vec4 slope = mix(left, right, p - float(c));
        dx = slope.x;
        dy = slope.y;
        shine = slope.z;  // 0 without the light
        height = slope.w;
    }
#elif !defined(SCALED)
    {
        vec4 row = fourCells(pix.x - 1, pix.y);  // h[x-1], h[x], h[x+1]
        dx = row.x - row.z;
        dy = cell(pix.x, pix.y - 1) - cell(pix.x, pix.y + 1);
        height = row.y;
#ifdef LIGHT
        shine = highlight(dx, dy);
#endif
    }
#else
    {
        // The slope at the four cells around the point, interpolated
        // bilinearly by the sampler (v_slopes: the pixel's place in the
        // slope texture, which holds cell c at texel c + 1). Classic mode
        // truncates the shifted place to a whole pixel, which an
        // interpolated coordinate's last bit can move: it works the place
        // out exactly, as renderRefraction() does.
#ifdef CLASSIC
        vec2 p = (vec2(pix) + 0.5) / pixelsPerCell - 0.5;
        vec4 slope = texture(u_slopes, (p + 1.5) / vec2(textureSize(u_slopes, 0)));
#else
        vec4 slope = texture(u_slopes, v_slopes);
#endif
        dx = slope.x;
        dy = slope.y;
        shine = slope.z;  // 0 without LIGHT
        height = slope.w;
    }
#endif

#ifdef TANK
    // The tank's walls and slowness here, bilinear between cell centres.
    vec4 look = texture(u_tank, v_frame);
#endif
#ifdef CLASSIC
    {
        vec2 src = vec2(pix) + vec2(dx, dy) * pixelsPerCell;
        if (!(src.x >= 0.0 && src.y >= 0.0 && src.x < float(frameSize.x) && src.y < float(frameSize.y))) {
            src = vec2(pix);
        }
        // The picture's texel under that pixel of the frame: itself when the
        // picture is the frame's size (whole numbers: exact).
        color = texelFetch(u_picture, ivec2(src) * textureSize(u_picture, 0) / frameSize, 0);
#ifdef TANK
        color.rgb = mix(color.rgb, u_wallColour, look.r);
#endif
    }
#else
    {
        // The pixel's centre shifted by s * slope cells, a cell being
        // 1 / gridSize of the frame.
        color = texture(u_picture, v_frame + u_refraction * vec2(dx, dy) / vec2(u_gridSize));
#ifdef TANK
        color.rgb = mix(color.rgb, color.rgb * u_shallowTint, look.g);  // slow water: shallow, sandy
#endif
#ifdef HEIGHT_SHADED  // off, it would change no bit: heightShaded(c, 0) is c
        color.rgb = heightShaded(color.rgb, u_heightShading * height / 255.0);
#endif
        color.rgb += u_shading * dx / 255.0;
        color.rgb += shine;
#ifdef TANK
        color.rgb = mix(color.rgb, u_wallColour, look.r);  // walls stand over the water
#endif
    }
#endif
}
