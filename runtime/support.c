/* support.c - scratch memory, the reverse sweep's value stack, and the
 * messages of print and reject; see rt_support.h. */
#include <stdlib.h>
#include <string.h>

#include "pplrt.h"

struct RtScratchBlock {
    RtScratchBlock *next;
    size_t used, size;
    double data[];
};

static void *scratch_alloc(RtScratch *s, size_t bytes)
{
    size_t n = (bytes + sizeof(double) - 1) / sizeof(double);
    RtScratchBlock *b = s->head;
    if (!b || b->size - b->used < n) {
        size_t size = n > 8192 ? n : 8192;
        if (b && b->size * 2 > size && b->size * 2 >= n)
            size = b->size * 2;
        b = malloc(sizeof(RtScratchBlock) + size * sizeof(double));
        if (!b)
            return NULL;
        b->size = size;
        b->used = 0;
        b->next = s->head;
        s->head = b;
    }
    double *p = b->data + b->used;
    b->used += n ? n : 1;
    memset(p, 0, n * sizeof(double));
    return p;
}

double *rt_scratch_doubles(RtScratch *s, size_t n)
{
    return scratch_alloc(s, n * sizeof(double));
}

int *rt_scratch_ints(RtScratch *s, size_t n)
{
    return scratch_alloc(s, n * sizeof(int));
}

void rt_scratch_reset(RtScratch *s)
{
    /* keep the newest (largest) block for the next call */
    RtScratchBlock *keep = s->head;
    if (!keep)
        return;
    RtScratchBlock *b = keep->next;
    while (b) {
        RtScratchBlock *next = b->next;
        free(b);
        b = next;
    }
    keep->next = NULL;
    keep->used = 0;
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

static int grow(void **p, size_t *cap, size_t need, size_t elem)
{
    if (need <= *cap)
        return 0;
    size_t cap2 = *cap ? *cap * 2 : 1024;
    while (cap2 < need)
        cap2 *= 2;
    void *q = realloc(*p, cap2 * elem);
    if (!q)
        return -1;
    *p = q;
    *cap = cap2;
    return 0;
}

void rt_stack_push_double(RtStack *s, double v)
{
    if (grow((void **)&s->d, &s->capd, s->nd + 1, sizeof(double))) {
        s->failed = 1;
        return;
    }
    s->d[s->nd++] = v;
}

void rt_stack_push_doubles(RtStack *s, const double *v, size_t n)
{
    if (grow((void **)&s->d, &s->capd, s->nd + n, sizeof(double))) {
        s->failed = 1;
        return;
    }
    memcpy(s->d + s->nd, v, n * sizeof(double));
    s->nd += n;
}

double rt_stack_pop_double(RtStack *s)
{
    return s->nd ? s->d[--s->nd] : 0.0;
}

void rt_stack_pop_doubles(RtStack *s, double *v, size_t n)
{
    if (n > s->nd)
        n = s->nd;
    s->nd -= n;
    memcpy(v, s->d + s->nd, n * sizeof(double));
}

void rt_stack_push_int(RtStack *s, int v)
{
    if (grow((void **)&s->i, &s->capi, s->ni + 1, sizeof(int))) {
        s->failed = 1;
        return;
    }
    s->i[s->ni++] = v;
}

int rt_stack_pop_int(RtStack *s)
{
    return s->ni ? s->i[--s->ni] : 0;
}

void rt_stack_clear(RtStack *s)
{
    s->nd = 0;
    s->ni = 0;
    s->failed = 0;
}

void rt_stack_free(RtStack *s)
{
    free(s->d);
    free(s->i);
    memset(s, 0, sizeof *s);
}

static void msg_append(RtMsg *m, const char *s)
{
    size_t n = strlen(s);
    if (m->len + n >= sizeof m->text)
        n = sizeof m->text - 1 - m->len;
    memcpy(m->text + m->len, s, n);
    m->len += n;
    m->text[m->len] = '\0';
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

void rt_msg_print(const RtMsg *m)
{
    printf("%s\n", m->text);
}

int rt_msg_reject(const RtMsg *m, RtError *err)
{
    return rt_error(err, "%s", m->text);
}
