/* sigs.c - the Stan library's signatures.
 *
 * stanlib.def lists every library function in a small type language (its
 * grammar is at the top of that file).  The first sig_table() call parses
 * the lines into patterns, indexes them by name in an open-addressing hash
 * table and never changes them again.  A call resolves by trying the
 * signatures of one name only: each either fails (with the reason kept for
 * the error message) or matches at a promotion cost, and the cheapest match
 * wins, as in stanc3 ("Function application" in the Reference Manual). */
#include "sigs.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>

#include "diag.h"
#include "names.h"

/* ================================================================
 * Patterns: what one argument position (or a result) accepts
 * ================================================================ */

typedef enum PatKind {
    PK_TYPE,     /* a concrete type */
    PK_VOID,     /* the result of a void function */
    PK_REALS,    /* reals: real, vector, row_vector, array[] real */
    PK_INTS,     /* ints: int, array[] int */
    PK_VECTORS,  /* vectors: vector, row_vector, array[] of either */
    PK_ELT,      /* R N I A: elementwise over one shared shape */
    PK_VAR,      /* T U: any value type; all occurrences join */
    PK_ARRAY,    /* array[...] T, or array[*] of a type or variable */
    PK_FUNC,     /* the function argument of a higher-order function */
    PK_FWD       /* tuple(...): the arguments of the function before it */
} PatKind;

typedef enum EltClass {
    ELT_R,  /* int, real, vector, row_vector, matrix, arrays; result real */
    ELT_N,  /* the same domain; the result is the argument's own type */
    ELT_I,  /* int and arrays of int; result int */
    ELT_A,  /* int, real and arrays of them; result real */
    ELT_Z   /* result only: the shape with complex elements */
} EltClass;

typedef struct Pat Pat;
struct Pat {
    PatKind kind;
    bool data_only;          /* `data` prefix */
    const Type *type;        /* PK_TYPE */
    int var;                 /* PK_VAR: 0 for T, 1 for U */
    EltClass elt;            /* PK_ELT */
    int dims;                /* PK_ARRAY: dimensions; 0 for array[*] */
    const Pat *inner;        /* PK_ARRAY: a PK_VAR or PK_TYPE element */
    int n;                   /* PK_FUNC: parameters the pattern names */
    const Pat **params;      /* PK_FUNC */
    bool variadic;           /* PK_FUNC: more parameters may follow */
    bool densities;          /* PK_FUNC: _lpdf/_lpmf functions allowed */
    const Pat *ret;          /* PK_FUNC */
    const bool *item_data;   /* PK_TYPE tuple: items marked `data` (or NULL) */
    int fwd_fun;             /* PK_FWD: the function argument it feeds */
};

enum { NVARS = 2, MAX_ARGS = 64 };

typedef struct Sig {
    const char *name;
    int section;
    const Pat *ret;
    int n;                   /* arguments before a trailing `...` */
    const Pat **args;
    bool variadic;           /* `...`: the rest fill fun_arg's extra params */
    int fun_arg;
} Sig;

typedef struct NameEntry {
    const char *name;
    int section;             /* of its first signature */
    int nsigs;
    const Sig **sigs;        /* in table order */
} NameEntry;

struct SigTable {
    int nsigs;
    const Sig *sigs;
    int nsections;
    const char **sections;
    int nnames;
    const NameEntry *names;  /* in order of first appearance */
    int nslots;              /* a power of two */
    const int *slots;        /* index into names, or -1 */
};

/* ================================================================
 * Printing patterns (for signature text, docs and messages)
 * ================================================================ */

/* Function types inside one message are named <F1>, <F2>, ... as stanc3
 * does, and spelled out in a `where` line after the line that uses them. */
typedef struct FunNames {
    Arena *a;                /* holds the texts */
    int n, printed;
    char *text[16];
} FunNames;

static void pat_print(FILE *out, const Pat *p, FunNames *fn);

static const char *const elt_names[] = {"R", "N", "I", "A", "Z"};

static int fun_name(FunNames *fn, char *text)
{
    for (int i = 0; i < fn->n; i++)
        if (strcmp(fn->text[i], text) == 0)
            return i + 1;
    if (fn->n == (int)(sizeof fn->text / sizeof fn->text[0]))
        return 0;
    fn->text[fn->n++] = text;
    return fn->n;
}

static void print_where(FILE *out, FunNames *fn)
{
    for (int i = fn->printed; i < fn->n; i++)
        fprintf(out, "\n%sF%d = %s", i == fn->printed ? "where " : "      ",
                i + 1, fn->text[i]);
    fn->printed = fn->n;
}

static void pat_print_fun(FILE *out, const Pat *p)
{
    fputc('(', out);
    for (int i = 0; i < p->n; i++) {
        if (i)
            fputs(", ", out);
        pat_print(out, p->params[i], NULL);
    }
    if (p->variadic)
        fputs(p->n ? ", ..." : "...", out);
    fputs(p->densities ? ") =>* " : ") => ", out);
    pat_print(out, p->ret, NULL);
}

/* With fn non-NULL, a function pattern prints as <Fk> (argument lines of
 * messages); elsewhere it prints in full. */
static void pat_print(FILE *out, const Pat *p, FunNames *fn)
{
    if (p->data_only)
        fputs("data ", out);
    switch (p->kind) {
    case PK_TYPE:
        if (p->item_data) {
            fputs("tuple(", out);
            for (int i = 0; i < p->type->n; i++) {
                fputs(i ? ", " : "", out);
                fputs(p->item_data[i] ? "data " : "", out);
                ty_print(out, p->type->items[i]);
            }
            fputc(')', out);
            return;
        }
        ty_print(out, p->type);
        return;
    case PK_VOID:
        fputs("void", out);
        return;
    case PK_REALS:
        fputs("reals", out);
        return;
    case PK_INTS:
        fputs("ints", out);
        return;
    case PK_VECTORS:
        fputs("vectors", out);
        return;
    case PK_ELT:
        fputs(elt_names[p->elt], out);
        return;
    case PK_VAR:
        fputs(p->var ? "U" : "T", out);
        return;
    case PK_ARRAY:
        fputs("array[", out);
        if (p->dims == 0)
            fputc('*', out);
        for (int i = 1; i < p->dims; i++)
            fputc(',', out);
        fputs("] ", out);
        pat_print(out, p->inner, NULL);
        return;
    case PK_FWD:
        fputs("tuple(...)", out);
        return;
    case PK_FUNC:
        if (fn) {
            char *buf = NULL;
            size_t len = 0;
            FILE *mem = open_memstream(&buf, &len);
            if (!mem)
                ICE("out of memory");
            pat_print_fun(mem, p);
            fclose(mem);
            fprintf(out, "<F%d>",
                    fun_name(fn, arena_strndup(fn->a, buf, len)));
            free(buf);
            return;
        }
        pat_print_fun(out, p);
        return;
    }
}

static void sig_print(FILE *out, const Sig *s, FunNames *fn)
{
    fputc('(', out);
    for (int i = 0; i < s->n; i++) {
        if (i)
            fputs(", ", out);
        pat_print(out, s->args[i], fn);
    }
    if (s->variadic)
        fputs(s->n ? ", ..." : "...", out);
    fputs(") => ", out);
    pat_print(out, s->ret, NULL);
}

/* ================================================================
 * The type-language parser (grammar at the top of stanlib.def)
 * ================================================================ */

typedef struct Parser {
    Arena *a;
    const char *start, *s;
    const char *err;         /* first error, NULL while all is well */
} Parser;

typedef enum PatPos { POS_ARG, POS_RET, POS_PARAM, POS_ELEM } PatPos;

static void parse_fail(Parser *p, const char *what)
{
    if (!p->err)
        p->err = arena_printf(p->a, "%s at column %d of \"%s\"", what,
                              (int)(p->s - p->start), p->start);
}

static void skip_space(Parser *p)
{
    while (*p->s == ' ' || *p->s == '\t' || *p->s == '\n')
        p->s++;
}

static bool accept(Parser *p, const char *punct)
{
    skip_space(p);
    size_t n = strlen(punct);
    if (strncmp(p->s, punct, n) != 0)
        return false;
    p->s += n;
    return true;
}

static void expect(Parser *p, const char *punct)
{
    if (!accept(p, punct))
        parse_fail(p, arena_printf(p->a, "expected '%s'", punct));
}

static bool is_ident_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
           (c >= '0' && c <= '9') || c == '_';
}

/* The next identifier, or "" when there is none. */
static const char *ident(Parser *p)
{
    skip_space(p);
    const char *b = p->s;
    while (is_ident_char(*p->s))
        p->s++;
    return arena_strndup(p->a, b, (size_t)(p->s - b));
}

static const struct {
    const char *name;
    TypeKind kind;
} basic_type_names[] = {
    {"int", TY_INT},
    {"real", TY_REAL},
    {"complex", TY_COMPLEX},
    {"vector", TY_VECTOR},
    {"row_vector", TY_ROW_VECTOR},
    {"matrix", TY_MATRIX},
    {"complex_vector", TY_COMPLEX_VECTOR},
    {"complex_row_vector", TY_COMPLEX_ROW_VECTOR},
    {"complex_matrix", TY_COMPLEX_MATRIX},
};

static Pat *new_pat(Parser *p, PatKind k)
{
    Pat *pat = NEW(p->a, Pat);
    pat->kind = k;
    return pat;
}

static const Pat *parse_pat(Parser *p, PatPos pos);

/* fun := "(" [param {"," param}] ["," "..."] ")" ("=>" | "=>*") ret */
static const Pat *parse_fun(Parser *p)
{
    Pat *f = new_pat(p, PK_FUNC);
    PtrVec params = {0};
    if (!accept(p, ")")) {
        do {
            if (accept(p, "...")) {
                f->variadic = true;
                break;
            }
            bool data = strncmp((skip_space(p), p->s), "data ", 5) == 0;
            if (data)
                p->s += 5;
            Pat *param = (Pat *)parse_pat(p, POS_PARAM);
            if (!param)
                return NULL;
            param->data_only = data;
            vec_push(p->a, &params, param);
        } while (accept(p, ","));
        expect(p, ")");
    }
    expect(p, "=>");
    f->densities = accept(p, "*");
    f->n = params.len;
    f->params = (const Pat **)params.items;
    f->ret = parse_pat(p, POS_RET);
    return p->err ? NULL : f;
}

static const Pat *parse_pat(Parser *p, PatPos pos)
{
    if (p->err)
        return NULL;
    skip_space(p);
    if (pos == POS_ARG && accept(p, "("))
        return parse_fun(p);
    const char *id = ident(p);
    for (size_t i = 0; i < sizeof basic_type_names / sizeof *basic_type_names;
         i++)
        if (strcmp(id, basic_type_names[i].name) == 0) {
            Pat *t = new_pat(p, PK_TYPE);
            t->type = ty_basic(basic_type_names[i].kind);
            return t;
        }
    if (strcmp(id, "T") == 0 || strcmp(id, "U") == 0) {
        Pat *v = new_pat(p, PK_VAR);
        v->var = id[0] == 'U';
        return v;
    }
    if (strcmp(id, "tuple") == 0) {
        expect(p, "(");
        /* tuple(...) as an argument: the arguments forwarded to the
         * function argument before it (the embedded Laplace functions). */
        if (pos == POS_ARG && accept(p, "...")) {
            expect(p, ")");
            return p->err ? NULL : new_pat(p, PK_FWD);
        }
        PtrVec items = {0};
        bool data[MAX_ARGS] = {false}, any_data = false;
        do {
            bool d = pos == POS_ARG
                && strncmp((skip_space(p), p->s), "data ", 5) == 0;
            if (d)
                p->s += 5;
            const Pat *item = parse_pat(p, POS_ELEM);
            if (!item)
                return NULL;
            if (item->kind != PK_TYPE) {
                parse_fail(p, "tuple items must be concrete types");
                return NULL;
            }
            if (items.len < MAX_ARGS)
                data[items.len] = d;
            any_data = any_data || d;
            vec_push(p->a, &items, (void *)item->type);
        } while (accept(p, ","));
        expect(p, ")");
        if (items.len > MAX_ARGS)
            parse_fail(p, "too many tuple items");
        Pat *t = new_pat(p, PK_TYPE);
        t->type = ty_tuple(p->a, items.len, (const Type **)items.items);
        if (any_data) {
            bool *mask = arena_alloc(p->a, sizeof *mask * (size_t)items.len);
            memcpy(mask, data, sizeof *mask * (size_t)items.len);
            t->item_data = mask;
        }
        return p->err ? NULL : t;
    }
    if (strcmp(id, "array") == 0) {
        expect(p, "[");
        int dims = 1;
        if (accept(p, "*"))
            dims = 0;
        else
            while (accept(p, ","))
                dims++;
        expect(p, "]");
        const Pat *elem = parse_pat(p, POS_ELEM);
        if (!elem)
            return NULL;
        if (elem->kind == PK_TYPE && dims > 0) {
            Pat *t = new_pat(p, PK_TYPE);
            t->type = ty_array(p->a, dims, elem->type);
            return t;
        }
        if (dims == 0 && pos == POS_RET && elem->kind != PK_TYPE) {
            parse_fail(p, "array[*] of a class cannot be a result");
            return NULL;
        }
        Pat *arr = new_pat(p, PK_ARRAY);
        arr->dims = dims;
        arr->inner = elem;
        return arr;
    }
    if (pos == POS_ELEM || pos == POS_PARAM) {
        parse_fail(p, "expected a type or T/U");
        return NULL;
    }
    if (pos == POS_RET && strcmp(id, "void") == 0)
        return new_pat(p, PK_VOID);
    static const struct {
        const char *name;
        PatKind kind;
    } classes[] = {{"reals", PK_REALS}, {"ints", PK_INTS},
                   {"vectors", PK_VECTORS}};
    for (size_t i = 0; i < sizeof classes / sizeof *classes; i++)
        if (strcmp(id, classes[i].name) == 0)
            return new_pat(p, classes[i].kind);
    for (int e = ELT_R; e <= ELT_Z; e++)
        if (strcmp(id, elt_names[e]) == 0 &&
            (e != ELT_Z || pos == POS_RET)) {
            Pat *elt = new_pat(p, PK_ELT);
            elt->elt = (EltClass)e;
            return elt;
        }
    parse_fail(p, arena_printf(p->a, "unknown type '%s'", id));
    return NULL;
}

/* Whether pattern p (or a function pattern's parameters) mentions var. */
static bool pat_binds_var(const Pat *p, int var)
{
    switch (p->kind) {
    case PK_VAR:
        return p->var == var;
    case PK_ARRAY:
        return pat_binds_var(p->inner, var);
    case PK_FUNC:
        for (int i = 0; i < p->n; i++)
            if (pat_binds_var(p->params[i], var))
                return true;
        return pat_binds_var(p->ret, var);
    default:
        return false;
    }
}

/* args := [arg {"," arg}] ["," "..."];  arg := ["data"] pat */
static bool parse_sig(Parser *p, Sig *sig, const char *ret, const char *args)
{
    p->start = p->s = ret;
    sig->ret = parse_pat(p, POS_RET);
    skip_space(p);
    if (!p->err && *p->s)
        parse_fail(p, "junk after the result type");
    if (p->err)
        return false;

    p->start = p->s = args;
    PtrVec list = {0};
    skip_space(p);
    if (*p->s) {
        do {
            if (accept(p, "...")) {
                sig->variadic = true;
                break;
            }
            skip_space(p);
            bool data = strncmp(p->s, "data ", 5) == 0;
            if (data)
                p->s += 5;
            Pat *arg = (Pat *)parse_pat(p, POS_ARG);
            if (!arg)
                return false;
            arg->data_only = data;
            vec_push(p->a, &list, arg);
        } while (accept(p, ","));
    }
    skip_space(p);
    if (*p->s)
        parse_fail(p, "junk after the arguments");
    if (list.len > MAX_ARGS)
        parse_fail(p, "too many arguments");
    if (p->err)
        return false;
    sig->n = list.len;
    sig->args = (const Pat **)list.items;

    /* Checks that make the matcher's life simple: results only use
     * variables the arguments bind, and `...` has a function to fill. */
    sig->fun_arg = -1;
    int open_fun = -1;      /* a variadic function argument not yet fed */
    for (int i = 0; i < sig->n; i++) {
        Pat *arg = (Pat *)sig->args[i];
        if (arg->kind == PK_FWD) {
            if (open_fun < 0) {
                parse_fail(p, "tuple(...) needs a function argument ending "
                              "in `...` before it");
                return false;
            }
            arg->fwd_fun = open_fun;
            open_fun = -1;
        } else if (arg->kind == PK_FUNC && arg->variadic) {
            if (open_fun >= 0 && sig->fun_arg < 0)
                sig->fun_arg = open_fun;
            open_fun = i;
        }
    }
    if (open_fun >= 0 && sig->fun_arg < 0)
        sig->fun_arg = open_fun;
    if (sig->variadic != (sig->fun_arg >= 0)) {
        parse_fail(p, "`...` needs a function argument ending in `...`");
        return false;
    }
    for (int v = 0; v < NVARS; v++) {
        bool bound = false;
        for (int i = 0; i < sig->n; i++)
            bound = bound || pat_binds_var(sig->args[i], v);
        if (pat_binds_var(sig->ret, v) && !bound) {
            parse_fail(p, "the result uses a variable no argument binds");
            return false;
        }
    }
    if (sig->ret->kind == PK_ELT) {
        bool found = false;
        for (int i = 0; i < sig->n; i++)
            found = found || (sig->args[i]->kind == PK_ELT &&
                              (sig->ret->elt != ELT_N ||
                               sig->args[i]->elt == ELT_N));
        if (!found) {
            parse_fail(p, "an elementwise result needs such an argument");
            return false;
        }
    }
    return true;
}

/* ================================================================
 * Building and looking up the table
 * ================================================================ */

static uint32_t hash_name(const char *s, size_t n)
{
    uint32_t h = 2166136261u;  /* FNV-1a */
    for (size_t i = 0; i < n; i++) {
        h ^= (unsigned char)s[i];
        h *= 16777619u;
    }
    return h;
}

static int find_slot(const SigTable *t, const char *name, size_t len)
{
    uint32_t mask = (uint32_t)t->nslots - 1;
    for (uint32_t i = hash_name(name, len) & mask;; i = (i + 1) & mask) {
        int k = t->slots[i];
        if (k < 0)
            return (int)i;
        const char *other = t->names[k].name;
        if (strncmp(other, name, len) == 0 && other[len] == '\0')
            return (int)i;
    }
}

const SigTable *sig_table_build(Arena *a, int n, const SigSpec *specs,
                                const char **err)
{
    SigTable *t = NEW(a, SigTable);
    Sig *sigs = arena_alloc(a, sizeof *sigs * (size_t)(n ? n : 1));
    const char **sections = arena_alloc(a, sizeof *sections * (size_t)(n + 1));
    sections[0] = "Library";
    int nsections = 0, nsigs = 0;
    Parser p = {.a = a};
    for (int i = 0; i < n; i++) {
        if (specs[i].section) {
            sections[nsections++] = specs[i].section;
            continue;
        }
        Sig *s = &sigs[nsigs];
        s->name = specs[i].name;
        s->section = nsections ? nsections - 1 : 0;
        if (!parse_sig(&p, s, specs[i].ret, specs[i].args)) {
            if (err)
                *err = arena_printf(a, "%s: %s", specs[i].name, p.err);
            return NULL;
        }
        nsigs++;
    }
    t->nsigs = nsigs;
    t->sigs = sigs;
    t->nsections = nsections ? nsections : 1;
    t->sections = sections;

    /* Index: names in order of first appearance, then each name's list. */
    int nslots = 16;
    while (nslots < 2 * nsigs + 16)
        nslots *= 2;
    int *slots = arena_alloc(a, sizeof *slots * (size_t)nslots);
    for (int i = 0; i < nslots; i++)
        slots[i] = -1;
    NameEntry *names = arena_alloc(a, sizeof *names * (size_t)(nsigs + 1));
    t->nslots = nslots;
    t->slots = slots;
    t->names = names;
    int nnames = 0;
    int *owner = arena_alloc(a, sizeof *owner * (size_t)(nsigs + 1));
    for (int i = 0; i < nsigs; i++) {
        int slot = find_slot(t, sigs[i].name, strlen(sigs[i].name));
        if (slots[slot] < 0) {
            names[nnames].name = sigs[i].name;
            names[nnames].section = sigs[i].section;
            slots[slot] = nnames++;
            t->nnames = nnames;
        }
        owner[i] = slots[slot];
        names[owner[i]].nsigs++;
    }
    for (int k = 0; k < nnames; k++) {
        names[k].sigs = arena_alloc(a, sizeof(Sig *) * (size_t)names[k].nsigs);
        names[k].nsigs = 0;
    }
    for (int i = 0; i < nsigs; i++) {
        NameEntry *e = &names[owner[i]];
        e->sigs[e->nsigs++] = &sigs[i];
    }
    return t;
}

static const SigSpec stanlib_specs[] = {
#define SECTION(title) {title, NULL, NULL, NULL},
#define SIG(name, ret, args) {NULL, name, ret, args},
#include "stanlib.def"
#undef SIG
#undef SECTION
};

/* The one table of the process: written once under call_once, read-only
 * after (the style's single allowed piece of file-scope state). */
static const SigTable *stanlib_table;
static once_flag stanlib_once = ONCE_FLAG_INIT;

static void build_stanlib(void)
{
    static Arena arena;  /* lives as long as the table it holds */
    const char *err = NULL;
    stanlib_table = sig_table_build(
        &arena, (int)(sizeof stanlib_specs / sizeof *stanlib_specs),
        stanlib_specs, &err);
    if (!stanlib_table)
        ICE("stanlib.def does not parse: %s", err ? err : "?");
}

const SigTable *sig_table(void)
{
    call_once(&stanlib_once, build_stanlib);
    return stanlib_table;
}

/* _lupdf and _lupmf are the same functions as _lpdf and _lpmf with the
 * normalising constants dropped, so they share the signatures. */
static const NameEntry *lookup(const SigTable *t, const char *name)
{
    size_t len = strlen(name);
    char buf[128];
    if (len < sizeof buf && (name_has_suffix(name, "_lupdf")
                             || name_has_suffix(name, "_lupmf"))) {
        memcpy(buf, name, len + 1);
        memmove(buf + len - 4, buf + len - 3, 4);  /* drop the u */
        name = buf;
        len--;
    }
    int k = t->slots[find_slot(t, name, len)];
    return k < 0 ? NULL : &t->names[k];
}

bool sig_has_name(const SigTable *t, const char *name)
{
    return lookup(t, name) != NULL;
}

bool sig_is_variadic(const SigTable *t, const char *name)
{
    const NameEntry *e = lookup(t, name);
    for (int i = 0; e && i < e->nsigs; i++)
        for (int k = 0; k < e->sigs[i]->n; k++) {
            const Pat *p = e->sigs[i]->args[k];
            if (p->kind == PK_FUNC && p->variadic)
                return true;
        }
    return false;
}

/* ================================================================
 * Matching one signature
 * ================================================================ */

typedef struct Bindings {
    Arena *a;
    const Type *var[NVARS];
    const Type *shape;       /* the elementwise arguments' common shape */
    const Type *n_arg;       /* the N argument's type */
    bool scalars_container;  /* a reals/ints argument was a container */
    bool vectors_array;      /* a vectors argument was an array */
    int star_dims;           /* dimensions an array[*] argument had, or 0 */
    bool shape_of_ints;      /* shape was set by an I argument */
} Bindings;

typedef enum Fail { FAIL_NONE, FAIL_ARITY, FAIL_TYPE, FAIL_DATA } Fail;

typedef struct Attempt {
    const Sig *sig;
    Fail fail;
    int pos;                 /* FAIL_TYPE, FAIL_DATA: 0-based argument */
    int item;                /* ... and the tuple item in it, or -1 */
    int expected_n;          /* FAIL_ARITY */
    const Pat *want_pat;     /* FAIL_TYPE at a pattern ... */
    const Type *want_type;   /* ... or at a function's trailing parameter */
    int cost;
    const Type *ret;
    Bindings b;
} Attempt;

static bool is_value_type(const Type *t)
{
    switch (ty_base(t)->kind) {
    case TY_FUNCTION:
    case TY_VOID:
    case TY_STRING:
    case TY_ERROR:
        return false;
    case TY_TUPLE: {
        const Type *tuple = ty_base(t);
        for (int i = 0; i < tuple->n; i++)
            if (!is_value_type(tuple->items[i]))
                return false;
        return true;
    }
    default:
        return true;
    }
}

static bool elt_in_domain(EltClass c, const Type *t)
{
    switch (ty_base(t)->kind) {
    case TY_INT:
        return true;
    case TY_REAL:
        return c != ELT_I;
    case TY_VECTOR:
    case TY_ROW_VECTOR:
    case TY_MATRIX:
        return c == ELT_R || c == ELT_N;
    default:
        return false;
    }
}

static bool is_int_or_real(const Type *t)
{
    return t->kind == TY_INT || t->kind == TY_REAL;
}

/* Same shape for broadcasting: int and real elements count as one. */
static bool same_shape(const Type *x, const Type *y)
{
    if (ty_array_dims(x) != ty_array_dims(y))
        return false;
    const Type *bx = ty_base(x), *by = ty_base(y);
    return bx->kind == by->kind || (is_int_or_real(bx) && is_int_or_real(by));
}

/* The dimensions of t counting a vector's one and a matrix's two. */
static int flat_dims(const Type *t)
{
    TypeKind k = ty_base(t)->kind;
    return ty_array_dims(t) + (k == TY_VECTOR || k == TY_ROW_VECTOR ? 1
                               : k == TY_MATRIX ? 2 : 0);
}

/* Whether an int array fits a shape with vectors or matrices element by
 * element (stanc3's bessel_first_kind(array[] int, vector) and
 * falling_factorial(matrix, array[,] int): as many dimensions, vectors
 * and matrices counted). */
static bool ints_fit(const Type *ints, const Type *shape)
{
    TypeKind k = ty_base(shape)->kind;
    return ints->kind == TY_ARRAY && ints->elem->kind == TY_INT
        && (k == TY_VECTOR || k == TY_ROW_VECTOR || k == TY_MATRIX)
        && flat_dims(ints) == flat_dims(shape);
}

static const Type *with_scalar(Arena *a, const Type *shape, const Type *s)
{
    if (shape->kind == TY_ARRAY)
        return ty_array(a, shape->dims, with_scalar(a, shape->elem, s));
    return is_int_or_real(shape) ? s : shape;
}

static bool bind_var(Bindings *b, int var, const Type *t)
{
    if (!is_value_type(t))
        return false;
    if (!b->var[var]) {
        b->var[var] = t;
        return true;
    }
    const Type *j = ty_join(b->a, b->var[var], t);
    if (!j)
        return false;
    b->var[var] = j;
    return true;
}

static bool fun_kind_ok(const Pat *p, FunKind k)
{
    return k == FK_PLAIN || (p->densities && (k == FK_LPDF || k == FK_LPMF));
}

/* First pass: bind variables and the elementwise shape. */
static bool bind(Bindings *b, const Pat *p, const Type *t)
{
    switch (p->kind) {
    case PK_VAR:
        return bind_var(b, p->var, t);
    case PK_ARRAY:
        if (t->kind != TY_ARRAY || t->dims < p->dims)
            return false;
        /* array[*] X results have the dimensions of the array[*]
         * argument: every array[*] argument must have the same. */
        if (p->dims == 0 && p->inner->kind == PK_TYPE) {
            if (b->star_dims && b->star_dims != t->dims)
                return false;
            b->star_dims = t->dims;
        }
        if (p->inner->kind != PK_VAR)
            return true;
        /* array[,] T against array[,,,] real binds T to array[,] real. */
        return bind_var(b, p->inner->var,
                        p->dims ? ty_array(b->a, t->dims - p->dims, t->elem)
                                : t->elem);
    case PK_ELT:
        if (!elt_in_domain(p->elt, t))
            return false;
        if (!is_int_or_real(t)) {
            /* an I argument's int array may fit the others' vectors or
             * matrices; the shape (and the result) is theirs */
            if (!b->shape) {
                b->shape = t;
                b->shape_of_ints = p->elt == ELT_I;
            } else if (same_shape(b->shape, t)) {
                b->shape_of_ints = b->shape_of_ints && p->elt == ELT_I;
            } else if (p->elt == ELT_I && ints_fit(t, b->shape)) {
                /* the shape stays the vectors' */
            } else if (b->shape_of_ints && ints_fit(b->shape, t)) {
                b->shape = t;
                b->shape_of_ints = false;
            } else {
                return false;
            }
        }
        if (p->elt == ELT_N && !b->n_arg)
            b->n_arg = t;
        return true;
    case PK_FUNC:
        if (t->kind != TY_FUNCTION || !fun_kind_ok(p, t->fun_kind) ||
            t->n < p->n || (!p->variadic && t->n != p->n))
            return false;
        for (int i = 0; i < p->n; i++)
            if (!bind(b, p->params[i], t->items[i]))
                return false;
        return bind(b, p->ret, t->ret);
    default:
        return true;
    }
}

/* The type a bound pattern stands for (results, messages); NULL when it
 * names a class rather than one type. */
static const Type *instantiate(const Bindings *b, const Pat *p)
{
    switch (p->kind) {
    case PK_TYPE:
        return p->type;
    case PK_VOID:
        return TY(VOID);
    case PK_VAR:
        return b->var[p->var];
    case PK_ARRAY: {
        const Type *e = instantiate(b, p->inner);
        int dims = p->dims ? p->dims : b->star_dims;
        return e && dims ? ty_array(b->a, dims, e) : NULL;
    }
    case PK_ELT:
        switch (p->elt) {
        case ELT_N:
            return b->n_arg;
        case ELT_I:
            return b->shape ? with_scalar(b->a, b->shape, TY(INT)) : TY(INT);
        case ELT_Z:
            return b->shape ? ty_complexify(b->a, b->shape) : TY(COMPLEX);
        default:
            return b->shape ? with_scalar(b->a, b->shape, TY(REAL))
                            : TY(REAL);
        }
    case PK_REALS:
        return b->scalars_container ? ty_array(b->a, 1, TY(REAL)) : TY(REAL);
    case PK_INTS:
        return b->scalars_container ? ty_array(b->a, 1, TY(INT)) : TY(INT);
    case PK_VECTORS:
        return b->vectors_array ? ty_array(b->a, 1, TY(VECTOR)) : TY(VECTOR);
    case PK_FUNC:
    case PK_FWD:
        return NULL;
    }
    return NULL;
}

static bool fun_matches(const Bindings *b, const Pat *p, const Type *t)
{
    for (int i = 0; i < p->n; i++) {
        const Type *want = instantiate(b, p->params[i]);
        if (!want || !ty_equal(want, t->items[i]))
            return false;
        /* The library passes its own values; a function that insists on
         * data for one the library computes cannot be called. */
        if (t->data_only && t->data_only[i] && !p->params[i]->data_only)
            return false;
    }
    const Type *want_ret = instantiate(b, p->ret);
    return want_ret && ty_equal(want_ret, t->ret);
}

/* Second pass: the promotion cost of passing t where p is expected. */
static int cost(Bindings *b, const Pat *p, const Type *t)
{
    const Type *bt = ty_base(t);
    int dims = ty_array_dims(t);
    switch (p->kind) {
    case PK_TYPE:
        return ty_promotion_cost(t, p->type);
    case PK_VAR:
        return ty_promotion_cost(t, b->var[p->var]);
    case PK_ARRAY:
        if (p->dims)
            return ty_promotion_cost(t, instantiate(b, p));
        return t->kind == TY_ARRAY
                   ? ty_promotion_cost(t->elem, instantiate(b, p->inner))
                   : -1;
    case PK_REALS:
        if (dims > 1 || (dims == 1 && !is_int_or_real(bt)))
            return -1;
        if (bt->kind == TY_VECTOR || bt->kind == TY_ROW_VECTOR || dims == 1)
            b->scalars_container = true;
        return bt->kind == TY_INT ? 1
               : bt->kind == TY_REAL || bt->kind == TY_VECTOR ||
                       bt->kind == TY_ROW_VECTOR
                   ? 0
                   : -1;
    case PK_INTS:
        if (dims > 1 || bt->kind != TY_INT)
            return -1;
        b->scalars_container = b->scalars_container || dims == 1;
        return 0;
    case PK_VECTORS:
        if (dims > 1 ||
            (bt->kind != TY_VECTOR && bt->kind != TY_ROW_VECTOR))
            return -1;
        b->vectors_array = b->vectors_array || dims == 1;
        return 0;
    case PK_ELT:
        /* An int where R takes reals promotes (stanc3's cost 1), so that
         * falling_factorial(int, int) picks its int signature (I, I). */
        return p->elt == ELT_R && bt->kind == TY_INT ? 1 : 0;
    case PK_FUNC:
        return fun_matches(b, p, t) ? 0 : -1;
    case PK_VOID:
    case PK_FWD:   /* attempt() prices forwarded tuples */
        return -1;
    }
    return -1;
}

/* The AD level of item k of tuple argument i: its own when the caller
 * knows it (a tuple expression), else the whole argument's. */
static AdLevel item_ad(const AdLevel *ads, const AdLevel *const *item_ads,
                       int i, int k)
{
    if (item_ads && item_ads[i])
        return item_ads[i][k];
    return ads ? ads[i] : AD_DATA;
}

/* Arguments forwarded in a tuple (PK_FWD at position i) to function
 * argument f's parameters after its `fixed` named ones: the promotion
 * cost, or -1 with the failure recorded in at. */
static int forwarded_cost(Attempt *at, int i, const Type *tuple,
                          const Type *f, int fixed, const AdLevel *ads,
                          const AdLevel *const *item_ads, int *data_pos,
                          int *data_item)
{
    if (tuple->kind != TY_TUPLE || f->kind != TY_FUNCTION) {
        at->fail = FAIL_TYPE;
        at->pos = i;
        at->want_pat = at->sig->args[i];
        return -1;
    }
    int extra = f->n - fixed, total = 0;
    if (tuple->n != extra) {
        at->fail = FAIL_TYPE;
        at->pos = i;
        at->want_pat = at->sig->args[i];
        return -1;
    }
    for (int k = 0; k < extra; k++) {
        int c = ty_promotion_cost(tuple->items[k], f->items[fixed + k]);
        if (c < 0) {
            at->fail = FAIL_TYPE;
            at->pos = i;
            at->item = k;
            at->want_type = f->items[fixed + k];
            return -1;
        }
        total += c;
        if (f->data_only && f->data_only[fixed + k] && *data_pos < 0
            && item_ad(ads, item_ads, i, k) == AD_AUTODIFF) {
            *data_pos = i;
            *data_item = k;
        }
    }
    return total;
}

static void attempt(Attempt *at, const Sig *s, Arena *a, int nargs,
                    const Type *const *args, const AdLevel *ads,
                    const AdLevel *const *item_ads)
{
    memset(at, 0, sizeof *at);
    at->sig = s;
    at->b.a = a;
    at->pos = -1;
    at->item = -1;
    if (nargs < s->n || (!s->variadic && nargs != s->n)) {
        at->fail = FAIL_ARITY;
        at->expected_n = s->n;
        return;
    }
    for (int i = 0; i < s->n; i++)
        if (!bind(&at->b, s->args[i], args[i])) {
            at->fail = FAIL_TYPE;
            at->pos = i;
            at->want_pat = s->args[i];
            return;
        }
    int data_pos = -1, data_item = -1, total = 0;
    for (int i = 0; i < s->n; i++) {
        const Pat *p = s->args[i];
        int c = p->kind == PK_FWD
            ? forwarded_cost(at, i, args[i], args[p->fwd_fun],
                             s->args[p->fwd_fun]->n, ads, item_ads,
                             &data_pos, &data_item)
            : cost(&at->b, p, args[i]);
        if (c < 0) {
            if (at->fail == FAIL_NONE) {
                at->fail = FAIL_TYPE;
                at->pos = i;
                at->want_pat = p;
            }
            return;
        }
        total += c;
        if (p->data_only && ads && ads[i] == AD_AUTODIFF && data_pos < 0)
            data_pos = i;
        for (int k = 0; p->item_data && k < p->type->n; k++)
            if (p->item_data[k] && data_pos < 0
                && item_ad(ads, item_ads, i, k) == AD_AUTODIFF) {
                data_pos = i;
                data_item = k;
            }
    }
    if (s->variadic) {
        const Type *f = args[s->fun_arg];
        int fixed = s->args[s->fun_arg]->n, extra = f->n - fixed;
        if (nargs - s->n != extra) {
            at->fail = FAIL_ARITY;
            at->expected_n = s->n + extra;
            return;
        }
        for (int k = 0; k < extra; k++) {
            int i = s->n + k;
            int c = ty_promotion_cost(args[i], f->items[fixed + k]);
            if (c < 0) {
                at->fail = FAIL_TYPE;
                at->pos = i;
                at->want_type = f->items[fixed + k];
                return;
            }
            total += c;
            if (f->data_only && f->data_only[fixed + k] && ads &&
                ads[i] == AD_AUTODIFF &&
                data_pos < 0)
                data_pos = i;
        }
    }
    at->cost = total;
    at->ret = instantiate(&at->b, s->ret);
    if (data_pos >= 0) {
        at->fail = FAIL_DATA;
        at->pos = data_pos;
        at->item = data_item;
    }
}

SigResult sig_resolve(const SigTable *t, Arena *a, const char *name,
                      int nargs, const Type *const *args, const AdLevel *ads,
                      const Type **ret, int *bad_arg)
{
    return sig_resolve_items(t, a, name, nargs, args, ads, NULL, ret,
                             bad_arg, NULL);
}

SigResult sig_resolve_items(const SigTable *t, Arena *a, const char *name,
                            int nargs, const Type *const *args,
                            const AdLevel *ads,
                            const AdLevel *const *item_ads,
                            const Type **ret, int *bad_arg, int *bad_item)
{
    const NameEntry *e = lookup(t, name);
    if (!e)
        return SIG_NO_NAME;
    const Sig *best = NULL, *best_data = NULL;
    const Type *best_ret = NULL, *best_data_ret = NULL;
    int best_cost = 0, best_data_cost = 0, best_data_pos = -1;
    int best_data_item = -1;
    bool tie = false;
    for (int i = 0; i < e->nsigs; i++) {
        Attempt at;
        attempt(&at, e->sigs[i], a, nargs, args, ads, item_ads);
        if (at.fail == FAIL_NONE) {
            if (!best || at.cost < best_cost) {
                best = at.sig;
                best_cost = at.cost;
                best_ret = at.ret;
                tie = false;
            } else if (at.cost == best_cost) {
                tie = true;
            }
        } else if (at.fail == FAIL_DATA &&
                   (!best_data || at.cost < best_data_cost)) {
            best_data = at.sig;
            best_data_cost = at.cost;
            best_data_ret = at.ret;
            best_data_pos = at.pos;
            best_data_item = at.item;
        }
    }
    if (best) {
        if (tie)
            return SIG_AMBIGUOUS;
        if (ret)
            *ret = best_ret;
        return SIG_MATCH;
    }
    if (best_data) {
        if (ret)
            *ret = best_data_ret;
        if (bad_arg)
            *bad_arg = best_data_pos;
        if (bad_item)
            *bad_item = best_data_item;
        return SIG_DATA_ONLY;
    }
    return SIG_MISMATCH;
}

/* ================================================================
 * Explaining a mismatch in stanc3's layout
 * ================================================================ */

enum { MAX_SHOWN = 5 };   /* stanc3 shows five signatures at most */

static const char *ordinal(Arena *a, int n)
{
    static const char *const words[] = {"first", "second", "third",
                                        "fourth"};
    return n >= 1 && n <= 4 ? words[n - 1] : arena_printf(a, "%dth", n);
}

/* Failures that got further explain more: argument errors before arity
 * errors, later arguments first, data-only before type, then expected types
 * shaped like the argument found, then table order (stable sort). */
static int fail_rank(const Attempt *x)
{
    return x->fail == FAIL_ARITY ? 1 : 0;
}

static int closeness(const Attempt *x, const Type *found)
{
    if (x->fail != FAIL_TYPE)
        return 0;
    const Type *want = x->want_type ? x->want_type
                                    : instantiate(&x->b, x->want_pat);
    if (!want)
        return 1;
    int score = 3;
    if (ty_array_dims(want) == ty_array_dims(found))
        score -= 2;
    if (ty_base(want)->kind == ty_base(found)->kind)
        score -= 1;
    return score;
}

static bool attempt_before(const Attempt *x, const Attempt *y,
                           const Type *const *args)
{
    if (fail_rank(x) != fail_rank(y))
        return fail_rank(x) < fail_rank(y);
    if (x->fail == FAIL_ARITY)
        return false;
    if (x->pos != y->pos)
        return x->pos > y->pos;
    if ((x->fail == FAIL_DATA) != (y->fail == FAIL_DATA))
        return x->fail == FAIL_DATA;
    return closeness(x, args[x->pos]) < closeness(y, args[y->pos]);
}

/* What a failed argument should have been, for "must be X". */
static void print_wanted(FILE *out, const Attempt *at, const Type *found)
{
    if (at->want_type) {
        ty_print(out, at->want_type);
        return;
    }
    const Pat *p = at->want_pat;
    if (p->kind == PK_ELT) {
        /* Point at the nearest member of the class rather than at a
         * letter: exp(complex_vector) "must be vector". */
        const Type *shape = at->b.shape;
        if (!shape || is_int_or_real(found))
            shape = found;
        const Type *s = p->elt == ELT_I ? TY(INT) : TY(REAL);
        const Type *b = ty_base(shape);
        bool vec_ok = p->elt == ELT_R || p->elt == ELT_N;
        const Type *want = NULL;
        if (b->kind == TY_COMPLEX_VECTOR && vec_ok)
            want = TY(VECTOR);
        else if (b->kind == TY_COMPLEX_ROW_VECTOR && vec_ok)
            want = TY(ROW_VECTOR);
        else if (b->kind == TY_COMPLEX_MATRIX && vec_ok)
            want = TY(MATRIX);
        else if (elt_in_domain(p->elt, b))
            want = b;
        if (want) {
            int dims = ty_array_dims(shape);
            ty_print(out, ty_array(at->b.a, dims,
                                   with_scalar(at->b.a, want, s)));
        } else {
            ty_print(out, s);
        }
        return;
    }
    if (p->kind == PK_FUNC) {
        pat_print_fun(out, p);
        return;
    }
    const Type *t = instantiate(&at->b, p);
    if (t && p->kind != PK_REALS && p->kind != PK_INTS &&
        p->kind != PK_VECTORS)
        ty_print(out, t);
    else
        pat_print(out, &(Pat){.kind = p->kind, .elt = p->elt, .var = p->var,
                              .dims = p->dims, .inner = p->inner},
                  NULL);
}

/* Print text after a two-space indent, breaking between words before
 * column 78 as stanc3's pretty-printer does for long reasons. */
static void print_wrapped(FILE *out, const char *text)
{
    int col = 2;
    fputs("  ", out);
    const char *s = text;
    while (*s) {
        const char *e = strchr(s, ' ');
        int len = e ? (int)(e - s) : (int)strlen(s);
        if (col > 2 && col + 1 + len > 77) {
            fputs("\n  ", out);
            col = 2;
        } else if (col > 2) {
            fputc(' ', out);
            col++;
        }
        fwrite(s, 1, (size_t)len, out);
        col += len;
        s += len;
        while (*s == ' ')
            s++;
    }
}

static void print_reason(FILE *out, const Attempt *at, int nargs,
                         const Type *const *args, Arena *a)
{
    switch (at->fail) {
    case FAIL_ARITY:
        fprintf(out, "  Expected %d arguments but found %d arguments.",
                at->expected_n, nargs);
        return;
    case FAIL_DATA:
        print_wrapped(out, arena_printf(a,
            "The %s argument must be data-only. (Local variables are "
            "assumed to depend on parameters; same goes for function "
            "inputs unless they are marked with the keyword 'data'.)",
            ordinal(a, at->pos + 1)));
        return;
    case FAIL_TYPE:
        if (at->item >= 0) {
            fprintf(out, "  Item %d of the %s argument must be ",
                    at->item + 1, ordinal(a, at->pos + 1));
            print_wanted(out, at, args[at->pos]->items[at->item]);
            fputs(" but got ", out);
            ty_print(out, args[at->pos]->items[at->item]);
            return;
        }
        fprintf(out, "  The %s argument must be ", ordinal(a, at->pos + 1));
        print_wanted(out, at, args[at->pos]);
        fputs(" but got ", out);
        ty_print(out, args[at->pos]);
        return;
    case FAIL_NONE:
        return;
    }
}

static void print_arg_types(FILE *out, Arena *a, FunNames *fn, int nargs,
                            const Type *const *args)
{
    fputc('(', out);
    for (int i = 0; i < nargs; i++) {
        if (i)
            fputs(", ", out);
        if (args[i]->kind == TY_FUNCTION)
            fprintf(out, "<F%d>", fun_name(fn, ty_str(a, args[i])));
        else
            ty_print(out, args[i]);
    }
    fputc(')', out);
    print_where(out, fn);
}

char *sig_explain_mismatch_ad(const SigTable *t, Arena *a, const char *name,
                              int nargs, const Type *const *args,
                              const AdLevel *ads)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    if (!out)
        ICE("out of memory");
    FunNames fn = {.a = a};
    fprintf(out, "Ill-typed arguments supplied to function '%s':\n", name);
    print_arg_types(out, a, &fn, nargs, args);
    fputs("\nAvailable signatures:", out);

    const NameEntry *e = lookup(t, name);
    int nfail = 0;
    Attempt *fails =
        arena_alloc(a, sizeof *fails * (size_t)(e ? e->nsigs + 1 : 1));
    for (int i = 0; e && i < e->nsigs; i++) {
        attempt(&fails[nfail], e->sigs[i], a, nargs, args, ads, NULL);
        if (fails[nfail].fail != FAIL_NONE)
            nfail++;
    }
    /* Insertion sort: stable, and the lists are short. */
    for (int i = 1; i < nfail; i++) {
        Attempt x = fails[i];
        int j = i;
        for (; j > 0 && attempt_before(&x, &fails[j - 1], args); j--)
            fails[j] = fails[j - 1];
        fails[j] = x;
    }
    for (int i = 0; i < nfail && i < MAX_SHOWN; i++) {
        fputc('\n', out);
        sig_print(out, fails[i].sig, &fn);
        print_where(out, &fn);
        fputc('\n', out);
        print_reason(out, &fails[i], nargs, args, a);
    }
    if (nfail > MAX_SHOWN)
        fputs("\n(Additional signatures omitted)", out);
    fclose(out);
    char *s = arena_strndup(a, buf, len);
    free(buf);
    return s;
}

char *sig_explain_mismatch(const SigTable *t, Arena *a, const char *name,
                           int nargs, const Type *const *args)
{
    return sig_explain_mismatch_ad(t, a, name, nargs, args, NULL);
}

/* ================================================================
 * Listing
 * ================================================================ */

void sig_foreach(const SigTable *t,
                 void (*fn)(void *ctx, const char *name, const char *sig),
                 void *ctx)
{
    for (int i = 0; i < t->nsigs; i++) {
        char *buf = NULL;
        size_t len = 0;
        FILE *mem = open_memstream(&buf, &len);
        if (!mem)
            ICE("out of memory");
        sig_print(mem, &t->sigs[i], NULL);
        fclose(mem);
        fn(ctx, t->sigs[i].name, buf);
        free(buf);
    }
}

void sig_write_markdown(const SigTable *t, FILE *out)
{
    fputs("# The Stan library\n\n"
          "Generated from `frontend/stanlib*.def` by "
          "`tests/tools/gen_library_md.c`; do not edit by hand.\n\n",
          out);
    fprintf(out, "%d functions, %d signatures.  Every `_lpdf`/`_lpmf` "
                 "function also exists as `_lupdf`/`_lupmf` with the same "
                 "signatures.\n\n", t->nnames, t->nsigs);
    fputs("Notation (see the top of `frontend/stanlib.def`):\n\n"
          "- `data T`: the argument must not depend on parameters.\n"
          "- `reals`: real, vector, row_vector or array[] real (ints "
          "promote); `ints`: int or array[] int; `vectors`: vector, "
          "row_vector or an array of either.  As a result, `reals`/`ints` "
          "is an array when any vectorized argument is a container, "
          "`vectors` is array[] vector when a `vectors` argument is an "
          "array.\n"
          "- `R`: elementwise over int, real, vector, row_vector, matrix "
          "and arrays of them; several `R`/`I`/`A` arguments share one "
          "shape (a scalar broadcasts); the result has that shape with "
          "real elements.  `N`: the same, returning the argument's own "
          "type.  `I`: int and int arrays, result int.  `A`: int, real "
          "and their arrays.  `Z` (results only): the shared shape with "
          "complex elements.\n"
          "- `T`, `U`: any type; every use of one letter must agree "
          "(after promotion).  `array[*] X`: an array of X with any "
          "number of dimensions; as a result, the dimensions of the "
          "`array[*]` argument.\n"
          "- `(P, ...) => X`: a function argument whose trailing "
          "parameters take the call's trailing arguments (`...`); `=>*` "
          "also accepts `_lpdf`/`_lpmf` functions.  `tuple(...)` after "
          "such a function argument: a tuple whose items are passed to "
          "the function's trailing parameters (the embedded Laplace "
          "functions); `tuple(data X, ...)`: a tuple whose item X must "
          "not depend on parameters.\n",
          out);
    for (int sec = 0; sec < t->nsections; sec++) {
        fprintf(out, "\n## %s\n\n", t->sections[sec]);
        for (int k = 0; k < t->nnames; k++) {
            const NameEntry *e = &t->names[k];
            if (e->section != sec)
                continue;
            if (e->nsigs == 1) {
                fprintf(out, "- `%s`: `", e->name);
                sig_print(out, e->sigs[0], NULL);
                fputs("`\n", out);
                continue;
            }
            fprintf(out, "- `%s`\n", e->name);
            for (int i = 0; i < e->nsigs; i++) {
                fputs("  - `", out);
                sig_print(out, e->sigs[i], NULL);
                fputs("`\n", out);
            }
        }
    }
}
