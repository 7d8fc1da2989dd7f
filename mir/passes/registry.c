/* registry.c - the table of passes (rows in passes.def), the levels'
 * pipelines, and the runner that checks the program after every pass. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "passes.h"

const PassInfo pass_table[] = {
#define PASS(name, fn, level, tol, desc) {name, fn, level, tol, desc},
#include "passes.def"
#undef PASS
    {NULL, NULL, PASS_O0, 0, NULL}
};

/* stanc3's phase order (Optimize.ml's optimization suite): inlining and
 * unrolling first, so that propagation and partial evaluation see their
 * results; propagation before dead code elimination; lazy code motion
 * after the expression-level passes, followed by another round of copy
 * propagation and dead code elimination to clean up its temporaries; the
 * AD levels and memory patterns last, on the final code.  Oexperimental
 * repeats the cheap passes, as stanc3's does.  Every name here is a row of
 * passes.def (a unit test checks it).
 *
 * One departure: O1 runs vectorize-loops, which stanc3 keeps for
 * Oexperimental.  The loop models are where O1 is slow: a loop of scalar
 * densities costs a call and a gradient node per iteration, and
 * partial-eval's scalar fma rows make each one a library call, while the
 * backend emits a vectorized density as one fused loop.  The pass is
 * exact up to the order of the sum (its tolerance) and keeps every
 * rejection's class. */
static const char *const pipeline_o1[] = {
    /* constants first: they make branches decidable for dce and give
     * partial-eval literals to fold; copies before dce, whose unread
     * assignments they leave */
    "constprop",
    "copyprop",
    "dce",
    /* before partial-eval, so that its scalar rows (fma) do not take the
     * loops' arguments apart first: not in stanc3's O1 (see above) */
    "vectorize-loops",
    "partial-eval",
    "soa",
    NULL
};

static const char *const pipeline_oexperimental[] = {
    "inline",
    /* right after inlining (whose bodies may hold the loops), before the
     * unrollings: a loop one-step-unroll peeled would leave a scalar
     * first iteration beside a shorter vectorized rest, and one unroll
     * took apart would not be vectorized at all; before partial-eval, whose
     * scalar rows (fma) would take the loops' arguments apart first */
    "vectorize-loops",
    "unroll",
    "one-step-unroll",
    /* stanc3's order: propagation (constants, expressions, copies), dead
     * code, partial evaluation */
    "constprop",
    "exprprop",
    "copyprop",
    "dce",
    "partial-eval",
    "lcm",      /* after the expression-level passes: it moves what they
                   leave repeated (stanc3: lazy code motion, then copy
                   propagation and dead code elimination of its temps) */
    "copyprop",
    "dce",
    /* last, on the final code: AD levels, then memory patterns (which read
     * the AD levels) */
    "adlevel",
    "soa",
    NULL
};

const PassInfo *pass_find(const char *name)
{
    for (const PassInfo *p = pass_table; p->name; p++)
        if (strcmp(p->name, name) == 0)
            return p;
    return NULL;
}

int pass_pipeline(PassLevel level, const PassInfo **out, int max)
{
    const char *const *names = level == PASS_O1 ? pipeline_o1
        : level == PASS_OEXPERIMENTAL ? pipeline_oexperimental : NULL;
    int n = 0;
    for (int i = 0; names && names[i]; i++) {
        const PassInfo *p = pass_find(names[i]);
        if (p && n < max)
            out[n++] = p;
    }
    return n;
}

const char *pass_level_name(PassLevel level)
{
    switch (level) {
    case PASS_O0: return "O0";
    case PASS_O1: return "O1";
    case PASS_OEXPERIMENTAL: return "Oexperimental";
    case PASS_TEST_ONLY: return "test-only";
    case PASS_NONE: return "none";
    }
    return "?";
}

bool pass_run(MirProgram *p, const PassInfo *const *passes, int n,
              FILE *log, bool *changed, char *why, size_t nwhy)
{
    bool any = false;
    for (int i = 0; i < n; i++) {
        PassCtx ctx = {.a = p->arena, .pass = passes[i]->name, .log = log};
        if (passes[i]->run(p, &ctx))
            any = true;
        mir_refresh(p);
        char msg[512];
        if (!mir_verify(p, msg, sizeof msg)) {
            snprintf(why, nwhy, "the MIR after the pass '%s' is invalid: %s",
                     passes[i]->name, msg);
            return false;
        }
    }
    if (changed)
        *changed = any;
    return true;
}

int pass_parse_list(const char *list, const PassInfo **out, int max,
                    char *why, size_t nwhy)
{
    int n = 0;
    const char *s = list;
    for (;;) {
        size_t len = strcspn(s, ",");
        char name[64];
        if (len == 0 || len >= sizeof name) {
            snprintf(why, nwhy, "--passes: %s in '%s'",
                     len == 0 ? "an empty pass name" : "a pass name too long",
                     list);
            return -1;
        }
        memcpy(name, s, len);
        name[len] = '\0';
        const PassInfo *p = pass_find(name);
        if (!p) {
            int k = snprintf(why, nwhy, "--passes: unknown pass '%s'; the "
                             "passes are:", name);
            for (const PassInfo *q = pass_table; q->name; q++)
                if (q->level != PASS_TEST_ONLY && k >= 0 && (size_t)k < nwhy)
                    k += snprintf(why + k, nwhy - (size_t)k, " %s", q->name);
            return -1;
        }
        /* the deliberately wrong passes exist for the validator's tests
         * only: a user cannot ask for them by accident */
        if (p->level == PASS_TEST_ONLY) {
            const char *env = getenv("PPLBENCH_TEST_PASSES");
            if (!env || strcmp(env, "1") != 0) {
                snprintf(why, nwhy, "--passes: '%s' is a deliberately wrong "
                         "pass for the tests; it runs only with "
                         "PPLBENCH_TEST_PASSES=1 in the environment", name);
                return -1;
            }
        }
        if (n == max) {
            snprintf(why, nwhy, "--passes: more than %d passes", max);
            return -1;
        }
        out[n++] = p;
        if (s[len] == '\0')
            break;
        s += len + 1;
    }
    return n;
}
