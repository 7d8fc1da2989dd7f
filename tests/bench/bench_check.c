/* bench_check.c - how long the frontend takes to check one program.
 *
 *   bench_check [-n REPEATS] FILE.stan...
 *
 * Checks each file REPEATS times in this process with fe_compile (read,
 * lex, parse, typecheck), so the figure is the frontend's own time without
 * the process start-up that dominates a single `pplbench FILE` run.  One
 * untimed check per file comes first, so that one-time set-up (the library
 * signature table, the file in the page cache) is not counted.  Without -n
 * a file is checked until about 20 ms have passed (at least 3, at most 1000
 * times).  Prints per file
 *     bench check FILE us_per_check=X
 * and at the end
 *     bench check total files=N total_ms=X median_us=Y max_us=Z
 * where total_ms is the time to check every file once. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "frontend.h"

enum { MIN_REPEATS = 3, MAX_REPEATS = 1000 };
static const double TARGET_US = 20000.0;

static double now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

/* Check the file once; false if it could not be read. */
static bool check_once(const char *path)
{
    FeOptions opts = {0};
    FeUnit u;
    fe_compile(&u, path, NULL, &opts);
    bool readable = !u.file_missing;
    fe_unit_free(&u);
    return readable;
}

/* Microseconds per check of `path`: `repeats` checks, or as many as fit in
 * TARGET_US when repeats is 0.  Negative if the file cannot be read. */
static double time_file(const char *path, int repeats)
{
    if (!check_once(path))
        return -1;
    int done = 0;
    double start = now_us(), elapsed = 0;
    bool enough = false;
    while (!enough) {
        check_once(path);
        done++;
        elapsed = now_us() - start;
        enough = repeats > 0 ? done >= repeats
            : done >= MAX_REPEATS
              || (done >= MIN_REPEATS && elapsed >= TARGET_US);
    }
    return elapsed / done;
}

static int compare_doubles(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

static int usage(void)
{
    fputs("usage: bench_check [-n REPEATS] FILE.stan...\n", stderr);
    return 2;
}

int main(int argc, char **argv)
{
    int repeats = 0, first = 1;
    if (argc > 2 && strcmp(argv[1], "-n") == 0) {
        char *end;
        long n = strtol(argv[2], &end, 10);
        if (*end || n < 1 || n > 1000000)
            return usage();
        repeats = (int)n;
        first = 3;
    }
    int nfiles = argc - first;
    if (nfiles < 1)
        return usage();
    double *us = malloc(sizeof *us * (size_t)nfiles);
    if (!us)
        return 2;
    double total = 0;
    for (int i = 0; i < nfiles; i++) {
        us[i] = time_file(argv[first + i], repeats);
        if (us[i] < 0) {
            fprintf(stderr, "bench_check: cannot read '%s'\n",
                    argv[first + i]);
            free(us);
            return 2;
        }
        total += us[i];
        printf("bench check %s us_per_check=%.1f\n", argv[first + i], us[i]);
        fflush(stdout);
    }
    qsort(us, (size_t)nfiles, sizeof *us, compare_doubles);
    double median = nfiles % 2 ? us[nfiles / 2]
                               : (us[nfiles / 2 - 1] + us[nfiles / 2]) / 2;
    printf("bench check total files=%d total_ms=%.2f median_us=%.1f "
           "max_us=%.1f\n", nfiles, total / 1000, median, us[nfiles - 1]);
    free(us);
    return 0;
}
