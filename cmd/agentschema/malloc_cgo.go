//go:build cgo && linux

package main

/*
#define _GNU_SOURCE
#include <malloc.h>
#include <pthread.h>

// oneMallocArena keeps glibc's malloc to one arena. The C code linked
// with cgo (thread starts, the system resolver) mallocs from threads Go
// starts, and glibc reserves 64 MiB of address space for each such
// thread's arena: under an address-space limit (ulimit -v) those
// reservations, not the data, ran the command out of memory. It runs as
// the program is loaded, before the Go runtime starts any thread.
__attribute__((constructor)) static void oneMallocArena(void) {
#if defined(__GLIBC__) && defined(M_ARENA_MAX)
	mallopt(M_ARENA_MAX, 1);
#endif
}

// smallThreadStacks makes the threads started through cgo (all of Go's
// threads, when cgo is linked in) reserve 1 MiB of stack, not glibc's
// default of RLIMIT_STACK (8 MiB): Go code runs on goroutine stacks, and
// the C code called on these threads (the system resolver) needs far less.
// Under an address-space limit, that is 7 MiB more for data per thread.
__attribute__((constructor)) static void smallThreadStacks(void) {
#if defined(__GLIBC__)
	pthread_attr_t attr;
	if (pthread_getattr_default_np(&attr) == 0) {
		pthread_attr_setstacksize(&attr, 1 << 20);
		pthread_setattr_default_np(&attr);
		pthread_attr_destroy(&attr);
	}
#endif
}
*/
import "C"
