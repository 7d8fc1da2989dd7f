/* info.c - the --info JSON: a model's interface, library use and includes.
 *
 * What stanc3 (2.36) prints for --info, key for key:
 *   inputs, parameters, transformed parameters, generated quantities:
 *       the top-level declarations of the data, parameters, transformed
 *       parameters and generated quantities blocks, in order, each as
 *       {"type": T, "dimensions": N}.  T is the scalar type ("int", "real",
 *       "complex") and N counts every index a scalar needs: the array
 *       dimensions, plus 1 for a vector or row vector, plus 2 for a matrix.
 *       A constrained type counts as its underlying type (simplex[K] is a
 *       vector).  For a tuple, T is the list of its items' {type,
 *       dimensions} and N the array dimensions around the tuple.
 *   functions: the library functions the program calls (print, reject and
 *       fatal_error count as functions), sorted, each once.  User-defined
 *       functions and operators are not listed.
 *   distributions: the library distributions of `~` statements, named
 *       NAME_lupdf or NAME_lupmf, and the library calls in conditional
 *       notation (normal_lpdf(y | ...), normal_lcdf(...), std_normal_lupdf(y)),
 *       sorted, each once.
 *   included_files: every file #included, nested ones too, in the order
 *       they were read, by the path they were found at.
 *
 * The layout is that of the JSON pretty-printer stanc3 uses: see the
 * "layout" section below. */
#include "frontend.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ JSON values */

typedef enum JsonKind { JSON_ATOM, JSON_OBJECT, JSON_LIST } JsonKind;

typedef struct Json Json;
struct Json {
    JsonKind kind;
    const char *atom;   /* JSON_ATOM: the text as printed ("\"real\"", "2") */
    PtrVec keys;        /* JSON_OBJECT: the keys as printed, with quotes */
    PtrVec items;       /* JSON_OBJECT values, JSON_LIST elements */
    int width;          /* the width of the one-line form */
};

typedef struct InfoCtx {
    Arena *arena;
    PtrVec user_functions;   /* const char *: names defined or declared */
    PtrVec functions;        /* const char *: library calls, unsorted */
    PtrVec distributions;    /* const char *: unsorted */
} InfoCtx;

/* A JSON string literal: quotes and backslashes escaped, control
 * characters as \uXXXX unless they have a short escape. */
static const char *json_quote(Arena *a, const char *s)
{
    size_t n = 2;
    for (const char *p = s; *p; p++)
        n += 6;
    char *out = arena_alloc(a, n + 1), *o = out;
    *o++ = '"';
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        switch (*p) {
        case '"': *o++ = '\\'; *o++ = '"'; break;
        case '\\': *o++ = '\\'; *o++ = '\\'; break;
        case '\n': *o++ = '\\'; *o++ = 'n'; break;
        case '\r': *o++ = '\\'; *o++ = 'r'; break;
        case '\t': *o++ = '\\'; *o++ = 't'; break;
        case '\b': *o++ = '\\'; *o++ = 'b'; break;
        case '\f': *o++ = '\\'; *o++ = 'f'; break;
        default:
            if (*p < 0x20 || *p == 0x7f)
                o += sprintf(o, "\\u%04x", *p);
            else
                *o++ = (char)*p;
        }
    }
    *o++ = '"';
    *o = '\0';
    return out;
}

static Json *json_atom(Arena *a, const char *text)
{
    Json *j = NEW(a, Json);
    j->kind = JSON_ATOM;
    j->atom = text;
    j->width = (int)strlen(text);
    return j;
}

static Json *json_string(Arena *a, const char *s)
{
    return json_atom(a, json_quote(a, s));
}

static Json *json_int(Arena *a, int n)
{
    return json_atom(a, arena_printf(a, "%d", n));
}

static Json *json_new(Arena *a, JsonKind kind)
{
    Json *j = NEW(a, Json);
    j->kind = kind;
    j->width = 2;    /* {} or [] */
    return j;
}

/* The one-line form is "{ k: v, k: v }" or "[ v, v ]"; empty ones are
 * "{}" and "[]".  Each item adds itself and either the inner spaces of the
 * brackets (the first) or a ", " (the others). */
static void json_grow(Json *j, int item_width)
{
    j->width += 2 + item_width;
}

static void json_set(Arena *a, Json *obj, const char *key, Json *value)
{
    const char *k = json_quote(a, key);
    json_grow(obj, (int)strlen(k) + 2 + value->width);
    vec_push(a, &obj->keys, (void *)k);
    vec_push(a, &obj->items, value);
}

static void json_push(Arena *a, Json *list, Json *value)
{
    json_grow(list, value->width);
    vec_push(a, &list->items, value);
}

/* ---------------------------------------------------------------- layout */

/* stanc3 prints its JSON through OCaml's Format with the default right
 * margin of 78.  What that amounts to, for the values printed here:
 *   - an object or list (with its key, when it is an object's field) stays
 *     on one line when that line would end before column 78 (a trailing
 *     comma may reach column 78);
 *   - otherwise its fields go one per line, indented two more than the key,
 *     and the closing bracket lines up with the key;
 *   - the elements of a broken list of strings and numbers are filled into
 *     lines like words in a paragraph, each line ending before column 78
 *     with its comma; the elements of a broken list of objects stay on
 *     one line if they fit there, else go one per line. */
enum { INFO_MARGIN = 78 };

typedef struct Printer {
    FILE *out;
    int col;
} Printer;

static void put(Printer *p, const char *s)
{
    fputs(s, p->out);
    p->col += (int)strlen(s);
}

static void newline(Printer *p, int indent)
{
    fprintf(p->out, "\n%*s", indent, "");
    p->col = indent;
}

static bool is_flat(const Json *j)
{
    return j->kind == JSON_ATOM || j->items.len == 0;
}

static void print_flat(Printer *p, const Json *j)
{
    if (j->kind == JSON_ATOM) {
        put(p, j->atom);
        return;
    }
    bool obj = j->kind == JSON_OBJECT;
    if (j->items.len == 0) {
        put(p, obj ? "{}" : "[]");
        return;
    }
    put(p, obj ? "{ " : "[ ");
    for (int i = 0; i < j->items.len; i++) {
        if (i)
            put(p, ", ");
        if (obj) {
            put(p, j->keys.items[i]);
            put(p, ": ");
        }
        print_flat(p, j->items.items[i]);
    }
    put(p, obj ? " }" : " ]");
}

static void print_value(Printer *p, const Json *j);

static void print_field(Printer *p, const char *key, const Json *value);

/* The object or list j, which does not fit on the line, with its closing
 * bracket at column `at`. */
static void print_broken(Printer *p, const Json *j, int at)
{
    int n = j->items.len;
    if (j->kind == JSON_OBJECT) {
        put(p, "{");
        for (int i = 0; i < n; i++) {
            newline(p, at + 2);
            print_field(p, j->keys.items[i], j->items.items[i]);
            if (i + 1 < n)
                put(p, ",");
        }
        newline(p, at);
        put(p, "}");
        return;
    }
    /* The elements without the brackets: j's one-line form less "[ " and
     * " ]". */
    int elements_width = j->width - 4;
    bool all_flat = true;
    for (int i = 0; i < n; i++)
        all_flat = all_flat && is_flat(j->items.items[i]);
    bool one_line = at + 2 + elements_width < INFO_MARGIN;
    put(p, "[");
    newline(p, at + 2);
    for (int i = 0; i < n; i++) {
        const Json *item = j->items.items[i];
        if (i > 0 && one_line) {
            put(p, " ");
        } else if (i > 0 && all_flat) {
            /* the space, the element and its comma must end before the
             * margin */
            int need = 1 + item->width + (i + 1 < n ? 1 : 0);
            if (p->col + need < INFO_MARGIN)
                put(p, " ");
            else
                newline(p, at + 2);
        } else if (i > 0) {
            newline(p, at + 2);
        }
        print_value(p, item);
        if (i + 1 < n)
            put(p, ",");
    }
    newline(p, at);
    put(p, "]");
}

/* A value that starts at the current column: a list element or the whole
 * document. */
static void print_value(Printer *p, const Json *j)
{
    if (is_flat(j) || p->col + j->width < INFO_MARGIN)
        print_flat(p, j);
    else
        print_broken(p, j, p->col);
}

/* "key": value, where the key and the value's one-line form are one unit
 * for the fitting rule. */
static void print_field(Printer *p, const char *key, const Json *value)
{
    int at = p->col;
    int width = (int)strlen(key) + 2 + value->width;
    put(p, key);
    put(p, ": ");
    if (is_flat(value) || at + width < INFO_MARGIN)
        print_flat(p, value);
    else
        print_broken(p, value, at);
}

/* -------------------------------------------------------------- variables */

/* {"type": ..., "dimensions": ...} for a declared type. */
static Json *type_json(Arena *a, const SizedType *st)
{
    int dims = 0;
    if (st->kind == TY_ARRAY) {
        dims = st->ndims;
        st = st->elem;
    }
    Json *j = json_new(a, JSON_OBJECT);
    if (st->kind == TY_TUPLE) {
        Json *items = json_new(a, JSON_LIST);
        for (int i = 0; i < st->nitems; i++)
            json_push(a, items, type_json(a, st->items[i]));
        json_set(a, j, "type", items);
        json_set(a, j, "dimensions", json_int(a, dims));
        return j;
    }
    const char *scalar = "real";
    switch (st->kind) {
    case TY_INT:
        scalar = "int";
        break;
    case TY_COMPLEX:
        scalar = "complex";
        break;
    case TY_VECTOR: case TY_ROW_VECTOR:
        dims += 1;
        break;
    case TY_COMPLEX_VECTOR: case TY_COMPLEX_ROW_VECTOR:
        scalar = "complex";
        dims += 1;
        break;
    case TY_MATRIX:
        dims += 2;
        break;
    case TY_COMPLEX_MATRIX:
        scalar = "complex";
        dims += 2;
        break;
    default:
        break;
    }
    json_set(a, j, "type", json_string(a, scalar));
    json_set(a, j, "dimensions", json_int(a, dims));
    return j;
}

/* The top-level declarations of a block, by name. */
static Json *block_json(Arena *a, const Block *b)
{
    Json *j = json_new(a, JSON_OBJECT);
    for (int i = 0; b->present && i < b->nstmts; i++) {
        const Stmt *s = b->stmts[i];
        if (s->kind == ST_DECL)
            json_set(a, j, s->decl->name, type_json(a, s->decl->type));
    }
    return j;
}

/* ------------------------------------------------------- calls and uses */

/* Reference Manual, "Probability functions": the suffixes that let a call
 * use conditional notation.  stanc3 lists such library calls under
 * distributions. */
static bool is_conditional_name(const char *name)
{
    static const char *const suffixes[] = {
        "_lpdf", "_lupdf", "_lpmf", "_lupmf", "_cdf", "_lcdf", "_lccdf", NULL
    };
    for (int i = 0; suffixes[i]; i++)
        if (name_has_suffix(name, suffixes[i]))
            return true;
    return false;
}

static bool contains(const PtrVec *v, const char *name)
{
    for (int i = 0; i < v->len; i++)
        if (strcmp(v->items[i], name) == 0)
            return true;
    return false;
}

static bool is_user_function(const InfoCtx *c, const char *name)
{
    return contains(&c->user_functions, name);
}

static void visit_expr(InfoCtx *c, const Expr *e);

static void visit_exprs(InfoCtx *c, Expr *const *es, int n)
{
    for (int i = 0; i < n; i++)
        visit_expr(c, es[i]);
}

static void visit_expr(InfoCtx *c, const Expr *e)
{
    if (!e)
        return;
    /* target() reads the log density: it is no function of the library. */
    bool is_call = (e->kind == EX_CALL && strcmp(e->name, "target") != 0)
        || e->kind == EX_COND_CALL;
    if (is_call && !e->is_user_fn && !is_user_function(c, e->name)) {
        if (e->kind == EX_COND_CALL || is_conditional_name(e->name))
            vec_push(c->arena, &c->distributions, (void *)e->name);
        else
            vec_push(c->arena, &c->functions, (void *)e->name);
    }
    visit_expr(c, e->cond);
    visit_expr(c, e->lhs);
    visit_expr(c, e->rhs);
    visit_exprs(c, e->args, e->nargs);
    for (int i = 0; i < e->nindices; i++) {
        visit_expr(c, e->indices[i].lo);
        visit_expr(c, e->indices[i].hi);
    }
}

static void visit_sized(InfoCtx *c, const SizedType *st)
{
    if (!st)
        return;
    visit_exprs(c, st->size, st->nsizes);
    visit_expr(c, st->tr.a);
    visit_expr(c, st->tr.b);
    visit_exprs(c, st->dims, st->ndims);
    visit_sized(c, st->elem);
    for (int i = 0; i < st->nitems; i++)
        visit_sized(c, st->items[i]);
}

/* The name stanc3 lists for the library distribution of `x ~ name(...)`:
 * name_lupmf for a mass function, name_lupdf for a density.  The library
 * says which; should it have both, the outcome's type decides. */
static const char *tilde_name(InfoCtx *c, const Stmt *s)
{
    const SigTable *lib = sig_table();
    char *pmf = arena_printf(c->arena, "%s_lpmf", s->name);
    char *pdf = arena_printf(c->arena, "%s_lpdf", s->name);
    bool is_pmf = sig_has_name(lib, pmf);
    if (is_pmf && sig_has_name(lib, pdf))
        is_pmf = s->lhs->type && ty_base(s->lhs->type)->kind == TY_INT;
    return arena_printf(c->arena, "%s%s", s->name,
                        is_pmf ? "_lupmf" : "_lupdf");
}

/* Whether `name` in `x ~ name(...)` is a distribution the user defined. */
static bool is_user_distribution(const InfoCtx *c, const char *name)
{
    static const char *const suffixes[] = {"_lpdf", "_lpmf", NULL};
    for (int i = 0; suffixes[i]; i++) {
        char buf[512];
        snprintf(buf, sizeof buf, "%s%s", name, suffixes[i]);
        if (is_user_function(c, buf))
            return true;
    }
    return false;
}

static void visit_stmt(InfoCtx *c, const Stmt *s);

static void visit_stmts(InfoCtx *c, Stmt *const *ss, int n)
{
    for (int i = 0; i < n; i++)
        visit_stmt(c, ss[i]);
}

static void visit_stmt(InfoCtx *c, const Stmt *s)
{
    if (!s)
        return;
    switch (s->kind) {
    case ST_TILDE:
        if (!is_user_distribution(c, s->name))
            vec_push(c->arena, &c->distributions, (void *)tilde_name(c, s));
        break;
    case ST_PRINT:
        vec_push(c->arena, &c->functions, "print");
        break;
    case ST_REJECT:
        vec_push(c->arena, &c->functions, "reject");
        break;
    case ST_FATAL_ERROR:
        vec_push(c->arena, &c->functions, "fatal_error");
        break;
    case ST_DECL:
        visit_sized(c, s->decl->type);
        visit_expr(c, s->decl->init);
        break;
    case ST_FUNDEF:
        visit_stmt(c, s->fundef->body);
        break;
    default:
        break;
    }
    visit_expr(c, s->lhs);
    visit_expr(c, s->rhs);
    visit_expr(c, s->expr);
    visit_exprs(c, s->args, s->nargs);
    visit_expr(c, s->trunc_lo);
    visit_expr(c, s->trunc_hi);
    visit_expr(c, s->cond);
    visit_expr(c, s->lo);
    visit_expr(c, s->hi);
    visit_stmt(c, s->body);
    visit_stmt(c, s->else_body);
    visit_stmts(c, s->stmts, s->nstmts);
}

static int compare_strings(const void *x, const void *y)
{
    return strcmp(*(const char *const *)x, *(const char *const *)y);
}

/* The names sorted bytewise, each once, as a JSON list. */
static Json *name_set_json(Arena *a, PtrVec *names)
{
    if (names->len > 1)
        qsort(names->items, (size_t)names->len, sizeof(void *),
              compare_strings);
    Json *j = json_new(a, JSON_LIST);
    for (int i = 0; i < names->len; i++)
        if (i == 0 || strcmp(names->items[i], names->items[i - 1]) != 0)
            json_push(a, j, json_string(a, names->items[i]));
    return j;
}

/* ------------------------------------------------------------------ info */

void info_print(FILE *out, const FeUnit *u)
{
    /* The JSON tree lives in an arena of its own, so printing leaves the
     * unit as it was. */
    Arena arena = {0};
    Arena *a = &arena;
    const Program *prog = u->prog;
    InfoCtx c = {.arena = a};
    const Block *fns = &prog->blocks[BLK_FUNCTIONS];
    for (int i = 0; fns->present && i < fns->nstmts; i++)
        if (fns->stmts[i]->kind == ST_FUNDEF)
            vec_push(a, &c.user_functions, (void *)fns->stmts[i]->fundef->name);
    for (int b = 0; b < BLK__COUNT; b++)
        if (prog->blocks[b].present)
            visit_stmts(&c, prog->blocks[b].stmts, prog->blocks[b].nstmts);

    Json *doc = json_new(a, JSON_OBJECT);
    json_set(a, doc, "inputs", block_json(a, &prog->blocks[BLK_DATA]));
    json_set(a, doc, "parameters",
             block_json(a, &prog->blocks[BLK_PARAMETERS]));
    json_set(a, doc, "transformed parameters",
             block_json(a, &prog->blocks[BLK_TRANSFORMED_PARAMETERS]));
    json_set(a, doc, "generated quantities",
             block_json(a, &prog->blocks[BLK_GENERATED_QUANTITIES]));
    json_set(a, doc, "functions", name_set_json(a, &c.functions));
    json_set(a, doc, "distributions", name_set_json(a, &c.distributions));
    Json *includes = json_new(a, JSON_LIST);
    for (int f = 1; f < u->sm.files.len; f++)
        json_push(a, includes, json_string(a, src_file(&u->sm, f)->path));
    json_set(a, doc, "included_files", includes);

    Printer p = {out, 0};
    print_value(&p, doc);
    fputc('\n', out);
    arena_free(a);
}
