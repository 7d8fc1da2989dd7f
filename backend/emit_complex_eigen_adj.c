/* emit_complex_eigen_adj.c - the reverse steps of the eigendecompositions
 * with complex results (their values: emit_complex_linalg.c):
 * eigenvalues / eigenvectors of a real or a complex matrix, and
 * eigenvalues_sym / eigenvectors_sym of a complex Hermitian matrix;
 * eigendecompose and eigendecompose_sym reach here element by element
 * (mir/untuple.c), each element's adjoint taken by itself (the two
 * contributions add).
 *
 * The rules (runtime/linalg_eigen_adj.c) need both the eigenvalues and
 * the eigenvectors, whichever of them has the adjoint.  The reverse step
 * computes both again with the value's runtime function on the same
 * argument: rt_eigen_general computes its eigenvalues the same way with
 * or without vectors (GSL's nonsymmv, or the same Schur iteration) and
 * sorts them by modulus with a stable sort, so the order and the phases
 * (rt_complex.h: unit columns, the first entry of largest modulus real
 * and positive) are the value's, which is what the rules assume. */
#include <string.h>

#include "emit.h"

#define A(...) arena_printf(em->a, __VA_ARGS__)

bool em_complex_eigen_backprop(Emit *em, const MirExpr *e, const char *adj)
{
    if (e->nargs != 1)
        return false;
    const MirExpr *x = e->args[0];
    bool general = strcmp(e->fn, "eigenvalues") == 0
        || strcmp(e->fn, "eigenvectors") == 0;
    bool herm = (strcmp(e->fn, "eigenvalues_sym") == 0
                 || strcmp(e->fn, "eigenvectors_sym") == 0)
        && x->type && em_is_complex_type(x->type);
    if (!general && !herm)
        return false;
    if (!em_is_ad(em, x))
        return true;
    Opnd a = em_value(em, x);
    bool vectors = strstr(e->fn, "vectors") != NULL;
    const char *fn = em_c_string(em->a, e->fn);
    const char *vals = em_fresh(em, "l"), *vecs = em_fresh(em, "V");
    const char *w = em_fresh(em, "w");
    em_line(em, "double *%s = rt_scratch_doubles(&S->scratch, (size_t)2 * "
            "(%s));", vals, a.rows);
    em_line(em, "double *%s = rt_scratch_doubles(&S->scratch, (size_t)2 * "
            "(%s) * (size_t)(%s));", vecs, a.rows, a.rows);
    em_line(em, "double *%s = rt_scratch_doubles(&S->scratch, "
            "rt_eigen_adj_work(%s));", w, a.rows);
    if (herm)
        em_line(em, "if (rt_eigen_herm(%s, (const double *)%s, %s, %s, %s, "
                "%s, err)) return -1;", fn, a.val, a.rows, a.cols, vals, vecs);
    else
        em_line(em, "if (rt_eigen_general(%s, (const double *)%s, %s, %s, %s, "
                "%s, %s, err)) return -1;", fn, a.val,
                a.is_complex ? "true" : "false", a.rows, a.cols, vals, vecs);
    const char *g = em_adj_buffer(em, a);   /* real or complex, as A */
    const char *va = vectors ? "NULL" : A("(const double *)%s", adj);
    const char *ve = vectors ? A("(const double *)%s", adj) : "NULL";
    if (herm)
        em_line(em, "if (rt_eigen_herm_adj(%s, %s, %s, %s, %s, %s, (double *)"
                "%s, %s, err)) return -1;", fn, a.rows, vals, vecs, va, ve, g,
                w);
    else
        em_line(em, "if (rt_eigen_general_adj(%s, %s, %s, %s, %s, %s, %s, "
                "(double *)%s, %s, err)) return -1;", fn,
                a.is_complex ? "true" : "false", a.rows, vals, vecs, va, ve, g,
                w);
    em_backprop(em, x, g);
    return true;
}
