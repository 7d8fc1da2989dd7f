/* emit_rev.c - the reverse sweep of the log density's statements (the
 * forward sweep is emit_c.c's): each statement's adjoints propagated in
 * reverse order, the values the forward sweep pushed (overwritten values,
 * branch decisions, loop counts, block locals) popped back.
 * docs/backend.md, "The gradient, generated at compile time". */
#include <string.h>

#include "emit.h"

#define A(...) arena_printf(em->a, __VA_ARGS__)

static void rev_list(Emit *em, MirStmt *const *stmts, int n)
{
    for (int i = n - 1; i >= 0; i--)
        em_rev_stmt(em, stmts[i]);
}

static void rev_block(Emit *em, const MirStmt *b)
{
    em_line(em, "{");
    em->indent++;
    em_pop_locals(em, b);
    rev_list(em, b->stmts, b->nstmts);
    em->indent--;
    em_line(em, "}");
}

static const MirStmt *as_block(Emit *em, MirStmt *const *slot)
{
    return (*slot)->kind == MS_BLOCK ? *slot
        : mir_block(em->a, MS_BLOCK, 1, (MirStmt **)slot);
}

/* Backpropagate adj, the adjoint of the value assigned to v, into rhs:
 * a real value assigned to a complex variable gets the real part. */
static void backprop_assigned(Emit *em, const MirExpr *rhs, const MirVar *var,
                              const char *adj)
{
    if (em_is_complex_var(var) && !em_is_complex_type(rhs->type))
        em_complex_backprop_real(em, rhs, adj);
    else
        em_backprop(em, rhs, adj);
}

static void rev_assign(Emit *em, const MirStmt *s)
{
    VarId v = s->lhs.var;
    const MirVar *var = &em->p->vars[v];
    if (em_is_param_read(s)) {
        if (!em_param_in_place(em, s))   /* else: its adjoint is in grad */
            em_param_adjoint(em, v, s->rhs);
        return;
    }
    const char *off, *count, *map;
    em_lvalue(em, &s->lhs, &off, &count, &map);
    const char *ptr = em_var_val(em, v);
    bool container = em_is_container_type(s->rhs->type);
    /* a complex element is 2 doubles, its adjoint complex */
    bool cx = em_is_complex_var(var);
    const char *ctype = cx ? "double complex" : "double";
    const char *two = cx ? "2 * " : "";
    const char *dptr = cx ? A("(double *)%s", ptr) : ptr;
    if (map) {
        bool has_adj = !em_is_int_var(var) && em_var_has_adj(em, v);
        const char *g = NULL, *adj = NULL;
        if (has_adj) {
            g = em_fresh(em, "g");
            adj = em_var_adj(em, v);
            em_line(em, "%s *%s = (%s *)rt_scratch_doubles(&S->scratch, "
                    "(size_t)%s(%s));", ctype, g, ctype, two, count);
            em_line(em, "for (int k = 0; k < %s; k++) { %s[k] = %s[%s[k]]; "
                    "%s[%s[k]] = 0; }", count, g, adj, map, adj, map);
        }
        if (cx)
            em_line(em, "for (int k = %s - 1; k >= 0; k--) rt_stack_pop_"
                    "doubles(&S->stack, (double *)&%s[%s[k]], 2);", count,
                    ptr, map);
        else
            em_line(em, "for (int k = %s - 1; k >= 0; k--) %s[%s[k]] = "
                    "%s(&S->stack);", count, ptr, map, em_is_int_var(var)
                    ? "rt_stack_pop_int" : "rt_stack_pop_double");
        if (!has_adj)
            return;
        em_forget_emitted(em);
        if (container) {
            backprop_assigned(em, s->rhs, var, g);
        } else {
            /* one value written to every selected element */
            const char *t = em_fresh(em, "g");
            em_line(em, "%s %s = 0;", ctype, t);
            em_line(em, "for (int k = 0; k < %s; k++) %s += %s[k];", count, t,
                    g);
            backprop_assigned(em, s->rhs, var, t);
        }
        return;
    }
    const char *o = em_fresh(em, "o");
    em_line(em, "int %s = %s;", o, off);
    em_line(em, "(void)%s;", o);
    if (em_is_int_var(var)) {
        em_line(em, "for (int k = %s - 1; k >= 0; k--) %s[%s + k] = "
                "rt_stack_pop_int(&S->stack);", count, ptr, o);
        return;
    }
    /* the value overwritten is never read again: nothing to restore, and
     * the adjoint is read no more after this step */
    bool unneeded = em_old_unneeded(em, s);
    if (!em_var_has_adj(em, v)) {
        if (!unneeded)
            em_line(em, "rt_stack_pop_doubles(&S->stack, (double *)(%s + %s), "
                    "(size_t)%s(%s));", ptr, o, two, count);
        return;
    }
    const char *adj = em_var_adj(em, v);
    if (container && s->lhs.nsteps == 0 && !em_reads_var(s->rhs, v)) {
        /* the whole variable from a value that does not read it: its
         * adjoint goes into the value as it is, then is cleared */
        em_forget_emitted(em);
        if (unneeded) {
            /* nothing popped: v holds the value written */
            em_reuse_assigned_value(em, s->rhs, v, NULL);
        } else if (s->rhs->kind == MX_CALL && !cx) {
            /* a call's value is kept before the pop: a copy costs less
             * than computing it again */
            const char *w = em_fresh(em, "w");
            em_line(em, "double *%s = rt_scratch_doubles(&S->scratch, "
                    "(size_t)(%s));", w, count);
            em_line(em, "memcpy(%s, %s, sizeof(double) * (size_t)(%s));", w,
                    ptr, count);
            em_reuse_assigned_value(em, s->rhs, v, w);
        }
        if (!unneeded)
            em_line(em, "rt_stack_pop_doubles(&S->stack, %s, (size_t)%s(%s));",
                    dptr, two, count);
        backprop_assigned(em, s->rhs, var, adj);
        if (!unneeded)
            em_line(em, "memset(%s, 0, sizeof(%s) * (size_t)(%s));", adj,
                    ctype, count);
        return;
    }
    /* the adjoint of the value written, then the old value back */
    const char *g = em_fresh(em, "g");
    em_line(em, "%s *%s = (%s *)rt_scratch_doubles(&S->scratch, "
            "(size_t)%s(%s));", ctype, g, ctype, two, count);
    em_line(em, "for (int k = 0; k < %s; k++) { %s[k] = %s[%s + k]; "
            "%s[%s + k] = 0; }", count, g, adj, o, adj, o);
    if (!unneeded)
        em_line(em, "rt_stack_pop_doubles(&S->stack, (double *)(%s + %s), "
                "(size_t)%s(%s));", ptr, o, two, count);
    em_forget_emitted(em);   /* the old value is back: recompute from here */
    backprop_assigned(em, s->rhs, var, container ? g : A("%s[0]", g));
}

/* The reverse step of adding e (summed, if a container) to target: an
 * adjoint of 1 for every element. */
static void backprop_summed(Emit *em, const MirExpr *e)
{
    /* 1, or the adjoint of target when something reads target(); in an
     * _lp function's reverse the caller's (0 when the call's context is
     * off, emit_ctx.c) */
    const char *seed = em_target_seed(em);
    if (!em_is_container_type(e->type)) {
        em_backprop(em, e, seed);
        return;
    }
    Opnd r = em_value(em, e);
    const char *g = em_adj_buffer(em, r);
    em_line(em, "for (int k = 0; k < %s; k++) %s[k] = %s;", r.n, g, seed);
    em_backprop(em, e, g);
}

void em_rev_stmt(Emit *em, const MirStmt *s)
{
    if (em_ctx_gate(em, s, SEC_LOGP, false))
        return;
    if (s == em->tail) {
        /* the value and the partials together, the value into lp_out */
        em_forget_emitted(em);
        const char *t = em_fresh(em, "t");
        em->capture = t;
        em->capture_checked = false;
        em_backprop(em, s->rhs, "1.0");
        em->capture = NULL;
        if (!em->capture_checked)
            em_line(em, "if (isnan(%s)) return -1;", t);
        em->capture_checked = false;
        em_line(em, "*lp_out += %s;", t);
        return;
    }
    em_forget_emitted(em);
    if (s->kind != MS_SLIST && s->kind != MS_DECL && s->kind != MS_ASSIGN
        && s->kind != MS_RETURN && em->sec_logp && em_inert(em, s))
        return;   /* fused target increments: done in the forward sweep */
    if (em_target_rev_stmt(em, s))
        return;   /* s reads target or calls an _lp function: emit_target.c */
    switch (s->kind) {
    case MS_ASSIGN:
        rev_assign(em, s);
        return;
    case MS_TARGET_PE:
        backprop_summed(em, s->rhs);
        return;
    case MS_CALL:
        /* an _lp or _jacobian function called for its effect on target */
        if (s->call->fn_kind == FNK_USER && (s->call->effect & EFF_TARGET))
            em_backprop_user(em, s->call, "0.0");
        return;
    case MS_RETURN:
        if (s->rhs)
            em_backprop(em, s->rhs, "ret_adj");
        return;
    case MS_JACOBIAN_PE:
        em_line(em, "if (jacobian) {");
        em->indent++;
        backprop_summed(em, s->rhs);
        em->indent--;
        em_line(em, "}");
        return;
    case MS_IF: {
        const char *f = em_fresh(em, "c");
        em_line(em, "int %s = rt_stack_pop_int(&S->stack);", f);
        em_line(em, "if (%s)", f);
        rev_block(em, as_block(em, &((MirStmt *)s)->body));
        if (s->else_body) {
            em_line(em, "else");
            rev_block(em, as_block(em, &((MirStmt *)s)->else_body));
        }
        return;
    }
    case MS_FOR: {
        const char *l = em_fresh(em, "lo"), *h = em_fresh(em, "hi");
        em_line(em, "int %s = rt_stack_pop_int(&S->stack);", h);
        em_line(em, "int %s = rt_stack_pop_int(&S->stack);", l);
        const char *i = em_var_val(em, s->var);
        em_line(em, "for (long long %s_k = %s; %s_k >= %s; %s_k--) {", i, h,
                i, l, i);
        em->indent++;
        em_line(em, "int %s[1] = {(int)%s_k};", i, i);
        em_line(em, "(void)%s;", i);
        rev_block(em, as_block(em, &((MirStmt *)s)->body));
        em->indent--;
        em_line(em, "}");
        return;
    }
    case MS_WHILE: {
        const char *n = em_fresh(em, "n");
        em_line(em, "for (int %s = rt_stack_pop_int(&S->stack); %s > 0; "
                "%s--)", n, n, n);
        rev_block(em, as_block(em, &((MirStmt *)s)->body));
        return;
    }
    case MS_PROFILE:
        em_profile_rev(em, s);
        return;
    case MS_BLOCK:
        rev_block(em, s);
        return;
    case MS_SLIST:
        rev_list(em, s->stmts, s->nstmts);
        return;
    default:
        return;  /* declarations, checks, prints: nothing to undo */
    }
}
