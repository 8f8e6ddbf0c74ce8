# Generates the GL 3.3 core + EGL 1.5 loader with Debian's python3-glad at
# configure time. --reproducible makes glad use the specifications packaged
# with it instead of downloading them, so this works offline.
find_program(GLAD_EXECUTABLE glad REQUIRED)
set(GLAD_OUT "${CMAKE_BINARY_DIR}/glad")
set(GLAD_ARGS --reproducible --quiet --out-path "${GLAD_OUT}" --api "gl:core=3.3,egl=1.5" c --loader)
if(NOT EXISTS "${GLAD_OUT}/src/gl.c" OR NOT "${GLAD_ARGS}" STREQUAL "${RIPPLE_GLAD_ARGS_DONE}")
  execute_process(COMMAND "${GLAD_EXECUTABLE}" ${GLAD_ARGS}
                  RESULT_VARIABLE glad_result OUTPUT_VARIABLE glad_log ERROR_VARIABLE glad_log)
  if(NOT glad_result EQUAL 0)
    message(FATAL_ERROR "glad failed to generate the GL loader:\n${glad_log}")
  endif()
  set(RIPPLE_GLAD_ARGS_DONE "${GLAD_ARGS}" CACHE INTERNAL "")
endif()

add_library(glad_gl STATIC "${GLAD_OUT}/src/gl.c" "${GLAD_OUT}/src/egl.c")
target_include_directories(glad_gl SYSTEM PUBLIC "${GLAD_OUT}/include")
target_link_libraries(glad_gl PUBLIC ${CMAKE_DL_LIBS})
set_target_properties(glad_gl PROPERTIES POSITION_INDEPENDENT_CODE ON)
