/* emit.h - the C backend's shared state (emit_c.c: the program, sections
 * and statements; emit_expr.c: values and adjoints of expressions).  The
 * design is docs/backend.md. */
#ifndef PPL_EMIT_H
#define PPL_EMIT_H

#include <setjmp.h>
#include <stdio.h>

#include "backend.h"
#include "mir.h"
#include "scope.h"

/* A compiled expression: where its value is (a scalar C expression, or a
 * pointer to its elements) and, for values that carry derivatives, where
 * its adjoint is (a scalar lvalue or a pointer); n is the element count. */
typedef struct Opnd {
    const char *val;
    const char *adj;        /* NULL: no derivative */
    const char *n;          /* "1" for scalars */
    const char *rows, *cols;
    bool container;
    bool is_int;
    bool is_complex;        /* C99 double complex: the value is one, or a
                               pointer to them (never an adjoint) */
    /* all the dimensions, outermost first, of a container whose rows and
     * cols do not say them (array[,] real, array[] matrix, ...), where
     * known; NULL otherwise (emit_dims.c) */
    const char *const *shape;
} Opnd;

typedef struct EmReady EmReady;
typedef struct EmProfiles EmProfiles;

typedef struct Emit {
    FILE *out;
    int indent;
    int tmp;                /* fresh temporaries */
    const MirProgram *p;    /* read only: mir_transform made it */
    Arena *a;
    /* the user functions by definition name (values: indices into
     * p->funs), built on the first call to resolve: a scan per call made
     * emission quadratic in the number of functions */
    ScopeTable funs;
    bool funs_ready;
    bool ad;                /* generating derivative code (log_prob) */
    bool data_section;      /* prepare_data: variables live in the model */
    jmp_buf fail;
    char *why;
    size_t nwhy;
    /* per user function: why it (or its reverse) is not compiled, or NULL */
    const char **fun_why, **rev_why;
    /* set while a density's reverse call also gives the forward value:
     * the C variable that receives it */
    const char *capture;
    bool capture_checked;   /* the capturing call tested it for NaN */
    bool no_push;           /* inside a statement with an empty reverse */
    bool sec_logp;          /* emitting m_log_density (fusion applies) */
    /* Where the value of a MIR node of the statement being emitted is,
     * once its code is emitted (at the statement's top level, so that its
     * temporaries stay in scope): the reverse code of that same node, or
     * an emitter that needs an operand twice, reads it back instead of
     * emitting its computation again.  Keyed by node pointer, so it never
     * merges two nodes, even equal ones (merging equal expressions is the
     * lcm pass's job); this is emission, not an optimization.  Only calls
     * and indexing are recorded (the lowering shares nothing else than
     * variable and literal leaves between places). */
    struct { const MirExpr *node; Opnd value; } emitted[64];
    int nemitted;
    int block_depth;        /* braces opened inside an expression's code */
    bool in_function;       /* emitting a user function: it has `propto` */
    const MirStmt *tail;    /* the log density's last statement, when its
                               value waits for the reverse sweep */
    bool decl_assigned;     /* the declaration being emitted is followed
                               by an assignment of the whole variable */
    /* the log density's locals that fused target increments may read
     * (emit_final.c): the (statement, variable) pairs, sorted, and per
     * variable whether its adjoint goes with its values from the forward
     * to the reverse sweep */
    EmReady *ready;
    int nready;
    bool *final_carried;
    /* per variable: its one assignment overwrites a value that the reverse
     * sweep never reads (em_old_unneeded) */
    bool *old_unneeded;
    /* the statement after the declaration being emitted, or NULL */
    const MirStmt *decl_next;
    /* per variable: a complex variable of derivative code whose values
     * never depend on parameters (emit_complex.c), which then carries no
     * derivative; cx_any when there is one */
    bool *cx_data;
    int ncx_data;
    bool cx_any;
    MirDepends depends;     /* which variables depend on parameters */
    EmProfiles *profiles;   /* the program's profile names (emit_profile.c) */
    int profiles_open;      /* profile blocks being emitted around here */
    /* the contexts of log_prob's factors (emit_ctx.c), and the statement
     * being emitted under its context's flag */
    struct EmCtx *ctx;
    const MirStmt *ctx_open;
    /* per higher-order family and user function: whether its callbacks
     * are declared (emit_callback.c), or NULL: none */
    const bool *cb_declared;
    /* the library functions' rows sorted by name (emit_call_table.c),
     * built on the first lookup */
    const struct EmCallRule *rules;
    size_t nrules;
    /* target() with derivatives (emit_target.c): whether log_prob reads
     * target, per user function whether it does, and whether the code
     * being emitted is a reverse sweep */
    bool target_read;
    bool *fun_reads_target;
    bool in_reverse;
    /* the statement being emitted: its places reading target and the
     * temporaries with the log density at each (em_target_save) */
    const MirExpr **target_nodes;
    const char **target_temps;
    int ntarget;
    /* the statement whose reverse step em_target_rev_stmt is emitting,
     * the adjoint of target after it, and what its reads add */
    const MirStmt *target_stmt;
    const char *target_a0, *target_dlp;
} Emit;

/* Forget where the emitted values are (Emit.emitted): a new statement,
 * or variables changed. */
void em_forget_emitted(Emit *em);
/* In the reverse sweep of `v = e` (v whole, a container), before v's old
 * value is popped, v holds e's value: e's value is read from there (at,
 * a copy of v's value, or NULL for v itself) rather than computed again
 * (a covariance matrix, a Cholesky factor). */
void em_reuse_assigned_value(Emit *em, const MirExpr *e, VarId v,
                             const char *at);

typedef enum Section {
    SEC_CREATE,   /* prepare_data: the data into the model */
    SEC_LOGP,     /* log_prob: with the reverse sweep */
    SEC_GQ,       /* generate_quantities: outputs */
    SEC_INITS,    /* transform_inits */
    SEC_FUN       /* the body of a user-defined function */
} Section;

/* emit_ctx.c: the contexts (RtContext) of the log density's factors, as
 * the factor graph classifies them (analyses.h, FgraphContext). */
typedef struct EmCtx EmCtx;
/* Classify the factors of em->p's log density into em->ctx. */
void em_ctx_build(Emit *em);
/* The contexts of a statement of the log density (FGC_PRIOR,
 * FGC_LIKELIHOOD, both, or 0: it adds nothing to target, or it is being
 * emitted under its flag already). */
int em_ctx_stmt(const Emit *em, const MirStmt *s);
/* A statement of both contexts: its summands of context ctx, as a
 * statement. */
const MirStmt *em_ctx_part(const Emit *em, const MirStmt *s, int ctx);
/* The C flag (ctx_prior, ctx_lik) under which a call of an _lp function in
 * the log density adds to target, or NULL (always, or no such call). */
const char *em_ctx_call_flag(const Emit *em, const MirExpr *call);
const char *em_ctx_flag(int ctx);
/* Emit s (forward or reverse) under its context's flag, or as its two
 * parts; false when s is not gated (the caller emits it). */
bool em_ctx_gate(Emit *em, const MirStmt *s, Section sec, bool fwd);

/* emit_c.c */
/* Statements: the forward code (with the pushes when em->ad). */
void em_fwd_stmt(Emit *em, const MirStmt *s, Section sec);
/* Shared with emit_rev.c: whether s reads a parameter through its
 * transform (FnReadParam__, maybe inside FnConstrain__); the pops of a
 * block's locals that the forward sweep pushed at its end; whether a
 * statement leaves nothing for the reverse sweep (no assignment, no
 * local, only fused target increments, checks and prints). */
bool em_is_param_read(const MirStmt *s);
void em_pop_locals(Emit *em, const MirStmt *b);
bool em_inert(const Emit *em, const MirStmt *s);

/* emit_rev.c */
/* The reverse sweep of a statement already emitted forward. */
void em_rev_stmt(Emit *em, const MirStmt *s);

/* emit_c.c */
/* Storage (and adjoint) for a declared variable. */
void em_declare_storage(Emit *em, VarId v);
/* The zeroed adjoint of a variable that carries derivatives. */
void em_declare_adjoint(Emit *em, VarId v);
int em_var_rank(const MirVar *var);
bool em_is_int_var(const MirVar *var);
/* Whether e reads the variable v. */
bool em_reads_var(const MirExpr *e, VarId v);
void em_line(Emit *em, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
_Noreturn void em_unsupported(Emit *em, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
const char *em_fresh(Emit *em, const char *prefix);
/* The C names of a variable's value, adjoint and dimensions. */
const char *em_var_val(Emit *em, VarId v);
const char *em_var_adj(Emit *em, VarId v);
const char *em_var_dim(Emit *em, VarId v, int k);
bool em_var_has_adj(const Emit *em, VarId v);
/* The number of elements of a variable, as a C expression. */
const char *em_var_count(Emit *em, VarId v);

/* emit_text.c */
/* The C string literal, quotes included, that means exactly the bytes of
 * s: '"' and '\\' escaped, every byte that is not printable ASCII as a
 * three-digit octal escape, and "??" before a trigraph's last character
 * written "?\?".  Every name, path, message or string that goes into
 * emitted C as a string goes through it. */
const char *em_c_string(Arena *a, const char *s);

/* emit_io.c */
/* Whether e is a call of the compiler internal fn. */
bool em_is_internal(const MirExpr *e, MirInternal fn);
/* A parameter read through its constraining transform (rhs: the
 * FnReadParam__/FnConstrain__ call), with the Jacobian term in the log
 * density when logp; the transform's adjoint in the reverse sweep; the
 * number of unconstrained values of a parameter read statement. */
void em_read_param(Emit *em, VarId v, const MirExpr *rhs, bool logp);
/* Whether the statement s reads a parameter in place: its variable then
 * points into u and its declaration allocates no storage. */
bool em_param_in_place(const Emit *em, const MirStmt *s);
void em_param_adjoint(Emit *em, VarId v, const MirExpr *rhs);
const char *em_param_free_size(Emit *em, const MirStmt *s);
/* FnCheck__(...); a data variable read from `source` (data or inits);
 * an output written; its inverse transform (transform_inits); a
 * variable's dimensions as a C array and its rank.  em_read_data reads v
 * by the JSON name or path `name` (FnReadData__'s first argument: "t.1"
 * for an element of a tuple). */
void em_check(Emit *em, const MirExpr *call);
void em_read_data(Emit *em, VarId v, const char *name, const char *source);
void em_write(Emit *em, const MirExpr *x);
void em_unconstrain(Emit *em, const MirExpr *arg);
const char *em_dims_array(Emit *em, VarId v, int *rank);

/* emit_print.c */
/* print(...), or reject(...) / fatal_error(...) when reject: the
 * arguments as Stan Math's stan_print writes them. */
void em_message(Emit *em, const MirExpr *call, bool reject);

/* emit_tuple.c: outputs and parameters that are arrays of tuples, in
 * Stan's orders (see the file's comment).  em_write_tuples writes
 * FnWriteParam__'s slot arrays element by element; em_tuple_names names
 * the outputs of the group of declarations starting at decls[0] (returns
 * how many it named); em_tuple_unames names one slot's unconstrained
 * values; em_tuple_params says whether the model has such parameters,
 * em_tuple_order then builds m->perm in m_create, and the entry points
 * copy u in (em_tuple_u_in) and a buffer out through it
 * (em_tuple_buffer at the start, em_tuple_scatter at the end). */
void em_write_tuples(Emit *em, const MirExpr *call);
/* The name of v in messages: an array of tuples' for the arrays of its
 * slots (emit_expr.c). */
const char *em_var_user_name(const Emit *em, VarId v);
int em_tuple_names(Emit *em, const MirStmt *const *decls, int n);
void em_tuple_unames(Emit *em, const MirStmt *s);
bool em_tuple_params(const Emit *em);
void em_tuple_order(Emit *em);
void em_tuple_u_in(Emit *em);
void em_tuple_buffer(Emit *em, const char *name, const char *user);
void em_tuple_scatter(Emit *em, const char *name, const char *user);

/* emit_sizes.c */
/* The check of a declared variable's sizes (already in its dimension
 * variables): negative or too many elements returns -1 with err set. */
void em_dims_check(Emit *em, VarId v);
/* The check of an intermediate result's shape rows x cols (C int
 * expressions; NULL: none), unless both are literals. */
void em_temp_check(Emit *em, const char *rows, const char *cols);
/* The size a + b of a concatenation, into a fresh int checked by
 * rt_shape_sum (an int sum of two sizes could wrap); its name. */
const char *em_size_sum(Emit *em, const char *a, const char *b);
/* `static int ENTRY(PARAMS)` (PARAMS naming mv and err) calling
 * BODY(ARGS) with the failures of the scratch memory jumping back to it:
 * an allocation that fails returns -1 with "out of memory: ..." in err. */
void em_guarded_entry(Emit *em, const char *entry, const char *body,
                      const char *params, const char *args);

/* emit_profile.c: profile("name") blocks (nothing when there are none) */
/* Number the program's profile names (before anything is emitted). */
void em_profile_scan(Emit *em);
/* Whether the program has profile blocks. */
bool em_profile_any(const Emit *em);
/* State's fields, the names table and m_profiles, the table's setup in
 * m_create (STATE: the State lvalue), the evaluation's kind at an entry
 * point's start (GRADIENT: a C condition), the cleanup of a failed
 * evaluation, and RtModel's .profiles line; names after the Model struct,
 * the accessor before the RtModel. */
void em_profile_state_fields(Emit *em);
void em_profile_names(Emit *em);
void em_profile_accessor(Emit *em);
void em_profile_init(Emit *em, const char *state);
void em_profile_eval(Emit *em, const char *gradient);
void em_profile_unwind(Emit *em);
const char *em_profile_model_entry(const Emit *em);
/* A profile statement: its value code, and its reverse sweep. */
void em_profile_fwd(Emit *em, const MirStmt *s, Section sec);
void em_profile_rev(Emit *em, const MirStmt *s);
/* Before a C break, continue or return x: leave the blocks it jumps out
 * of. */
void em_profile_exit(Emit *em, const MirStmt *x);

/* emit_fun.c */
/* Every user-defined function, primal and reverse, with prototypes. */
void em_functions(Emit *em);
int em_resolve_fun(Emit *em, const MirExpr *call);
/* A call of a user function: its value, and its reverse step. */
Opnd em_call_user(Emit *em, const MirExpr *e);
void em_backprop_user(Emit *em, const MirExpr *e, const char *adj);

/* emit_expr.c */
/* Emit the code that computes e; returns where its value is. */
Opnd em_value(Emit *em, const MirExpr *e);
/* Emit the code that adds adj (a scalar C expression, or a pointer to n
 * adjoints for a container) into the adjoints of e's variables. */
void em_backprop(Emit *em, const MirExpr *e, const char *adj);
/* An lvalue's elements for assignment: *offset the element offset of a
 * contiguous run and *count the number of elements written; or, when the
 * lvalue has ranges or multi-indices, *map the name of an int array of
 * the offsets of the elements written (em_index_map), else NULL. */
void em_lvalue(Emit *em, const MirLvalue *lv, const char **offset,
               const char **count, const char **map);
bool em_is_ad(const Emit *em, const MirExpr *e);
/* Helpers shared with emit_call.c: whether a type is a container; a scalar
 * operand; a fresh container temporary; the rows and columns of a vector
 * type with n elements; element k of an operand (a scalar broadcasts); a
 * zeroed adjoint buffer shaped like an operand; adding adj * factor into
 * an operand's buffer (summed over the broadcast of a scalar). */
bool em_is_container_type(const Type *t);
Opnd em_scalar(const char *val, const char *adj, bool is_int);
Opnd em_new_container(Emit *em, const char *n, const char *rows,
                      const char *cols, bool is_int);
void em_shape_of(const Type *t, const char *n, const char **rows,
                 const char **cols);
const char *em_elem(Emit *em, Opnd o);
/* The checked unary int operation fn ("neg" or "abs", rt_int.h) of x, a
 * scalar or each element of a container: overflow is an error. */
Opnd em_int_checked(Emit *em, const char *fn, Opnd x);
const char *em_adj_buffer(Emit *em, Opnd o);
void em_accumulate(Emit *em, Opnd res, Opnd o, const char *g, const char *a,
                   const char *factor);

/* emit_call_table.c: the library functions the backend compiles by name,
 * one row each (docs/backend.md, "Library calls").  A row's value emits
 * e's value into *out; its backprop emits e's reverse step.  Either
 * returns false when e's argument kinds are not the row's (a row whose
 * function has several forms tests them itself): the generic routes of
 * emit_call.c follow (as they do for a NULL backprop).  Each family file
 * lists its rows next to the functions they point to and exports them as
 * an EmCallRules. */
typedef struct EmCallRule {
    const char *name;
    bool (*value)(Emit *em, const MirExpr *e, Opnd *out);
    bool (*backprop)(Emit *em, const MirExpr *e, const char *adj);
} EmCallRule;
typedef struct EmCallRules {
    const EmCallRule *rows;
    size_t n;
} EmCallRules;
#define EM_CALL_RULES(rows) {rows, sizeof rows / sizeof rows[0]}
/* Every family's rows in one array sorted by name, in a; *dup is NULL,
 * or a name that two rows share (the table is then not usable). */
const EmCallRule *em_call_table(Arena *a, size_t *n, const char **dup);
/* The row of library function name, or NULL (the table is built on the
 * first call, into em->a). */
const EmCallRule *em_call_rule(Emit *em, const char *name);
/* The generic route that serves library function name when no row does
 * (see emit_call.c's comment), or NULL: "density", "draw", "unary",
 * "binary", "reduction", "complex", "shape", "operator", "reduce_sum". */
const char *em_call_route(const char *name);
/* The families' rows. */
extern const EmCallRules em_linalg_rules, em_csr_rules, em_ode_rules,
    em_solve_rules, em_integrate_rules, em_laplace_rules, em_map_rect_rules,
    em_lib_rules, em_linalg_build_rules, em_scalar_ternary_rules,
    em_hypergeometric_rules, em_transform_rules, em_matrix_fn_rules,
    em_basic_fn_rules, em_rng_rules, em_dae_rules;

/* emit_call.c */
/* A call of a library or user function: its value, and its reverse step
 * (the dispatch: see the file's comment). */
Opnd em_value_call(Emit *em, const MirExpr *e);
void em_backprop_call(Emit *em, const MirExpr *e, const char *adj);
/* Refuse a call of a runtime function rt that does not exist, naming the
 * Stan function: the program then gets a clear message at compile time. */
void em_require_runtime(Emit *em, const char *rt, const char *stan);
/* An RtMat view of an operand (a vector is n x 1), with adjoint g (NULL:
 * none). */
const char *em_mat_view(Emit *em, Opnd o, const char *g, bool ad);
bool em_in_list(const char *const *list, const char *name);
/* Whether a library call of scalars is a plain C expression that cannot
 * fail (its effect class has no EFF_REJECTS). */
bool em_cannot_fail_call(const MirExpr *e);

/* emit_ode.c */
/* The callbacks of the user functions passed to an ODE solver (after the
 * functions); the calls are em_ode_rules. */
void em_ode_callbacks(Emit *em);

/* emit_callback.c: the callbacks through which the runtime's solvers call
 * user functions (see the file's comment), shared by the families below */
/* Mark used[fi] for every user function fi that a call of the program
 * for which is_call holds passes (fun_of: the function, or -1), with the
 * generic walker (the ODE solvers use it too). */
void em_mark_passed(Emit *em, bool (*is_call)(const MirExpr *e),
                    int (*fun_of)(Emit *em, const MirExpr *e), bool *used);
/* The context type and the callbacks' prototypes (after the functions'
 * prototypes), and their definitions (after the functions). */
void em_callback_prototypes(Emit *em);
void em_callback_definitions(Emit *em);
/* Whether the callbacks of the family is_call for function fi exist. */
bool em_cb_declared(const Emit *em, bool (*is_call)(const MirExpr *),
                    int fi);
/* The user function a call passes as its first argument, or -1: the
 * overload with nparams parameters that takes the call's count arguments
 * from.. as its parameters first.. with the fewest promotions. */
int em_cb_fun(Emit *em, const MirExpr *call, int nparams, int from,
              int count, int first);
/* Inside a callback (its CbCtx named c): f's parameters first.. as C
 * arguments read from c; the theta slices (gtheta + c->off[k]) of their
 * gradient arguments in f's reverse function; the lines that give the
 * scratch memory the callback used back. */
const char *em_cb_args(Emit *em, const MirFun *f, int first);
/* For argument i of a call filling context c (a CbCtx or OdeCtx): when
 * its type t needs all its dimensions (emit_dims.c), an array of them in
 * the context's scope, which c.dims[i] points to (em_cb_args reads it). */
void em_cb_fill_dims(Emit *em, const char *c, int i, const Type *t, Opnd a);
const char *em_cb_grads(Emit *em, const MirFun *f, int first);
/* How many doubles of theta argument value a takes (two an element when
 * complex). */
const char *em_cb_theta_len(Emit *em, Opnd a);
/* Argument i of context c: its pointer (a complex one's as doubles), its
 * count, rows, cols and its offset off in theta. */
void em_cb_set_arg(Emit *em, const char *c, int i, Opnd a, bool is_int,
                   const char *off);
/* The value of x passed as an extra argument for the parameter var:
 * complex, int, or real (an int converted). */
Opnd em_cb_value(Emit *em, const MirVar *var, const MirExpr *x);
/* The adjoint of x, passed as a for parameter var, from theta's gradient
 * g at offset off (complex pairs for a complex parameter). */
void em_cb_backprop_arg(Emit *em, const MirVar *var, const MirExpr *x,
                        Opnd a, const char *g, const char *off);
void em_cb_scratch_mark(Emit *em);
void em_cb_scratch_release(Emit *em);
/* An operand as doubles (an int one converted, Stan's promotion). */
Opnd em_cb_doubles(Emit *em, Opnd a);
/* At a call: a new CbCtx (its name returned; n its .n) holding the call's
 * arguments from.. for fi's parameters first.. (ints promoted where fi
 * takes reals), their values into extra and theta's length (a C int
 * variable) into *ntheta; adding theta's gradient g into the adjoints of
 * those arguments. */
const char *em_cb_fill(Emit *em, const MirExpr *call, int from, int fi,
                       int first, const char *n, Opnd *extra,
                       const char **ntheta);
void em_cb_backprop(Emit *em, const MirExpr *call, int from, int fi,
                    int first, const Opnd *extra, const char *g);
/* Whether fi prints (its derivative callbacks mute it). */
bool em_cb_prints(const Emit *em, int fi);
/* The C function of user function fi. */
const char *em_cb_cname(Emit *em, int fi);
/* Why fi's reverse function is known not to compile (NULL: it compiles,
 * or, inside a function body where the reverse functions are still being
 * emitted, it is not known yet: its callback says so at run time). */
const char *em_cb_no_rev(const Emit *em, int fi);
/* At a call e of the family is_call that passes fi: refused when there is
 * no such function ("e with NONE"), when fi does not compile, or when its
 * callbacks were not declared. */
void em_cb_check_passed(Emit *em, const MirExpr *e,
                        bool (*is_call)(const MirExpr *), int fi,
                        const char *none);
/* A callback NAMEfi(PARAMS) of the family: its prototype; the head of its
 * definition, then with a reason why (not NULL) a body that returns that
 * error and false (the callback is complete), else the opening line of
 * its body (the CbCtx c) and true; around the run of the user function
 * in the body, its scratch memory marked and given back (with mute, the
 * function's prints muted: a derivative callback runs it again), and
 * with ret (not NULL) "return RET;" and the closing brace. */
void em_cb_declare(Emit *em, const char *name, int fi, const char *params);
bool em_cb_open(Emit *em, const char *name, int fi, const char *params,
                const char *why);
void em_cb_run_begin(Emit *em, int fi, bool mute);
void em_cb_run_end(Emit *em, int fi, bool mute, const char *ret);

/* emit_solve.c: solve_newton, solve_powell (_tol), algebra_solver
 * (_newton); emit_integrate.c: integrate_1d.  Each: whether e is a call
 * of the family, the user function it passes (or -1), the callbacks'
 * prototypes and definitions (the calls are the family's rows). */
bool em_solve_is_call(const MirExpr *e);
int em_solve_fun(Emit *em, const MirExpr *e);
void em_solve_declare(Emit *em, int fi);
void em_solve_define(Emit *em, int fi);
bool em_integrate_is_call(const MirExpr *e);
int em_integrate_fun(Emit *em, const MirExpr *e);
void em_integrate_declare(Emit *em, int fi);
void em_integrate_define(Emit *em, int fi);

/* emit_laplace.c: the embedded Laplace functions with a built-in
 * likelihood (the covariance function is the passed function). */
bool em_laplace_is_call(const MirExpr *e);
int em_laplace_fun(Emit *em, const MirExpr *e);
void em_laplace_declare(Emit *em, int fi);
void em_laplace_define(Emit *em, int fi);
/* ... and the user likelihood of the general forms (laplace_marginal,
 * laplace_latent_rng and their _tol forms). */
bool em_laplace_lik_is_call(const MirExpr *e);
int em_laplace_lik_fun(Emit *em, const MirExpr *e);
void em_laplace_lik_declare(Emit *em, int fi);
void em_laplace_lik_define(Emit *em, int fi);

/* emit_dae.c: dae and dae_tol (the residual is the passed function; the
 * calls are em_dae_rules). */
bool em_dae_is_call(const MirExpr *e);
int em_dae_fun(Emit *em, const MirExpr *e);
void em_dae_declare(Emit *em, int fi);
void em_dae_define(Emit *em, int fi);

/* emit_map_rect.c: map_rect, its jobs run serially (em_map_rect_rules) */

/* emit_elementwise.c */
/* Whether e is a tree of elementwise operations on containers, emitted as
 * one loop forward and one in reverse (see the file's comment); its value
 * and its reverse step. */
bool em_elementwise(const Emit *em, const MirExpr *e);
Opnd em_value_elementwise(Emit *em, const MirExpr *e);
/* The same loop writing straight into dst (n elements, checked). */
void em_value_elementwise_into(Emit *em, const MirExpr *e, const char *dst,
                               const char *n);
void em_backprop_elementwise(Emit *em, const MirExpr *e, const char *adj);
/* Kernels: the same trees inside a loop another emitter writes (the
 * fused densities of emit_fused.c), the loop's index named k.  Whether e
 * may be a tree of a kernel (a scalar, a container, a tree); whether one
 * gains from fusing it (a tree, or x[g]); whether gathering its leaves
 * emits nothing that can fail (no x[g], one container at most, no
 * failing call).  em_kernel_add evaluates e's leaves (scalars once, into
 * temporaries), checks its sizes as em_value would, and returns its
 * length (NULL: a scalar); the leaves added so far are numbered up to
 * em_kernel_nleaves.  Then: the range checks of the x[g] leaves among
 * leaves [first, last) (has_index: whether there are any); element k of
 * a tree; the adjoint sums of its scalar and computed leaves, declared
 * once before the loop; whether the loop adds into variables' adjoints
 * directly; adding adjoint a of element k (or of a scalar leaf, outside
 * the loop) down a tree; the sums propagated after the loop. */
typedef struct EmKernel EmKernel;
EmKernel *em_kernel_new(Emit *em);
bool em_kernel_operand(const Emit *em, const MirExpr *e);
bool em_kernel_gains(const Emit *em, const MirExpr *e);
bool em_kernel_quiet(const Emit *em, const MirExpr *e);
const char *em_kernel_add(Emit *em, EmKernel *k, const MirExpr *e);
int em_kernel_nleaves(const EmKernel *k);
bool em_kernel_has_index(const EmKernel *k, int first, int last);
void em_kernel_check_indices(Emit *em, const EmKernel *k, int first,
                             int last);
const char *em_kernel_elem(Emit *em, const EmKernel *k, const MirExpr *e);
void em_kernel_sums(Emit *em, EmKernel *k);
bool em_kernel_direct(const Emit *em, const EmKernel *k);
void em_kernel_down(Emit *em, EmKernel *k, const MirExpr *e, const char *a);
void em_kernel_finish(Emit *em, const EmKernel *k);
/* Whether fn is an elementwise math function of one argument, of two. */
bool em_elementwise_unary(const char *fn);
bool em_binary_fn(const char *fn);

/* emit_fused.c */
/* The value and partials of a vectorized density whose arguments are
 * elementwise trees, as one loop over the elements (true: e is one, and
 * its code is emitted; the value goes to em->capture when set). */
bool em_fused_density(Emit *em, const MirExpr *e, const char *adj);

/* emit_call.c (for emit_fused.c) */
/* A density's value into the declared double t and its partials times
 * adj, through the runtime's general function with its arguments
 * computed into containers; a rejection returns -1. */
void em_density_general(Emit *em, const MirExpr *e, const char *adj,
                        const char *t);

/* emit_lib.c */
/* The binary elementwise functions (em_binary_fn) with a container
 * argument: true when e is one, with its value in *out, or its reverse
 * step emitted (the generic binary route).  The other functions of the
 * file (max and min of two, the int reductions, log_mix, dims, log10(),
 * gp_exp_quad_cov, bernoulli_logit_glm_rng) are em_lib_rules. */
bool em_vector_binary_value(Emit *em, const MirExpr *e, Opnd *out);
bool em_vector_binary_backprop(Emit *em, const MirExpr *e, const char *adj);

/* emit_linalg_build.c: the library calls of rt_linalg_build.h
 * (constructors, sorts, append_array, distances, quantile, to_array_2d,
 * matrix functions, the SVD, the Gaussian-process kernels, cov_exp_quad)
 * are em_linalg_build_rules. */
/* The count and size of the vectors of an array of vectors o (of
 * expression x); false when they are not known. */
bool em_vectors_shape(Emit *em, const MirExpr *x, Opnd o,
                      const char **count, const char **size);

/* emit_scalar_ternary.c: the elementwise functions of three arguments
 * (fma, inc_beta, inv_inc_beta), int_step, to_int, choose, and the
 * constants sqrt2(), log2(), machine_precision() are
 * em_scalar_ternary_rules. */
/* The operands of an elementwise call (emit_transform.c's too); the first
 * container among them (its size and shape are the result's), or -1; with
 * `check`, Stan's size check of the other containers against it. */
int em_call_operands(Emit *em, const MirExpr *e, Opnd *ops, bool check);
/* The statement that rejects with Stan's message (rt_special_domain)
 * when the value v of fn at the arguments args (nargs doubles,
 * comma-separated C expressions) is NaN because they are outside the
 * domain Stan Math checks; a NaN Stan Math returns stays. */
void em_domain_check(Emit *em, const char *fn, const char *v,
                     const char *args, int nargs);

/* emit_hypergeometric.c: hypergeometric_1F0, _2F1, _3F2 and _pFq
 * (partials in every real argument) are em_hypergeometric_rules. */

/* emit_wiener.c */
/* The Wiener calls the density path reaches by name and arity (wiener_lpdf
 * with a tolerance, wiener_lcdf_unnorm, wiener_lccdf_unnorm): true with the
 * runtime function in *rt and *propto (-1: none) when e is one. */
bool em_wiener_density(const MirExpr *e, const char **rt, int *propto);

/* emit_transform.c: the transforms as functions (lower_bound, ...,
 * ordered, ..., cov_matrix with _constrain, _unconstrain, _jacobian; the
 * vector and matrix ones also of arrays) are em_transform_rules. */

/* emit_final.c */
/* Find the locals of the log density body whose value is final once
 * assigned, and the target increments that read them after their
 * assignment (see the file's comment).  Whether the target increment s
 * may read v in the forward sweep, adding into v's adjoint; whether v's
 * adjoint is pushed and popped with its values at the end of its block
 * (instead of the reverse sweep starting it at zero). */
void em_final_scan(Emit *em, const MirStmt *body);
bool em_final_ready(const Emit *em, const MirStmt *s, VarId v);
bool em_final_carried(const Emit *em, VarId v);
/* Whether the log density's assignment s is the one write of a variable,
 * whole, by the statement right after its declaration and not reading it:
 * the value it overwrites is never read, so it is not pushed or popped,
 * and the variable's adjoint is not cleared after its reverse step. */
bool em_old_unneeded(const Emit *em, const MirStmt *s);

/* emit_rng.c: the generic draw route: a draw of scalars (NAME_rng),
 * elementwise over container arguments (true: e is one, its value in
 * *out).  The draws of vectors and matrices are em_rng_rules. */
bool em_draw_value(Emit *em, const MirExpr *e, Opnd *out);

/* emit_fun.c: in a user function returning a container, the dimensions
 * of r, the value of a return statement of type t, into the caller's
 * ret_rows and ret_cols or ret_dims. */
void em_return_dims(Emit *em, const Type *t, Opnd r);

/* emit_dims.c */
/* Array dimensions plus 1 for a vector, 2 for a matrix. */
int em_type_rank(const Type *t);
/* Whether a value of type t needs Opnd.shape for its dimensions. */
bool em_needs_shape(const Type *t);
/* Dimension k (0: outermost) of o, a value of type t, as a C expression;
 * refused when o does not know it. */
const char *em_opnd_dim(Emit *em, const Type *t, Opnd o, int k);
/* o, a new value, with the dimensions dims (as many as t's rank): its
 * count, rows and cols (the outermost dimension by the rest) and shape. */
Opnd em_opnd_shaped(Emit *em, const Type *t, Opnd o, const char *const *dims);
/* o, as it is, with its shape dims (as many as t's rank; nothing for a
 * type of one dimension): its count, rows and cols stay as they were
 * made. */
Opnd em_opnd_set_shape(Emit *em, const Type *t, Opnd o,
                       const char *const *dims);
/* o, the value of library call e, with the dimensions of its result
 * where its arguments say them (elementwise functions, to_array_2d,
 * append_array, rep_array of a container). */
Opnd em_call_shape(Emit *em, const MirExpr *e, Opnd o);
/* What size, num_elements, rows or cols (fn) of x, a value of type t,
 * is: the size of an array is its outermost dimension. */
const char *em_size_of(Emit *em, const char *fn, const Type *t, Opnd x);

/* emit_shape.c */
/* Functions whose result only selects and rearranges the elements of
 * their arguments (head, col, block, append_col, to_matrix, transpose,
 * diag_matrix, ...): the value is a gather through a map of element
 * offsets, the reverse step the matching scatter-add. */
bool em_gather_call(const MirExpr *e);
/* Whether name is one of those functions (of some argument kinds). */
bool em_gather_name(const char *name);
Opnd em_value_gather(Emit *em, const MirExpr *e);
void em_backprop_gather(Emit *em, const MirExpr *e, const char *adj);

/* emit_complex.c */
/* Complex values (C99 double complex; their derivatives are
 * emit_complex_adj.c's).  Whether a type's elements are complex; whether
 * a variable is complex. */
bool em_is_complex_type(const Type *t);
bool em_is_complex_var(const MirVar *var);
/* --- emit_target.c: target() and its derivatives --- */

/* Find the user functions that read target() (directly or through a
 * call) and whether log_prob does (em->target_read). */
void em_target_scan(Emit *em);
/* Whether user function fi reads target. */
bool em_fun_reads_target(const Emit *em, int fi);
/* The adjoint of target here, as C: 1.0, lp_adj in a log density that
 * reads target, (*lp_adj) in a function's reverse. */
const char *em_target_adj(const Emit *em);
/* The same, copied into a fresh temporary when it is a variable: the
 * seed of one `target +=` whose term may read target() itself. */
const char *em_target_seed(Emit *em);
/* Forward: before a statement, a temporary per place of it that reads
 * target (a target() or a call of a function reading it), which gets the
 * log density there (NULL: no such place); after it, pushed. */
const char *em_target_save(Emit *em, const MirStmt *s);
void em_target_push(Emit *em, const char *saved);
/* Reverse: the reverse step of a statement that reads target or calls
 * an _lp function, where target is read: its places' values popped, the
 * reads' adjoints and the calls' kept apart until its end, each call
 * starting from the adjoint of target after the statement; false when
 * s is not such a statement (or is the one being done). */
bool em_target_rev_stmt(Emit *em, const MirStmt *s);
/* Around the reverse call of an _lp function inside such a statement
 * (flag: the call's context flag, or NULL): the adjoint of target the
 * callee starts from and adds to, in a fresh temporary (NULL outside
 * such a statement); then what it added, kept for the end. */
const char *em_target_call_adj(Emit *em, const char *flag);
void em_target_call_done(Emit *em, const char *c, const char *flag);
/* The temporary with the log density at a call of a function reading
 * target (set now in the forward sweep), or NULL. */
const char *em_target_at(Emit *em, const MirExpr *call);
/* target()'s value and its reverse step (lp_adj += adj). */
Opnd em_target_value(Emit *em, const MirExpr *e);
void em_target_backprop(Emit *em, const char *adj);

/* Find the complex variables of derivative code whose values do not
 * depend on parameters (em->cx_data): they carry no adjoint. */
void em_complex_scan(Emit *em);
/* Whether e's value depends on parameters, seeing through the complex
 * variables that em_complex_scan found to be data (mir_depends, for an
 * expression marked with derivatives). */
bool em_depends(const Emit *em, const MirExpr *e);
/* A fresh container of n complex values; o as complex values (a real
 * container is copied, a scalar converts in C by itself). */
Opnd em_new_complex(Emit *em, const char *n, const char *rows,
                    const char *cols);
Opnd em_to_complex(Emit *em, Opnd o);
/* A complex literal (MX_IMAG); the arithmetic operators on complex
 * operands; the library calls with a complex argument or result (true:
 * e is one, with its value in *out). */
Opnd em_complex_imag(Emit *em, const MirExpr *e);
Opnd em_complex_binary(Emit *em, const MirExpr *e, Op op, Opnd l, Opnd r);
bool em_complex_value(Emit *em, const MirExpr *e, Opnd *out);
/* Whether a call has a complex argument or result. */
bool em_complex_call(const MirExpr *e);
/* Whether name is a function that em_complex_value serves (of complex
 * arguments or results). */
bool em_complex_name(const char *name);
/* Whether e is an operator called by name (add, multiply, pow, ...) on
 * complex values, and which. */
bool em_complex_named_op(const MirExpr *e, Op *op);

/* emit_complex_adj.c */
/* The derivatives of complex values (see the file's comment: the adjoint
 * of x + iy is the double complex dL/dx + i dL/dy).  f'(z) as C for the
 * holomorphic functions of one complex scalar that C99 has as c<fn>
 * (and log10), else NULL; the reverse step of a complex operator, of a
 * library call on complex values (false: it has none, the caller
 * refuses), and of a real expression x taken as complex (adj complex:
 * its real part goes into x). */
const char *em_complex_unary_deriv(Arena *a, const char *fn, const char *z);
void em_complex_backprop_binary(Emit *em, const MirExpr *e, Op op,
                                const char *adj);
bool em_complex_backprop(Emit *em, const MirExpr *e, const char *adj);
void em_complex_backprop_real(Emit *em, const MirExpr *x, const char *adj);

/* emit_complex_eigen_adj.c */
/* The reverse step of eigenvalues / eigenvectors (a real or complex
 * matrix) and of eigenvalues_sym / eigenvectors_sym of a complex matrix
 * (false: e is none of them). */
bool em_complex_eigen_backprop(Emit *em, const MirExpr *e, const char *adj);

/* emit_complex_linalg.c */
/* B / A for a complex matrix A (complex_row_vector or complex_matrix B):
 * B A^-1 through rt_complex_mdivide_right. */
Opnd em_complex_divide(Emit *em, Opnd l, Opnd r);
/* The products (dot_self, columns_/rows_dot_self, columns_/rows_dot_
 * product, crossprod, tcrossprod) and decompositions (eigenvalues,
 * eigenvectors, eigenvalues_sym / eigenvectors_sym of a complex matrix,
 * complex_schur_decompose_t/_u, singular_values, svd_U, svd_V) of
 * complex matrices: true when e is one, with its value in
 * *out. */
bool em_complex_linalg(Emit *em, const MirExpr *e, Opnd *out);

/* emit_linalg.c: the linear algebra of rt_linalg.h (crossprod,
 * quad_form, inverse, mdivide_left_tri_low, log_determinant,
 * eigenvalues_sym, ...) is em_linalg_rules.  gp_exp_quad_cov(x1, x2,
 * alpha, rho) of two arrays of reals or of vectors: true when e is that
 * form, with its value in *out, or its reverse step emitted (a part of
 * emit_lib.c's row). */
bool em_gp2_value(Emit *em, const MirExpr *e, Opnd *out);
bool em_gp2_backprop(Emit *em, const MirExpr *e, const char *adj);

/* emit_csr.c: the compressed sparse row functions of rt_csr.h
 * (csr_extract_w, _v, _u, csr_to_dense_matrix, csr_matrix_times_vector)
 * are em_csr_rules. */

/* The element offset of v[i, j, ...] with k single indices starting at
 * dimension `first`, and the count of the elements that remain. */
const char *em_index_offset(Emit *em, VarId v, const MirIndex *ix, int k,
                            int first, const char **count);
/* Whether the k indices are all single indices. */
bool em_indices_single(const MirIndex *ix, int k);
/* Any indices v[ix...] (ranges, multi-indices, single indices; the
 * dimensions after the k-th kept whole), with Stan's range checks: emits
 * an int array of the flat offsets of the selected elements in the
 * row-major order of the result and returns its name; *count gets their
 * number, *rows and *cols the sizes of the result's last two kept
 * dimensions (count x 1 when only one is kept). */
const char *em_index_map(Emit *em, VarId v, const MirIndex *ix, int k,
                         const char **count, const char **rows,
                         const char **cols);

#endif
