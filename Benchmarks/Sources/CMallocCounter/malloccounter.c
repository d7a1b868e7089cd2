// Interposes the allocation functions of glibc: an executable's definitions take precedence over
// libc's for every shared library, including the Swift runtime. Each forwards to glibc's
// __libc_* implementation and counts one allocation.
#define _GNU_SOURCE
#include "malloccounter.h"
#include <stddef.h>
#include <errno.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
extern void __libc_free(void *);

static unsigned long counter;

unsigned long malloccounter_count(void) { return __atomic_load_n(&counter, __ATOMIC_RELAXED); }

static inline void bump(void) { __atomic_fetch_add(&counter, 1, __ATOMIC_RELAXED); }

void *malloc(size_t size) { bump(); return __libc_malloc(size); }
void *calloc(size_t n, size_t size) { bump(); return __libc_calloc(n, size); }
void *realloc(void *p, size_t size) { bump(); return __libc_realloc(p, size); }
void free(void *p) { __libc_free(p); }
void *memalign(size_t alignment, size_t size) { bump(); return __libc_memalign(alignment, size); }
void *aligned_alloc(size_t alignment, size_t size) { bump(); return __libc_memalign(alignment, size); }
int posix_memalign(void **out, size_t alignment, size_t size) {
    bump();
    void *p = __libc_memalign(alignment, size);
    if (!p) return ENOMEM;
    *out = p;
    return 0;
}
