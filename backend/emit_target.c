/* emit_target.c - target() with its derivatives.
 *
 * Stan's target() (Reference Manual, "Program blocks": the model block
 * and functions ending in _lp may read it) is the log density so far,
 * the Jacobian terms included.  It depends on the parameters through
 * every term added before it, so its adjoint flows into all of them:
 * target is a sum, `lp_new = lp_old + e`, whose old value has the new
 * one's adjoint; a read `t = target()` adds adj(t) to it.  In the
 * reverse sweep the adjoint of target is then no longer the constant 1
 * but a variable, `lp_adj`, that starts at 1 and grows at each read
 * that the sweep passes on its way back; every `target +=` and
 * `jacobian +=` before the read pushes it into its terms, and the
 * constraints' log-Jacobians, which come first, are weighted by its
 * final value (emit_io.c).  An _lp function's reverse takes the caller's
 * as `double *lp_adj`.
 *
 * A program that reads target, then:
 * - adds the constraints' log-Jacobian to lp itself (not to lpj), so
 *   that `*lp` inside an _lp function is the whole density so far;
 * - fuses nothing (a fused term's partials assume adjoint 1) and has no
 *   tail statement (emit_c.c);
 * - saves, in each statement, the log density at each place that reads
 *   it (a target(), or a call of a function that reads it: the density
 *   the callee starts from) in a temporary, pushed after the statement;
 *   the reverse sweep pops them before the statement's reverse step, so
 *   that the values it recomputes (and the reverse function's forward
 *   sweep) see what the forward sweep saw, as every other variable
 *   does in store-all reverse mode, in any number (`target += target() *
 *   target()`, `0.1 * target() + f_lp(x)`).  A call of an _lp function
 *   recomputed in the reverse sweep adds to a copy of lp.
 *
 * Refused: a statement that reads target after an _lp call in it
 * (`f_lp(x) + target()`): the call's terms need the adjoint of that
 * read, and the reverse step of an expression goes through its operands
 * in its own order.  Split in two, it compiles. */
#include <string.h>

#include "emit.h"

#define A(...) arena_printf(em->a, __VA_ARGS__)

typedef struct Scan {
    const Emit *em;
    bool reads;         /* target(), or a call of a function reading it */
    bool lp_call;       /* a call of an _lp function */
} Scan;

static bool is_target(const MirExpr *e)
{
    return e->kind == MX_CALL && e->fn_kind == FNK_INTERNAL
        && e->internal == FN_TARGET;
}

/* Whether some definition named `name` reads target (a call names its
 * definition; an _lp function has no _lupdf form). */
static bool name_reads(const Emit *em, const char *name)
{
    if (!em->fun_reads_target)
        return false;
    for (int fi = 0; fi < em->p->nfuns; fi++)
        if (em->fun_reads_target[fi] && strcmp(em->p->funs[fi].name, name) == 0)
            return true;
    return false;
}

static bool scan_expr(MirExpr *e, void *ctx)
{
    Scan *sc = ctx;
    if (e->kind == MX_CALL && e->fn_kind == FNK_USER
        && (e->effect & EFF_TARGET))
        sc->lp_call = true;
    if (is_target(e) || (e->kind == MX_CALL && e->fn_kind == FNK_USER
                         && name_reads(sc->em, e->fn)))
        sc->reads = true;
    return true;
}

static bool reads_target(const Emit *em, const MirStmt *s)
{
    Scan sc = {em, false, false};
    MirVisitor v = {.expr = scan_expr, .ctx = &sc};
    mir_visit_stmt((MirStmt *)s, &v);
    return sc.reads;
}

void em_target_scan(Emit *em)
{
    const MirProgram *p = em->p;
    bool *reads = arena_alloc(em->a, sizeof(bool) * (size_t)(p->nfuns + 1));
    for (int fi = 0; fi < p->nfuns; fi++)
        reads[fi] = false;
    em->fun_reads_target = reads;
    /* a fixpoint over the call graph: a function reads target when its
     * body does, or calls one that does */
    for (bool changed = true; changed;) {
        changed = false;
        for (int fi = 0; fi < p->nfuns; fi++) {
            if (reads[fi] || !p->funs[fi].body)
                continue;
            if (reads_target(em, p->funs[fi].body)) {
                reads[fi] = true;
                changed = true;
            }
        }
    }
    em->target_read = p->log_prob && reads_target(em, p->log_prob);
}

const char *em_target_adj(const Emit *em)
{
    if (em->in_function)
        return "(*lp_adj)";
    return em->sec_logp && em->target_read ? "lp_adj" : "1.0";
}

const char *em_target_seed(Emit *em)
{
    const char *adj = em_target_adj(em);
    if (strcmp(adj, "1.0") == 0)
        return adj;
    /* a copy: a read of target() in the term adds to lp_adj while the
     * term's other parts still need the adjoint it had */
    const char *t = em_fresh(em, "sd");
    em_line(em, "double %s = %s;", t, adj);
    return t;
}

bool em_fun_reads_target(const Emit *em, int fi)
{
    return em->fun_reads_target && em->fun_reads_target[fi];
}

/* The places of statement s (not its sub-statements) whose value of lp
 * the reverse sweep needs, in derivative code: each read of target(),
 * and each call of a function that reads it (the log density so far at
 * the call).  NULL and 0 when none. */
typedef struct Places {
    const MirExpr **nodes;
    int n;
} Places;

typedef struct Collect {
    Emit *em;
    Places *pl;
    bool lp_call_seen;      /* an _lp call came before, in evaluation order */
    bool read_after_call;   /* and a place reading target after it */
} Collect;

/* After e's operands, in evaluation order: a call reads target when it
 * runs, after its arguments. */
static void collect(MirExpr *e, void *ctx)
{
    Collect *c = ctx;
    Places *pl = c->pl;
    bool user = e->kind == MX_CALL && e->fn_kind == FNK_USER;
    if (is_target(e) || (user && name_reads(c->em, e->fn))) {
        if (c->lp_call_seen)
            c->read_after_call = true;
        const MirExpr **nodes = arena_alloc(c->em->a, sizeof *nodes
                                            * (size_t)(pl->n + 1));
        for (int i = 0; i < pl->n; i++)
            nodes[i] = pl->nodes[i];
        nodes[pl->n++] = e;
        pl->nodes = nodes;
    }
    if (user && (e->effect & EFF_TARGET))
        c->lp_call_seen = true;
}

static Places places(Emit *em, const MirStmt *s)
{
    Places pl = {NULL, 0};
    if (!em->ad || em->no_push || !(em->sec_logp || em->in_function))
        return pl;
    switch (s->kind) {
    case MS_ASSIGN: case MS_TARGET_PE: case MS_JACOBIAN_PE: case MS_RETURN:
        break;
    case MS_CALL:   /* print(target()) has no reverse step */
        if (s->call->fn_kind != FNK_USER)
            return pl;
        break;
    default:
        return pl;
    }
    Collect c = {em, &pl, false, false};
    MirVisitor v = {.expr_post = collect, .ctx = &c};
    mir_visit_stmt_exprs((MirStmt *)s, &v);
    /* the terms an _lp call adds need the adjoints of the reads after
     * it, which the reverse step of the expression may reach only after
     * the call's (it goes through operands in its own order) */
    if (c.read_after_call)
        em_unsupported(em, "derivatives of a statement that reads target "
                       "after an _lp call in it (split it in two: the "
                       "call's value into a variable first)");
    return pl;
}

static const char *lp_now(const Emit *em)
{
    return em->in_function ? "(*lp)" : "(lp + lpj)";
}

/* The statement's places and their temporaries, for em_target_value and
 * the calls (em_target_at). */
static void bind(Emit *em, Places pl)
{
    em->target_nodes = pl.nodes;
    em->target_temps = arena_alloc(em->a, sizeof(char *)
                                   * (size_t)(pl.n + 1));
    em->ntarget = pl.n;
    for (int i = 0; i < pl.n; i++)
        em->target_temps[i] = em_fresh(em, "lpv");
}

const char *em_target_save(Emit *em, const MirStmt *s)
{
    Places pl = places(em, s);
    if (pl.n == 0)
        return NULL;
    bind(em, pl);
    for (int i = 0; i < pl.n; i++)
        em_line(em, "double %s = NAN;", em->target_temps[i]);
    return "";
}

void em_target_push(Emit *em, const char *saved)
{
    if (!saved)
        return;
    for (int i = 0; i < em->ntarget; i++)
        em_line(em, "rt_stack_push_double(&S->stack, %s);",
                em->target_temps[i]);
    em->ntarget = 0;
}

/* Whether the reverse step of s needs the adjoint of target kept apart:
 * s reads target or calls an _lp function, where something reads target
 * (an _lp function's caller may). */
static bool keeps_adjoint(const Emit *em, const MirStmt *s)
{
    if (!em->ad || em->no_push || !(em->in_function || (em->sec_logp
                                                        && em->target_read)))
        return false;
    switch (s->kind) {
    case MS_ASSIGN: case MS_TARGET_PE: case MS_JACOBIAN_PE: case MS_RETURN:
    case MS_CALL:
        break;
    default:
        return false;
    }
    Scan sc = {em, false, false};
    MirVisitor v = {.expr = scan_expr, .ctx = &sc};
    mir_visit_stmt_exprs((MirStmt *)s, &v);
    return sc.reads || sc.lp_call;
}

bool em_target_rev_stmt(Emit *em, const MirStmt *s)
{
    if (em->target_stmt == s || !keeps_adjoint(em, s))
        return false;
    /* the places' values of lp, as the forward sweep pushed them */
    Places pl = places(em, s);
    em->ntarget = 0;
    if (pl.n > 0) {
        bind(em, pl);
        for (int i = pl.n - 1; i >= 0; i--)
            em_line(em, "double %s = rt_stack_pop_double(&S->stack);",
                    em->target_temps[i]);
        for (int i = 0; i < pl.n; i++)
            em_line(em, "(void)%s;", em->target_temps[i]);
    }
    /* the adjoint of target after s, which every _lp call of s starts
     * from (each adds its terms after the reads of s and after the
     * calls before it); what the reads and calls add goes to the terms
     * before s, at the end */
    const char *a0 = em_fresh(em, "lpa"), *d = em_fresh(em, "dlp");
    em_line(em, "double %s = %s;", a0, em_target_adj(em));
    em_line(em, "double %s = 0;", d);
    em_line(em, "(void)%s;", a0);
    const MirStmt *outer = em->target_stmt;
    const char *outer_a0 = em->target_a0, *outer_d = em->target_dlp;
    em->target_stmt = s;
    em->target_a0 = a0;
    em->target_dlp = d;
    em_rev_stmt(em, s);
    em_line(em, "%s += %s;", em_target_adj(em), d);
    em->target_stmt = outer;
    em->target_a0 = outer_a0;
    em->target_dlp = outer_d;
    em->ntarget = 0;
    return true;
}

const char *em_target_call_adj(Emit *em, const char *flag)
{
    if (!em->target_stmt)
        return NULL;
    const char *c = em_fresh(em, "lpc");
    em_line(em, "double %s = %s;", c, flag ? A("%s ? %s : 0.0", flag,
                                                em->target_a0)
                                           : em->target_a0);
    return c;
}

void em_target_call_done(Emit *em, const char *c, const char *flag)
{
    if (c)
        em_line(em, "%s%s += %s - %s;", flag ? A("if (%s) ", flag) : "",
                em->target_dlp, c, em->target_a0);
}

/* The temporary holding lp's value at node e, or NULL. */
static const char *temp_of(const Emit *em, const MirExpr *e)
{
    for (int i = 0; i < em->ntarget; i++)
        if (em->target_nodes[i] == e)
            return em->target_temps[i];
    return NULL;
}

const char *em_target_at(Emit *em, const MirExpr *call)
{
    const char *t = temp_of(em, call);
    if (!t)
        return NULL;
    /* forward: lp now, before the call adds its terms; reverse: as the
     * forward sweep saw it */
    if (!em->in_reverse)
        em_line(em, "%s = %s;", t, lp_now(em));
    return t;
}

Opnd em_target_value(Emit *em, const MirExpr *e)
{
    /* transformed parameters run again for the outputs: there, as in
     * Stan's write_array, the log density starts from 0 and nothing adds
     * to it */
    if (!em->in_function && !em->sec_logp)
        return em_scalar("0.0", NULL, false);
    const char *t = em_target_at(em, e);
    if (!t) {
        /* a value now: an _lp call later in the expression adds to lp
         * before the expression's C code reads its operands */
        t = em_fresh(em, "lpv");
        em_line(em, "double %s = %s;", t, lp_now(em));
    }
    return em_scalar(t, NULL, false);
}

void em_target_backprop(Emit *em, const char *adj)
{
    if (em->target_stmt)
        em_line(em, "%s += %s;", em->target_dlp, adj);
    else
        em_line(em, "%s += %s;", em_target_adj(em), adj);
}
