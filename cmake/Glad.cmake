# Generates the GL 3.3 core + EGL 1.5 loader with Debian's python3-glad at
# configure time. --reproducible makes glad use the specifications packaged
# with it instead of downloading them, so this works offline.
find_program(GLAD_EXECUTABLE glad REQUIRED)
set(GLAD_OUT "${PROJECT_BINARY_DIR}/glad")
set(GLAD_ARGS --reproducible --quiet --out-path "${GLAD_OUT}" --api "gl:core=3.3,egl=1.5" c --loader)
if(NOT EXISTS "${GLAD_OUT}/src/gl.c" OR NOT "${GLAD_ARGS}" STREQUAL "${RIPPLE_GLAD_ARGS_DONE}")
  execute_process(COMMAND "${GLAD_EXECUTABLE}" ${GLAD_ARGS}
                  RESULT_VARIABLE glad_result OUTPUT_VARIABLE glad_log ERROR_VARIABLE glad_log)
  if(NOT glad_result EQUAL 0)
    message(FATAL_ERROR "glad failed to generate the GL loader:\n${glad_log}")
  endif()
  set(RIPPLE_GLAD_ARGS_DONE "${GLAD_ARGS}" CACHE INTERNAL "")
endif()

add_library(ripple_glad STATIC "${GLAD_OUT}/src/gl.c" "${GLAD_OUT}/src/egl.c")
target_include_directories(ripple_glad SYSTEM PUBLIC "${GLAD_OUT}/include")
target_link_libraries(ripple_glad PUBLIC ${CMAKE_DL_LIBS})
set_target_properties(ripple_glad PROPERTIES POSITION_INDEPENDENT_CODE ON)

# ripple_rename_glad_symbols(<static library target>)
# A host that has a glad of its own (most GL programs) links a static
# libripple only if ripple's copy does not define the same symbols
# (glad_glClear, gladLoadGL...). The shared library hides them; in the
# archive they are renamed ripple_glad_glClear..., in glad's objects and in
# every object that calls them, after each build of the archive
# (RenameGladSymbols.cmake). Renamed rather than made local: local symbols
# would need the whole archive partially linked (ld -r) into one object
# first, and localizing its hidden C++ symbols breaks their COMDAT groups;
# renaming works member by member, and the names are read from glad's own
# objects, so a newer glad is covered too. (glad 2 has no option for a
# prefix of its own.)
function(ripple_rename_glad_symbols target)
  add_custom_command(TARGET ${target} POST_BUILD
    COMMAND "${CMAKE_COMMAND}" "-DNM=${CMAKE_NM}" "-DOBJCOPY=${CMAKE_OBJCOPY}" "-DRANLIB=${CMAKE_RANLIB}"
            "-DARCHIVE=$<TARGET_FILE:${target}>" "-DGLAD_OBJECTS=$<JOIN:$<TARGET_OBJECTS:ripple_glad>,|>"
            -P "${CMAKE_CURRENT_FUNCTION_LIST_DIR}/RenameGladSymbols.cmake"
    COMMENT "Renaming glad's symbols in ${target}"
    VERBATIM)
endfunction()
