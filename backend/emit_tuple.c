/* emit_tuple.c - the outputs and parameters that are arrays of tuples.
 *
 * mir/untuple.c stores an array of tuples as one array per slot (struct
 * of arrays: array[2] tuple(real, vector[3]) x is x_1__, array[2] real,
 * and x_2__, array[2] vector[3]).  Stan's orders are the other way
 * round, element by element:
 *
 *   outputs    CmdStan Guide, "Stan CSV File Format", "CSV column names
 *              and order": containers column-major, "tuples are laid out
 *              element-by-element, with each tuple slot being delimited
 *              by a colon": x.1:1, x.1:2.1, x.1:2.2, x.1:2.3, x.2:1,
 *              x.2:2.1, ... (the array's first index fastest, each
 *              tuple whole, each slot column-major).  em_write_tuples and
 *              em_tuple_names write the values and the names so.
 *   parameters stanc3 reads a parameter through stan::io::deserializer,
 *              whose read of a std::vector reads its elements in turn
 *              and of a std::tuple its slots in turn: the unconstrained
 *              values of x are x[1]'s slots' free values, then x[2]'s
 *              (row-major over the array).  The emitted code reads each
 *              slot's array whole (em_read_param) from a copy of u in
 *              slot order; em_tuple_order builds the permutation
 *              (m->perm[block position] = Stan's position) in m_create,
 *              and the entry points copy through it.
 *
 * An array of tuples inside a tuple inside an array
 * (array[2] tuple(real, array[3] tuple(int, vector[2])) z) is one more
 * level of the same: its slots' variables carry its dimensions after
 * the outer array's (tuple_slots marks them, ":2[1]:1"), CmdStan writes
 * z.1:1, z.1:2.1:1, z.1:2.1:2.1, ..., z.1:2.3:2.2, z.2:1, ... and the
 * deserializer reads z[1].1, z[1].2[1].1, ... : the loops below nest
 * one loop per level (walk). */
#include <stdlib.h>
#include <string.h>

#include "emit.h"

#define A(...) arena_printf(em->a, __VA_ARGS__)

/* ------------------------------------------------------------ levels */

/* A slot variable's path through the arrays of tuples: level 0 is the
 * outermost array (tuple_ndims dimensions), each further level an
 * array of tuples inside a tuple ("[n]" in tuple_slots); slots[l] are
 * the slots after level l's indices, first[l] level l's first
 * dimension among the variable's, own the dimensions after them all. */
typedef struct Levels {
    int n;
    int *nd, *first;
    const char **slots;
    int own;
} Levels;

static Levels levels(Emit *em, VarId v)
{
    const MirVar *var = &em->p->vars[v];
    const char *s = var->tuple_slots ? var->tuple_slots : "";
    int cap = 1;
    for (const char *c = s; *c; c++)
        cap += *c == '[';
    Levels L = {0};
    L.nd = arena_alloc(em->a, sizeof(int) * (size_t)cap);
    L.first = arena_alloc(em->a, sizeof(int) * (size_t)cap);
    L.slots = arena_alloc(em->a, sizeof(char *) * (size_t)cap);
    int nd = var->tuple_ndims, at = 0;
    for (;;) {
        const char *m = strchr(s, '[');
        L.nd[L.n] = nd;
        L.first[L.n] = at;
        L.slots[L.n] = m ? arena_strndup(em->a, s, (size_t)(m - s)) : s;
        at += nd;
        L.n++;
        if (!m)
            break;
        nd = (int)strtol(m + 1, NULL, 10);
        s = strchr(m, ']') + 1;
    }
    L.own = em_var_rank(var) - at;
    return L;
}

/* The dimensions of levels 0..upto of v. */
static int level_dims(const Levels *L, int upto)
{
    return L->first[upto] + L->nd[upto];
}

/* The number of elements of dimensions [from, to) of v. */
static const char *count_dims(Emit *em, VarId v, int from, int to)
{
    const char *n = "1";
    for (int d = from; d < to; d++)
        n = A("%s * %s", n, em_var_dim(em, v, d));
    return A("(%s)", n);
}

/* v's dimensions from k on, as a C array (NULL when none). */
static const char *tail_dims(Emit *em, VarId v, int k, int *rank)
{
    *rank = em_var_rank(&em->p->vars[v]) - k;
    if (*rank <= 0) {
        *rank = 0;
        return "NULL";
    }
    const char *d = "";
    for (int i = k; i < k + *rank; i++)
        d = A("%s%s%s", d, i > k ? ", " : "", em_var_dim(em, v, i));
    return A("(int[]){%s}", d);
}

/* Inside a loop over element a of dimensions [from, from + n) of v: their
 * indices i<from>.. (0-based; column-major: the first fastest, or
 * row-major). */
static void split_index(Emit *em, VarId v, const char *a, int from, int n,
                        bool colmajor)
{
    em_line(em, "int q%d = %s;", from, a);
    for (int j = 0; j < n; j++) {
        int d = from + (colmajor ? j : n - 1 - j);
        em_line(em, "int i%d = q%d %% %s;", d, from, em_var_dim(em, v, d));
        em_line(em, "q%d /= %s;", from, em_var_dim(em, v, d));
    }
    em_line(em, "(void)q%d;", from);
}

/* The row-major position of v's element i0.. over its first k
 * dimensions. */
static const char *row_major(Emit *em, VarId v, int k)
{
    const char *r = "0";
    for (int d = 0; d < k; d++)
        r = A("(%s) * %s + i%d", r, em_var_dim(em, v, d), d);
    return r;
}

/* The output name of v's element i0.. of its levels: base, each level's
 * 1-based indices and slots in turn (x.2:1, z.1:2.3:1). */
static const char *element_name(Emit *em, VarId v, const Levels *L)
{
    const MirVar *var = &em->p->vars[v];
    const char *name = em_c_string(em->a, var->out_name ? var->out_name
                                                        : var->name);
    for (int l = 0; l < L->n; l++) {
        const char *ix = "";
        for (int j = 0; j < L->nd[l]; j++)
            ix = A("%s%si%d + 1", ix, j ? ", " : "", L->first[l] + j);
        name = A("rt_tuple_name(&m->mem, %s, %s, %d, %s)", name,
                 L->nd[l] ? A("(int[]){%s}", ix) : "NULL", L->nd[l],
                 em_c_string(em->a, L->slots[l]));
    }
    return name;
}

static const char *free_per_element(Emit *em, const MirStmt *s);

/* ------------------------------------------------------------- walks */

typedef enum WalkKind {
    WALK_VALUES,        /* the outputs' values (out, opos) */
    WALK_NAMES,         /* the outputs' names (m->names, at) */
    WALK_PERM           /* the parameters' order: m->perm[block] = Stan's
                           position (spos), from each slot's start st<j>
                           and free values per element f<j> */
} WalkKind;

/* One element of slot variable v, the j-th of its array (its levels'
 * indices set): its values, names or positions. */
static void walk_leaf(Emit *em, WalkKind kind, VarId v, int j)
{
    const MirVar *var = &em->p->vars[v];
    Levels L = levels(em, v);
    int k = level_dims(&L, L.n - 1), rank;
    const char *dims = tail_dims(em, v, k, &rank);
    const char *per = count_dims(em, v, k, em_var_rank(var));
    const char *r = row_major(em, v, k);
    bool cx = em_is_complex_var(var);
    switch (kind) {
    case WALK_VALUES:
        em_line(em, "rt_write_colmajor%s(out + opos, %s(%s + (%s) * %s), %s, "
                "%d);", em_is_int_var(var) ? "_int" : cx ? "_complex" : "",
                cx ? "(const double *)" : "", em_var_val(em, v), r, per, dims,
                rank);
        em_line(em, "opos += %s%s;", cx ? "2 * " : "", per);
        break;
    case WALK_NAMES:
        em_line(em, "at += rt_output_names%s(&m->mem, %s, %s, %d, "
                "m->names + at);", cx ? "_complex" : "",
                element_name(em, v, &L), dims, rank);
        break;
    case WALK_PERM:
        em_line(em, "for (int t = 0; t < f%d; t++)", j);
        em_line(em, "    m->perm[st%d + (%s) * f%d + t] = spos++;", j, r, j);
        break;
    }
}

/* Level l of the slot variables vars[0..n), which share the levels
 * before it: a loop over its elements (column-major for the outputs,
 * CmdStan's order; row-major for the parameters, the deserializer's),
 * in it each variable that ends at this level, and the next level of
 * each run of variables that go deeper through the same slots. */
static void walk(Emit *em, WalkKind kind, const VarId *vars, int n, int l,
                 int base)
{
    Levels L0 = levels(em, vars[0]);
    int from = L0.first[l], nd = L0.nd[l];
    em_line(em, "for (int a%d = 0; a%d < %s; a%d++) {", l, l,
            count_dims(em, vars[0], from, from + nd), l);
    em->indent++;
    split_index(em, vars[0], A("a%d", l), from, nd, kind != WALK_PERM);
    for (int j = 0; j < n;) {
        Levels L = levels(em, vars[j]);
        if (L.n == l + 1) {
            walk_leaf(em, kind, vars[j], base + j);
            j++;
            continue;
        }
        int m = 1;
        while (j + m < n) {
            Levels M = levels(em, vars[j + m]);
            if (M.n <= l + 1 || strcmp(M.slots[l], L.slots[l]) != 0)
                break;
            m++;
        }
        walk(em, kind, vars + j, m, l + 1, base + j);
        j += m;
    }
    em->indent--;
    em_line(em, "}");
}

/* ------------------------------------------------------------ outputs */

void em_write_tuples(Emit *em, const MirExpr *call)
{
    VarId *vars = arena_alloc(em->a, sizeof(VarId) * (size_t)call->nargs);
    for (int j = 0; j < call->nargs; j++) {
        if (call->args[j]->kind != MX_VAR || call->args[j]->var < 0)
            em_unsupported(em, "writing an expression as an output");
        vars[j] = call->args[j]->var;
    }
    em_line(em, "{");
    em->indent++;
    walk(em, WALK_VALUES, vars, call->nargs, 0, 0);
    em->indent--;
    em_line(em, "}");
}

int em_tuple_names(Emit *em, const MirStmt *const *decls, int n)
{
    int root = em->p->vars[decls[0]->var].tuple_root;
    /* the declarations of the slots, with what comes between them (a
     * parameter's read follows its declaration) */
    int m = 0, nvars = 0;
    VarId *vars = arena_alloc(em->a, sizeof(VarId) * (size_t)(n + 1));
    for (int j = 0; j < n; j++) {
        if (decls[j]->kind != MS_DECL)
            continue;
        const MirVar *var = &em->p->vars[decls[j]->var];
        if (var->tuple_ndims == 0 || var->tuple_root != root)
            break;
        vars[nvars++] = decls[j]->var;
        m = j + 1;
    }
    em_line(em, "{");
    em->indent++;
    walk(em, WALK_NAMES, vars, nvars, 0, 0);
    em->indent--;
    em_line(em, "}");
    return m;
}

/* ------------------------------------------------- the parameters' order */

static bool is_param_read(const MirStmt *s)
{
    if (s->kind != MS_ASSIGN || s->lhs.nsteps != 0)
        return false;
    const MirExpr *r = s->rhs;
    return em_is_internal(r, FN_READ_PARAM)
        || (em_is_internal(r, FN_CONSTRAIN)
            && em_is_internal(r->args[0], FN_READ_PARAM));
}

bool em_tuple_params(const Emit *em)
{
    const MirStmt *gq = em->p->generate_quantities;
    for (int i = 0; i < gq->nstmts; i++)
        if (is_param_read(gq->stmts[i])
            && em->p->vars[gq->stmts[i]->lhs.var].tuple_ndims != 0)
            return true;
    return false;
}

/* The reads of the slots of one array of tuples from stmts[i]: how many
 * (consecutive reads of the same array). */
static int group_reads(const Emit *em, const MirStmt *const *stmts, int n,
                       int i)
{
    const MirVar *first = &em->p->vars[stmts[i]->lhs.var];
    int m = 0;
    for (int j = i; j < n; j++) {
        if (stmts[j]->kind == MS_DECL)
            continue;
        if (!is_param_read(stmts[j]))
            break;
        const MirVar *v = &em->p->vars[stmts[j]->lhs.var];
        if (v->tuple_ndims == 0 || v->tuple_root != first->tuple_root)
            break;
        m = j - i + 1;
    }
    return m;
}

/* The number of free values per element of the levels of the read s. */
static const char *free_per_element(Emit *em, const MirStmt *s)
{
    VarId v = s->lhs.var;
    Levels L = levels(em, v);
    const char *count = count_dims(em, v, 0, level_dims(&L, L.n - 1));
    return A("(%s > 0 ? (%s) / %s : 0)", count, em_param_free_size(em, s),
             count);
}

void em_tuple_order(Emit *em)
{
    const MirStmt *gq = em->p->generate_quantities;
    const MirStmt *const *st = (const MirStmt *const *)gq->stmts;
    int n = gq->nstmts;
    em_line(em, "m->perm = (int *)rt_scratch_doubles(&m->mem, "
            "(size_t)m->num_unconstrained / 2 + 1);");
    em_line(em, "const char **bnames = (const char **)rt_scratch_doubles("
            "&m->mem, (size_t)m->num_unconstrained + 1);");
    em_line(em, "for (int i = 0; i < m->num_unconstrained; i++)");
    em_line(em, "    bnames[i] = m->unames[i];");
    em_line(em, "int b = 0;");
    for (int i = 0; i < n; i++) {
        if (!is_param_read(st[i]))
            continue;
        VarId v0 = st[i]->lhs.var;
        if (em->p->vars[v0].tuple_ndims == 0) {
            em_line(em, "for (int t = 0; t < %s; t++, b++)",
                    em_param_free_size(em, st[i]));
            em_line(em, "    m->perm[b] = b;");
            continue;
        }
        int m = group_reads(em, st, n, i);
        /* each slot's values start where the previous slot's end (the
         * block order); Stan's order visits the elements in turn */
        em_line(em, "{");
        em->indent++;
        em_line(em, "int spos = b;");
        VarId *vars = arena_alloc(em->a, sizeof(VarId) * (size_t)(m + 1));
        int nvars = 0;
        for (int j = i; j < i + m; j++) {
            if (st[j]->kind == MS_DECL)
                continue;
            em_line(em, "int st%d = b, f%d = %s;", nvars, nvars,
                    free_per_element(em, st[j]));
            em_line(em, "b += %s;", em_param_free_size(em, st[j]));
            vars[nvars++] = st[j]->lhs.var;
        }
        walk(em, WALK_PERM, vars, nvars, 0, 0);
        em->indent--;
        em_line(em, "}");
        i += m - 1;
    }
    em_line(em, "for (int i = 0; i < m->num_unconstrained; i++)");
    em_line(em, "    m->unames[m->perm[i]] = bnames[i];");
}

/* The names of a slot's unconstrained values (block order: the slot's
 * array row-major over all its levels, each element's free values):
 * x.2:1, or x.2:2.3 for the third free value of a slot that is a
 * container. */
void em_tuple_unames(Emit *em, const MirStmt *s)
{
    VarId v = s->lhs.var;
    Levels L = levels(em, v);
    int k = level_dims(&L, L.n - 1);
    const char *count = count_dims(em, v, 0, k);
    const char *f = free_per_element(em, s);
    em_line(em, "for (int a = 0; a < %s; a++) {", count);
    em->indent++;
    split_index(em, v, "a", 0, k, false);
    int rank;
    const char *dims = tail_dims(em, v, k, &rank);
    const char *base = element_name(em, v, &L);
    em_line(em, "if (!rt_ne(%s, %s))", f,
            count_dims(em, v, k, em_var_rank(&em->p->vars[v])));
    em_line(em, "    uat += rt_output_names(&m->mem, %s, %s, %d, "
            "m->unames + uat);", base, dims, rank);
    em_line(em, "else");
    em_line(em, "    uat += rt_output_names(&m->mem, %s, (int[]){%s}, 1, "
            "m->unames + uat);", base, f);
    em->indent--;
    em_line(em, "}");
}

/* ------------------------------------------------ the entry points' copies */

void em_tuple_u_in(Emit *em)
{
    if (!em_tuple_params(em))
        return;
    em_line(em, "{");
    em_line(em, "    double *ub = rt_scratch_doubles(&S->scratch, "
            "(size_t)m->num_unconstrained + 1);");
    em_line(em, "    for (int i = 0; i < m->num_unconstrained; i++)");
    em_line(em, "        ub[i] = u[m->perm[i]];");
    em_line(em, "    u = ub;");
    em_line(em, "}");
}

void em_tuple_buffer(Emit *em, const char *name, const char *user)
{
    if (!em_tuple_params(em))
        return;
    em_line(em, "double *%s = %s;", user, name);
    em_line(em, "if (%s)", name);
    em_line(em, "    %s = memset(rt_scratch_doubles(&S->scratch, (size_t)"
            "m->num_unconstrained + 1), 0, sizeof(double) * ((size_t)"
            "m->num_unconstrained + 1));", name);
}

void em_tuple_scatter(Emit *em, const char *name, const char *user)
{
    if (!em_tuple_params(em))
        return;
    em_line(em, "if (%s)", user);
    em_line(em, "    for (int i = 0; i < m->num_unconstrained; i++)");
    em_line(em, "        %s[m->perm[i]] = %s[i];", user, name);
}
