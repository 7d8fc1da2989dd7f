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
 * An array of tuples inside a tuple inside an array (tuple_ndims -1)
 * has indices of its own between its slots: refused by name. */
#include <string.h>

#include "emit.h"

#define A(...) arena_printf(em->a, __VA_ARGS__)

/* The variable's array-of-tuples dimensions: refused when its layout is
 * one this file does not write. */
static int tuple_dims(Emit *em, VarId v)
{
    const MirVar *var = &em->p->vars[v];
    if (var->tuple_ndims < 0)
        em_unsupported(em, "outputs or parameters that are arrays of tuples "
                       "inside a tuple inside an array ('%s')",
                       var->out_name ? var->out_name : var->name);
    return var->tuple_ndims;
}

/* The number of elements of the array of tuples (its first k
 * dimensions), and of each element of slot variable v. */
static const char *array_count(Emit *em, VarId v, int k)
{
    const char *n = "1";
    for (int d = 0; d < k; d++)
        n = A("%s * %s", n, em_var_dim(em, v, d));
    return A("(%s)", n);
}

static const char *per_element(Emit *em, VarId v, int k)
{
    const char *n = "1";
    for (int d = k; d < em_var_rank(&em->p->vars[v]); d++)
        n = A("%s * %s", n, em_var_dim(em, v, d));
    return A("(%s)", n);
}

/* v's dimensions after the first k, as a C array (NULL when none). */
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

/* Inside a loop over a: the indices i0.. of element a of the first k
 * dimensions of v (column-major: i0 fastest; or row-major) and r, its
 * row-major position. */
static void element_indices(Emit *em, VarId v, int k, bool colmajor)
{
    em_line(em, "int q = a;");
    for (int j = 0; j < k; j++) {
        int d = colmajor ? j : k - 1 - j;
        em_line(em, "int i%d = q %% %s;", d, em_var_dim(em, v, d));
        em_line(em, "q /= %s;", em_var_dim(em, v, d));
    }
    em_line(em, "int r = i0;");
    for (int j = 1; j < k; j++)
        em_line(em, "r = r * %s + i%d;", em_var_dim(em, v, j), j);
    em_line(em, "(void)q;");
    em_line(em, "(void)r;");
}

static const char *one_based(Emit *em, int k)
{
    const char *s = "";
    for (int j = 0; j < k; j++)
        s = A("%s%si%d + 1", s, j ? ", " : "", j);
    return A("(int[]){%s}", s);
}

void em_write_tuples(Emit *em, const MirExpr *call)
{
    for (int j = 0; j < call->nargs; j++)
        if (call->args[j]->kind != MX_VAR || call->args[j]->var < 0)
            em_unsupported(em, "writing an expression as an output");
    VarId v0 = call->args[0]->var;
    int k = tuple_dims(em, v0);
    em_line(em, "for (int a = 0; a < %s; a++) {", array_count(em, v0, k));
    em->indent++;
    element_indices(em, v0, k, true);
    for (int j = 0; j < call->nargs; j++) {
        VarId v = call->args[j]->var;
        const MirVar *var = &em->p->vars[v];
        bool cx = em_is_complex_var(var);
        int rank;
        const char *dims = tail_dims(em, v, k, &rank);
        const char *per = per_element(em, v, k);
        em_line(em, "rt_write_colmajor%s(out + opos, %s(%s + r * %s), %s, "
                "%d);", em_is_int_var(var) ? "_int" : cx ? "_complex" : "",
                cx ? "(const double *)" : "", em_var_val(em, v), per, dims,
                rank);
        em_line(em, "opos += %s%s;", cx ? "2 * " : "", per);
    }
    em->indent--;
    em_line(em, "}");
}

int em_tuple_names(Emit *em, const MirStmt *const *decls, int n)
{
    VarId v0 = decls[0]->var;
    int root = em->p->vars[v0].tuple_root;
    int k = tuple_dims(em, v0);
    /* the declarations of the slots, with what comes between them (a
     * parameter's read follows its declaration) */
    int m = 0;
    for (int j = 0; j < n; j++) {
        if (decls[j]->kind != MS_DECL)
            continue;
        const MirVar *var = &em->p->vars[decls[j]->var];
        if (var->tuple_ndims == 0 || var->tuple_root != root)
            break;
        m = j + 1;
    }
    em_line(em, "for (int a = 0; a < %s; a++) {", array_count(em, v0, k));
    em->indent++;
    element_indices(em, v0, k, true);
    for (int j = 0; j < m; j++) {
        if (decls[j]->kind != MS_DECL)
            continue;
        VarId v = decls[j]->var;
        const MirVar *var = &em->p->vars[v];
        tuple_dims(em, v);
        int rank;
        const char *dims = tail_dims(em, v, k, &rank);
        em_line(em, "at += rt_output_names%s(&m->mem, rt_tuple_name(&m->mem, "
                "%s, %s, %d, %s), %s, %d, m->names + at);",
                em_is_complex_var(var) ? "_complex" : "",
                em_c_string(em->a, var->out_name), one_based(em, k), k,
                em_c_string(em->a, var->tuple_slots), dims, rank);
    }
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
        int k = tuple_dims(em, v0);
        int m = group_reads(em, st, n, i);
        /* F: the free values of one element of the array, the sum of
         * its slots' */
        const char *count = array_count(em, v0, k);
        em_line(em, "{");
        em->indent++;
        em_line(em, "int start = b, off = 0, F = 0;");
        em_line(em, "(void)off;");
        for (int j = i; j < i + m; j++)
            if (st[j]->kind != MS_DECL)
                em_line(em, "F += %s > 0 ? (%s) / %s : 0;", count,
                        em_param_free_size(em, st[j]), count);
        for (int j = i; j < i + m; j++) {
            if (st[j]->kind == MS_DECL)
                continue;
            tuple_dims(em, st[j]->lhs.var);
            const char *f = A("(%s > 0 ? (%s) / %s : 0)", count,
                              em_param_free_size(em, st[j]), count);
            em_line(em, "for (int a = 0; a < %s; a++)", count);
            em_line(em, "    for (int t = 0; t < %s; t++, b++)", f);
            em_line(em, "        m->perm[b] = start + a * F + off + t;");
            em_line(em, "off += %s;", f);
        }
        em->indent--;
        em_line(em, "}");
        i += m - 1;
    }
    em_line(em, "for (int i = 0; i < m->num_unconstrained; i++)");
    em_line(em, "    m->unames[m->perm[i]] = bnames[i];");
}

/* The names of a slot's unconstrained values (block order: the slot's
 * array row-major, each element's free values): x.2:1, or x.2:2.3 for
 * the third free value of a slot that is a container. */
void em_tuple_unames(Emit *em, const MirStmt *s)
{
    VarId v = s->lhs.var;
    const MirVar *var = &em->p->vars[v];
    int k = tuple_dims(em, v);
    const char *count = array_count(em, v, k);
    const char *f = A("(%s > 0 ? (%s) / %s : 0)", count, em_param_free_size(em, s),
                      count);
    em_line(em, "for (int a = 0; a < %s; a++) {", count);
    em->indent++;
    element_indices(em, v, k, false);
    int rank;
    const char *dims = tail_dims(em, v, k, &rank);
    const char *base = A("rt_tuple_name(&m->mem, %s, %s, %d, %s)",
                         em_c_string(em->a, var->out_name), one_based(em, k),
                         k, em_c_string(em->a, var->tuple_slots));
    em_line(em, "if (!rt_ne(%s, %s))", f, per_element(em, v, k));
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
