// The water's heights, read a cell at a time or four, by the passes that
// draw (refraction.frag, slopes.frag); #included.
// READ_BY_SAMPLER and READ_BY_IMAGE are defined or not for all alike (texelAt below).
#ifdef READ_BY_IMAGE
#extension GL_ARB_shader_image_load_store : require
layout(rgba32f) readonly uniform image2D u_heights;  // as below, read by image loads
#else
uniform sampler2D u_heights;  // RGBA32F, four cells a texel (src/lib/sim/height_texture.hpp)
#endif
uniform ivec2 u_origin;       // where the visible grid lies in the heights (beyond it: absorbing layers)

// How whole texels are read (TexelReads in src/lib/sim/height_texture.hpp): by
// image loads (READ_BY_IMAGE, the cheapest on llvmpipe), through the
// sampler at texel centres (READ_BY_SAMPLER: NEAREST, one level, a texel's
// own bits), or with texelFetch (the fastest on a GPU).
vec4 texelAt(ivec2 at) {
#if defined(READ_BY_IMAGE)
    return imageLoad(u_heights, at);
#elif defined(READ_BY_SAMPLER)
    return texture(u_heights, (vec2(at) + 0.5) / vec2(textureSize(u_heights, 0)));
#else
    return texelFetch(u_heights, at, 0);
#endif
}

// Where cell (x, y) of the visible grid lies in the heights. The layers'
// origin is whole texels (kAbsorbingLayerCells is a multiple of 4), so it is
// added a texel at a time and x & 3 is the cell's place in its texel: adding
// it a cell at a time made the refraction dearer on a GPU (BENCHMARKS.md).
ivec2 texelOf(int x, int y) {
    return ivec2(x >> 2, y) + HEIGHT_MARGIN + ivec2(u_origin.x >> 2, u_origin.y);  // x >> 2: floor(x / 4), for negative x too
}

// Cells x .. x+3 of row y of the visible grid, for x and y at most a few
// cells beyond it: those read an absorbing layer's cells, or the texture's
// margin or padding, which hold 0 (the render rule's value beyond the grid).
// Two fetches.
vec4 fourCells(int x, int y) {
    ivec2 at = texelOf(x, y);
    vec4 a = texelAt(at);
    vec4 b = texelAt(at + ivec2(1, 0));
    int shift = x & 3;
    return shift == 0 ? a
         : shift == 1 ? vec4(a.gba, b.r)
         : shift == 2 ? vec4(a.ba, b.rg)
         :              vec4(a.a, b.rgb);
}

// Cell (x, y) alone, likewise: one fetch.
float cell(int x, int y) {
    return texelAt(texelOf(x, y))[x & 3];
}
