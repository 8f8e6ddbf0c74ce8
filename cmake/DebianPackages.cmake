# `cpack -G DEB` in the build folder makes Debian's three packages, one a
# component of the install rules:
#   libripple0.3   (library)      the shared library, in /usr/lib/<triplet>
#   libripple-dev  (development)  headers, CMake package, ripple.pc, the .so link
#   ripple         (program)      the program, its documents, its man page
# Each has a copyright file in Debian's machine-readable format and a
# changelog.gz made from CHANGELOG.md; their binaries are stripped, the
# library's package has a shlibs file, and dpkg-shlibdeps finds what they need.
set(RIPPLE_DEB_LIBRARY "libripple${PROJECT_VERSION_MAJOR}.${PROJECT_VERSION_MINOR}")  # its SONAME's name
set(RIPPLE_DEB_MAINTAINER "ripple contributors <maintainers@users.noreply.a-seed-a9447b33.example>")

# What goes into every package's /usr/share/doc/<package>/, only in the
# packages (EXCLUDE_FROM_ALL): `cmake --install` puts LICENSE and
# CHANGELOG.md there instead.
set(RIPPLE_DEB_DIR "${PROJECT_BINARY_DIR}/debian")
file(READ "${PROJECT_SOURCE_DIR}/LICENSE" license)
string(REGEX MATCH "Copyright \\(c\\) ([^\n]+)" _ "${license}")
set(copyright_holders "${CMAKE_MATCH_1}")
string(REGEX REPLACE "^.*Copyright \\(c\\) [^\n]+\n\n" "" license "${license}")  # the terms alone
string(STRIP "${license}" license)
string(REPLACE "\n" "\n " license " ${license}")  # a continuation line each,
string(REPLACE "\n \n" "\n .\n" license "${license}")  # an empty one a " ."
file(WRITE "${RIPPLE_DEB_DIR}/copyright"
"Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: ripple
Upstream-Contact: ${RIPPLE_DEB_MAINTAINER}
Comment: The GL loader in the binaries is generated at build time by glad
 (Debian's python3-glad), whose generated code is (WTFPL OR CC0-1.0) AND
 Apache-2.0.

Files: *
Copyright: ${copyright_holders}
License: Expat
${license}
")
add_custom_command(
  OUTPUT "${RIPPLE_DEB_DIR}/changelog.gz"
  COMMAND "${CMAKE_COMMAND}" "-DINPUT=${PROJECT_SOURCE_DIR}/CHANGELOG.md" "-DOUTPUT=${RIPPLE_DEB_DIR}/changelog"
          -DSOURCE=ripple "-DMAINTAINER=${RIPPLE_DEB_MAINTAINER}" -P "${CMAKE_CURRENT_LIST_DIR}/DebianChangelog.cmake"
  COMMAND gzip -9nf "${RIPPLE_DEB_DIR}/changelog"
  DEPENDS "${PROJECT_SOURCE_DIR}/CHANGELOG.md" "${CMAKE_CURRENT_LIST_DIR}/DebianChangelog.cmake"
  COMMENT "Making the Debian changelog from CHANGELOG.md"
  VERBATIM)
add_custom_target(ripple_debian_changelog ALL DEPENDS "${RIPPLE_DEB_DIR}/changelog.gz")
foreach(component_package IN ITEMS "library;${RIPPLE_DEB_LIBRARY}" "development;libripple-dev" "program;ripple")
  list(GET component_package 0 component)
  list(GET component_package 1 package)
  if(component STREQUAL "program" AND NOT RIPPLE_PROGRAM)
    continue()
  endif()
  install(FILES "${RIPPLE_DEB_DIR}/copyright" "${RIPPLE_DEB_DIR}/changelog.gz"
          DESTINATION ${CMAKE_INSTALL_DATAROOTDIR}/doc/${package} COMPONENT ${component} EXCLUDE_FROM_ALL)
endforeach()

set(CPACK_GENERATOR DEB)
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_PACKAGE_NAME ripple)
set(CPACK_PACKAGE_VENDOR "ripple contributors")
set(CPACK_PACKAGE_CONTACT "${RIPPLE_DEB_MAINTAINER}")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)  # the packages the binaries link, found by dpkg-shlibdeps

set(CPACK_DEBIAN_LIBRARY_PACKAGE_NAME ${RIPPLE_DEB_LIBRARY})
set(CPACK_DEBIAN_LIBRARY_PACKAGE_SECTION libs)
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS ON)
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS_POLICY ">=")
# ...and those its GL loader opens at run time.
set(CPACK_DEBIAN_LIBRARY_PACKAGE_DEPENDS "libegl1, libgl1")
# ldconfig runs by dpkg's trigger, as Debian does now, not from the postinst
# and postrm that CPack writes for a library in /usr/lib (lintian:
# maintscript-calls-ldconfig). CPack writes none where its control files
# name a postinst and a postrm, even ones that do not exist, as here.
file(WRITE "${RIPPLE_DEB_DIR}/triggers" "activate-noawait ldconfig\n")
set(CPACK_DEBIAN_LIBRARY_PACKAGE_CONTROL_EXTRA
    "${RIPPLE_DEB_DIR}/triggers;${RIPPLE_DEB_DIR}/none/postinst;${RIPPLE_DEB_DIR}/none/postrm")
set(CPACK_COMPONENT_LIBRARY_DESCRIPTION "water-ripple effect on the GPU and the CPU - shared library
libripple puts the classic water-ripple effect in a program's own OpenGL 3.3
context, or runs it on the CPU with no GL at all: stones, rain, walls, slow
water, sources and scenes, and the picture refracted by the water.")

set(CPACK_DEBIAN_DEVELOPMENT_PACKAGE_NAME libripple-dev)
set(CPACK_DEBIAN_DEVELOPMENT_PACKAGE_SECTION libdevel)
set(CPACK_COMPONENT_DEVELOPMENT_DEPENDS library)  # as "libripple0.3 (= the version)"
set(CPACK_DEBIAN_ENABLE_COMPONENT_DEPENDS ON)
set(CPACK_COMPONENT_DEVELOPMENT_DESCRIPTION "water-ripple effect on the GPU and the CPU - development files
The headers of libripple, its CMake package (find_package(ripple), target
ripple::ripple) and its pkg-config file (ripple).")

set(CPACK_DEBIAN_PROGRAM_PACKAGE_NAME ripple)
set(CPACK_DEBIAN_PROGRAM_PACKAGE_SECTION graphics)
set(CPACK_DEBIAN_PROGRAM_PACKAGE_DEPENDS "libegl1, libgl1")
# The program is a client of the shared library in the package beside it,
# as a host is: it depends on that package, and dpkg-shlibdeps finds the
# library in the build for the rest of its dependencies (no RPATH: lintian).
set(CPACK_COMPONENT_PROGRAM_DEPENDS library)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS_PRIVATE_DIRS "${PROJECT_BINARY_DIR}")
set(CPACK_COMPONENT_PROGRAM_DESCRIPTION "classic water-ripple effect on the GPU, in a window or headless
ripple shows a picture under water: a click drops a stone, a drag leaves a
trail, rain falls, and a panel tunes the water while it runs. The water can
also be a wave tank with walls, slits, slow water, open edges and sources.
Headless, it writes frames, heights and MP4 or GIF videos.")

include(CPack)
