/* fuzz_data.c - libFuzzer target: the sampler's JSON data reader
 * (runtime/data.c) must never crash, leak or write out of bounds on any
 * input (make fuzz-data).
 *
 * The input is the data file itself, so the seed corpus is plain CmdStan
 * JSON.  After rt_data_parse, every variable name found in the text (a
 * quoted string followed by ':', tuple slots as "x.1") and a few fixed
 * names are read the way the emitted samplers read them: rt_data_dims for
 * the shape written, then rt_data_ints, rt_data_reals and
 * rt_data_complexes against that shape and against shapes that differ
 * from it in one place (a dimension more or less, one size +-1, 0 or
 * negative), each into a buffer of exactly the declared size, so that a
 * write past it is an ASan report; then the bound checks on what was
 * read.  The same bytes, NULs included, are also read as a file through
 * rt_data_load (from a memory file: nothing is written to disk). */
#define _GNU_SOURCE              /* memfd_create */
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "pplrt.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_NAMES 12
#define MAX_NAME 80
#define MAX_DIMS 8
/* a declared shape with more scalars than this is not read (the real
 * samplers allocate what the data's sizes say; here the input is small) */
#define MAX_ELEMS (1 << 16)

/* The number of scalars of a declared shape, or -1 if negative or too
 * big (the reader must refuse a negative size before touching out). */
static long shape_count(int ndims, const int *dims)
{
    long n = 1;
    for (int k = 0; k < ndims; k++) {
        if (dims[k] < 0)
            return 0;            /* refused by the reader: no out needed */
        if (dims[k] > 0 && n > MAX_ELEMS / dims[k])
            return -1;
        n *= dims[k];
    }
    return n;
}

static void read_as(const RtData *d, const char *name, int ndims,
                    const int *dims)
{
    long n = shape_count(ndims, dims);
    if (n < 0)
        return;
    RtError err = {.msg = ""};
    /* exact sizes (at least 1 byte, so that malloc(0) is never NULL) */
    int *ints = malloc((size_t)n * sizeof *ints + 1);
    double *reals = malloc((size_t)n * sizeof *reals + 1);
    double *pairs = malloc((size_t)n * 2 * sizeof *pairs + 1);
    if (ints && rt_data_ints(d, name, ndims, dims, ints, &err) == 0) {
        rt_check_lower_int(name, ints, (size_t)n, 0, &err);
        rt_check_upper_int(name, ints, (size_t)n, 1, &err);
    }
    if (reals && rt_data_reals(d, name, ndims, dims, reals, &err) == 0) {
        rt_check_lower(name, reals, (size_t)n, 0.0, &err);
        rt_check_upper(name, reals, (size_t)n, 1.0, &err);
    }
    if (pairs)
        rt_data_complexes(d, name, ndims, dims, pairs, &err);
    free(ints);
    free(reals);
    free(pairs);
}

/* The shape written, then shapes that differ from it in one place. */
static void read_variable(const RtData *d, const char *name)
{
    RtError err = {.msg = ""};
    if (!rt_data_has(d, name))
        return;
    int one;
    rt_data_dims(d, name, 1, &one, &err);
    int dims[MAX_DIMS + 1];
    int nd = rt_data_dims(d, name, MAX_DIMS, dims, &err);
    if (nd < 0)
        return;
    if (nd > MAX_DIMS)
        nd = MAX_DIMS;
    read_as(d, name, nd, dims);
    if (nd > 0) {
        read_as(d, name, nd - 1, dims);          /* a dimension less */
        read_as(d, name, nd - 1, dims + 1);
    }
    if (nd < MAX_DIMS) {
        int more[MAX_DIMS + 1];
        memcpy(more, dims, sizeof more);
        more[nd] = 1;
        read_as(d, name, nd + 1, more);          /* a dimension more */
        more[nd] = 0;
        read_as(d, name, nd + 1, more);
        more[nd] = 2;
        read_as(d, name, nd + 1, more);
    }
    static const int deltas[] = {1, -1};
    for (int k = 0; k < nd; k++) {
        int saved = dims[k];
        for (size_t i = 0; i < sizeof deltas / sizeof deltas[0]; i++) {
            if (deltas[i] > 0 && saved == INT_MAX)
                continue;
            dims[k] = saved + deltas[i];
            read_as(d, name, nd, dims);
        }
        dims[k] = 0;
        read_as(d, name, nd, dims);
        dims[k] = -saved - 1;
        read_as(d, name, nd, dims);
        dims[k] = saved;
    }
    read_as(d, name, -1, dims);
    int deep[40] = {0};
    memcpy(deep, dims, (size_t)nd * sizeof *dims);
    read_as(d, name, 40, deep);            /* more than the reader takes */
}

/* Quoted strings followed by ':' in text, as names (escapes kept raw). */
static int find_names(const char *text, char names[][MAX_NAME], int max)
{
    int n = 0;
    for (const char *p = text; *p && n < max; p++) {
        if (*p != '"')
            continue;
        const char *q = p + 1;
        while (*q && *q != '"')
            q += q[0] == '\\' && q[1] ? 2 : 1;
        if (!*q)
            break;
        const char *after = q + 1;
        while (*after == ' ' || *after == '\n' || *after == '\t'
               || *after == '\r')
            after++;
        size_t len = (size_t)(q - p - 1);
        if (*after == ':' && len < MAX_NAME) {
            memcpy(names[n], p + 1, len);
            names[n][len] = '\0';
            n++;
        }
        p = q;
    }
    return n;
}

/* rt_data_load on the raw bytes, through a memory file. */
static void load_as_file(const uint8_t *data, size_t size)
{
    int fd = memfd_create("fuzz_data", 0);
    if (fd < 0)
        return;
    if (write(fd, data, size) == (ssize_t)size) {
        char path[64];
        snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
        RtError err = {.msg = ""};
        RtData *d = rt_data_load(path, &err);
        if (d) {
            read_variable(d, "N");
            read_variable(d, "y");
        }
        rt_data_free(d);
    }
    close(fd);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    load_as_file(data, size);
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    RtError err = {.msg = ""};
    RtData *d = rt_data_parse(text, &err);
    if (d) {
        static const char *const fixed[] = {"N", "y", "x", "x.1", "x.2.1",
                                            "", "."};
        for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
            read_variable(d, fixed[i]);
        char names[MAX_NAMES][MAX_NAME];
        int n = find_names(text, names, MAX_NAMES);
        for (int i = 0; i < n; i++) {
            read_variable(d, names[i]);
            char slot[MAX_NAME + 8];
            memcpy(slot, names[i], strlen(names[i]));
            strcpy(slot + strlen(names[i]), ".1");
            read_variable(d, slot);
        }
        rt_data_free(d);
    }
    free(text);
    return 0;
}
