#include "CStatecraftRuntime.h"

// The Swift runtime's entry point behind `withUnsafeCurrentTask` and `UnsafeCurrentTask`, part of
// its stable ABI since Swift 5.5, with its calling convention. It returns the task unretained.
// Declared here, not in the header, so that Swift never imports a runtime name.
__attribute__((swiftcall)) void *swift_task_getCurrent(void);

const void *statecraft_current_task(void) {
  return swift_task_getCurrent();
}
