/* gen_coverage_md.c - writes docs/coverage.md: for every signature of the
 * Stan library, whether the C backend compiles a call of it, with values
 * only, or not at all (and the backend's reason).
 *   build/gen_coverage_md > docs/coverage.md
 *   build/gen_coverage_md --show NAME    also prints NAME's programs on
 *                                        stderr, to reproduce a reason
 *
 * The signatures come from the same table gen_library_md walks, in the
 * same sections and order (read back from sig_write_markdown, the only
 * public view of the sections).  For each one the generator writes tiny
 * Stan programs in memory that call the function with arguments of those
 * types and runs each through the real pipeline: fe_compile, mir_lower,
 * mir_transform (with mir_verify after each) and emit_c into a throwaway
 * memory stream.  The programs are compiled, never run, so their sizes
 * (3 everywhere) need not fit the function.
 *
 *   values:       every argument is data, the call is in transformed
 *                 data (generated quantities for _rng functions);
 *   derivatives:  the arguments that may be parameters (real-valued, not
 *                 marked `data`) are parameters, the call is in the model
 *                 block and its result goes into target.
 *
 * Argument classes (reals, ints, vectors, R, N, I, A) are tried in two
 * forms, all scalars and all containers; T and U are real. */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "frontend.h"
#include "mir.h"

enum { MAX_ARGS = 16, SIZE = 3 };

/* ================================================================
 * Outcomes
 * ================================================================ */

/* Best first: a signature takes the worst status of the forms tried. */
typedef enum Status { ST_COMPILED, ST_VALUES, ST_NOT, ST_SKIPPED } Status;

typedef struct Outcome {
    Status st;
    /* ST_VALUES: why derivatives fail; ST_NOT: why values fail;
     * ST_SKIPPED: why the signature cannot be tried */
    const char *why;
} Outcome;

/* ================================================================
 * The library's layout, read back from sig_write_markdown
 * ================================================================ */

typedef struct Entry {
    const char *section;     /* the heading of the section */
    const char *name;
    const char *sig;         /* "(reals, reals) => real" */
} Entry;

typedef struct Library {
    Entry *items;
    int n, cap;
} Library;

static void add_entry(Library *lib, const char *section, const char *name,
                      const char *sig)
{
    if (lib->n == lib->cap) {
        lib->cap = lib->cap ? 2 * lib->cap : 1024;
        lib->items = realloc(lib->items, (size_t)lib->cap * sizeof *lib->items);
        if (!lib->items) {
            perror("gen_coverage_md");
            exit(1);
        }
    }
    lib->items[lib->n++] = (Entry){section, name, sig};
}

/* The text between the first pair of backquotes at or after s. */
static const char *quoted(Arena *a, const char *s, const char **end)
{
    const char *b = strchr(s, '`');
    const char *e = b ? strchr(b + 1, '`') : NULL;
    if (!e)
        return NULL;
    *end = e + 1;
    return arena_strndup(a, b + 1, (size_t)(e - b - 1));
}

/* library.md lists "## Section", then "- `name`: `sig`" for a name with
 * one signature or "- `name`" followed by "  - `sig`" lines. */
static void read_library(Arena *a, Library *lib)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    if (!mem) {
        perror("gen_coverage_md");
        exit(1);
    }
    sig_write_markdown(sig_table(), mem);
    fclose(mem);
    const char *section = NULL, *name = NULL;
    for (char *line = strtok(buf, "\n"); line; line = strtok(NULL, "\n")) {
        const char *end;
        if (strncmp(line, "## ", 3) == 0) {
            section = arena_strdup(a, line + 3);
        } else if (section && strncmp(line, "- `", 3) == 0) {
            const char *sig = NULL;
            name = quoted(a, line, &end);
            if (name && strncmp(end, ": ", 2) == 0 &&
                (sig = quoted(a, end, &end)))
                add_entry(lib, section, name, sig);
        } else if (section && name && strncmp(line, "  - `", 5) == 0) {
            const char *sig = quoted(a, line, &end);
            if (sig)
                add_entry(lib, section, name, sig);
        }
    }
    free(buf);
}

static void count_signature(void *ctx, const char *name, const char *sig)
{
    (void)name;
    (void)sig;
    ++*(int *)ctx;
}

/* ================================================================
 * Signature text to concrete argument types
 * ================================================================ */

typedef enum Form { FORM_SCALARS, FORM_CONTAINERS } Form;

typedef struct Call {
    const char *name;
    int nargs;
    const char *args[MAX_ARGS];  /* the argument texts, `data` stripped */
    bool data_only[MAX_ARGS];
    bool higher_order;           /* a function argument or `...` */
    bool has_class;              /* some argument is reals, ints, R, ... */
    bool int_shape;              /* an I argument: R and A become arrays */
} Call;

/* Split "a, b, tuple(c, d)" at the commas outside parentheses and
 * brackets; returns the number of pieces (at most max). */
static int split_top(Arena *a, const char *s, const char **out, int max)
{
    int n = 0, depth = 0;
    const char *start = s;
    for (const char *p = s;; p++) {
        if (*p == '(' || *p == '[')
            depth++;
        else if (*p == ')' || *p == ']')
            depth--;
        if ((*p == ',' && depth == 0) || *p == '\0') {
            while (*start == ' ')
                start++;
            if (p > start && n < max)
                out[n++] = arena_strndup(a, start, (size_t)(p - start));
            if (*p == '\0')
                return n;
            start = p + 1;
        }
    }
}

static bool is_class(const char *t)
{
    static const char *const classes[] = {"reals", "ints", "vectors", "R",
                                          "N", "I", "A"};
    for (size_t i = 0; i < sizeof classes / sizeof *classes; i++)
        if (strcmp(t, classes[i]) == 0)
            return true;
    return false;
}

/* "(args) => ret" into c; false when it does not have that shape. */
static bool parse_signature(Arena *a, const char *name, const char *sig,
                            Call *c)
{
    memset(c, 0, sizeof *c);
    c->name = name;
    const char *close = strstr(sig, ") => ");
    if (sig[0] != '(' || !close)
        return false;
    /* a function argument has its own "=>"; the outer arrow is the last */
    for (const char *p = close; (p = strstr(p + 1, ") => "));)
        close = p;
    const char *inner = arena_strndup(a, sig + 1, (size_t)(close - sig - 1));
    c->nargs = split_top(a, inner, c->args, MAX_ARGS);
    for (int i = 0; i < c->nargs; i++) {
        if (strncmp(c->args[i], "data ", 5) == 0) {
            c->data_only[i] = true;
            c->args[i] += 5;
        }
        if (c->args[i][0] == '(' || strcmp(c->args[i], "...") == 0)
            c->higher_order = true;
        c->has_class |= is_class(c->args[i]);
        c->int_shape |= strcmp(c->args[i], "I") == 0;
    }
    return true;
}

static const Type *concrete(Arena *a, const Call *c, const char *t, Form f);

/* "array[,] X" (or array[*] X, taken as one dimension) */
static const Type *concrete_array(Arena *a, const Call *c, const char *t,
                                  Form f)
{
    const char *close = strchr(t, ']');
    if (!close)
        return NULL;
    int dims = 1;
    for (const char *p = t; p < close; p++)
        dims += *p == ',';
    const Type *elem = concrete(a, c, close + 2, f);
    return elem ? ty_array(a, dims, elem) : NULL;
}

/* The concrete type an argument text stands for in form f. */
static const Type *concrete(Arena *a, const Call *c, const char *t, Form f)
{
    static const struct {
        const char *name;
        TypeKind kind;
    } basics[] = {
        {"int", TY_INT}, {"real", TY_REAL}, {"complex", TY_COMPLEX},
        {"vector", TY_VECTOR}, {"row_vector", TY_ROW_VECTOR},
        {"matrix", TY_MATRIX}, {"complex_vector", TY_COMPLEX_VECTOR},
        {"complex_row_vector", TY_COMPLEX_ROW_VECTOR},
        {"complex_matrix", TY_COMPLEX_MATRIX},
        {"T", TY_REAL}, {"U", TY_REAL},
    };
    for (size_t i = 0; i < sizeof basics / sizeof *basics; i++)
        if (strcmp(t, basics[i].name) == 0)
            return ty_basic(basics[i].kind);
    if (strncmp(t, "array[", 6) == 0)
        return concrete_array(a, c, t, f);
    if (strncmp(t, "tuple(", 6) == 0) {
        const char *items[MAX_ARGS];
        const Type *types[MAX_ARGS];
        const char *body = arena_strndup(a, t + 6, strlen(t) - 7);
        int n = split_top(a, body, items, MAX_ARGS);
        for (int i = 0; i < n; i++)
            if (!(types[i] = concrete(a, c, items[i], f)))
                return NULL;
        return ty_tuple(a, n, types);
    }
    bool scalars = f == FORM_SCALARS;
    const Type *real_shape = c->int_shape ? ty_array(a, 1, TY(REAL))
                                          : TY(VECTOR);
    if (strcmp(t, "reals") == 0)
        return scalars ? TY(REAL) : TY(VECTOR);
    if (strcmp(t, "ints") == 0 || strcmp(t, "I") == 0)
        return scalars ? TY(INT) : ty_array(a, 1, TY(INT));
    if (strcmp(t, "vectors") == 0)
        return scalars ? TY(VECTOR) : ty_array(a, 1, TY(VECTOR));
    if (strcmp(t, "R") == 0 || strcmp(t, "N") == 0)
        return scalars ? TY(REAL) : real_shape;
    if (strcmp(t, "A") == 0)
        return scalars ? TY(REAL) : ty_array(a, 1, TY(REAL));
    return NULL;
}

/* ================================================================
 * Writing the programs
 * ================================================================ */

/* A declaration's sized type: vector[3], array[3, 3] real, tuple(...).
 * With parts, its complex kinds made real: the type of the real and of
 * the imaginary parts of a complex argument, which the derivatives
 * program declares as parameters. */
static void print_sized_as(FILE *out, const Type *t, bool parts)
{
    switch (t->kind) {
    case TY_ARRAY:
        fprintf(out, "array[%d", SIZE);
        for (int i = 1; i < t->dims; i++)
            fprintf(out, ", %d", SIZE);
        fputs("] ", out);
        print_sized_as(out, t->elem, parts);
        return;
    case TY_TUPLE:
        fputs("tuple(", out);
        for (int i = 0; i < t->n; i++) {
            fputs(i ? ", " : "", out);
            print_sized_as(out, t->items[i], parts);
        }
        fputc(')', out);
        return;
    case TY_COMPLEX:
        if (parts)
            fputs("real", out);
        else
            ty_print(out, t);
        return;
    case TY_VECTOR: case TY_ROW_VECTOR:
    case TY_COMPLEX_VECTOR: case TY_COMPLEX_ROW_VECTOR:
        if (parts)
            fputs(t->kind == TY_VECTOR || t->kind == TY_COMPLEX_VECTOR
                  ? "vector" : "row_vector", out);
        else
            ty_print(out, t);
        fprintf(out, "[%d]", SIZE);
        return;
    case TY_MATRIX: case TY_COMPLEX_MATRIX:
        if (parts)
            fputs("matrix", out);
        else
            ty_print(out, t);
        fprintf(out, "[%d, %d]", SIZE, SIZE);
        return;
    default:
        ty_print(out, t);
        return;
    }
}

static void print_sized(FILE *out, const Type *t)
{
    print_sized_as(out, t, false);
}

static void print_sized_parts(FILE *out, const Type *t)
{
    print_sized_as(out, t, true);
}

static const struct {
    const char *name, *op;
    char fix;                    /* 'i'nfix, 'p'refix, 's'uffix */
} operators[] = {
    {"add", "+", 'i'}, {"subtract", "-", 'i'}, {"multiply", "*", 'i'},
    {"divide", "/", 'i'}, {"mdivide_right", "/", 'i'},
    {"idivide", "%/%", 'i'}, {"modulus", "%", 'i'},
    {"mdivide_left", "\\", 'i'}, {"elt_multiply", ".*", 'i'},
    {"elt_divide", "./", 'i'}, {"logical_or", "||", 'i'},
    {"logical_and", "&&", 'i'}, {"logical_eq", "==", 'i'},
    {"logical_neq", "!=", 'i'}, {"logical_lt", "<", 'i'},
    {"logical_lte", "<=", 'i'}, {"logical_gt", ">", 'i'},
    {"logical_gte", ">=", 'i'}, {"minus", "-", 'p'}, {"plus", "+", 'p'},
    {"logical_negation", "!", 'p'}, {"transpose", "'", 's'},
};

/* The call in Stan syntax: operators as operators, densities and
 * cumulative distributions with `|`. */
static void print_call(FILE *out, const Call *c, char *const *names)
{
    for (size_t i = 0; i < sizeof operators / sizeof *operators; i++) {
        if (strcmp(c->name, operators[i].name) != 0)
            continue;
        if (operators[i].fix == 'i' && c->nargs == 2)
            fprintf(out, "%s %s %s", names[0], operators[i].op, names[1]);
        else if (operators[i].fix == 'p' && c->nargs == 1)
            fprintf(out, "%s%s", operators[i].op, names[0]);
        else if (c->nargs == 1)
            fprintf(out, "%s%s", names[0], operators[i].op);
        return;
    }
    bool bar = name_has_suffix(c->name, "_lpdf") || name_has_suffix(c->name, "_lpmf") ||
               name_has_suffix(c->name, "_cdf") || name_has_suffix(c->name, "_lcdf") ||
               name_has_suffix(c->name, "_lccdf");
    fprintf(out, "%s(", c->name);
    for (int i = 0; i < c->nargs; i++)
        fprintf(out, "%s%s", i == 0 ? "" : i == 1 && bar ? " | " : ", ",
                names[i]);
    fputc(')', out);
}

/* Whether argument i may be a parameter: real-valued and not `data`. */
static bool may_be_parameter(const Call *c, const Type *t, int i)
{
    const Type *b = ty_base(t);
    return !c->data_only[i] && b->kind != TY_INT && !ty_is_complex_valued(b)
        && b->kind != TY_TUPLE;
}

/* Whether argument i may be built from parameters: complex-valued and
 * not `data` (Stan has no complex parameters: the derivatives program
 * declares its real and imaginary parts as parameters and calls
 * to_complex). */
static bool complex_of_parameters(const Call *c, const Type *t, int i)
{
    const Type *b = ty_base(t);
    return !c->data_only[i] && ty_is_complex_valued(b)
        && b->kind != TY_TUPLE;
}

/* Statements adding the value e of type t to target; false when t holds
 * nothing real-valued. */
static bool print_target(FILE *out, Arena *a, const Type *t, const char *e)
{
    const Type *b = ty_base(t);
    if (b->kind == TY_TUPLE && t->kind == TY_TUPLE) {
        bool any = false;
        for (int i = 0; i < t->n; i++)
            any |= print_target(out, a, t->items[i],
                                arena_printf(a, "%s.%d", e, i + 1));
        return any;
    }
    if (b->kind == TY_INT || b->kind == TY_TUPLE || b->kind == TY_VOID)
        return false;
    if (!ty_is_complex_valued(b)) {
        fprintf(out, "  target += %s;\n", e);
    } else if (t->kind == TY_ARRAY && t->dims == 1 && t->elem->kind == TY_COMPLEX) {
        fprintf(out, "  target += get_real(sum(%s));\n", e);
    } else if (t->kind == TY_ARRAY) {
        /* sum takes no array of complex containers: the first element
         * (of a local: the value indexed as a variable) */
        fputs("  ", out);
        print_sized(out, t);
        fprintf(out, " t = %s;\n", e);
        fprintf(out, "  target += get_real(%s(t[1", b->kind == TY_COMPLEX
                ? "" : "sum");
        for (int i = 1; i < t->dims; i++)
            fputs(", 1", out);
        fputs("]));\n", out);
    } else {
        fprintf(out, "  target += get_real(%s);\n", e);
    }
    return true;
}

typedef enum Mode { MODE_VALUES, MODE_DERIVATIVES } Mode;

/* The program of one mode as an arena string; NULL when the mode does not
 * apply (derivatives of an int, an _rng, or with no possible parameter). */
static const char *write_program(Arena *a, const Call *c,
                                 const Type *const *types, const Type *ret,
                                 Mode mode)
{
    bool rng = name_has_suffix(c->name, "_rng");
    bool params[MAX_ARGS] = {0};
    char *names[MAX_ARGS];
    int nparams = 0;
    bool cx[MAX_ARGS] = {0};
    bool jacobian = name_has_suffix(c->name, "_jacobian");
    for (int i = 0; i < c->nargs; i++) {
        cx[i] = mode == MODE_DERIVATIVES && !jacobian
                && complex_of_parameters(c, types[i], i);
        params[i] = cx[i] || (mode == MODE_DERIVATIVES &&
                              may_be_parameter(c, types[i], i));
        nparams += params[i];
        names[i] = arena_printf(a, "%c%d", params[i] ? 'p' : 'x', i + 1);
    }
    if (mode == MODE_DERIVATIVES && (rng || nparams == 0))
        return NULL;
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    if (!out) {
        perror("gen_coverage_md");
        exit(1);
    }
    for (int pass = 0; pass < 2; pass++) {
        int n = 0;
        for (int i = 0; i < c->nargs; i++) {
            if (params[i] != (pass == 1))
                continue;
            if (n++ == 0)
                fputs(pass ? "parameters {\n" : "data {\n", out);
            if (cx[i]) {
                for (int k = 0; k < 2; k++) {
                    fputs("  ", out);
                    print_sized_parts(out, types[i]);
                    fprintf(out, " %s_%s;\n", names[i], k ? "im" : "re");
                }
                continue;
            }
            fputs("  ", out);
            print_sized(out, types[i]);
            fprintf(out, " %s;\n", names[i]);
        }
        if (n)
            fputs("}\n", out);
    }
    char *call = NULL;
    size_t call_len = 0;
    FILE *cm = open_memstream(&call, &call_len);
    if (!cm) {
        perror("gen_coverage_md");
        exit(1);
    }
    print_call(cm, c, names);
    fclose(cm);
    bool ok = true;
    if (name_has_suffix(c->name, "_jacobian")) {
        /* a _jacobian function adds to the Jacobian accumulator: only
         * transformed parameters may call it; its derivatives through
         * the model block's use of the result */
        fputs("transformed parameters {\n  ", out);
        print_sized(out, ret);
        fprintf(out, " r = %s;\n}\n", call);
        if (mode == MODE_DERIVATIVES) {
            fputs("model {\n", out);
            ok = print_target(out, a, ret, "r");
        } else {
            fputs("model {\n", out);
        }
    } else if (mode == MODE_DERIVATIVES) {
        fputs("model {\n", out);
        for (int i = 0; i < c->nargs; i++) {
            if (!cx[i])
                continue;
            fputs("  ", out);
            print_sized(out, types[i]);
            fprintf(out, " %s = to_complex(%s_re, %s_im);\n", names[i],
                    names[i], names[i]);
        }
        ok = print_target(out, a, ret, call);
    } else {
        /* target() may only be read in the model block */
        fprintf(out, "%s {\n", rng ? "generated quantities"
                : strcmp(c->name, "target") == 0 ? "model"
                : "transformed data");
        fputs("  ", out);
        if (ret->kind != TY_VOID) {
            print_sized(out, ret);
            fputs(" r = ", out);
        }
        fprintf(out, "%s;\n", call);
    }
    fputs("}\n", out);
    fclose(out);
    free(call);
    const char *text = ok ? arena_strdup(a, buf) : NULL;
    free(buf);
    return text;
}

/* ================================================================
 * Running the pipeline
 * ================================================================ */

typedef enum Result { RES_OK, RES_REJECTED, RES_FAILED } Result;

static Result run_stages(FeUnit *u, Arena *a, const char **why)
{
    MirProgram *p = mir_lower(&u->arena, u->prog, "coverage_model");
    char reason[512];
    if (!mir_verify(p, reason, sizeof reason)) {
        *why = arena_printf(a, "internal error: the lowered MIR is "
                            "invalid: %s", reason);
        return RES_FAILED;
    }
    mir_transform(p);
    if (!mir_verify(p, reason, sizeof reason)) {
        *why = arena_printf(a, "internal error: the transformed MIR is "
                            "invalid: %s", reason);
        return RES_FAILED;
    }
    char *buf = NULL;
    size_t len = 0;
    FILE *sink = open_memstream(&buf, &len);
    if (!sink) {
        perror("gen_coverage_md");
        exit(1);
    }
    bool ok = emit_c(sink, p, reason, sizeof reason);
    fclose(sink);
    free(buf);
    if (!ok)
        *why = arena_strdup(a, reason);
    return ok ? RES_OK : RES_FAILED;
}

/* Compile one program: RES_REJECTED when the frontend refuses it (why is
 * its first error's first line), RES_FAILED when a later stage does. */
static Result compile(Arena *a, const char *text, const char **why)
{
    FeUnit u;
    FeOptions o = {0};
    Result r;
    if (!fe_compile(&u, "coverage.stan", text, &o)) {
        *why = "the frontend rejects it";
        for (int i = 0; i < u.sink.diags.len; i++) {
            const Diag *d = u.sink.diags.items[i];
            if (diag_is_error(d)) {
                size_t n = strcspn(d->msg, "\n");
                *why = arena_strndup(a, d->msg, n);
                break;
            }
        }
        fe_unit_free(&u);
        return RES_REJECTED;
    }
    jmp_buf recover;
    jmp_buf *outer = diag_set_ice_target(&recover);
    if (setjmp(recover) == 0) {
        r = run_stages(&u, a, why);
    } else {
        *why = arena_printf(a, "internal compiler error: %s",
                            diag_ice_message());
        r = RES_FAILED;
    }
    diag_set_ice_target(outer);
    fe_unit_free(&u);
    return r;
}

/* gen_coverage_md --show NAME prints NAME's programs on stderr. */
static const char *show_name;

static void show(const Call *c, const char *text)
{
    if (show_name && text && strcmp(show_name, c->name) == 0)
        fprintf(stderr, "%s\n", text);
}

/* Both modes of one form of a signature. */
static Outcome try_form(Arena *a, const Call *c, Form f)
{
    const Type *types[MAX_ARGS];
    AdLevel ads[MAX_ARGS];
    for (int i = 0; i < c->nargs; i++) {
        types[i] = concrete(a, c, c->args[i], f);
        ads[i] = AD_DATA;
        if (!types[i])
            return (Outcome){ST_SKIPPED, arena_printf(a, "no concrete type "
                             "for the argument `%s`", c->args[i])};
    }
    const Type *ret = NULL;
    int bad = -1;
    if (sig_resolve(sig_table(), a, c->name, c->nargs, types, ads, &ret,
                    &bad) != SIG_MATCH)
        return (Outcome){ST_SKIPPED, "the concrete argument types do not "
                         "resolve to this signature"};
    const char *why = NULL;
    const char *values = write_program(a, c, types, ret, MODE_VALUES);
    show(c, values);
    Result r = compile(a, values, &why);
    if (r == RES_REJECTED)
        return (Outcome){ST_SKIPPED, arena_printf(a, "the typechecker "
                         "rejects the call: %s", why)};
    if (r == RES_FAILED)
        return (Outcome){ST_NOT, why};
    const char *deriv = write_program(a, c, types, ret, MODE_DERIVATIVES);
    show(c, deriv);
    if (!deriv)
        return (Outcome){ST_COMPILED, NULL};
    r = compile(a, deriv, &why);
    if (r == RES_REJECTED)
        return (Outcome){ST_SKIPPED, arena_printf(a, "the typechecker "
                         "rejects the call with parameters: %s", why)};
    return r == RES_OK ? (Outcome){ST_COMPILED, NULL}
                       : (Outcome){ST_VALUES, why};
}

/* ================================================================
 * ODE solvers: higher-order signatures with a generated right-hand side
 * ================================================================ */

/* The function argument of the variadic ODE solvers (ode_rk45, ode_bdf,
 * ...) and of the deprecated ones (integrate_ode_rk45, ...). */
static const char ode_rhs[] = "(real, vector, ...) => vector";
static const char ode_rhs_deprecated[] =
    "(real, array[] real, array[] real, data array[] real, "
    "data array[] int) => array[] real";

/* Whether c is an ODE solver whose programs the generator can write: the
 * right-hand side above, then the initial state, initial time and
 * times, then either `...` after none or three tolerance arguments
 * (variadic: 1), or theta, x_r, x_i and none or three (deprecated: 2), or
 * ode_adjoint_tol_ctl's eleven controls (3). */
static int ode_shape(const Call *c)
{
    if (c->nargs < 4 || strcmp(c->args[2], "real") != 0
        || strcmp(c->args[3], "array[] real") != 0)
        return 0;
    if (strcmp(c->args[0], ode_rhs) == 0 && strcmp(c->args[1], "vector") == 0
        && (c->nargs == 5 || c->nargs == 8)
        && strcmp(c->args[c->nargs - 1], "...") == 0)
        return 1;
    if (strcmp(c->args[0], ode_rhs) == 0 && strcmp(c->args[1], "vector") == 0
        && c->nargs == 16 && strcmp(c->args[15], "...") == 0)
        return 3;
    if (strcmp(c->args[0], ode_rhs_deprecated) == 0
        && strcmp(c->args[1], "array[] real") == 0
        && (c->nargs == 7 || c->nargs == 10))
        return 2;
    return 0;
}

/* The program of one mode: the right-hand side dy/dt = -theta y, the
 * initial state and theta as data (values) or parameters (derivatives),
 * two output times, the tolerances where the signature has them. */
static const char *write_ode_program(Arena *a, const Call *c, Mode mode)
{
    bool deprecated = ode_shape(c) == 2;
    const char *block = mode == MODE_VALUES ? "data" : "parameters";
    const char *fn = deprecated
        ? "functions {\n"
          "  array[] real rhs(real t, array[] real y, array[] real theta,\n"
          "                   data array[] real x_r, data array[] int x_i) {\n"
          "    return {-theta[1] * y[1], -theta[1] * y[2]};\n"
          "  }\n"
          "}\n"
        : "functions {\n"
          "  vector rhs(real t, vector y, real theta) {\n"
          "    return -theta * y;\n"
          "  }\n"
          "}\n";
    const char *decls = deprecated
        ? arena_printf(a, "%s {\n  array[2] real y0;\n  array[1] real theta;\n"
                       "}\n", block)
        : arena_printf(a, "%s {\n  vector[2] y0;\n  real theta;\n}\n", block);
    const char *tol = (c->nargs == 8 || c->nargs == 10)
        ? ", 1e-8, 1e-8, 10000" : "";
    if (ode_shape(c) == 3)
        tol = ", 1e-8, [1e-8, 1e-8]', 1e-8, [1e-8, 1e-8]', 1e-8, 1e-8, "
              "10000, 150, 1, 2, 2";
    const char *call = deprecated
        ? arena_printf(a, "%s(rhs, y0, 0, {1.0, 2.0}, theta, x_r, x_i%s)",
                       c->name, tol)
        : arena_printf(a, "%s(rhs, y0, 0, {1.0, 2.0}%s, theta)", c->name,
                       tol);
    const char *result = deprecated ? "array[2, 2] real" : "array[2] vector[2]";
    const char *xs = deprecated
        ? "  array[0] real x_r;\n  array[0] int x_i;\n" : "";
    if (mode == MODE_VALUES)
        return arena_printf(a, "%s%stransformed data {\n%s  %s r = %s;\n}\n",
                            fn, decls, xs, result, call);
    const char *data = deprecated
        ? arena_printf(a, "transformed data {\n%s}\n", xs) : "";
    return arena_printf(a, "%s%s%smodel {\n  %s r = %s;\n"
                        "  target += sum(r[1]) + sum(r[2]);\n}\n", fn, data,
                        decls, result, call);
}

/* Both modes of an ODE solver's signature. */
static Outcome try_ode(Arena *a, const Call *c)
{
    const char *why = NULL;
    const char *values = write_ode_program(a, c, MODE_VALUES);
    show(c, values);
    Result r = compile(a, values, &why);
    if (r == RES_REJECTED)
        return (Outcome){ST_SKIPPED, arena_printf(a, "the typechecker "
                         "rejects the call: %s", why)};
    if (r == RES_FAILED)
        return (Outcome){ST_NOT, why};
    const char *deriv = write_ode_program(a, c, MODE_DERIVATIVES);
    show(c, deriv);
    r = compile(a, deriv, &why);
    if (r == RES_REJECTED)
        return (Outcome){ST_SKIPPED, arena_printf(a, "the typechecker "
                         "rejects the call with parameters: %s", why)};
    return r == RES_OK ? (Outcome){ST_COMPILED, NULL}
                       : (Outcome){ST_VALUES, why};
}

/* ================================================================
 * DAE solvers: a generated residual
 * ================================================================ */

static const char dae_residual[] = "(real, vector, vector, ...) => vector";

/* Whether c is dae or dae_tol as the generator writes them: the residual
 * above, the initial state and its derivative, the initial time and the
 * times, then `...` after none or three tolerance arguments. */
static bool is_dae(const Call *c)
{
    return (c->nargs == 6 || c->nargs == 9)
        && strcmp(c->args[0], dae_residual) == 0
        && strcmp(c->args[1], "vector") == 0
        && strcmp(c->args[2], "vector") == 0
        && strcmp(c->args[3], "real") == 0
        && strcmp(c->args[4], "array[] real") == 0
        && strcmp(c->args[c->nargs - 1], "...") == 0;
}

/* The program of one mode: the residual y' + theta y = 0 (two states),
 * the initial state, its derivative and theta as data (values) or
 * parameters (derivatives), two output times, the tolerances where the
 * signature has them. */
static const char *write_dae_program(Arena *a, const Call *c, Mode mode)
{
    const char *block = mode == MODE_VALUES ? "data" : "parameters";
    const char *fn = "functions {\n"
                     "  vector res(real t, vector y, vector yp, real theta) {\n"
                     "    return yp + theta * y;\n"
                     "  }\n"
                     "}\n";
    const char *decls = arena_printf(a, "%s {\n  vector[2] y0;\n"
                                     "  vector[2] yp0;\n  real theta;\n}\n",
                                     block);
    const char *tol = c->nargs == 9 ? ", 1e-8, 1e-8, 10000" : "";
    const char *call = arena_printf(a, "%s(res, y0, yp0, 0, {1.0, 2.0}%s, "
                                    "theta)", c->name, tol);
    if (mode == MODE_VALUES)
        return arena_printf(a, "%s%stransformed data {\n"
                            "  array[2] vector[2] r = %s;\n}\n", fn, decls,
                            call);
    return arena_printf(a, "%s%smodel {\n  array[2] vector[2] r = %s;\n"
                        "  target += sum(r[1]) + sum(r[2]);\n}\n", fn, decls,
                        call);
}

/* Both modes of a DAE solver's signature. */
static Outcome try_dae(Arena *a, const Call *c)
{
    const char *why = NULL;
    const char *values = write_dae_program(a, c, MODE_VALUES);
    show(c, values);
    Result r = compile(a, values, &why);
    if (r == RES_REJECTED)
        return (Outcome){ST_SKIPPED, arena_printf(a, "the typechecker "
                         "rejects the call: %s", why)};
    if (r == RES_FAILED)
        return (Outcome){ST_NOT, why};
    const char *deriv = write_dae_program(a, c, MODE_DERIVATIVES);
    show(c, deriv);
    r = compile(a, deriv, &why);
    if (r == RES_REJECTED)
        return (Outcome){ST_SKIPPED, arena_printf(a, "the typechecker "
                         "rejects the call with parameters: %s", why)};
    return r == RES_OK ? (Outcome){ST_COMPILED, NULL}
                       : (Outcome){ST_VALUES, why};
}

/* ================================================================
 * The embedded Laplace functions: a generated covariance function
 * ================================================================ */

static bool is_laplace(const Call *c)
{
    return strncmp(c->name, "laplace_", 8) == 0;
}

/* The program of one mode: the covariance function K_function(x, alpha,
 * rho) (gp_exp_quad_cov), three counts y in groups g, and for the general
 * forms the likelihood ll(theta, s, z) = normal_lpdf(z | theta, s); the
 * offsets m, alpha, rho, the dispersion eta and s as data (values) or
 * parameters (derivatives; not for the _rng forms). */
static const char *write_laplace_program(Arena *a, const Call *c, Mode mode)
{
    bool rng = name_has_suffix(c->name, "_rng");
    if (mode == MODE_DERIVATIVES && rng)
        return NULL;
    bool general = strcmp(c->args[0], "(vector, ...) => real") == 0;
    bool eta = strstr(c->name, "neg_binomial_2_log") != NULL;
    bool tol = strstr(c->name, "_tol") != NULL;
    bool lpmf = name_has_suffix(c->name, "_lpmf");
    const char *reals = arena_printf(a, "  vector[3] m;\n  real s;\n"
                                     "  real alpha;\n  real rho;\n%s",
                                     eta ? "  real eta;\n" : "");
    const char *data = "data {\n  array[3] int y;\n  array[3] int g;\n"
                       "  array[3] real x;\n  vector[3] z;\n";
    const char *decls = mode == MODE_VALUES
        ? arena_printf(a, "%s%s}\n", data, reals)
        : arena_printf(a, "%s}\nparameters {\n%s}\n", data, reals);
    const char *lik = general ? "ll, (s, z)"
        : arena_printf(a, "%sg, %sm", lpmf ? "y | " : "y, ", eta ? "eta, " : "");
    const char *call = arena_printf(a, "%s(%s, 1, K_function, (x, alpha, rho)"
                                    "%s)", c->name, lik,
                                    tol ? ", (rep_vector(0, 3), 1e-8, 100, 1, "
                                          "10, 1)" : "");
    const char *fns =
        "functions {\n"
        "  matrix K_function(array[] real x, real alpha, real rho) {\n"
        "    return add_diag(gp_exp_quad_cov(x, alpha, rho), 1e-6);\n"
        "  }\n"
        "  real ll(vector theta, real s, data vector z) {\n"
        "    return normal_lpdf(z | theta, s);\n"
        "  }\n"
        "}\n";
    if (mode == MODE_DERIVATIVES)
        return arena_printf(a, "%s%smodel {\n  target += %s;\n}\n", fns,
                            decls, call);
    return arena_printf(a, "%s%s%s {\n  %s r = %s;\n}\n", fns, decls,
                        rng ? "generated quantities" : "transformed data",
                        rng ? "vector[3]" : "real", call);
}

/* Both modes of an embedded Laplace signature. */
static Outcome try_laplace(Arena *a, const Call *c)
{
    const char *why = NULL;
    const char *values = write_laplace_program(a, c, MODE_VALUES);
    show(c, values);
    Result r = compile(a, values, &why);
    if (r == RES_REJECTED)
        return (Outcome){ST_SKIPPED, arena_printf(a, "the typechecker "
                         "rejects the call: %s", why)};
    if (r == RES_FAILED)
        return (Outcome){ST_NOT, why};
    const char *deriv = write_laplace_program(a, c, MODE_DERIVATIVES);
    show(c, deriv);
    if (!deriv)
        return (Outcome){ST_COMPILED, NULL};
    r = compile(a, deriv, &why);
    if (r == RES_REJECTED)
        return (Outcome){ST_SKIPPED, arena_printf(a, "the typechecker "
                         "rejects the call with parameters: %s", why)};
    return r == RES_OK ? (Outcome){ST_COMPILED, NULL}
                       : (Outcome){ST_VALUES, why};
}

/* ================================================================
 * The document
 * ================================================================ */

static void print_outcome(FILE *out, Outcome o)
{
    switch (o.st) {
    case ST_COMPILED:
        fputs("compiled", out);
        return;
    case ST_VALUES:
        fprintf(out, "values only (with derivatives: %s)", o.why);
        return;
    case ST_NOT:
        fprintf(out, "not compiled: %s", o.why);
        return;
    case ST_SKIPPED:
        fprintf(out, "skipped: %s", o.why);
        return;
    }
}

static bool same_outcome(Outcome x, Outcome y)
{
    return x.st == y.st && (x.why == y.why ||
                            (x.why && y.why && strcmp(x.why, y.why) == 0));
}

static const char header[] =
    "# What the C backend compiles\n\n"
    "Generated by `tests/tools/gen_coverage_md.c` from the signature "
    "table of `docs/library.md`; do not edit by hand (`make docs` "
    "regenerates it, `make test` checks that it is current).\n\n";

static const char method[] =
    "For every signature of the Stan library, the generator writes tiny "
    "programs that call the function with arguments of those types and "
    "runs each through the whole compiler: the frontend, the lowering to "
    "MIR, the backend's transformations and the C emitter.  The programs "
    "are compiled, never run.\n\n"
    "- *values*: every argument is data and the call is in transformed "
    "data (generated quantities for `_rng` functions);\n"
    "- *derivatives*: every argument that may be a parameter (not an int "
    "and not marked `data`) is a parameter (a complex one is built in the "
    "model block by `to_complex` from two parameters, its real and "
    "imaginary parts), the call is in the model block and its result is "
    "added to `target`, so the emitted C must differentiate it.  It does "
    "not apply "
    "to `_rng` functions, to int results, or when no argument may be a "
    "parameter.\n\n"
    "Statuses:\n\n"
    "- **compiled**: every program that applies compiles;\n"
    "- **values only**: the values program compiles, the derivatives "
    "program does not; the backend's reason follows;\n"
    "- **not compiled**: the values program does not compile; the reason "
    "is the C backend's message, as `pplbench --o=model.c` prints it;\n"
    "- **skipped**: higher-order signatures (they take a function "
    "argument) other than the ODE and DAE solvers', and signatures whose "
    "program the typechecker rejects (functions removed from the "
    "language).\n\n"
    "The ODE solvers (`ode_rk45`, `ode_bdf`, ..., `ode_adjoint_tol_ctl` "
    "and the deprecated `integrate_ode_*`) are called with a generated right-hand side "
    "`rhs` (dy/dt = -theta y, two states), the initial state `y0` and "
    "`theta` as data or parameters, an initial time of 0 and two output "
    "times.  The DAE solvers (`dae`, `dae_tol`) likewise, with the "
    "residual `res` (y' + theta y = 0) and the initial state's derivative "
    "`yp0`.\n\n"
    "The embedded Laplace functions are called with a generated "
    "covariance function `K_function(x, alpha, rho)` (gp_exp_quad_cov "
    "plus 1e-6 on the diagonal), three counts `y` in groups `g`, the "
    "offsets `m` (and the dispersion `eta`), and for the forms with a "
    "user likelihood `ll(theta, s, z) = normal_lpdf(z | theta, s)`; "
    "`m`, `alpha`, `rho`, `eta` and `s` are data or parameters.\n\n"
    "Arguments of a class are tried in two forms, all scalars and all "
    "containers: `reals`, `R`, `N` and `A` as `real` and as `vector` (as "
    "`array[] real` beside an `I`, and always for `A`), `ints` and `I` as "
    "`int` and `array[] int`, `vectors` as `vector` and `array[] vector`.  "
    "A signature counts under the worse status of its two forms; the line "
    "gives both when they differ.  `T` and `U` are `real`, `array[*] X` is "
    "`array[] X`, and every size is 3.  Messages name the arguments `x1`, "
    "`x2`, ... when data, `p1`, `p2`, ... when parameters, and the result "
    "`r`; `build/gen_coverage_md --show NAME` prints NAME's programs.\n";

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "--show") == 0) {
        show_name = argv[2];
    } else if (argc != 1) {
        fputs("usage: gen_coverage_md [--show NAME] > docs/coverage.md\n",
              stderr);
        return 2;
    }
    Arena a = {0};
    Library lib = {0};
    read_library(&a, &lib);
    int table_sigs = 0;
    sig_foreach(sig_table(), count_signature, &table_sigs);
    if (lib.n != table_sigs) {
        fprintf(stderr, "gen_coverage_md: read %d signatures from the "
                "library's markdown, the table has %d\n", lib.n, table_sigs);
        return 1;
    }
    Outcome *outcomes[2];
    outcomes[0] = calloc((size_t)lib.n, sizeof(Outcome));
    outcomes[1] = calloc((size_t)lib.n, sizeof(Outcome));
    bool *two_forms = calloc((size_t)lib.n, sizeof(bool));
    int counts[4] = {0};
    if (!outcomes[0] || !outcomes[1] || !two_forms) {
        perror("gen_coverage_md");
        return 1;
    }
    for (int i = 0; i < lib.n; i++) {
        Call c;
        Outcome o;
        if (!parse_signature(&a, lib.items[i].name, lib.items[i].sig, &c)) {
            o = (Outcome){ST_SKIPPED, "the signature text does not parse"};
        } else if (c.higher_order && ode_shape(&c)) {
            o = try_ode(&a, &c);
        } else if (c.higher_order && is_dae(&c)) {
            o = try_dae(&a, &c);
        } else if (c.higher_order && is_laplace(&c)) {
            o = try_laplace(&a, &c);
        } else if (c.higher_order) {
            o = (Outcome){ST_SKIPPED, "higher-order (takes a function "
                          "argument)"};
        } else {
            o = try_form(&a, &c, FORM_SCALARS);
            if (c.has_class) {
                two_forms[i] = true;
                outcomes[1][i] = try_form(&a, &c, FORM_CONTAINERS);
            }
        }
        outcomes[0][i] = o;
        Status worst = o.st;
        if (two_forms[i] && outcomes[1][i].st > worst)
            worst = outcomes[1][i].st;
        counts[worst]++;
    }

    fputs(header, stdout);
    printf("**%d signatures: %d compiled, %d values only, %d not compiled, "
           "%d skipped.**\n\n", lib.n, counts[ST_COMPILED], counts[ST_VALUES],
           counts[ST_NOT], counts[ST_SKIPPED]);
    fputs(method, stdout);
    const char *section = NULL, *name = NULL;
    for (int i = 0; i < lib.n; i++) {
        const Entry *e = &lib.items[i];
        if (!section || strcmp(section, e->section) != 0)
            printf("\n## %s\n\n", section = e->section);
        if (!name || strcmp(name, e->name) != 0)
            printf("- `%s`\n", name = e->name);
        printf("  - `%s`: ", e->sig);
        if (two_forms[i] && !same_outcome(outcomes[0][i], outcomes[1][i])) {
            fputs("scalars: ", stdout);
            print_outcome(stdout, outcomes[0][i]);
            fputs("; containers: ", stdout);
            print_outcome(stdout, outcomes[1][i]);
        } else {
            print_outcome(stdout, outcomes[0][i]);
        }
        fputc('\n', stdout);
    }
    free(outcomes[0]);
    free(outcomes[1]);
    free(two_forms);
    free(lib.items);
    arena_free(&a);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        perror("gen_coverage_md");
        return 1;
    }
    return 0;
}
