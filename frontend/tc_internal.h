/* tc_internal.h - state shared by the typechecker's files (typecheck.c:
 * statements, declarations, functions; tc_expr.c: expressions and calls). */
#ifndef PPL_TC_INTERNAL_H
#define PPL_TC_INTERNAL_H

#include "ast.h"
#include "diag.h"
#include "names.h"
#include "scope.h"
#include "sigs.h"
#include "typecheck.h"

/* Where a variable was declared: decides assignability and AD level. */
typedef enum Origin {
    OR_DATA, OR_TDATA, OR_PARAM, OR_TPARAM, OR_MODEL, OR_GQ,
    OR_FUNARG, OR_LOOPVAR, OR_LOCAL
} Origin;

typedef struct Sym {
    const char *name;
    const Type *type;
    Origin origin;
    BlockKind block;     /* for globals: the block that declared it */
    AdLevel ad;
    bool readonly;       /* function arguments and loop variables */
    bool global;
} Sym;

/* One user-defined function signature (one overload). */
typedef struct UserFn {
    const char *name;
    const Type *type;    /* TY_FUNCTION */
    const FunDef *def;   /* the latest declaration or definition */
    bool defined;
    bool is_extern;      /* @extern: supplied as C at build time */
    Span span;
    struct UserFn *next_overload;  /* the next one of the same name */
} UserFn;

typedef struct Tc {
    Arena *arena;
    DiagSink *sink;
    const SigTable *sigs;
    const TcOptions *opts;
    /* scopes: names to indexes of syms, a stack kept in step with them */
    ScopeTable scopes;
    Sym *syms;
    int capsyms;
    /* user functions, in the order declared; by name, the index in fns of
     * the first overload (the others follow through next_overload) */
    PtrVec fns;          /* UserFn * */
    ScopeTable fn_names;
    /* context */
    BlockKind block;
    bool top_level;      /* at the top level of a program block */
    const FunDef *fun;   /* the function being defined, if any */
    FunKind fun_kind;
    int loop_depth;
    bool fn_value_ok;    /* checking a call argument: may name a function */
} Tc;

/* tc_expr.c */
void tc_check_expr(Tc *tc, Expr *e);
/* Check a call expression (EX_CALL or EX_COND_CALL); also used for the
 * distribution of a ~ statement through tc_resolve_call. */
const Type *tc_resolve_call(Tc *tc, const char *name, Span at, int nargs,
                            Expr **args, bool cond_syntax, bool *is_user,
                            bool report);
FunKind tc_suffix_kind(const char *name);
const Sym *tc_lookup(const Tc *tc, const char *name);
bool tc_user_fn_exists(const Tc *tc, const char *name);
/* The first overload of the user function `name`, or NULL. */
const UserFn *tc_user_fn(const Tc *tc, const char *name);
/* Emit the semantic error id of the catalogue (diag.def) with its
 * arguments. */
void tc_error(Tc *tc, Span at, DiagId id, ...);
bool tc_is_error(const Type *t);
char *tc_types_str(Tc *tc, int n, Expr **args);

/* tc_laplace.c */
/* Whether name is one of the embedded Laplace functions. */
bool tc_laplace_is(const char *name);
/* Check a call of Laplace function name step by step, reporting (when
 * report) the first problem in stanc3's words; the result type, or the
 * error type. */
const Type *tc_laplace_resolve(Tc *tc, const char *name, Span at,
                               int nargs, Expr **args, bool report);

#endif
