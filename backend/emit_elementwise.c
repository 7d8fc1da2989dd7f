/* emit_elementwise.c - elementwise container expressions in one loop.
 *
 * a[g] + b * x, exp(u) .* v - c, ... would otherwise take one pass and
 * one temporary per operation, forward and again in reverse.  Here an
 * expression tree of elementwise operations (+ - .* ./, * and / by a
 * scalar, unary minus, the elementwise math functions) over containers of
 * one length is emitted as a single loop computing element k of the whole
 * tree; its leaves are container variables, single multi-indexings of a
 * rank-1 variable (x[g], range-checked in the loop) and scalars
 * (evaluated once and broadcast).  The reverse step is one loop too: for
 * each k it takes the adjoint of element k down the tree, adding into the
 * adjoints of container leaves and into one sum per scalar leaf, which
 * then goes into that scalar expression once after the loop.  Different
 * lengths are Stan's size error. */
#include <string.h>

#include "emit.h"

#define A(...) arena_printf(em->a, __VA_ARGS__)

static bool is_vec_type(const Type *t)
{
    return t->kind == TY_VECTOR || t->kind == TY_ROW_VECTOR
        || t->kind == TY_MATRIX
        || (t->kind == TY_ARRAY && t->dims == 1 && t->elem->kind == TY_REAL);
}

static bool is_real_scalar(const Type *t)
{
    return t->kind == TY_REAL || t->kind == TY_INT;
}

/* x[g] of a rank-1 variable: a leaf read through g in the loop. */
static bool multi_leaf(const Emit *em, const MirExpr *e)
{
    if (e->kind == MX_INDEXED && e->nindices == 1
        && e->indices[0].kind == IDX_MULTI && e->args[0]->kind == MX_VAR
        && e->args[0]->var >= 0) {
        const MirVar *v = &em->p->vars[e->args[0]->var];
        const Type *t = v->sized.type;
        return t->kind == TY_VECTOR || t->kind == TY_ROW_VECTOR
            || (t->kind == TY_ARRAY && t->dims == 1
                && (t->elem->kind == TY_REAL || t->elem->kind == TY_INT));
    }
    return false;
}

static bool tree(const Emit *em, const MirExpr *e);

/* A leaf that is a container: x[g], or any other container value that is
 * not itself a tree (a variable, a function's result, a slice), whose
 * elements the loop reads from its value. */
static bool container_leaf(const Emit *em, const MirExpr *e)
{
    if (multi_leaf(em, e))
        return true;
    const Type *t = e->type;
    bool shaped = t->kind == TY_VECTOR || t->kind == TY_ROW_VECTOR
        || t->kind == TY_MATRIX
        || (t->kind == TY_ARRAY && t->dims == 1
            && (t->elem->kind == TY_REAL || t->elem->kind == TY_INT));
    return shaped && !tree(em, e);
}

/* An operand of the tree: a subtree, a container leaf, or a scalar. */
static bool operand(const Emit *em, const MirExpr *e)
{
    if (is_real_scalar(e->type))
        return true;
    return tree(em, e) || container_leaf(em, e);
}

static bool tree(const Emit *em, const MirExpr *e)
{
    if (e->kind == MX_PROMOTE)
        return operand(em, e->args[0]);
    if (e->kind != MX_CALL || e->fn_kind != FNK_STANLIB
        || !is_vec_type(e->type) || ty_base(e->type)->kind == TY_INT)
        return false;
    if (e->nargs == 1 && (em_elementwise_unary(e->fn)
                          || strcmp(e->fn, "minus") == 0))
        return operand(em, e->args[0]);
    if (e->nargs != 2 || e->prefix)
        return false;
    bool ls = is_real_scalar(e->args[0]->type);
    bool rs = is_real_scalar(e->args[1]->type);
    switch (e->op) {
    case OP_ADD:
    case OP_SUB:
    case OP_EMUL:
    case OP_EDIV:
        break;
    case OP_MUL:
        if (!ls && !rs)
            return false;     /* a matrix product */
        break;
    case OP_DIV:
        if (!rs)
            return false;
        break;
    default:
        return false;
    }
    return operand(em, e->args[0]) && operand(em, e->args[1]);
}

/* The operations of a tree, and whether it reads a computed container
 * (whose adjoint then needs a buffer of its own). */
static int count_ops(const Emit *em, const MirExpr *e, bool *computed)
{
    if (is_real_scalar(e->type))
        return 0;
    if (!tree(em, e)) {
        if (!multi_leaf(em, e) && e->kind != MX_VAR)
            *computed = true;
        return 0;
    }
    int n = e->kind == MX_PROMOTE ? 0 : 1;
    for (int i = 0; i < e->nargs; i++)
        n += count_ops(em, e->args[i], computed);
    return n;
}

bool em_elementwise(const Emit *em, const MirExpr *e)
{
    if (e->kind != MX_CALL || !tree(em, e))
        return false;
    /* one operation on a computed container gains nothing: the plain
     * operation passes its adjoint straight through */
    bool computed = false;
    int ops = count_ops(em, e, &computed);
    return ops > 1 || !computed;
}

/* -------------------------------------------------------------- leaves */

typedef struct Leaf {
    const MirExpr *e;
    Opnd o;                 /* container: base values; scalar: the value */
    const char *index;      /* x[g]: the int array g */
    const char *sum;        /* reverse: a scalar leaf's adjoint sum, or a
                               computed container's adjoint buffer */
    bool scalar;
} Leaf;

typedef struct EmKernel {
    Leaf *leaves;           /* n of them, room for cap (em->a) */
    int n, cap;
    const char *len;        /* the common length (of the last tree added) */
    const char *rows, *cols;
} Kernel;

static int find_leaf(const Kernel *k, const MirExpr *e)
{
    for (int i = 0; i < k->n; i++)
        if (k->leaves[i].e == e)
            return i;
    return -1;
}

/* Whether a C expression calls nothing (a name, a literal, an element
 * x[0], arithmetic): the C compiler moves it out of the loop itself. */
static bool simple_name(const char *c)
{
    return strchr(c, '(') == NULL;
}

/* Evaluate the leaves (scalars once), check the lengths. */
static void gather_leaves(Emit *em, Kernel *k, const MirExpr *e)
{
    if (is_real_scalar(e->type) || container_leaf(em, e)) {
        if (find_leaf(k, e) >= 0)
            return;
        if (k->n == k->cap) {
            int cap = k->cap ? 2 * k->cap : 16;
            Leaf *grown = arena_alloc(em->a, sizeof *grown * (size_t)cap);
            if (k->n)
                memcpy(grown, k->leaves, sizeof *grown * (size_t)k->n);
            k->leaves = grown;
            k->cap = cap;
        }
        Leaf *l = &k->leaves[k->n++];
        memset(l, 0, sizeof *l);
        l->e = e;
        l->scalar = is_real_scalar(e->type);
        if (multi_leaf(em, e)) {
            Opnd g = em_value(em, e->indices[0].lo);
            l->index = g.val;
            l->o = em_value(em, e->args[0]);
            l->o.n = g.n;
            l->o.rows = g.n;
            l->o.cols = "1";
        } else {
            l->o = em_value(em, e);
        }
        if (l->scalar && !simple_name(l->o.val)) {
            /* once, not per element: the C compiler may not move a call
             * such as exp() (errno) out of the loop by itself */
            const char *s = em_fresh(em, "s");
            em_line(em, "double %s = (double)(%s);", s, l->o.val);
            l->o.val = s;
            l->o.is_int = false;
        }
        if (!l->scalar) {
            if (!k->len) {
                k->len = l->o.n;
                k->rows = l->o.rows ? l->o.rows : l->o.n;
                k->cols = l->o.cols ? l->o.cols : "1";
            } else {
                em_line(em, "if (rt_ne(%s, %s)) return rt_error(err, \"%%s: "
                        "size of the operands (%%d) and (%%d) must match in "
                        "size\", %s, (int)(%s), (int)(%s));", k->len, l->o.n,
                        em_c_string(em->a, "elementwise operation"), k->len,
                        l->o.n);
            }
        }
        return;
    }
    for (int i = 0; i < e->nargs; i++)
        gather_leaves(em, k, e->args[i]);
}

/* Element k of e (the C name of the index is "k"). */
static const char *elem(Emit *em, const Kernel *k, const MirExpr *e)
{
    int li = find_leaf(k, e);
    if (li >= 0) {
        const Leaf *l = &k->leaves[li];
        if (l->scalar)
            return A("(double)(%s)", l->o.val);
        if (l->index)
            return A("(double)%s[%s[k] - 1]", l->o.val, l->index);
        return A("(double)%s[k]", l->o.val);
    }
    if (e->kind == MX_PROMOTE)
        return elem(em, k, e->args[0]);
    if (e->nargs == 1) {
        const char *x = elem(em, k, e->args[0]);
        if (strcmp(e->fn, "minus") == 0)
            return A("(-%s)", x);
        return A("rt_%s(%s)", e->fn, x);
    }
    const char *l = elem(em, k, e->args[0]), *r = elem(em, k, e->args[1]);
    const char *op = e->op == OP_ADD ? "+" : e->op == OP_SUB ? "-"
        : e->op == OP_MUL || e->op == OP_EMUL ? "*" : "/";
    return A("(%s %s %s)", l, op, r);
}

/* The range checks of the x[g] leaves, in the loop body. */
static void check_indices(Emit *em, const Kernel *k)
{
    for (int i = 0; i < k->n; i++) {
        const Leaf *l = &k->leaves[i];
        if (!l->index)
            continue;
        const MirExpr *base = l->e->args[0];
        const char *dim = em_var_dim(em, base->var, 0);
        em_line(em, "    if (%s[k] < 1 || %s[k] > (%s)) return rt_index_error(err, "
                "\"%%s: index %%d out of range; expecting index to be between "
                "1 and %%d\", %s, %s[k], (int)(%s));", l->index, l->index, dim,
                em_c_string(em->a, em_var_user_name(em, base->var)), l->index,
                dim);
    }
}

void em_value_elementwise_into(Emit *em, const MirExpr *e, const char *dst,
                               const char *n)
{
    Kernel k = {0};
    gather_leaves(em, &k, e);
    em_line(em, "if (rt_ne(%s, %s)) return rt_error(err, \"assign: size of "
            "the left side (%%d) and of the right side (%%d) must match in "
            "size\", (int)(%s), (int)(%s));", n, k.len, n, k.len);
    em_line(em, "for (int k = 0; k < %s; k++) {", k.len);
    check_indices(em, &k);
    em_line(em, "    %s[k] = %s;", dst, elem(em, &k, e));
    em_line(em, "}");
}

Opnd em_value_elementwise(Emit *em, const MirExpr *e)
{
    Kernel k = {0};
    gather_leaves(em, &k, e);
    const char *rows = k.rows, *cols = k.cols;
    if (e->type->kind == TY_ROW_VECTOR) {
        rows = "1";
        cols = k.len;
    } else if (e->type->kind != TY_MATRIX) {
        rows = k.len;
        cols = "1";
    }
    Opnd o = em_new_container(em, k.len, rows, cols, false);
    em_line(em, "for (int k = 0; k < %s; k++) {", k.len);
    check_indices(em, &k);
    em_line(em, "    %s[k] = %s;", o.val, elem(em, &k, e));
    em_line(em, "}");
    return o;
}

/* ------------------------------------------------------------- reverse */

/* Adjoint a (a C expression for element k) down the tree from e. */
static void down(Emit *em, Kernel *k, const MirExpr *e, const char *a)
{
    if (!em_is_ad(em, e))
        return;
    int li = find_leaf(k, e);
    if (li >= 0) {
        Leaf *l = &k->leaves[li];
        if (l->scalar) {
            em_line(em, "%s += %s;", l->sum, a);
        } else if (l->sum) {
            em_line(em, "%s[k] += %s;", l->sum, a);
        } else if (l->index) {
            const MirExpr *base = l->e->args[0];
            if (em_var_has_adj(em, base->var))
                em_line(em, "%s[%s[k] - 1] += %s;",
                        em_var_adj(em, base->var), l->index, a);
        } else if (l->e->kind == MX_VAR && em_var_has_adj(em, l->e->var)) {
            em_line(em, "%s[k] += %s;", em_var_adj(em, l->e->var), a);
        }
        return;
    }
    if (e->kind == MX_PROMOTE) {
        down(em, k, e->args[0], a);
        return;
    }
    const char *t = em_fresh(em, "d");
    em_line(em, "double %s = %s;", t, a);
    if (e->nargs == 1) {
        const MirExpr *x = e->args[0];
        if (strcmp(e->fn, "minus") == 0) {
            down(em, k, x, A("(-%s)", t));
        } else {
            const char *xv = em_fresh(em, "xv");
            em_line(em, "double %s = %s;", xv, elem(em, k, x));
            down(em, k, x, A("%s * rt_%s_dx(%s, rt_%s(%s))", t, e->fn, xv,
                             e->fn, xv));
        }
        return;
    }
    const MirExpr *le = e->args[0], *re = e->args[1];
    const char *l = em_fresh(em, "xl"), *r = em_fresh(em, "xr");
    em_line(em, "double %s = %s, %s = %s;", l, elem(em, k, le), r,
            elem(em, k, re));
    em_line(em, "(void)%s;", l);   /* + and - read neither */
    em_line(em, "(void)%s;", r);
    switch (e->op) {
    case OP_ADD:
        down(em, k, le, t);
        down(em, k, re, t);
        break;
    case OP_SUB:
        down(em, k, le, t);
        down(em, k, re, A("(-%s)", t));
        break;
    case OP_MUL:
    case OP_EMUL:
        down(em, k, le, A("%s * %s", t, r));
        down(em, k, re, A("%s * %s", t, l));
        break;
    default:      /* division */
        down(em, k, le, A("%s / %s", t, r));
        down(em, k, re, A("-%s * %s / (%s * %s)", t, l, r, r));
        break;
    }
}

void em_backprop_elementwise(Emit *em, const MirExpr *e, const char *adj)
{
    Kernel k = {0};
    gather_leaves(em, &k, e);
    for (int i = 0; i < k.n; i++) {
        Leaf *l = &k.leaves[i];
        if (!em_is_ad(em, l->e))
            continue;
        if (l->scalar) {
            l->sum = em_fresh(em, "gs");
            em_line(em, "double %s = 0;", l->sum);
        } else if (!l->index && l->e->kind != MX_VAR) {
            l->sum = em_adj_buffer(em, l->o);   /* a computed container */
        }
    }
    em_line(em, "for (int k = 0; k < %s; k++) {", k.len);
    em->indent++;
    down(em, &k, e, A("%s[k]", adj));
    em->indent--;
    em_line(em, "}");
    for (int i = 0; i < k.n; i++)
        if (k.leaves[i].sum)
            em_backprop(em, k.leaves[i].e, k.leaves[i].sum);
}

/* ------------------------------------------------ kernels of fused loops */

/* The same trees inside a loop that another emitter writes (a fused
 * density, emit_fused.c): the leaves of several trees, their elements,
 * and their adjoints taken down per element. */

EmKernel *em_kernel_new(Emit *em)
{
    EmKernel *k = arena_alloc(em->a, sizeof *k);
    memset(k, 0, sizeof *k);
    return k;
}

bool em_kernel_operand(const Emit *em, const MirExpr *e)
{
    return operand(em, e);
}

bool em_kernel_gains(const Emit *em, const MirExpr *e)
{
    return tree(em, e) || multi_leaf(em, e);
}

const char *em_kernel_add(Emit *em, EmKernel *k, const MirExpr *e)
{
    k->len = NULL;
    gather_leaves(em, k, e);
    return k->len;
}

int em_kernel_nleaves(const EmKernel *k)
{
    return k->n;
}

bool em_kernel_has_index(const EmKernel *k, int first, int last)
{
    for (int i = first; i < last; i++)
        if (k->leaves[i].index)
            return true;
    return false;
}

void em_kernel_check_indices(Emit *em, const EmKernel *k, int first,
                             int last)
{
    for (int i = first; i < last; i++) {
        const Leaf *l = &k->leaves[i];
        if (!l->index)
            continue;
        const MirExpr *base = l->e->args[0];
        const char *dim = em_var_dim(em, base->var, 0);
        em_line(em, "if (%s[k] < 1 || %s[k] > (%s)) return rt_index_error("
                "err, \"%%s: index %%d out of range; expecting index to be "
                "between 1 and %%d\", %s, %s[k], (int)(%s));", l->index,
                l->index, dim, em_c_string(em->a, em_var_user_name(em, base->var)),
                l->index, dim);
    }
}

/* Whether a scalar expression's code can neither fail nor have an effect:
 * variables, literals, real arithmetic and the elementwise math of
 * scalars. */
static bool quiet_scalar(const MirExpr *e)
{
    switch (e->kind) {
    case MX_VAR:
        return e->var >= 0;
    case MX_INT:
    case MX_REAL:
        return true;
    case MX_PROMOTE:
        return quiet_scalar(e->args[0]);
    case MX_CALL:
        if (e->fn_kind != FNK_STANLIB || e->type->kind != TY_REAL)
            return false;
        if (!em_cannot_fail_call(e)
            && !(e->nargs == 2 && (e->op == OP_ADD || e->op == OP_SUB
                                   || e->op == OP_MUL || e->op == OP_DIV)))
            return false;
        for (int i = 0; i < e->nargs; i++)
            if (!quiet_scalar(e->args[i]))
                return false;
        return true;
    default:
        return false;
    }
}

/* The container leaves of e, counted into *n; false when a leaf's code
 * may fail or is checked (x[g]). */
static bool quiet_leaves(const Emit *em, const MirExpr *e, int *n)
{
    if (is_real_scalar(e->type))
        return quiet_scalar(e);
    if (container_leaf(em, e)) {
        ++*n;
        return e->kind == MX_VAR;   /* not x[g]: its index checks */
    }
    for (int i = 0; i < e->nargs; i++)
        if (!quiet_leaves(em, e->args[i], n))
            return false;
    return true;
}

bool em_kernel_quiet(const Emit *em, const MirExpr *e)
{
    int n = 0;
    return quiet_leaves(em, e, &n) && n <= 1;
}

const char *em_kernel_elem(Emit *em, const EmKernel *k, const MirExpr *e)
{
    return elem(em, k, e);
}

void em_kernel_sums(Emit *em, EmKernel *k)
{
    for (int i = 0; i < k->n; i++) {
        Leaf *l = &k->leaves[i];
        if (!em_is_ad(em, l->e) || l->sum)
            continue;
        if (l->scalar) {
            l->sum = em_fresh(em, "gs");
            em_line(em, "double %s = 0;", l->sum);
        } else if (!l->index && l->e->kind != MX_VAR) {
            l->sum = em_adj_buffer(em, l->o);   /* a computed container */
        }
    }
}

bool em_kernel_direct(const Emit *em, const EmKernel *k)
{
    for (int i = 0; i < k->n; i++) {
        const Leaf *l = &k->leaves[i];
        if (l->scalar || l->sum || !em_is_ad(em, l->e))
            continue;
        VarId v = l->index ? l->e->args[0]->var : l->e->var;
        if (em_var_has_adj(em, v))
            return true;
    }
    return false;
}

void em_kernel_down(Emit *em, EmKernel *k, const MirExpr *e, const char *a)
{
    down(em, k, e, a);
}

void em_kernel_finish(Emit *em, const EmKernel *k)
{
    for (int i = 0; i < k->n; i++)
        if (k->leaves[i].sum)
            em_backprop(em, k->leaves[i].e, k->leaves[i].sum);
}
