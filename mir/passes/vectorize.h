/* vectorize.h - the int arithmetic the vectorize-loops pass reasons about:
 * loop bounds, index offsets, slice bounds and declared sizes as linear
 * forms over int atoms, and what can be proved about them from literals
 * and the data's declared constraints.  Internal to mir/passes/ (the
 * passes' public header is passes.h); vectorize_range.c. */
#ifndef PPL_VECTORIZE_H
#define PPL_VECTORIZE_H

#include <stdbool.h>

#include "mir.h"

#define VEC_LIN_MAX 8

/* k + sum coef[i] * atom[i]: an atom is an int variable, or size(x) /
 * num_elements(x) / rows(x) / cols(x) of a variable x whose declared size
 * is not known as a linear form.  Atoms are distinct (structurally) and
 * no coefficient is 0. */
typedef struct VecLin {
    long long k;
    int n;
    const MirExpr *atom[VEC_LIN_MAX];
    long long coef[VEC_LIN_MAX];
} VecLin;

/* The linear form of the int expression e: literals, int variables,
 * +, -, unary minus, * by a literal, and size-like calls of a variable
 * (replaced by the variable's declared size when that is a linear form of
 * data); false when e is anything else (so a bound with a linear form
 * has no effect but an int overflow, which the loop would have too). */
bool vec_lin(const MirProgram *p, const MirExpr *e, VecLin *out);

/* *x += scale * y; false when a value leaves 32 bits or there are too
 * many atoms. */
bool vec_lin_add(VecLin *x, const VecLin *y, long long scale);

/* Whether l reads variable v (an atom that is v or reads it). */
bool vec_lin_reads(const VecLin *l, VarId v);

/* l without the atom that is exactly the variable v; its coefficient in
 * *coef (0 when absent). */
VecLin vec_lin_without(const VecLin *l, VarId v, long long *coef);

/* Whether l is a constant (no atoms); its value in *k. */
bool vec_lin_const(const VecLin *l, long long *k);

/* Whether every atom of l reads only data and transformed data (values
 * that cannot change inside log_prob, so that two occurrences are one
 * value wherever they are evaluated). */
bool vec_lin_fixed(const MirProgram *p, const VecLin *l);

/* The least / greatest value l can have, from its constant and the
 * declared bounds of its atoms (data ints with literal bounds); false
 * when an atom's bound on that side is not known. */
bool vec_lin_min(const MirProgram *p, const VecLin *l, long long *min);
bool vec_lin_max(const MirProgram *p, const VecLin *l, long long *max);

/* The declared size of a one-dimensional variable x (array[n] real|int,
 * vector[n], row_vector[n]) as a fixed linear form; false when x is of
 * another shape or its size is not a linear form of data. */
bool vec_lin_size(const MirProgram *p, VarId x, VecLin *out);

/* The declared bounds of the elements of the int array g, a data or
 * transformed data variable, as fixed linear forms; false when g has no
 * lower and upper bound. */
bool vec_int_bounds(const MirProgram *p, VarId g, VecLin *lower,
                    VecLin *upper);

/* An int expression computing l: atoms in order, the constant last
 * (N - 1, 2 * K + 1, a literal). */
MirExpr *vec_lin_expr(MirProgram *p, const VecLin *l);

#endif
