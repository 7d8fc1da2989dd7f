/* rt_support.h - what emitted code needs besides the math: scratch memory
 * reset per call, the value stack of the compile-time reverse sweep, and
 * print/reject.  Included by pplrt.h. */
#ifndef RT_SUPPORT_H
#define RT_SUPPORT_H

#include <stdbool.h>
#include <setjmp.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

typedef struct RtError RtError;

/* Whether two sizes differ: emitted code compares sizes through it, since
 * two sizes may be the same expression (cc -Wall warns of x != x). */
static inline int rt_ne(long a, long b)
{
    return a != b;
}

/* Scratch memory: bump allocation, released all at once by
 * rt_scratch_reset (the emitted code resets it on entry to each call).
 * The common cases are inline: emitted code calls these many times per
 * gradient, and a call costs more than a small model's arithmetic. */
typedef struct RtScratchBlock RtScratchBlock;
struct RtScratchBlock {
    RtScratchBlock *next;
    size_t used, size;      /* in doubles */
    double data[];
};
typedef struct RtScratch {
    RtScratchBlock *head;
    /* Where an allocation that fails jumps (set by the emitted entry points
     * for the extent of one call), or NULL: it returns NULL.  What failed
     * is kept here for rt_scratch_oom, not in the jumping frame. */
    jmp_buf *on_fail;
    size_t failed_bytes;     /* the request that failed (0: none) */
    const char *failed_var;  /* its variable, or NULL */
    const char *what;        /* the variable being allocated, or NULL */
} RtScratch;

/* A new block for n doubles (zeroed); when memory runs out (or n doubles
 * do not fit in size_t), records the request and jumps to s->on_fail, or
 * returns NULL when there is none. */
double *rt_scratch_grow(RtScratch *s, size_t n);
/* After a jump to s->on_fail: the message "out of memory: cannot allocate
 * N bytes for VAR" into err and -1, with s->on_fail cleared; 0 (and
 * s->on_fail cleared) when s recorded no failure. */
int rt_scratch_oom(RtScratch *s, RtError *err);
/* Free every block but the newest (the largest). */
void rt_scratch_trim(RtScratch *s);

/* n doubles (ints) of zeroed scratch memory; NULL only when memory runs
 * out (the caller then reports an error). */
static inline double *rt_scratch_doubles(RtScratch *s, size_t n)
{
    RtScratchBlock *b = s->head;
    size_t k = n ? n : 1;
    if (!b || b->size - b->used < k)
        return rt_scratch_grow(s, n);
    double *p = b->data + b->used;
    b->used += k;
    memset(p, 0, n * sizeof(double));
    return p;
}

static inline int *rt_scratch_ints(RtScratch *s, size_t n)
{
    /* doubles for n ints, rounded up, without overflow for any n */
    size_t per = sizeof(double) / sizeof(int);
    return (int *)rt_scratch_doubles(s, n / per + (n % per != 0));
}

/* The same for a declared variable var: a failure names it. */
static inline double *rt_scratch_var_doubles(RtScratch *s, size_t n,
                                             const char *var)
{
    s->what = var;
    double *p = rt_scratch_doubles(s, n);
    s->what = NULL;
    return p;
}

static inline int *rt_scratch_var_ints(RtScratch *s, size_t n,
                                       const char *var)
{
    s->what = var;
    int *p = rt_scratch_ints(s, n);
    s->what = NULL;
    return p;
}

/* Keep the largest block, forget the rest's contents. */
static inline void rt_scratch_reset(RtScratch *s)
{
    if (!s->head)
        return;
    if (s->head->next)
        rt_scratch_trim(s);
    s->head->used = 0;
}
void rt_scratch_free(RtScratch *s);

/* The value stack of the reverse sweep: what the forward sweep overwrites
 * or decides, popped in reverse order. */
typedef struct RtStack {
    double *d;
    size_t nd, capd;
    int *i;
    size_t ni, capi;
    int failed;      /* an allocation failed: the gradient is void */
} RtStack;

/* Room for n more doubles (ints); 0, or -1 with failed set. */
int rt_stack_reserve_doubles(RtStack *s, size_t n);
int rt_stack_reserve_ints(RtStack *s, size_t n);

static inline void rt_stack_push_double(RtStack *s, double v)
{
    if (s->nd == s->capd && rt_stack_reserve_doubles(s, 1))
        return;
    s->d[s->nd++] = v;
}

static inline void rt_stack_push_doubles(RtStack *s, const double *v,
                                         size_t n)
{
    if (s->capd - s->nd < n && rt_stack_reserve_doubles(s, n))
        return;
    memcpy(s->d + s->nd, v, n * sizeof(double));
    s->nd += n;
}

static inline double rt_stack_pop_double(RtStack *s)
{
    return s->nd ? s->d[--s->nd] : 0.0;
}

static inline void rt_stack_pop_doubles(RtStack *s, double *v, size_t n)
{
    if (n > s->nd)
        n = s->nd;
    s->nd -= n;
    memcpy(v, s->d + s->nd, n * sizeof(double));
}

static inline void rt_stack_push_int(RtStack *s, int v)
{
    if (s->ni == s->capi && rt_stack_reserve_ints(s, 1))
        return;
    s->i[s->ni++] = v;
}

static inline int rt_stack_pop_int(RtStack *s)
{
    return s->ni ? s->i[--s->ni] : 0;
}

static inline void rt_stack_clear(RtStack *s)
{
    s->nd = 0;
    s->ni = 0;
    s->failed = 0;
}
void rt_stack_free(RtStack *s);

/* print(...) and reject(...): the arguments as Stan prints them -- strings
 * as written, reals with up to 6 significant digits, containers as
 * [a,b,c], nested a level per dimension -- appended to a message that grows as needed (start from
 * RtMsg m = {0}).  rt_msg_print and rt_msg_reject release it; a message
 * that memory could not hold whole ends with a visible mark. */
typedef struct RtMsg {
    char *text;     /* NULL while empty */
    size_t len, cap;
    bool oom;       /* an append failed: the text is cut there */
} RtMsg;

void rt_msg_str(RtMsg *m, const char *s);
void rt_msg_int(RtMsg *m, int v);
void rt_msg_real(RtMsg *m, double v);
void rt_msg_reals(RtMsg *m, const double *v, int n);
void rt_msg_ints(RtMsg *m, const int *v, int n);
/* Complex values as Stan prints them, (re,im); a container of n of them
 * (2n interleaved doubles) as [(re,im),(re,im)]. */
void rt_msg_complex(RtMsg *m, double re, double im);
void rt_msg_complexes(RtMsg *m, const double *v, int n);
/* A container of n elements with nd dimensions dims (array sizes, then
 * a vector's size or a matrix's rows and columns), stored row-major, as
 * Stan Math's stan_print writes it: a level of brackets per dimension, a
 * matrix row by row ([[1,2],[3,4]]), an array of vectors
 * [[1,2],[3,4]].  Dimensions whose product is not n (or negative ones)
 * are not trusted: the elements are then written flat, [a,b,c]. */
void rt_msg_reals_dims(RtMsg *m, const double *v, int n, const int *dims,
                       int nd);
void rt_msg_ints_dims(RtMsg *m, const int *v, int n, const int *dims,
                      int nd);
/* The same for complex elements (2n interleaved doubles). */
void rt_msg_complexes_dims(RtMsg *m, const double *v, int n,
                           const int *dims, int nd);
/* The text so far ("" when empty). */
const char *rt_msg_text(const RtMsg *m);
/* Release the text; m is then empty. */
void rt_msg_free(RtMsg *m);
/* print: the message and a newline to stdout; releases it. */
void rt_msg_print(RtMsg *m);
/* reject: the message into err (cut visibly at RtError's size); releases
 * it; returns -1. */
int rt_msg_reject(RtMsg *m, RtError *err);

/* Outputs in Stan's order: a variable with dimensions dims[0..ndims-1]
 * (array sizes, then vector/matrix sizes) stored row-major is written
 * column-major (the first index varies fastest), as CmdStan writes it;
 * rt_output_names makes the matching names "theta.1", "Sigma.2.1" in
 * scratch memory and returns how many it made. */
void rt_write_colmajor(double *out, const double *x, const int *dims,
                       int ndims);
void rt_write_colmajor_int(double *out, const int *x, const int *dims,
                           int ndims);
void rt_read_colmajor(double *x, const double *in, const int *dims,
                      int ndims);
int rt_output_names(RtScratch *mem, const char *base, const int *dims,
                    int ndims, const char **names);
/* The same for complex values, stored as interleaved (re, im) doubles:
 * two outputs per element, its real part then its imaginary part, named
 * as CmdStan names them ("z.real", "z.imag", "Z.2.1.real", ...); the
 * names function returns how many names it made (2 per element). */
void rt_write_colmajor_complex(double *out, const double *x, const int *dims,
                               int ndims);
int rt_output_names_complex(RtScratch *mem, const char *base,
                            const int *dims, int ndims, const char **names);
/* The name of a slot of element idx[0..k-1] (1-based) of an array of
 * tuples, the base that rt_output_names extends: "x.2" and ":1" give
 * "x.2:1" (CmdStan Guide, "Stan CSV File Format": tuple slots are
 * delimited by colons); in scratch memory. */
const char *rt_tuple_name(RtScratch *mem, const char *base, const int *idx,
                          int k, const char *slots);

#endif
