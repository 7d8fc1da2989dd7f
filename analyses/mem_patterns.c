/* mem_patterns.c - --debug-mem-patterns: the memory pattern the soa pass
 * (mir/passes/soa.c) chose for each vector and matrix, in stanc3's form
 * (its Memory_patterns.pp_mem_patterns and the "Optimization hazard
 * warning" lines it prints after them):
 *
 *     vector[N] theta: SoA
 *     vector[N] z: AoS
 *     Optimization hazard warning (Line 7): SoA warning: Accessed by
 *       element in a for loop: z                        (one line)
 *
 * The pattern lines list the declarations of log_prob in order, as stanc3
 * lists those of its reverse-mode log_prob; the hazard lines give, for
 * every variable the pass left AoS, the reason it recorded
 * (MirVar.mem_reason) and the last line of the statement that decided it
 * (MirVar.mem_reason_span), one line per line and reason with the
 * variables it demoted there, in line order.  This reads what the pass
 * decided and decides nothing itself: a program the pass did not run on
 * shows every variable AoS with no reason, as stanc3 does at --O0. */
#include "analyses.h"

#include <stdlib.h>
#include <string.h>

/* A vector, row vector or matrix, or an array of them. */
static bool matrix_type(const Type *t)
{
    TypeKind k = ty_base(t)->kind;
    return k == TY_VECTOR || k == TY_ROW_VECTOR || k == TY_MATRIX;
}

typedef struct Listing {
    FILE *out;
    const MirProgram *p;
} Listing;

static bool print_decl(MirStmt *s, void *ctx)
{
    Listing *l = ctx;
    if (s->kind != MS_DECL || s->var < 0)
        return true;
    const MirVar *v = &l->p->vars[s->var];
    if (!v->sized.type || !matrix_type(v->sized.type))
        return true;
    mir_pretty_sized(l->out, l->p, &v->sized);
    fprintf(l->out, " %s: %s\n", v->name, v->mem == MEM_SOA ? "SoA" : "AoS");
    return true;
}

/* One variable's hazard: where, why, which. */
typedef struct Hazard {
    int line;
    const char *why;
    const char *name;
} Hazard;

static int compare_hazards(const void *x, const void *y)
{
    const Hazard *a = x, *b = y;
    if (a->line != b->line)
        return a->line < b->line ? -1 : 1;
    int c = strcmp(a->why, b->why);
    return c ? c : strcmp(a->name, b->name);
}

static void print_hazards(FILE *out, const MirProgram *p)
{
    Hazard *h = arena_alloc(p->arena, sizeof *h * ((size_t)p->nvars + 1));
    int n = 0;
    for (int v = 0; v < p->nvars; v++) {
        const MirVar *var = &p->vars[v];
        if (var->mem == MEM_AOS && var->mem_reason)
            h[n++] = (Hazard){var->mem_reason_span.end.line, var->mem_reason,
                              var->name};
    }
    qsort(h, (size_t)n, sizeof *h, compare_hazards);
    for (int i = 0; i < n; i++) {
        bool same_line = i > 0 && h[i].line == h[i - 1].line
                         && strcmp(h[i].why, h[i - 1].why) == 0;
        if (same_line && strcmp(h[i].name, h[i - 1].name) == 0)
            continue;   /* one name declared twice in one place */
        if (same_line)
            fprintf(out, ", %s", h[i].name);
        else
            fprintf(out, "%sOptimization hazard warning (Line %d): SoA "
                    "warning: %s: %s", i ? "\n" : "", h[i].line, h[i].why,
                    h[i].name);
    }
    if (n)
        fputc('\n', out);
}

void mem_print_patterns(FILE *out, const MirProgram *p)
{
    Listing l = {out, p};
    MirVisitor v = {.stmt = print_decl, .ctx = &l};
    if (p->log_prob)
        mir_visit_stmt(p->log_prob, &v);
    print_hazards(out, p);
}
