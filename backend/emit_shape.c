/* emit_shape.c - the functions whose result only selects and rearranges
 * the elements of their arguments: head, tail, segment, reverse, col,
 * row, sub_col, sub_row, block, diagonal, diag_matrix, transpose of a
 * matrix, to_vector / to_row_vector / to_array_1d / to_matrix, append_col,
 * append_row into a matrix, rep_matrix of a vector, rep_array of a vector
 * or matrix.
 *
 * Each is described by the shape R x C of its result (row-major) and, for
 * result element (r, c), the offset of the argument element it copies in
 * the concatenation of its source arguments (append_col reads two), or -1
 * for a zero (diag_matrix).  The value is a gather through the map of
 * those offsets; the reverse step is the matching scatter-add, so every
 * one of these functions has its derivative by construction. */
#include <string.h>

#include "emit.h"

#define A(...) arena_printf(em->a, __VA_ARGS__)

static const char *const gather_fns[] = {
    "head", "tail", "segment", "reverse", "col", "row", "sub_col", "sub_row",
    "block", "diagonal", "diag_matrix", "transpose", "to_vector",
    "to_row_vector", "to_array_1d", "to_matrix", "append_col", "append_row",
    "rep_matrix", "rep_array", NULL};

static bool is_vec(const Type *t)
{
    return t->kind == TY_VECTOR || t->kind == TY_ROW_VECTOR
        || t->kind == TY_COMPLEX_VECTOR || t->kind == TY_COMPLEX_ROW_VECTOR;
}

static bool is_mat(const Type *t)
{
    return t->kind == TY_MATRIX || t->kind == TY_COMPLEX_MATRIX;
}

static bool is_row(const Type *t)
{
    return t->kind == TY_ROW_VECTOR || t->kind == TY_COMPLEX_ROW_VECTOR;
}

static bool is_col(const Type *t)
{
    return t->kind == TY_VECTOR || t->kind == TY_COMPLEX_VECTOR;
}

bool em_gather_name(const char *name)
{
    return em_in_list(gather_fns, name);
}

bool em_gather_call(const MirExpr *e)
{
    if (e->kind != MX_CALL || e->fn_kind != FNK_STANLIB || !e->fn
        || e->nargs < 1 || !em_in_list(gather_fns, e->fn))
        return false;
    const char *fn = e->fn;
    const Type *a0 = e->args[0]->type;
    if (strcmp(fn, "transpose") == 0)
        return is_mat(a0);
    if (strcmp(fn, "to_vector") == 0 || strcmp(fn, "to_row_vector") == 0)
        return is_mat(a0) && e->nargs == 1;
    if (strcmp(fn, "append_row") == 0)
        return is_mat(e->type);
    if (strcmp(fn, "rep_matrix") == 0)
        return is_vec(a0);
    if (strcmp(fn, "rep_array") == 0)
        return (e->nargs == 2 && (is_vec(a0) || is_mat(a0)))
            || (e->nargs > 2 && !em_is_container_type(a0));
    if (strcmp(fn, "to_array_1d") == 0)
        return is_mat(a0) || is_vec(a0)
            || (a0->kind == TY_ARRAY && a0->dims == 1
                && !em_is_container_type(a0->elem));
    if (strcmp(fn, "to_matrix") == 0)
        return e->nargs != 1 || a0->kind != TY_ARRAY
            || (a0->dims == 1 && a0->elem->kind == TY_ROW_VECTOR)
            || (a0->dims == 2 && e->args[0]->kind == MX_VAR
                && e->args[0]->var >= 0);
    if (strcmp(fn, "head") == 0 || strcmp(fn, "tail") == 0
        || strcmp(fn, "segment") == 0 || strcmp(fn, "reverse") == 0)
        return a0->kind != TY_ARRAY || a0->dims != 1
            || !em_is_container_type(a0->elem) || is_vec(a0->elem);
    return true;
}

/* A gather: its sources (the arguments whose elements it copies), the
 * result's R x C shape and the offset expression of element (r, c). */
typedef struct Gather {
    int src[2], nsrc;
    Opnd s[2];              /* the sources as containers */
    const char *n[2];       /* their element counts */
    const char *R, *C;
    const char *expr;       /* in r and c; may be -1 */
    bool zeros;             /* expr can be -1 */
} Gather;

/* A fresh range check: `what` (a C int expression) must be in lo..hi. */
static void check_range(Emit *em, const char *fn, const char *what,
                        const char *lo, const char *hi)
{
    em_line(em, "if ((%s) < (%s) || (%s) > (%s)) return rt_index_error(err, \"%%s: "
            "index %%d out of range; expecting index to be between %%d and "
            "%%d\", %s, (int)(%s), (int)(%s), (int)(%s));", what, lo, what,
            hi, em_c_string(em->a, fn), what, lo, hi);
}

/* The outer size and element size of a source: the items of a 1-D array
 * of vectors, else the elements. */
static void items(Emit *em, const MirExpr *x, Opnd o, const char **outer,
                  const char **es)
{
    if (x->type->kind == TY_ARRAY && em_needs_shape(x->type)) {
        /* array[,] real and the like: items are its outermost elements
         * (reverse({{1, 2}, {3, 4}}) is {{3, 4}, {1, 2}}), emit_dims.c */
        int rank = em_type_rank(x->type);
        *outer = em_opnd_dim(em, x->type, o, 0);
        const char *n = "1";
        for (int k = 1; k < rank; k++)
            n = A("%s * %s", n, em_opnd_dim(em, x->type, o, k));
        *es = A("(%s)", n);
    } else if (x->type->kind == TY_ARRAY
               && em_is_container_type(x->type->elem)) {
        *outer = o.rows;
        *es = o.cols;
    } else {
        *outer = o.n;
        *es = "1";
    }
}

static void add_source(Emit *em, Gather *g, const MirExpr *e, int i)
{
    Opnd o = em_value(em, e->args[i]);
    if (!o.container) {
        /* a scalar of append_col: one element */
        Opnd c = o.is_complex ? em_new_complex(em, "1", "1", "1")
                              : em_new_container(em, "1", "1", "1", o.is_int);
        em_line(em, "%s[0] = %s;", c.val, o.val);
        c.adj = NULL;
        o = c;
    }
    g->src[g->nsrc] = i;
    g->s[g->nsrc] = o;
    g->n[g->nsrc] = o.n;
    g->nsrc++;
}

/* The rows and columns of a source as a matrix (a vector is n x 1, a
 * row_vector 1 x n, a scalar 1 x 1). */
static void as_matrix(const MirExpr *x, Opnd o, const char **rows,
                      const char **cols)
{
    if (is_row(x->type)) {
        *rows = "1";
        *cols = o.n;
    } else if (is_col(x->type)) {
        *rows = o.n;
        *cols = "1";
    } else if (!em_is_container_type(x->type)) {
        *rows = "1";
        *cols = "1";
    } else {
        *rows = o.rows;
        *cols = o.cols;
    }
}

static Opnd arg(Emit *em, const MirExpr *e, int i)
{
    return em_value(em, e->args[i]);
}

/* Emits the checks and fills g for call e. */
static void describe(Emit *em, const MirExpr *e, Gather *g)
{
    const char *fn = e->fn;
    memset(g, 0, sizeof *g);
    add_source(em, g, e, 0);
    Opnd x = g->s[0];
    const char *outer, *es;
    items(em, e->args[0], x, &outer, &es);
    if (strcmp(fn, "head") == 0 || strcmp(fn, "tail") == 0
        || strcmp(fn, "segment") == 0) {
        const char *start, *len;
        if (strcmp(fn, "segment") == 0) {
            start = A("(%s - 1)", arg(em, e, 1).val);
            len = arg(em, e, 2).val;
            em_line(em, "if (%s > 0) {", len);
            em->indent++;
            check_range(em, fn, A("%s + 1", start), "1", outer);
            check_range(em, fn, A("%s + %s", start, len), "1", outer);
            em->indent--;
            em_line(em, "}");
        } else {
            len = arg(em, e, 1).val;
            check_range(em, fn, len, "0", outer);
            start = strcmp(fn, "head") == 0 ? "0" : A("(%s - %s)", outer, len);
        }
        g->R = len;
        g->C = es;
        g->expr = A("(%s + r) * %s + c", start, es);
    } else if (strcmp(fn, "reverse") == 0) {
        g->R = outer;
        g->C = es;
        g->expr = A("(%s - 1 - r) * %s + c", outer, es);
    } else if (strcmp(fn, "col") == 0 || strcmp(fn, "row") == 0) {
        const char *i = arg(em, e, 1).val;
        bool col = fn[0] == 'c';
        check_range(em, fn, i, "1", col ? x.cols : x.rows);
        g->R = col ? x.rows : "1";
        g->C = col ? "1" : x.cols;
        g->expr = col ? A("r * %s + (%s - 1)", x.cols, i)
                      : A("(%s - 1) * %s + c", i, x.cols);
    } else if (strcmp(fn, "sub_col") == 0 || strcmp(fn, "sub_row") == 0
               || strcmp(fn, "block") == 0) {
        const char *i = arg(em, e, 1).val, *j = arg(em, e, 2).val;
        const char *nr, *nc;
        if (strcmp(fn, "block") == 0) {
            nr = arg(em, e, 3).val;
            nc = arg(em, e, 4).val;
        } else if (strcmp(fn, "sub_col") == 0) {
            nr = arg(em, e, 3).val;
            nc = "1";
        } else {
            nr = "1";
            nc = arg(em, e, 3).val;
        }
        em_line(em, "if (%s > 0 && %s > 0) {", nr, nc);
        em->indent++;
        check_range(em, fn, i, "1", x.rows);
        check_range(em, fn, A("%s + %s - 1", i, nr), "1", x.rows);
        check_range(em, fn, j, "1", x.cols);
        check_range(em, fn, A("%s + %s - 1", j, nc), "1", x.cols);
        em->indent--;
        em_line(em, "}");
        g->R = nr;
        g->C = nc;
        g->expr = A("(%s - 1 + r) * %s + (%s - 1 + c)", i, x.cols, j);
    } else if (strcmp(fn, "diagonal") == 0) {
        g->R = A("(%s < %s ? %s : %s)", x.rows, x.cols, x.rows, x.cols);
        g->C = "1";
        g->expr = A("r * %s + r", x.cols);
    } else if (strcmp(fn, "diag_matrix") == 0) {
        g->R = x.n;
        g->C = x.n;
        g->expr = "(r == c ? r : -1)";
        g->zeros = true;
    } else if (strcmp(fn, "transpose") == 0) {
        g->R = x.cols;
        g->C = x.rows;
        g->expr = A("c * %s + r", x.cols);
    } else if (strcmp(fn, "to_vector") == 0 || strcmp(fn, "to_row_vector") == 0
               || strcmp(fn, "to_array_1d") == 0) {
        g->R = x.n;
        g->C = "1";
        /* a matrix's elements in column-major order, as Stan orders them */
        g->expr = is_mat(e->args[0]->type)
            ? A("(r %% %s) * %s + r / %s", x.rows, x.cols, x.rows) : "r";
    } else if (strcmp(fn, "to_matrix") == 0) {
        const char *rows, *cols;
        as_matrix(e->args[0], x, &rows, &cols);
        const MirExpr *a = e->args[0];
        if (e->nargs == 1 && a->type->kind == TY_ARRAY && a->type->dims == 2) {
            rows = em_var_dim(em, a->var, 0);   /* array[,] real: by rows */
            cols = em_var_dim(em, a->var, 1);
        }
        if (e->nargs == 1) {
            g->R = rows;
            g->C = cols;
            g->expr = A("r * %s + c", cols);
        } else {
            const char *m = arg(em, e, 1).val, *n = arg(em, e, 2).val;
            em_line(em, "if ((%s) * (%s) != %s) return rt_error(err, \"to_"
                    "matrix: the number of elements (%%d) must be rows (%%d) "
                    "* cols (%%d)\", (int)(%s), (int)(%s), (int)(%s));", m, n,
                    x.n, x.n, m, n);
            g->R = m;
            g->C = n;
            const char *colmajor = A("c * %s + r", m);
            if (e->nargs == 4)
                g->expr = A("(%s ? %s : r * %s + c)", arg(em, e, 3).val,
                            colmajor, n);
            else
                g->expr = colmajor;
        }
    } else if (strcmp(fn, "rep_array") == 0 && e->nargs > 2) {
        /* copies of one scalar in an array of 2 or 3 dimensions */
        const char *R = arg(em, e, 1).val, *C = arg(em, e, 2).val;
        check_range(em, fn, R, "0", "2147483647");
        check_range(em, fn, C, "0", "2147483647");
        if (e->nargs == 4) {
            const char *D = arg(em, e, 3).val;
            check_range(em, fn, D, "0", "2147483647");
            R = A("(%s) * (%s)", R, C);
            C = D;
        }
        g->R = R;
        g->C = C;
        g->expr = "0";
    } else if (strcmp(fn, "rep_array") == 0) {
        const char *k = arg(em, e, 1).val;
        check_range(em, fn, k, "0", "2147483647");
        g->R = k;
        g->C = x.n;
        g->expr = "c";
    } else if (strcmp(fn, "rep_matrix") == 0) {
        const char *k = arg(em, e, 1).val;
        check_range(em, fn, k, "0", "2147483647");
        bool col = is_col(e->args[0]->type);
        g->R = col ? x.n : k;
        g->C = col ? k : x.n;
        g->expr = col ? "r" : "c";
    } else {
        /* append_col, append_row: two sources */
        add_source(em, g, e, 1);
        Opnd y = g->s[1];
        const char *ra, *ca, *rb, *cb;
        as_matrix(e->args[0], x, &ra, &ca);
        as_matrix(e->args[1], y, &rb, &cb);
        if (strcmp(fn, "append_col") == 0) {
            em_line(em, "if (rt_ne(%s, %s)) return rt_error(err, \"append_col: "
                    "rows of A (%%d) and rows of B (%%d) must match in size\", "
                    "(int)(%s), (int)(%s));", ra, rb, ra, rb);
            g->R = ra;
            g->C = em_size_sum(em, ca, cb);
            g->expr = A("(c < %s ? r * %s + c : %s + r * %s + (c - %s))", ca,
                        ca, x.n, cb, ca);
        } else {
            em_line(em, "if (rt_ne(%s, %s)) return rt_error(err, \"append_row: "
                    "columns of A (%%d) and columns of B (%%d) must match in "
                    "size\", (int)(%s), (int)(%s));", ca, cb, ca, cb);
            g->R = em_size_sum(em, ra, rb);
            g->C = ca;
            g->expr = A("r * %s + c", ca);
        }
    }
}

/* The map of offsets; *n gets the element count. */
static const char *emit_map(Emit *em, const Gather *g, const char **n)
{
    /* the shape first: its product below is an int */
    em_temp_check(em, g->R, g->C);
    const char *cnt = em_fresh(em, "n");
    em_line(em, "int %s = (%s) * (%s);", cnt, g->R, g->C);
    const char *map = em_fresh(em, "map");
    em_line(em, "int *%s = rt_scratch_ints(&S->scratch, (size_t)%s);", map,
            cnt);
    em_line(em, "for (int r = 0; r < %s; r++)", g->R);
    em_line(em, "    for (int c = 0; c < %s; c++) %s[r * (%s) + c] = %s;",
            g->C, map, g->C, g->expr);
    *n = cnt;
    return map;
}

Opnd em_value_gather(Emit *em, const MirExpr *e)
{
    Gather g;
    describe(em, e, &g);
    const char *n;
    const char *map = emit_map(em, &g, &n);
    bool is_int = ty_base(e->type)->kind == TY_INT;
    const char *rows = g.R, *cols = g.C;
    if (is_row(e->type)) {
        rows = "1";
        cols = n;
    } else if (is_col(e->type)
               || (e->type->kind == TY_ARRAY
                   && !em_is_container_type(e->type->elem))) {
        rows = n;
        cols = "1";
    }
    Opnd o = em_is_complex_type(e->type) ? em_new_complex(em, n, rows, cols)
                                         : em_new_container(em, n, rows, cols,
                                                            is_int);
    const char *src = A("%s[%s[k]]", g.s[0].val, map);
    if (g.nsrc == 2)
        src = A("(%s[k] < %s ? %s : %s[%s[k] - %s])", map, g.n[0], src,
                g.s[1].val, map, g.n[0]);
    if (g.zeros)
        src = A("(%s[k] < 0 ? 0 : %s)", map, src);
    em_line(em, "for (int k = 0; k < %s; k++) %s[k] = %s;", n, o.val, src);
    if (em_needs_shape(e->type) && strcmp(e->fn, "rep_array") == 0) {
        /* an array of 2 or 3 dimensions: its sizes (emit_dims.c) */
        const char *dims[3];
        for (int i = 1; i < e->nargs && i <= 3; i++)
            dims[i - 1] = arg(em, e, i).val;
        o = em_opnd_set_shape(em, e->type, o, dims);
    } else if (em_needs_shape(e->type) && e->type->kind == TY_ARRAY
               && em_type_rank(e->type) == em_type_rank(e->args[0]->type)) {
        /* head, tail, segment, reverse of array[,] real and the like:
         * g.R of its outermost elements, each shaped as the argument's */
        int rank = em_type_rank(e->type);
        const char **dims = arena_alloc(em->a, sizeof *dims * (size_t)rank);
        dims[0] = g.R;
        for (int k = 1; k < rank; k++)
            dims[k] = em_opnd_dim(em, e->args[0]->type, g.s[0], k);
        o = em_opnd_set_shape(em, e->type, o, dims);
    }
    return o;
}

void em_backprop_gather(Emit *em, const MirExpr *e, const char *adj)
{
    Gather g;
    describe(em, e, &g);
    const char *n;
    const char *map = emit_map(em, &g, &n);
    for (int i = 0; i < g.nsrc; i++) {
        const MirExpr *x = e->args[g.src[i]];
        if (!em_is_ad(em, x))
            continue;
        const char *b = em_adj_buffer(em, em_value(em, x));
        const char *into = em_is_container_type(x->type) ? b : A("(&%s)", b);
        const char *lo = i == 0 ? "0" : g.n[0];
        const char *hi = i == 0 && g.nsrc == 2 ? g.n[0] : NULL;
        em_line(em, "for (int k = 0; k < %s; k++)", n);
        em_line(em, "    if (%s[k] >= %s%s) %s[%s[k] - %s] += %s[k];", map,
                lo, hi ? A(" && %s[k] < %s", map, hi) : "", into, map, lo,
                adj);
        em_backprop(em, x, b);
    }
}
