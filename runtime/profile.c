/* profile.c - the table of Stan profile blocks a sampler accumulates and
 * CmdStan's profile CSV (see rt_profile.h for what each column means
 * here).  The table lives in the model's working state; nothing here is
 * file-scope state. */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <pthread.h>
#include <string.h>
#include <time.h>

#include "pplrt.h"

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

void rt_profile_init(RtProfiles *t, RtProfile *rec, const char *const *names,
                     int n)
{
    memset(rec, 0, sizeof *rec * (size_t)n);
    for (int i = 0; i < n; i++)
        rec[i].name = names[i];
    t->rec = rec;
    t->n = n;
    t->gradient = false;
}

void rt_profile_enter(RtProfiles *t, int i, size_t tape_size)
{
    RtProfile *r = &t->rec[i];
    if (r->depth++ > 0)
        return;   /* the outermost activation times it */
    r->tape0 = tape_size;
    r->tape0_set = true;
    r->t0 = now_seconds();
}

/* The outermost activation of r ends at time `end`. */
static void stop_forward(const RtProfiles *t, RtProfile *r, double end,
                         size_t tape_size, bool counted)
{
    r->forward_s += end - r->t0;
    if (t->gradient && r->tape0_set && tape_size >= r->tape0)
        r->chain_stack += (int64_t)(tape_size - r->tape0);
    r->tape0_set = false;
    if (!counted)
        return;
    if (t->gradient)
        r->autodiff_calls++;
    else
        r->no_autodiff_calls++;
}

void rt_profile_leave(RtProfiles *t, int i, size_t tape_size, bool counted)
{
    RtProfile *r = &t->rec[i];
    if (r->depth <= 0 || --r->depth > 0)
        return;
    stop_forward(t, r, now_seconds(), tape_size, counted);
}

void rt_profile_rev_enter(RtProfiles *t, int i)
{
    RtProfile *r = &t->rec[i];
    if (r->rev_depth++ == 0)
        r->rev_t0 = now_seconds();
}

void rt_profile_rev_leave(RtProfiles *t, int i)
{
    RtProfile *r = &t->rec[i];
    if (r->rev_depth <= 0 || --r->rev_depth > 0)
        return;
    r->reverse_s += now_seconds() - r->rev_t0;
}

void rt_profile_unwind(RtProfiles *t)
{
    double end = now_seconds();
    for (int i = 0; i < t->n; i++) {
        RtProfile *r = &t->rec[i];
        if (r->depth > 0) {
            /* the tape of a failed evaluation is thrown away: no entries */
            r->tape0_set = false;
            stop_forward(t, r, end, 0, true);
        }
        if (r->rev_depth > 0)
            r->reverse_s += end - r->rev_t0;
        r->depth = r->rev_depth = 0;
    }
}

/* ------------------------------------------------------------ the file */

static bool used(const RtProfile *r)
{
    return r->autodiff_calls || r->no_autodiff_calls || r->forward_s > 0
        || r->reverse_s > 0;
}

int rt_profile_rows(const RtProfiles *t)
{
    int n = 0;
    for (int i = 0; i < t->n; i++)
        n += used(&t->rec[i]);
    return n;
}

/* A CSV field: as is, or quoted with its quotes doubled (RFC 4180). */
static void put_field(FILE *f, const char *s)
{
    if (!strpbrk(s, ",\"\r\n")) {
        fputs(s, f);
        return;
    }
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

/* The used record whose name follows `after` (NULL: the first), or -1:
 * rows in name order without memory to sort in (names are unique). */
static int next_row(const RtProfiles *t, const char *after)
{
    int best = -1;
    for (int i = 0; i < t->n; i++) {
        const RtProfile *r = &t->rec[i];
        if (!used(r) || (after && strcmp(r->name, after) <= 0))
            continue;
        if (best < 0 || strcmp(r->name, t->rec[best].name) < 0)
            best = i;
    }
    return best;
}

void rt_profile_write_csv(FILE *f, const RtProfiles *t)
{
    fputs("name,thread_id,total_time,forward_time,reverse_time,chain_stack,"
          "no_chain_stack,autodiff_calls,no_autodiff_calls\n", f);
    /* CmdStan prints std::this_thread::get_id(), the pthread_t on Linux */
    unsigned long thread = (unsigned long)pthread_self();
    for (int i = next_row(t, NULL); i >= 0; i = next_row(t, t->rec[i].name)) {
        const RtProfile *r = &t->rec[i];
        put_field(f, r->name);
        fprintf(f, ",%lu,%g,%g,%g,%" PRId64 ",%" PRId64 ",%" PRId64 ",%"
                PRId64 "\n", thread, r->forward_s + r->reverse_s, r->forward_s,
                r->reverse_s, r->chain_stack, r->no_chain_stack,
                r->autodiff_calls, r->no_autodiff_calls);
    }
}

int rt_profile_save(const RtProfiles *t, const char *path,
                    const char *const *protect, int nprotect, RtError *err)
{
    RtOutFile *o = rt_out_open(path, protect, nprotect, err);
    if (!o)
        return -1;
    rt_profile_write_csv(rt_out_stream(o), t);
    return rt_out_commit(o, err);
}
