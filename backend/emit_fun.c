/* emit_fun.c - user-defined functions as C.
 *
 * Each function becomes a primal C function (values only: transformed
 * data, generated quantities, and the forward sweep of the log density)
 * and, when its result is real or complex, a reverse function: given
 * the arguments' values and the adjoint of the result, it runs the body's
 * forward sweep again (pushing onto the shared value stack) and then its
 * reverse sweep, adding the arguments' adjoints into caller buffers (a
 * complex one's are complex, emit_complex_adj.c).  A call's reverse step
 * is one call of the reverse function, so recursion needs nothing
 * special.  So far: arguments and locals of the types the backend
 * compiles, real/complex/int/void results, returns in tail position for
 * the reverse function. */
#include <stdlib.h>
#include <string.h>

#include "emit.h"

#define A(...) arena_printf(em->a, __VA_ARGS__)

static const char *fun_cname(Emit *em, int fi)
{
    return A("f%d_%s", fi, em->p->funs[fi].name);
}

/* Results: int, real, or a real container (vector, row_vector, matrix,
 * array[] real, array[] vector, array[] row_vector) returned in scratch
 * memory with its rows and columns (a vector or array[] real is n x 1,
 * an array of vectors one vector per row). */
static bool result_is_vector(const MirFun *f)
{
    const Type *t = f->ret;
    if (t->kind == TY_ARRAY && t->dims == 1)
        t = t->elem;
    else if (t->kind == TY_MATRIX || t->kind == TY_COMPLEX_MATRIX)
        return true;
    return t->kind == TY_VECTOR || t->kind == TY_ROW_VECTOR
        || t->kind == TY_COMPLEX_VECTOR || t->kind == TY_COMPLEX_ROW_VECTOR
        || (f->ret->kind == TY_ARRAY
            && (t->kind == TY_REAL || t->kind == TY_COMPLEX
                || t->kind == TY_INT));
}

/* An array[] int result (values only: ints carry no derivatives). */
static bool result_is_ints(const MirFun *f)
{
    return f->ret->kind == TY_ARRAY && f->ret->dims == 1
        && f->ret->elem->kind == TY_INT;
}

/* Complex results (their adjoints are complex, emit_complex_adj.c). */
static bool result_is_complex(const MirFun *f)
{
    return f->ret->kind != TY_VOID && em_is_complex_type(f->ret);
}

/* The C type of a scalar: its elements' for containers. */
static const char *ctype(const Type *t)
{
    return ty_base(t)->kind == TY_INT ? "int"
        : em_is_complex_type(t) ? "double complex" : "double";
}

/* Whether the function adds to target (an _lp or _jacobian function):
 * it takes the caller's log density as `double *lp` and the `jacobian`
 * flag. */
static bool uses_target(const MirFun *f)
{
    return (f->effect & EFF_TARGET) != 0;
}

/* Whether the function has a reverse function: its result carries
 * derivatives, or it adds to target. */
static bool has_reverse(const MirFun *f)
{
    return ((f->ret->kind == TY_REAL || f->ret->kind == TY_COMPLEX
             || result_is_vector(f)) && !result_is_ints(f))
        || (f->ret->kind == TY_VOID && uses_target(f));
}

/* The C parameters of a Stan argument: a scalar by value, a container
 * as a pointer and its dimensions. */
static const char *c_params(Emit *em, VarId v)
{
    const MirVar *var = &em->p->vars[v];
    const char *c = ctype(var->sized.type);
    int rank = em_var_rank(var);
    if (rank == 0)
        return A("%s in_%s", c, var->name);
    const char *s = A("const %s *in_%s", c, var->name);
    for (int k = 0; k < rank; k++)
        s = A("%s, int %s", s, em_var_dim(em, v, k));
    return s;
}

static void check_signature(Emit *em, const MirFun *f)
{
    for (int i = 0; i < f->nparams; i++) {
        const MirVar *var = &em->p->vars[f->params[i]];
        TypeKind k = ty_base(var->sized.type)->kind;
        if (k != TY_INT && k != TY_REAL && k != TY_VECTOR
            && k != TY_ROW_VECTOR && k != TY_MATRIX
            && !em_is_complex_type(var->sized.type))
            em_unsupported(em, "the argument '%s' of type %s of function %s",
                           var->name, ty_str(em->a, var->sized.type), f->name);
    }
    TypeKind r = f->ret->kind;
    if (r != TY_VOID && r != TY_INT && r != TY_REAL && r != TY_COMPLEX
        && !result_is_vector(f))
        em_unsupported(em, "functions returning %s yet (%s)",
                       ty_str(em->a, f->ret), f->name);
}

static const char *signature(Emit *em, int fi, bool rev)
{
    const MirFun *f = &em->p->funs[fi];
    /* a model need not call every function, or every reverse function */
    const char *s = A("static int MAYBE_UNUSED %s%s(const Model *m, State *S, "
                      "bool propto",
                      fun_cname(em, fi), rev ? "_rev" : "");
    /* the reverse function also takes the adjoint of target, which a
     * read of target() in it adds to (emit_target.c): the caller's, or a
     * 0 when the call's context is off (emit_ctx.c) */
    if (uses_target(f))
        s = A("%s, double *lp, bool jacobian%s", s,
              rev ? ", double *lp_adj" : "");
    for (int i = 0; i < f->nparams; i++)
        s = A("%s, %s", s, c_params(em, f->params[i]));
    if (!rev && result_is_vector(f))
        s = A("%s, %s **ret, int *ret_rows, int *ret_cols", s,
              ctype(f->ret));
    else if (!rev && f->ret->kind != TY_VOID)
        s = A("%s, %s *ret", s, ctype(f->ret));
    if (rev) {
        const char *rt = result_is_complex(f) ? "double complex" : "double";
        s = A("%s, %s", s, result_is_vector(f) ? A("const %s *ret_adj", rt)
                                               : A("%s ret_adj", rt));
        for (int i = 0; i < f->nparams; i++) {
            const MirVar *var = &em->p->vars[f->params[i]];
            if (!em_is_int_var(var) && !f->data_only[i])
                s = A("%s, %s *g_%s", s, ctype(var->sized.type), var->name);
        }
    }
    return A("%s, RtRng *rng, RtError *err)", s);
}

/* The arguments as the locals the body's code expects (v_NAME). */
static void bind_params(Emit *em, const MirFun *f)
{
    for (int i = 0; i < f->nparams; i++) {
        VarId v = f->params[i];
        const MirVar *var = &em->p->vars[v];
        const char *c = ctype(var->sized.type);
        if (em_var_rank(var) == 0)
            em_line(em, "%s %s[1] = {in_%s};", c, em_var_val(em, v),
                    var->name);
        else
            em_line(em, "const %s *%s = in_%s;", c, em_var_val(em, v),
                    var->name);
        em_line(em, "(void)%s;", em_var_val(em, v));
        em_declare_adjoint(em, v);
    }
    em_line(em, "(void)m;");
    em_line(em, "(void)S;");
    em_line(em, "(void)rng;");
    em_line(em, "(void)propto;");
    if (uses_target(f)) {
        em_line(em, "(void)lp;");
        em_line(em, "(void)jacobian;");
    }
}

/* The recursion guard, first in every function body (see runtime/stack.c:
 * the sampler runs on a large stack, and a frame below its limit is a
 * fatal "recursion too deep in function f", not a SIGSEGV).  Stan names
 * are identifiers, safe inside a C string. */
static void recursion_guard(Emit *em, const MirFun *f)
{
    em_line(em, "if (rt_recursion_too_deep()) return rt_recursion_error(err, "
            "\"%s\");", f->name);
}

static void emit_primal(Emit *em, int fi)
{
    const MirFun *f = &em->p->funs[fi];
    em->ad = false;
    em_line(em, "%s", signature(em, fi, false));
    em_line(em, "{");
    em->indent++;
    recursion_guard(em, f);
    bind_params(em, f);
    em_fwd_stmt(em, f->body, SEC_FUN);
    if (f->ret->kind == TY_VOID)
        em_line(em, "return 0;");
    else
        em_line(em, "return rt_error(err, \"%%s: the end of the function was "
                "reached without a return\", %s);", em_c_string(em->a, f->name));
    em->indent--;
    em_line(em, "}");
}

static void emit_reverse(Emit *em, int fi)
{
    const MirFun *f = &em->p->funs[fi];
    const MirStmt *body = f->body;
    if (mir_has_exits(body, true))   /* mir_structure_exits left them */
        em_unsupported(em, "derivatives of %s yet: a return of a container "
                       "before the end of the function", f->name);
    if (f->effect & EFF_RNG)
        em_unsupported(em, "derivatives of %s: it uses the RNG", f->name);
    em->ad = true;
    em_line(em, "%s", signature(em, fi, true));
    em_line(em, "{");
    em->indent++;
    recursion_guard(em, f);
    bind_params(em, f);
    if (uses_target(f))
        em_line(em, "(void)lp_adj;");
    em_fwd_stmt(em, body, SEC_FUN);
    em->in_reverse = true;
    em_rev_stmt(em, body);
    em->in_reverse = false;
    for (int i = 0; i < f->nparams; i++) {
        VarId v = f->params[i];
        const MirVar *var = &em->p->vars[v];
        if (em_is_int_var(var) || f->data_only[i])
            continue;
        if (!em_var_has_adj(em, v))
            continue;
        em_line(em, "for (int k = 0; k < %s; k++) g_%s[k] += %s[k];",
                em_var_count(em, v), var->name, em_var_adj(em, v));
    }
    if (f->ret->kind == TY_VOID)
        em_line(em, "(void)ret_adj;");
    em_line(em, "return 0;");
    em->indent--;
    em_line(em, "}");
}

/* Try to emit one function (primal or reverse) into the output; on an
 * unsupported construct nothing is written and *why says why. */
static bool try_emit(Emit *em, int fi, bool rev, char *why, size_t n)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    if (!mem)
        return false;
    Emit sub = *em;
    sub.out = mem;
    sub.indent = 0;
    sub.in_function = true;
    sub.sec_logp = false;
    sub.why = why;
    sub.nwhy = n;
    volatile bool ok = false;
    /* an internal error below frees the stream here (ice.h) */
    jmp_buf recover;
    jmp_buf *outer = diag_set_ice_target(&recover);
    volatile bool ice = false;
    if (setjmp(recover) != 0) {
        ice = true;
    } else if (setjmp(sub.fail) == 0) {
        check_signature(&sub, &em->p->funs[fi]);
        if (rev)
            emit_reverse(&sub, fi);
        else
            emit_primal(&sub, fi);
        ok = true;
    }
    diag_set_ice_target(outer);
    fclose(mem);
    if (ice) {
        free(buf);
        diag_ice_rethrow();
    }
    em->tmp = sub.tmp;
    if (ok)
        fwrite(buf, 1, len, em->out);
    free(buf);
    return ok;
}

static void index_functions(Emit *em);

void em_functions(Emit *em)
{
    const MirProgram *p = em->p;
    index_functions(em);
    em->fun_why = arena_alloc(em->a, sizeof(char *) * (size_t)(p->nfuns + 1));
    em->rev_why = arena_alloc(em->a, sizeof(char *) * (size_t)(p->nfuns + 1));
    /* prototypes first: functions may call each other in any order */
    for (int fi = 0; fi < p->nfuns; fi++) {
        if (!p->funs[fi].body) {
            em->fun_why[fi] = A("the function %s, which has no definition "
                                "(@extern C functions are not linked yet)",
                                p->funs[fi].name);
            continue;
        }
        char why[512];
        Emit probe = *em;
        probe.why = why;
        probe.nwhy = sizeof why;
        if (setjmp(probe.fail) == 0) {
            check_signature(&probe, &p->funs[fi]);
            em_line(em, "%s;", signature(em, fi, false));
            if (has_reverse(&p->funs[fi]))
                em_line(em, "%s;", signature(em, fi, true));
        } else {
            em->fun_why[fi] = arena_strdup(em->a, why);
        }
    }
    fputc('\n', em->out);
    em_callback_prototypes(em);
    for (int fi = 0; fi < p->nfuns; fi++) {
        if (em->fun_why[fi])
            continue;
        char why[512];
        if (!try_emit(em, fi, false, why, sizeof why)) {
            em->fun_why[fi] = arena_strdup(em->a, why);
            /* keep the program compilable: a body that says why */
            em_line(em, "%s", signature(em, fi, false));
            em_line(em, "{");
            em_line(em, "    (void)m; (void)S; (void)rng; (void)propto;");
            em_line(em, "    return rt_error(err, \"not compiled\");");
            em_line(em, "}");
        }
        fputc('\n', em->out);
        if (!has_reverse(&p->funs[fi]))
            continue;
        if (!try_emit(em, fi, true, why, sizeof why)) {
            em->rev_why[fi] = arena_strdup(em->a, why);
            em_line(em, "%s", signature(em, fi, true));
            em_line(em, "{");
            em_line(em, "    (void)m; (void)S; (void)rng; (void)ret_adj; "
                    "(void)propto;");
            em_line(em, "    return rt_error(err, \"not compiled\");");
            em_line(em, "}");
        }
        fputc('\n', em->out);
    }
    em_ode_callbacks(em);
    em_callback_definitions(em);
}

/* The overload of `name` that a call with these argument types means:
 * the least promotion cost, as the typechecker chose. */
/* The name of the definition a call of `called` calls: foo_lupdf calls
 * foo_lpdf (and foo_lupmf foo_lpmf). */
static const char *definition_name(Arena *a, const char *called)
{
    size_t n = strlen(called);
    if (n > 6 && (strcmp(called + n - 6, "_lupdf") == 0
                  || strcmp(called + n - 6, "_lupmf") == 0))
        return arena_printf(a, "%.*s_lp%s", (int)(n - 6), called,
                            called + n - 2);
    return called;
}

/* em->funs, once: em_functions builds it before it copies em into the
 * emitters of the bodies, so that they share it. */
static void index_functions(Emit *em)
{
    if (em->funs_ready)
        return;
    scope_init(&em->funs, em->a);
    scope_push(&em->funs);
    for (int fi = 0; fi < em->p->nfuns; fi++)
        scope_declare(&em->funs, em->p->funs[fi].name, fi);
    em->funs_ready = true;
}

int em_resolve_fun(Emit *em, const MirExpr *call)
{
    const MirProgram *p = em->p;
    index_functions(em);
    /* the overload that needs the fewest promotions; among equals the
     * first defined */
    int best = -1, best_cost = 1 << 30;
    const char *name = definition_name(em->a, call->fn);
    for (int e = scope_find(&em->funs, name); e >= 0;
         e = scope_older(&em->funs, e)) {
        int fi = em->funs.entries[e].value;
        const MirFun *f = &p->funs[fi];
        if (f->nparams != call->nargs)
            continue;
        int cost = 0;
        for (int i = 0; i < f->nparams && cost >= 0; i++) {
            int c = ty_promotion_cost(call->args[i]->type,
                                      p->vars[f->params[i]].sized.type);
            cost = c < 0 ? -1 : cost + c;
        }
        if (cost >= 0 && (cost < best_cost || (cost == best_cost && fi < best))) {
            best = fi;
            best_cost = cost;
        }
    }
    if (best < 0)
        em_unsupported(em, "the call of %s (no matching definition)",
                       call->fn);
    return best;
}

/* Whether the callee drops constants: a call as foo_lupdf/foo_lupmf in
 * the log density (or in a function that was itself told to) does. */
static const char *call_propto(Emit *em, const MirExpr *e)
{
    bool lup = strstr(e->fn, "_lupdf") || strstr(e->fn, "_lupmf");
    return lup && (em->sec_logp || em->in_function) ? "propto" : "false";
}

/* The log density and jacobian flag a call of an _lp or _jacobian
 * function passes on: the log density's own, the function's own (inside
 * one), or none (generated quantities re-running transformed parameters,
 * and the reverse function, whose forward sweep must not add again). */
static const char *target_args(Emit *em, const MirFun *f, const MirExpr *e,
                               bool rev)
{
    if (!uses_target(f))
        return "";
    if (rev || (!em->sec_logp && !em->in_function))
        return ", &(double){0}, false";
    /* a call recomputed in a reverse sweep adds to a copy, which starts
     * from the log density the forward call saw when the function reads
     * target() (emit_target.c) */
    const char *at = em_target_at(em, e);
    if (em->in_reverse)
        return A(", &(double){%s}, jacobian", at ? at : "0");
    if (em->in_function)
        return ", lp, jacobian";
    /* in the log density: to a dropped accumulator when the call's
     * context is off */
    const char *flag = em_ctx_call_flag(em, e);
    return flag ? A(", %s ? &lp : &(double){0}, jacobian", flag)
                : ", &lp, jacobian";
}

/* The C arguments of a call: scalars by value, containers as pointer and
 * dimensions.  An operand carries at most two dimensions (rows, cols): a
 * parameter of rank 3 or more (array[,,] real, array[] matrix) takes its
 * dimensions from the argument variable's, and any other argument of such
 * a parameter is refused rather than passed with dimensions missing. */
static const char *call_args(Emit *em, const MirFun *f, const MirExpr *e,
                             Opnd *ops)
{
    const char *s = "";
    for (int i = 0; i < f->nparams; i++) {
        const MirVar *var = &em->p->vars[f->params[i]];
        Opnd o = ops[i];
        int rank = em_var_rank(var);
        s = A("%s, %s", s, o.val);
        if (rank == 0)
            continue;
        const MirExpr *x = e->args[i];
        if (rank >= 2 && x->kind == MX_VAR && x->var >= 0
            && em_var_rank(&em->p->vars[x->var]) == rank) {
            /* an array[,] real variable's operand is flat (rows = all
             * its elements): its declared dimensions */
            for (int k = 0; k < rank; k++)
                s = A("%s, %s", s, em_var_dim(em, x->var, k));
        } else if (rank == 1) {
            s = A("%s, %s", s, o.n);
        } else if (rank == 2) {
            s = A("%s, %s, %s", s, o.rows, o.cols);
        } else {
            em_unsupported(em, "passing an expression of type %s to %s "
                           "(only a variable of that type)",
                           ty_str(em->a, var->sized.type), f->name);
        }
    }
    return s;
}

Opnd em_call_user(Emit *em, const MirExpr *e)
{
    int fi = em_resolve_fun(em, e);
    const MirFun *f = &em->p->funs[fi];
    if (em->fun_why && em->fun_why[fi])
        em_unsupported(em, "%s", em->fun_why[fi] + (strncmp(em->fun_why[fi],
                       "the C backend does not compile ", 31) == 0 ? 31 : 0));
    Opnd *ops = arena_alloc(em->a, sizeof *ops * (size_t)(f->nparams + 1));
    for (int i = 0; i < f->nparams; i++) {
        ops[i] = em_value(em, e->args[i]);
        const MirVar *var = &em->p->vars[f->params[i]];
        if (em_is_complex_var(var)) {
            ops[i] = em_to_complex(em, ops[i]);
        } else if (ops[i].is_int && !em_is_int_var(var)) {
            /* Stan promotes int to real, an array[] int to array[] real
             * too: a copy as doubles (an int has no derivative) */
            ops[i] = em_cb_doubles(em, ops[i]);
        }
    }
    const char *t = em_fresh(em, "t");
    Opnd r = {t, NULL, "1", "1", "1", false, f->ret->kind == TY_INT, false};
    if (f->ret->kind == TY_VOID) {
        em_line(em, "if (%s(m, S, %s%s%s, rng, err)) return -1;",
                fun_cname(em, fi), call_propto(em, e),
                target_args(em, f, e, false), call_args(em, f, e, ops));
        r.val = "0";
        return r;
    }
    if (result_is_vector(f)) {
        const char *rows = em_fresh(em, "rows"), *cols = em_fresh(em, "cols");
        em_line(em, "%s *%s = NULL;", ctype(f->ret), t);
        em_line(em, "int %s = 0, %s = 0;", rows, cols);
        em_line(em, "if (%s(m, S, %s%s%s, &%s, &%s, &%s, rng, err)) return "
                "-1;", fun_cname(em, fi), call_propto(em, e),
                target_args(em, f, e, false), call_args(em, f, e, ops), t, rows,
                cols);
        Opnd v = {t, NULL, A("(%s * %s)", rows, cols), rows, cols, true,
                  result_is_ints(f), result_is_complex(f)};
        if (f->ret->kind == TY_ROW_VECTOR
            || f->ret->kind == TY_COMPLEX_ROW_VECTOR) {
            v.rows = "1";
            v.cols = A("(%s * %s)", rows, cols);
        }
        return v;
    }
    em_line(em, "%s %s = 0;", ctype(f->ret), t);
    em_line(em, "if (%s(m, S, %s%s%s, &%s, rng, err)) return -1;",
            fun_cname(em, fi), call_propto(em, e), target_args(em, f, e, false),
            call_args(em, f, e, ops), t);
    r.is_complex = result_is_complex(f);
    return r;
}

void em_backprop_user(Emit *em, const MirExpr *e, const char *adj)
{
    int fi = em_resolve_fun(em, e);
    const MirFun *f = &em->p->funs[fi];
    if (em->rev_why && em->rev_why[fi])
        em_unsupported(em, "%s", em->rev_why[fi] + (strncmp(em->rev_why[fi],
                       "the C backend does not compile ", 31) == 0 ? 31 : 0));
    Opnd *ops = arena_alloc(em->a, sizeof *ops * (size_t)(f->nparams + 1));
    const char **g = arena_alloc(em->a, sizeof *g * (size_t)(f->nparams + 1));
    const char *grads = "";
    for (int i = 0; i < f->nparams; i++) {
        ops[i] = em_value(em, e->args[i]);
        const MirVar *var = &em->p->vars[f->params[i]];
        bool cx = em_is_complex_var(var);
        if (cx)
            ops[i] = em_to_complex(em, ops[i]);
        else if (ops[i].is_int && !em_is_int_var(var))
            ops[i] = em_cb_doubles(em, ops[i]);
        g[i] = NULL;
        if (em_is_int_var(var) || f->data_only[i])
            continue;
        Opnd shape = ops[i];
        const char *buf = em_fresh(em, "g");
        if (shape.container)
            em_line(em, "%s *%s = (%s *)rt_scratch_doubles(&S->scratch, "
                    "(size_t)%s(%s));", ctype(var->sized.type), buf,
                    ctype(var->sized.type), cx ? "2 * " : "", shape.n);
        else
            em_line(em, "%s %s[1] = {0};", ctype(var->sized.type), buf);
        g[i] = buf;
        grads = A("%s, %s", grads, buf);
    }
    /* the jacobian flag the forward call had: in the log density, the
     * density's; the log density so far (what target() reads in it: lp
     * is back at its value before this statement, emit_target.c), and
     * the adjoint of target (1 unless something reads target()) */
    const char *ta = target_args(em, f, e, true);
    const char *lpc = NULL, *flag = NULL;
    if (uses_target(f)) {
        flag = em->in_function ? NULL : em_ctx_call_flag(em, e);
        const char *at = em_target_at(em, e);
        const char *lp0 = A("&(double){%s}", at ? at : "0");
        /* inside a statement reading target: the callee's own adjoint of
         * target (emit_target.c) */
        lpc = em_target_call_adj(em, flag);
        if (lpc)
            ta = A(", %s, jacobian, &%s", lp0, lpc);
        else if (em->in_function)
            ta = A(", %s, jacobian, lp_adj", lp0);
        else if (em->sec_logp)
            ta = A(", &(double){0}, jacobian, &(double){%s}", flag
                   ? A("%s ? 1.0 : 0.0", flag) : "1.0");
        else
            ta = A("%s, &(double){0.0}", ta);
    }
    /* the reverse function runs the body again: its prints (and those of
     * what it calls) were printed by the forward call already */
    if (f->effect & EFF_PRINTS) {
        const char *rc = em_fresh(em, "rc");
        em_line(em, "rt_print_mute(1);");
        em_line(em, "int %s = %s_rev(m, S, %s%s%s, %s%s, rng, err);", rc,
                fun_cname(em, fi), call_propto(em, e), ta,
                call_args(em, f, e, ops), adj, grads);
        em_line(em, "rt_print_mute(-1);");
        em_line(em, "if (%s) return -1;", rc);
    } else {
        em_line(em, "if (%s_rev(m, S, %s%s%s, %s%s, rng, err)) return -1;",
                fun_cname(em, fi), call_propto(em, e), ta,
                call_args(em, f, e, ops), adj, grads);
    }
    em_target_call_done(em, lpc, flag);
    for (int i = 0; i < f->nparams; i++) {
        if (!g[i] || !em_is_ad(em, e->args[i]))
            continue;
        const char *gi = ops[i].container ? g[i] : A("%s[0]", g[i]);
        /* a real argument of a complex parameter: the real part */
        if (em_is_complex_var(&em->p->vars[f->params[i]])
            && !em_is_complex_type(e->args[i]->type))
            em_complex_backprop_real(em, e->args[i], gi);
        else
            em_backprop(em, e->args[i], gi);
    }
}
