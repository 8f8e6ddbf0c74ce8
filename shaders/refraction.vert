#version 330 core
// The refraction's full-screen triangle (as fullscreen.vert), which also
// hands the fragment shader the places it samples at as varyings: the
// rasterizer interpolates them, so a pixel does not work them out from
// gl_FragCoord. Both are affine in the pixel, so interpolating them gives the
// same places. (A CPU rasterizer runs that arithmetic a pixel at a time;
// interpolating costs it less: BENCHMARKS.md.)
uniform bool u_flipY;       // drawing to the window, whose row 0 is its bottom
uniform ivec2 u_gridSize;   // the visible grid, in cells
// The viewport, which reaches beyond the frame (src/lib/gl/pass_viewport.hpp), in
// units of the frame from its first pixel's corner: its corner, its size.
uniform vec4 u_viewportInFrame;

// Where the pixel's centre lies in the frame, 0 .. 1 each way, (0, 0) the
// picture's top left: (x + 0.5) / width, (y + 0.5) / height.
out vec2 v_frame;
// Where it lies in the slope texture (SCALED; LAYERED reads its y): texel
// c + 1 holds cell c, and a pixel's centre is at cell (x + 0.5) /
// pixelsPerCell - 0.5.
out vec2 v_slopes;

void main() {
    vec2 corner = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));
    gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
    vec2 inFrame = u_viewportInFrame.xy + corner * u_viewportInFrame.zw;
    v_frame = vec2(inFrame.x, u_flipY ? 1.0 - inFrame.y : inFrame.y);  // the one flip, at the GL boundary
    v_slopes = (v_frame * vec2(u_gridSize) + 1.0) / vec2(u_gridSize + 2);
}
