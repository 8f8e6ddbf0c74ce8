#include "gl/program.hpp"

#include <cstdio>
#include <regex>
#include <sstream>

#include "core/error.hpp"

namespace ripple::gl {
namespace {

std::string infoLog(GLuint object, bool isProgram) {
  GLint length = 0;
  isProgram ? glGetProgramiv(object, GL_INFO_LOG_LENGTH, &length) : glGetShaderiv(object, GL_INFO_LOG_LENGTH, &length);
  std::string log(static_cast<size_t>(length > 1 ? length : 1), '\0');
  isProgram ? glGetProgramInfoLog(object, length, nullptr, log.data())
            : glGetShaderInfoLog(object, length, nullptr, log.data());
  log.resize(log.find('\0') == std::string::npos ? log.size() : log.find('\0'));
  while (!log.empty() && (log.back() == '\n' || log.back() == ' ')) log.pop_back();
  return log;
}

// "file:line: message" from the first error of a compile log. Drivers write
// the line differently: Mesa "0:12(3): error: ...", NVIDIA "0(12) : error ...";
// a line of an included file counts from K * kIncludedLines (ShaderStage).
std::string firstError(const ShaderStage& stage, const std::string& log) {
  std::istringstream lines(log);
  std::string line, first;
  while (std::getline(lines, line)) {
    if (first.empty() && !line.empty()) first = line;
    if (line.find("error") != std::string::npos || line.find("ERROR") != std::string::npos) {
      first = line;
      break;
    }
  }
  static const std::regex kMesa(R"(^\s*(\d+):(\d+)\(\d+\):\s*(.*)$)");   // 0:12(3): error: ...
  static const std::regex kNvidia(R"(^\s*(\d+)\((\d+)\)\s*:\s*(.*)$)");  // 0(12) : error C0000: ...
  std::smatch m;
  if (std::regex_match(first, m, kMesa) || std::regex_match(first, m, kNvidia)) {
    const unsigned long number = std::stoul(m[2].str());
    const size_t file = number / kIncludedLines;
    const std::string& name = file > 0 && file < stage.files.size() ? stage.files[file] : stage.name;
    return name + ":" + std::to_string(number % kIncludedLines) + ": " + m[3].str();
  }
  return stage.name + ": " + (first.empty() ? "no log from the driver" : first);
}

// The driver's whole log, for whoever edits the shader: the one-line error
// thrown after it names the first error only. Line numbers match the file,
// defines or not (withDefines() adds a #line).
void printCompileLog(const ShaderStage& stage, const std::string& log) {
  std::fprintf(stderr, "--- compile log of %s ---\n%s\n", stage.name.c_str(), log.c_str());
}

// WebGL 2 compiles GLSL ES 3.00: the same files, their #version line made
// its own, with the precision desktop GLSL has without saying.
std::string sourceForThisGl(const std::string& source) {
#if defined(__EMSCRIPTEN__)
  const std::size_t versionEnd = source.find('\n');
  if (source.rfind("#version 330 core", 0) != 0 || versionEnd == std::string::npos) return source;
  return "#version 300 es\n"
         "precision highp float; precision highp int; precision highp sampler2D; precision highp sampler2DArray; "
         "precision highp usampler2D;\n"
         "#line 2\n" +
         source.substr(versionEnd + 1);
#else
  return source;
#endif
}

ShaderHandle compile(const ShaderStage& stage) {
  ShaderHandle shader(glCreateShader(stage.type));
  const std::string source = sourceForThisGl(stage.source);
  const char* text = source.c_str();
  glShaderSource(shader.get(), 1, &text, nullptr);
  glCompileShader(shader.get());
  GLint ok = GL_FALSE;
  glGetShaderiv(shader.get(), GL_COMPILE_STATUS, &ok);
  if (!ok) {
    const std::string log = infoLog(shader.get(), false);
    printCompileLog(stage, log);
    throw Error("shader " + firstError(stage, log));
  }
  return shader;
}

}  // namespace

ShaderStage withDefines(ShaderStage stage, const std::vector<std::string>& defines) {
  if (defines.empty()) return stage;
  // After the #version line, which must come first; #line puts the numbering
  // back: the line after `#line N` is line N (GLSL 3.30 and later).
  const size_t versionEnd = stage.source.find('\n');
  if (versionEnd == std::string::npos) return stage;  // no body: the compiler will say so
  std::string lines;
  for (const std::string& define : defines) lines += "#define " + define + "\n";
  stage.source.insert(versionEnd + 1, lines + "#line 2\n");
  return stage;
}

ProgramHandle linkProgram(const std::vector<ShaderStage>& stages) {
  std::vector<ShaderHandle> shaders;
  for (const auto& stage : stages) shaders.push_back(compile(stage));
  ProgramHandle program(glCreateProgram());
  for (const auto& s : shaders) glAttachShader(program.get(), s.get());
  glLinkProgram(program.get());
  for (const auto& s : shaders) glDetachShader(program.get(), s.get());
  GLint ok = GL_FALSE;
  glGetProgramiv(program.get(), GL_LINK_STATUS, &ok);
  if (!ok) {
    std::string names;
    for (const auto& stage : stages) names += (names.empty() ? "" : " + ") + stage.name;
    const std::string log = infoLog(program.get(), true);
    std::fprintf(stderr, "--- link log of %s ---\n%s\n", names.c_str(), log.c_str());
    throw Error("shaders " + names + " failed to link: " + log.substr(0, log.find('\n')));
  }
  return program;
}

GLint uniformLocation(GLuint program, const char* name) {
  const GLint location = glGetUniformLocation(program, name);
  if (location < 0) throw Error(std::string("shader program has no active uniform '") + name + "'");
  return location;
}

}  // namespace ripple::gl
