#include "CStatecraftRuntime.h"

#include <sched.h>

void statecraft_yield(void) { sched_yield(); }
