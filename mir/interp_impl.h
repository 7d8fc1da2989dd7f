/* interp_impl.h - what the interpreter's files share (interp.c evaluates,
 * interp_lib.c calls the runtime's math, interp_trace.c prints); not part
 * of mir.h's public interface. */
#ifndef PPL_INTERP_IMPL_H
#define PPL_INTERP_IMPL_H

#include "mir.h"
#include "pplrt.h"

/* A value: the Stan types the interpreter knows. */
typedef enum IvKind {
    IV_VOID, IV_INT, IV_REAL, IV_VEC, IV_ROWVEC, IV_MAT, IV_ARRAY, IV_STR,
    IV_FUN,             /* a function passed to a higher-order one */
    IV_COMPLEX,         /* a complex scalar: r + im i */
    IV_CVEC, IV_CROWVEC, IV_CMAT    /* complex containers: d holds 2
                                       doubles (re, im) an element, as
                                       runtime/rt_complex.h */
} IvKind;

typedef struct IVal IVal;
struct IVal {
    IvKind k;
    int rows, cols;     /* VEC: rows x 1, ROWVEC: 1 x cols, MAT */
    int n;              /* ARRAY: elements */
    long long i;        /* INT */
    double r;           /* REAL; COMPLEX: the real part */
    double im;          /* COMPLEX: the imaginary part */
    double *d;          /* VEC ROWVEC MAT: rows * cols, row-major; CVEC
                           CROWVEC CMAT: 2 * rows * cols */
    IVal *el;           /* ARRAY */
    const char *s;      /* STR: the content; FUN: the function's name */
};

/* The largest value the interpreter allocates (doubles). */
#define INTERP_MAX_ELEMENTS (1 << 25)

/* Status of a library call: done, failed (err set), or not supported. */
enum { LIB_OK = 0, LIB_ERROR = -1, LIB_UNSUPPORTED = -2 };

/* The call's context: an arena for values, the error, the RNG (none in
 * log_prob) and whether each argument depends on the parameters. */
typedef struct LibCall {
    Arena *a;
    RtError *err;
    const char *name;       /* the function (operators: stanc3's name) */
    IVal *args;
    const bool *ad;
    int nargs;
    bool propto;            /* _lupdf/_lupmf may drop constants here (the
                               log density, or a function called as
                               _lupdf from there) */
} LibCall;

/* A library function or operator on args; LIB_UNSUPPORTED leaves the
 * message "the interpreter does not support NAME yet" in err. */
int interp_lib_call(LibCall *c, IVal *out);
/* interp_multi.c: cumulative distributions, multivariate densities and
 * GLMs (base: a density's name without its suffix, or NULL), matrix
 * functions; -3 when the function is none of them. */
int interp_lib_more(LibCall *c, IVal *out, const char *base, bool propto);
/* interp_matrix_exp_csr.c: matrix_exp, matrix_exp_multiply,
 * scale_matrix_exp_multiply, generalized_inverse and the CSR functions;
 * -3 when the function is none of them. */
int interp_matrix_exp_csr(LibCall *c, IVal *out);

/* Values */
IVal iv_int(long long v);
IVal iv_real(double v);
/* A vector, row vector or matrix of the shape, zeroed; NULL data (and
 * LIB_ERROR in err) beyond INTERP_MAX_ELEMENTS. */
int iv_alloc(Arena *a, IvKind k, long rows, long cols, IVal *out,
             RtError *err);
IVal iv_copy(Arena *a, const IVal *v);
IVal iv_complex(double re, double im);
/* Whether k is a complex scalar or container; v a complex value or an
 * array of them. */
bool iv_is_complex_kind(IvKind k);
bool iv_is_complex(const IVal *v);
/* The number of doubles in v's leaves (arrays summed), ints counted too
 * (a complex counts 2). */
long iv_count(const IVal *v);
/* v's reals (ints converted) flattened in storage order into out. */
void iv_flatten(const IVal *v, double *out);
/* The value as the trace prints it (containers cut after 8 entries). */
const char *iv_show(Arena *a, const IVal *v);
/* The value as print() writes it. */
void iv_msg(RtMsg *m, const IVal *v);
double iv_num(const IVal *v);   /* a scalar as double, NaN otherwise */

/* One index of a container dimension: the positions (0-based) it
 * selects and whether it drops the dimension (a single index). */
typedef struct Sel {
    int *pos;
    int n;
    bool single;
} Sel;

/* What the backward pass (interp_grad.c) needs of a node: its value, its
 * arguments' values and how to call it again. */
typedef struct MirTraceVals {
    IVal out;               /* the node's value */
    const IVal *args;       /* the arguments' values ([]: the base; []=:
                               the variable before and the right side) */
    int nargs;
    const char *lib;        /* a library call: interp_lib_call's name */
    const MirExpr *call;    /* a call: the MIR (internals are called
                               again through it) */
    const bool *ad;
    bool propto;
    double lj;              /* FnConstrain__: its log-Jacobian */
    const Sel *sels;        /* [] and []=: the selection */
    int nsels;
    bool is_read;           /* FnReadParam__: ulabels holds, for each value
                               read, its index in u */
    IVal ulabels;
} MirTraceVals;

/* ------------------------------------------- the interpreter's state */

typedef struct LocEntry LocEntry;
struct LocEntry {
    const void *key;
    int block, id;
};

typedef struct LocMap {
    LocEntry *e;
    size_t cap;         /* a power of two */
    size_t n;
} LocMap;

typedef struct Frame Frame;
struct Frame {
    IVal *val;              /* per VarId */
    unsigned char *set;
    int *node;              /* per VarId: @node in trace, 0: none yet */
    Frame *outer;           /* where unset variables are looked up */
    MirTrace *trace;        /* NULL: not recording */
    int depth;              /* 1: the section's own list */
    bool propto;            /* _lupdf calls drop constants (as the
                               sampler's emitted code decides) */
    IVal ret;
};

struct MirInterp {
    MirProgram *p;
    Arena *a;
    LocMap map;
    Frame global;           /* data and transformed data */
    const RtData *data;     /* what FnReadData__ reads */
    const double *u;        /* what FnReadParam__ reads */
    int upos;
    double *uout;           /* what FnWriteParam__ writes (inits) */
    int nout;
    int nunc;               /* unconstrained values */
    bool counting;          /* prepare_data: count the parameters' sizes */
    bool in_log_prob;
    MirInterpOptions opt;
    double target;
    RtError err;
    bool unsupported;
};

/* An operand in the trace: @node, or the constant konst. */
typedef struct Ref {
    int node;
    const char *konst;
} Ref;

#define NOREF ((Ref){0, NULL})

enum { EX_OK = 0, EX_ERROR = -1, EX_BREAK = 1, EX_CONTINUE = 2,
       EX_RETURN = 3 };

/* interp.c */
/* The message (fmt with one %s) into the interpreter's error; -1. */
int interp_fail(MirInterp *I, const char *fmt, const char *s);
/* "the interpreter does not support WHAT yet"; -1. */
int interp_unsupported(MirInterp *I, const char *what);
int interp_as_int(MirInterp *I, const IVal *v, long long *out);
/* e's value into out and its operand in the trace into ref; 0 or -1. */
int interp_eval(MirInterp *I, Frame *f, const MirExpr *e, IVal *out,
                Ref *ref);


/* interp_grad_rules.c: the closed-form derivative rules (see there). */
typedef struct InterpGradRule {
    const char *name;       /* a density: the name without its suffix */
    int nargs;
    const char *domain;     /* per argument, for the tests: '-' any real,
                               P positive, U in (0, 1), I a count, B 0/1 */
    bool density;           /* the result sums f over the elements */
    void (*d)(const double *x, double *partials);
} InterpGradRule;
const InterpGradRule *interp_grad_rules(int *n);
/* The rule of a primitive (NULL: none); *density when name has a density's
 * suffix. */
const InterpGradRule *interp_grad_rule(const char *name, bool *density);

/* digamma(x), x > 0 (interp_grad_rules.c) */
double interp_digamma(double x);
/* interp_grad_more.c: the rearranging functions, dirichlet, categorical,
 * multinomial, add_diag, diag_pre/post_multiply, quad_form_diag and
 * gp_exp_quad_cov (base: lib without a density's suffix); 0, or 1 when
 * none of them fits. */
int interp_grad_more(Arena *a, const char *base, const MirTraceVals *kv,
                     const double *gout, double **ga);
/* Whether lib only copies its arguments' values (to_vector, append_row,
 * rep_matrix, ...): interp_grad_more's rule by labels serves it. */
bool interp_grad_rearranging(const char *lib);

/* interp_grad_multi.c: the multivariate normal densities' partials
 * (base: the density's name without its suffix) times gout into ga[k]
 * (NULL: not wanted); 0, or 1 when base or the shapes are not these. */
int interp_grad_multi_normal(Arena *a, const char *base, const IVal *args,
                             int nargs, double gout, double **ga);

/* interp_grad_glm.c: bernoulli_logit_glm, poisson_log_glm and
 * categorical_logit_glm (base: without the suffix): the partials of x,
 * alpha and beta times g into ga[k]; 1 when base or the shapes are not
 * these. */
int interp_grad_glm(Arena *a, const char *base, const MirTraceVals *kv,
                    double g, double **ga);

/* wishart and inv_wishart (W | nu, S) with one K x K W: the partials of
 * W, nu and S times g into ga[k] (NULL: not wanted); 1 when base or the
 * shapes are not these, or a matrix is not positive definite. */
int interp_grad_wishart(Arena *a, const char *base, const IVal *args,
                        int nargs, double g, double **ga);

/* lkj_corr_cholesky and lkj_corr: the matrix's partials; 1 when base or
 * the shapes are not these, or eta is differentiated. */
int interp_grad_lkj(Arena *a, const char *base, const IVal *args, int nargs,
                    double g, double **ga);
/* cholesky_decompose's rule: L its result, gL L's adjoint, added into
 * gA; 1 when L is not a square matrix. */
int interp_grad_cholesky(Arena *a, const IVal *L, const double *gL,
                         double *gA);

/* interp_grad_transforms.c: FnConstrain__ of simplex, stochastic_row,
 * stochastic_column, unit_vector, sum_to_zero_vector, cov_matrix,
 * cholesky_factor_cov, cholesky_factor_corr and corr_matrix (items of an
 * array one after the other): gy (the value's adjoint) and glj (the
 * log-Jacobian's) into ga[0]; 0, or 1 when kv is none of them. */
int interp_grad_transform(Arena *a, const MirTraceVals *kv, const double *gy,
                          double glj, double **ga);

/* interp_grad_complex.c: the partials of the functions and operators on
 * complex values (a complex value's adjoint: its parts' adjoints side by
 * side, d/dre + i d/dim) times gout into ga[k]; 1 when no value is
 * complex or lib is a rearranging function (interp_grad_more's), 2 when
 * lib has no closed form here (the caller differentiates numerically). */
int interp_grad_complex(Arena *a, const MirTraceVals *kv, const double *gout,
                        double **ga);

/* interp_io.c */
/* The content of a string literal argument ("" for anything else). */
const char *interp_str_arg(const MirExpr *e);
/* FnReadData__, FnReadParam__ (counting the free values when I->counting
 * is set, reading I->u otherwise). */
int interp_read_data(MirInterp *I, Frame *f, const MirExpr *e, IVal *out);
int interp_read_param(MirInterp *I, Frame *f, const MirExpr *e, IVal *out);
/* Whether e is a whole array of tuples as mir/untuple.c leaves it in
 * print, reject and fatal_error: the tuple of its slots' arrays.  Its
 * text, as Stan Math's stan_print writes it ([(1,2.5),(3,4.5)]), into
 * *out as a string (its slots evaluated here). */
bool interp_is_tuple_array(const MirExpr *e);
int interp_tuple_text(MirInterp *I, Frame *f, const MirExpr *e, IVal *out,
                      Ref *ref);
/* The other internals on their evaluated arguments vals; for
 * FnConstrain__ the log-Jacobian into *lj_out. */
int interp_internal(MirInterp *I, Frame *f, const MirExpr *e,
                    const IVal *vals, IVal *out, double *lj_out);

/* interp_complex.c: the library's functions and operators on complex
 * values (c->name as interp_lib_call's); -3 when none of the arguments
 * is complex and the function is not one making complex values. */
int interp_complex_call(LibCall *c, IVal *out);
/* The complex counterpart of a real kind (VEC -> CVEC ...), and back. */
IvKind iv_complex_kind(IvKind k);
IvKind iv_real_kind(IvKind k);
/* v (int, real, a real container, or complex) as complex of kind k's
 * shape: a copy when it must be converted. */
int iv_to_complex(Arena *a, const IVal *v, IVal *out, RtError *err);

/* interp_complex_linalg.c: dot_self, columns_/rows_dot_self,
 * columns_/rows_dot_product, crossprod, tcrossprod, B / A and
 * singular_values on complex values; -3 when c is none of them. */
int interp_complex_linalg(LibCall *c, IVal *out);

/* interp_arrays.c: ones_array and the other array builders,
 * append_array, dims, to_int, falling_factorial and rising_factorial;
 * -3 when c is none of them. */
int interp_arrays_call(LibCall *c, IVal *out);

/* interp_shape.c: col, block, sub_col, sub_row, diagonal, to_matrix,
 * trace, symmetrize_from_lower_tri, and the real-linear functions of
 * complex values by parts (see there); -3 when c is none of them. */
int interp_shape_call(LibCall *c, IVal *out);

/* interp_ode.c: ode_rk45 and ode_rk45_tol on their evaluated arguments
 * (the value: a solve without sensitivities, as the sampler's); -3 when
 * e is not one of them. */
int interp_ode_call(MirInterp *I, const MirExpr *e, IVal *vals, IVal *out);
/* Their backward rule: the solve again with forward sensitivities (the
 * right-hand side's Jacobians by the backward pass of its own trace), the
 * outputs' adjoints gout multiplied into them and added into ga[k]; st
 * counts the call as one primitive (numeric, with the names, when some
 * primitive of the right-hand side was differentiated numerically).  0, -1 (err), or 1 when
 * kv is not an ODE call. */
int interp_ode_grad(MirInterp *I, const MirTraceVals *kv, const double *gout,
                    double **ga, MirGradStats *st);

/* interp.c: the user function fn called on vals outside any list (the
 * caller's frame is the globals); with list, its own list recorded in
 * full (every nested call entered) into *list. */
int interp_call_fun(MirInterp *I, const char *fn, IVal *vals, int nargs,
                    const MirExpr *where, IVal *out, MirTrace **list);

/* interp_grad.c: the adjoints of the arguments of a recorded call's list
 * t (as for a nested call): gret the returned value's adjoint; for each
 * k < nargs with argact[k], argument k's adjoints (argm[k] values) added
 * into argadj[k].  0, or -1 with why. */
int interp_grad_list(MirInterp *I, MirTrace *t, const bool *argact,
                     int nargs, const double *gret, double **argadj,
                     const long *argm, MirGradStats *st, char *why,
                     size_t nwhy);
/* from's counts added into into, its numeric primitives' names merged
 * (allocated in a). */
void interp_grad_merge(Arena *a, MirGradStats *into,
                       const MirGradStats *from);

/* interp_index.c: the selections of the indices ix[0..n-1] on v (their
 * operands appended to refs at *nrefs); v indexed by the selections
 * s[0..n-1] into out; rhs stored into v at them (v's containers are
 * written in place). */
int interp_make_sels(MirInterp *I, Frame *f, const IVal *v,
                     const MirIndex *ix, int n, const char *name, Sel *sels,
                     Ref *refs, int *nrefs);
int interp_select(MirInterp *I, const IVal *v, const Sel *s, int n,
                  IVal *out);
int interp_store(MirInterp *I, IVal *v, const Sel *s, int n, const IVal *rhs);

#endif
