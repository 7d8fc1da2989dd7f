/* format_canon.h - what --auto-format reads from the tree besides the text
 * it prints: where a statement's leading comments end, and the rewrites of
 * --canonicalize=deprecations (internal to frontend/format*.c). */
#ifndef PPL_FORMAT_CANON_H
#define PPL_FORMAT_CANON_H

#include <stdbool.h>

#include "arena.h"
#include "frontend.h"
#include "lexer.h"

/* Precedence of expressions, loosest first (Reference Manual, "Operator
 * precedence and associativity"). */
enum {
    PREC_TERNARY = 1,
    PREC_ADD = 6,
    PREC_PREFIX = 10,
    PREC_POW = 11,
    PREC_POSTFIX = 12,
    PREC_ABOVE_ALL = 13    /* forces parentheses */
};

int fmt_op_prec(Op op);
int fmt_expr_prec(const Expr *e);
const Expr *fmt_skip_promotions(const Expr *e);
/* a < b < c: a comparison whose left operand, as written, is one */
bool fmt_chained_comparison(const Expr *e);
/* Whether `e.1` lexes as a projection of e. */
bool fmt_ends_projectable(const Expr *e);
/* Declarations written together (`real a, b;`) share their type: the last
 * item of the group that starts at items[i]. */
int fmt_group_end(Stmt **items, int n, int i);
/* The tokens a comment can sit before or after inside an expression
 * (stanc3's lexer adds a Separator for each). */
bool fmt_is_separator(TokKind k);

/* Where the comments printed before statement s end: stanc3 takes them
 * up to an approximation of the statement's first token (Ast.
 * get_first_loc), so a comment written inside the head of a declaration,
 * a loop, a conditional, a return, a target increment or a function
 * definition, before the place named here, goes before the statement. */
Loc fmt_first_loc(const Stmt *s);

/* The items of a functions block without the forward declarations of
 * functions the block defines with the same signature; *out is allocated
 * in a.  Returns how many items are kept. */
int fmt_without_forward_decls(Arena *a, Stmt *const *items, int n,
                              Stmt ***out);

/* e where a condition or an operand of !, && or || is expected: a real e
 * compared with 0.0, in parentheses when `parens`; other expressions are
 * returned as they are.  New nodes are allocated in a. */
const Expr *fmt_real_as_condition(Arena *a, const Expr *e, bool parens);

#endif
