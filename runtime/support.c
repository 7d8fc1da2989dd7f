/* support.c - scratch memory, the reverse sweep's value stack, and the
 * messages of print and reject; see rt_support.h. */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pplrt.h"

/* An allocation of s that cannot be made: recorded, then the jump. */
static double *scratch_failed(RtScratch *s, size_t bytes)
{
    s->failed_bytes = bytes ? bytes : SIZE_MAX;
    s->failed_var = s->what;
    s->what = NULL;
    if (s->on_fail)
        longjmp(*s->on_fail, 1);
    return NULL;
}

double *rt_scratch_grow(RtScratch *s, size_t n)
{
    RtScratchBlock *b = s->head;
    size_t k = n ? n : 1;
    size_t most = (SIZE_MAX - sizeof(RtScratchBlock)) / sizeof(double);
    if (k > most)
        return scratch_failed(s, 0);
    if (!b || b->size - b->used < k) {
        size_t size = k > 8192 ? k : 8192;
        if (b && b->size <= most / 2 && b->size * 2 > size)
            size = b->size * 2;
        b = malloc(sizeof(RtScratchBlock) + size * sizeof(double));
        if (!b && size > k) {
            /* the doubled block does not fit: the request alone may */
            size = k;
            b = malloc(sizeof(RtScratchBlock) + size * sizeof(double));
        }
        if (!b)
            return scratch_failed(s, k * sizeof(double));
        b->size = size;
        b->used = 0;
        b->next = s->head;
        s->head = b;
    }
    double *p = b->data + b->used;
    b->used += k;
    memset(p, 0, n * sizeof(double));
    return p;
}

int rt_scratch_oom(RtScratch *s, RtError *err)
{
    s->on_fail = NULL;
    s->what = NULL;
    size_t bytes = s->failed_bytes;
    if (!bytes)
        return 0;
    const char *var = s->failed_var;
    s->failed_bytes = 0;
    s->failed_var = NULL;
    if (bytes == SIZE_MAX)
        return rt_fatal(err, "out of memory: cannot allocate more than %zu "
                        "bytes%s%s", SIZE_MAX, var ? " for " : "",
                        var ? var : "");
    return rt_fatal(err, "out of memory: cannot allocate %zu bytes%s%s",
                    bytes, var ? " for " : "", var ? var : "");
}

void rt_scratch_trim(RtScratch *s)
{
    RtScratchBlock *b = s->head->next;
    while (b) {
        RtScratchBlock *next = b->next;
        free(b);
        b = next;
    }
    s->head->next = NULL;
}

void rt_scratch_free(RtScratch *s)
{
    RtScratchBlock *b = s->head;
    while (b) {
        RtScratchBlock *next = b->next;
        free(b);
        b = next;
    }
    s->head = NULL;
}

/* Room for need elements of elem bytes in *p (capacity *cap), doubling;
 * -1 when memory runs out or the bytes do not fit in size_t. */
static int grow(void **p, size_t *cap, size_t need, size_t elem)
{
    if (need <= *cap)
        return 0;
    size_t most = SIZE_MAX / elem;
    if (need > most)
        return -1;
    size_t cap2 = *cap ? *cap : 1024;
    while (cap2 < need)
        cap2 = cap2 <= most / 2 ? cap2 * 2 : most;
    void *q = realloc(*p, cap2 * elem);
    if (!q && cap2 > need) {
        cap2 = need;
        q = realloc(*p, cap2 * elem);
    }
    if (!q)
        return -1;
    *p = q;
    *cap = cap2;
    return 0;
}

int rt_stack_reserve_doubles(RtStack *s, size_t n)
{
    if (n > SIZE_MAX - s->nd
        || grow((void **)&s->d, &s->capd, s->nd + n, sizeof(double))) {
        s->failed = 1;
        return -1;
    }
    return 0;
}

int rt_stack_reserve_ints(RtStack *s, size_t n)
{
    if (n > SIZE_MAX - s->ni
        || grow((void **)&s->i, &s->capi, s->ni + n, sizeof(int))) {
        s->failed = 1;
        return -1;
    }
    return 0;
}

void rt_stack_free(RtStack *s)
{
    free(s->d);
    free(s->i);
    memset(s, 0, sizeof *s);
}

/* Append the n bytes at s, growing the text (doubling, so a message of
 * N bytes costs O(N)).  Out of memory, the text keeps what it had and is
 * marked cut when printed. */
static void msg_append_n(RtMsg *m, const char *s, size_t n)
{
    if (m->oom || n == 0)
        return;
    if (n >= m->cap - m->len || !m->text) {
        size_t cap = m->cap ? m->cap : 256;
        while (cap - m->len <= n) {
            if (cap > SIZE_MAX / 2) {
                m->oom = true;
                return;
            }
            cap *= 2;
        }
        char *text = realloc(m->text, cap);
        if (!text) {
            m->oom = true;
            return;
        }
        m->text = text;
        m->cap = cap;
    }
    memcpy(m->text + m->len, s, n);
    m->len += n;
    m->text[m->len] = '\0';
}

static void msg_append(RtMsg *m, const char *s)
{
    msg_append_n(m, s, strlen(s));
}

void rt_msg_str(RtMsg *m, const char *s)
{
    msg_append(m, s);
}

void rt_msg_int(RtMsg *m, int v)
{
    char buf[32];
    snprintf(buf, sizeof buf, "%d", v);
    msg_append(m, buf);
}

void rt_msg_real(RtMsg *m, double v)
{
    char buf[64];
    snprintf(buf, sizeof buf, "%g", v);
    msg_append(m, buf);
}

void rt_msg_reals(RtMsg *m, const double *v, int n)
{
    msg_append(m, "[");
    for (int i = 0; i < n; i++) {
        if (i)
            msg_append(m, ",");
        rt_msg_real(m, v[i]);
    }
    msg_append(m, "]");
}

void rt_msg_ints(RtMsg *m, const int *v, int n)
{
    msg_append(m, "[");
    for (int i = 0; i < n; i++) {
        if (i)
            msg_append(m, ",");
        rt_msg_int(m, v[i]);
    }
    msg_append(m, "]");
}

void rt_msg_complex(RtMsg *m, double re, double im)
{
    msg_append(m, "(");
    rt_msg_real(m, re);
    msg_append(m, ",");
    rt_msg_real(m, im);
    msg_append(m, ")");
}

void rt_msg_complexes(RtMsg *m, const double *v, int n)
{
    msg_append(m, "[");
    for (int i = 0; i < n; i++) {
        if (i)
            msg_append(m, ",");
        rt_msg_complex(m, v[2 * i], v[2 * i + 1]);
    }
    msg_append(m, "]");
}

/* The element kinds of msg_nested. */
enum { MSG_REAL, MSG_INT, MSG_COMPLEX };

static void msg_elem(RtMsg *m, const void *v, int kind, long k)
{
    if (kind == MSG_INT)
        rt_msg_int(m, ((const int *)v)[k]);
    else if (kind == MSG_COMPLEX)
        rt_msg_complex(m, ((const double *)v)[2 * k],
                       ((const double *)v)[2 * k + 1]);
    else
        rt_msg_real(m, ((const double *)v)[k]);
}

/* dims[0] elements of the nd - 1 dimensions after it, from element *at
 * on (recursion as deep as the number of dimensions). */
static void msg_nested(RtMsg *m, const void *v, int kind, const int *dims,
                       int nd, long *at)
{
    msg_append(m, "[");
    for (int i = 0; i < dims[0]; i++) {
        if (i)
            msg_append(m, ",");
        if (nd > 1)
            msg_nested(m, v, kind, dims + 1, nd - 1, at);
        else
            msg_elem(m, v, kind, (*at)++);
    }
    msg_append(m, "]");
}

static void msg_dims(RtMsg *m, const void *v, int kind, int n,
                     const int *dims, int nd)
{
    long long count = 1;
    bool ok = nd >= 1 && n >= 0;
    for (int k = 0; ok && k < nd; k++) {
        if (dims[k] < 0)
            ok = false;
        else
            count = count > INT_MAX ? count : count * dims[k];
    }
    if (ok && count == n) {
        long at = 0;
        msg_nested(m, v, kind, dims, nd, &at);
        return;
    }
    msg_append(m, "[");
    for (long k = 0; k < n; k++) {
        if (k)
            msg_append(m, ",");
        msg_elem(m, v, kind, k);
    }
    msg_append(m, "]");
}

void rt_msg_reals_dims(RtMsg *m, const double *v, int n, const int *dims,
                       int nd)
{
    msg_dims(m, v, MSG_REAL, n, dims, nd);
}

void rt_msg_ints_dims(RtMsg *m, const int *v, int n, const int *dims,
                      int nd)
{
    msg_dims(m, v, MSG_INT, n, dims, nd);
}

void rt_msg_complexes_dims(RtMsg *m, const double *v, int n,
                           const int *dims, int nd)
{
    msg_dims(m, v, MSG_COMPLEX, n, dims, nd);
}

const char *rt_msg_text(const RtMsg *m)
{
    return m->text ? m->text : "";
}

void rt_msg_free(RtMsg *m)
{
    free(m->text);
    *m = (RtMsg){0};
}

/* What ends a message that memory could not hold whole. */
#define MSG_CUT " ... [message truncated: out of memory]"

/* The capture of rt_print_capture (pplrt.h): per thread, NULL for
 * stdout. */
static _Thread_local RtMsg *print_capture;

RtMsg *rt_print_capture(RtMsg *into)
{
    RtMsg *was = print_capture;
    print_capture = into;
    return was;
}

/* The depth of rt_print_mute (pplrt.h): per thread, 0 when printing. */
static _Thread_local int print_muted;

int rt_print_mute(int delta)
{
    print_muted += delta;
    return print_muted;
}

void rt_msg_print(RtMsg *m)
{
    if (print_muted > 0) {
        rt_msg_free(m);
        return;
    }
    if (print_capture) {
        rt_msg_str(print_capture, rt_msg_text(m));
        rt_msg_str(print_capture, m->oom ? MSG_CUT "\n" : "\n");
    } else {
        printf("%s%s\n", rt_msg_text(m), m->oom ? MSG_CUT : "");
    }
    rt_msg_free(m);
}

int rt_msg_reject(RtMsg *m, RtError *err)
{
    int rc = rt_error(err, "%s%s", rt_msg_text(m), m->oom ? MSG_CUT : "");
    if (err)
        err->kind = RT_ERROR_REJECT;
    rt_msg_free(m);
    return rc;
}

/* The row-major offset of the column-major position `pos`. */
static size_t colmajor_to_rowmajor(size_t pos, const int *dims, int ndims)
{
    size_t off = 0, stride = 1;
    int idx[16];
    for (int d = 0; d < ndims; d++) {
        idx[d] = (int)(pos % (size_t)dims[d]);
        pos /= (size_t)dims[d];
    }
    for (int d = ndims - 1; d >= 0; d--) {
        off += (size_t)idx[d] * stride;
        stride *= (size_t)dims[d];
    }
    return off;
}

static size_t count_of(const int *dims, int ndims)
{
    size_t n = 1;
    for (int d = 0; d < ndims; d++)
        n *= (size_t)(dims[d] > 0 ? dims[d] : 0);
    return n;
}

void rt_write_colmajor(double *out, const double *x, const int *dims,
                       int ndims)
{
    size_t n = count_of(dims, ndims);
    for (size_t p = 0; p < n; p++)
        out[p] = x[colmajor_to_rowmajor(p, dims, ndims)];
}

void rt_write_colmajor_int(double *out, const int *x, const int *dims,
                           int ndims)
{
    size_t n = count_of(dims, ndims);
    for (size_t p = 0; p < n; p++)
        out[p] = x[colmajor_to_rowmajor(p, dims, ndims)];
}

void rt_read_colmajor(double *x, const double *in, const int *dims,
                      int ndims)
{
    size_t n = count_of(dims, ndims);
    for (size_t p = 0; p < n; p++)
        x[colmajor_to_rowmajor(p, dims, ndims)] = in[p];
}

void rt_write_colmajor_complex(double *out, const double *x, const int *dims,
                               int ndims)
{
    size_t n = count_of(dims, ndims);
    for (size_t p = 0; p < n; p++) {
        size_t q = colmajor_to_rowmajor(p, dims, ndims);
        out[2 * p] = x[2 * q];
        out[2 * p + 1] = x[2 * q + 1];
    }
}

/* The names of output_names: suffixes[0..nsuffix-1] are appended to each
 * element's name in turn (none: the plain names).  A name is as long as
 * it needs to be: base, ".I" per dimension, ".SUFFIX". */
static int output_names(RtScratch *mem, const char *base, const int *dims,
                        int ndims, const char *const *suffixes, int nsuffix,
                        const char **names)
{
    size_t n = count_of(dims, ndims);
    int per = nsuffix > 0 ? nsuffix : 1;
    size_t base_len = strlen(base);
    for (size_t p = 0; p < n; p++) {
        for (int k = 0; k < per; k++) {
            const char *suffix = nsuffix > 0 ? suffixes[k] : NULL;
            /* ".%d" of an int is at most 12 bytes */
            size_t len = base_len + 12 * (size_t)ndims
                + (suffix ? 1 + strlen(suffix) : 0) + 1;
            size_t words = (len + sizeof(double) - 1) / sizeof(double);
            char *s = (char *)rt_scratch_doubles(mem, words);
            if (!s)
                return -1;
            memcpy(s, base, base_len);
            size_t at = base_len, q = p;
            for (int d = 0; d < ndims; d++) {
                at += (size_t)snprintf(s + at, len - at, ".%d",
                                       (int)(q % (size_t)dims[d]) + 1);
                q /= (size_t)dims[d];
            }
            if (suffix)
                snprintf(s + at, len - at, ".%s", suffix);
            else
                s[at] = '\0';
            names[p * (size_t)per + (size_t)k] = s;
        }
    }
    return (int)(n * (size_t)per);
}

int rt_output_names(RtScratch *mem, const char *base, const int *dims,
                    int ndims, const char **names)
{
    return output_names(mem, base, dims, ndims, NULL, 0, names);
}

int rt_output_names_complex(RtScratch *mem, const char *base,
                            const int *dims, int ndims, const char **names)
{
    static const char *const parts[] = {"real", "imag"};
    return output_names(mem, base, dims, ndims, parts, 2, names);
}

const char *rt_tuple_name(RtScratch *mem, const char *base, const int *idx,
                          int k, const char *slots)
{
    /* ".%d" of an int is at most 12 bytes */
    size_t len = strlen(base) + 12 * (size_t)k + strlen(slots) + 1;
    char *s = (char *)rt_scratch_doubles(mem, (len + sizeof(double) - 1)
                                         / sizeof(double));
    if (!s)
        return "";
    size_t at = (size_t)snprintf(s, len, "%s", base);
    for (int d = 0; d < k && at < len; d++)
        at += (size_t)snprintf(s + at, len - at, ".%d", idx[d]);
    if (at < len)
        snprintf(s + at, len - at, "%s", slots);
    return s;
}
