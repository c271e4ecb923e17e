#ifndef HEAP_USAGE_H
#define HEAP_USAGE_H

#include <stddef.h>

/// The bytes the process's allocator has handed out and not taken back, including each
/// allocation's own overhead. On Linux it counts the main arena only (glibc's `mallinfo2`): measure
/// on the main thread.
size_t heap_bytes_in_use(void);

#endif
