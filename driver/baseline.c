/* baseline.c - `--baseline OLD.xml` (report.h): the new failures, the
 * fixed ones and the jobs that became slower since an older report, as
 * lines to print and as run-wide properties of the new report. */
#include <locale.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"


void drv_baseline_free(DrvBaseline *b)
{
    for (int i = 0; i < b->nlines; i++)
        free(b->lines[i]);
    free(b->lines);
    memset(b, 0, sizeof *b);
}

/* Format into a new string; NULL when out of memory.  Called in the C
 * locale (drv_report_baseline), so ratios print with a point. */
static char *new_string(const char *fmt, ...)
    __attribute__((format(printf, 1, 2)));

static char *new_string(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *s = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (s) {
        va_start(ap, fmt);
        vsnprintf(s, (size_t)n + 1, fmt, ap);
        va_end(ap);
    }
    return s;
}

/* Add line to b and, when prop is not NULL, the property prop = value to
 * r.  Takes line and value (freed here); -1 when out of memory. */
static int note(DrvBaseline *b, DrvReport *r, char *line, const char *prop,
                char *value, char *why, size_t nwhy)
{
    int rc = 0;
    if (!line || (prop && !value)) {
        rc = drv_report_fail(why, nwhy, "out of memory comparing with the baseline");
    } else if (b->nlines == b->caplines) {
        int cap = b->caplines ? 2 * b->caplines : 16;
        char **lines = realloc(b->lines, (size_t)cap * sizeof *lines);
        if (!lines)
            rc = drv_report_fail(why, nwhy, "out of memory comparing with the baseline");
        else {
            b->lines = lines;
            b->caplines = cap;
        }
    }
    if (rc == 0 && prop)
        rc = drv_report_prop(r, prop, value, why, nwhy);
    if (rc == 0)
        b->lines[b->nlines++] = line;
    else
        free(line);
    free(value);
    return rc;
}

static bool failing(const DrvCase *c)
{
    return c && (c->status == DRV_CASE_FAILED || c->status == DRV_CASE_ERROR);
}

/* The speed ratio of property p ("speed:JOB" = a positive finite decimal
 * number), or 0 when p is not one. */
static double speed_ratio(const DrvProperty *p)
{
    if (strncmp(p->name, "speed:", 6) != 0 || p->name[6] == '\0')
        return 0;
    const char *v = p->value;
    if (!*v || strspn(v, "0123456789.eE+-") != strlen(v))
        return 0;
    char *end;
    double x = strtod(v, &end);
    return *end == '\0' && isfinite(x) && x > 0 ? x : 0;
}

static const DrvProperty *suite_prop_named(const DrvSuite *s, const char *name)
{
    for (int i = 0; s && i < s->nprops; i++)
        if (strcmp(s->props[i].name, name) == 0)
            return &s->props[i];
    return NULL;
}

static int compare_cases(DrvReport *cur, const DrvReport *old, DrvBaseline *b,
                         char *why, size_t nwhy)
{
    for (int i = 0; i < cur->nsuites; i++) {
        const DrvSuite *s = &cur->suites[i];
        const DrvSuite *o = drv_report_find(old, s->name);
        for (int j = 0; j < s->ncases; j++) {
            const DrvCase *c = &s->cases[j], *was =
                o ? drv_suite_find(o, c->name) : NULL;
            int rc = 0;
            if (failing(c) && !failing(was)) {
                b->new_failures++;
                rc = note(b, cur, new_string("new failure: %s %s: %s", s->name,
                                         c->name, c->message),
                          "baseline:new-failure",
                          new_string("%s %s", s->name, c->name), why, nwhy);
            } else if (c->status == DRV_CASE_PASSED && failing(was)) {
                b->fixed++;
                rc = note(b, cur, new_string("fixed: %s %s (was: %s)", s->name,
                                         c->name, was->message),
                          "baseline:fixed", new_string("%s %s", s->name, c->name),
                          why, nwhy);
            }
            if (rc != 0)
                return -1;
        }
    }
    return 0;
}

static int compare_speed(DrvReport *cur, const DrvReport *old,
                         DrvBaseline *b, char *why, size_t nwhy)
{
    for (int i = 0; i < cur->nsuites; i++) {
        const DrvSuite *s = &cur->suites[i];
        const DrvSuite *o = drv_report_find(old, s->name);
        for (int j = 0; o && j < s->nprops; j++) {
            const DrvProperty *p = &s->props[j], *q = suite_prop_named(o, p->name);
            double now = speed_ratio(p), then = q ? speed_ratio(q) : 0;
            if (now == 0 || then == 0 || !(now > then * DRV_BASELINE_SLOWER))
                continue;
            b->slower++;
            const char *job = p->name + 6;
            if (note(b, cur, new_string("slower: %s %s: gradient time ratio "
                                    "%.3f -> %.3f (+%.1f%%)", s->name, job,
                                    then, now, 100 * (now / then - 1)),
                     "baseline:slower",
                     new_string("%s %s %.3f -> %.3f", s->name, job, then, now),
                     why, nwhy) != 0)
                return -1;
        }
    }
    return 0;
}

int drv_report_baseline(DrvReport *cur, const DrvReport *old,
                        const char *label, DrvBaseline *b, char *why,
                        size_t nwhy)
{
    locale_t c = newlocale(LC_ALL_MASK, "C", (locale_t)0);
    if (c == (locale_t)0)
        return drv_report_fail(why, nwhy, "cannot make the C locale");
    locale_t was = uselocale(c);
    int rc = drv_report_prop(cur, "baseline", label, why, nwhy);
    if (rc == 0)
        rc = compare_cases(cur, old, b, why, nwhy);
    if (rc == 0)
        rc = compare_speed(cur, old, b, why, nwhy);
    if (rc == 0) {
        char *summary = new_string("%d new failure%s, %d fixed, %d slower by "
                               "more than %.0f%%", b->new_failures,
                               b->new_failures == 1 ? "" : "s", b->fixed,
                               b->slower, 100 * (DRV_BASELINE_SLOWER - 1));
        char *line = summary ? new_string("baseline %s: %s", label, summary)
                             : NULL;
        rc = note(b, cur, line, "baseline:summary", summary, why, nwhy);
    }
    uselocale(was);
    freelocale(c);
    return rc;
}
