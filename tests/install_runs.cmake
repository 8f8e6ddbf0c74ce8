# Installs the build into a scratch prefix and runs the installed program
# from a folder far from the source and build trees: what `cmake --install`
# puts there must be the whole program.
#   cmake -DSOURCE_DIR=... -DBUILD_DIR=... -DSCRATCH=... -P install_runs.cmake
file(REMOVE_RECURSE "${SCRATCH}")
file(MAKE_DIRECTORY "${SCRATCH}/elsewhere")
set(prefix "${SCRATCH}/prefix")

execute_process(COMMAND "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${prefix}"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "cmake --install failed (${rc}): ${err}")
endif()

# The README's links into docs/ must resolve where it is installed.
file(READ "${SOURCE_DIR}/README.md" readme)
string(REGEX MATCHALL "\\]\\(docs/[^)#]+" links "${readme}")
# (the "](" goes at once: a bracket confuses CMake's lists)
string(REPLACE "](" "share/doc/ripple/" links "${links}")
list(REMOVE_DUPLICATES links)
list(LENGTH links linkCount)
if(linkCount LESS 10)
  message(FATAL_ERROR "found only ${linkCount} links into docs/ in the README")
endif()
foreach(f bin/ripple share/doc/ripple/README.md ${links})
  if(NOT EXISTS "${prefix}/${f}")
    message(FATAL_ERROR "not installed: ${f}\n${out}")
  endif()
endforeach()

# A preset, its picture and shaders all built in: the installed binary runs
# headless where nothing of the project lies around it, with the installed
# library, which a prefix off the loader's path makes known as a user would.
file(GLOB_RECURSE libraries "${prefix}/lib*/libripple.so*")
set(run "${prefix}/bin/ripple")
if(libraries)
  list(GET libraries 0 library)
  get_filename_component(libraryDir "${library}" DIRECTORY)
  set(run "${CMAKE_COMMAND}" -E env "LD_LIBRARY_PATH=${libraryDir}" "${prefix}/bin/ripple")
endif()
execute_process(COMMAND ${run} --headless --preset double-slit --size 160x120 --steps 20
                        --save-frame frame.png
                WORKING_DIRECTORY "${SCRATCH}/elsewhere"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the installed ripple failed (${rc}): ${err}")
endif()
if(NOT EXISTS "${SCRATCH}/elsewhere/frame.png")
  message(FATAL_ERROR "the installed ripple wrote no frame: ${out}")
endif()
execute_process(COMMAND ${run} --version OUTPUT_VARIABLE version RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT version MATCHES "^ripple [0-9]+\\.[0-9]+\\.[0-9]+")
  message(FATAL_ERROR "the installed ripple --version said '${version}' (${rc})")
endif()
message(STATUS "installed into ${prefix} and ran: ${version}")
