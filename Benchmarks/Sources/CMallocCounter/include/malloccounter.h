#ifndef MALLOCCOUNTER_H
#define MALLOCCOUNTER_H
/// How many allocations (malloc, calloc, realloc, posix_memalign, aligned_alloc, memalign) this
/// process made so far.
unsigned long malloccounter_count(void);
#endif
