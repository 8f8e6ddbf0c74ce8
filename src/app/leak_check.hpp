#pragma once
// Sanitizer builds: LeakSanitizer's check runs here, just before a GL context
// and its driver are torn down, instead of at exit. Mesa frees its driver's
// state incompletely on teardown and then unloads the driver, leaving leaks
// that cannot be attributed, let alone suppressed by name; checked here, every
// allocation of ours must already be freed or still reachable, and the
// driver's is still reachable from the loaded driver. After this check, no
// check runs at exit.
#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/lsan_interface.h>
#endif

namespace ripple::gl {

inline void checkLeaksBeforeDriverTeardown() {
#if defined(__SANITIZE_ADDRESS__)
  __lsan_do_leak_check();
#endif
}

}  // namespace ripple::gl
