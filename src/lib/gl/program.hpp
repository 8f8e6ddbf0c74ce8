#pragma once
// Compiling and linking GLSL programs. A failure throws ripple::Error whose
// message names the shader file and the line of the first error; the full
// log goes to stderr for the one who edits it.
#include <glad/gl.h>

#include <string>
#include <vector>

#include "gl/handle.hpp"

namespace ripple::gl {

struct ShaderStage {
  GLenum type;         // GL_VERTEX_SHADER, GL_FRAGMENT_SHADER or GL_COMPUTE_SHADER
  std::string name;    // e.g. "shaders/step_plain.glsl", used in messages
  std::string source;  // GLSL text
  // The files the text came from: `name` first, then each it included
  // (ShaderSource). Included file K's lines are numbered from
  // K * kIncludedLines + 1, so that a driver's line number names the file.
  std::vector<std::string> files = {};
};
inline constexpr int kIncludedLines = 100000;

// The stage with `#define D` for each D ("CLASSIC", "HEIGHT_MARGIN
// ivec2(2, 4)"), to compile one variant of a shader (one mode, say) without
// branching at run time. Line numbers in compile errors still match the file.
ShaderStage withDefines(ShaderStage stage, const std::vector<std::string>& defines);

ProgramHandle linkProgram(const std::vector<ShaderStage>& stages);

// Whether a pass builds every variant of its programs at once, so that a
// shader that fails fails there (a shader folder being edited: --shaders),
// or each when first drawn. A browser's shaders are built in, and its first
// frame waits on every compile.
#if defined(__EMSCRIPTEN__)
inline constexpr bool kBuildVariantsUpFront = false;
#else
inline constexpr bool kBuildVariantsUpFront = true;
#endif

// The location of a uniform that the program must have; throws when the
// linker dropped it or the name is wrong, instead of silently writing nowhere.
GLint uniformLocation(GLuint program, const char* name);

}  // namespace ripple::gl
