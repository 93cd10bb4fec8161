//go:build cgo && linux

package main

/*
#include <malloc.h>

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
*/
import "C"
