/* emit_print.c - print(...), reject(...) and fatal_error(...): each
 * argument appended to a message as Stan Math's stan_print writes it
 * (stan/math/prim/fun/stan_print.hpp): a string as written, a scalar as
 * C++'s stream writes it, a complex (re,im), a vector or an array
 * [a,b], a matrix row by row [[1,2],[3,4]], an array of containers a
 * level of brackets per dimension ([[1,2],[3,4]] for two vectors), a
 * tuple (a,b).  The runtime writes a container from its row-major
 * storage and its dimensions (rt_msg_*_dims); this file finds them.
 * Tuples that are not arrays arrive taken apart into their slots
 * between "(" "," ")" strings (mir/untuple.c); an array of tuples is
 * printed element by element here. */
#include <string.h>

#include "emit.h"

#define A(...) arena_printf(em->a, __VA_ARGS__)

/* ----------------------------------------------------------- dimensions */

static bool is_call_of(const MirExpr *x, const char *fn)
{
    return x->kind == MX_CALL && x->fn_kind == FNK_STANLIB && x->fn
        && strcmp(x->fn, fn) == 0;
}

/* An int argument that reads nothing but a literal or a variable: its
 * value again costs no code. */
static bool plain_int(const MirExpr *x)
{
    return x->type->kind == TY_INT
        && (x->kind == MX_INT || (x->kind == MX_VAR && x->var >= 0));
}

/* The sizes of the n dimensions of x (as em_type_rank counts them), as C
 * int expressions, known from its form alone; NULL for one that is not:
 * a variable's; those a variable's indices keep (":" whole, a range or a
 * multi-index not known here, the dimensions after the indices whole);
 * an array or matrix literal's (its length, then its first element's);
 * rep_array's (its sizes, then its value's); to_array_2d's (its
 * matrix's). */
static void known_dims(Emit *em, const MirExpr *x, const char **dims, int n)
{
    for (int k = 0; k < n; k++)
        dims[k] = NULL;
    if (x->kind == MX_VAR && x->var >= 0) {
        if (em_var_rank(&em->p->vars[x->var]) == n)
            for (int k = 0; k < n; k++)
                dims[k] = em_var_dim(em, x->var, k);
        return;
    }
    if (x->kind == MX_INDEXED && x->args[0]->kind == MX_VAR
        && x->args[0]->var >= 0) {
        VarId v = x->args[0]->var;
        int rank = em_var_rank(&em->p->vars[v]);
        if (x->nindices > rank)
            return;
        const char **kept = arena_alloc(em->a, sizeof(char *)
                                        * (size_t)(rank + 1));
        int nk = 0;
        for (int i = 0; i < x->nindices; i++)
            if (x->indices[i].kind != IDX_SINGLE)
                kept[nk++] = x->indices[i].kind == IDX_ALL
                    ? em_var_dim(em, v, i) : NULL;
        for (int i = x->nindices; i < rank; i++)
            kept[nk++] = em_var_dim(em, v, i);
        if (nk == n)
            for (int k = 0; k < n; k++)
                dims[k] = kept[k];
        return;
    }
    if (n < 1 || x->kind != MX_CALL)
        return;
    if (x->fn_kind == FNK_INTERNAL && (x->internal == FN_MAKE_ARRAY
                                       || x->internal == FN_MAKE_ROW_VEC)) {
        dims[0] = A("%d", x->nargs);
        if (x->nargs > 0 && n > 1
            && em_type_rank(x->args[0]->type) == n - 1)
            known_dims(em, x->args[0], dims + 1, n - 1);
        return;
    }
    if (is_call_of(x, "rep_array") && x->nargs >= 2) {
        int nsize = x->nargs - 1;
        for (int i = 1; i < x->nargs; i++)
            if (!plain_int(x->args[i]))
                return;
        if (nsize > n || em_type_rank(x->args[0]->type) != n - nsize)
            return;
        for (int i = 1; i < x->nargs; i++)
            dims[i - 1] = em_value(em, x->args[i]).val;
        if (n > nsize)
            known_dims(em, x->args[0], dims + nsize, n - nsize);
        return;
    }
    if (is_call_of(x, "to_array_2d") && x->nargs == 1 && n == 2)
        known_dims(em, x->args[0], dims, 2);
}

/* The dimensions of the printed container x (its value o, n >= 2
 * dimensions), as the name of a C int array emitted here.  Those its
 * form does not tell come from the value: a matrix's rows and columns
 * (and an array of vectors', one vector per row as the backend lays them
 * out), or the one left from the element count.  More than one unknown
 * is refused: a guess could print the right elements in the wrong
 * brackets. */
static const char *print_dims(Emit *em, const MirExpr *x, Opnd o, int n)
{
    const char **dims = arena_alloc(em->a, sizeof(char *) * (size_t)n);
    known_dims(em, x, dims, n);
    const Type *t = x->type;
    bool rows_cols = n == 2 && (t->kind != TY_ARRAY || t->dims == 1);
    if (rows_cols && !dims[0] && !dims[1] && o.rows && o.cols) {
        dims[0] = o.rows;
        dims[1] = o.cols;
    }
    /* indices other than single ones and one range on the first
     * dimension gather through em_index_map, whose rows and columns are
     * the result's last two dimensions */
    bool mapped = x->kind == MX_INDEXED
        && !em_indices_single(x->indices, x->nindices)
        && !(x->nindices == 1 && x->indices[0].kind != IDX_MULTI);
    if (mapped && !dims[n - 2] && !dims[n - 1] && o.rows && o.cols) {
        dims[n - 2] = o.rows;
        dims[n - 1] = o.cols;
    }
    /* a value that carries all its dimensions (emit_dims.c) */
    for (int k = 0; o.shape && k < n; k++)
        if (!dims[k])
            dims[k] = o.shape[k];
    int unknown = 0, at = -1;
    for (int k = 0; k < n; k++)
        if (!dims[k]) {
            unknown++;
            at = k;
        }
    if (unknown > 1)
        em_unsupported(em, "printing this %s expression (its dimensions "
                       "are not known here: print a variable holding it)",
                       ty_str(em->a, t));
    if (unknown == 1) {
        /* the count over the others' product, divided one at a time
         * (their product could overflow an int) */
        const char *d = em_fresh(em, "dim");
        em_line(em, "int %s = (int)(%s);", d, o.n);
        for (int k = 0; k < n; k++)
            if (k != at)
                em_line(em, "%s = (%s) > 0 ? %s / (%s) : 0;", d, dims[k], d,
                        dims[k]);
        dims[at] = d;
    }
    const char *name = em_fresh(em, "dims");
    const char *list = dims[0];
    for (int k = 1; k < n; k++)
        list = A("%s, %s", list, dims[k]);
    em_line(em, "const int %s[] = {%s};", name, list);
    return name;
}

/* The call appending a container of n elements at ptr with dimensions
 * dims (a C int array) and rank dimensions to the message msg. */
static void msg_container(Emit *em, const char *msg, Opnd o, const char *ptr,
                          const char *n, const char *dims, int rank)
{
    const char *kind = o.is_complex ? "complexes" : o.is_int ? "ints"
                                                             : "reals";
    const char *cast = o.is_complex ? "(const double *)" : "";
    if (dims)
        em_line(em, "rt_msg_%s_dims(&%s, %s(%s), %s, %s, %d);", kind, msg,
                cast, ptr, n, dims, rank);
    else
        em_line(em, "rt_msg_%s(&%s, %s(%s), %s);", kind, msg, cast, ptr, n);
}

/* ---------------------------------------------- printed arrays of tuples */

/* A whole array of tuples, as mir/untuple.c leaves it in a message: the
 * tuple made of its slots' arrays (nested tuples likewise). */
static bool is_tuple_array(const MirExpr *a)
{
    return a->kind == MX_CALL && a->fn_kind == FNK_INTERNAL
        && a->internal == FN_MAKE_TUPLE && a->type->kind == TY_ARRAY;
}

/* The slots' values of a printed array of tuples with d array dimensions,
 * depth first (nested tuples' slots in place). */
static void tuple_leaves(Emit *em, const MirExpr *a, int d, Opnd **out,
                         const MirExpr ***exprs, int *n)
{
    for (int k = 0; k < a->nargs; k++) {
        const MirExpr *x = a->args[k];
        if (x->type->kind == TY_ARRAY && ty_base(x->type)->kind == TY_TUPLE) {
            if (!is_tuple_array(x) || x->type->dims != d)
                em_unsupported(em, "printing an array of tuples holding "
                               "arrays of tuples");
            tuple_leaves(em, x, d, out, exprs, n);
            continue;
        }
        Opnd *o = arena_alloc(em->a, sizeof(Opnd) * (size_t)(*n + 1));
        const MirExpr **e = arena_alloc(em->a, sizeof(MirExpr *)
                                        * (size_t)(*n + 1));
        for (int i = 0; i < *n; i++) {
            o[i] = (*out)[i];
            e[i] = (*exprs)[i];
        }
        o[*n] = em_value(em, x);
        e[*n] = x;
        *out = o;
        *exprs = e;
        (*n)++;
    }
}

/* Array dimension k (0-based, of d) of the printed array, from its first
 * slot: a slot's array variable, or one indexed by single indices. */
static const char *tuple_array_dim(Emit *em, const MirExpr *slot, int k)
{
    int skip = 0;
    if (slot->kind == MX_INDEXED) {
        for (int i = 0; i < slot->nindices; i++)
            if (slot->indices[i].kind != IDX_SINGLE)
                em_unsupported(em, "printing a slice of an array of tuples");
        skip = slot->nindices;
        slot = slot->args[0];
    }
    if (slot->kind != MX_VAR || slot->var < 0)
        em_unsupported(em, "printing this array of tuples (not a variable)");
    return em_var_dim(em, slot->var, skip + k);
}

/* The dimensions of one element of a slot (its array of d dimensions,
 * x) of a printed array of tuples, as a C compound literal; NULL for a
 * scalar or a vector (printed flat). */
static const char *slot_elem_dims(Emit *em, const MirExpr *x, int d)
{
    int n = em_type_rank(x->type);
    if (n - d < 2)
        return NULL;
    const char **dims = arena_alloc(em->a, sizeof(char *) * (size_t)n);
    known_dims(em, x, dims, n);
    const char *list = NULL;
    for (int k = d; k < n; k++) {
        if (!dims[k])
            em_unsupported(em, "printing this array of tuples (a slot's "
                           "dimensions are not known here)");
        list = list ? A("%s, %s", list, dims[k]) : dims[k];
    }
    return A("(const int[]){%s}", list);
}

typedef struct TupPrint {
    const char *msg;    /* the RtMsg */
    const char *idx;    /* the element's flat index */
    Opnd *leaves;
    const MirExpr **exprs;
    const char **per;   /* a slot's elements per array element */
    const char **dims;  /* a slot's element's dimensions, or NULL */
    int d, next;
} TupPrint;

/* One element "(" slot "," slot ")" as Stan Math's stan_print writes a
 * tuple; the slots in order, nested tuples the same way. */
static void print_tuple_elem(Emit *em, TupPrint *tp, const MirExpr *a)
{
    em_line(em, "rt_msg_str(&%s, \"(\");", tp->msg);
    for (int k = 0; k < a->nargs; k++) {
        if (k)
            em_line(em, "rt_msg_str(&%s, \",\");", tp->msg);
        const MirExpr *x = a->args[k];
        if (is_tuple_array(x)) {
            print_tuple_elem(em, tp, x);
            continue;
        }
        int j = tp->next++;
        Opnd o = tp->leaves[j];
        bool scalar = tp->exprs[j]->type->kind == TY_ARRAY
            && tp->exprs[j]->type->dims == tp->d
            && !em_is_container_type(tp->exprs[j]->type->elem);
        const char *at = A("%s[%s]", o.val, tp->idx);
        const char *from = A("%s + (size_t)(%s) * (%s)", o.val, tp->idx,
                             tp->per[j]);
        int rank = em_type_rank(tp->exprs[j]->type) - tp->d;
        if (scalar && o.is_complex)
            em_line(em, "rt_msg_complex(&%s, creal(%s), cimag(%s));", tp->msg,
                    at, at);
        else if (scalar)
            em_line(em, "rt_msg_%s(&%s, %s);", o.is_int ? "int" : "real",
                    tp->msg, at);
        else
            msg_container(em, tp->msg, o, from, tp->per[j], tp->dims[j],
                          rank);
    }
    em_line(em, "rt_msg_str(&%s, \")\");", tp->msg);
}

/* An array of tuples printed as Stan prints it: [(1,2.5),(3,4.5)], a
 * level of brackets per array dimension. */
static void print_tuple_array(Emit *em, const char *msg, const MirExpr *a,
                              Opnd *leaves, const MirExpr **exprs, int n)
{
    int d = a->type->dims;
    TupPrint tp = {msg, NULL, leaves, exprs, NULL, NULL, d, 0};
    em_line(em, "{");
    em->indent++;
    const char **dim = arena_alloc(em->a, sizeof(char *) * (size_t)(d + 1));
    const char *tot = em_fresh(em, "tot");
    em_line(em, "int %s = 1;", tot);
    for (int k = 0; k < d; k++) {
        dim[k] = em_fresh(em, "dim");
        em_line(em, "int %s = %s;", dim[k], tuple_array_dim(em, exprs[0], k));
        em_line(em, "%s *= %s;", tot, dim[k]);
    }
    tp.per = arena_alloc(em->a, sizeof(char *) * (size_t)(n + 1));
    tp.dims = arena_alloc(em->a, sizeof(char *) * (size_t)(n + 1));
    for (int j = 0; j < n; j++) {
        tp.per[j] = em_fresh(em, "per");
        em_line(em, "int %s = %s > 0 ? (%s) / %s : 0;", tp.per[j], tot,
                leaves[j].container ? leaves[j].n : "1", tot);
        em_line(em, "(void)%s;", tp.per[j]);
        tp.dims[j] = slot_elem_dims(em, exprs[j], d);
    }
    const char *idx = "0";
    for (int k = 0; k < d; k++) {
        const char *i = em_fresh(em, "i");
        em_line(em, "rt_msg_str(&%s, \"[\");", msg);
        em_line(em, "for (int %s = 0; %s < %s; %s++) {", i, i, dim[k], i);
        em->indent++;
        em_line(em, "if (%s) rt_msg_str(&%s, \",\");", i, msg);
        idx = A("(%s) * %s + %s", idx, dim[k], i);
    }
    tp.idx = em_fresh(em, "ix");
    em_line(em, "int %s = %s;", tp.idx, idx);
    print_tuple_elem(em, &tp, a);
    for (int k = 0; k < d; k++) {
        em->indent--;
        em_line(em, "}");
        em_line(em, "rt_msg_str(&%s, \"]\");", msg);
    }
    em->indent--;
    em_line(em, "}");
}

/* -------------------------------------------------------------- messages */

void em_message(Emit *em, const MirExpr *call, bool reject)
{
    /* every argument's value (and dimensions) first: the code computing
     * one may return on an error, and the message (heap memory) does not
     * exist yet then */
    int na = call->nargs + 1;
    Opnd *vals = arena_alloc(em->a, sizeof *vals * (size_t)na);
    const char **dims = arena_alloc(em->a, sizeof *dims * (size_t)na);
    Opnd **leaves = arena_alloc(em->a, sizeof *leaves * (size_t)na);
    const MirExpr ***exprs = arena_alloc(em->a, sizeof *exprs * (size_t)na);
    int *nleaves = arena_alloc(em->a, sizeof *nleaves * (size_t)na);
    for (int i = 0; i < call->nargs; i++) {
        const MirExpr *a = call->args[i];
        nleaves[i] = 0;
        leaves[i] = NULL;
        exprs[i] = NULL;
        dims[i] = NULL;
        if (is_tuple_array(a)) {
            tuple_leaves(em, a, a->type->dims, &leaves[i], &exprs[i],
                         &nleaves[i]);
        } else if (a->kind != MX_STR) {
            vals[i] = em_value(em, a);
            int rank = em_type_rank(a->type);
            if (vals[i].container && rank >= 2)
                dims[i] = print_dims(em, a, vals[i], rank);
        }
    }
    const char *msg = em_fresh(em, "msg");
    em_line(em, "RtMsg %s = {0};", msg);
    for (int i = 0; i < call->nargs; i++) {
        const MirExpr *a = call->args[i];
        if (a->kind == MX_STR) {
            em_line(em, "rt_msg_str(&%s, %s);", msg,
                    em_c_string(em->a, a->text));
            continue;
        }
        if (is_tuple_array(a)) {
            print_tuple_array(em, msg, a, leaves[i], exprs[i], nleaves[i]);
            continue;
        }
        Opnd o = vals[i];
        if (o.container)
            msg_container(em, msg, o, o.val, o.n, dims[i],
                          em_type_rank(a->type));
        else if (o.is_complex)
            em_line(em, "{ double complex z = %s; rt_msg_complex(&%s, "
                    "creal(z), cimag(z)); }", o.val, msg);
        else
            em_line(em, "rt_msg_%s(&%s, %s);", o.is_int ? "int" : "real", msg,
                    o.val);
    }
    if (reject)     /* fatal_error stops the algorithm, reject does not */
        em_line(em, "return rt_msg_%s(&%s, err);",
                call->internal == FN_FATAL_ERROR ? "fatal" : "reject", msg);
    else
        em_line(em, "rt_msg_print(&%s);", msg);
}
