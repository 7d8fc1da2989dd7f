/* format_canon.c - what --auto-format reads from the tree besides the text
 * it prints.
 *
 * Questions the printer asks of the tree: precedence (Reference Manual,
 * "Operator precedence and associativity"), declarations written together,
 * the tokens comments are placed around; fmt_first_loc follows stanc3's
 * Ast.get_first_loc.
 *
 * --canonicalize=deprecations rewrites, besides the syntax the parser no
 * longer accepts (stanc3's Canonicalize.ml and Deprecation_analysis.ml):
 *   - a forward declaration of a function that the functions block defines
 *     with the same signature goes (remove_unneeded_forward_decls: user
 *     functions are in scope wherever they are defined);
 *   - a real used as the condition of an if or a while, or as an operand
 *     of !, && or ||, is compared with 0.0 (replace_boolean_real: using a
 *     real as a boolean is deprecated). */
#include "format_canon.h"

#include <string.h>

/* ------------------------------------------------ questions on the tree */

int fmt_op_prec(Op op)
{
    switch (op) {
    case OP_OR: return 2;
    case OP_AND: return 3;
    case OP_EQ: case OP_NEQ: return 4;
    case OP_LT: case OP_LEQ: case OP_GT: case OP_GEQ: return 5;
    case OP_ADD: case OP_SUB: return PREC_ADD;
    case OP_MUL: case OP_DIV: case OP_IDIV: case OP_MOD: return 7;
    case OP_LDIV: return 8;
    case OP_EMUL: case OP_EDIV: return 9;
    case OP_NOT: case OP_NEG: case OP_PLUS: return PREC_PREFIX;
    case OP_POW: case OP_EPOW: return PREC_POW;
    default: return PREC_POSTFIX;
    }
}

int fmt_expr_prec(const Expr *e)
{
    switch (e->kind) {
    case EX_TERNARY: return PREC_TERNARY;
    case EX_BINARY: return fmt_op_prec(e->op);
    case EX_PREFIX: return PREC_PREFIX;
    default: return PREC_POSTFIX;
    }
}

const Expr *fmt_skip_promotions(const Expr *e)
{
    while (e->kind == EX_PROMOTE)
        e = e->lhs;
    return e;
}

static bool is_comparison(Op op)
{
    return op == OP_EQ || op == OP_NEQ || op == OP_LT || op == OP_LEQ
           || op == OP_GT || op == OP_GEQ;
}

bool fmt_chained_comparison(const Expr *e)
{
    return is_comparison(e->op) && e->lhs->kind == EX_BINARY
           && is_comparison(e->lhs->op);
}

/* The lexer takes ".1" for a projection only after an identifier, ")" or
 * "]". */
bool fmt_ends_projectable(const Expr *e)
{
    switch (e->kind) {
    case EX_VAR: case EX_CALL: case EX_COND_CALL: case EX_INDEX:
    case EX_TUPLE_PROJ: case EX_TUPLE_EXPR: case EX_ROWVEC_EXPR:
    case EX_PAREN: case EX_GET_LP:
        return true;
    default:
        return false;
    }
}

int fmt_group_end(Stmt **items, int n, int i)
{
    int j = i;
    if (items[i]->kind != ST_DECL)
        return j;
    while (j + 1 < n && items[j + 1]->kind == ST_DECL
           && items[j + 1]->decl->type == items[i]->decl->type
           && items[j + 1]->decl->annots == items[i]->decl->annots)
        j++;
    return j;
}

bool fmt_is_separator(TokKind k)
{
    switch (k) {
    case P_LT: case P_GT: case P_COMMA: case P_BAR: case K_ELSE:
    case P_QMARK: case P_MINUS: case P_PLUS: case P_HAT: case P_TIMES:
    case P_DIVIDE: case P_MODULO: case P_IDIVIDE: case P_LDIVIDE:
    case P_ELTTIMES: case P_ELTPOW: case P_ELTDIVIDE: case P_OR: case P_AND:
    case P_EQ: case P_NEQ: case P_LEQ: case P_GEQ:
        return true;
    default:
        return false;
    }
}

/* ------------------------------------------------------- canonicalizing */

/* stanc3 Ast.get_first_loc: the loop variable of a for, the name of a
 * function defined, the expression of an if, a while, a return or a
 * target/jacobian increment, and for a declaration the first size of its
 * type, else the first bound of its constraint, else its name. */
Loc fmt_first_loc(const Stmt *s)
{
    switch (s->kind) {
    case ST_FOR: case ST_FOREACH:
        return s->name_span.begin;
    case ST_FUNDEF:
        return s->fundef->name_span.begin;
    case ST_IF: case ST_WHILE:
        return s->cond->span.begin;
    case ST_RETURN: case ST_TARGET_PE: case ST_JACOBIAN_PE:
    case ST_INCR_LOG_PROB:
        return s->rhs ? s->rhs->span.begin : s->span.begin;
    case ST_DECL: {
        const SizedType *t = s->decl->type;
        if (t->kind == TY_ARRAY && t->ndims > 0)
            return t->dims[0]->span.begin;
        if (t->kind != TY_TUPLE && t->nsizes > 0)
            return t->size[0]->span.begin;
        switch (t->tr.kind) {
        case TR_LOWER: case TR_LOWER_UPPER: case TR_OFFSET:
        case TR_OFFSET_MULTIPLIER:
            return t->tr.a->span.begin;
        case TR_UPPER: case TR_MULTIPLIER:
            return t->tr.b->span.begin;
        default:
            return s->decl->name_span.begin;
        }
    }
    default:
        return s->span.begin;
    }
}

/* The same name and, argument by argument, the same data qualifier and
 * unsized type (stanc3's UnsizedType.equal_argumentlist). */
static bool same_signature(const FunDef *a, const FunDef *b)
{
    if (strcmp(a->name, b->name) != 0 || a->nparams != b->nparams)
        return false;
    for (int i = 0; i < a->nparams; i++)
        if (a->params[i].data_only != b->params[i].data_only
            || !ty_equal(a->params[i].type, b->params[i].type))
            return false;
    return true;
}

static bool defined_in(const FunDef *decl, Stmt *const *items, int n)
{
    for (int i = 0; i < n; i++) {
        const Stmt *s = items[i];
        if (s->kind == ST_FUNDEF && s->fundef->body
            && same_signature(decl, s->fundef))
            return true;
    }
    return false;
}

int fmt_without_forward_decls(Arena *a, Stmt *const *items, int n,
                              Stmt ***out)
{
    Stmt **kept = arena_alloc(a, sizeof *kept * (size_t)(n > 0 ? n : 1));
    int m = 0;
    for (int i = 0; i < n; i++) {
        const Stmt *s = items[i];
        if (s->kind == ST_FUNDEF && !s->fundef->body
            && defined_in(s->fundef, items, n))
            continue;
        kept[m++] = items[i];
    }
    *out = kept;
    return m;
}

const Expr *fmt_real_as_condition(Arena *a, const Expr *e, bool parens)
{
    if (!e->type || e->type->kind != TY_REAL)
        return e;
    Span end = {e->span.end, e->span.end};
    Expr *zero = NEW(a, Expr);
    zero->kind = EX_REAL;
    zero->text = "0.0";
    zero->span = end;
    zero->type = e->type;
    zero->nesting = 1;
    Expr *cmp = NEW(a, Expr);
    cmp->kind = EX_BINARY;
    cmp->op = OP_NEQ;
    cmp->lhs = (Expr *)e;
    cmp->rhs = zero;
    cmp->span = e->span;
    cmp->type = ty_basic(TY_INT);
    cmp->nesting = e->nesting + 1;
    if (!parens)
        return cmp;
    Expr *paren = NEW(a, Expr);
    paren->kind = EX_PAREN;
    paren->lhs = cmp;
    paren->span = e->span;
    paren->type = cmp->type;
    paren->nesting = cmp->nesting + 1;
    return paren;
}
