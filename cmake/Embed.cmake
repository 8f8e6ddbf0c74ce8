# ripple_embed(<target> FILES <paths relative to the source dir>...)
# Compiles the named files into a static library, so the binary runs from any
# folder. Look them up by path with ripple::embedded::find() (embedded_files.hpp).
# The .cpp is regenerated at build time whenever one of the files changes.
set(RIPPLE_EMBED_SCRIPT "${CMAKE_CURRENT_LIST_DIR}/EmbedFiles.cmake")

function(ripple_embed target)
  cmake_parse_arguments(ARG "" "" "FILES" ${ARGN})
  set(output "${PROJECT_BINARY_DIR}/embedded/${target}.cpp")
  set(inputs "")
  foreach(file IN LISTS ARG_FILES)
    list(APPEND inputs "${PROJECT_SOURCE_DIR}/${file}")
  endforeach()
  string(REPLACE ";" "|" files_arg "${ARG_FILES}")
  add_custom_command(
    OUTPUT "${output}"
    COMMAND "${CMAKE_COMMAND}" "-DSOURCE_DIR=${PROJECT_SOURCE_DIR}" "-DFILES=${files_arg}"
            "-DOUTPUT=${output}" -P "${RIPPLE_EMBED_SCRIPT}"
    DEPENDS ${inputs} "${RIPPLE_EMBED_SCRIPT}"
    COMMENT "Embedding ${ARG_FILES}"
    VERBATIM)
  add_library(${target} STATIC "${output}")
  target_include_directories(${target} PUBLIC "${PROJECT_SOURCE_DIR}/src/lib")
endfunction()
