# Script mode (cmake -P), after each build of a static libripple: renames
# every symbol that glad's objects define, X to ripple_X, in each member of
# ARCHIVE, definitions and calls alike (Glad.cmake says why).
#   -DNM= -DOBJCOPY= -DRANLIB= -DARCHIVE=libripple.a -DGLAD_OBJECTS=gl.c.o|egl.c.o
string(REPLACE "|" ";" objects "${GLAD_OBJECTS}")
execute_process(COMMAND "${NM}" --defined-only --extern-only --portability ${objects}
                OUTPUT_VARIABLE listing COMMAND_ERROR_IS_FATAL ANY)
# nm -P: "NAME TYPE VALUE SIZE", after a "FILE:" line for each object.
string(REGEX MATCHALL "(^|\n)[A-Za-z_][A-Za-z0-9_]* [A-Za-z]" lines "${listing}")
set(renames "")
foreach(line IN LISTS lines)
  string(REGEX REPLACE "^\n?([A-Za-z0-9_]+) .*" "\\1" symbol "${line}")
  string(APPEND renames "${symbol} ripple_${symbol}\n")
endforeach()
if(renames STREQUAL "")
  message(FATAL_ERROR "found no symbols of glad's in ${GLAD_OBJECTS}")
endif()
file(WRITE "${ARCHIVE}.glad-renames" "${renames}")
execute_process(COMMAND "${OBJCOPY}" "--redefine-syms=${ARCHIVE}.glad-renames" "${ARCHIVE}" COMMAND_ERROR_IS_FATAL ANY)
execute_process(COMMAND "${RANLIB}" "${ARCHIVE}" COMMAND_ERROR_IS_FATAL ANY)
