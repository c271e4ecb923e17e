// What Swift cannot do itself: read the processor's tick counter and the running task's address,
// and keep a value per thread without a lookup.
#ifndef C_STATECRAFT_RUNTIME_H
#define C_STATECRAFT_RUNTIME_H

#include <stdint.h>

#if defined(__APPLE__)
#include <mach/mach_time.h>
#else
#include <time.h>
#endif

/// The processor's own tick counter, read without a system call or a clock conversion: what the
/// live inspector stamps a store's steps with, converted to time later, off the app's thread.
/// On Apple platforms the continuous mach time; on Linux the TSC (x86-64) or the virtual counter
/// (arm64); elsewhere the monotonic clock in nanoseconds.
///
/// Swift cannot read these counters itself: `rdtsc` and `mrs` are not importable.
static inline uint64_t statecraft_ticks(void) {
#if defined(__APPLE__)
  return mach_continuous_time();
#elif defined(__x86_64__)
  return __builtin_ia32_rdtsc();
#elif defined(__aarch64__)
  uint64_t value;
  __asm__ __volatile__("mrs %0, cntvct_el0" : "=r"(value));
  return value;
#else
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
#endif
}

/// The monotonic clock in nanoseconds (mach ticks on Apple platforms): the ticks where the
/// processor's counter is not steady.
static inline uint64_t statecraft_clock_ticks(void) {
#if defined(__APPLE__)
  return mach_continuous_time();
#else
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
#endif
}

/// Whether `statecraft_ticks` counts at a fixed rate on every processor, so that ticks read on
/// different threads, converted to time with one rate, are in order. Linux says so by keeping the
/// TSC as its clock source; Apple platforms always do.
int statecraft_ticks_are_steady(void);

/// Gives the processor up for a moment: what a step ring's reader does while the owner writes a
/// step (an instant), rather than spin on a core the writer may need.
void statecraft_yield(void);

/// The address of the running task, or NULL outside a task: what `withUnsafeCurrentTask` compares
/// tasks by, without the generic call, the value witnesses of `UnsafeCurrentTask` (whose layout a
/// client does not know) and the hashing that comparing through it costs. Compare it only while
/// that task runs: once a task ends, another may take its address.
const void *statecraft_current_task(void);

/// The observation transaction open on this thread, or NULL: where a store's send collects the
/// fields its reducers change, so that their observers are told once, after the state is back in
/// the store. A thread-local slot, because the values that log into it are shared across threads,
/// and only the thread that opened a transaction may log into it.
///
/// Swift cannot import a thread-local variable, and an inline function reading a static one would
/// give each module that inlines it a slot of its own.
const void *statecraft_observation_transaction(void);

/// Makes `transaction` the one open on this thread (NULL closes it).
void statecraft_set_observation_transaction(const void *transaction);

#endif
