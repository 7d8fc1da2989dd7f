/* emit_c.c - the transformed MIR as one C translation unit: the model's
 * data in a struct, prepare_data as m_create, log_prob as m_log_density
 * with its gradient generated at compile time (a forward sweep that pushes
 * what it overwrites and decides, here; a reverse sweep that undoes it and
 * propagates adjoints, emit_rev.c), generate_quantities as m_write_array,
 * transform_inits as m_unconstrain.  docs/backend.md is the design. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "analyses.h"
#include "emit.h"

#define A(...) arena_printf(em->a, __VA_ARGS__)

/* ------------------------------------------------------------- plumbing */

void em_line(Emit *em, const char *fmt, ...)
{
    for (int i = 0; i < em->indent; i++)
        fputs("    ", em->out);
    va_list ap;
    va_start(ap, fmt);
    vfprintf(em->out, fmt, ap);
    va_end(ap);
    fputc('\n', em->out);
}

_Noreturn void em_unsupported(Emit *em, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int k = snprintf(em->why, em->nwhy, "the C backend does not compile ");
    if (k < 0 || (size_t)k >= em->nwhy)
        k = 0;
    vsnprintf(em->why + k, em->nwhy - (size_t)k, fmt, ap);
    va_end(ap);
    longjmp(em->fail, 1);
}

const char *em_fresh(Emit *em, const char *prefix)
{
    return A("%s%d", prefix, ++em->tmp);
}

static bool is_model_var(const MirVar *v)
{
    return v->kind == MV_DATA || v->kind == MV_TDATA;
}

const char *em_var_val(Emit *em, VarId v)
{
    const MirVar *var = &em->p->vars[v];
    return A("%sv_%s", is_model_var(var) ? "m->" : "", var->name);
}

const char *em_var_adj(Emit *em, VarId v)
{
    return A("a_%s", em->p->vars[v].name);
}

const char *em_var_dim(Emit *em, VarId v, int k)
{
    return A("%s_d%d", em_var_val(em, v), k);
}

bool em_var_has_adj(const Emit *em, VarId v)
{
    const MirVar *var = &em->p->vars[v];
    /* a complex local that never depends on parameters is data
     * (emit_complex.c's scan) */
    return em->ad && var->ad == AD_AUTODIFF && !is_model_var(var)
        && ty_base(var->sized.type)->kind != TY_INT
        && !(v < em->ncx_data && em->cx_data[v]);
}

int em_var_rank(const MirVar *var)
{
    return em_type_rank(var->sized.type);
}

const char *em_var_count(Emit *em, VarId v)
{
    const MirVar *var = &em->p->vars[v];
    int rank = em_var_rank(var);
    if (rank == 0)
        return "1";
    const char *n = em_var_dim(em, v, 0);
    for (int k = 1; k < rank; k++)
        n = A("%s * %s", n, em_var_dim(em, v, k));
    return A("(%s)", n);
}

bool em_is_int_var(const MirVar *var)
{
    return ty_base(var->sized.type)->kind == TY_INT;
}

static void check_type(Emit *em, const MirVar *var)
{
    TypeKind k = ty_base(var->sized.type)->kind;
    if (k != TY_INT && k != TY_REAL && k != TY_VECTOR && k != TY_ROW_VECTOR
        && k != TY_MATRIX && !em_is_complex_type(var->sized.type))
        em_unsupported(em, "variables of type %s ('%s')",
                       ty_str(em->a, var->sized.type), var->name);
}

/* ---------------------------------------------------------- declarations */

/* The dimensions of a declared variable, evaluated now, and checked
 * (em_dims_check) unless check is false. */
static void declare_dims(Emit *em, VarId v, bool in_model, bool check)
{
    const MirVar *var = &em->p->vars[v];
    const MirSized *s = &var->sized;
    int k = 0;
    for (int i = 0; i < s->ndims; i++, k++) {
        Opnd d = em_value(em, s->dims[i]);
        em_line(em, "%s%s = %s;", in_model ? "" : "int ", em_var_dim(em, v, k),
                d.val);
    }
    for (int i = 0; i < s->nsizes; i++, k++) {
        Opnd d = em_value(em, s->size[i]);
        em_line(em, "%s%s = %s;", in_model ? "" : "int ", em_var_dim(em, v, k),
                d.val);
    }
    if (check)
        em_dims_check(em, v);
}

/* Whether a variable is a parameter or an output: its sizes depend on the
 * data only and are checked once, in m_create (emit_sizes_and_names), not
 * again on every call. */
static bool sizes_checked_at_create(const MirVar *var)
{
    return var->kind == MV_PARAM || var->kind == MV_TPARAM
        || var->kind == MV_GQ;
}

/* The C type of a variable's elements. */
static const char *elem_ctype(const MirVar *var)
{
    return em_is_int_var(var) ? "int"
        : em_is_complex_var(var) ? "double complex" : "double";
}

/* Storage for a complex variable: 2 doubles an element, NaN + NaN i. */
static void declare_complex(Emit *em, VarId v, bool in_model)
{
    const MirVar *var = &em->p->vars[v];
    const char *val = em_var_val(em, v);
    if (em_var_rank(var) == 0 && !in_model) {
        em_line(em, "double complex %s[1] = {CMPLX(NAN, NAN)};", val);
        return;
    }
    declare_dims(em, v, in_model, !sizes_checked_at_create(var));
    em_line(em, "%s%s = (double complex *)rt_scratch_var_doubles(%s, "
            "(size_t)2 * %s, \"%s\");", in_model ? "" : "double complex *",
            val, in_model ? "&m->mem" : "&S->scratch", em_var_count(em, v),
            var->name);
    em_line(em, "for (int k = 0; k < %s; k++) %s[k] = CMPLX(NAN, NAN);",
            em_var_count(em, v), val);
}

/* Storage for a variable (not initialized: Stan's NaN for reals). */
void em_declare_storage(Emit *em, VarId v)
{
    const MirVar *var = &em->p->vars[v];
    check_type(em, var);
    bool in_model = is_model_var(var);
    bool is_int = em_is_int_var(var);
    if (em_is_complex_var(var)) {
        declare_complex(em, v, in_model);
        em_declare_adjoint(em, v);
        return;
    }
    const MirStmt *next = em->decl_next;
    if (em_var_rank(var) == 0 && !in_model) {
        em_line(em, is_int ? "int %s[1] = {0};" : "double %s[1] = {NAN};",
                em_var_val(em, v));
    } else if (next && next->lhs.var == v && em_param_in_place(em, next)) {
        /* the next statement points it into u: no storage of its own; in
         * the log density its adjoint is declared there too */
        declare_dims(em, v, in_model, !sizes_checked_at_create(var));
        em_line(em, "double *%s;", em_var_val(em, v));
        em_line(em, "(void)%s;", em_var_val(em, v));
        if (!em->sec_logp)
            em_declare_adjoint(em, v);
        return;
    } else {
        declare_dims(em, v, in_model, !sizes_checked_at_create(var));
        em_line(em, "%s%s = rt_scratch_var_%s(%s, (size_t)%s, \"%s\");",
                in_model ? "" : is_int ? "int *" : "double *",
                em_var_val(em, v), is_int ? "ints" : "doubles",
                in_model ? "&m->mem" : "&S->scratch", em_var_count(em, v),
                var->name);
        if (!is_int && !em->decl_assigned)
            em_line(em, "for (int k = 0; k < %s; k++) %s[k] = NAN;",
                    em_var_count(em, v), em_var_val(em, v));
    }
    if (!in_model)
        em_line(em, "(void)%s;", em_var_val(em, v));
    em_declare_adjoint(em, v);
}

void em_declare_adjoint(Emit *em, VarId v)
{
    if (!em_var_has_adj(em, v))
        return;
    /* a complex variable's adjoint is complex: dL/dx + i dL/dy per
     * element x + iy (emit_complex_adj.c) */
    bool cx = em_is_complex_var(&em->p->vars[v]);
    if (em_var_rank(&em->p->vars[v]) == 0)
        em_line(em, "%s %s[1] = {0};", cx ? "double complex" : "double",
                em_var_adj(em, v));
    else if (cx)
        em_line(em, "double complex *%s = (double complex *)rt_scratch_"
                "doubles(&S->scratch, (size_t)2 * %s);", em_var_adj(em, v),
                em_var_count(em, v));
    else
        em_line(em, "double *%s = rt_scratch_doubles(&S->scratch, "
                "(size_t)%s);", em_var_adj(em, v), em_var_count(em, v));
    /* a variable's adjoint may receive nothing (cc -Wall) */
    em_line(em, "(void)%s;", em_var_adj(em, v));
}

/* --------------------------------------------------------------- lvalues */

void em_lvalue(Emit *em, const MirLvalue *lv, const char **offset,
               const char **count, const char **map)
{
    VarId v = lv->var;
    const MirVar *var = &em->p->vars[v];
    int rank = em_var_rank(var);
    const char *off = "0";
    int d = 0;
    *map = NULL;
    for (int s = 0; s < lv->nsteps; s++) {
        const MirLvalueStep *st = &lv->steps[s];
        if (!st->indices)
            em_unsupported(em, "assignment to a tuple element");
        if (d + st->nindices > rank)
            em_unsupported(em, "assignment to a slice of '%s'", var->name);
        if (!em_indices_single(st->indices, st->nindices)) {
            /* x[i][a:b, g] = ...: the elements through their offsets */
            if (s != lv->nsteps - 1)
                em_unsupported(em, "assignment through a slice of a slice "
                               "of '%s'", var->name);
            MirIndex *all = arena_alloc(em->a, sizeof *all
                                        * (size_t)(d + st->nindices));
            int k = 0;
            for (int p = 0; p < s; p++)
                for (int i = 0; i < lv->steps[p].nindices; i++)
                    all[k++] = lv->steps[p].indices[i];
            for (int i = 0; i < st->nindices; i++)
                all[k++] = st->indices[i];
            const char *rows, *cols;
            *map = em_index_map(em, v, all, k, count, &rows, &cols);
            *offset = "0";
            return;
        }
        off = A("%s + %s", off, em_index_offset(em, v, st->indices,
                                                  st->nindices, d, count));
        d += st->nindices;
    }
    *offset = off;
    if (d == 0)
        *count = em_var_count(em, v);
}

/* ------------------------------------------------------------- statements */


bool em_is_param_read(const MirStmt *s)
{
    const MirExpr *r = s->rhs;
    return em_is_internal(r, FN_READ_PARAM)
        || (em_is_internal(r, FN_CONSTRAIN) && em_is_internal(r->args[0],
                                                        FN_READ_PARAM));
}

/* print(...) / reject(...): the message, then print it or fail. */

/* At the end of a block in the forward sweep: its locals' final values
 * (then their sizes), for the reverse sweep to declare them again; before
 * them, the adjoint of a local that fused reads added into
 * (em_final_carried). */
/* The statement list of a profile that opens no scope (the profile
 * pass's, around an SList): its declarations are its block's; else NULL. */
static const MirStmt *level_list(const MirStmt *s)
{
    return s->kind == MS_PROFILE && s->body && s->body->kind == MS_SLIST
        ? s->body : NULL;
}

static void push_locals(Emit *em, const MirStmt *b)
{
    /* the locals the block declares at its own level, in order */
    for (int i = 0; i < b->nstmts; i++) {
        if (level_list(b->stmts[i]))
            push_locals(em, level_list(b->stmts[i]));
        if (b->stmts[i]->kind != MS_DECL)
            continue;
        VarId v = b->stmts[i]->var;
        const MirVar *var = &em->p->vars[v];
        int rank = em_var_rank(var);
        if (em_final_carried(em, v))
            em_line(em, "rt_stack_push_doubles(&S->stack, %s, (size_t)%s);",
                    em_var_adj(em, v), em_var_count(em, v));
        if (em_is_int_var(var)) {
            em_line(em, "for (int k = 0; k < %s; k++) rt_stack_push_int("
                    "&S->stack, %s[k]);", em_var_count(em, v),
                    em_var_val(em, v));
        } else if (em_is_complex_var(var)) {
            em_line(em, "rt_stack_push_doubles(&S->stack, (const double *)%s, "
                    "(size_t)2 * %s);", em_var_val(em, v), em_var_count(em, v));
        } else {
            em_line(em, "rt_stack_push_doubles(&S->stack, %s, (size_t)%s);",
                    em_var_val(em, v), em_var_count(em, v));
        }
        for (int k = 0; k < rank; k++)
            em_line(em, "rt_stack_push_int(&S->stack, %s);",
                    em_var_dim(em, v, k));
    }
}

void em_pop_locals(Emit *em, const MirStmt *b)
{
    /* the same locals, in reverse order */
    for (int i = b->nstmts - 1; i >= 0; i--) {
        if (level_list(b->stmts[i]))
            em_pop_locals(em, level_list(b->stmts[i]));
        if (b->stmts[i]->kind != MS_DECL)
            continue;
        VarId v = b->stmts[i]->var;
        const MirVar *var = &em->p->vars[v];
        int rank = em_var_rank(var);
        for (int k = rank - 1; k >= 0; k--)
            em_line(em, "int %s = rt_stack_pop_int(&S->stack);",
                    em_var_dim(em, v, k));
        bool is_int = em_is_int_var(var);
        bool cx = em_is_complex_var(var);
        if (rank == 0)
            em_line(em, "%s %s[1];", elem_ctype(var), em_var_val(em, v));
        else if (cx)
            em_line(em, "double complex *%s = (double complex *)"
                    "rt_scratch_doubles(&S->scratch, (size_t)2 * %s);",
                    em_var_val(em, v), em_var_count(em, v));
        else
            em_line(em, "%s *%s = rt_scratch_%s(&S->scratch, (size_t)%s);",
                    is_int ? "int" : "double", em_var_val(em, v),
                    is_int ? "ints" : "doubles", em_var_count(em, v));
        if (cx)
            em_line(em, "rt_stack_pop_doubles(&S->stack, (double *)%s, "
                    "(size_t)2 * %s);", em_var_val(em, v), em_var_count(em, v));
        else if (is_int)
            em_line(em, "for (int k = %s - 1; k >= 0; k--) %s[k] = "
                    "rt_stack_pop_int(&S->stack);", em_var_count(em, v),
                    em_var_val(em, v));
        else
            em_line(em, "rt_stack_pop_doubles(&S->stack, %s, (size_t)%s);",
                    em_var_val(em, v), em_var_count(em, v));
        em_line(em, "(void)%s;", em_var_val(em, v));
        if (!em_final_carried(em, v)) {
            em_declare_adjoint(em, v);
            continue;
        }
        /* what the fused reads added in the forward sweep */
        if (rank == 0)
            em_line(em, "double %s[1];", em_var_adj(em, v));
        else
            em_line(em, "double *%s = rt_scratch_doubles(&S->scratch, "
                    "(size_t)%s);", em_var_adj(em, v), em_var_count(em, v));
        em_line(em, "rt_stack_pop_doubles(&S->stack, %s, (size_t)%s);",
                em_var_adj(em, v), em_var_count(em, v));
    }
}

bool em_reads_var(const MirExpr *e, VarId v)
{
    if (!e)
        return false;
    if (e->kind == MX_VAR && e->var == v)
        return true;
    for (int i = 0; i < e->nargs; i++)
        if (em_reads_var(e->args[i], v))
            return true;
    for (int i = 0; i < e->nindices; i++)
        if (em_reads_var(e->indices[i].lo, v)
            || em_reads_var(e->indices[i].hi, v))
            return true;
    return false;
}

static void fwd_assign(Emit *em, const MirStmt *s, Section sec)
{
    VarId v = s->lhs.var;
    const MirVar *var = &em->p->vars[v];
    if (em_is_param_read(s)) {
        em_read_param(em, v, s->rhs, sec == SEC_LOGP);
        if (sec != SEC_LOGP)
            em_line(em, "(void)p_%s;", var->name);
        else if (em_param_in_place(em, s) && em_var_has_adj(em, v)) {
            /* its adjoint is its part of the gradient, zeroed on entry
             * (a scratch buffer when no gradient is wanted) */
            em_line(em, "double *%s = grad ? grad + p_%s : rt_scratch_doubles("
                    "&S->scratch, (size_t)%s);", em_var_adj(em, v), var->name,
                    em_var_count(em, v));
            em_line(em, "(void)%s;", em_var_adj(em, v));
        }
        return;
    }
    if (em_is_internal(s->rhs, FN_READ_DATA)) {
        const MirExpr *name = s->rhs->args[0];
        if (name->kind != MX_STR)
            em_unsupported(em, "a read of '%s' without its name", var->name);
        em_read_data(em, v, name->text, sec == SEC_INITS ? "inits" : "data");
        return;
    }
    if (s->lhs.nsteps == 0 && !em_is_int_var(var)
        && em_is_container_type(var->sized.type)
        && em_elementwise(em, s->rhs) && !em_reads_var(s->rhs, v)) {
        /* x = a tree of elementwise operations not reading x: its loop
         * writes x itself (after saving x's old values) */
        if (em->ad && !em_old_unneeded(em, s))
            em_line(em, "rt_stack_push_doubles(&S->stack, %s, (size_t)(%s));",
                    em_var_val(em, v), em_var_count(em, v));
        em_value_elementwise_into(em, s->rhs, em_var_val(em, v),
                                  em_var_count(em, v));
        return;
    }
    Opnd r = em_value(em, s->rhs);
    const char *off, *count, *map;
    em_lvalue(em, &s->lhs, &off, &count, &map);
    const char *ptr = em_var_val(em, v);
    /* Stan's size check: a container of another size (a user function's
     * result, a slice, ...) is an error, not a copy of too few elements
     * or a read past the end of the right side */
    if (r.container && strcmp(count, r.n) != 0)
        em_line(em, "if (rt_ne(%s, %s)) return rt_error(err, \"assign: size "
                "of left-hand side (%%d) and size of right-hand side (%%d) "
                "must match in size\", (int)(%s), (int)(%s));", count, r.n,
                count, r.n);
    if (map) {
        /* the right side first (it may read the elements written) */
        if (r.container) {
            Opnd c = r.is_complex ? em_new_complex(em, count, count, "1")
                : em_new_container(em, count, count, "1", r.is_int);
            em_line(em, "for (int k = 0; k < %s; k++) %s[k] = %s[k];", count,
                    c.val, r.val);
            r = c;
        }
        if (em->ad && em_is_complex_var(var))
            em_line(em, "for (int k = 0; k < %s; k++) rt_stack_push_doubles("
                    "&S->stack, (const double *)&%s[%s[k]], 2);", count, ptr,
                    map);
        else if (em->ad)
            em_line(em, "for (int k = 0; k < %s; k++) rt_stack_push_%s("
                    "&S->stack, %s[%s[k]]);", count,
                    em_is_int_var(var) ? "int" : "double", ptr, map);
        em_line(em, "for (int k = 0; k < %s; k++) %s[%s[k]] = %s;", count,
                ptr, map, r.container ? A("%s[k]", r.val) : r.val);
        return;
    }
    const char *o = em_fresh(em, "o");
    em_line(em, "int %s = %s;", o, off);
    em_line(em, "(void)%s;", o);
    if (em->ad && !em_old_unneeded(em, s)) {
        if (em_is_int_var(var))
            em_line(em, "for (int k = 0; k < %s; k++) rt_stack_push_int("
                    "&S->stack, %s[%s + k]);", count, ptr, o);
        else if (em_is_complex_var(var))
            em_line(em, "rt_stack_push_doubles(&S->stack, (const double *)(%s "
                    "+ %s), (size_t)2 * (%s));", ptr, o, count);
        else
            em_line(em, "rt_stack_push_doubles(&S->stack, %s + %s, "
                    "(size_t)(%s));", ptr, o, count);
    }
    if (r.container)
        em_line(em, "for (int k = 0; k < %s; k++) %s[%s + k] = %s[k];", count,
                ptr, o, r.val);
    else
        em_line(em, "%s[%s] = %s;", ptr, o, r.val);
}

static void fwd_call(Emit *em, const MirExpr *c, Section sec)
{
    if (c->fn_kind == FNK_USER) {
        (void)em_call_user(em, c);
        return;
    }
    if (c->fn_kind != FNK_INTERNAL)
        em_unsupported(em, "the library function %s as a statement", c->fn);
    switch (c->internal) {
    case FN_CHECK:
        em_check(em, c);
        return;
    case FN_PRINT:
        em_message(em, c, false);
        return;
    case FN_REJECT:
    case FN_FATAL_ERROR:
        em_message(em, c, true);
        return;
    case FN_WRITE_PARAM:
        if (sec == SEC_INITS)
            em_unconstrain(em, c->args[0]);
        else if (c->nargs > 1)
            em_write_tuples(em, c);
        else
            em_write(em, c->args[0]);
        return;
    default:
        em_unsupported(em, "%s as a statement", c->fn);
    }
}


/* Whether statement s leaves v alone: a declaration of another
 * variable, or an assignment of another variable not reading v. */
static bool leaves_var_alone(const MirStmt *s, VarId v)
{
    if (s->kind == MS_DECL)
        return s->var != v;
    if (s->kind != MS_ASSIGN || s->lhs.var == v || em_reads_var(s->rhs, v))
        return false;
    for (int k = 0; k < s->lhs.nsteps; k++)
        for (int j = 0; j < s->lhs.steps[k].nindices; j++)
            if (em_reads_var(s->lhs.steps[k].indices[j].lo, v)
                || em_reads_var(s->lhs.steps[k].indices[j].hi, v))
                return false;
    return true;
}

/* Statement i of a list, told whether a declaration is followed by an
 * assignment of the whole variable (its NaN fill is then dead).  A
 * parameter's read may come after statements a pass put between it and
 * its declaration (lcm: `lcm_sym1__ = size(a);` computing the read's
 * size): the declaration is told about the read all the same, since the
 * read points the variable into u and declares its adjoint wherever it
 * is (em_param_in_place), and the declaration must then not. */
static void fwd_list_stmt(Emit *em, MirStmt *const *stmts, int n, int i,
                          Section sec)
{
    const MirStmt *s = stmts[i];
    if (s->kind == MS_DECL && i + 1 < n) {
        const MirStmt *next = stmts[i + 1];
        em->decl_assigned = next->kind == MS_ASSIGN
            && next->lhs.var == s->var && next->lhs.nsteps == 0
            && !em_reads_var(next->rhs, s->var);
        int j = i + 1;
        while (j + 1 < n && leaves_var_alone(stmts[j], s->var))
            j++;
        if (j > i + 1 && stmts[j]->kind == MS_ASSIGN
            && stmts[j]->lhs.var == s->var
            && em_param_in_place(em, stmts[j]))
            next = stmts[j];
        em->decl_next = next;
    }
    em_fwd_stmt(em, s, sec);
    em->decl_assigned = false;
    em->decl_next = NULL;
}

static void fwd_block(Emit *em, const MirStmt *b, Section sec)
{
    em_line(em, "{");
    em->indent++;
    for (int i = 0; i < b->nstmts; i++)
        fwd_list_stmt(em, b->stmts, b->nstmts, i, sec);
    if (em->ad && !em->no_push)
        push_locals(em, b);
    em->indent--;
    em_line(em, "}");
}

/* ---------------------------------------------------------- fusion */

/* Whether every variable with derivatives that e (in the target increment
 * s) reads keeps its value for the rest of the log density: the
 * parameters and transformed parameters, which the model block cannot
 * assign, and the locals final after their assignment that s comes after
 * (emit_final.c).  Then `target += e` may add its partials during the
 * forward sweep (target's adjoint is always 1; a local's adjoint carries
 * them to the reverse sweep) and needs nothing in the reverse sweep. */
static bool fusable_expr(const Emit *em, const MirStmt *s, const MirExpr *e)
{
    if (!e)
        return true;
    if (e->kind == MX_VAR && e->var >= 0 && em_is_ad(em, e)) {
        MirVarKind k = em->p->vars[e->var].kind;
        if (k != MV_PARAM && k != MV_TPARAM && !em_final_ready(em, s, e->var))
            return false;
    }
    /* a user function's reverse function may run now: it pushes and pops
     * its own values, leaving the shared stack as it found it */
    for (int i = 0; i < e->nargs; i++)
        if (!fusable_expr(em, s, e->args[i]))
            return false;
    for (int i = 0; i < e->nindices; i++)
        if (!fusable_expr(em, s, e->indices[i].lo)
            || !fusable_expr(em, s, e->indices[i].hi))
            return false;
    return true;
}

/* Whether the target increment s adds its partials in the forward sweep. */
static bool fusable(const Emit *em, const MirStmt *s)
{
    /* a read of target() makes target's adjoint a variable: the partials
     * wait for the reverse sweep (emit_target.c) */
    if (em->target_read)
        return false;
    return fusable_expr(em, s, s->rhs);
}

static bool is_density(const MirExpr *e)
{
    static const char *const suffixes[] = {"_lpdf", "_lupdf", "_lpmf",
                                            "_lupmf", NULL};
    if (e->kind != MX_CALL || e->fn_kind != FNK_STANLIB)
        return false;
    for (int i = 0; suffixes[i]; i++) {
        if (name_has_suffix(e->fn, suffixes[i]))
            return true;
    }
    return false;
}

/* target += e with its partials added now: one density call gives both
 * the value and the partials (a density of data has none: its value). */
static void fused_target(Emit *em, const MirExpr *e)
{
    TypeKind k = e->type->kind;
    bool container = k == TY_ARRAY || k == TY_VECTOR || k == TY_ROW_VECTOR
        || k == TY_MATRIX;
    if (is_density(e) && !container && em_is_ad(em, e)) {
        const char *t = em_fresh(em, "t");
        em->capture = t;
        em->capture_checked = false;
        em_backprop(em, e, "1.0");
        em->capture = NULL;
        if (!em->capture_checked)
            em_line(em, "if (isnan(%s)) return -1;", t);
        em->capture_checked = false;
        em_line(em, "lp += %s;", t);
        return;
    }
    Opnd r = em_value(em, e);
    if (r.container) {
        em_line(em, "for (int k = 0; k < %s; k++) lp += %s[k];", r.n, r.val);
        const char *ones = em_fresh(em, "one");
        em_line(em, "double *%s = rt_scratch_doubles(&S->scratch, "
                "(size_t)(%s));", ones, r.n);
        em_line(em, "for (int k = 0; k < %s; k++) %s[k] = 1.0;", r.n, ones);
        em_backprop(em, e, ones);
    } else {
        em_line(em, "lp += %s;", r.val);
        em_backprop(em, e, "1.0");
    }
}

/* Whether a statement leaves nothing for the reverse sweep: no assignment,
 * no local, only fused target increments, checks and prints, and loops,
 * branches and blocks made of them.  Such statements push nothing. */
bool em_inert(const Emit *em, const MirStmt *s)
{
    if (!s)
        return true;
    switch (s->kind) {
    case MS_TARGET_PE:
        /* a statement of both contexts is emitted as its two parts
         * (emit_ctx.c), each fused or not on its own: inert when both
         * are (its own answer may differ: a part is not a statement of
         * the program, so no final local is ready at it) */
        if (em_ctx_stmt(em, s) == (FGC_PRIOR | FGC_LIKELIHOOD))
            return fusable(em, em_ctx_part(em, s, FGC_PRIOR))
                && fusable(em, em_ctx_part(em, s, FGC_LIKELIHOOD));
        return fusable(em, s);
    case MS_CALL:
        return s->call->fn_kind == FNK_INTERNAL;
    case MS_SKIP:
        return true;
    case MS_IF:
        return em_inert(em, s->body) && em_inert(em, s->else_body);
    case MS_FOR:
    case MS_PROFILE:
        return em_inert(em, s->body);
    case MS_BLOCK:
    case MS_SLIST:
        for (int i = 0; i < s->nstmts; i++)
            if (!em_inert(em, s->stmts[i]))
                return false;
        return true;
    default:
        return false;
    }
}

static void fwd_stmt_kind(Emit *em, const MirStmt *s, Section sec);

void em_fwd_stmt(Emit *em, const MirStmt *s, Section sec)
{
    em_forget_emitted(em);
    if (em_ctx_gate(em, s, sec, true))
        return;
    if (s == em->tail && em->ad) {
        /* with a gradient, the reverse sweep computes it (em_rev_stmt) */
        em_line(em, "if (!grad) {");
        em->indent++;
        em->tail = NULL;
        em_fwd_stmt(em, s, sec);
        em->tail = s;
        em->indent--;
        em_line(em, "}");
        return;
    }
    if (em->ad && !em->no_push && em->sec_logp
        && (s->kind == MS_FOR || s->kind == MS_IF || s->kind == MS_BLOCK
            || s->kind == MS_PROFILE) && em_inert(em, s)) {
        /* no pushes: its reverse sweep is empty (em_rev_stmt skips it) */
        em->no_push = true;
        em_fwd_stmt(em, s, sec);
        em->no_push = false;
        return;
    }
    /* a statement reading target(): lp as it was before, for the reverse
     * sweep (emit_target.c) */
    const char *lp_saved = em_target_save(em, s);
    fwd_stmt_kind(em, s, sec);
    em_target_push(em, lp_saved);
}

static void fwd_stmt_kind(Emit *em, const MirStmt *s, Section sec)
{
    switch (s->kind) {
    case MS_DECL:
        em_declare_storage(em, s->var);
        return;
    case MS_ASSIGN:
        fwd_assign(em, s, sec);
        return;
    case MS_TARGET_PE: {
        if (em->sec_logp && fusable(em, s)) {
            fused_target(em, s->rhs);
            return;
        }
        /* inside an _lp function, lp points at the caller's */
        const char *lp = sec == SEC_FUN ? "*lp" : "lp";
        Opnd r = em_value(em, s->rhs);
        if (r.container)
            em_line(em, "for (int k = 0; k < %s; k++) %s += %s[k];", r.n, lp,
                    r.val);
        else
            em_line(em, "%s += %s;", lp, r.val);
        return;
    }
    case MS_JACOBIAN_PE: {
        /* the Jacobian adjustment counts only when the density asks for
         * it; outside the log density it is nothing */
        if (sec != SEC_LOGP && sec != SEC_FUN)
            return;
        if (!em->sec_logp && sec != SEC_FUN)
            em_unsupported(em, "jacobian += here");
        Opnd r = em_value(em, s->rhs);
        const char *lp = sec == SEC_FUN ? "*lp" : "lp";
        if (r.container)
            em_line(em, "if (jacobian) for (int k = 0; k < %s; k++) %s += "
                    "%s[k];", r.n, lp, r.val);
        else
            em_line(em, "if (jacobian) %s += %s;", lp, r.val);
        return;
    }
    case MS_CALL:
        fwd_call(em, s->call, sec);
        return;
    case MS_SKIP:
        return;
    case MS_BREAK:
    case MS_CONTINUE:
        if (em->ad)   /* mir_structure_exits made them flags */
            em_unsupported(em, "break or continue here");
        em_profile_exit(em, s);
        em_line(em, s->kind == MS_BREAK ? "break;" : "continue;");
        return;
    case MS_RETURN:
        if (sec != SEC_FUN)
            em_unsupported(em, "return outside a function");
        if (em->ad) {
            /* the reverse function needs no value: tail returns; but the
             * places reading target in it note the log density there
             * (emit_target.c) */
            if (em->ntarget > 0)
                (void)em_value(em, s->rhs);
            return;
        }
        if (s->rhs) {
            Opnd r = em_value(em, s->rhs);
            if (r.container) {
                /* the result outlives this call's temporaries: a copy in
                 * scratch memory, which lives until the caller's reset */
                /* sized by the function's element type, which may be
                 * complex where the value returned is real */
                em_line(em, "*ret = (void *)rt_scratch_doubles(&S->scratch, "
                        "(sizeof **ret + sizeof(double) - 1) / sizeof(double)"
                        " * (size_t)(%s));", r.n);
                em_line(em, "for (int k = 0; k < %s; k++) (*ret)[k] = %s[k];",
                        r.n, r.val);
                em_return_dims(em, s->rhs->type, r);
            } else {
                em_line(em, "*ret = %s;", r.val);
            }
        }
        em_profile_exit(em, s);
        em_line(em, "return 0;");
        return;
    case MS_IF: {
        Opnd c = em_value(em, s->cond);
        const char *f = em_fresh(em, "c");
        em_line(em, "int %s = (%s) != 0;", f, c.val);
        em_line(em, "if (%s)", f);
        fwd_block(em, s->body->kind == MS_BLOCK ? s->body
                  : mir_block(em->a, MS_BLOCK, 1, (MirStmt **)&s->body), sec);
        if (s->else_body) {
            em_line(em, "else");
            fwd_block(em, s->else_body->kind == MS_BLOCK ? s->else_body
                      : mir_block(em->a, MS_BLOCK, 1,
                                  (MirStmt **)&s->else_body), sec);
        }
        /* after the branch's own pushes: the reverse sweep pops it first */
        if (em->ad && !em->no_push)
            em_line(em, "rt_stack_push_int(&S->stack, %s);", f);
        return;
    }
    case MS_FOR: {
        Opnd lo = em_value(em, s->lo), hi = em_value(em, s->hi);
        const char *l = em_fresh(em, "lo"), *h = em_fresh(em, "hi");
        em_line(em, "int %s = %s, %s = %s;", l, lo.val, h, hi.val);
        const char *i = em_var_val(em, s->var);
        /* a long long counter: k++ past hi = INT_MAX would overflow */
        em_line(em, "for (long long %s_k = %s; %s_k <= %s; %s_k++) {", i, l, i,
                h, i);
        em->indent++;
        em_line(em, "int %s[1] = {(int)%s_k};", i, i);
        em_line(em, "(void)%s;", i);
        fwd_block(em, s->body->kind == MS_BLOCK ? s->body
                  : mir_block(em->a, MS_BLOCK, 1, (MirStmt **)&s->body), sec);
        em->indent--;
        em_line(em, "}");
        if (em->ad && !em->no_push) {
            em_line(em, "rt_stack_push_int(&S->stack, %s);", l);
            em_line(em, "rt_stack_push_int(&S->stack, %s);", h);
        }
        return;
    }
    case MS_WHILE: {
        const char *n = em_fresh(em, "n");
        em_line(em, "int %s = 0;", n);
        em_line(em, "for (;;) {");
        em->indent++;
        Opnd c = em_value(em, s->cond);
        em_line(em, "if (!(%s)) break;", c.val);
        em_line(em, "%s++;", n);
        fwd_block(em, s->body->kind == MS_BLOCK ? s->body
                  : mir_block(em->a, MS_BLOCK, 1, (MirStmt **)&s->body), sec);
        em->indent--;
        em_line(em, "}");
        if (em->ad)
            em_line(em, "rt_stack_push_int(&S->stack, %s);", n);
        return;
    }
    case MS_PROFILE:
        em_profile_fwd(em, s, sec);
        return;
    case MS_BLOCK:
        fwd_block(em, s, sec);
        return;
    case MS_SLIST:
        for (int i = 0; i < s->nstmts; i++)
            fwd_list_stmt(em, s->stmts, s->nstmts, i, sec);
        return;
    case MS__COUNT:
        break;
    }
    em_unsupported(em, "the statement %s", mir_stmt_kind_name(s->kind));
}

/* ---------------------------------------------------------------- program */

static const char prelude[] =
    "/* Generated by pplbench from the transformed MIR; do not edit. */\n"
    "#include \"pplrt.h\"\n"
    "\n"
    "#include <complex.h>\n"
    "#include <math.h>\n"
    "#include <stdlib.h>\n"
    "#include <string.h>\n"
    "\n"
    "#undef I   /* complex.h's; complex values are made with CMPLX */\n"
    "\n"
    "#define MAYBE_UNUSED __attribute__((unused))\n"
    "#define NOINLINE __attribute__((noinline))\n"
    "/* The forward and reverse code share the code that computes values, so\n"
    " * some temporaries go unread on one of the two paths. */\n"
    "#pragma GCC diagnostic ignored \"-Wunused-variable\"\n"
    "#pragma GCC diagnostic ignored \"-Wunused-but-set-variable\"\n"
    "\n"
    "typedef struct State {\n"
    "    RtScratch scratch;   /* reset on entry to every call */\n"
    "    RtStack stack;       /* the reverse sweep's values */\n";

static void emit_struct(Emit *em)
{
    em_line(em, "typedef struct Model {");
    em->indent++;
    const MirStmt *prep = em->p->prepare_data;
    for (int i = 0; i < prep->nstmts; i++) {
        const MirStmt *s = prep->stmts[i];
        if (s->kind != MS_DECL)
            continue;
        const MirVar *var = &em->p->vars[s->var];
        if (!is_model_var(var))
            continue;
        check_type(em, var);
        em_line(em, "%s *v_%s;", elem_ctype(var), var->name);
        for (int k = 0; k < em_var_rank(var); k++)
            em_line(em, "int v_%s_d%d;", var->name, k);
    }
    em_line(em, "int num_unconstrained, num_outputs;");
    em_line(em, "const char **names, **unames;");
    if (em_tuple_params(em))
        em_line(em, "int *perm;           /* the parameters' order: "
                "emit_tuple.c */");
    em_line(em, "RtScratch mem;       /* the data: lives with the model */");
    em_line(em, "State state;         /* mutable working memory */");
    em->indent--;
    em_line(em, "} Model;");
}

/* The name of v's values in the sampler's outputs. */
static const char *out_name(const MirVar *v)
{
    return v->out_name ? v->out_name : v->name;
}

/* The parameters' free sizes and the outputs' names, computed once the
 * data is known: the parameter and output declarations of
 * generate_quantities, evaluated in m_create. */
static void emit_sizes_and_names(Emit *em)
{
    const MirProgram *p = em->p;
    em_line(em, "m->num_unconstrained = 0;");
    em_line(em, "m->num_outputs = 0;");
    const MirStmt *gq = p->generate_quantities;
    /* sizes: from the declarations of the output variables */
    em_line(em, "{");
    em->indent++;
    for (int i = 0; i < gq->nstmts; i++) {
        const MirStmt *s = gq->stmts[i];
        if (s->kind == MS_DECL) {
            const MirVar *var = &p->vars[s->var];
            bool out = var->kind == MV_PARAM || var->kind == MV_TPARAM
                || var->kind == MV_GQ;
            if (!out)
                continue;
            check_type(em, var);
            declare_dims(em, s->var, false, true);
            em_line(em, "if (rt_count_add(&m->num_outputs, %s(int64_t)%s, "
                    "\"outputs\", \"%s\", err)) return -1;",
                    em_is_complex_var(var) ? "2 * " : "",
                    em_var_count(em, s->var), var->name);
        }
        if (s->kind == MS_ASSIGN && em_is_param_read(s))
            em_line(em, "if (rt_count_add(&m->num_unconstrained, %s, "
                    "\"unconstrained parameters\", \"%s\", err)) return -1;",
                    em_param_free_size(em, s), p->vars[s->lhs.var].name);
    }
    /* the unconstrained values' names, as CmdStan's log_prob names its
     * gradient columns: a parameter whose transform keeps its shape is
     * named like its outputs, the others name.1, name.2, ... */
    em_line(em, "m->unames = (const char **)rt_scratch_doubles(&m->mem, "
            "(size_t)m->num_unconstrained + 1);");
    em_line(em, "int uat = 0;");
    for (int i = 0; i < gq->nstmts; i++) {
        const MirStmt *s = gq->stmts[i];
        if (s->kind != MS_ASSIGN || !em_is_param_read(s))
            continue;
        VarId v = s->lhs.var;
        if (p->vars[v].tuple_ndims != 0) {
            em_tuple_unames(em, s);
            continue;
        }
        const char *free = em_param_free_size(em, s);
        int rank;
        const char *dims = em_dims_array(em, v, &rank);
        em_line(em, "if (!rt_ne(%s, %s))", free, em_var_count(em, v));
        const char *name = em_c_string(em->a, out_name(&p->vars[v]));
        em_line(em, "    uat += rt_output_names(&m->mem, %s, %s, %d, "
                "m->unames + uat);", name, dims, rank);
        em_line(em, "else");
        em_line(em, "    uat += rt_output_names(&m->mem, %s, (int[]){%s}, "
                "1, m->unames + uat);", name, free);
    }
    em_line(em, "(void)uat;");
    if (em_tuple_params(em))
        em_tuple_order(em);
    em_line(em, "m->names = (const char **)rt_scratch_doubles(&m->mem, "
            "(size_t)m->num_outputs + 1);");
    em_line(em, "int at = 0;");
    for (int i = 0; i < gq->nstmts; i++) {
        const MirStmt *s = gq->stmts[i];
        if (s->kind != MS_DECL)
            continue;
        const MirVar *var = &p->vars[s->var];
        if (var->kind != MV_PARAM && var->kind != MV_TPARAM
            && var->kind != MV_GQ)
            continue;
        if (var->tuple_ndims != 0) {
            /* an array of tuples: its slots' names interleaved */
            i += em_tuple_names(em, (const MirStmt *const *)gq->stmts + i,
                                gq->nstmts - i) - 1;
            continue;
        }
        int rank;
        const char *dims = em_dims_array(em, s->var, &rank);
        em_line(em, "at += rt_output_names%s(&m->mem, %s, %s, %d, "
                "m->names + at);", em_is_complex_var(var) ? "_complex" : "",
                em_c_string(em->a, out_name(var)), dims, rank);
    }
    em->indent--;
    em_line(em, "}");
}

static void emit_create(Emit *em)
{
    em->ad = false;
    em_line(em, "static int create_body(Model *m, const RtData *data, "
            "RtRng *rng, RtError *err)");
    em_line(em, "{");
    em->indent++;
    em_line(em, "State *S = &m->state;");
    em_line(em, "(void)S;");
    em_line(em, "(void)rng;");
    em_fwd_stmt(em, em->p->prepare_data, SEC_CREATE);
    emit_sizes_and_names(em);
    em_line(em, "return 0;");
    em->indent--;
    em_line(em, "}");
    fputc('\n', em->out);
    em_line(em, "static void m_destroy(void *mv)");
    em_line(em, "{");
    em_line(em, "    Model *m = mv;");
    em_line(em, "    if (!m)");
    em_line(em, "        return;");
    em_line(em, "    rt_scratch_free(&m->mem);");
    em_line(em, "    rt_scratch_free(&m->state.scratch);");
    em_line(em, "    rt_stack_free(&m->state.stack);");
    em_line(em, "    free(m);");
    em_line(em, "}");
    fputc('\n', em->out);
    em_line(em, "static void *m_create(const RtData *data, uint64_t seed, "
            "RtError *err)");
    em_line(em, "{");
    em_line(em, "    Model *m = calloc(1, sizeof *m);");
    em_line(em, "    RtRng *rng = rt_rng_new(seed, 0);   /* transformed data */");
    em_line(em, "    if (!m || !rng) {");
    em_line(em, "        rt_error(err, \"out of memory\");");
    em_line(em, "        free(m);");
    em_line(em, "        rt_rng_free(rng);");
    em_line(em, "        return NULL;");
    em_line(em, "    }");
    /* a failed allocation of the data or of transformed data's locals
     * jumps back here: an error, as create_body's own */
    em->indent++;
    em_profile_init(em, "m->state");
    em->indent--;
    em_line(em, "    jmp_buf oom;");
    em_line(em, "    int status;");
    em_line(em, "    if (setjmp(oom)) {");
    em_line(em, "        status = rt_scratch_oom(&m->mem, err);");
    em_line(em, "        if (!status)");
    em_line(em, "            status = rt_scratch_oom(&m->state.scratch, err);");
    em_line(em, "    } else {");
    em_line(em, "        m->mem.on_fail = m->state.scratch.on_fail = &oom;");
    em_line(em, "        status = create_body(m, data, rng, err);");
    em_line(em, "    }");
    em_line(em, "    m->mem.on_fail = m->state.scratch.on_fail = NULL;");
    em_line(em, "    rt_rng_free(rng);");
    em_line(em, "    if (status) {");
    em_line(em, "        m_destroy(m);");
    em_line(em, "        return NULL;");
    em_line(em, "    }");
    em_line(em, "    return m;");
    em_line(em, "}");
}

/* The entry points' parameters: each is emitted as a body and a guard
 * (em_guarded_entry) that turns a failed allocation into an error.  The
 * body is NOINLINE: inlined into the guard, which calls setjmp, its
 * values could not stay in registers (7% more instructions measured). */
static const char log_density_params[] =
    "const void *mv, const double *u, bool jacobian, bool propto, "
    "RtContext context, double *lp_out, double *grad, RtError *err";
static const char write_array_params[] =
    "const void *mv, RtRng *rng, const double *u, double *out, RtError *err";
static const char unconstrain_params[] =
    "const void *mv, const RtData *inits, double *u, RtError *err";

static void emit_log_density(Emit *em)
{
    em->ad = true;
    em_line(em, "static NOINLINE int log_density_body(%s)", log_density_params);
    em_line(em, "{");
    em->indent++;
    em_line(em, "const Model *m = mv;");
    em_line(em, "/* working memory is the model's own, not its data */");
    em_line(em, "State *S = (State *)&m->state;");
    /* the contexts (emit_ctx.c): which factors count */
    em_line(em, "if ((unsigned)context > (unsigned)RT_LIKELIHOOD)");
    em_line(em, "    return rt_error(err, \"unknown log density context %%d\", "
            "(int)context);");
    /* a density reading target() has the joint context only (pplrt.h,
     * RT_CONTEXTS_READ_TARGET says why) */
    if (em->target_read) {
        em_line(em, "if (context != RT_JOINT)");
        em_line(em, "    return rt_error(err, \"%%s\", RT_CONTEXTS_READ_TARGET);");
    }
    em_line(em, "const bool ctx_prior = context != RT_LIKELIHOOD;");
    em_line(em, "const bool ctx_lik = context != RT_PRIOR;");
    em_line(em, "(void)ctx_prior;");
    em_line(em, "(void)ctx_lik;");
    /* every Jacobian term is the prior's: the constraints' too */
    em_line(em, "if (!ctx_prior)");
    em_line(em, "    jacobian = false;");
    em_line(em, "rt_scratch_reset(&S->scratch);");
    em_line(em, "rt_stack_clear(&S->stack);");
    em_profile_eval(em, "grad != NULL");
    /* zeroed first: the parameters read in place have their adjoints in
     * it (em_param_in_place) */
    em_line(em, "if (grad)");
    em_line(em, "    memset(grad, 0, sizeof(double) * (size_t)"
            "m->num_unconstrained);");
    em_tuple_u_in(em);
    em_tuple_buffer(em, "grad", "grad_user");
    em_line(em, "double lp = 0, lpj = 0;");
    if (em->target_read) {
        /* the adjoint of target (emit_target.c) */
        em_line(em, "double lp_adj = 1.0;");
        em_line(em, "(void)lp_adj;");
    }
    em_line(em, "int pos = 0;");
    em_line(em, "RtRng *rng = NULL;   /* the log density draws nothing */");
    em_line(em, "(void)rng;");
    em_line(em, "(void)propto;");
    em->sec_logp = true;
    /* break and continue are flags already (mir_structure_exits) */
    const MirStmt *body = em->p->log_prob;
    em_ctx_build(em);
    em_final_scan(em, body);
    /* the last statement, a target += density whose partials wait for the
     * reverse sweep: with a gradient wanted, its value is computed there,
     * with the partials, instead of twice */
    const MirStmt *tail = body;
    while (tail && (tail->kind == MS_BLOCK || tail->kind == MS_SLIST))
        tail = tail->nstmts ? tail->stmts[tail->nstmts - 1] : NULL;
    em->tail = tail && !em->target_read && tail->kind == MS_TARGET_PE
        && is_density(tail->rhs)
        && !em_is_container_type(tail->rhs->type) && !fusable(em, tail)
        && em_ctx_stmt(em, tail) != (FGC_PRIOR | FGC_LIKELIHOOD)
        ? tail : NULL;
    em_fwd_stmt(em, body, SEC_LOGP);
    em_line(em, "*lp_out = lp + lpj;");
    em_line(em, "if (!grad)");
    em_line(em, "    return 0;");
    em_line(em, "if (S->stack.failed)");
    em_line(em, "    return rt_error(err, \"out of memory in the gradient\");");
    em->in_reverse = true;
    em_rev_stmt(em, body);
    em->in_reverse = false;
    em_tuple_scatter(em, "grad", "grad_user");
    em->tail = NULL;
    em->sec_logp = false;
    em->ctx = NULL;
    em_line(em, "return 0;");
    em->indent--;
    em_line(em, "}");
    fputc('\n', em->out);
    em_guarded_entry(em, "m_log_density", "log_density_body",
                     log_density_params, "mv, u, jacobian, propto, context, "
                     "lp_out, grad, err");
}

static void emit_write_array(Emit *em)
{
    em->ad = false;
    em_line(em, "static NOINLINE int write_array_body(%s)", write_array_params);
    em_line(em, "{");
    em->indent++;
    em_line(em, "const Model *m = mv;");
    em_line(em, "State *S = (State *)&m->state;");
    em_line(em, "rt_scratch_reset(&S->scratch);");
    em_profile_eval(em, "false");
    em_line(em, "(void)rng;");
    em_tuple_u_in(em);
    em_line(em, "int pos = 0, opos = 0;");
    em_fwd_stmt(em, em->p->generate_quantities, SEC_GQ);
    em_line(em, "(void)pos;");
    em_line(em, "(void)opos;");
    em_line(em, "return 0;");
    em->indent--;
    em_line(em, "}");
    fputc('\n', em->out);
    em_guarded_entry(em, "m_write_array", "write_array_body",
                     write_array_params, "mv, rng, u, out, err");
}

static void emit_unconstrain_fn(Emit *em)
{
    em->ad = false;
    em_line(em, "static NOINLINE int unconstrain_body(%s)", unconstrain_params);
    em_line(em, "{");
    em->indent++;
    em_line(em, "const Model *m = mv;");
    em_line(em, "State *S = (State *)&m->state;");
    em_line(em, "rt_scratch_reset(&S->scratch);");
    em_profile_eval(em, "false");
    em_tuple_buffer(em, "u", "u_user");
    em_line(em, "int pos = 0;");
    em_line(em, "RtRng *rng = NULL;");
    em_line(em, "(void)rng;");
    em_fwd_stmt(em, em->p->transform_inits, SEC_INITS);
    em_tuple_scatter(em, "u", "u_user");
    em_line(em, "(void)pos;");
    em_line(em, "(void)m;");
    em_line(em, "return 0;");
    em->indent--;
    em_line(em, "}");
    fputc('\n', em->out);
    em_guarded_entry(em, "m_unconstrain", "unconstrain_body",
                     unconstrain_params, "mv, inits, u, err");
}

static const char epilogue[] =
    "static int m_num_unconstrained(const void *mv)\n"
    "{\n"
    "    return ((const Model *)mv)->num_unconstrained;\n"
    "}\n"
    "\n"
    "static int m_num_outputs(const void *mv)\n"
    "{\n"
    "    return ((const Model *)mv)->num_outputs;\n"
    "}\n"
    "\n"
    "static const char *m_output_name(const void *mv, int i)\n"
    "{\n"
    "    return ((const Model *)mv)->names[i];\n"
    "}\n"
    "\n"
    "static const char *m_unconstrained_name(const void *mv, int i)\n"
    "{\n"
    "    const Model *m = mv;\n"
    "    return i >= 0 && i < m->num_unconstrained ? m->unames[i] : \"\";\n"
    "}\n"
    "\n"
    "static const RtModel model = {\n"
    "    .name = MODEL_NAME,\n"
    "    .create = m_create,\n"
    "    .destroy = m_destroy,\n"
    "    .num_unconstrained = m_num_unconstrained,\n"
    "    .log_density = m_log_density,\n"
    "    .num_outputs = m_num_outputs,\n"
    "    .output_name = m_output_name,\n"
    "    .unconstrained_name = m_unconstrained_name,\n"
    "    .write_array = m_write_array,\n"
    "    .unconstrain = m_unconstrain,\n";

static const char epilogue_main[] =
    "};\n"
    "\n"
    "int main(int argc, char **argv)\n"
    "{\n"
    "    return rt_main(argc, argv, &model);\n"
    "}\n";

bool emit_c(FILE *out, const MirProgram *p, char *why, size_t nwhy)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    if (!mem) {
        snprintf(why, nwhy, "out of memory");
        return false;
    }
    Arena scratch = {0};
    Emit em = {.out = mem, .p = p, .a = &scratch, .why = why, .nwhy = nwhy};
    bool ok = false;
    /* an internal error below frees the stream and the scratch arena
     * here, then goes on to the caller's recovery point */
    jmp_buf recover;
    jmp_buf *outer = diag_set_ice_target(&recover);
    volatile bool ice = false;
    if (setjmp(recover) != 0) {
        ice = true;
    } else if (setjmp(em.fail) == 0) {
        em_complex_scan(&em);
        em_profile_scan(&em);
        em_target_scan(&em);
        fputs(prelude, mem);
        em_profile_state_fields(&em);
        fputs("} State;\n", mem);
        /* the name is data, never code: a file name cannot end the
         * string (emit_model_name made it, em_c_string escapes anyway) */
        fprintf(mem, "#define MODEL_NAME %s\n\n", em_c_string(&scratch, p->name));
        emit_struct(&em);
        fputc('\n', mem);
        em_profile_names(&em);
        em_functions(&em);
        emit_create(&em);
        fputc('\n', mem);
        emit_log_density(&em);
        fputc('\n', mem);
        emit_write_array(&em);
        fputc('\n', mem);
        emit_unconstrain_fn(&em);
        fputc('\n', mem);
        em_profile_accessor(&em);
        fputs(epilogue, mem);
        fputs(em_profile_model_entry(&em), mem);
        if (em.target_read)
            fputs("    .contexts_undefined = RT_CONTEXTS_READ_TARGET,\n", mem);
        fputs(epilogue_main, mem);
        ok = true;
    }
    diag_set_ice_target(outer);
    fclose(mem);
    if (ok && fwrite(buf, 1, len, out) != len) {
        snprintf(why, nwhy, "cannot write the C file");
        ok = false;
    }
    free(buf);
    arena_free(&scratch);
    if (ice)
        diag_ice_rethrow();
    return ok;
}
