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
#include "gl/shader_source.hpp"
#include "core/world_grid.hpp"
#include "sim/height_texture.hpp"

namespace ripple {

class Refraction {
 public:
  // Needs a current GL 3.3 context; throws ripple::Error when a shader fails.
  // `reads`: how the pass reads the heights' texels (height_texture.hpp).
  explicit Refraction(const gl::ShaderSource& shaders, TexelReads reads = defaultTexelReads());

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

 private:
  // How the pass reads the water: the grid the frame's size, a cell a
  // pixel; a coarser grid through the slope pass (SCALED); or, in float
  // mode, a grid with at least as many cells as the frame has pixels, whose
  // four cells around each pixel it reads itself (FINE): a slope pass over
  // more cells than pixels would cost more than it saves.
  enum class Reach { Cells, Slopes, FineCells };
  static Reach reachOf(const GridLayout& grid, int frameWidth, int frameHeight, Mode mode);
  // The light's uniforms, where a program works out the highlight.
  struct LightUniforms {
    GLint halfway = -1, strength = -1, normalScale = -1;
    static LightUniforms find(GLuint program);
    void set(const LightVectors& light) const;
  };
  // A variant of shaders/refraction.frag, one program each. Float: each
  // reach, lit or not (through the slope pass, lit is built, never drawn: the
  // slope pass works the light out), height shaded or not; classic: cells or
  // slopes; each without and with the tank.
  static constexpr int kVariants = 28;
  struct Variant {
    Mode mode;
    Reach reach;
    bool lit, heightShaded, tank;
    std::vector<std::string> defines() const;  // for refraction.frag
    int index() const {
      const int inMode = mode == Mode::Classic ? 12 + (reach == Reach::Slopes ? 1 : 0)
                                               : 4 * static_cast<int>(reach) + (lit ? 2 : 0) + (heightShaded ? 1 : 0);
      return (tank ? 14 : 0) + inMode;
    }
  };
  struct Program {
    gl::ProgramHandle program;
    GLint heights = -1;  // reading the heights (not through the slope pass) only
    GLint origin = -1;   // likewise
    GLint gridSize, picture, flipY, frame, viewportInFrame;
    GLint slopes = -1;                                        // through the slope pass only
    GLint refraction = -1, shading = -1, heightShading = -1;  // float mode only
    LightUniforms light;  // lit and reading the heights only (else the slope pass has them)
    GLint tank = -1, wallColour = -1, shallowTint = -1;  // the tank's variants only
    Variant variant;
  };
  static Program buildProgram(const gl::ShaderSource& shaders, TexelReads reads, const Variant& variant);
  // The variants without the tank or the height shading (the defaults'),
  // built at once, so that a shader that fails fails there; the others are
  // built when first drawn (all of them where not gl::kBuildVariantsUpFront).
  static std::array<std::optional<Program>, kVariants> buildPrograms(const gl::ShaderSource& shaders, TexelReads reads);
  const Program& program(const Variant& variant);
  // The slope pass (shaders/slopes.frag): a grid coarser than the frame has its slopes
  // written to a texture of its own, which the refraction samples bilinearly.
  // The slope pass works out the highlight too, once a cell, when lit.
  struct SlopeProgram {
    gl::ProgramHandle program;
    GLint heights, origin;
    LightUniforms light;  // the lit one only
  };
  static SlopeProgram buildSlopeProgram(const gl::ShaderSource& shaders, TexelReads reads, bool lit);
  // Unlit and lit, built at once as buildPrograms() builds the variants.
  static std::array<std::optional<SlopeProgram>, 2> buildSlopePrograms(const gl::ShaderSource& shaders,
                                                                       TexelReads reads);
  const SlopeProgram& slopeProgram(bool lit);
  void writeSlopes(const GpuHeights& heights, const LightVectors& light);
  TexelReads reads_;          // before programs_, which are built with it
  gl::ShaderSource shaders_;  // where the variants built later come from
  std::array<std::optional<Program>, kVariants> programs_;
  std::array<std::optional<SlopeProgram>, 2> slopePrograms_;  // unlit, lit
  gl::Texture slopeTexture_;                                  // RGBA32F, (W + 2) x (H + 2): cells -1 .. W, -1 .. H
  gl::Framebuffer slopeFramebuffer_;
  int slopeWidth_ = 0, slopeHeight_ = 0;
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
