/* Helpers shared by the C tests. */
#ifndef ORDO_FFI_TESTS_SUPPORT_H
#define ORDO_FFI_TESTS_SUPPORT_H

#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

/* The stack the small-stack tests give the routine: 32 KiB. */
#define ORDO_TEST_SMALL_STACK (32u * 1024u)

/* Runs fn(arg) on a new thread whose stack is `stack_bytes` bytes and waits
 * for it. Returns 0 when the thread ran, non-zero if it could not be made. */
static inline int run_on_stack(size_t stack_bytes, void *(*fn)(void *), void *arg) {
    pthread_attr_t attr;
    pthread_t thread;
    if (pthread_attr_init(&attr) != 0) return 1;
    if (pthread_attr_setstacksize(&attr, stack_bytes) != 0) return 2;
    if (pthread_create(&thread, &attr, fn, arg) != 0) return 3;
    pthread_attr_destroy(&attr);
    return pthread_join(thread, NULL) != 0 ? 4 : 0;
}

#endif
