# Script mode (cmake -P): writes OUTPUT, CHANGELOG.md (INPUT) as a Debian
# changelog for the source package SOURCE, a version an entry, signed by
# MAINTAINER; Debian's packages carry it as changelog.gz.
#   -DINPUT=CHANGELOG.md -DOUTPUT=changelog -DSOURCE=ripple -DMAINTAINER="Name <mail>"
file(READ "${INPUT}" text)
set(out "")
set(trailer "")  # the sign-off line of the entry being written
# Line by line, not as a CMake list, which would split lines at ';'.
while(NOT text STREQUAL "")
  string(FIND "${text}" "\n" end)
  if(end EQUAL -1)
    string(LENGTH "${text}" end)
  endif()
  string(SUBSTRING "${text}" 0 ${end} line)
  math(EXPR end "${end} + 1")
  string(SUBSTRING "${text}" ${end} -1 text)
  if(line MATCHES "^## \\[([^]]+)\\] - ([0-9-]+)")
    set(version "${CMAKE_MATCH_1}")
    # Debian's dates are RFC 5322's, with the day of the week.
    execute_process(COMMAND date -u -R -d "${CMAKE_MATCH_2}" OUTPUT_VARIABLE date OUTPUT_STRIP_TRAILING_WHITESPACE
                    COMMAND_ERROR_IS_FATAL ANY)
    string(APPEND out "${trailer}${SOURCE} (${version}) unstable; urgency=medium\n\n")
    set(trailer "\n -- ${MAINTAINER}  ${date}\n\n")
  elseif(trailer STREQUAL "")
    # The title and introduction, before the first version: not an entry.
  elseif(line MATCHES "^### (.*)")
    set(heading "${CMAKE_MATCH_1}")
    if(NOT out MATCHES "\n\n$")  # a blank line between a version's parts
      string(APPEND out "\n")
    endif()
    string(APPEND out "  ${heading}:\n")
  elseif(line MATCHES "^- (.*)")
    string(APPEND out "  * ${CMAKE_MATCH_1}\n")
  elseif(line MATCHES "^  (.*)")  # an item's next line
    string(APPEND out "    ${CMAKE_MATCH_1}\n")
  elseif(NOT line STREQUAL "")
    string(APPEND out "  ${line}\n")
  endif()
endwhile()
if(trailer STREQUAL "")
  message(FATAL_ERROR "${INPUT} has no version (## [X.Y.Z] - YYYY-MM-DD)")
endif()
file(WRITE "${OUTPUT}" "${out}${trailer}")
