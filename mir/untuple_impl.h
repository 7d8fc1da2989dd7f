/* untuple_impl.h - what the files of the untupling share (untuple.c takes
 * variables and values apart, untuple_calls.c the arguments of user
 * functions and of the higher-order calls that pass them); not part of
 * mir.h's public interface. */
#ifndef PPL_UNTUPLE_IMPL_H
#define PPL_UNTUPLE_IMPL_H

#include "mir.h"

typedef struct Tup {
    MirProgram *p;
    Arena *a;
    int cap;                /* entries of first, subst, bad */
    VarId *first;           /* per variable: its first element, or -1 */
    MirExpr **subst;        /* internal temporaries: their value */
    bool *bad;              /* variables left whole (found so far) */
    VarId *root;            /* per element variable: the tuple variable
                               taken apart, at the outermost level */
    int nfuns_cap;
    int *split;             /* per function: its first element function,
                               or -1 */
    int *parent, *slot;     /* per element function: whose element */
    bool *bad_fun;          /* functions not split (found so far) */
    bool *args_ok;          /* per function: its tuple arguments may be
                               taken apart (has a body, never passed to
                               a higher-order function that passes its
                               arguments as declared) */
    VarId **orig_params;    /* per function: its arguments as declared */
    int *orig_nparams;
    int n_orig;             /* the functions as declared: funs[0..n_orig) */
    const char **orig_name; /* per function as declared: its name */
    const char **new_name;  /* per function as declared: the name of an
                               overload whose arguments are taken apart
                               (unique: its arguments' slots could match
                               another overload's), or NULL */
    int cur_fun;            /* the function whose body is rewritten, or -1 */
    bool failed;            /* this attempt left something whole */
} Tup;

/* untuple.c */
bool ut_is_tuple(const Type *t);
bool ut_is_make_tuple(const MirExpr *e);
const Type *ut_slot_type(Arena *a, const Type *type, int k);
/* Element k (1-based) of the tuple value x (rewritten), or NULL. */
MirExpr *ut_project(Tup *t, const MirExpr *x, int k);

/* untuple_calls.c */
/* Before the element variables are made: which functions' tuple
 * arguments may be taken apart, and the new names of the overloads
 * among them. */
void ut_prepare_args(Tup *t);
/* After split_functions: the renamed overloads get their names (funs is
 * the attempt's copy of the functions), their element functions too. */
void ut_rename(Tup *t, MirFun *funs, int n);
/* After split_functions: every function's arguments taken apart are
 * replaced by their elements. */
void ut_flatten_args(Tup *t, int n_orig);
/* A call (its arguments rewritten): a user function's with its
 * arguments projected onto the elements and the overload's new name; a
 * higher-order call's trailing arguments projected onto the elements of
 * its function's; reduce_sum of a function with tuple arguments as the
 * direct call f(x, 1, size(x), ...). */
MirExpr *ut_rw_call(Tup *t, MirExpr *c);

#endif
