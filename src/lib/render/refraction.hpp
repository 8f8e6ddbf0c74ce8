#pragma once
// The refraction pass: the picture, drawn shifted by the slope of the water.
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "core/image.hpp"
#include "core/light.hpp"
#include "core/params.hpp"
#include "gl/handle.hpp"
#include "gl/pass_viewport.hpp"
#include "gl/gl_info.hpp"
#include "gl/shader_source.hpp"
#include "core/world_grid.hpp"
#include "sim/height_texture.hpp"

namespace ripple {

// How the refraction reads a grid with at least as many cells as the frame
// has pixels, in float mode: the four cells around each pixel itself, or
// through the slope pass in layers, four cells a fragment. The frames agree
// within the tolerance for frames; which is faster depends on the
// rasterizer (BENCHMARKS.md).
enum class FineGridReads { AroundEachPixel, SlopeLayers };

// The layers on SwiftShader, around each pixel elsewhere (llvmpipe; a GPU
// is not measured).
inline FineGridReads defaultFineGridReads() {
  return gl::isSwiftShader() ? FineGridReads::SlopeLayers : FineGridReads::AroundEachPixel;
}

class Refraction {
 public:
  // Needs a current GL 3.3 context; throws ripple::Error when a shader fails.
  // `reads`: how the pass reads the heights' texels (height_texture.hpp);
  // `fineGrid`: how it reads a grid finer than the frame.
  explicit Refraction(const gl::ShaderSource& shaders, TexelReads reads = defaultTexelReads(),
                      FineGridReads fineGrid = defaultFineGridReads());

  // The picture, already the frame's size (see coverPicture()).
  void setPicture(const Picture& frameSizedPicture);

  // Rebuilds the programs; on failure throws ripple::Error and keeps the
  // last good ones.
  void reloadShaders(const gl::ShaderSource& shaders);

  // Where a frame goes: the rectangle `frame` of the bound framebuffer, from
  // `picture`, a GL texture of any size whose row 0 is its top, read with
  // its own sampler (LINEAR, clamped; classic mode reads whole texels);
  // `flipY`: the framebuffer's row 0 is the frame's bottom, as a window's is.
  struct Target {
    GLuint picture;
    gl::PixelRect frame;
    bool flipY;
  };
  // Draws into the bound framebuffer (the pass's viewport reaches beyond the
  // frame, a scissor keeps it inside: gl/covering_pass.hpp).
  void draw(const GpuHeights& heights, const RefractionSettings& settings, const Target& target);
  // The same with the picture given to setPicture(), the frame its size from
  // the framebuffer's origin. `toWindow`: the default framebuffer, whose row 0
  // is the bottom row.
  void draw(const GpuHeights& heights, const RefractionSettings& settings, bool toWindow);
  // Draws into an offscreen frame and reads it back, row 0 at the top.
  Picture render(const GpuHeights& heights, const RefractionSettings& settings);
  // Refuses (ripple::Error, before any GL call) a grid whose slope pass for
  // a frame of this size needs a texture beyond the driver's largest: a
  // grid as wide as that has no room for the border. The water calls it
  // before it takes up a new tank, so that a refused draw changes nothing.
  void requireSlopesFit(const GridLayout& grid, int frameWidth, int frameHeight, Mode mode) const;

 private:
  // How the pass reads the water: the grid the frame's size, a cell a
  // pixel; a coarser grid through the slope pass (SCALED); in float mode, a
  // grid with at least as many cells as the frame has pixels as fineGrid_
  // says: through the slope pass in layers (LAYERED), a fragment a texel of
  // the heights, unless the frame has fewer pixels than that pass has
  // fragments; or the four cells around each pixel, read by the refraction
  // itself (FINE).
  enum class Reach { Cells, Slopes, FineCells, SlopeLayers };
  Reach reachOf(const GridLayout& grid, int frameWidth, int frameHeight, Mode mode) const;
  // The light's uniforms, where a program works out the highlight.
  struct LightUniforms {
    GLint halfway = -1, strength = -1, normalScale = -1;
    static LightUniforms find(GLuint program);
    void set(const LightVectors& light) const;
  };
  // A variant of shaders/refraction.frag, one program each. Float: each
  // reach, lit or not (through the slope pass, lit is never drawn: the slope
  // pass works the light out), height shaded or not; classic: cells or
  // slopes; each without and with the tank.
  static constexpr int kVariants = 36;
  struct Variant {
    Mode mode;
    Reach reach;
    bool lit, heightShaded, tank;
    std::vector<std::string> defines() const;  // for refraction.frag
    int index() const {
      const int inMode = mode == Mode::Classic ? 16 + (reach == Reach::Slopes ? 1 : 0)
                                               : 4 * static_cast<int>(reach) + (lit ? 2 : 0) + (heightShaded ? 1 : 0);
      return (tank ? 18 : 0) + inMode;
    }
  };
  struct Program {
    gl::ProgramHandle program;
    GLint heights = -1;  // reading the heights (not through the slope pass) only
    GLint origin = -1;   // likewise
    GLint gridSize, picture, flipY, frame, viewportInFrame;
    GLint slopes = -1;                                        // through the slope pass only (or its layers)
    GLint refraction = -1, shading = -1, heightShading = -1;  // float mode only
    LightUniforms light;  // lit and reading the heights only (else the slope pass has them)
    GLint tank = -1, wallColour = -1, shallowTint = -1;  // the tank's variants only
    Variant variant;
  };
  static Program buildProgram(const gl::ShaderSource& shaders, TexelReads reads, const Variant& variant);
  // The variants without the tank or the height shading (the defaults'),
  // of the reaches `fineGrid` leaves, built at once, so that a shader that
  // fails fails there; the others are built when first drawn (all of them
  // where not gl::kBuildVariantsUpFront).
  static std::array<std::optional<Program>, kVariants> buildPrograms(const gl::ShaderSource& shaders, TexelReads reads,
                                                                     FineGridReads fineGrid);
  const Program& program(const Variant& variant);
  // The slope pass (shaders/slopes.frag): a grid that is not the frame's
  // size has its slopes written to a texture of its own, which the
  // refraction samples bilinearly: a 2-D texture, a texel a cell, for a
  // coarser grid; an array texture of four layers, a texel of each a cell,
  // for a finer one (`layers`). It works out the highlight too, once a cell,
  // when lit.
  struct SlopeProgram {
    gl::ProgramHandle program;
    GLint heights, origin;
    LightUniforms light;  // the lit ones only
  };
  static SlopeProgram buildSlopeProgram(const gl::ShaderSource& shaders, TexelReads reads, bool lit, bool layers);
  // Each unlit and lit, 2-D and (where `fineGrid` says) in layers, built at
  // once as buildPrograms() builds the variants.
  static std::array<std::optional<SlopeProgram>, 4> buildSlopePrograms(const gl::ShaderSource& shaders,
                                                                       TexelReads reads, FineGridReads fineGrid);
  static int slopeProgramIndex(bool lit, bool layers) { return (layers ? 2 : 0) + (lit ? 1 : 0); }
  const SlopeProgram& slopeProgram(bool lit, bool layers);
  // Where the slope pass writes: the texture, its framebuffer, its size.
  struct SlopeTarget {
    gl::Texture texture;
    gl::Framebuffer framebuffer;
    int width = 0, height = 0;
  };
  void resizeSlopeTarget(SlopeTarget& target, int width, int height, bool layers);
  // The layers' size in texels, one layer a fragment of the pass each.
  static gl::PixelRect slopeLayerTexels(const GridLayout& grid);
  // The slope pass's texture: the layers', or the grid and a border of one cell.
  static gl::PixelRect slopeTexels(const GridLayout& grid, bool layers);
  void writeSlopes(const GpuHeights& heights, const LightVectors& light, bool layers);
  TexelReads reads_;  // before programs_, which are built with it
  FineGridReads fineGrid_;
  gl::ShaderSource shaders_;  // where the variants built later come from
  std::array<std::optional<Program>, kVariants> programs_;
  std::array<std::optional<SlopeProgram>, 4> slopePrograms_;  // by slopeProgramIndex()
  SlopeTarget slopes_;                                        // RGBA32F, (W + 2) x (H + 2): cells -1 .. W, -1 .. H
  SlopeTarget slopeLayers_;  // RGBA32F, (W / 4 + 2) x (H + 2) x 4: cells -4 .. W + 3, -1 .. H
  gl::VertexArray emptyVertexArray_;
  gl::ViewportLimits viewportLimits_;  // for the passes' viewports (pass_viewport.hpp)
  gl::Texture pictureTexture_;
  gl::Sampler pictureSampler_;
  int frameWidth_ = 0, frameHeight_ = 0;
  gl::Texture offscreenTexture_;  // created on first render()
  gl::Framebuffer offscreenFramebuffer_;
  int offscreenWidth_ = 0, offscreenHeight_ = 0;
};

}  // namespace ripple
