/* gendata.c - seeded random data and initial values from a model's
 * declarations (stanc3's --debug-generate-data, --debug-generate-inits).
 *
 * A variable's value is made in three steps: its sizes and bounds are
 * evaluated (a small evaluator of the expressions declarations use: the
 * MIR interpreter is a later piece of work), its numbers are drawn into
 * one flat row-major buffer block by block, each block (a scalar, a
 * vector, a matrix) satisfying the declared constraint, and the buffer is
 * shaped into CmdStan's nested JSON.  The numbers of int and real
 * variables are kept, so later sizes and bounds can read them.
 *
 * Chosen values, in the spirit of stanc3's: an int is 2..5 (lower bound
 * only: lower + 1..4; upper only: upper - 3..upper; both: lower up to
 * lower + 4, within upper), so sizes stay small; a real is uniform in
 * (-2, 2), (lower + 0.1, lower + 2), (upper - 2, upper - 0.1), or the
 * middle 80% of (lower, upper), rounded to 4 decimals where that keeps it
 * inside its bounds.  Structured types are built to satisfy their checks
 * exactly up to rounding (far inside Stan's tolerance, 1e-8). */
#include <errno.h>
#include <inttypes.h>
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "gendata.h"

/* More array dimensions than this are refused (as the data reader does). */
#define GEN_MAX_DIMS 32
/* A generated variable has at most this many numbers: generated sizes are
 * small, so only sizes from a data file get near it. */
#define GEN_MAX_ELEMENTS ((int64_t)1 << 22)

/* ------------------------------------------------------------ the RNG */

/* splitmix64: small, fast, and the same sequence on every platform. */
static uint64_t rng_next(uint64_t *s)
{
    uint64_t z = (*s += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

/* Uniform in [0, 1). */
static double rng_unif(uint64_t *s)
{
    return (double)(rng_next(s) >> 11) * 0x1.0p-53;
}

/* Uniform in [a, b). */
static double rng_range(uint64_t *s, double a, double b)
{
    return a + (b - a) * rng_unif(s);
}

/* Uniform integer in [0, n) for small n > 0. */
static int64_t rng_below(uint64_t *s, int64_t n)
{
    return (int64_t)(rng_next(s) % (uint64_t)n);
}

/* Standard normal (Box-Muller). */
static double rng_normal(uint64_t *s)
{
    double u = 1 - rng_unif(s), v = rng_unif(s);
    return sqrt(-2 * log(u)) * cos(2 * M_PI * v);
}

/* 4 decimals: short numbers in the files. */
static double round4(double x)
{
    return round(x * 1e4) / 1e4;
}

/* ------------------------------------------------------------- values */

/* A value the evaluator knows: a scalar, or a row-major block of numbers
 * (borrowed: a variable's storage or a slice of it). */
typedef struct Value {
    bool is_int;            /* its Stan type is int (or an array of int) */
    int ndims;              /* 0: a scalar in i / r */
    int64_t dims[GEN_MAX_DIMS + 2];
    int64_t n;              /* numbers in the block */
    const int64_t *ints;    /* the block, when stored as ints */
    const double *reals;    /* the block, when stored as reals */
    int64_t i;
    double r;
} Value;

static double scalar_real(const Value *v)
{
    return v->is_int ? (double)v->i : v->r;
}

static double elem_real(const Value *v, int64_t k)
{
    if (v->ndims == 0)
        return scalar_real(v);
    return v->ints ? (double)v->ints[k] : v->reals[k];
}

static Value int_value(int64_t i)
{
    Value v = {.is_int = true, .i = i, .r = (double)i};
    return v;
}

static Value real_value(double r)
{
    Value v = {.is_int = false, .r = r};
    return v;
}

/* What is known of a variable: its numbers once generated (int and real
 * shapes only), or why it has none; a tuple's slots (x.1, x.2) each have
 * their own. */
typedef struct Known Known;
struct Known {
    bool set;
    Value v;
    void *storage;          /* owns v.ints or v.reals */
    const char *why;        /* not set: why not (NULL: not yet chosen) */
    Known *slots;           /* a tuple (not in an array): nslots items */
    int nslots;
};

static void known_free(Known *k)
{
    free(k->storage);
    for (int i = 0; i < k->nslots; i++)
        known_free(&k->slots[i]);
    free(k->slots);
}

typedef struct Gen {
    const MirProgram *p;
    uint64_t rng;
    Known *known;           /* by VarId */
    double **temps;         /* the blocks of computed containers (owned) */
    int ntemps, captemps;
    const char *var;        /* the variable being generated */
    const RtData *given;    /* --debug-data-file, or NULL */
    RtError *err;
} Gen;

/* The text of an expression, as the MIR printer writes it (malloc'd). */
static char *expr_text(const Gen *g, const MirExpr *e)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f)
        return NULL;
    mir_pretty_expr(f, g->p, e);
    if (fclose(f) != 0) {
        free(buf);
        return NULL;
    }
    return buf;
}

/* An error about expression e, one of variable g->var's sizes or bounds
 * (what: "size", "lower bound", ...), after the evaluator's reason in
 * g->err. */
static int expr_error(Gen *g, const char *what, const MirExpr *e)
{
    char reason[sizeof g->err->msg];
    snprintf(reason, sizeof reason, "%s", g->err->msg);
    char *text = expr_text(g, e);
    rt_error(g->err, "cannot generate a value for '%s': its %s %s: %s",
             g->var, what, text ? text : "(expression)", reason);
    free(text);
    return -1;
}

/* ------------------------------------------------------ the evaluator */

static int eval(Gen *g, const MirExpr *e, Value *out);

static int eval_scalar(Gen *g, const MirExpr *e, Value *out)
{
    if (eval(g, e, out) != 0)
        return -1;
    if (out->ndims != 0)
        return rt_error(g->err, "a container where a number was expected");
    return 0;
}

static int eval_var(Gen *g, VarId id, Value *out)
{
    const MirVar *var = &g->p->vars[id];
    const Known *k = &g->known[id];
    if (k->set) {
        *out = k->v;
        return 0;
    }
    if (k->nslots)
        return rt_error(g->err, "'%s' is a tuple: only its slots (%s.1, "
                                "...) are evaluated here", var->name,
                        var->name);
    if (k->why)
        return rt_error(g->err, "'%s' is %s, which the generator does not "
                                "read", var->name, k->why);
    switch (var->kind) {
    case MV_TDATA:
        return rt_error(g->err, "'%s' is transformed data, whose value is "
                                "known only by running the program",
                        var->name);
    case MV_TPARAM:
    case MV_GQ:
        return rt_error(g->err, "'%s' is computed by the program, not "
                                "declared input", var->name);
    default:
        return rt_error(g->err, "'%s' has no value yet", var->name);
    }
}

/* What is known of a variable or a tuple slot of one (x.1.2); NULL for
 * any other expression or a slot that does not exist. */
static const Known *known_of(const Gen *g, const MirExpr *e)
{
    if (e->kind == MX_VAR)
        return e->var >= 0 && e->var < g->p->nvars ? &g->known[e->var]
                                                   : NULL;
    if (e->kind != MX_TUPLE_PROJ)
        return NULL;
    const Known *base = known_of(g, e->args[0]);
    if (!base || e->slot < 1 || e->slot > base->nslots)
        return NULL;
    return &base->slots[e->slot - 1];
}

static int eval_tuple_slot(Gen *g, const MirExpr *e, Value *out)
{
    const Known *k = known_of(g, e);
    if (k && k->set) {
        *out = k->v;
        return 0;
    }
    if (k && k->why)
        return rt_error(g->err, "a tuple slot that is %s, which the "
                                "generator does not read", k->why);
    const Known *base = known_of(g, e->args[0]);
    if (e->args[0]->kind == MX_VAR && base && !base->nslots)
        return eval_var(g, e->args[0]->var, out);   /* says why not */
    return rt_error(g->err, "only slots of tuple variables (not in an "
                            "array) are evaluated here");
}

/* int op int, overflow-checked. */
static int int_binary(Gen *g, Op op, int64_t a, int64_t b, Value *out)
{
    int64_t r = 0;
    bool over = false;
    switch (op) {
    case OP_ADD: over = __builtin_add_overflow(a, b, &r); break;
    case OP_SUB: over = __builtin_sub_overflow(a, b, &r); break;
    case OP_MUL: over = __builtin_mul_overflow(a, b, &r); break;
    case OP_DIV:
    case OP_IDIV:
    case OP_MOD:
        if (b == 0)
            return rt_error(g->err, "integer division by zero");
        if (a == INT64_MIN && b == -1)
            over = true;
        else
            r = op == OP_MOD ? a % b : a / b;   /* C truncates, as Stan */
        break;
    case OP_EQ: r = a == b; break;
    case OP_NEQ: r = a != b; break;
    case OP_LT: r = a < b; break;
    case OP_LEQ: r = a <= b; break;
    case OP_GT: r = a > b; break;
    case OP_GEQ: r = a >= b; break;
    case OP_POW:
        *out = real_value(pow((double)a, (double)b));
        return 0;
    default:
        return rt_error(g->err, "the operator '%s' is not evaluated here",
                        ast_op_str(op));
    }
    /* Stan's int is 32 bits */
    if (over || r < INT32_MIN || r > INT32_MAX)
        return rt_error(g->err, "integer overflow in %" PRId64 " %s %"
                        PRId64 " (Stan's int has 32 bits)", a,
                        ast_op_str(op), b);
    *out = int_value(r);
    return 0;
}

static int real_binary(Gen *g, Op op, double a, double b, Value *out)
{
    switch (op) {
    case OP_ADD: *out = real_value(a + b); return 0;
    case OP_SUB: *out = real_value(a - b); return 0;
    case OP_MUL: *out = real_value(a * b); return 0;
    case OP_DIV: *out = real_value(a / b); return 0;
    case OP_POW: *out = real_value(pow(a, b)); return 0;
    case OP_EQ: *out = int_value(a == b); return 0;
    case OP_NEQ: *out = int_value(a != b); return 0;
    case OP_LT: *out = int_value(a < b); return 0;
    case OP_LEQ: *out = int_value(a <= b); return 0;
    case OP_GT: *out = int_value(a > b); return 0;
    case OP_GEQ: *out = int_value(a >= b); return 0;
    default:
        return rt_error(g->err, "the operator '%s' is not evaluated on "
                        "reals here", ast_op_str(op));
    }
}

/* A block for the n numbers of a computed container, owned by g. */
static double *temp_block(Gen *g, int64_t n)
{
    if (g->ntemps == g->captemps) {
        int cap = g->captemps ? 2 * g->captemps : 8;
        double **t = realloc(g->temps, sizeof *t * (size_t)cap);
        if (!t)
            return NULL;
        g->temps = t;
        g->captemps = cap;
    }
    double *b = malloc(sizeof *b * (size_t)(n + 1));
    if (b)
        g->temps[g->ntemps++] = b;
    return b;
}

/* An operator with a container operand (vector, row_vector or matrix
 * bounds such as lo + w, -v, v'): elementwise, a scalar applied to every
 * element; the result has the container's shape. */
static int container_operator(Gen *g, const MirExpr *e, const Value *a,
                              const Value *b, Value *out)
{
    const Value *c = a->ndims > 0 ? a : b;
    if (e->nargs == 1 && e->op == OP_TRANSPOSE && (a->ndims == 1
        || (a->ndims == 2 && (a->dims[0] == 1 || a->dims[1] == 1)))) {
        *out = *a;      /* a vector and a row_vector keep their order */
        return 0;
    }
    bool elementwise = e->nargs == 1
        ? e->op == OP_NEG || e->op == OP_PLUS
        : e->op == OP_ADD || e->op == OP_SUB || e->op == OP_EMUL
          || e->op == OP_EDIV
          || ((e->op == OP_MUL || e->op == OP_DIV) && b->ndims == 0)
          || (e->op == OP_MUL && a->ndims == 0);
    if (!elementwise)
        return rt_error(g->err, "the operator '%s' is not evaluated on "
                        "containers here", ast_op_str(e->op));
    if (e->nargs == 2 && a->ndims > 0 && b->ndims > 0 && a->n != b->n)
        return rt_error(g->err, "the operands of '%s' have %" PRId64
                        " and %" PRId64 " elements", ast_op_str(e->op),
                        a->n, b->n);
    double *r = temp_block(g, c->n);
    if (!r)
        return rt_error(g->err, "out of memory");
    for (int64_t k = 0; k < c->n; k++) {
        double x = elem_real(a, a->ndims > 0 ? k : 0);
        if (e->nargs == 1) {
            r[k] = e->op == OP_NEG ? -x : x;
            continue;
        }
        double y = elem_real(b, b->ndims > 0 ? k : 0);
        switch (e->op) {
        case OP_ADD: r[k] = x + y; break;
        case OP_SUB: r[k] = x - y; break;
        case OP_MUL:
        case OP_EMUL: r[k] = x * y; break;
        default: r[k] = x / y; break;
        }
    }
    *out = *c;
    out->is_int = false;
    out->ints = NULL;
    out->reals = r;
    return 0;
}

static int eval_operator(Gen *g, const MirExpr *e, Value *out)
{
    Value a, b;
    if (e->nargs != 1 && e->nargs != 2)
        return rt_error(g->err, "a malformed operator");
    /* each operand evaluated once, in order */
    if (eval(g, e->args[0], &a) != 0
        || (e->nargs == 2 && eval(g, e->args[1], &b) != 0))
        return -1;
    if (e->nargs == 1)
        b = a;
    if (a.ndims > 0 || b.ndims > 0)
        return container_operator(g, e, &a, &b, out);
    if (e->nargs == 1) {
        switch (e->op) {
        case OP_PLUS: *out = a; return 0;
        case OP_NEG:
            if (!a.is_int) {
                *out = real_value(-a.r);
            } else if (a.i == INT64_MIN) {
                return rt_error(g->err, "integer overflow in -(%" PRId64
                                ")", a.i);
            } else {
                *out = int_value(-a.i);
            }
            return 0;
        case OP_NOT: *out = int_value(scalar_real(&a) == 0); return 0;
        default:
            return rt_error(g->err, "the operator '%s' is not evaluated "
                            "here", ast_op_str(e->op));
        }
    }
    if (a.is_int && b.is_int)
        return int_binary(g, e->op, a.i, b.i, out);
    return real_binary(g, e->op, scalar_real(&a), scalar_real(&b), out);
}

/* Functions of one real (any argument promoted). */
static const struct {
    const char *name;
    double (*fn)(double);
} real_functions[] = {
    {"exp", exp}, {"log", log}, {"sqrt", sqrt}, {"cbrt", cbrt},
    {"fabs", fabs}, {"floor", floor}, {"ceil", ceil}, {"round", round},
    {"trunc", trunc}, {"log2", log2}, {"log10", log10}, {"log1p", log1p},
    {"expm1", expm1}, {"sin", sin}, {"cos", cos}, {"tan", tan},
    {"atan", atan}, {"tanh", tanh},
};

/* Nullary constants. */
static const struct {
    const char *name;
    double value;
} constants[] = {
    {"pi", M_PI}, {"e", M_E}, {"sqrt2", M_SQRT2}, {"log2", M_LN2},
    {"log10", M_LN10}, {"not_a_number", NAN}, {"positive_infinity",
    INFINITY}, {"negative_infinity", -INFINITY},
    {"machine_precision", 0x1.0p-52},
};

/* size, num_elements, rows, cols, sum, min, max of a container c of
 * type t. */
static int container_function(Gen *g, const char *fn, const Type *t,
                              const Value *c, Value *out)
{
    TypeKind kind = t ? t->kind : TY_ARRAY;
    bool row = kind == TY_ROW_VECTOR || kind == TY_COMPLEX_ROW_VECTOR;
    bool matrix = kind == TY_MATRIX || kind == TY_COMPLEX_MATRIX;
    if (!strcmp(fn, "size")) {
        *out = int_value(kind == TY_ARRAY ? c->dims[0] : c->n);
    } else if (!strcmp(fn, "num_elements")) {
        *out = int_value(c->n);
    } else if ((!strcmp(fn, "rows") || !strcmp(fn, "cols"))
               && kind != TY_ARRAY) {
        bool rows = fn[0] == 'r';
        int64_t v = matrix ? c->dims[c->ndims - (rows ? 2 : 1)]
                    : rows == row ? 1 : c->dims[c->ndims - 1];
        *out = int_value(v);
    } else if (!strcmp(fn, "sum") || !strcmp(fn, "min")
               || !strcmp(fn, "max")) {
        if (c->n == 0 && fn[0] == 'm')
            return rt_error(g->err, "%s of an empty container", fn);
        if (c->is_int && c->ints) {
            int64_t acc = fn[0] == 's' ? 0 : c->ints[0];
            for (int64_t k = 0; k < c->n; k++) {
                int64_t x = c->ints[k];
                if (fn[0] == 's' && __builtin_add_overflow(acc, x, &acc))
                    return rt_error(g->err, "integer overflow in sum");
                if (fn[1] == 'i' && x < acc)
                    acc = x;
                if (fn[1] == 'a' && x > acc)
                    acc = x;
            }
            *out = int_value(acc);
        } else {
            double acc = fn[0] == 's' ? 0 : elem_real(c, 0);
            for (int64_t k = 0; k < c->n; k++) {
                double x = elem_real(c, k);
                acc = fn[0] == 's' ? acc + x
                      : fn[1] == 'i' ? fmin(acc, x) : fmax(acc, x);
            }
            *out = real_value(acc);
        }
    } else {
        return rt_error(g->err, "the function %s of a container is not "
                                "evaluated here", fn);
    }
    return 0;
}

static int eval_call(Gen *g, const MirExpr *e, Value *out)
{
    const char *fn = e->fn;
    if (e->fn_kind != FNK_STANLIB)
        return rt_error(g->err, "%s is not a library function; calls of "
                        "user functions are not evaluated here", fn);
    if (e->nargs == 0) {
        for (size_t i = 0; i < sizeof constants / sizeof *constants; i++)
            if (!strcmp(fn, constants[i].name)) {
                *out = real_value(constants[i].value);
                return 0;
            }
    }
    Value a, b;
    if (e->nargs == 1) {
        if (eval(g, e->args[0], &a) != 0)
            return -1;
        if (a.ndims > 0)
            return container_function(g, fn, e->args[0]->type, &a, out);
        for (size_t i = 0; i < sizeof real_functions / sizeof
                               *real_functions; i++)
            if (!strcmp(fn, real_functions[i].name)) {
                *out = real_value(real_functions[i].fn(scalar_real(&a)));
                return 0;
            }
        if (!strcmp(fn, "abs") && a.is_int) {
            if (a.i == INT64_MIN)
                return rt_error(g->err, "integer overflow in abs");
            *out = int_value(a.i < 0 ? -a.i : a.i);
            return 0;
        }
        if (!strcmp(fn, "abs")) {
            *out = real_value(fabs(a.r));
            return 0;
        }
        if (!strcmp(fn, "square")) {
            *out = real_value(scalar_real(&a) * scalar_real(&a));
            return 0;
        }
        if (!strcmp(fn, "to_int")) {
            double x = scalar_real(&a);
            if (!(x > -9.2e18 && x < 9.2e18))
                return rt_error(g->err, "to_int of %g is out of range", x);
            *out = int_value((int64_t)x);
            return 0;
        }
    }
    if (e->nargs == 2 && (!strcmp(fn, "min") || !strcmp(fn, "max")
                          || !strcmp(fn, "fmin") || !strcmp(fn, "fmax")
                          || !strcmp(fn, "pow"))) {
        if (eval_scalar(g, e->args[0], &a) != 0
            || eval_scalar(g, e->args[1], &b) != 0)
            return -1;
        bool is_max = !strcmp(fn + (fn[0] == 'f'), "max");
        if (!strcmp(fn, "pow"))
            *out = real_value(pow(scalar_real(&a), scalar_real(&b)));
        else if (a.is_int && b.is_int && fn[0] == 'm')
            *out = int_value(is_max ? (a.i > b.i ? a.i : b.i)
                                    : (a.i < b.i ? a.i : b.i));
        else
            *out = real_value(is_max ? fmax(scalar_real(&a), scalar_real(&b))
                                     : fmin(scalar_real(&a),
                                            scalar_real(&b)));
        return 0;
    }
    return rt_error(g->err, "the function %s with %d argument%s is not "
                    "evaluated here", fn, e->nargs, e->nargs == 1 ? "" : "s");
}

/* base[i, j, ...] with single indices: a slice of the block. */
static int eval_indexed(Gen *g, const MirExpr *e, Value *out)
{
    Value base;
    if (eval(g, e->args[0], &base) != 0)
        return -1;
    for (int k = 0; k < e->nindices; k++) {
        const MirIndex *ix = &e->indices[k];
        Value i;
        if (ix->kind != IDX_SINGLE)
            return rt_error(g->err, "only single indices are evaluated "
                                    "here");
        if (eval_scalar(g, ix->lo, &i) != 0)
            return -1;
        if (base.ndims == 0 || !i.is_int)
            return rt_error(g->err, "a malformed index");
        if (i.i < 1 || i.i > base.dims[0])
            return rt_error(g->err, "index %" PRId64 " out of range; "
                            "expecting index to be between 1 and %" PRId64,
                            i.i, base.dims[0]);
        int64_t stride = base.dims[0] ? base.n / base.dims[0] : 0;
        int64_t off = (i.i - 1) * stride;
        Value s = base;
        s.ndims = base.ndims - 1;
        memmove(s.dims, base.dims + 1, sizeof s.dims - sizeof s.dims[0]);
        s.n = stride;
        s.ints = base.ints ? base.ints + off : NULL;
        s.reals = base.reals ? base.reals + off : NULL;
        if (s.ndims == 0) {
            s.i = base.ints ? base.ints[off] : 0;
            s.r = base.ints ? (double)base.ints[off] : base.reals[off];
        }
        base = s;
    }
    *out = base;
    return 0;
}

static int eval(Gen *g, const MirExpr *e, Value *out)
{
    Value a;
    switch (e->kind) {
    case MX_INT:
        *out = int_value(e->ival);
        return 0;
    case MX_REAL:
        *out = real_value(e->rval);
        return 0;
    case MX_VAR:
        return eval_var(g, e->var, out);
    case MX_PROMOTE:
        if (eval(g, e->args[0], out) != 0)
            return -1;
        if (e->type && ty_base(e->type)->kind == TY_REAL) {
            if (out->ndims == 0)
                out->r = scalar_real(out);
            out->is_int = false;
        }
        return 0;
    case MX_CALL:
        return e->op != OP_NONE ? eval_operator(g, e, out)
                                : eval_call(g, e, out);
    case MX_TERNARY:
        /* only the arm the program would take */
        if (eval_scalar(g, e->args[0], &a) != 0)
            return -1;
        return eval(g, e->args[scalar_real(&a) != 0 ? 1 : 2], out);
    case MX_AND:
    case MX_OR:
        if (eval_scalar(g, e->args[0], &a) != 0)
            return -1;
        if ((scalar_real(&a) != 0) == (e->kind == MX_OR)) {
            *out = int_value(e->kind == MX_OR);
            return 0;
        }
        if (eval_scalar(g, e->args[1], &a) != 0)
            return -1;
        *out = int_value(scalar_real(&a) != 0);
        return 0;
    case MX_INDEXED:
        return eval_indexed(g, e, out);
    case MX_TUPLE_PROJ:
        return eval_tuple_slot(g, e, out);
    default:
        return rt_error(g->err, "a %s expression is not evaluated here",
                        mir_expr_kind_name(e->kind));
    }
}

/* --------------------------------------------------- sizes and bounds */

/* A size: an int >= 0. */
static int eval_size(Gen *g, const MirExpr *e, int64_t *out)
{
    Value v;
    if (eval_scalar(g, e, &v) != 0)
        return expr_error(g, "size", e);
    if (!v.is_int) {
        rt_error(g->err, "not an integer");
        return expr_error(g, "size", e);
    }
    if (v.i < 0) {
        rt_error(g->err, "evaluates to %" PRId64 ", and a size must be "
                 "non-negative", v.i);
        return expr_error(g, "size", e);
    }
    *out = v.i;
    return 0;
}

/* A bound (or offset, multiplier): absent, a number, or a block of them
 * applied element by element. */
typedef struct Bound {
    bool given;
    Value v;
} Bound;

static int eval_bound(Gen *g, const MirExpr *e, const char *what, Bound *b)
{
    b->given = e != NULL;
    if (!e)
        return 0;
    if (eval(g, e, &b->v) != 0)
        return expr_error(g, what, e);
    return 0;
}

/* The bound for flat element k of a variable of total numbers, whose
 * blocks have blk numbers: a scalar, the whole shape, or one block. */
static int bound_at(Gen *g, const Bound *b, const char *what, int64_t k,
                    int64_t total, int64_t blk, double *out)
{
    const Value *v = &b->v;
    if (v->ndims == 0)
        *out = scalar_real(v);
    else if (v->n == total)
        *out = elem_real(v, k);
    else if (blk > 0 && v->n == blk)
        *out = elem_real(v, k % blk);
    else
        return rt_error(g->err, "cannot generate a value for '%s': its %s "
                        "has %" PRId64 " elements, the variable %" PRId64,
                        g->var, what, v->n, total);
    if (isnan(*out))
        return rt_error(g->err, "cannot generate a value for '%s': its %s "
                        "is not a number", g->var, what);
    return 0;
}

/* ------------------------------------------------------- the numbers */

/* One declared variable being generated: its shape and constraint. */
typedef struct Shape {
    const MirSized *s;
    TypeKind kind;          /* the base type */
    int ndims;              /* array dimensions */
    int64_t dims[GEN_MAX_DIMS + 2]; /* array dims, then vector/matrix */
    int nall;               /* ndims + the vector/matrix sizes */
    int64_t rows, cols;     /* the block: 1 x 1, n x 1 (vector), r x c */
    int64_t blk, total;     /* numbers per block and in all */
    Bound lo, hi;           /* lower/offset in lo, upper/multiplier in hi */
} Shape;

static bool is_complex_kind(TypeKind k)
{
    return k == TY_COMPLEX || k == TY_COMPLEX_VECTOR
           || k == TY_COMPLEX_ROW_VECTOR || k == TY_COMPLEX_MATRIX;
}

/* Evaluate the sizes and bounds of s into sh. */
static int shape_of(Gen *g, const MirSized *s, Shape *sh)
{
    memset(sh, 0, sizeof *sh);
    sh->s = s;
    sh->kind = ty_base(s->type)->kind;
    if (s->ndims > GEN_MAX_DIMS)
        return rt_error(g->err, "cannot generate a value for '%s': more "
                        "than %d array dimensions", g->var, GEN_MAX_DIMS);
    sh->ndims = s->ndims;
    int64_t total = 1;
    for (int i = 0; i < s->ndims; i++) {
        if (eval_size(g, s->dims[i], &sh->dims[i]) != 0)
            return -1;
        if (__builtin_mul_overflow(total, sh->dims[i], &total)
            || total > GEN_MAX_ELEMENTS)
            total = GEN_MAX_ELEMENTS + 1;
    }
    sh->nall = sh->ndims;
    sh->rows = sh->cols = 1;
    for (int i = 0; i < s->nsizes; i++) {
        int64_t n;
        if (eval_size(g, s->size[i], &n) != 0)
            return -1;
        sh->dims[sh->nall++] = n;
        if (i == 0)
            sh->rows = n;
        else
            sh->cols = n;
    }
    if (sh->kind == TY_ROW_VECTOR || sh->kind == TY_COMPLEX_ROW_VECTOR) {
        sh->cols = sh->rows;
        sh->rows = 1;
    }
    sh->blk = sh->rows * sh->cols;      /* each <= 2^62 after the checks */
    if (sh->rows > GEN_MAX_ELEMENTS || sh->cols > GEN_MAX_ELEMENTS
        || __builtin_mul_overflow(total, sh->blk, &total)
        || total > GEN_MAX_ELEMENTS)
        return rt_error(g->err, "cannot generate a value for '%s': its "
                        "sizes make more than %" PRId64 " numbers", g->var,
                        GEN_MAX_ELEMENTS);
    sh->total = total;
    const char *what_a = "lower bound", *what_b = "upper bound";
    if (s->tr == TR_OFFSET || s->tr == TR_MULTIPLIER
        || s->tr == TR_OFFSET_MULTIPLIER) {
        what_a = "offset";
        what_b = "multiplier";
    }
    if (eval_bound(g, s->tr_a, what_a, &sh->lo) != 0
        || eval_bound(g, s->tr_b, what_b, &sh->hi) != 0)
        return -1;
    return 0;
}

/* An int within [lo, hi] (either may be absent). */
static int gen_int(Gen *g, const Shape *sh, int64_t k, int64_t *out)
{
    double lo = -INFINITY, hi = INFINITY;
    if (sh->lo.given && bound_at(g, &sh->lo, "lower bound", k, sh->total,
                                 1, &lo) != 0)
        return -1;
    if (sh->hi.given && bound_at(g, &sh->hi, "upper bound", k, sh->total,
                                 1, &hi) != 0)
        return -1;
    /* Stan's int has 32 bits: the value must be one */
    lo = fmax(ceil(lo), INT32_MIN);
    hi = fmin(floor(hi), INT32_MAX);
    if (lo > hi)
        return rt_error(g->err, "cannot generate a value for '%s': no "
                        "32-bit integer lies within its bounds (lower %.0f, "
                        "upper %.0f)", g->var, lo, hi);
    bool has_lo = sh->lo.given && lo > INT32_MIN;
    bool has_hi = sh->hi.given && hi < INT32_MAX;
    int64_t a = (int64_t)lo, b = (int64_t)hi, v;
    if (has_lo && has_hi)
        v = a + rng_below(&g->rng, (b - a < 4 ? b - a : 4) + 1);
    else if (has_lo)
        v = a + 1 + rng_below(&g->rng, 4);
    else if (has_hi)
        v = b - rng_below(&g->rng, 4);
    else
        v = 2 + rng_below(&g->rng, 4);
    *out = v < a ? a : v > b ? b : v;
    return 0;
}

/* A real within (lo, hi), or around an offset with a multiplier. */
static int gen_real(Gen *g, const Shape *sh, int64_t k, double *out)
{
    TransformKind tr = sh->s->tr;
    double a = -INFINITY, b = INFINITY;
    bool affine = tr == TR_OFFSET || tr == TR_MULTIPLIER
                  || tr == TR_OFFSET_MULTIPLIER;
    if (sh->lo.given && bound_at(g, &sh->lo, affine ? "offset"
                                 : "lower bound", k, sh->total, sh->blk,
                                 &a) != 0)
        return -1;
    if (sh->hi.given && bound_at(g, &sh->hi, affine ? "multiplier"
                                 : "upper bound", k, sh->total, sh->blk,
                                 &b) != 0)
        return -1;
    double u = rng_unif(&g->rng);
    if (affine) {
        double offset = sh->lo.given && isfinite(a) ? a : 0;
        double scale = sh->hi.given && isfinite(b) && b > 0 ? b : 1;
        *out = round4(offset + scale * (4 * u - 2));
        return 0;
    }
    if (a > b)
        return rt_error(g->err, "cannot generate a value for '%s': its "
                        "lower bound %g is above its upper bound %g",
                        g->var, a, b);
    double v;
    if (isfinite(a) && isfinite(b))
        v = a + (b - a) * (0.1 + 0.8 * u);
    else if (isfinite(a))
        v = a + 0.1 + 1.9 * u;
    else if (isfinite(b))
        v = b - 0.1 - 1.9 * u;
    else
        v = 4 * u - 2;
    double r = round4(v);
    bool inside = (r > a || (a == b && r == a)) && (r < b || a == b);
    *out = a == b ? a : inside ? r : v;
    return 0;
}

/* A block of a structured type (rows x cols, row-major). */
static void gen_simplex_into(Gen *g, double *x, int64_t n, int64_t stride)
{
    double sum = 0;
    for (int64_t i = 0; i < n; i++)
        sum += (x[i * stride] = 0.1 + rng_unif(&g->rng));
    for (int64_t i = 0; i < n; i++)
        x[i * stride] /= sum;
}

/* A Cholesky factor of a correlation matrix: lower triangular, positive
 * diagonal, rows of unit length. */
static void gen_cholesky_corr(Gen *g, double *x, int64_t K)
{
    for (int64_t i = 0; i < K; i++) {
        double ss = 0;
        for (int64_t j = 0; j < K; j++) {
            double v = j < i ? 0.5 * rng_normal(&g->rng)
                       : j == i ? 1 + rng_unif(&g->rng) : 0;
            x[i * K + j] = v;
            ss += v * v;
        }
        double norm = sqrt(ss);
        for (int64_t j = 0; j <= i; j++)
            x[i * K + j] /= norm;
    }
}

/* x = L L' (K x K, L lower triangular K x K), exactly symmetric. */
static void gen_outer(const double *L, double *x, int64_t K)
{
    for (int64_t i = 0; i < K; i++)
        for (int64_t j = 0; j <= i; j++) {
            double s = 0;
            for (int64_t m = 0; m <= j; m++)
                s += L[i * K + m] * L[j * K + m];
            x[i * K + j] = x[j * K + i] = s;
        }
}

static int gen_block(Gen *g, const Shape *sh, int64_t base, double *x)
{
    int64_t R = sh->rows, C = sh->cols, n = sh->blk;
    switch (sh->s->tr) {
    case TR_SIMPLEX:
        gen_simplex_into(g, x, n, 1);
        return 0;
    case TR_STOCHASTIC_COLUMN:
        for (int64_t j = 0; j < C; j++)
            gen_simplex_into(g, x + j, R, C);
        return 0;
    case TR_STOCHASTIC_ROW:
        for (int64_t i = 0; i < R; i++)
            gen_simplex_into(g, x + i * C, C, 1);
        return 0;
    case TR_UNIT_VECTOR: {
        double ss = 0;
        for (int64_t i = 0; i < n; i++) {
            x[i] = rng_normal(&g->rng);
            ss += x[i] * x[i];
        }
        if (!(ss > 1e-6)) {         /* all near 0: any direction */
            for (int64_t i = 0; i < n; i++)
                x[i] = i == 0;
            ss = 1;
        }
        for (int64_t i = 0; i < n; i++)
            x[i] /= sqrt(ss);
        return 0;
    }
    case TR_SUM_TO_ZERO_VECTOR: {
        double sum = 0;
        for (int64_t i = 0; i + 1 < n; i++)
            sum += (x[i] = round4(rng_range(&g->rng, -1, 1)));
        if (n > 0)
            x[n - 1] = -sum;
        return 0;
    }
    case TR_SUM_TO_ZERO_MATRIX:
        for (int64_t i = 0; i + 1 < R; i++) {
            double sum = 0;
            for (int64_t j = 0; j + 1 < C; j++)
                sum += (x[i * C + j] = round4(rng_range(&g->rng, -1, 1)));
            if (C > 0)
                x[i * C + C - 1] = -sum;
        }
        for (int64_t j = 0; j < C && R > 0; j++) {
            double sum = 0;
            for (int64_t i = 0; i + 1 < R; i++)
                sum += x[i * C + j];
            x[(R - 1) * C + j] = -sum;
        }
        return 0;
    case TR_ORDERED:
    case TR_POSITIVE_ORDERED: {
        double v = sh->s->tr == TR_ORDERED ? round4(rng_range(&g->rng, -2, 0))
                                           : round4(rng_range(&g->rng, 0.1,
                                                              1));
        for (int64_t i = 0; i < n; i++) {
            x[i] = v;
            v = round4(v + rng_range(&g->rng, 0.1, 1));
        }
        return 0;
    }
    case TR_CHOLESKY_CORR:
        gen_cholesky_corr(g, x, R);
        return 0;
    case TR_CORR_MATRIX: {
        double *L = malloc((size_t)n * sizeof *L + 1);
        if (!L)
            return rt_error(g->err, "out of memory");
        gen_cholesky_corr(g, L, R);
        gen_outer(L, x, R);
        for (int64_t i = 0; i < R; i++)
            x[i * R + i] = 1;
        free(L);
        return 0;
    }
    case TR_CHOLESKY_COV:
    case TR_COV_MATRIX: {
        /* cholesky_factor_cov[M, N]: M >= N, lower triangular, positive
         * diagonal */
        if (sh->s->tr == TR_CHOLESKY_COV && R < C)
            return rt_error(g->err, "cannot generate a value for '%s': a "
                            "cholesky_factor_cov has at least as many rows "
                            "(%" PRId64 ") as columns (%" PRId64 ")",
                            g->var, R, C);
        double *L = sh->s->tr == TR_COV_MATRIX
                    ? malloc((size_t)n * sizeof *L + 1) : x;
        if (!L)
            return rt_error(g->err, "out of memory");
        for (int64_t i = 0; i < R; i++)
            for (int64_t j = 0; j < C; j++)
                L[i * C + j] = j < i ? round4(0.5 * rng_normal(&g->rng))
                               : j == i ? round4(rng_range(&g->rng, 0.5, 1.5))
                               : 0;
        if (L != x) {
            gen_outer(L, x, R);
            free(L);
        }
        return 0;
    }
    default:
        for (int64_t i = 0; i < n; i++)
            if (gen_real(g, sh, base + i, &x[i]) != 0)
                return -1;
        return 0;
    }
}

/* ------------------------------------------------- values from a file */

/* *out = "path.key" (malloc'd); 0, or -1 out of memory. */
static int asprintf_path(char **out, const char *path, const char *key)
{
    size_t n = strlen(path) + strlen(key) + 2;
    *out = malloc(n);
    if (!*out)
        return -1;
    snprintf(*out, n, "%s.%s", path, key);
    return 0;
}

/* The numbers of `path` in the data file, read as the sampler reads them
 * (rt_data: CmdStan's JSON, the declared shape sh). */
static int read_given(Gen *g, const Shape *sh, const char *path,
                      int64_t *ints, double *reals)
{
    int dims[GEN_MAX_DIMS + 2];
    for (int d = 0; d < sh->nall; d++) {
        if (sh->dims[d] > INT32_MAX)
            return rt_error(g->err, "variable %s: a size above %d", path,
                            INT32_MAX);
        dims[d] = (int)sh->dims[d];
    }
    if (sh->kind == TY_INT) {
        int *buf = malloc((size_t)sh->total * sizeof *buf + 1);
        if (!buf)
            return rt_error(g->err, "out of memory");
        int rc = rt_data_ints(g->given, path, sh->nall, dims, buf, g->err);
        for (int64_t k = 0; rc == 0 && k < sh->total; k++)
            ints[k] = buf[k];
        free(buf);
        return rc;
    }
    if (is_complex_kind(sh->kind))
        return rt_data_complexes(g->given, path, sh->nall, dims, reals,
                                 g->err);
    return rt_data_reals(g->given, path, sh->nall, dims, reals, g->err);
}

/* ---------------------------------------------------------- the JSON */

static json_t *new_json_array(Gen *g)
{
    json_t *a = json_array();
    if (!a)
        rt_error(g->err, "out of memory");
    return a;
}

/* A real as JSON; the non-finite ones (from a data file) as the strings
 * CmdStan reads, since JSON has no numbers for them. */
static json_t *real_json(double x)
{
    if (isnan(x))
        return json_string("NaN");
    if (isinf(x))
        return json_string(x > 0 ? "Inf" : "-Inf");
    return json_real(x);
}

/* The numbers from *pos on, shaped by dims[d..nall) (a complex is a
 * [re, im] pair). */
static json_t *shape_json(Gen *g, const Shape *sh, int d, const int64_t *ints,
                          const double *reals, int64_t *pos)
{
    if (d == sh->nall) {
        int64_t k = (*pos)++;
        if (ints)
            return json_integer(ints[k]);
        if (!is_complex_kind(sh->kind))
            return real_json(reals[k]);
        return json_pack("[oo]", real_json(reals[2 * k]),
                         real_json(reals[2 * k + 1]));
    }
    json_t *a = new_json_array(g);
    for (int64_t i = 0; a && i < sh->dims[d]; i++) {
        json_t *item = shape_json(g, sh, d + 1, ints, reals, pos);
        if (!item || json_array_append_new(a, item) != 0) {
            json_decref(a);
            return NULL;
        }
    }
    return a;
}

static json_t *gen_sized(Gen *g, const MirSized *s, Known *keep,
                         const char *path);

/* A tuple: an object with members "1", "2", ...; path: its name in the
 * data file ("x", "x.2"), or NULL inside an array. */
static json_t *gen_tuple(Gen *g, const MirSized *s, const char *path,
                         Known *keep)
{
    json_t *o = json_object();
    if (keep && !(keep->slots = calloc((size_t)s->nitems, sizeof(Known))))
        json_decref(o), o = NULL;
    if (!o) {
        rt_error(g->err, "out of memory");
        return NULL;
    }
    if (keep)
        keep->nslots = s->nitems;
    for (int i = 0; i < s->nitems; i++) {
        char key[16];
        snprintf(key, sizeof key, "%d", i + 1);
        char *item_path = NULL;
        if (path && asprintf_path(&item_path, path, key) != 0) {
            json_decref(o);
            rt_error(g->err, "out of memory");
            return NULL;
        }
        json_t *item = gen_sized(g, s->items[i],
                                 keep ? &keep->slots[i] : NULL, item_path);
        free(item_path);
        if (!item || json_object_set_new(o, key, item) != 0) {
            json_decref(o);
            return NULL;
        }
    }
    return o;
}

/* An array (dims[d..ndims)) of tuples. */
static json_t *gen_tuple_array(Gen *g, const MirSized *s, const int64_t *dims,
                               int d, int ndims)
{
    if (d == ndims)
        return gen_tuple(g, s, NULL, NULL);
    json_t *a = new_json_array(g);
    for (int64_t i = 0; a && i < dims[d]; i++) {
        json_t *item = gen_tuple_array(g, s, dims, d + 1, ndims);
        if (!item || json_array_append_new(a, item) != 0) {
            json_decref(a);
            return NULL;
        }
    }
    return a;
}

/* The value of one declaration: from the data file when it has path
 * (the variable's name, or "x.1" for a tuple's slot; NULL: generate),
 * else generated.  Its numbers go into *keep (when not NULL) if it is of
 * int or real shape. */
static json_t *gen_sized(Gen *g, const MirSized *s, Known *keep,
                         const char *path)
{
    bool from_file = path && g->given && rt_data_has(g->given, path);
    if (s->nitems > 0 && from_file && s->ndims > 0) {
        rt_error(g->err, "'%s' in %s: reading an array of tuples from a "
                 "data file is not supported", path, "the data file");
        return NULL;
    }
    if (s->nitems > 0 && s->ndims == 0)
        return gen_tuple(g, s, path, keep);
    if (s->nitems > 0) {
        int64_t dims[GEN_MAX_DIMS];
        int64_t total = 1;
        if (s->ndims > GEN_MAX_DIMS) {
            rt_error(g->err, "cannot generate a value for '%s': more than "
                     "%d array dimensions", g->var, GEN_MAX_DIMS);
            return NULL;
        }
        for (int i = 0; i < s->ndims; i++) {
            if (eval_size(g, s->dims[i], &dims[i]) != 0)
                return NULL;
            if (__builtin_mul_overflow(total, dims[i], &total)
                || total > GEN_MAX_ELEMENTS) {
                rt_error(g->err, "cannot generate a value for '%s': its "
                         "sizes make more than %" PRId64 " tuples", g->var,
                         GEN_MAX_ELEMENTS);
                return NULL;
            }
        }
        if (keep)
            keep->why = "an array of tuples";
        return gen_tuple_array(g, s, dims, 0, s->ndims);
    }
    Shape sh;
    if (shape_of(g, s, &sh) != 0)
        return NULL;
    bool is_int = sh.kind == TY_INT, cplx = is_complex_kind(sh.kind);
    size_t count = (size_t)sh.total * (cplx ? 2 : 1) + 1;
    int64_t *ints = is_int ? malloc(count * sizeof *ints) : NULL;
    double *reals = is_int ? NULL : malloc(count * sizeof *reals);
    if (!ints && !reals) {
        rt_error(g->err, "out of memory");
        return NULL;
    }
    int rc = 0;
    if (from_file && read_given(g, &sh, path, ints, reals) != 0) {
        char why[sizeof g->err->msg];
        snprintf(why, sizeof why, "%s", g->err->msg);
        rc = rt_error(g->err, "cannot read '%s' from the data file: %s",
                      path, why);
    } else if (from_file) {
        /* read */
    } else if (is_int) {
        for (int64_t k = 0; k < sh.total && rc == 0; k++)
            rc = gen_int(g, &sh, k, &ints[k]);
    } else if (cplx) {
        for (int64_t k = 0; k < 2 * sh.total; k++)
            reals[k] = round4(rng_range(&g->rng, -2, 2));
    } else {
        for (int64_t k = 0; k < sh.total && rc == 0; k += sh.blk)
            rc = gen_block(g, &sh, k, reals + k);
    }
    json_t *j = NULL;
    if (rc == 0) {
        int64_t pos = 0;
        j = shape_json(g, &sh, 0, ints, reals, &pos);
        if (!j && !g->err->msg[0])
            rt_error(g->err, "out of memory");
    }
    if (j && keep && !cplx) {
        keep->set = true;
        keep->storage = ints ? (void *)ints : (void *)reals;
        Value *v = &keep->v;
        v->is_int = is_int;
        v->ndims = sh.nall;
        memcpy(v->dims, sh.dims, sizeof v->dims);
        v->n = sh.total;
        v->ints = ints;
        v->reals = reals;
        if (sh.nall == 0) {
            v->i = ints ? ints[0] : 0;
            v->r = ints ? (double)ints[0] : reals[0];
        }
        return j;
    }
    if (j && keep)
        keep->why = "complex";
    free(ints);
    free(reals);
    return j;
}

/* ------------------------------------------------------------- driver */

/* The values of vars[0..n) as members of out, in order. */
static int gen_vars(Gen *g, const VarId *vars, int n, json_t *out)
{
    for (int i = 0; i < n; i++) {
        const MirVar *var = &g->p->vars[vars[i]];
        g->var = var->name;
        json_t *j = gen_sized(g, &var->sized, &g->known[vars[i]], var->name);
        if (!j)
            return -1;
        if (json_object_set_new(out, var->name, j) != 0)
            return rt_error(g->err, "out of memory");
    }
    return 0;
}

/* The values of --debug-data-file, read by the sampler's reader (CmdStan's
 * JSON, NaN and Inf included); a regular file only, so that a fifo cannot
 * block.  NULL after a message. */
static RtData *load_data_file(Gen *g, const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        rt_error(g->err, "cannot read the data file %s: %s", path,
                 strerror(errno));
        return NULL;
    }
    if (!S_ISREG(st.st_mode)) {
        rt_error(g->err, "the data file %s is not a regular file", path);
        return NULL;
    }
    RtError why = {.msg = ""};
    RtData *d = rt_data_load(path, &why);
    if (!d)
        rt_error(g->err, "cannot read the data file: %s", why.msg);
    return d;
}

/* The generated object (data or parameters); NULL after a message, with
 * *bad_file set when the data file was the trouble. */
static json_t *generate(Gen *g, const DrvGenOptions *o, bool *bad_file)
{
    RtData *given = NULL;
    if (o->data_file && !(given = load_data_file(g, o->data_file))) {
        *bad_file = true;
        return NULL;
    }
    g->given = given;
    const MirProgram *p = g->p;
    json_t *data = json_object(), *params = json_object();
    int rc = data && params ? 0 : rt_error(g->err, "out of memory");
    if (rc == 0)
        rc = gen_vars(g, p->input_vars, p->ninput, data);
    g->given = NULL;        /* the data file holds data, not inits */
    if (rc == 0 && o->what == DRV_GEN_INITS) {
        for (int i = 0; i < p->noutput && rc == 0; i++)
            if (p->vars[p->output_vars[i]].kind == MV_PARAM)
                rc = gen_vars(g, &p->output_vars[i], 1, params);
    }
    rt_data_free(given);
    json_t *keep = o->what == DRV_GEN_INITS ? params : data;
    json_t *drop = o->what == DRV_GEN_INITS ? data : params;
    json_decref(drop);
    if (rc != 0) {
        json_decref(keep);
        return NULL;
    }
    return keep;
}

int drv_gen_write(FILE *out, const MirProgram *p, const DrvGenOptions *o,
                  RtError *err)
{
    Gen g = {.p = p, .rng = o->seed, .err = err};
    g.known = calloc((size_t)p->nvars + 1, sizeof *g.known);
    if (!g.known)
        return rt_error(err, "out of memory");
    bool bad_file = false;
    json_t *obj = generate(&g, o, &bad_file);
    int rc = obj ? 0 : bad_file ? -2 : -1;
    /* one variable per line; 15 significant digits keep the rounded
     * numbers short and every constraint far inside its tolerance */
    char *text = NULL;
    size_t len = 0;
    FILE *mem = obj ? open_memstream(&text, &len) : NULL;
    if (obj && !mem)
        rc = rt_error(err, "out of memory");
    if (mem) {
        const char *key;
        json_t *value;
        bool first = true;
        fputs("{", mem);
        json_object_foreach(obj, key, value) {
            char *s = json_dumps(value, JSON_ENCODE_ANY
                                        | JSON_REAL_PRECISION(15));
            if (!s)
                rc = rt_error(err, "out of memory");
            fprintf(mem, "%s\n  \"%s\": %s", first ? "" : ",", key,
                    s ? s : "null");
            free(s);
            first = false;
        }
        fputs(first ? "}\n" : "\n}\n", mem);
        if (fclose(mem) != 0)
            rc = rt_error(err, "out of memory");
    }
    if (rc == 0)
        fwrite(text, 1, len, out);
    free(text);
    json_decref(obj);
    for (int i = 0; i < p->nvars; i++)
        known_free(&g.known[i]);
    free(g.known);
    for (int i = 0; i < g.ntemps; i++)
        free(g.temps[i]);
    free(g.temps);
    return rc;
}
