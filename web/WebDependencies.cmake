# The library's dependencies for WebAssembly: the same Debian packages as the
# native build (libglm-dev, libtomlplusplus-dev, libstb-dev), their headers
# alone. They are linked into a folder of the build's own rather than taken
# from /usr/include, whose C library headers would shadow emscripten's.
set(RIPPLE_WEB_INCLUDE "${PROJECT_BINARY_DIR}/web-include")
file(MAKE_DIRECTORY "${RIPPLE_WEB_INCLUDE}")
foreach(pair "glm|libglm-dev" "toml++|libtomlplusplus-dev" "stb|libstb-dev")
  string(REPLACE "|" ";" pair "${pair}")
  list(GET pair 0 folder)
  list(GET pair 1 package)
  if(NOT EXISTS "/usr/include/${folder}")
    message(FATAL_ERROR "/usr/include/${folder} is missing: install Debian's ${package} (scripts/install-deps.sh)")
  endif()
  file(CREATE_LINK "/usr/include/${folder}" "${RIPPLE_WEB_INCLUDE}/${folder}" SYMBOLIC)
endforeach()

# ripple::Error is thrown across the library: catching has to work.
add_compile_options(-fexceptions)
add_link_options(-fexceptions)

add_library(glm::glm INTERFACE IMPORTED)
target_include_directories(glm::glm SYSTEM INTERFACE "${RIPPLE_WEB_INCLUDE}")

# toml++ header-only (Debian's package is the compiled library for the host).
add_library(tomlplusplus::tomlplusplus INTERFACE IMPORTED)
target_include_directories(tomlplusplus::tomlplusplus SYSTEM INTERFACE "${RIPPLE_WEB_INCLUDE}")
target_compile_definitions(tomlplusplus::tomlplusplus INTERFACE TOML_HEADER_ONLY=1)

# stb's implementations, compiled here from Debian's headers (the host's
# libstb.so is native code).
add_library(ripple_web_stb STATIC "${CMAKE_CURRENT_LIST_DIR}/stb_implementation.c")
target_include_directories(ripple_web_stb SYSTEM PUBLIC "${RIPPLE_WEB_INCLUDE}")
add_library(PkgConfig::STB INTERFACE IMPORTED)
target_link_libraries(PkgConfig::STB INTERFACE ripple_web_stb)

find_package(Threads REQUIRED)
