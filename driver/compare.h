/* compare.h - what the validator measures (compare.c): two probe files
 * (written by a sampler's `probe` method, runtime/probe.c), the
 * reference's (the O0 program) and the candidate's (a pass's output),
 * compared quantity by quantity under a tolerance policy.
 *
 * The checks, one testcase each in the report (DRV_CHECK_* below, named
 * by drv_check_name):
 *   log_density           the log density without the Jacobian, as the
 *                         difference from the first point where both
 *                         programs give a finite value (lp(i) - lp(base)):
 *                         a dropped constant passes, anything that
 *                         depends on the parameters does not; non-finite
 *                         values are compared as values
 *   log_density_jacobian  the same with the Jacobian
 *   gradient              every component of the gradient (with the
 *                         Jacobian), at every point neither rejects
 *   rejections            whether transformed data and each evaluation
 *                         (log_density, log_density_jacobian, outputs) of
 *                         each point failed, the error's class ("reject",
 *                         "error", "index", "fatal": rt_error_class) and,
 *                         under the exact policy, its message
 *   printed               what transformed data and each evaluation
 *                         printed: the exact text, under every policy
 *   outputs               the output names, and the constrained
 *                         parameters, transformed parameters and
 *                         generated quantities (the _rng functions seeded
 *                         alike) at every point neither rejects
 * Each check reports the FIRST difference (points in order, then the
 * quantities in the order above) as a one-line message, e.g.
 *   point 3: gradient[2] (sigma) differs: O0 1.2345 vs candidate 1.2346
 *   (tolerance exact)
 * (indices 1-based, as in the sampler's column names) and a details text
 * for the report's failure body. */
#ifndef PPL_COMPARE_H
#define PPL_COMPARE_H

#include <stdbool.h>
#include <stddef.h>

/* How close two doubles must be.  NaN equals NaN under both; an infinity
 * equals only itself. */
typedef enum DrvTolKind {
    DRV_TOL_EXACT,      /* the same bits: passes that only move or delete
                         * code */
    DRV_TOL_RELATIVE    /* |a - b| <= max(rel * max(|a|, |b|), abs_floor):
                         * rewrites that change floating point */
} DrvTolKind;

typedef struct DrvTolerance {
    DrvTolKind kind;
    double rel;         /* DRV_TOL_RELATIVE only */
    double abs_floor;   /* DRV_TOL_RELATIVE only: for values near 0 */
    /* DRV_TOL_EXACT only: how far each gradient component may be from
     * O0's, relative to the gradient's largest component or 1, whichever
     * is larger (0: exact too; a relative policy measures gradients so
     * too).
     * The compiled reverse sweep adds adjoints in an order that follows
     * the code's shape: a pass that moves code (a temporary, an unrolled
     * loop, a demoted variable) keeps every value but may change the last
     * bits of a gradient. */
    double grad_rel;
} DrvTolerance;

/* "exact", "exact (gradient: rel 1e-12 of its largest component or 1)" or
 * "rel 1e-08, abs 1e-12": the policy as the report prints
 * it, into buf (size n); returns buf. */
const char *drv_tolerance_text(const DrvTolerance *tol, char *buf,
                               size_t n);

typedef enum DrvCheck {
    DRV_CHECK_LOG_DENSITY,
    DRV_CHECK_LOG_DENSITY_JACOBIAN,
    DRV_CHECK_GRADIENT,
    DRV_CHECK_REJECTIONS,
    DRV_CHECK_PRINTED,
    DRV_CHECK_OUTPUTS,
    DRV_CHECK_LOG_DENSITY_PRIOR,    /* the prior context's, as log_density */
    DRV_CHECK_COUNT
} DrvCheck;

/* "log_density", "log_density_jacobian", "gradient", "rejections",
 * "printed", "outputs", "log_density_prior". */
const char *drv_check_name(DrvCheck check);

typedef struct DrvCheckResult {
    bool passed;
    int point;          /* where the first difference is; -1 when passed
                         * or not at a point (transformed data, names) */
    bool skipped;       /* not compared (passed stays true): message
                         * says why */
    char message[512];  /* one line; "" when passed and not skipped */
    char *details;      /* malloc'd, several lines: the point, both
                         * values, the tolerance; NULL when passed */
} DrvCheckResult;

typedef struct DrvComparison {
    DrvCheckResult checks[DRV_CHECK_COUNT];
    int points;         /* how many points the files hold */
} DrvComparison;

/* Compare the probe files REFERENCE and CANDIDATE into *out (every check
 * filled in, passed or failed).  Returns 0, or -1 with a message in why
 * (size nwhy) when a file cannot be read, is not a probe file (the
 * message names the file and the element), or the two were made with
 * different seeds or numbers of points (the comparison would mean
 * nothing).  Free *out with drv_comparison_free either way. */
int drv_compare_probes(const char *reference, const char *candidate,
                       const DrvTolerance *tol, DrvComparison *out,
                       char *why, size_t nwhy);
/* The same from the files' texts (tests). */
int drv_compare_probe_texts(const char *reference, const char *candidate,
                            const DrvTolerance *tol, DrvComparison *out,
                            char *why, size_t nwhy);
/* Whether every check passed. */
bool drv_comparison_passed(const DrvComparison *c);
void drv_comparison_free(DrvComparison *c);

#endif
