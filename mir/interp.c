/* interp.c - the MIR interpreter: prepare_data, log_prob, transform_inits
 * and user functions evaluated on data and an unconstrained point, with a
 * tracking hook that records an extended Wengert list (see mir.h).
 *
 * It runs the transformed MIR (what the backend compiles): the compiler
 * internals say where data and parameters are read (FnReadData__,
 * FnReadParam__), constrained (FnConstrain__, adding the log-Jacobian when
 * asked) and checked (FnCheck__).  Library functions go to interp_lib.c,
 * which calls libpplrt.  Values are copied on assignment; everything is
 * allocated in the interpreter's arena.
 *
 * Locations: in each body (a section or a function) the statement lists
 * are numbered as blocks §1 (the body), §2, ... in order of appearance,
 * only the bodies of if, while and for opening a new one; expressions are
 * numbered %1, %2, ... in evaluation order (a function's arguments first);
 * the control statements of a block &1, &2, ... */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "interp_impl.h"

/* ------------------------------------------------------------ locations */


static size_t loc_hash(const void *k, size_t cap)
{
    uintptr_t x = (uintptr_t)k;
    x ^= x >> 17;
    x *= 0x9E3779B97F4A7C15ull;
    return (size_t)(x >> 7) & (cap - 1);
}

static void loc_put(Arena *a, LocMap *m, const void *key, int block, int id)
{
    if (2 * (m->n + 1) > m->cap) {
        LocMap grown = {.cap = m->cap ? 2 * m->cap : 256};
        grown.e = arena_alloc(a, sizeof(LocEntry) * grown.cap);
        for (size_t i = 0; i < m->cap; i++)
            if (m->e[i].key)
                loc_put(a, &grown, m->e[i].key, m->e[i].block, m->e[i].id);
        *m = grown;
    }
    size_t i = loc_hash(key, m->cap);
    while (m->e[i].key && m->e[i].key != key)
        i = (i + 1) & (m->cap - 1);
    if (!m->e[i].key)
        m->n++;
    m->e[i] = (LocEntry){key, block, id};
}

static const LocEntry *loc_get(const LocMap *m, const void *key)
{
    if (!m->cap)
        return NULL;
    size_t i = loc_hash(key, m->cap);
    while (m->e[i].key) {
        if (m->e[i].key == key)
            return &m->e[i];
        i = (i + 1) & (m->cap - 1);
    }
    return NULL;
}

typedef struct Numbering {
    Arena *a;
    LocMap *map;
    int blocks, exprs;
} Numbering;

static void number_expr(Numbering *nb, const MirExpr *e, int block)
{
    if (!e)
        return;
    for (int i = 0; i < e->nargs; i++)
        number_expr(nb, e->args[i], block);
    for (int i = 0; i < e->nindices; i++) {
        number_expr(nb, e->indices[i].lo, block);
        number_expr(nb, e->indices[i].hi, block);
    }
    loc_put(nb->a, nb->map, e, block, ++nb->exprs);
}

static void number_stmt(Numbering *nb, const MirStmt *s, int block,
                        int *branches, const MirProgram *p);

static void number_list(Numbering *nb, const MirStmt *s, int block,
                        int *branches, const MirProgram *p)
{
    for (int i = 0; i < s->nstmts; i++)
        number_stmt(nb, s->stmts[i], block, branches, p);
}

/* A new block for body, its control statements counted anew.  The
 * block's number is recorded under the key (char *)body + 1, since body
 * itself keys its own location (in the enclosing block) like any
 * statement. */
static int number_body(Numbering *nb, const MirStmt *body,
                       const MirProgram *p)
{
    int block = ++nb->blocks;
    int branches = 0;
    loc_put(nb->a, nb->map, (const char *)body + 1, block, 0);
    if (body->kind == MS_BLOCK || body->kind == MS_SLIST)
        number_list(nb, body, block, &branches, p);
    else
        number_stmt(nb, body, block, &branches, p);
    return block;
}

static void number_stmt(Numbering *nb, const MirStmt *s, int block,
                        int *branches, const MirProgram *p)
{
    if (!s)
        return;
    switch (s->kind) {
    case MS_DECL: {
        const MirSized *z = &p->vars[s->var].sized;
        for (int i = 0; i < z->ndims; i++)
            number_expr(nb, z->dims[i], block);
        for (int i = 0; i < z->nsizes; i++)
            number_expr(nb, z->size[i], block);
        break;
    }
    case MS_ASSIGN:
        for (int k = 0; k < s->lhs.nsteps; k++)
            for (int i = 0; i < s->lhs.steps[k].nindices; i++) {
                number_expr(nb, s->lhs.steps[k].indices[i].lo, block);
                number_expr(nb, s->lhs.steps[k].indices[i].hi, block);
            }
        number_expr(nb, s->rhs, block);
        break;
    case MS_TARGET_PE: case MS_JACOBIAN_PE:
        number_expr(nb, s->rhs, block);
        break;
    case MS_RETURN:
        number_expr(nb, s->rhs, block);
        ++*branches;
        break;
    case MS_CALL:
        number_expr(nb, s->call, block);
        break;
    case MS_BREAK: case MS_CONTINUE:
        ++*branches;
        break;
    case MS_IF:
        number_expr(nb, s->cond, block);
        ++*branches;
        number_body(nb, s->body, p);
        if (s->else_body)
            number_body(nb, s->else_body, p);
        break;
    case MS_WHILE:
        number_expr(nb, s->cond, block);
        ++*branches;
        number_body(nb, s->body, p);
        break;
    case MS_FOR:
        number_expr(nb, s->lo, block);
        number_expr(nb, s->hi, block);
        ++*branches;
        number_body(nb, s->body, p);
        break;
    case MS_PROFILE:
        number_stmt(nb, s->body, block, branches, p);
        break;
    case MS_BLOCK: case MS_SLIST:
        number_list(nb, s, block, branches, p);
        break;
    case MS_SKIP: case MS__COUNT:
        break;
    }
    loc_put(nb->a, nb->map, s, block, *branches);
}

/* ---------------------------------------------------------- interpreter */


int interp_fail(MirInterp *I, const char *fmt, const char *s)
{
    rt_error(&I->err, fmt, s);
    return -1;
}

int interp_unsupported(MirInterp *I, const char *what)
{
    I->unsupported = true;
    return interp_fail(I, "the interpreter does not support %s yet", what);
}

static void frame_init(MirInterp *I, Frame *f, Frame *outer, MirTrace *t,
                       int depth)
{
    int n = I->p->nvars;
    f->val = arena_alloc(I->a, sizeof(IVal) * (size_t)(n + 1));
    f->set = arena_alloc(I->a, (size_t)(n + 1));
    f->node = arena_alloc(I->a, sizeof(int) * (size_t)(n + 1));
    f->outer = outer;
    f->trace = t;
    f->depth = depth;
    f->propto = false;
    f->ret = (IVal){.k = IV_VOID};
}

static IVal *lookup(Frame *f, VarId v)
{
    for (Frame *g = f; g; g = g->outer)
        if (g->set[v])
            return &g->val[v];
    return NULL;
}

/* ------------------------------------------------------------ recording */

static MirTraceNode *record(MirInterp *I, Frame *f, MirTraceKind k,
                            const void *where)
{
    MirTrace *t = f->trace;
    if (!t)
        return NULL;
    if (t->n == t->cap) {
        int cap = t->cap ? 2 * t->cap : 32;
        MirTraceNode *nodes = arena_alloc(I->a, sizeof *nodes * (size_t)cap);
        if (t->n)
            memcpy(nodes, t->nodes, sizeof *nodes * (size_t)t->n);
        t->nodes = nodes;
        t->cap = cap;
    }
    MirTraceNode *nd = &t->nodes[t->n++];
    memset(nd, 0, sizeof *nd);
    nd->kind = k;
    nd->index = t->n;
    nd->num = NAN;
    const LocEntry *le = where ? loc_get(&I->map, where) : NULL;
    if (le) {
        nd->block = le->block;
        nd->expr = le->id;
    }
    return nd;
}

static void set_args(MirInterp *I, MirTraceNode *nd, const Ref *refs, int n)
{
    nd->nargs = n;
    nd->refs = arena_alloc(I->a, sizeof(int) * (size_t)(n + 1));
    nd->consts = arena_alloc(I->a, sizeof(char *) * (size_t)(n + 1));
    for (int i = 0; i < n; i++) {
        nd->refs[i] = refs[i].node;
        nd->consts[i] = refs[i].konst ? refs[i].konst : "?";
    }
}

static void set_value(MirInterp *I, MirTraceNode *nd, const IVal *v)
{
    nd->value = iv_show(I->a, v);
    nd->num = iv_num(v);
    if (!nd->vals)
        nd->vals = NEW(I->a, MirTraceVals);
    nd->vals->out = *v;
}

/* The node's arguments' values (for the backward pass, interp_grad.c). */
static MirTraceVals *keep_args(MirInterp *I, MirTraceNode *nd,
                               const IVal *args, int nargs)
{
    if (!nd->vals)
        nd->vals = NEW(I->a, MirTraceVals);
    nd->vals->args = args;
    nd->vals->nargs = nargs;
    return nd->vals;
}

/* The node of variable v in f's list: an Arg node the first time a
 * variable from outside the list is read. */
static Ref var_ref(MirInterp *I, Frame *f, VarId v, const IVal *val)
{
    if (!f->trace)
        return NOREF;
    if (f->node[v])
        return (Ref){f->node[v], NULL};
    /* a variable of this list read before it is assigned shows its
     * declared value (NaN); one from outside is an argument */
    MirTraceNode *nd = record(I, f, f->set[v] ? MT_CONST : MT_ARG, NULL);
    nd->fn = I->p->vars[v].name;
    nd->span = I->p->vars[v].span;
    set_value(I, nd, val);
    f->node[v] = nd->index;
    return (Ref){nd->index, NULL};
}

/* A value without a node (a literal) gets a constant node when it is
 * stored in a variable. */
static int store_ref(MirInterp *I, Frame *f, Ref r, const IVal *v,
                     const void *where, const char *name)
{
    if (!f->trace || r.node)
        return r.node;
    MirTraceNode *nd = record(I, f, MT_CONST, where);
    nd->fn = name;
    set_args(I, nd, &r, r.konst ? 1 : 0);
    set_value(I, nd, v);
    return nd->index;
}

/* ---------------------------------------------------------- evaluation */

static int exec(MirInterp *I, Frame *f, const MirStmt *s);

int interp_as_int(MirInterp *I, const IVal *v, long long *out)
{
    if (v->k != IV_INT)
        return interp_fail(I, "%s", "an index or size is not an integer");
    *out = v->i;
    return 0;
}

/* The default value of a declared shape: NaN reals, the smallest int. */
static int default_value(MirInterp *I, const Type *base, const long *dims,
                         int ndims, const long *sizes, IVal *out)
{
    if (ndims > 0) {
        if (dims[0] > INTERP_MAX_ELEMENTS)
            return interp_fail(I, "%s", "a declared size is too large");
        IVal r = {.k = IV_ARRAY, .n = (int)dims[0]};
        r.el = arena_alloc(I->a, sizeof(IVal) * (size_t)(r.n + 1));
        for (int k = 0; k < r.n; k++)
            if (default_value(I, base, dims + 1, ndims - 1, sizes, &r.el[k]))
                return -1;
        *out = r;
        return 0;
    }
    switch (base->kind) {
    case TY_INT: *out = iv_int(INT32_MIN); return 0;
    case TY_REAL: *out = iv_real(NAN); return 0;
    case TY_COMPLEX: *out = iv_complex(NAN, NAN); return 0;
    case TY_VECTOR: case TY_ROW_VECTOR: case TY_MATRIX:
    case TY_COMPLEX_VECTOR: case TY_COMPLEX_ROW_VECTOR:
    case TY_COMPLEX_MATRIX: {
        TypeKind tk = base->kind;
        IvKind k = tk == TY_VECTOR ? IV_VEC : tk == TY_ROW_VECTOR ? IV_ROWVEC
                 : tk == TY_MATRIX ? IV_MAT : tk == TY_COMPLEX_VECTOR
                 ? IV_CVEC : tk == TY_COMPLEX_ROW_VECTOR ? IV_CROWVEC
                 : IV_CMAT;
        IvKind rk = iv_real_kind(k);
        long rows = rk == IV_ROWVEC ? 1 : sizes[0];
        long cols = rk == IV_VEC ? 1 : rk == IV_ROWVEC ? sizes[0] : sizes[1];
        if (iv_alloc(I->a, k, rows, cols, out, &I->err))
            return -1;
        long n = rows * cols * (iv_is_complex_kind(k) ? 2 : 1);
        for (long i = 0; i < n; i++)
            out->d[i] = NAN;
        return 0;
    }
    default: {
        char *t = ty_str(I->a, base);
        return interp_unsupported(I, arena_printf(I->a, "values of type %s", t));
    }
    }
}

static int exec_decl(MirInterp *I, Frame *f, const MirStmt *s)
{
    const MirVar *var = &I->p->vars[s->var];
    const MirSized *z = &var->sized;
    long dims[16], sizes[2] = {0, 0};
    int ndims = z->ndims, nsz = z->nsizes;
    if (ndims > 14)
        return interp_unsupported(I, "arrays of more than 14 dimensions");
    int all[18];
    for (int i = 0; i < ndims + nsz; i++) {
        const MirExpr *e = i < ndims ? z->dims[i] : z->size[i - ndims];
        IVal v;
        Ref r;
        long long x;
        if (interp_eval(I, f, e, &v, &r) || interp_as_int(I, &v, &x))
            return -1;
        if (x > INT32_MAX)
            x = INT32_MAX;
        all[i] = (int)x;
        if (i < ndims)
            dims[i] = (long)x;
        else
            sizes[i - ndims] = (long)x;
    }
    if (rt_dims_check(var->name, NULL, all, ndims + nsz, &I->err))
        return -1;
    long long total = 1;
    for (int i = 0; i < ndims + nsz; i++)
        total *= all[i];
    if (total > INTERP_MAX_ELEMENTS)
        return interp_fail(I, "variable %s is too large for the interpreter",
                           var->name);
    const Type *base = ty_base(z->type ? z->type : TY(REAL));
    TypeKind bk = base->kind;
    if (z->type && (bk == TY_VECTOR || bk == TY_ROW_VECTOR || bk == TY_MATRIX
                    || bk == TY_COMPLEX_VECTOR || bk == TY_COMPLEX_ROW_VECTOR
                    || bk == TY_COMPLEX_MATRIX) && nsz == 0)
        return interp_unsupported(I, "an unsized vector or matrix declaration");
    if (z->type && (bk == TY_MATRIX || bk == TY_COMPLEX_MATRIX) && nsz == 1)
        sizes[1] = sizes[0];    /* cov_matrix[K] and the like */
    IVal v;
    if (default_value(I, base, dims, ndims, sizes, &v))
        return -1;
    f->val[s->var] = v;
    f->set[s->var] = 1;
    f->node[s->var] = 0;
    return 0;
}

/* ------------------------------------------------------------- calls */

static int promote(MirInterp *I, const IVal *v, const Type *t, IVal *out);

static int call_user(MirInterp *I, Frame *f, const char *fn, int nargs,
                     const MirExpr *where, IVal *vals, Ref *refs, IVal *out,
                     MirTraceNode **node);

/* reduce_sum(f, x, grainsize, args...) as f(x, 1, size(x), args...): one
 * slice, the whole array (the sampler's slices sum to the same value up
 * to rounding). */
static int reduce_sum(MirInterp *I, Frame *f, const MirExpr *e, IVal *vals,
                      Ref *refs, IVal *out, MirTraceNode **node)
{
    int n = e->nargs;
    IVal *v = arena_alloc(I->a, sizeof(IVal) * (size_t)(n + 1));
    Ref *r = arena_alloc(I->a, sizeof(Ref) * (size_t)(n + 1));
    if (vals[1].k != IV_ARRAY)
        return interp_fail(I, "%s", "reduce_sum: the sliced argument is not "
                           "an array");
    v[0] = vals[1];
    r[0] = refs[1];
    v[1] = iv_int(1);
    r[1] = (Ref){0, "1"};
    v[2] = iv_int(vals[1].n);
    r[2] = (Ref){0, arena_printf(I->a, "%d", vals[1].n)};
    for (int i = 3; i < n; i++) {
        v[i] = vals[i];
        r[i] = refs[i];
    }
    return call_user(I, f, vals[0].s, n, e, v, r, out, node);
}

/* For the backward pass: the read of e (which began at upos) again on
 * labels (u[j] = j), so that each value of the read knows its place in u
 * (a matrix is read column-major into row-major storage). */
static int param_labels(MirInterp *I, Frame *f, const MirExpr *e, int upos,
                        MirTraceVals *kv)
{
    const double *u = I->u;
    int after = I->upos;
    double *lab = arena_alloc(I->a, sizeof(double) * (size_t)(after + 1));
    for (int j = 0; j < after; j++)
        lab[j] = j;
    I->u = lab;
    I->upos = upos;
    int rc = interp_read_param(I, f, e, &kv->ulabels);
    I->u = u;
    I->upos = after;
    kv->is_read = true;
    return rc;
}

static int eval_call(MirInterp *I, Frame *f, const MirExpr *e, IVal *out,
                     Ref *ref)
{
    *ref = NOREF;
    bool is_internal = e->fn_kind == FNK_INTERNAL;
    if (is_internal && (e->internal == FN_READ_DATA
                        || e->internal == FN_READ_PARAM)) {
        int upos = I->upos;
        int rc = e->internal == FN_READ_DATA ? interp_read_data(I, f, e, out)
                                             : interp_read_param(I, f, e, out);
        if (rc)
            return -1;
        MirTraceNode *nd = record(I, f, MT_PRIMITIVE, e);
        if (nd) {
            nd->fn = mir_internal_name(e->internal);
            Ref r[2] = {{0, arena_printf(I->a, "\"%s\"", interp_str_arg(e->args[0]))},
                        {0, arena_printf(I->a, "\"%s\"", interp_str_arg(e->args[1]))}};
            set_args(I, nd, r, 2);
            set_value(I, nd, out);
            if (e->internal == FN_READ_PARAM && param_labels(I, f, e, upos,
                                                             nd->vals))
                return -1;
            nd->span = e->span;
            ref->node = nd->index;
        }
        return 0;
    }
    int n = e->nargs;
    IVal *vals = arena_alloc(I->a, sizeof(IVal) * (size_t)(n + 1));
    Ref *refs = arena_alloc(I->a, sizeof(Ref) * (size_t)(n + 1));
    bool *ad = arena_alloc(I->a, (size_t)(n + 1));
    bool message = is_internal && (e->internal == FN_PRINT
                                   || e->internal == FN_REJECT
                                   || e->internal == FN_FATAL_ERROR);
    for (int i = 0; i < n; i++) {
        if (message && interp_is_tuple_array(e->args[i])
            ? interp_tuple_text(I, f, e->args[i], &vals[i], &refs[i])
            : interp_eval(I, f, e->args[i], &vals[i], &refs[i]))
            return -1;
        ad[i] = I->in_log_prob && e->args[i]->ad == AD_AUTODIFF;
    }
    bool reduce = e->fn_kind == FNK_STANLIB && n >= 3 && vals[0].k == IV_FUN
        && (!strcmp(e->fn, "reduce_sum") || !strcmp(e->fn, "reduce_sum_static"));
    if (e->fn_kind == FNK_USER || reduce) {
        MirTraceNode *nd = NULL;
        if (reduce ? reduce_sum(I, f, e, vals, refs, out, &nd)
                   : call_user(I, f, e->fn, e->nargs, e, vals, refs, out, &nd))
            return -1;
        if (nd)
            ref->node = nd->index;
        return 0;
    }
    double lj = 0;
    int rc;
    if (is_internal) {
        rc = interp_internal(I, f, e, vals, out, &lj);
    } else if ((rc = interp_ode_call(I, e, vals, out)) == -3) {
        LibCall c = {I->a, &I->err, e->op != OP_NONE
                     ? ast_op_name(e->op, e->prefix) : e->fn, vals, ad, n,
                     f->propto};
        rc = interp_lib_call(&c, out);
        if (rc == LIB_UNSUPPORTED)
            I->unsupported = true;
    }
    /* record the call even when it failed: the trace ends with it */
    MirTraceNode *nd = record(I, f, is_internal && e->internal == FN_PRINT
                              ? MT_PRINT : MT_PRIMITIVE, e);
    if (nd) {
        nd->fn = is_internal ? mir_internal_name(e->internal)
               : e->op != OP_NONE ? ast_op_str(e->op) : e->fn;
        set_args(I, nd, refs, n);
        if (rc == 0 && out->k != IV_VOID)
            set_value(I, nd, out);
        MirTraceVals *kv = keep_args(I, nd, vals, n);
        kv->lib = is_internal ? NULL : e->op != OP_NONE
            ? ast_op_name(e->op, e->prefix) : e->fn;
        kv->call = e;
        kv->ad = ad;
        kv->propto = f->propto;
        kv->lj = lj;
        nd->span = e->span;
        ref->node = nd->index;
    }
    if (rc != 0)
        return -1;
    if (is_internal && e->internal == FN_CONSTRAIN && I->opt.jacobian
        && I->in_log_prob) {
        I->target += lj;
        MirTraceNode *t = record(I, f, MT_TARGET, e);
        if (t) {
            Ref r = {nd->index, NULL};
            set_args(I, t, &r, 1);
            t->note = "log|J|";
            IVal tv = iv_real(I->target);
            set_value(I, t, &tv);
            t->fn = "target";
        }
    }
    return 0;
}

/* How deep user calls may nest, besides the stack's own limit
 * (rt_recursion_too_deep, as in the sampler's emitted functions). */
#define INTERP_MAX_CALL_DEPTH 1000000

static bool is_primitive(const MirInterp *I, const char *fn)
{
    for (const char *const *p = I->opt.primitives; p && *p; p++)
        if (!strcmp(*p, fn))
            return true;
    return false;
}

static int fit_at(const IVal *v, const Type *t, int dims);

/* How a value fits a parameter of type t: 0 exactly, 1 or 2 promoted
 * (int to real, real to complex), -1 not at all. */
static int value_fit(const IVal *v, const Type *t)
{
    return t->kind == TY_ARRAY ? fit_at(v, t->elem, t->dims) : fit_at(v, t, 0);
}

static int fit_at(const IVal *v, const Type *t, int dims)
{
    if (dims > 0) {
        if (v->k != IV_ARRAY)
            return -1;
        int worst = 0;
        for (int i = 0; i < v->n && worst >= 0; i++) {
            int c = fit_at(&v->el[i], t, dims - 1);
            worst = c < 0 || c > worst ? c : worst;
        }
        return worst;
    }
    TypeKind k = t->kind;
    switch (v->k) {
    case IV_INT:
        return k == TY_INT ? 0 : k == TY_REAL ? 1 : k == TY_COMPLEX ? 2 : -1;
    case IV_REAL:
        return k == TY_REAL ? 0 : k == TY_COMPLEX ? 1 : -1;
    case IV_COMPLEX:
        return k == TY_COMPLEX ? 0 : -1;
    case IV_VEC:
        return k == TY_VECTOR ? 0 : k == TY_COMPLEX_VECTOR ? 1 : -1;
    case IV_ROWVEC:
        return k == TY_ROW_VECTOR ? 0 : k == TY_COMPLEX_ROW_VECTOR ? 1 : -1;
    case IV_MAT:
        return k == TY_MATRIX ? 0 : k == TY_COMPLEX_MATRIX ? 1 : -1;
    case IV_CVEC:
        return k == TY_COMPLEX_VECTOR ? 0 : -1;
    case IV_CROWVEC:
        return k == TY_COMPLEX_ROW_VECTOR ? 0 : -1;
    case IV_CMAT:
        return k == TY_COMPLEX_MATRIX ? 0 : -1;
    case IV_ARRAY:
        return -1;
    case IV_FUN:
        return k == TY_FUNCTION ? 0 : -1;
    default:
        return 0;
    }
}

static int call_user(MirInterp *I, Frame *f, const char *fn, int nargs,
                     const MirExpr *where, IVal *vals, Ref *refs, IVal *out,
                     MirTraceNode **node)
{
    const MirFun *fun = NULL;
    /* foo_lupdf calls foo_lpdf, dropping constants inside it */
    bool lup = name_is_unnormalized(fn);
    const char *name = name_definition(I->a, fn);
    /* among overloads, the one the values fit with the fewest
     * promotions (the typechecker's choice; the first among equals) */
    int best_cost = -1;
    for (int i = 0; i < I->p->nfuns; i++) {
        const MirFun *cand = &I->p->funs[i];
        if (strcmp(cand->name, name) || !cand->body || cand->nparams != nargs)
            continue;
        int cost = 0;
        for (int j = 0; j < nargs && cost >= 0; j++) {
            int c = value_fit(&vals[j], I->p->vars[cand->params[j]].sized.type);
            cost = c < 0 ? -1 : cost + c;
        }
        if (cost >= 0 && (!fun || cost < best_cost)) {
            fun = cand;
            best_cost = cost;
        }
    }
    if (!fun)
        return interp_unsupported(I, arena_printf(I->a, "the function %s without "
                                           "a body", fn));
    if (f->depth > INTERP_MAX_CALL_DEPTH || rt_recursion_too_deep())
        return rt_recursion_error(&I->err, fn);
    MirTraceNode *nd = record(I, f, MT_NESTED, where);
    if (nd) {
        nd->fn = fn;
        set_args(I, nd, refs, nargs);
        keep_args(I, nd, vals, nargs);
        nd->span = where->span;
        *node = nd;
    }
    bool enter = nd && f->depth < I->opt.max_depth
        && !is_primitive(I, fn);
    MirTrace *t = NULL;
    if (enter) {
        t = NEW(I->a, MirTrace);
        t->name = fn;
        nd->children = t;
    } else if (nd) {
        nd->kind = MT_PRIMITIVE;
    }
    /* the callee's variables on the heap, freed on return: a deep
     * recursion does not pile them up in the arena */
    int nv = I->p->nvars + 1;
    Frame g = {.val = calloc((size_t)nv, sizeof(IVal)),
               .set = calloc((size_t)nv, 1),
               .node = calloc((size_t)nv, sizeof(int)),
               .outer = &I->global, .trace = t, .depth = f->depth + 1,
               .propto = lup && f->propto, .ret = {.k = IV_VOID}};
    if (!g.val || !g.set || !g.node) {
        free(g.val);
        free(g.set);
        free(g.node);
        rt_fatal(&I->err, "out of memory in function %s", fn);
        return -1;
    }
    for (int i = 0; i < fun->nparams; i++) {
        VarId v = fun->params[i];
        const Type *pt = I->p->vars[v].sized.type;
        IVal a = vals[i];
        if (pt && pt->kind == TY_REAL && a.k == IV_INT)
            a = iv_real((double)a.i);
        if (pt && ty_array_dims(pt) == 0 && (pt->kind == TY_COMPLEX
                                             || pt->kind == TY_COMPLEX_VECTOR
                                             || pt->kind == TY_COMPLEX_ROW_VECTOR
                                             || pt->kind == TY_COMPLEX_MATRIX)
            && !iv_is_complex_kind(a.k)
            && iv_to_complex(I->a, &vals[i], &a, &I->err)) {
            free(g.val);
            free(g.set);
            free(g.node);
            return -1;
        }
        g.val[v] = a;
        g.set[v] = 1;
        if (t) {
            MirTraceNode *an = record(I, &g, MT_ARG, NULL);
            an->fn = I->p->vars[v].name;
            an->block = 1;
            an->expr = i + 1;
            set_value(I, an, &a);
            g.node[v] = an->index;
        }
    }
    int rc = exec(I, &g, fun->body);
    *out = g.ret;
    free(g.val);
    free(g.set);
    free(g.node);
    if (rc == EX_ERROR)
        return -1;
    /* the declared return type: int to real, real values to complex
     * (containers too: `complex_vector f(vector x) { return x; }`) */
    IVal got = *out;
    if (got.k != IV_VOID && fun->ret && promote(I, &got, fun->ret, out))
        return -1;
    if (nd && out->k != IV_VOID)
        set_value(I, nd, out);
    return 0;
}

int interp_call_fun(MirInterp *I, const char *fn, IVal *vals, int nargs,
                    const MirExpr *where, IVal *out, MirTrace **list)
{
    /* the caller: a list of its own (holding the call's node) or none */
    MirTrace *caller = list ? NEW(I->a, MirTrace) : NULL;
    Frame f = {.outer = &I->global, .trace = caller, .depth = 1,
               .ret = {.k = IV_VOID}};
    Ref *refs = arena_alloc(I->a, sizeof(Ref) * (size_t)(nargs + 1));
    MirInterpOptions saved = I->opt;
    if (list) {
        I->opt.max_depth = INT32_MAX;
        I->opt.primitives = NULL;
    }
    MirTraceNode *nd = NULL;
    int rc = call_user(I, &f, fn, nargs, where, vals, refs, out, &nd);
    I->opt = saved;
    if (list)
        *list = nd ? nd->children : NULL;
    return rc;
}

/* ------------------------------------------------------- expressions */

static int promote(MirInterp *I, const IVal *v, const Type *t, IVal *out)
{
    if (!t)
        return (*out = *v, 0);
    if (t->kind == TY_REAL && v->k == IV_INT) {
        *out = iv_real((double)v->i);
        return 0;
    }
    if (t->kind == TY_ARRAY && v->k == IV_ARRAY) {
        const Type *et = t->dims > 1 ? ty_array(I->a, t->dims - 1, t->elem)
                                     : t->elem;
        IVal r = {.k = IV_ARRAY, .n = v->n};
        r.el = arena_alloc(I->a, sizeof(IVal) * (size_t)(v->n + 1));
        for (int k = 0; k < v->n; k++)
            if (promote(I, &v->el[k], et, &r.el[k]))
                return -1;
        *out = r;
        return 0;
    }
    if ((t->kind == TY_COMPLEX || t->kind == TY_COMPLEX_VECTOR
         || t->kind == TY_COMPLEX_ROW_VECTOR || t->kind == TY_COMPLEX_MATRIX)
        && !iv_is_complex_kind(v->k))
        return iv_to_complex(I->a, v, out, &I->err);
    *out = *v;
    return 0;
}

static bool truthy(const IVal *v)
{
    return v->k == IV_INT ? v->i != 0 : iv_num(v) != 0;
}

int interp_eval(MirInterp *I, Frame *f, const MirExpr *e, IVal *out,
                Ref *ref)
{
    *ref = NOREF;
    switch (e->kind) {
    case MX_INT:
        *out = iv_int(e->ival);
        ref->konst = e->text;
        return 0;
    case MX_REAL:
        *out = iv_real(e->rval);
        ref->konst = e->text;
        return 0;
    case MX_STR:
        *out = (IVal){.k = IV_STR, .s = e->text};
        ref->konst = arena_printf(I->a, "\"%s\"", e->text);
        return 0;
    case MX_IMAG:
        *out = iv_complex(0, e->rval);
        ref->konst = arena_printf(I->a, "%si", e->text);
        return 0;
    case MX_VAR: {
        if (e->fn) {    /* a function passed to a higher-order one */
            *out = (IVal){.k = IV_FUN, .s = e->fn};
            ref->konst = e->fn;
            return 0;
        }
        if (e->var < 0 || e->var >= I->p->nvars)
            return interp_fail(I, "%s", "a variable out of the table");
        IVal *v = lookup(f, e->var);
        if (!v)
            return interp_fail(I, "variable %s is read before it is declared",
                        I->p->vars[e->var].name);
        *out = *v;
        *ref = var_ref(I, f, e->var, v);
        return 0;
    }
    case MX_CALL:
        return eval_call(I, f, e, out, ref);
    case MX_TERNARY: {
        IVal c;
        Ref cr;
        if (interp_eval(I, f, e->args[0], &c, &cr))
            return -1;
        bool take = truthy(&c);
        MirTraceNode *nd = record(I, f, MT_BRANCH, e);
        if (nd) {
            set_args(I, nd, &cr, 1);
            nd->has_cond = true;
            nd->cond = take;
            nd->note = take ? "?: takes its first arm" : "?: takes its "
                              "second arm";
            nd->span = e->span;
        }
        IVal v;
        if (interp_eval(I, f, e->args[take ? 1 : 2], &v, ref))
            return -1;
        return promote(I, &v, e->type, out);
    }
    case MX_AND: case MX_OR: {
        IVal a, b;
        Ref r[2] = {NOREF, NOREF};
        if (interp_eval(I, f, e->args[0], &a, &r[0]))
            return -1;
        bool x = truthy(&a), v = x;
        int n = 1;
        if (e->kind == MX_AND ? x : !x) {
            if (interp_eval(I, f, e->args[1], &b, &r[1]))
                return -1;
            v = truthy(&b);
            n = 2;
        }
        *out = iv_int(v);
        MirTraceNode *nd = record(I, f, MT_PRIMITIVE, e);
        if (nd) {
            nd->fn = e->kind == MX_AND ? "&&" : "||";
            set_args(I, nd, r, n);
            set_value(I, nd, out);
            nd->span = e->span;
            ref->node = nd->index;
        }
        return 0;
    }
    case MX_INDEXED: {
        IVal base;
        Ref br;
        if (interp_eval(I, f, e->args[0], &base, &br))
            return -1;
        const char *name = e->args[0]->kind == MX_VAR
            ? I->p->vars[e->args[0]->var].name : "expression";
        Sel *sels = arena_alloc(I->a, sizeof(Sel) * (size_t)(e->nindices + 1));
        Ref *refs = arena_alloc(I->a, sizeof(Ref) * (size_t)(2 * e->nindices
                                                               + 2));
        int nr = 1;
        refs[0] = br;
        if (interp_make_sels(I, f, &base, e->indices, e->nindices, name, sels,
                      refs, &nr))
            return -1;
        IVal v;
        if (interp_select(I, &base, sels, e->nindices, &v))
            return -1;
        *out = v.k == IV_ARRAY || v.k == IV_VEC || v.k == IV_ROWVEC
            || v.k == IV_MAT ? iv_copy(I->a, &v) : v;
        MirTraceNode *nd = record(I, f, MT_PRIMITIVE, e);
        if (nd) {
            nd->fn = "[]";
            set_args(I, nd, refs, nr);
            set_value(I, nd, out);
            IVal *kb = NEW(I->a, IVal);
            *kb = base;
            MirTraceVals *kv = keep_args(I, nd, kb, 1);
            kv->sels = sels;
            kv->nsels = e->nindices;
            nd->span = e->span;
            ref->node = nd->index;
        }
        return 0;
    }
    case MX_PROMOTE: {
        IVal v;
        if (interp_eval(I, f, e->args[0], &v, ref))
            return -1;
        return promote(I, &v, e->type, out);
    }
    case MX_TUPLE_PROJ:
        return interp_unsupported(I, "tuples");
    case MX__COUNT:
        break;
    }
    return interp_fail(I, "%s", "an unknown expression");
}

/* --------------------------------------------------------- statements */

static MirTraceNode *branch(MirInterp *I, Frame *f, const MirStmt *s,
                            int to, const Ref *cond, bool value,
                            const char *note)
{
    MirTraceNode *nd = record(I, f, MT_BRANCH, s);
    if (!nd)
        return NULL;
    nd->branch = nd->expr;
    nd->expr = 0;
    nd->to_block = to;
    if (cond) {
        set_args(I, nd, cond, 1);
        nd->has_cond = true;
        nd->cond = value;
    }
    nd->note = note;
    nd->span = s->span;
    return nd;
}

static int block_of(const MirInterp *I, const MirStmt *body)
{
    const LocEntry *le = loc_get(&I->map, (const char *)body + 1);
    return le ? le->block : 0;
}

static int block_here(const MirInterp *I, const MirStmt *s)
{
    const LocEntry *le = loc_get(&I->map, s);
    return le ? le->block : 0;
}

static int exec_assign(MirInterp *I, Frame *f, const MirStmt *s)
{
    IVal v;
    Ref r;
    if (interp_eval(I, f, s->rhs, &v, &r))
        return EX_ERROR;
    VarId x = s->lhs.var;
    IVal *cur = lookup(f, x);
    const char *name = I->p->vars[x].name;
    if (s->lhs.nsteps == 0) {
        IVal nv;
        if (promote(I, &v, s->lhs.type, &nv))
            return EX_ERROR;
        if (cur && cur->k != IV_VOID) {
            IVal tmp = *cur;
            if (interp_store(I, &tmp, NULL, 0, &nv))
                return EX_ERROR;
            nv = tmp;
        } else {
            nv = iv_copy(I->a, &nv);
        }
        f->val[x] = nv;
        f->set[x] = 1;
        f->node[x] = store_ref(I, f, r, &nv, s->rhs, name);
        return EX_OK;
    }
    if (!cur)
        return interp_fail(I, "variable %s is assigned before it is declared", name);
    for (int k = 0; k < s->lhs.nsteps; k++)
        if (!s->lhs.steps[k].indices)
            return interp_unsupported(I, "tuples");
    if (s->lhs.nsteps > 1)
        return interp_unsupported(I, "an assignment with several index lists");
    const MirLvalueStep *st = &s->lhs.steps[0];
    Ref *refs = arena_alloc(I->a, sizeof(Ref) * (size_t)(2 * st->nindices
                                                           + 3));
    int nr = 1;
    refs[0] = var_ref(I, f, x, cur);
    Sel *sels = arena_alloc(I->a, sizeof(Sel) * (size_t)(st->nindices + 1));
    if (interp_make_sels(I, f, cur, st->indices, st->nindices, name, sels, refs,
                  &nr))
        return EX_ERROR;
    /* a variable of an outer frame (never: functions cannot assign data)
     * is copied into this one */
    IVal nv = iv_copy(I->a, cur);
    if (interp_store(I, &nv, sels, st->nindices, &v))
        return EX_ERROR;
    refs[nr++] = r;
    f->val[x] = nv;
    f->set[x] = 1;
    MirTraceNode *nd = record(I, f, MT_PRIMITIVE, s->rhs);
    if (nd) {
        nd->fn = "[]=";
        set_args(I, nd, refs, nr);
        set_value(I, nd, &nv);
        IVal *kb = arena_alloc(I->a, sizeof(IVal) * 2);
        kb[0] = *cur;
        kb[1] = v;
        MirTraceVals *kv = keep_args(I, nd, kb, 2);
        kv->sels = sels;
        kv->nsels = st->nindices;
        nd->span = s->span;
        f->node[x] = nd->index;
    }
    return EX_OK;
}

static double sum_value(const IVal *v)
{
    if (v->k == IV_INT || v->k == IV_REAL)
        return iv_num(v);
    double s = 0;
    if (v->k == IV_ARRAY) {
        for (int k = 0; k < v->n; k++)
            s += sum_value(&v->el[k]);
        return s;
    }
    for (long i = 0; i < (long)v->rows * v->cols; i++)
        s += v->d[i];
    return s;
}

static int exec_target(MirInterp *I, Frame *f, const MirStmt *s)
{
    IVal v;
    Ref r;
    if (interp_eval(I, f, s->rhs, &v, &r))
        return EX_ERROR;
    if (s->kind == MS_JACOBIAN_PE && !I->opt.jacobian)
        return EX_OK;
    I->target += sum_value(&v);
    MirTraceNode *nd = record(I, f, MT_TARGET, s->rhs);
    if (nd) {
        nd->fn = s->kind == MS_JACOBIAN_PE ? "jacobian" : "target";
        set_args(I, nd, &r, 1);
        IVal t = iv_real(I->target);
        set_value(I, nd, &t);
        nd->span = s->span;
    }
    return EX_OK;
}

static int exec_list(MirInterp *I, Frame *f, const MirStmt *s)
{
    for (int i = 0; i < s->nstmts; i++) {
        int rc = exec(I, f, s->stmts[i]);
        if (rc != EX_OK)
            return rc;
    }
    return EX_OK;
}

static int exec_loop_body(MirInterp *I, Frame *f, const MirStmt *s,
                          bool *stop)
{
    int rc = exec(I, f, s->body);
    *stop = false;
    if (rc == EX_BREAK) {
        *stop = true;
        return EX_OK;
    }
    if (rc == EX_CONTINUE)
        return EX_OK;
    if (rc != EX_OK)
        *stop = true;
    return rc;
}

static int exec_for(MirInterp *I, Frame *f, const MirStmt *s)
{
    IVal lo, hi;
    Ref lr, hr;
    long long a, b;
    if (interp_eval(I, f, s->lo, &lo, &lr) || interp_as_int(I, &lo, &a)
        || interp_eval(I, f, s->hi, &hi, &hr) || interp_as_int(I, &hi, &b))
        return EX_ERROR;
    int body = block_of(I, s->body), here = block_here(I, s);
    const char *name = I->p->vars[s->var].name;
    for (long long i = a;; i++) {
        IVal iv = iv_int(i);
        f->val[s->var] = iv;
        f->set[s->var] = 1;
        f->node[s->var] = 0;
        Ref ir = {0, NULL};
        IVal test = iv_int(i <= b);
        if (f->trace) {
            ir.konst = arena_printf(I->a, "%lld", i);
            /* the loop variable: an argument of the body's block */
            MirTraceNode *ln = record(I, f, MT_ARG, NULL);
            ln->fn = name;
            ln->block = body;
            set_value(I, ln, &iv);
            f->node[s->var] = ln->index;
            Ref tr[2] = {{ln->index, NULL}, hr};
            MirTraceNode *tn = record(I, f, MT_PRIMITIVE, s->hi);
            tn->fn = "<=";
            set_args(I, tn, tr, 2);
            set_value(I, tn, &test);
            ir.node = tn->index;
        }
        if (i > b) {
            branch(I, f, s, here, &ir, false, NULL);
            break;
        }
        branch(I, f, s, body, &ir, true, NULL);
        bool stop;
        int rc = exec_loop_body(I, f, s, &stop);
        if (stop)
            return rc;
    }
    return EX_OK;
}

static int exec_while(MirInterp *I, Frame *f, const MirStmt *s)
{
    int body = block_of(I, s->body), here = block_here(I, s);
    for (;;) {
        IVal c;
        Ref cr;
        if (interp_eval(I, f, s->cond, &c, &cr))
            return EX_ERROR;
        bool go = truthy(&c);
        branch(I, f, s, go ? body : here, &cr, go, NULL);
        if (!go)
            return EX_OK;
        bool stop;
        int rc = exec_loop_body(I, f, s, &stop);
        if (stop)
            return rc;
    }
}

static int exec(MirInterp *I, Frame *f, const MirStmt *s)
{
    switch (s->kind) {
    case MS_DECL:
        return exec_decl(I, f, s) ? EX_ERROR : EX_OK;
    case MS_ASSIGN:
        return exec_assign(I, f, s) ? EX_ERROR : EX_OK;
    case MS_TARGET_PE: case MS_JACOBIAN_PE:
        return exec_target(I, f, s);
    case MS_CALL: {
        IVal v;
        Ref r;
        return interp_eval(I, f, s->call, &v, &r) ? EX_ERROR : EX_OK;
    }
    case MS_BREAK: case MS_CONTINUE:
        branch(I, f, s, block_here(I, s), NULL, false,
               s->kind == MS_BREAK ? "break" : "continue");
        return s->kind == MS_BREAK ? EX_BREAK : EX_CONTINUE;
    case MS_RETURN: {
        IVal v = {.k = IV_VOID};
        Ref r = NOREF;
        if (s->rhs && interp_eval(I, f, s->rhs, &v, &r))
            return EX_ERROR;
        f->ret = iv_copy(I->a, &v);
        MirTraceNode *nd = record(I, f, MT_RETURN, s);
        if (nd) {
            nd->branch = nd->expr;
            nd->expr = 0;
            set_args(I, nd, &r, s->rhs ? 1 : 0);
            if (v.k != IV_VOID)
                set_value(I, nd, &v);
            nd->span = s->span;
        }
        return EX_RETURN;
    }
    case MS_IF: {
        IVal c;
        Ref cr;
        if (interp_eval(I, f, s->cond, &c, &cr))
            return EX_ERROR;
        bool go = truthy(&c);
        int to = go ? block_of(I, s->body)
               : s->else_body ? block_of(I, s->else_body) : block_here(I, s);
        branch(I, f, s, to, &cr, go, NULL);
        if (go)
            return exec(I, f, s->body);
        return s->else_body ? exec(I, f, s->else_body) : EX_OK;
    }
    case MS_WHILE:
        return exec_while(I, f, s);
    case MS_FOR:
        return exec_for(I, f, s);
    case MS_PROFILE:
        return exec(I, f, s->body);
    case MS_BLOCK: case MS_SLIST:
        return exec_list(I, f, s);
    case MS_SKIP:
        return EX_OK;
    case MS__COUNT:
        break;
    }
    return interp_fail(I, "%s", "an unknown statement");
}

/* ------------------------------------------------------------ the API */

static void number_program(MirInterp *I)
{
    for (int i = 0; i < I->p->nfuns; i++) {
        const MirFun *fn = &I->p->funs[i];
        if (!fn->body)
            continue;
        Numbering nb = {I->a, &I->map, 0, fn->nparams};
        number_body(&nb, fn->body, I->p);
    }
    const MirStmt *secs[] = {I->p->prepare_data, I->p->log_prob,
                             I->p->transform_inits};
    for (int i = 0; i < 3; i++) {
        if (!secs[i])
            continue;
        Numbering nb = {I->a, &I->map, 0, 0};
        number_body(&nb, secs[i], I->p);
    }
}

static void copy_why(const MirInterp *I, char *why, size_t n)
{
    if (n)
        snprintf(why, n, "%s", I->err.msg);
}

/* Run body in a frame over the globals, with the print capture set so
 * that print(...) lands in the trace, not on stdout. */
typedef struct SectionRun {
    MirInterp *I;
    const MirStmt *body;
    Frame *f;
} SectionRun;

static int section_thread(void *arg)
{
    SectionRun *r = arg;
    RtMsg printed = {0};
    RtMsg *old = rt_print_capture(&printed);
    int rc = exec(r->I, r->f, r->body);
    rt_print_capture(old);
    rt_msg_free(&printed);
    return rc == EX_ERROR ? -1 : 0;
}

/* Run body in frame f on a thread with the sampler's large stack
 * (rt_run_with_stack), so that recursion reaches the depth the sampler
 * reaches and ends in its "recursion too deep" error, not a crash; with
 * the print capture set, so that print(...) lands in the trace. */
static int run_section(MirInterp *I, const MirStmt *body, Frame *f)
{
    SectionRun r = {I, body, f};
    return rt_run_with_stack(section_thread, &r);
}

MirInterp *mir_interp_new(Arena *a, MirProgram *p, const RtData *d,
                          char *why, size_t n, bool *unsup)
{
    MirInterp *I = NEW(a, MirInterp);
    I->p = p;
    I->a = a;
    I->data = d;
    I->err = (RtError){.msg = ""};
    I->opt.max_depth = 0;
    *unsup = false;
    number_program(I);
    frame_init(I, &I->global, NULL, NULL, 1);
    if (!p->backend_forms) {
        snprintf(why, n, "the interpreter runs the transformed MIR only");
        *unsup = true;
        return NULL;
    }
    /* an array of tuples is read one slot's array at a time, and the
     * compiled code permutes its values into Stan's order
     * (backend/emit_tuple.c), which the interpreter's reads do not */
    for (int v = 0; v < p->nvars; v++)
        if (p->vars[v].kind == MV_PARAM && p->vars[v].tuple_ndims != 0) {
            snprintf(why, n, "parameters that are arrays of tuples ('%s')",
                     p->vars[v].out_name ? p->vars[v].out_name
                                         : p->vars[v].name);
            *unsup = true;
            return NULL;
        }
    if (p->prepare_data && run_section(I, p->prepare_data, &I->global)) {
        copy_why(I, why, n);
        *unsup = I->unsupported;
        return NULL;
    }
    /* the number of unconstrained values: log_prob's reads, counted on a
     * dry run of its parameter reads alone (the top-level declarations
     * and reads, which come first) */
    Frame f;
    frame_init(I, &f, &I->global, NULL, 1);
    I->counting = true;
    const MirStmt *lp = p->log_prob;
    for (int i = 0; lp && i < lp->nstmts; i++) {
        const MirStmt *s = lp->stmts[i];
        bool read = s->kind == MS_ASSIGN && s->rhs->kind == MX_CALL
            && s->rhs->fn_kind == FNK_INTERNAL
            && (s->rhs->internal == FN_READ_PARAM
                || (s->rhs->internal == FN_CONSTRAIN
                    && s->rhs->args[0]->kind == MX_CALL
                    && s->rhs->args[0]->internal == FN_READ_PARAM));
        if (s->kind != MS_DECL && !read)
            continue;
        const MirExpr *e = read && s->rhs->internal == FN_CONSTRAIN
            ? s->rhs->args[0] : s->rhs;
        IVal v;
        int rc = s->kind == MS_DECL ? exec_decl(I, &f, s)
                                    : interp_read_param(I, &f, e, &v);
        if (rc) {
            copy_why(I, why, n);
            *unsup = I->unsupported;
            return NULL;
        }
    }
    I->counting = false;
    return I;
}

int mir_interp_num_unconstrained(const MirInterp *in)
{
    return in->nunc;
}

int mir_interp_unconstrain(MirInterp *I, const RtData *params, double *u,
                           char *why, size_t n)
{
    const RtData *old = I->data;
    I->data = params;
    I->uout = u;
    I->nout = 0;
    I->err = (RtError){.msg = ""};
    I->in_log_prob = false;
    Frame f;
    frame_init(I, &f, &I->global, NULL, 1);
    int rc = I->p->transform_inits ? run_section(I, I->p->transform_inits, &f)
                                   : 0;
    I->data = old;
    if (rc == 0 && I->nout != I->nunc)
        rc = interp_fail(I, "%s", "transform_inits wrote fewer values than the "
                  "parameters have");
    if (rc)
        copy_why(I, why, n);
    return rc;
}

/* The tracking context's metadata on every node of t and its lists. */
static void attach_meta(const MirInterpOptions *o, MirTrace *t, int depth)
{
    for (int i = 0; t && i < t->n; i++) {
        MirTraceNode *nd = &t->nodes[i];
        nd->meta = o->meta(o->meta_ctx, nd, depth);
        attach_meta(o, nd->children, depth + 1);
    }
}

int mir_interp_log_prob(MirInterp *I, const double *u,
                        const MirInterpOptions *o, double *lp,
                        MirTrace **trace, char *why, size_t n, bool *unsup)
{
    I->u = u;
    I->upos = 0;
    I->opt = *o;
    I->target = 0;
    I->in_log_prob = true;
    I->err = (RtError){.msg = ""};
    I->unsupported = false;
    MirTrace *t = NULL;
    if (trace && o->max_depth > 0) {
        t = NEW(I->a, MirTrace);
        t->name = "log_prob";
    }
    if (trace)
        *trace = t;
    Frame f;
    frame_init(I, &f, &I->global, t, 1);
    f.propto = true;
    int rc = I->p->log_prob ? run_section(I, I->p->log_prob, &f) : 0;
    I->in_log_prob = false;
    /* the interpreter's own size limit is not the program's failure */
    if (strstr(I->err.msg, "too large for the interpreter"))
        I->unsupported = true;
    *unsup = I->unsupported;
    if (rc) {
        if (o->meta)
            attach_meta(o, t, 1);
        copy_why(I, why, n);
        return -1;
    }
    *lp = I->target;
    if (t) {
        MirTraceNode *nd = record(I, &f, MT_RETURN, NULL);
        nd->fn = "target";
        IVal v = iv_real(I->target);
        set_value(I, nd, &v);
        nd->block = 1;
    }
    if (o->meta)
        attach_meta(o, t, 1);
    return 0;
}
