#include "CStatecraftRuntime.h"

#include <stdio.h>
#include <string.h>

int statecraft_ticks_are_steady(void) {
#if defined(__APPLE__)
  return 1;
#elif defined(__linux__) && defined(__x86_64__)
  // The kernel keeps the TSC as its clock source only if it found it invariant and in step across
  // processors; otherwise (an old or migrating virtual machine) it picked another source.
  FILE *file = fopen("/sys/devices/system/clocksource/clocksource0/current_clocksource", "r");
  if (file == NULL) return 0;
  char source[32] = {0};
  int found = fgets(source, sizeof source, file) != NULL && strncmp(source, "tsc", 3) == 0;
  fclose(file);
  return found;
#elif defined(__linux__) && defined(__aarch64__)
  // The architecture's generic timer: a fixed frequency, the same on every processor.
  return 1;
#else
  return 1;  // the monotonic clock itself
#endif
}
