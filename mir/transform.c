/* transform.c - the backend's transformations of the lowered MIR
 * (--debug-transformed-mir-pretty): what the sections do besides the
 * user's code.
 *
 *   prepare_data         reads each data variable, checks its constraint;
 *                        after transformed data, checks theirs
 *   log_prob             reads each parameter on the unconstrained scale
 *                        and constrains it (the transform adds its
 *                        log-Jacobian); checks transformed parameters
 *   generate_quantities  the same reads, then writes parameters,
 *                        transformed parameters (checked) and generated
 *                        quantities (checked) to the output
 *   transform_inits      reads constrained values and writes them
 *                        unconstrained
 *
 * Compiler internals carry what the emitter needs as literal arguments:
 * FnReadData__("name", "kind", sizes...), FnReadParam__("name", "kind",
 * free sizes...), FnConstrain__(x, "transform", args..., sizes...),
 * FnUnconstrain__(x, "transform", args..., sizes...),
 * FnCheck__("check", "name", x, args...), FnWriteParam__(x). */
#include <stdint.h>
#include <string.h>

#include "mir.h"

typedef struct Xform {
    MirProgram *p;
    Arena *a;
    PtrVec out;
} Xform;

static const Span no_span;

static const char *transform_name(TransformKind k)
{
    switch (k) {
    case TR_NONE: return "identity";
    case TR_LOWER: return "lb";
    case TR_UPPER: return "ub";
    case TR_LOWER_UPPER: return "lub";
    case TR_OFFSET: return "offset";
    case TR_MULTIPLIER: return "multiplier";
    case TR_OFFSET_MULTIPLIER: return "offset_multiplier";
    case TR_SIMPLEX: return "simplex";
    case TR_UNIT_VECTOR: return "unit_vector";
    case TR_SUM_TO_ZERO_VECTOR: return "sum_to_zero_vector";
    case TR_SUM_TO_ZERO_MATRIX: return "sum_to_zero_matrix";
    case TR_ORDERED: return "ordered";
    case TR_POSITIVE_ORDERED: return "positive_ordered";
    case TR_CHOLESKY_CORR: return "cholesky_factor_corr";
    case TR_CHOLESKY_COV: return "cholesky_factor_cov";
    case TR_CORR_MATRIX: return "corr_matrix";
    case TR_COV_MATRIX: return "cov_matrix";
    case TR_STOCHASTIC_ROW: return "stochastic_row";
    case TR_STOCHASTIC_COLUMN: return "stochastic_column";
    }
    return "?";
}

const char *mir_check_name(TransformKind k)
{
    switch (k) {
    case TR_LOWER: return "greater_or_equal";
    case TR_UPPER: return "less_or_equal";
    case TR_LOWER_UPPER: return "bounded";
    case TR_SIMPLEX: return "simplex";
    case TR_UNIT_VECTOR: return "unit_vector";
    case TR_SUM_TO_ZERO_VECTOR: return "sum_to_zero";
    case TR_SUM_TO_ZERO_MATRIX: return "sum_to_zero";
    case TR_ORDERED: return "ordered";
    case TR_POSITIVE_ORDERED: return "positive_ordered";
    case TR_CHOLESKY_CORR: return "cholesky_factor_corr";
    case TR_CHOLESKY_COV: return "cholesky_factor";
    case TR_CORR_MATRIX: return "corr_matrix";
    case TR_COV_MATRIX: return "cov_matrix";
    case TR_STOCHASTIC_ROW: return "stochastic_row";
    case TR_STOCHASTIC_COLUMN: return "stochastic_column";
    default: return NULL;  /* offset/multiplier constrain nothing */
    }
}

/* The transforms whose unconstrained value has another shape than the
 * constrained one. */
static bool changes_shape(TransformKind k)
{
    return k >= TR_SIMPLEX;
}

static MirExpr *string_arg(Xform *x, const char *s)
{
    return mir_str(x->a, s);
}

static void push(Xform *x, MirStmt *s)
{
    vec_push(x->a, &x->out, s);
}

static MirStmt *assign(Xform *x, VarId v, MirExpr *rhs)
{
    MirStmt *s = mir_new_stmt(x->a, MS_ASSIGN, no_span);
    s->lhs.var = v;
    s->lhs.type = x->p->vars[v].sized.type;
    s->rhs = rhs;
    return s;
}

static MirStmt *call_stmt(Xform *x, MirExpr *call)
{
    MirStmt *s = mir_new_stmt(x->a, MS_CALL, no_span);
    s->call = call;
    return s;
}

/* name, kind and sizes: the arguments that describe a variable's shape */
static MirExpr **shape_args(Xform *x, const char *name, const MirSized *s,
                            int extra, int *n)
{
    int total = 2 + s->ndims + s->nsizes + extra;
    MirExpr **args = arena_alloc(x->a, sizeof(MirExpr *) * (size_t)(total + 1));
    args[0] = string_arg(x, name);
    args[1] = string_arg(x, ty_base(s->type)->kind == TY_TUPLE ? "tuple"
                        : ty_str(x->a, ty_base(s->type)));
    int k = 2;
    /* copies: the MIR is a tree (mir_verify), and the sizes stay the
     * declaration's */
    for (int i = 0; i < s->ndims; i++)
        args[k++] = mir_clone_expr(x->a, s->dims[i]);
    for (int i = 0; i < s->nsizes; i++)
        args[k++] = mir_clone_expr(x->a, s->size[i]);
    *n = k;
    return args;
}

/* FnConstrain__(x, "lb", 0) and the like: value, transform, its
 * arguments, then the sizes the transform needs. */
static MirExpr *transform_call(Xform *x, MirInternal fn, const MirSized *s,
                               MirExpr *value)
{
    MirExpr **args = arena_alloc(x->a, sizeof(MirExpr *) * 8);
    int n = 0;
    args[n++] = value;
    args[n++] = string_arg(x, transform_name(s->tr));
    /* copies, as in shape_args */
    if (s->tr_a)
        args[n++] = mir_clone_expr(x->a, s->tr_a);
    if (s->tr_b)
        args[n++] = mir_clone_expr(x->a, s->tr_b);
    if (changes_shape(s->tr))
        for (int i = 0; i < s->nsizes; i++)
            args[n++] = mir_clone_expr(x->a, s->size[i]);
    MirExpr *e = mir_call_internal(x->a, fn, s->type, n, args);
    e->ad = value->ad;
    return e;
}

static void read_data(Xform *x, VarId id)
{
    const MirVar *v = &x->p->vars[id];
    int n;
    MirExpr **args = shape_args(x, v->name, &v->sized, 0, &n);
    MirExpr *read = mir_call_internal(x->a, FN_READ_DATA, v->sized.type, n,
                                      args);
    push(x, assign(x, id, read));
}

/* A tuple declared element by element (not an array of tuples): its
 * parameters are read, and its outputs written, one element at a time. */
static bool tuple_by_elements(const MirSized *s)
{
    return s->type && s->type->kind == TY_TUPLE && s->nitems == s->type->n;
}

/* An array of tuples declared element by element: untuple.c takes it
 * apart into one array per slot. */
static bool tuple_array(const MirSized *s)
{
    const Type *base = ty_base(s->type);
    return s->ndims > 0 && base->kind == TY_TUPLE && s->nitems == base->n;
}

/* Element k (1-based) of the tuple value t; of an array of tuples, the
 * array of the slot's values (a projection untuple.c takes apart). */
static MirExpr *element(Xform *x, MirExpr *t, const MirSized *s, int k)
{
    MirExpr *e = mir_new_expr(x->a, MX_TUPLE_PROJ,
                              mir_slot_sized(x->a, s, k - 1).type, no_span);
    e->args = arena_alloc(x->a, sizeof(MirExpr *));
    e->args[0] = t;
    e->nargs = 1;
    e->slot = k;
    e->ad = t->ad;
    return e;
}

/* The check of value (named name in messages) against the constraint of
 * its declaration s; a tuple's elements each against theirs, by their
 * paths (t.2.1), as projections that untuple.c takes apart. */
static void check_value(Xform *x, const char *name, MirExpr *value,
                        const MirSized *s)
{
    if (tuple_by_elements(s) || tuple_array(s)) {
        for (int i = 0; i < s->nitems; i++) {
            MirSized *z = NEW(x->a, MirSized);
            *z = mir_slot_sized(x->a, s, i);
            check_value(x, arena_printf(x->a, "%s.%d", name, i + 1),
                        element(x, mir_clone_expr(x->a, value), s, i + 1), z);
        }
        return;
    }
    const char *check = mir_check_name(s->tr);
    if (!check)
        return;
    MirExpr **args = arena_alloc(x->a, sizeof(MirExpr *) * 6);
    int n = 0;
    args[n++] = string_arg(x, check);
    args[n++] = string_arg(x, name);
    args[n++] = value;
    if (s->tr_a)
        args[n++] = s->tr_a;
    if (s->tr_b)
        args[n++] = s->tr_b;
    push(x, call_stmt(x, mir_call_internal(x->a, FN_CHECK, TY(VOID), n, args)));
}

static void check_var(Xform *x, VarId id)
{
    const MirVar *v = &x->p->vars[id];
    check_value(x, v->name, mir_var(x->p, id), &v->sized);
}

/* The constrained value of a parameter declared s, named name in the
 * sampler's outputs: a tuple's elements one after the other (CmdStan's
 * names p:1, p:2.1 ...), each read and constrained by its own transform. */
static MirExpr *param_value(Xform *x, const char *name, const MirSized *s,
                            bool data_only)
{
    if (tuple_by_elements(s) || tuple_array(s)) {
        /* an array of tuples: each slot's array read whole, in the order
         * of the slots (the backend's em_tuple_order puts the values in
         * Stan's order) */
        int k = s->nitems;
        MirExpr **items = arena_alloc(x->a, sizeof(MirExpr *) * (size_t)k);
        for (int i = 0; i < k; i++) {
            MirSized *z = NEW(x->a, MirSized);
            *z = mir_slot_sized(x->a, s, i);
            items[i] = param_value(x, arena_printf(x->a, "%s:%d", name, i + 1),
                                   z, data_only);
        }
        MirExpr *t = mir_call_internal(x->a, FN_MAKE_TUPLE, s->type, k, items);
        t->ad = data_only ? AD_DATA : AD_AUTODIFF;
        return t;
    }
    int n;
    MirExpr **args = shape_args(x, name, s, 0, &n);
    args[1] = string_arg(x, s->tr == TR_NONE ? "identity"
                        : transform_name(s->tr));
    MirExpr *read = mir_call_internal(x->a, FN_READ_PARAM, s->type, n, args);
    read->ad = data_only ? AD_DATA : AD_AUTODIFF;
    return s->tr == TR_NONE ? read
        : transform_call(x, FN_CONSTRAIN, s, read);
}

/* A parameter: read its unconstrained value and constrain it. */
static void read_param(Xform *x, VarId id, bool data_only)
{
    const MirVar *v = &x->p->vars[id];
    push(x, assign(x, id, param_value(x, v->name, &v->sized, data_only)));
}

/* The values of the slots of value (declared s) that are not tuples,
 * nested tuples' in order, into out. */
static void slot_values(Xform *x, MirExpr *value, const MirSized *s,
                        PtrVec *out)
{
    if (!tuple_by_elements(s) && !tuple_array(s)) {
        vec_push(x->a, out, value);
        return;
    }
    for (int i = 0; i < s->nitems; i++) {
        MirSized *z = NEW(x->a, MirSized);
        *z = mir_slot_sized(x->a, s, i);
        slot_values(x, element(x, mir_clone_expr(x->a, value), s, i + 1), z,
                    out);
    }
}

/* FnWriteParam__ of value (declared s); a tuple's elements one by one,
 * an array of tuples' slots in one write.  unconstrain: of its
 * unconstrained value (transform_inits), each slot's array in turn (the
 * order emit_tuple.c's permutation expects). */
static void write_value(Xform *x, MirExpr *value, const MirSized *s,
                        bool unconstrain)
{
    if (tuple_array(s) && !unconstrain) {
        /* one write of all the slots' arrays: the backend interleaves
         * them as CmdStan writes an array of tuples (em_write_tuples) */
        PtrVec slots = {0};
        slot_values(x, value, s, &slots);
        push(x, call_stmt(x, mir_call_internal(x->a, FN_WRITE_PARAM,
                                               TY(VOID), slots.len,
                                               (MirExpr **)slots.items)));
        return;
    }
    if (tuple_by_elements(s) || tuple_array(s)) {
        for (int i = 0; i < s->nitems; i++) {
            MirSized *z = NEW(x->a, MirSized);
            *z = mir_slot_sized(x->a, s, i);
            write_value(x, element(x, mir_clone_expr(x->a, value), s, i + 1),
                        z, unconstrain);
        }
        return;
    }
    MirExpr **args = arena_alloc(x->a, sizeof(MirExpr *));
    args[0] = unconstrain && s->tr != TR_NONE
        ? transform_call(x, FN_UNCONSTRAIN, s, value) : value;
    push(x, call_stmt(x, mir_call_internal(x->a, FN_WRITE_PARAM, TY(VOID),
                                           1, args)));
}

static void write_var(Xform *x, VarId id)
{
    write_value(x, mir_var(x->p, id), &x->p->vars[id].sized, false);
}

/* Walk the top level of a section: copy its statements, adding the reads
 * after the declarations they fill, the checks where a block's code ends
 * (transformed data at the end of prepare_data; transformed parameters
 * before the model block or the generated quantities), and in
 * generate_quantities the writes of everything computed. */
typedef enum Section { SEC_PREPARE, SEC_LOG_PROB, SEC_GQ, SEC_INITS } Section;

static void flush_checks(Xform *x, PtrVec *vars)
{
    for (int i = 0; i < vars->len; i++)
        check_var(x, (VarId)(intptr_t)vars->items[i]);
}

static MirStmt *transform_section(Xform *x, const MirStmt *body, Section sec)
{
    x->out = (PtrVec){0};
    PtrVec tdata = {0}, tparams = {0}, gqs = {0};
    bool tparams_checked = false;
    for (int i = 0; i < body->nstmts; i++) {
        MirStmt *s = body->stmts[i];
        bool starts_gq = sec == SEC_GQ && s->kind == MS_DECL
            && x->p->vars[s->var].kind == MV_GQ;
        if ((s == x->p->model_block || starts_gq) && !tparams_checked) {
            flush_checks(x, &tparams);
            tparams_checked = true;
        }
        push(x, s);
        if (s->kind != MS_DECL)
            continue;
        VarId id = s->var;
        MirVarKind k = x->p->vars[id].kind;
        void *item = (void *)(intptr_t)id;
        switch (sec) {
        case SEC_PREPARE:
            if (k == MV_DATA) {
                read_data(x, id);
                check_var(x, id);
            } else if (k == MV_TDATA) {
                vec_push(x->a, &tdata, item);
            }
            break;
        case SEC_LOG_PROB:
            if (k == MV_PARAM)
                read_param(x, id, false);
            else if (k == MV_TPARAM)
                vec_push(x->a, &tparams, item);
            break;
        case SEC_GQ:
            if (k == MV_PARAM) {
                read_param(x, id, true);
                write_var(x, id);
            } else if (k == MV_TPARAM) {
                vec_push(x->a, &tparams, item);
            } else if (k == MV_GQ) {
                vec_push(x->a, &gqs, item);
            }
            break;
        case SEC_INITS:
            if (k == MV_PARAM) {
                read_data(x, id);
                write_value(x, mir_var(x->p, id), &x->p->vars[id].sized, true);
            }
            break;
        }
    }
    flush_checks(x, &tdata);
    if (!tparams_checked)
        flush_checks(x, &tparams);
    flush_checks(x, &gqs);
    if (sec == SEC_GQ) {
        for (int i = 0; i < tparams.len; i++)
            write_var(x, (VarId)(intptr_t)tparams.items[i]);
        for (int i = 0; i < gqs.len; i++)
            write_var(x, (VarId)(intptr_t)gqs.items[i]);
    }
    return mir_block(x->a, MS_SLIST, x->out.len, (MirStmt **)x->out.items);
}

void mir_transform(MirProgram *p)
{
    Xform x = {.p = p, .a = p->arena};
    p->prepare_data = transform_section(&x, p->prepare_data, SEC_PREPARE);
    p->log_prob = transform_section(&x, p->log_prob, SEC_LOG_PROB);
    p->generate_quantities = transform_section(&x, p->generate_quantities,
                                               SEC_GQ);
    p->transform_inits = transform_section(&x, p->transform_inits, SEC_INITS);
    mir_untuple(p);
    mir_structure_exits(p);
    p->backend_forms = true;
    /* the calls made here and by lowering's constraints (sizes, bounds)
     * get their effects from the program as it is now */
    mir_refresh_effects(p);
}
