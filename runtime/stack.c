/* stack.c - the machine stack that a sampler's algorithm runs on, and
 * the recursion guard of emitted user functions (see pplrt.h).
 *
 * Stan functions may recurse, legitimately to a depth of millions, or
 * without end by mistake.  The main thread's stack (8 MiB by default) is
 * too small for the first and turns the second into a SIGSEGV with no
 * message.  So rt_main runs on a thread of its own whose stack is reserved
 * large (RT_STACK_RESERVE) but only touched lazily: the kernel commits a
 * page when recursion first reaches it, so a shallow model costs nothing.
 * Every emitted user function checks on entry that its frame is still
 * above rt_recursion_limit, a margin above the low end of that stack, and
 * otherwise fails with "recursion too deep in function f" as a fatal
 * error, which stops the run like fatal_error.  The margin leaves room for
 * what a function calls below that (the runtime's math, GSL, printing).
 *
 * A check on entry was chosen over a SIGSEGV handler on an alternate
 * stack: it reports through the ordinary error path (the message names the
 * function, output files are closed, nothing is async-signal-unsafe), and
 * its cost is a thread-local load, a compare and a branch that is never
 * taken (measured in the commit that added it on `make bench`).
 *
 * rt_recursion_limit is per-thread state, not file-scope state in the
 * sense of STYLE.md: it describes the calling thread's own stack, is set
 * once before the algorithm starts, and is 0 (no check) on threads the
 * runtime did not set up, such as a unit test's. */
/* MAP_ANONYMOUS, MAP_NORESERVE and MAP_STACK are not in POSIX */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>

#include "pplrt.h"

_Thread_local uintptr_t rt_recursion_limit;

/* The reservations tried, largest first: a memory limit (ulimit -v) or
 * strict overcommit may refuse the larger ones. */
static const size_t stack_sizes[] = {
    (size_t)1 << 30, (size_t)256 << 20, (size_t)64 << 20,
};

/* The room left below the limit for what a checked function calls. */
static size_t stack_margin(size_t size)
{
    size_t m = size / 8;
    return m > ((size_t)16 << 20) ? (size_t)16 << 20 : m;
}

/* The inaccessible pages at the low end of the reserved stack, so that
 * running past everything faults instead of writing below it. */
#define GUARD_BYTES ((size_t)64 << 10)

typedef struct StackCall {
    int (*fn)(void *);
    void *arg;
    uintptr_t limit;
    int rc;
} StackCall;

static void *stack_thread(void *p)
{
    StackCall *c = p;
    rt_recursion_limit = c->limit;
    c->rc = c->fn(c->arg);
    return NULL;
}

/* Run c on a new thread whose stack is the size bytes at base. */
static int run_on(StackCall *c, void *base, size_t size)
{
    pthread_attr_t attr;
    if (pthread_attr_init(&attr) != 0)
        return -1;
    int rc = pthread_attr_setstack(&attr, base, size);
    pthread_t thread;
    if (rc == 0)
        rc = pthread_create(&thread, &attr, stack_thread, c);
    pthread_attr_destroy(&attr);
    if (rc != 0)
        return -1;
    return pthread_join(thread, NULL) == 0 ? 0 : -1;
}

/* The limit for the calling thread when no stack of its own could be
 * had: below this frame by the stack rlimit (8 MiB if unlimited). */
static uintptr_t current_thread_limit(void)
{
    struct rlimit rl;
    size_t size = (size_t)8 << 20;
    if (getrlimit(RLIMIT_STACK, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY
        && rl.rlim_cur < ((rlim_t)1 << 40))
        size = (size_t)rl.rlim_cur;
    uintptr_t here = (uintptr_t)__builtin_frame_address(0);
    size_t keep = stack_margin(size) + ((size_t)256 << 10);
    return size > keep && here > size ? here - size + keep : 0;
}

/* At most a quarter of an address-space limit, so that the heap keeps
 * the rest. */
static size_t address_space_cap(void)
{
    struct rlimit rl;
    if (getrlimit(RLIMIT_AS, &rl) != 0 || rl.rlim_cur == RLIM_INFINITY)
        return SIZE_MAX;
    return (size_t)(rl.rlim_cur / 4);
}

int rt_run_with_stack(int (*fn)(void *), void *arg)
{
    StackCall c = {fn, arg, 0, 1};
    size_t cap = address_space_cap();
    for (size_t i = 0; i < sizeof stack_sizes / sizeof stack_sizes[0]; i++) {
        size_t size = stack_sizes[i];
        if (size > cap)
            continue;
        void *base = mmap(NULL, size, PROT_READ | PROT_WRITE,
                          MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE
                              | MAP_STACK,
                          -1, 0);
        if (base == MAP_FAILED)
            continue;
        mprotect(base, GUARD_BYTES, PROT_NONE);
        c.limit = (uintptr_t)base + GUARD_BYTES + stack_margin(size);
        int rc = run_on(&c, base, size);
        munmap(base, size);
        if (rc == 0)
            return c.rc;
    }
    /* no thread: run here, guarded as far as this stack allows */
    uintptr_t saved = rt_recursion_limit;
    rt_recursion_limit = current_thread_limit();
    c.rc = fn(arg);
    rt_recursion_limit = saved;
    return c.rc;
}

int rt_recursion_error(RtError *err, const char *fn)
{
    return rt_fatal(err, "recursion too deep in function %s", fn);
}
