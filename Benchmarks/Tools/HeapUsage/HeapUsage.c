#include "HeapUsage.h"

#if defined(__APPLE__)
#include <malloc/malloc.h>

size_t heap_bytes_in_use(void) {
  malloc_statistics_t stats;
  malloc_zone_statistics(NULL, &stats);
  return stats.size_in_use;
}
#elif defined(__linux__)
#include <malloc.h>

size_t heap_bytes_in_use(void) {
  return mallinfo2().uordblks;
}
#else
size_t heap_bytes_in_use(void) { return 0; }
#endif
