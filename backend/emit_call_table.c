/* emit_call_table.c - the one table of the library functions that the
 * backend compiles by name: a row per function (a name of the signature
 * table, frontend/stanlib*.def) holding its value emitter and its
 * derivative emitter side by side.  em_value_call and em_backprop_call
 * (emit_call.c) look a call's name up here before the generic routes
 * (densities, draws, elementwise math, reductions); docs/backend.md,
 * "Library calls", describes the design.
 *
 * To add a function: write its value and reverse step in its family's
 * file (emit_linalg.c, emit_lib.c, ...; a new file for a new family) and
 * add ONE row {name, value, backprop} to that file's rows.  A new family
 * adds its EmCallRules to `families` below and its declaration to
 * emit.h.  tests/unit/test_emit_calls.c rejects a name with two rows and
 * a compiled function (docs/coverage.md) with neither a row nor a
 * generic route. */
#include <stdlib.h>
#include <string.h>

#include "emit.h"

static const EmCallRules *const families[] = {
    &em_linalg_rules, &em_csr_rules, &em_ode_rules, &em_solve_rules,
    &em_integrate_rules, &em_laplace_rules, &em_map_rect_rules,
    &em_lib_rules, &em_linalg_build_rules, &em_scalar_ternary_rules,
    &em_hypergeometric_rules, &em_transform_rules, &em_matrix_fn_rules,
    &em_basic_fn_rules, &em_rng_rules, &em_dae_rules,
};

static int compare_rules(const void *a, const void *b)
{
    return strcmp(((const EmCallRule *)a)->name,
                  ((const EmCallRule *)b)->name);
}

const EmCallRule *em_call_table(Arena *a, size_t *n, const char **dup)
{
    size_t total = 0;
    for (size_t f = 0; f < sizeof families / sizeof families[0]; f++)
        total += families[f]->n;
    EmCallRule *rows = arena_alloc(a, sizeof *rows * (total ? total : 1));
    size_t k = 0;
    for (size_t f = 0; f < sizeof families / sizeof families[0]; f++)
        for (size_t i = 0; i < families[f]->n; i++)
            rows[k++] = families[f]->rows[i];
    qsort(rows, total, sizeof *rows, compare_rules);
    *dup = NULL;
    for (size_t i = 1; i < total && !*dup; i++)
        if (strcmp(rows[i - 1].name, rows[i].name) == 0)
            *dup = rows[i].name;
    *n = total;
    return rows;
}

const EmCallRule *em_call_rule(Emit *em, const char *name)
{
    if (!em->rules) {
        const char *dup;
        em->rules = em_call_table(em->a, &em->nrules, &dup);
        if (dup)
            em_unsupported(em, "internal error: two rows for %s in the "
                           "backend's table of library calls", dup);
    }
    if (!name)
        return NULL;
    EmCallRule key = {name, NULL, NULL};
    return bsearch(&key, em->rules, em->nrules, sizeof key, compare_rules);
}
