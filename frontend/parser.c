/* parser.c - recursive descent over the token list (Reference Manual,
 * "Program blocks", "Statements", "Expressions").  The grammar rule a
 * function parses is written above it.  The first syntax error ends the
 * parse, as in stanc3: the message says what was expected there. */
#include "parser.h"

#include <setjmp.h>
#include <stdarg.h>
#include <string.h>

typedef struct Parser {
    Arena *arena;
    DiagSink *sink;
    const Token *toks;
    int len, pos;
    int depth;          /* nesting of statements and types */
    int expr_depth;     /* nesting of expressions being parsed */
    jmp_buf fail;
} Parser;

/* Deeper nesting than this is refused rather than risking the C stack;
 * no real program comes near it.  Statements and types nest at most
 * MAX_NESTING deep.  Expressions at most MAX_EXPR_NESTING levels: every
 * later stage (checker, formatter, --info, MIR lowering, passes, verifier,
 * printer, C backend, and the C compiler on the emitted code) walks an
 * expression recursively, so each level counts, including each operator
 * of a chain (a+b+c is 3 levels deep: (a+b)+c), each index, transpose
 * and tuple projection, each prefix operator, parenthesis and call
 * argument.  A sum written out with 500 terms is allowed.  Measured
 * within an 8 MB stack (tests/hostile/fe_long_chains.sh checks at the
 * limit): the checker, formatter, --info and the MIR stages take more than
 * 10,000 levels; the C backend about 17,000 levels of a binary chain and
 * 5,000 of nested calls or prefix operators at -O2, but under
 * -fsanitize=address -O1 (make asan) about 2,900 and 750, its em_value_call
 * frame being 8 KB there: nested calls are what the limit protects. */
enum { MAX_NESTING = 100, MAX_EXPR_NESTING = 500 };

/* ---------------------------------------------------------------- tokens */

static const Token *peek(const Parser *p)
{
    return &p->toks[p->pos];
}

static const Token *peek_at(const Parser *p, int ahead)
{
    int i = p->pos + ahead;
    return &p->toks[i < p->len ? i : p->len - 1];
}

static bool at(const Parser *p, TokKind k)
{
    return p->toks[p->pos].kind == k;
}

static const Token *next(Parser *p)
{
    const Token *t = &p->toks[p->pos];
    if (t->kind != T_EOF)
        p->pos++;
    return t;
}

static bool accept(Parser *p, TokKind k)
{
    if (!at(p, k))
        return false;
    next(p);
    return true;
}

/* The end of the last token consumed. */
static Loc prev_end(const Parser *p)
{
    return p->toks[p->pos > 0 ? p->pos - 1 : 0].span.end;
}

static Span from(const Parser *p, Loc begin)
{
    Span s = {begin, prev_end(p)};
    return s;
}

/* The syntax error id of the catalogue (diag.def: D_PARSE_*) at t, with
 * its format's arguments; parsing stops. */
static _Noreturn void fail_at(Parser *p, const Token *t, DiagId id, ...)
{
    va_list ap;
    va_start(ap, id);
    diag_vemit(p->sink, id, t->span, ap);
    va_end(ap);
    longjmp(p->fail, 1);
}

/* The next token, of kind k, or the syntax error id (with its format's
 * arguments) at it. */
static const Token *expect(Parser *p, TokKind k, DiagId id, ...)
{
    if (!at(p, k)) {
        va_list ap;
        va_start(ap, id);
        diag_vemit(p->sink, id, peek(p)->span, ap);
        va_end(ap);
        longjmp(p->fail, 1);
    }
    return next(p);
}

static void enter(Parser *p)
{
    if (++p->depth > MAX_NESTING)
        fail_at(p, peek(p), D_PARSE_NESTED_TOO_DEEP, MAX_NESTING);
}

static _Noreturn void too_deep(Parser *p, const Token *t)
{
    fail_at(p, t, D_PARSE_EXPRESSION_TOO_DEEP, MAX_EXPR_NESTING);
}

/* Entering a nested expression in the parser's recursion. */
static void enter_expr(Parser *p)
{
    if (++p->expr_depth > MAX_EXPR_NESTING)
        too_deep(p, peek(p));
}

static int max_nesting(int n, const Expr *e)
{
    return e && e->nesting > n ? e->nesting : n;
}

/* Set e's nesting from its children's, built iteratively (a left
 * associative chain, postfix operators), and refuse it past the limit at
 * the token `t` that made it. */
static Expr *nest(Parser *p, Expr *e, const Token *t)
{
    int n = max_nesting(0, e->lhs);
    n = max_nesting(n, e->rhs);
    n = max_nesting(n, e->cond);
    for (int i = 0; i < e->nargs; i++)
        n = max_nesting(n, e->args[i]);
    for (int i = 0; i < e->nindices; i++) {
        n = max_nesting(n, e->indices[i].lo);
        n = max_nesting(n, e->indices[i].hi);
    }
    e->nesting = n + 1;
    if (e->nesting > MAX_EXPR_NESTING)
        too_deep(p, t);
    return e;
}

/* An identifier that names something new: reserved words are refused with
 * the message stanc3 gives. */
static const Token *expect_new_ident(Parser *p, const char *what)
{
    const Token *t = peek(p);
    if (t->kind != T_IDENT) {
        if (t->kind >= K_FUNCTIONS && t->kind <= K_MULTIPLIER)
            fail_at(p, t, D_PARSE_RESERVED_KEYWORD_AS_IDENTIFIER, t->text);
        fail_at(p, t, D_PARSE_EXPECTED, what);
    }
    return next(p);
}

/* ----------------------------------------------------------- expressions */

static Expr *parse_expr(Parser *p);

static Expr *new_expr(Parser *p, ExprKind k, Loc begin)
{
    Expr *e = ast_new_expr(p->arena, k, from(p, begin));
    e->nesting = 1;  /* a leaf until nest() counts its children */
    return e;
}

/* arguments: expr ("," expr)* — up to the closing token `close`. */
static Expr **parse_args(Parser *p, TokKind close, int *n, const char *ctx)
{
    PtrVec v = {0};
    if (!at(p, close)) {
        for (;;) {
            vec_push(p->arena, &v, parse_expr(p));
            if (accept(p, P_COMMA))
                continue;
            if (!at(p, close))
                fail_at(p, peek(p), D_PARSE_EXPECTED_COMMA_OR_CLOSE,
                        lex_kind_str(close), ctx);
            break;
        }
    }
    next(p);
    *n = v.len;
    return (Expr **)v.items;
}

/* index: ":" | expr | ":" expr | expr ":" | expr ":" expr | (empty) */
static Index parse_index(Parser *p)
{
    Index ix = {IDX_ALL, NULL, NULL};
    if (at(p, P_COMMA) || at(p, P_RBRACK))
        return ix;  /* x[] and x[, 1]: an omitted index means all */
    if (accept(p, P_COLON)) {
        if (at(p, P_COMMA) || at(p, P_RBRACK))
            return ix;
        ix.kind = IDX_UPPER;
        ix.hi = parse_expr(p);
        return ix;
    }
    ix.lo = parse_expr(p);
    ix.kind = IDX_SINGLE;
    if (accept(p, P_COLON)) {
        if (at(p, P_COMMA) || at(p, P_RBRACK)) {
            ix.kind = IDX_LOWER;
        } else {
            ix.kind = IDX_BETWEEN;
            ix.hi = parse_expr(p);
        }
    }
    return ix;
}

/* call: ident "(" [expr ("|" | ",") args] ")" */
static Expr *parse_call(Parser *p, const Token *name)
{
    Loc begin = name->span.begin;
    next(p);  /* ( */
    PtrVec v = {0};
    bool cond = false;
    if (!at(p, P_RPAREN)) {
        vec_push(p->arena, &v, parse_expr(p));
        if (accept(p, P_BAR)) {
            cond = true;
            if (!at(p, P_RPAREN))
                for (;;) {
                    vec_push(p->arena, &v, parse_expr(p));
                    if (!accept(p, P_COMMA))
                        break;
                }
        } else {
            while (accept(p, P_COMMA))
                vec_push(p->arena, &v, parse_expr(p));
        }
    }
    if (!at(p, P_RPAREN))
        fail_at(p, peek(p), D_PARSE_CALL_ARGUMENTS, name->text);
    next(p);
    Expr *e = new_expr(p, cond ? EX_COND_CALL : EX_CALL, begin);
    e->name = name->text;
    e->name_span = name->span;
    e->args = (Expr **)v.items;
    e->nargs = v.len;
    return nest(p, e, name);
}

/* primary: literal | ident | call | "(" expr ")" | "(" expr "," ... ")"
 *        | "{" args "}" | "[" args "]" | target "(" ")" */
static Expr *parse_primary(Parser *p)
{
    const Token *t = peek(p);
    Loc begin = t->span.begin;
    Expr *e;
    switch (t->kind) {
    case T_INT_LIT:
    case T_REAL_LIT:
    case T_IMAG_LIT:
    case T_STRING:
        next(p);
        e = new_expr(p, t->kind == T_INT_LIT ? EX_INT
                        : t->kind == T_REAL_LIT ? EX_REAL
                        : t->kind == T_IMAG_LIT ? EX_IMAG : EX_STRING, begin);
        e->text = t->kind == T_IMAG_LIT
            ? arena_strndup(p->arena, t->text, strlen(t->text) - 1) : t->text;
        return e;
    case T_IDENT:
        if (peek_at(p, 1)->kind == P_LPAREN) {
            next(p);
            return parse_call(p, t);
        }
        next(p);
        e = new_expr(p, EX_VAR, begin);
        e->name = t->text;
        return e;
    case K_TARGET:
        next(p);
        if (peek(p)->kind != P_LPAREN)
            fail_at(p, peek(p), D_PARSE_TARGET_WITHOUT_PARENTHESES);
        next(p);
        expect(p, P_RPAREN, D_PARSE_EXPECTED_RPAREN_AFTER_TARGET);
        e = new_expr(p, EX_CALL, begin);
        e->name = "target";
        e->name_span = t->span;
        return e;
    case P_LPAREN: {
        next(p);
        Expr *inner = parse_expr(p);
        if (accept(p, P_COMMA)) {
            PtrVec v = {0};
            vec_push(p->arena, &v, inner);
            for (;;) {
                vec_push(p->arena, &v, parse_expr(p));
                if (!accept(p, P_COMMA))
                    break;
            }
            expect(p, P_RPAREN, D_PARSE_TUPLE_EXPRESSION);
            e = new_expr(p, EX_TUPLE_EXPR, begin);
            e->args = (Expr **)v.items;
            e->nargs = v.len;
            return nest(p, e, t);
        }
        expect(p, P_RPAREN, D_PARSE_UNCLOSED_PARENTHESIS);
        e = new_expr(p, EX_PAREN, begin);
        e->lhs = inner;
        return nest(p, e, t);
    }
    case P_LBRACE:
        next(p);
        e = ast_new_expr(p->arena, EX_ARRAY_EXPR, t->span);
        e->args = parse_args(p, P_RBRACE, &e->nargs,
                             "in an array expression");
        e->span = from(p, begin);
        if (e->nargs == 0)
            fail_at(p, &p->toks[p->pos - 1], D_PARSE_EMPTY_ARRAY_EXPRESSION);
        return nest(p, e, t);
    case P_LBRACK:
        next(p);
        e = ast_new_expr(p->arena, EX_ROWVEC_EXPR, t->span);
        e->args = parse_args(p, P_RBRACK, &e->nargs,
                             "in a row vector expression");
        e->span = from(p, begin);
        return nest(p, e, t);
    default:
        if (t->kind >= K_FUNCTIONS && t->kind <= K_MULTIPLIER)
            fail_at(p, t, D_PARSE_RESERVED_KEYWORD_IN_EXPRESSION, t->text);
        fail_at(p, t, D_PARSE_EXPECTED_EXPRESSION,
                t->kind == T_EOF ? "end of file" : t->text);
    }
}

/* postfix: primary ( "[" indexes "]" | "'" | "." int )* */
static Expr *parse_postfix(Parser *p)
{
    Loc begin = peek(p)->span.begin;
    Expr *e = parse_primary(p);
    for (;;) {
        if (at(p, P_LBRACK)) {
            const Token *open = next(p);
            Index *ix = NULL;
            int n = 0, cap = 0;
            for (;;) {
                if (n == cap) {
                    cap = cap ? cap * 2 : 2;
                    Index *grown = arena_alloc(p->arena, sizeof(Index) * (size_t)cap);
                    if (n)
                        memcpy(grown, ix, sizeof(Index) * (size_t)n);
                    ix = grown;
                }
                ix[n++] = parse_index(p);
                if (!accept(p, P_COMMA))
                    break;
            }
            expect(p, P_RBRACK, D_PARSE_INDEX);
            Expr *ie = new_expr(p, EX_INDEX, begin);
            ie->lhs = e;
            ie->indices = ix;
            ie->nindices = n;
            e = nest(p, ie, open);
        } else if (at(p, P_TRANSPOSE)) {
            const Token *t = next(p);
            Expr *te = new_expr(p, EX_POSTFIX, begin);
            te->op = OP_TRANSPOSE;
            te->lhs = e;
            e = nest(p, te, t);
        } else if (at(p, T_DOT_INT)) {
            const Token *t = next(p);
            Expr *pe = new_expr(p, EX_TUPLE_PROJ, begin);
            pe->lhs = e;
            pe->text = t->text + 1;
            e = nest(p, pe, t);
        } else {
            return e;
        }
    }
}

static Expr *parse_unary(Parser *p);

/* exponent: postfix [("^" | ".^") unary]  (right associative) */
static Expr *parse_exponent(Parser *p)
{
    Loc begin = peek(p)->span.begin;
    Expr *lhs = parse_postfix(p);
    if (at(p, P_HAT) || at(p, P_ELTPOW)) {
        const Token *t = next(p);
        Op op = t->kind == P_HAT ? OP_POW : OP_EPOW;
        enter_expr(p);
        Expr *rhs = parse_unary(p);
        p->expr_depth--;
        Expr *e = new_expr(p, EX_BINARY, begin);
        e->op = op;
        e->lhs = lhs;
        e->rhs = rhs;
        return nest(p, e, t);
    }
    return lhs;
}

/* unary: ("!" | "-" | "+") unary | exponent */
static Expr *parse_unary(Parser *p)
{
    Loc begin = peek(p)->span.begin;
    Op op = at(p, P_BANG) ? OP_NOT : at(p, P_MINUS) ? OP_NEG
          : at(p, P_PLUS) ? OP_PLUS : OP_NONE;
    if (op == OP_NONE)
        return parse_exponent(p);
    const Token *t = next(p);
    enter_expr(p);
    Expr *operand = parse_unary(p);
    p->expr_depth--;
    Expr *e = new_expr(p, EX_PREFIX, begin);
    e->op = op;
    e->lhs = operand;
    return nest(p, e, t);
}

/* Binary operators by precedence level, loosest first (Reference Manual,
 * "Operator precedence and associativity"); all left associative. */
static const struct {
    TokKind tok;
    Op op;
    int level;
} binops[] = {
    {P_OR, OP_OR, 1},
    {P_AND, OP_AND, 2},
    {P_EQ, OP_EQ, 3}, {P_NEQ, OP_NEQ, 3},
    {P_LT, OP_LT, 4}, {P_LEQ, OP_LEQ, 4}, {P_GT, OP_GT, 4}, {P_GEQ, OP_GEQ, 4},
    {P_PLUS, OP_ADD, 5}, {P_MINUS, OP_SUB, 5},
    {P_TIMES, OP_MUL, 6}, {P_DIVIDE, OP_DIV, 6}, {P_MODULO, OP_MOD, 6},
    {P_IDIVIDE, OP_IDIV, 6},
    {P_LDIVIDE, OP_LDIV, 7},
    {P_ELTTIMES, OP_EMUL, 8}, {P_ELTDIVIDE, OP_EDIV, 8},
};
enum { LEVEL_MAX = 8 };

static int binop_level(const Parser *p, Op *op)
{
    TokKind k = peek(p)->kind;
    for (size_t i = 0; i < sizeof binops / sizeof binops[0]; i++)
        if (binops[i].tok == k) {
            *op = binops[i].op;
            return binops[i].level;
        }
    return 0;
}

/* binary(level): binary(level+1) (op(level) binary(level+1))* */
static Expr *parse_binary(Parser *p, int level)
{
    if (level > LEVEL_MAX)
        return parse_unary(p);
    Loc begin = peek(p)->span.begin;
    Expr *lhs = parse_binary(p, level + 1);
    for (;;) {
        Op op = OP_NONE;
        int l = binop_level(p, &op);
        if (l != level)
            return lhs;
        const Token *t = next(p);
        Expr *rhs = parse_binary(p, level + 1);
        Expr *e = new_expr(p, EX_BINARY, begin);
        e->op = op;
        e->lhs = lhs;
        e->rhs = rhs;
        lhs = nest(p, e, t);
    }
}

static Expr *parse_ternary(Parser *p);

static Expr *parse_expr(Parser *p)
{
    enter_expr(p);
    Expr *e = parse_ternary(p);
    p->expr_depth--;
    return e;
}

/* expr: binary(1) ["?" expr ":" expr]  (right associative) */
static Expr *parse_ternary(Parser *p)
{
    Loc begin = peek(p)->span.begin;
    Expr *cond = parse_binary(p, 1);
    if (!at(p, P_QMARK))
        return cond;
    const Token *t = next(p);
    Expr *yes = parse_expr(p);
    expect(p, P_COLON, D_PARSE_EXPECTED_CONDITIONAL_COLON);
    Expr *no = parse_expr(p);
    Expr *e = new_expr(p, EX_TERNARY, begin);
    e->cond = cond;
    e->lhs = yes;
    e->rhs = no;
    return nest(p, e, t);
}

/* A bound in <lower=e, upper=e>: an additive expression or tighter, since
 * a ">" there closes the bounds (comparisons, && and || need parentheses). */
static Expr *parse_bound_expr(Parser *p)
{
    return parse_binary(p, 5);
}

/* ------------------------------------------------------------------ types */

static bool is_basic_type(TokKind k)
{
    return k == K_INT || k == K_REAL || k == K_COMPLEX || k == K_VECTOR
        || k == K_ROW_VECTOR || k == K_MATRIX || k == K_COMPLEX_VECTOR
        || k == K_COMPLEX_ROW_VECTOR || k == K_COMPLEX_MATRIX;
}

static bool is_constrained_type(TokKind k)
{
    return k >= K_ORDERED && k <= K_COLUMN_STOCHASTIC_MATRIX;
}

static bool starts_type(TokKind k)
{
    return is_basic_type(k) || is_constrained_type(k) || k == K_ARRAY
        || k == K_TUPLE;
}

static TypeKind basic_kind(TokKind k)
{
    switch (k) {
    case K_INT: return TY_INT;
    case K_REAL: return TY_REAL;
    case K_COMPLEX: return TY_COMPLEX;
    case K_VECTOR: return TY_VECTOR;
    case K_ROW_VECTOR: return TY_ROW_VECTOR;
    case K_MATRIX: return TY_MATRIX;
    case K_COMPLEX_VECTOR: return TY_COMPLEX_VECTOR;
    case K_COMPLEX_ROW_VECTOR: return TY_COMPLEX_ROW_VECTOR;
    case K_COMPLEX_MATRIX: return TY_COMPLEX_MATRIX;
    default: return TY_ERROR;
    }
}

/* "[" ","* "]": the number of dimensions of an unsized array. */
static int parse_unsized_dims(Parser *p)
{
    expect(p, P_LBRACK, D_PARSE_EXPECTED_LBRACKET_AFTER_ARRAY);
    int dims = 1;
    while (accept(p, P_COMMA))
        dims++;
    expect(p, P_RBRACK, D_PARSE_UNSIZED_ARRAY_DIMENSIONS);
    return dims;
}

static const Type *parse_unsized_type(Parser *p);

/* unsized_nonarray: basic | "tuple" "(" unsized ("," unsized)+ ")" */
static const Type *parse_unsized_nonarray(Parser *p)
{
    const Token *t = peek(p);
    if (is_basic_type(t->kind)) {
        next(p);
        if (at(p, P_LBRACK))
            fail_at(p, peek(p), D_PARSE_OLD_UNSIZED_ARRAY, t->text, t->text);
        return ty_basic(basic_kind(t->kind));
    }
    if (t->kind == K_TUPLE) {
        next(p);
        expect(p, P_LPAREN, D_PARSE_EXPECTED_LPAREN_AFTER, "tuple");
        PtrVec v = {0};
        for (;;) {
            vec_push(p->arena, &v, (void *)parse_unsized_type(p));
            if (!accept(p, P_COMMA))
                break;
        }
        expect(p, P_RPAREN, D_PARSE_TUPLE_TYPE);
        if (v.len < 2)
            fail_at(p, &p->toks[p->pos - 1], D_PARSE_TUPLE_ONE_ELEMENT);
        return ty_tuple(p->arena, v.len, (const Type **)v.items);
    }
    if (is_constrained_type(t->kind))
        fail_at(p, t, D_PARSE_CONSTRAINED_ARGUMENT_TYPE, t->text);
    fail_at(p, t, D_PARSE_EXPECTED_UNSIZED_TYPE);
}

/* unsized: "array" dims unsized_nonarray | unsized_nonarray */
static const Type *parse_unsized_type(Parser *p)
{
    enter(p);
    const Type *t;
    if (accept(p, K_ARRAY)) {
        int dims = parse_unsized_dims(p);
        const Type *elem = parse_unsized_nonarray(p);
        t = ty_array(p->arena, dims, elem);
    } else {
        t = parse_unsized_nonarray(p);
    }
    p->depth--;
    return t;
}

/* range: "<" ("lower" "=" e ["," "upper" "=" e] | "upper" "=" e) ">"
 * affine: "<" ("offset" "=" e ["," "multiplier" "=" e]
 *             | "multiplier" "=" e) ">" */
static Transform parse_bounds(Parser *p, bool allow_affine, const char *type)
{
    Transform tr = {TR_NONE, NULL, NULL};
    const Token *lt = next(p);  /* < */
    const Token *t = peek(p);
    if (t->kind == K_LOWER || t->kind == K_UPPER) {
        next(p);
        expect(p, P_ASSIGN, D_PARSE_EXPECTED_EQUALS_IN_BOUND);
        Expr *e = parse_bound_expr(p);
        if (t->kind == K_LOWER) {
            tr.kind = TR_LOWER;
            tr.a = e;
            if (accept(p, P_COMMA)) {
                expect(p, K_UPPER, D_PARSE_EXPECTED_UPPER);
                expect(p, P_ASSIGN, D_PARSE_EXPECTED_EQUALS_AFTER, "upper");
                tr.kind = TR_LOWER_UPPER;
                tr.b = parse_bound_expr(p);
            }
        } else {
            tr.kind = TR_UPPER;
            tr.b = e;
        }
    } else if (allow_affine && (t->kind == K_OFFSET || t->kind == K_MULTIPLIER)) {
        next(p);
        expect(p, P_ASSIGN, D_PARSE_EXPECTED_EQUALS_IN_AFFINE);
        Expr *e = parse_bound_expr(p);
        if (t->kind == K_OFFSET) {
            tr.kind = TR_OFFSET;
            tr.a = e;
            if (accept(p, P_COMMA)) {
                expect(p, K_MULTIPLIER, D_PARSE_EXPECTED_MULTIPLIER);
                expect(p, P_ASSIGN, D_PARSE_EXPECTED_EQUALS_AFTER,
                       "multiplier");
                tr.kind = TR_OFFSET_MULTIPLIER;
                tr.b = parse_bound_expr(p);
            }
        } else {
            tr.kind = TR_MULTIPLIER;
            tr.b = e;
        }
    } else {
        fail_at(p, t,
                allow_affine ? D_PARSE_EXPECTED_CONSTRAINT
                             : D_PARSE_EXPECTED_BOUND,
                type);
    }
    (void)lt;
    expect(p, P_GT, D_PARSE_UNCLOSED_CONSTRAINT);
    return tr;
}

static Expr *parse_size(Parser *p, const char *what)
{
    if (!at(p, P_LBRACK))
        fail_at(p, peek(p), D_PARSE_EXPECTED_SIZE, what);
    next(p);
    Expr *e = parse_expr(p);
    expect(p, P_RBRACK, D_PARSE_EXPECTED_RBRACKET_AFTER_SIZE);
    return e;
}

static void parse_two_sizes(Parser *p, SizedType *st, const char *what)
{
    if (!at(p, P_LBRACK))
        fail_at(p, peek(p), D_PARSE_EXPECTED_TWO_SIZES, what);
    next(p);
    st->size[0] = parse_expr(p);
    if (!accept(p, P_COMMA))
        fail_at(p, peek(p), D_PARSE_EXPECTED_SECOND_SIZE, what);
    st->size[1] = parse_expr(p);
    st->nsizes = 2;
    expect(p, P_RBRACK, D_PARSE_EXPECTED_RBRACKET_AFTER_SIZES);
}

static SizedType *parse_sized_type(Parser *p, bool constraints);

/* sized_nonarray: int [range] | real [constraint] | complex
 *   | vector [constraint] "[" e "]" | row_vector ... | matrix ... "[" e "," e "]"
 *   | simplex "[" e "]" | ... | tuple "(" sized ("," sized)+ ")" */
static SizedType *parse_sized_nonarray(Parser *p, bool constraints)
{
    const Token *t = peek(p);
    SizedType *st = NEW(p->arena, SizedType);
    Loc begin = t->span.begin;
    st->keyword = t->text;
    if (t->kind == K_TUPLE) {
        next(p);
        st->kind = TY_TUPLE;
        expect(p, P_LPAREN, D_PARSE_EXPECTED_LPAREN_AFTER, "tuple");
        PtrVec v = {0};
        for (;;) {
            vec_push(p->arena, &v, parse_sized_type(p, constraints));
            if (!accept(p, P_COMMA))
                break;
        }
        expect(p, P_RPAREN, D_PARSE_TUPLE_TYPE);
        if (v.len < 2)
            fail_at(p, &p->toks[p->pos - 1], D_PARSE_TUPLE_ONE_ELEMENT);
        st->items = (SizedType **)v.items;
        st->nitems = v.len;
        st->span = from(p, begin);
        return st;
    }
    if (!is_basic_type(t->kind) && !is_constrained_type(t->kind))
        fail_at(p, t, D_PARSE_EXPECTED_SIZED_TYPE);
    next(p);
    if (at(p, P_LT)) {
        bool ok_range = t->kind == K_INT || t->kind == K_REAL
            || t->kind == K_VECTOR || t->kind == K_ROW_VECTOR
            || t->kind == K_MATRIX;
        if (!constraints)
            fail_at(p, peek(p), D_PARSE_LOCAL_CONSTRAINT, t->text);
        if (!ok_range)
            fail_at(p, peek(p), D_PARSE_TYPE_WITHOUT_CONSTRAINTS, t->text);
        st->tr = parse_bounds(p, t->kind != K_INT, t->text);
    }
    switch (t->kind) {
    case K_INT: case K_REAL: case K_COMPLEX:
        st->kind = basic_kind(t->kind);
        break;
    case K_VECTOR: case K_ROW_VECTOR: case K_COMPLEX_VECTOR:
    case K_COMPLEX_ROW_VECTOR:
        st->kind = basic_kind(t->kind);
        st->size[0] = parse_size(p, t->text);
        st->nsizes = 1;
        break;
    case K_MATRIX: case K_COMPLEX_MATRIX:
        st->kind = basic_kind(t->kind);
        parse_two_sizes(p, st, t->text);
        break;
    case K_ORDERED: case K_POSITIVE_ORDERED: case K_SIMPLEX:
    case K_UNIT_VECTOR: case K_SUM_TO_ZERO_VECTOR:
        st->kind = TY_VECTOR;
        st->tr.kind = t->kind == K_ORDERED ? TR_ORDERED
            : t->kind == K_POSITIVE_ORDERED ? TR_POSITIVE_ORDERED
            : t->kind == K_SIMPLEX ? TR_SIMPLEX
            : t->kind == K_UNIT_VECTOR ? TR_UNIT_VECTOR
            : TR_SUM_TO_ZERO_VECTOR;
        st->size[0] = parse_size(p, t->text);
        st->nsizes = 1;
        break;
    case K_CHOLESKY_FACTOR_CORR: case K_CORR_MATRIX: case K_COV_MATRIX:
        st->kind = TY_MATRIX;
        st->tr.kind = t->kind == K_CHOLESKY_FACTOR_CORR ? TR_CHOLESKY_CORR
            : t->kind == K_CORR_MATRIX ? TR_CORR_MATRIX : TR_COV_MATRIX;
        st->size[0] = parse_size(p, t->text);
        st->nsizes = 1;
        break;
    case K_CHOLESKY_FACTOR_COV:
        st->kind = TY_MATRIX;
        st->tr.kind = TR_CHOLESKY_COV;
        if (!at(p, P_LBRACK))
            fail_at(p, peek(p), D_PARSE_EXPECTED_CHOLESKY_COV_SIZE);
        next(p);
        st->size[0] = parse_expr(p);
        st->nsizes = 1;
        if (accept(p, P_COMMA)) {
            st->size[1] = parse_expr(p);
            st->nsizes = 2;
        }
        expect(p, P_RBRACK, D_PARSE_EXPECTED_RBRACKET_AFTER_SIZES);
        break;
    case K_SUM_TO_ZERO_MATRIX: case K_ROW_STOCHASTIC_MATRIX:
    case K_COLUMN_STOCHASTIC_MATRIX:
        st->kind = TY_MATRIX;
        st->tr.kind = t->kind == K_SUM_TO_ZERO_MATRIX ? TR_SUM_TO_ZERO_MATRIX
            : t->kind == K_ROW_STOCHASTIC_MATRIX ? TR_STOCHASTIC_ROW
            : TR_STOCHASTIC_COLUMN;
        parse_two_sizes(p, st, t->text);
        break;
    default:
        break;
    }
    if (is_constrained_type(t->kind) && !constraints)
        fail_at(p, t, D_PARSE_LOCAL_CONSTRAINED_TYPE, t->text);
    st->span = from(p, begin);
    return st;
}

/* sized: "array" "[" e ("," e)* "]" sized_nonarray | sized_nonarray */
static SizedType *parse_sized_array(Parser *p, bool constraints);

static SizedType *parse_sized_type(Parser *p, bool constraints)
{
    enter(p);
    SizedType *st = at(p, K_ARRAY) ? parse_sized_array(p, constraints)
                                   : parse_sized_nonarray(p, constraints);
    p->depth--;
    return st;
}

static SizedType *parse_sized_array(Parser *p, bool constraints)
{
    Loc begin = peek(p)->span.begin;
    next(p);  /* array */
    SizedType *st = NEW(p->arena, SizedType);
    st->kind = TY_ARRAY;
    st->keyword = "array";
    if (!at(p, P_LBRACK))
        fail_at(p, peek(p), D_PARSE_EXPECTED_ARRAY_SIZES);
    next(p);
    PtrVec v = {0};
    for (;;) {
        vec_push(p->arena, &v, parse_expr(p));
        if (!accept(p, P_COMMA))
            break;
    }
    expect(p, P_RBRACK, D_PARSE_ARRAY_SIZES);
    st->dims = (Expr **)v.items;
    st->ndims = v.len;
    if (at(p, K_ARRAY))
        fail_at(p, peek(p), D_PARSE_NESTED_ARRAY_TYPE);
    st->elem = parse_sized_nonarray(p, constraints);
    st->span = from(p, begin);
    return st;
}

/* annotations: ("@" name ["(" ... ")"])* */
static Annotation *parse_annotations(Parser *p, int *n)
{
    PtrVec v = {0};
    while (at(p, T_ANNOTATION)) {
        const Token *t = next(p);
        Annotation *a = NEW(p->arena, Annotation);
        a->text = t->text + 1;
        const char *paren = strchr(a->text, '(');
        a->name = paren ? arena_strndup(p->arena, a->text,
                                        (size_t)(paren - a->text))
                        : a->text;
        a->span = t->span;
        vec_push(p->arena, &v, a);
    }
    *n = v.len;
    if (!v.len)
        return NULL;
    Annotation *out = arena_alloc(p->arena, sizeof(Annotation) * (size_t)v.len);
    for (int i = 0; i < v.len; i++)
        out[i] = *(Annotation *)v.items[i];
    return out;
}

/* ------------------------------------------------------------- statements */

/* Where a statement sits: what may appear there. */
typedef enum Ctx {
    CTX_DECLS_ONLY,   /* data, parameters: declarations, no definitions */
    CTX_TOP,          /* transformed data/parameters, generated quantities */
    CTX_LOCAL         /* model block and everything nested */
} Ctx;

static Stmt *parse_statement(Parser *p);
static void parse_item(Parser *p, PtrVec *out, Ctx ctx);

static Stmt *new_stmt(Parser *p, StmtKind k, Loc begin)
{
    Stmt *s = ast_new_stmt(p->arena, k, from(p, begin));
    s->file = begin.file;
    return s;
}

static void expect_semi(Parser *p, const char *after)
{
    if (!at(p, P_SEMI))
        fail_at(p, peek(p), D_PARSE_EXPECTED_SEMICOLON_AFTER, after);
    next(p);
}

/* decl: sized ident ["=" e] ("," ident ["=" e])* ";" */
static void parse_var_decls(Parser *p, PtrVec *out, Ctx ctx)
{
    Loc begin = peek(p)->span.begin;
    int nannots;
    Annotation *annots = parse_annotations(p, &nannots);
    if (!starts_type(peek(p)->kind))
        fail_at(p, peek(p), D_PARSE_EXPECTED_DECLARATION_AFTER_ANNOTATION);
    SizedType *type = parse_sized_type(p, ctx != CTX_LOCAL);
    for (;;) {
        const Token *name = expect_new_ident(p, "an identifier for the "
                                                "variable");
        if (at(p, P_LBRACK))
            fail_at(p, peek(p), D_PARSE_OLD_ARRAY_SYNTAX, type->keyword,
                    name->text, type->keyword, name->text);
        Expr *init = NULL;
        if (at(p, P_ASSIGN)) {
            if (ctx == CTX_DECLS_ONLY)
                fail_at(p, peek(p), D_PARSE_ASSIGNED_IN_DECLARATION);
            next(p);
            init = parse_expr(p);
        } else if (at(p, P_ARROW)) {
            fail_at(p, peek(p), D_PARSE_OLD_ASSIGNMENT_OPERATOR);
        }
        Stmt *s = new_stmt(p, ST_DECL, begin);
        VarDecl *d = NEW(p->arena, VarDecl);
        d->name = name->text;
        d->name_span = name->span;
        d->type = type;
        d->init = init;
        d->annots = annots;
        d->nannots = nannots;
        d->is_global = ctx != CTX_LOCAL;
        s->decl = d;
        s->from_include = peek_at(p, -1)->include_depth > 0;
        vec_push(p->arena, out, s);
        if (accept(p, P_COMMA)) {
            begin = peek(p)->span.begin;
            continue;
        }
        if (!at(p, P_SEMI))
            fail_at(p, peek(p),
                    init ? D_PARSE_EXPECTED_SEMICOLON_AFTER_DECLARATION
                         : D_PARSE_EXPECTED_SEMICOLON_OR_INITIAL_VALUE);
        next(p);
        s->span = from(p, s->span.begin);
        return;
    }
}

/* printables: (expr | string) ("," (expr | string))* */
static Stmt *parse_print_like(Parser *p, StmtKind k)
{
    const Token *kw = next(p);
    Loc begin = kw->span.begin;
    if (!at(p, P_LPAREN))
        fail_at(p, peek(p), D_PARSE_EXPECTED_LPAREN_AFTER, kw->text);
    next(p);
    int n;
    Expr **args = parse_args(p, P_RPAREN, &n, "in the arguments");
    if (n == 0)
        fail_at(p, &p->toks[p->pos - 1], D_PARSE_EXPECTED_ARGUMENT, kw->text);
    expect_semi(p, kw->text);
    Stmt *s = new_stmt(p, k, begin);
    s->args = args;
    s->nargs = n;
    return s;
}

/* "{" item* "}" */
static Stmt *parse_block_stmt(Parser *p)
{
    Loc begin = peek(p)->span.begin;
    expect(p, P_LBRACE, D_PARSE_EXPECTED_LBRACE);
    PtrVec v = {0};
    while (!at(p, P_RBRACE)) {
        if (at(p, T_EOF))
            fail_at(p, peek(p), D_PARSE_UNCLOSED_BLOCK, begin.line);
        parse_item(p, &v, CTX_LOCAL);
    }
    next(p);
    Stmt *s = new_stmt(p, ST_BLOCK, begin);
    s->stmts = (Stmt **)v.items;
    s->nstmts = v.len;
    return s;
}

/* lvalue: ident ("[" indexes "]" | "." int)* | "(" lvalue ("," lvalue)+ ")"
 * (the second form unpacks a tuple) */
static bool is_lvalue(const Expr *e)
{
    if (e->kind == EX_TUPLE_EXPR) {
        for (int i = 0; i < e->nargs; i++)
            if (!is_lvalue(e->args[i]))
                return false;
        return true;
    }
    while (e->kind == EX_INDEX || e->kind == EX_TUPLE_PROJ)
        e = e->lhs;
    return e->kind == EX_VAR;
}

static AssignOp assign_op(TokKind k, bool *ok)
{
    *ok = true;
    switch (k) {
    case P_ASSIGN: return ASSIGN_EQ;
    case P_PLUSASSIGN: return ASSIGN_ADD;
    case P_MINUSASSIGN: return ASSIGN_SUB;
    case P_TIMESASSIGN: return ASSIGN_MUL;
    case P_DIVIDEASSIGN: return ASSIGN_DIV;
    case P_ELTTIMESASSIGN: return ASSIGN_EMUL;
    case P_ELTDIVIDEASSIGN: return ASSIGN_EDIV;
    case P_ARROW: return ASSIGN_ARROW;
    default:
        *ok = false;
        return ASSIGN_EQ;
    }
}

/* tilde: expr "~" ident "(" args ")" ["T" "[" [e] "," [e] "]"] ";" */
static Stmt *parse_tilde(Parser *p, Expr *lhs, Loc begin)
{
    next(p);  /* ~ */
    const Token *name = peek(p);
    if (name->kind != T_IDENT)
        fail_at(p, name, D_PARSE_EXPECTED_DISTRIBUTION);
    next(p);
    if (!at(p, P_LPAREN))
        fail_at(p, peek(p), D_PARSE_EXPECTED_DISTRIBUTION_ARGUMENTS);
    next(p);
    int n;
    Expr **args = parse_args(p, P_RPAREN, &n, "in the distribution's "
                                               "arguments");
    Stmt *s = ast_new_stmt(p->arena, ST_TILDE, lhs->span);
    s->lhs = lhs;
    s->name = name->text;
    s->name_span = name->span;
    s->args = args;
    s->nargs = n;
    if (at(p, T_IDENT) && strcmp(peek(p)->text, "T") == 0
        && peek_at(p, 1)->kind == P_LBRACK) {
        next(p);
        next(p);
        s->truncated = true;
        if (!at(p, P_COMMA))
            s->trunc_lo = parse_expr(p);
        if (at(p, P_COMMA)) {
            next(p);
            if (!at(p, P_RBRACK))
                s->trunc_hi = parse_expr(p);
        } else if (at(p, P_RBRACK)) {
            fail_at(p, peek(p), D_PARSE_EXPECTED_TRUNCATION_COMMA);
        }
        expect(p, P_RBRACK, D_PARSE_UNCLOSED_TRUNCATION);
    }
    expect_semi(p, "the distribution statement");
    s->span = from(p, begin);
    s->file = begin.file;
    return s;
}

/* for: "for" "(" ident "in" e [":" e] ")" statement */
static Stmt *parse_for(Parser *p)
{
    Loc begin = next(p)->span.begin;
    expect(p, P_LPAREN, D_PARSE_EXPECTED_LPAREN_AFTER, "for");
    const Token *var = expect_new_ident(p, "an identifier for the loop "
                                           "variable");
    expect(p, K_IN, D_PARSE_EXPECTED_IN);
    Expr *lo = parse_expr(p);
    Expr *hi = NULL;
    if (accept(p, P_COLON))
        hi = parse_expr(p);
    expect(p, P_RPAREN,
           hi ? D_PARSE_EXPECTED_RPAREN_AFTER_BOUNDS
              : D_PARSE_EXPECTED_FOREACH_CLOSE);
    Stmt *body = parse_statement(p);
    Stmt *s = new_stmt(p, hi ? ST_FOR : ST_FOREACH, begin);
    s->name = var->text;
    s->name_span = var->span;
    if (hi) {
        s->lo = lo;
        s->hi = hi;
    } else {
        s->rhs = lo;
    }
    s->body = body;
    return s;
}

static Stmt *parse_statement_inner(Parser *p);

/* Whether the `{` at the parser's position opens an array expression
 * that begins a statement, {a, b} ~ normal(mu, sigma); (the left-hand
 * side of ~ is any expression: Stan Reference Manual, "Statements",
 * "Sampling statements"), rather than a block: its matching `}` is
 * followed by `~` or a transpose, which no statement can begin with, or
 * by an index `[` when a comma separates elements at its top level,
 * which a block's statements never do.  A `;` before the match is a
 * block's. */
static bool brace_starts_expression(const Parser *p)
{
    int depth = 0;
    bool comma = false;
    for (int i = p->pos; i < p->len; i++) {
        TokKind k = p->toks[i].kind;
        if (k == T_EOF || k == P_SEMI)
            return false;
        if (k == P_COMMA && depth == 1)
            comma = true;
        if (k == P_LBRACE || k == P_LPAREN || k == P_LBRACK)
            depth++;
        else if (k == P_RBRACE || k == P_RPAREN || k == P_RBRACK)
            depth--;
        if (depth == 0) {
            TokKind after = i + 1 < p->len ? p->toks[i + 1].kind : T_EOF;
            return after == P_TILDE || after == P_TRANSPOSE
                || (after == P_LBRACK && comma);
        }
    }
    return false;
}

static Stmt *parse_statement(Parser *p)
{
    enter(p);
    Stmt *s = parse_statement_inner(p);
    p->depth--;
    return s;
}

static Stmt *parse_statement_inner(Parser *p)
{
    const Token *t = peek(p);
    Loc begin = t->span.begin;
    Stmt *s;
    switch (t->kind) {
    case P_LBRACE:
        if (!brace_starts_expression(p))
            return parse_block_stmt(p);
        break;
    case P_SEMI:
        next(p);
        return new_stmt(p, ST_SKIP, begin);
    case K_IF: {
        next(p);
        expect(p, P_LPAREN, D_PARSE_EXPECTED_LPAREN_AFTER, "if");
        Expr *cond = parse_expr(p);
        expect(p, P_RPAREN, D_PARSE_EXPECTED_RPAREN_AFTER_CONDITION, "if");
        Stmt *body = parse_statement(p);
        Stmt *else_body = NULL;
        if (accept(p, K_ELSE))
            else_body = parse_statement(p);
        s = new_stmt(p, ST_IF, begin);
        s->cond = cond;
        s->body = body;
        s->else_body = else_body;
        return s;
    }
    case K_WHILE: {
        next(p);
        expect(p, P_LPAREN, D_PARSE_EXPECTED_LPAREN_AFTER, "while");
        Expr *cond = parse_expr(p);
        expect(p, P_RPAREN, D_PARSE_EXPECTED_RPAREN_AFTER_CONDITION, "while");
        Stmt *body = parse_statement(p);
        s = new_stmt(p, ST_WHILE, begin);
        s->cond = cond;
        s->body = body;
        return s;
    }
    case K_FOR:
        return parse_for(p);
    case K_PROFILE: {
        next(p);
        expect(p, P_LPAREN, D_PARSE_EXPECTED_LPAREN_AFTER, "profile");
        const Token *name = expect(p, T_STRING, D_PARSE_EXPECTED_PROFILE_NAME);
        expect(p, P_RPAREN, D_PARSE_EXPECTED_RPAREN_AFTER_PROFILE_NAME);
        Stmt *body = parse_block_stmt(p);
        s = new_stmt(p, ST_PROFILE, begin);
        s->name = name->text;
        s->name_span = name->span;
        s->stmts = body->stmts;
        s->nstmts = body->nstmts;
        return s;
    }
    case K_BREAK:
    case K_CONTINUE:
        next(p);
        expect_semi(p, t->text);
        return new_stmt(p, t->kind == K_BREAK ? ST_BREAK : ST_CONTINUE, begin);
    case K_RETURN: {
        next(p);
        Expr *e = at(p, P_SEMI) ? NULL : parse_expr(p);
        expect_semi(p, "the return statement");
        s = new_stmt(p, ST_RETURN, begin);
        s->rhs = e;
        return s;
    }
    case K_PRINT:
        return parse_print_like(p, ST_PRINT);
    case K_REJECT:
        return parse_print_like(p, ST_REJECT);
    case K_FATAL_ERROR:
        return parse_print_like(p, ST_FATAL_ERROR);
    case K_TARGET:
        if (peek_at(p, 1)->kind == P_PLUSASSIGN) {
            next(p);
            next(p);
            Expr *e = parse_expr(p);
            expect_semi(p, "the target += statement");
            s = new_stmt(p, ST_TARGET_PE, begin);
            s->rhs = e;
            return s;
        }
        break;
    case T_IDENT:
        if (strcmp(t->text, "jacobian") == 0
            && peek_at(p, 1)->kind == P_PLUSASSIGN) {
            next(p);
            next(p);
            Expr *e = parse_expr(p);
            expect_semi(p, "the jacobian += statement");
            s = new_stmt(p, ST_JACOBIAN_PE, begin);
            s->rhs = e;
            return s;
        }
        if (strcmp(t->text, "increment_log_prob") == 0
            && peek_at(p, 1)->kind == P_LPAREN)
            fail_at(p, t, D_PARSE_OLD_INCREMENT_LOG_PROB);
        break;
    default:
        if (starts_type(t->kind) || t->kind == T_ANNOTATION)
            fail_at(p, t, D_PARSE_DECLARATION_AS_BODY);
        break;
    }
    /* expression statements: assignment, ~, or a call */
    Expr *e = parse_expr(p);
    if (at(p, P_TILDE))
        return parse_tilde(p, e, begin);
    bool is_assign;
    AssignOp aop = assign_op(peek(p)->kind, &is_assign);
    if (is_assign) {
        const Token *op = peek(p);
        if (aop == ASSIGN_ARROW)
            fail_at(p, op, D_PARSE_OLD_ASSIGNMENT_OPERATOR);
        if (!is_lvalue(e))
            fail_at(p, op, D_PARSE_BAD_ASSIGNMENT_TARGET);
        next(p);
        Expr *rhs = parse_expr(p);
        expect_semi(p, "the assignment");
        s = new_stmt(p, ST_ASSIGN, begin);
        s->lhs = e;
        s->aop = aop;
        s->rhs = rhs;
        return s;
    }
    if (e->kind == EX_CALL && at(p, P_SEMI)) {
        next(p);
        s = new_stmt(p, ST_CALL, begin);
        s->expr = e;
        return s;
    }
    if (at(p, P_SEMI))
        fail_at(p, peek(p), D_PARSE_EXPRESSION_AS_STATEMENT);
    fail_at(p, peek(p), D_PARSE_EXPECTED_AFTER_EXPRESSION,
            peek(p)->kind == T_EOF ? "end of file" : peek(p)->text);
}

/* item: decl | statement — what a block holds. */
static void parse_item(Parser *p, PtrVec *out, Ctx ctx)
{
    TokKind k = peek(p)->kind;
    if (starts_type(k) || k == T_ANNOTATION) {
        parse_var_decls(p, out, ctx);
        return;
    }
    /* a stray ";" among the declarations: stanc3's grammar reads it as an
     * empty statement (top_var_decl_no_assign's SEMICOLON rule makes a
     * Skip), which its formatter prints as ";" */
    if (ctx == CTX_DECLS_ONLY && !at(p, P_SEMI))
        fail_at(p, peek(p), D_PARSE_EXPECTED_TOP_LEVEL_DECLARATION);
    bool from_include = peek(p)->include_depth > 0;
    Stmt *s = parse_statement(p);
    s->from_include = from_include;
    vec_push(p->arena, out, s);
}

/* --------------------------------------------------------------- functions */

/* fundef: annotations ("void" | unsized) ident "(" [param ("," param)*] ")"
 *         (";" | block)
 * param: ["data"] unsized ident */
static Stmt *parse_fundef(Parser *p)
{
    Loc begin = peek(p)->span.begin;
    bool from_include = peek(p)->include_depth > 0;
    FunDef *f = NEW(p->arena, FunDef);
    f->annots = parse_annotations(p, &f->nannots);
    Loc rbegin = peek(p)->span.begin;
    if (accept(p, K_VOID))
        f->ret = TY(VOID);
    else if (starts_type(peek(p)->kind))
        f->ret = parse_unsized_type(p);
    else
        fail_at(p, peek(p), D_PARSE_EXPECTED_FUNCTION_DEFINITION);
    f->ret_span = from(p, rbegin);
    const Token *name = expect_new_ident(p, "an identifier for the function "
                                            "name");
    f->name = name->text;
    f->name_span = name->span;
    expect(p, P_LPAREN, D_PARSE_EXPECTED_FUNCTION_ARGUMENTS);
    PtrVec v = {0};
    if (!at(p, P_RPAREN)) {
        for (;;) {
            Param *a = NEW(p->arena, Param);
            Loc tbegin = peek(p)->span.begin;
            a->data_only = accept(p, K_DATA);
            if (!starts_type(peek(p)->kind))
                fail_at(p, peek(p), D_PARSE_EXPECTED_ARGUMENT_TYPE);
            a->type = parse_unsized_type(p);
            a->type_span = from(p, tbegin);
            const Token *an = expect_new_ident(p, "an identifier for the "
                                                  "argument");
            a->name = an->text;
            a->name_span = an->span;
            vec_push(p->arena, &v, a);
            if (!accept(p, P_COMMA))
                break;
        }
    }
    expect(p, P_RPAREN, D_PARSE_FUNCTION_ARGUMENTS);
    f->nparams = v.len;
    f->params = arena_alloc(p->arena, sizeof(Param) * (size_t)(v.len + 1));
    for (int i = 0; i < v.len; i++)
        f->params[i] = *(Param *)v.items[i];
    if (!accept(p, P_SEMI)) {
        if (at(p, P_RBRACE) || at(p, T_EOF))
            fail_at(p, peek(p), D_PARSE_EXPECTED_FUNCTION_BODY);
        if (!at(p, P_LBRACE)) {
            /* stanc3 parses the statement and then refuses it as a
             * semantic error */
            Stmt *body = parse_statement(p);
            diag_emit(p->sink, D_SEM_FUNCTION_BODY_BRACES, body->span);
            longjmp(p->fail, 1);
        }
        f->body = parse_block_stmt(p);
    }
    Stmt *s = new_stmt(p, ST_FUNDEF, begin);
    s->fundef = f;
    s->name = f->name;
    s->from_include = from_include;
    return s;
}

/* ----------------------------------------------------------------- program */

static const struct {
    BlockKind block;
    TokKind first, second;
    Ctx ctx;
} block_syntax[] = {
    {BLK_FUNCTIONS, K_FUNCTIONS, T_EOF, CTX_TOP},
    {BLK_DATA, K_DATA, T_EOF, CTX_DECLS_ONLY},
    {BLK_TRANSFORMED_DATA, K_TRANSFORMED, K_DATA, CTX_TOP},
    {BLK_PARAMETERS, K_PARAMETERS, T_EOF, CTX_DECLS_ONLY},
    {BLK_TRANSFORMED_PARAMETERS, K_TRANSFORMED, K_PARAMETERS, CTX_TOP},
    {BLK_MODEL, K_MODEL, T_EOF, CTX_LOCAL},
    {BLK_GENERATED_QUANTITIES, K_GENERATED, K_QUANTITIES, CTX_TOP},
};

static bool at_block(const Parser *p, int i)
{
    if (peek(p)->kind != block_syntax[i].first)
        return false;
    return block_syntax[i].second == T_EOF
        || peek_at(p, 1)->kind == block_syntax[i].second;
}

static void parse_block(Parser *p, Program *prog, int i)
{
    Block *b = &prog->blocks[block_syntax[i].block];
    Loc begin = peek(p)->span.begin;
    next(p);
    if (block_syntax[i].second != T_EOF)
        next(p);
    if (!at(p, P_LBRACE))
        fail_at(p, peek(p), D_PARSE_EXPECTED_LBRACE_AFTER,
                ast_block_name(block_syntax[i].block));
    next(p);
    PtrVec v = {0};
    while (!at(p, P_RBRACE)) {
        if (at(p, T_EOF))
            fail_at(p, peek(p), D_PARSE_UNCLOSED_PROGRAM_BLOCK,
                    ast_block_name(block_syntax[i].block));
        if (block_syntax[i].block == BLK_FUNCTIONS)
            vec_push(p->arena, &v, parse_fundef(p));
        else
            parse_item(p, &v, block_syntax[i].ctx);
    }
    next(p);
    b->present = true;
    b->span = from(p, begin);
    b->stmts = (Stmt **)v.items;
    b->nstmts = v.len;
}

static _Noreturn void fail_program(Parser *p, int after)
{
    /* What could still come: every block after the last one parsed. */
    char buf[512] = "";
    size_t used = 0;
    for (int i = after + 1; i < BLK__COUNT; i++)
        used += (size_t)snprintf(buf + used, sizeof buf - used, "%s\"%s {\"",
                                 used ? " or " : "",
                                 ast_block_name(block_syntax[i].block));
    const Token *t = peek(p);
    for (int i = 0; i <= after; i++)
        if (at_block(p, i))
            fail_at(p, t, D_PARSE_BLOCK_ORDER,
                    ast_block_name(block_syntax[i].block),
                    ast_block_name(block_syntax[after].block));
    if (after < 0)
        fail_at(p, t, D_PARSE_EXPECTED, buf);
    if (after == BLK__COUNT - 1)
        fail_at(p, t, D_PARSE_EXPECTED_END_OF_INPUT);
    fail_at(p, t, D_PARSE_EXPECTED_BLOCK_OR_END, buf,
            ast_block_name(block_syntax[after].block));
}

Program *parse_program(Arena *a, DiagSink *sink, const TokenList *tl,
                       bool functions_only)
{
    Parser p = {.arena = a, .sink = sink, .toks = tl->toks, .len = tl->len};
    Program *prog = NEW(a, Program);
    prog->comments = tl->comments;
    prog->ncomments = tl->ncomments;
    prog->is_functions_file = functions_only;
    if (setjmp(p.fail))
        return NULL;
    if (functions_only) {
        PtrVec v = {0};
        while (!at(&p, T_EOF))
            vec_push(a, &v, parse_fundef(&p));
        Block *b = &prog->blocks[BLK_FUNCTIONS];
        b->present = true;
        b->stmts = (Stmt **)v.items;
        b->nstmts = v.len;
        return prog;
    }
    int last = -1;
    while (!at(&p, T_EOF)) {
        int found = -1;
        for (int i = last + 1; i < BLK__COUNT && found < 0; i++)
            if (at_block(&p, i))
                found = i;
        if (found < 0)
            fail_program(&p, last);
        parse_block(&p, prog, found);
        last = found;
    }
    return prog;
}
