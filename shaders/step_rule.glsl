// What every step shares (docs/rules.md): the heights' textures, how their
// texels are read, the damping and the limit, and where the new heights go.
// Included by step_plain.glsl and step_world.glsl, right after #version.
//
// The heights are packed four cells to a texel: texel (i, y) holds cells
// 4i .. 4i+3 of row y in r, g, b, a (src/lib/sim/height_texture.hpp). Packing
// takes a step from five fetches a cell to six for four cells (ten with the
// nine-point stencil), and a quarter of the fragments: what a step costs on a
// CPU rasterizer. The viewport is the grid, inside the texture's margin of
// zeros (HEIGHT_MARGIN texels), so every fetch falls inside the texture.
//
// Each step is compiled in variants (a CPU rasterizer runs both sides of a
// branch, even on a uniform), and as a compute shader (COMPUTE) where the
// driver has them: the same rule, one invocation a texel, written with
// imageStore. Some GPUs (NVIDIA's H100) run fragment shaders on a few of
// their cores only, and compute shaders on all of them.
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

// How whole texels are read (TexelReads in src/lib/sim/height_texture.hpp): by
// image loads (READ_BY_IMAGE, the cheapest on llvmpipe), through the sampler
// at texel centres (READ_BY_SAMPLER: NEAREST, one level, the texel's own
// bits), or with texelFetch (the fastest on a GPU). A step is mostly reads.
// FETCH(field, at): texel `at` of the texture; CUR(offset): of u_cur, at an
// offset from the texel stepped (through the sampler: from its centre `uv`,
// a step of `texel` a texel, added rather than textureOffset's, which
// SwiftShader runs slower).
#if defined(READ_BY_IMAGE)
#define FETCH(field, at) imageLoad(field, at)
#define CUR(offset) imageLoad(u_cur, at + offset)
#elif defined(READ_BY_SAMPLER)
#define FETCH(field, at) texture(field, (vec2(at) + 0.5) / vec2(textureSize(field, 0)))
#define CUR(offset) texture(u_cur, uv + vec2(offset) * texel)
#else
#define FETCH(field, at) texelFetch(field, at, 0)
#define CUR(offset) texelFetch(u_cur, at + offset, 0)
#endif

// What a cell keeps after its new height: the water's damping (classic
// mode's floored, the seeds' `-= >> 5`), and the limit.
// `kept` is precise of its own: a caller's precise does not reach into a
// function, and a fused multiply-add rounds damping's product differently.
vec4 dampedAndLimited(vec4 next) {
#if defined(CLASSIC)
    AS_WRITTEN vec4 kept = next - floor(next * u_damping);
#else
    AS_WRITTEN vec4 kept = next - next * u_damping;
#endif
    return min(max(kept, -u_maxHeight), u_maxHeight);
}

// The new heights of texel `at` of the texture.
void store(ivec2 at, vec4 next) {
#ifdef COMPUTE
    imageStore(u_next, at, next);
#else
    nextOut = next;
#endif
}
