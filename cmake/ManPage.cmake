# ripple.1, made at build time by help2man from the built program's own
# --help and --version: the options' table (src/app/options.cpp, over the
# parameters' table) is its one source, so the page cannot go stale.
# ripple.h2m adds what --help does not say: exit codes, files, where the
# documents are. Installed gzipped, as Debian's policy asks.
find_program(HELP2MAN help2man)
if(NOT HELP2MAN)
  message(WARNING "help2man was not found (Debian's help2man): no man page for ripple")
  return()
endif()
set(RIPPLE_MAN_PAGE "${PROJECT_BINARY_DIR}/ripple.1")
add_custom_command(
  OUTPUT "${RIPPLE_MAN_PAGE}.gz"
  # A fresh, empty config folder: --help then never meets a user's settings.
  # A sanitized build's leak check has nothing to say about --help.
  COMMAND "${CMAKE_COMMAND}" -E env "XDG_CONFIG_HOME=${PROJECT_BINARY_DIR}/man-page-config" ASAN_OPTIONS=detect_leaks=0
          "${HELP2MAN}" --no-info --section=1 --include=${CMAKE_CURRENT_LIST_DIR}/ripple.h2m
          --output=${RIPPLE_MAN_PAGE} $<TARGET_FILE:ripple>
  COMMAND gzip -9nf "${RIPPLE_MAN_PAGE}"
  DEPENDS ripple "${CMAKE_CURRENT_LIST_DIR}/ripple.h2m"
  COMMENT "Making the man page ripple.1 from ripple --help"
  VERBATIM)
add_custom_target(ripple_man_page ALL DEPENDS "${RIPPLE_MAN_PAGE}.gz")
if(RIPPLE_INSTALL)
  install(FILES "${RIPPLE_MAN_PAGE}.gz" DESTINATION ${CMAKE_INSTALL_MANDIR}/man1 COMPONENT program)
endif()
