/* emit_wiener.c - the Wiener first passage time functions whose runtime
 * names the generic density path (emit_call.c) cannot derive from the Stan
 * name: the forms with Stan 2.38's trailing tolerance of wiener_lpdf, and
 * the unnormalized log cdfs wiener_lcdf_unnorm / wiener_lccdf_unnorm
 * (plain functions without `|`, of four or seven parameters, with or
 * without the tolerance).  Each is a density-shaped runtime function
 * (rt_dist_wiener.h): value and partials in one call, emitted by the
 * density path's value and reverse steps with these names. */
#include <string.h>

#include "emit.h"

static const struct {
    const char *fn;
    int nargs;
    const char *rt;
    int propto;   /* 1: drops constants; -1: takes no propto */
} wiener_forms[] = {
    {"wiener_lpdf", 7, "rt_wiener5_tol_lpdf", 0},
    {"wiener_lupdf", 7, "rt_wiener5_tol_lpdf", 1},
    {"wiener_lpdf", 9, "rt_wiener7_tol_lpdf", 0},
    {"wiener_lupdf", 9, "rt_wiener7_tol_lpdf", 1},
    {"wiener_lcdf_unnorm", 5, "rt_wiener_lcdf_unnorm", -1},
    {"wiener_lcdf_unnorm", 6, "rt_wiener_tol_lcdf_unnorm", -1},
    {"wiener_lcdf_unnorm", 8, "rt_wiener7_lcdf_unnorm", -1},
    {"wiener_lcdf_unnorm", 9, "rt_wiener7_tol_lcdf_unnorm", -1},
    {"wiener_lccdf_unnorm", 5, "rt_wiener_lccdf_unnorm", -1},
    {"wiener_lccdf_unnorm", 6, "rt_wiener_tol_lccdf_unnorm", -1},
    {"wiener_lccdf_unnorm", 8, "rt_wiener7_lccdf_unnorm", -1},
    {"wiener_lccdf_unnorm", 9, "rt_wiener7_tol_lccdf_unnorm", -1},
};

bool em_wiener_density(const MirExpr *e, const char **rt, int *propto)
{
    if (e->kind != MX_CALL || e->fn_kind != FNK_STANLIB)
        return false;
    for (size_t i = 0; i < sizeof wiener_forms / sizeof wiener_forms[0]; i++)
        if (e->nargs == wiener_forms[i].nargs
            && strcmp(e->fn, wiener_forms[i].fn) == 0) {
            *rt = wiener_forms[i].rt;
            *propto = wiener_forms[i].propto;
            return true;
        }
    return false;
}
