/* test_parser.c - the parser alone: operator precedence and associativity,
 * block order, declarations with every constraint, statements, removed
 * syntax, and where the first syntax error is reported. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "frontend.h"

/* One parse: its arena, sources and diagnostics, without the typechecker
 * (which annotates and rewrites the tree these tests look at). */
typedef struct Fixture {
    Arena arena;
    SourceMgr sm;
    DiagSink sink;
    TokenList tl;
} Fixture;

static int setup(void **state)
{
    Fixture *fx = test_calloc(1, sizeof(Fixture));
    fx->sm.arena = &fx->arena;
    fx->sink.arena = &fx->arena;
    fx->sink.src = &fx->sm;
    *state = fx;
    return 0;
}

static int teardown(void **state)
{
    Fixture *fx = *state;
    arena_free(&fx->arena);
    test_free(fx);
    return 0;
}

static Program *parse(Fixture *fx, const char *text, bool functions_only)
{
    Loc none = {0, 0, 0, 0};
    int file = src_add(&fx->sm, "test.stan", text, strlen(text), -1, none);
    fx->tl = lex_file(&fx->sm, &fx->sink, file);
    assert_int_equal(fx->sink.nerrors, 0);
    return parse_program(&fx->arena, &fx->sink, &fx->tl, functions_only);
}

/* A program that must parse. */
static Program *parse_ok(Fixture *fx, const char *text)
{
    Program *p = parse(fx, text, false);
    if (!p) {
        const Diag *d = fx->sink.diags.items[fx->sink.diags.len - 1];
        fail_msg("unexpected syntax error at %d:%d: %s", d->span.begin.line,
                 d->span.begin.col, d->msg);
    }
    assert_int_equal(fx->sink.nerrors, 0);
    return p;
}

/* A program that must fail to parse: returns its one error. */
static const Diag *parse_error(Fixture *fx, const char *text)
{
    Program *p = parse(fx, text, false);
    assert_null(p);
    assert_int_equal(fx->sink.nerrors, 1);
    const Diag *d = fx->sink.diags.items[fx->sink.diags.len - 1];
    assert_int_equal(d->cls, DC_PARSING);
    return d;
}

static void assert_error_at(const Diag *d, int line, int col,
                            const char *fragment)
{
    if (!strstr(d->msg, fragment))
        fail_msg("message \"%s\" does not contain \"%s\"", d->msg, fragment);
    assert_int_equal(d->span.begin.line, line);
    assert_int_equal(d->span.begin.col, col);
}

/* ----------------------------------------------------------- expressions */

/* An expression as a compact S-expression: (op lhs rhs), (op operand) for
 * prefix and postfix operators, (?: c a b), f(args), x[i, j], x.1. */
static void expr_str(char *buf, size_t n, const Expr *e);

static void append(char *buf, size_t n, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void append(char *buf, size_t n, const char *fmt, ...)
{
    size_t used = strlen(buf);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + used, n - used, fmt, ap);
    va_end(ap);
}

static void expr_list_str(char *buf, size_t n, Expr *const *es, int count)
{
    for (int i = 0; i < count; i++) {
        if (i)
            append(buf, n, ", ");
        expr_str(buf, n, es[i]);
    }
}

static void expr_str(char *buf, size_t n, const Expr *e)
{
    switch (e->kind) {
    case EX_INT: case EX_REAL: case EX_STRING:
        append(buf, n, "%s", e->text);
        break;
    case EX_IMAG:
        append(buf, n, "%si", e->text);
        break;
    case EX_VAR:
        append(buf, n, "%s", e->name);
        break;
    case EX_BINARY:
        append(buf, n, "(%s ", ast_op_str(e->op));
        expr_str(buf, n, e->lhs);
        append(buf, n, " ");
        expr_str(buf, n, e->rhs);
        append(buf, n, ")");
        break;
    case EX_PREFIX: case EX_POSTFIX:
        append(buf, n, "(%s ", ast_op_str(e->op));
        expr_str(buf, n, e->lhs);
        append(buf, n, ")");
        break;
    case EX_TERNARY:
        append(buf, n, "(?: ");
        expr_str(buf, n, e->cond);
        append(buf, n, " ");
        expr_str(buf, n, e->lhs);
        append(buf, n, " ");
        expr_str(buf, n, e->rhs);
        append(buf, n, ")");
        break;
    case EX_CALL: case EX_COND_CALL:
        append(buf, n, "%s(", e->name);
        for (int i = 0; i < e->nargs; i++) {
            if (i)
                append(buf, n, e->kind == EX_COND_CALL && i == 1 ? " | "
                                                                 : ", ");
            expr_str(buf, n, e->args[i]);
        }
        append(buf, n, ")");
        break;
    case EX_INDEX:
        expr_str(buf, n, e->lhs);
        append(buf, n, "[");
        for (int i = 0; i < e->nindices; i++) {
            const Index *ix = &e->indices[i];
            if (i)
                append(buf, n, ", ");
            if (ix->lo)
                expr_str(buf, n, ix->lo);
            if (ix->kind != IDX_SINGLE && ix->kind != IDX_MULTI)
                append(buf, n, ":");
            if (ix->hi)
                expr_str(buf, n, ix->hi);
        }
        append(buf, n, "]");
        break;
    case EX_ARRAY_EXPR:
        append(buf, n, "{");
        expr_list_str(buf, n, e->args, e->nargs);
        append(buf, n, "}");
        break;
    case EX_ROWVEC_EXPR:
        append(buf, n, "[");
        expr_list_str(buf, n, e->args, e->nargs);
        append(buf, n, "]");
        break;
    case EX_TUPLE_EXPR:
        append(buf, n, "(tuple ");
        expr_list_str(buf, n, e->args, e->nargs);
        append(buf, n, ")");
        break;
    case EX_TUPLE_PROJ:
        expr_str(buf, n, e->lhs);
        append(buf, n, ".%s", e->text);
        break;
    case EX_PAREN:
        append(buf, n, "(paren ");
        expr_str(buf, n, e->lhs);
        append(buf, n, ")");
        break;
    default:
        append(buf, n, "<%s>", ast_expr_kind_name(e->kind));
        break;
    }
}

/* The right-hand side of `x = SRC;` in a model block. */
static const Expr *parse_expr_text(Fixture *fx, const char *src)
{
    char program[512];
    snprintf(program, sizeof program, "model {\n  x = %s;\n}\n", src);
    Program *p = parse_ok(fx, program);
    const Block *model = &p->blocks[BLK_MODEL];
    assert_int_equal(model->nstmts, 1);
    assert_int_equal(model->stmts[0]->kind, ST_ASSIGN);
    return model->stmts[0]->rhs;
}

static void assert_parses_as(Fixture *fx, const char *src, const char *want)
{
    char got[512] = "";
    expr_str(got, sizeof got, parse_expr_text(fx, src));
    if (strcmp(got, want) != 0)
        fail_msg("%s parsed as %s, expected %s", src, got, want);
}

static void test_unary_minus_binds_looser_than_power(void **state)
{
    assert_parses_as(*state, "-a^b", "(- (^ a b))");
}

static void test_power_is_right_associative(void **state)
{
    Fixture *fx = *state;
    assert_parses_as(fx, "a^b^c", "(^ a (^ b c))");
    assert_parses_as(fx, "a^-b", "(^ a (- b))");
    assert_parses_as(fx, "a .^ b ^ c", "(.^ a (^ b c))");
}

static void test_additive_operators_are_left_associative(void **state)
{
    Fixture *fx = *state;
    assert_parses_as(fx, "a-b-c", "(- (- a b) c)");
    assert_parses_as(fx, "a - b + c", "(+ (- a b) c)");
    assert_parses_as(fx, "a / b * c", "(* (/ a b) c)");
    assert_parses_as(fx, "a + b * c", "(+ a (* b c))");
}

static void test_conditional_is_right_associative(void **state)
{
    Fixture *fx = *state;
    assert_parses_as(fx, "a ? b : c ? d : e", "(?: a b (?: c d e))");
    assert_parses_as(fx, "a || b ? c + 1 : d", "(?: (|| a b) (+ c 1) d)");
    assert_parses_as(fx, "a ? b ? c : d : e", "(?: a (?: b c d) e)");
}

static void test_transpose_is_postfix(void **state)
{
    Fixture *fx = *state;
    assert_parses_as(fx, "x'", "(' x)");
    assert_parses_as(fx, "x' * y", "(* (' x) y)");
    assert_parses_as(fx, "-x'", "(- (' x))");
    assert_parses_as(fx, "x[1]'", "(' x[1])");
    assert_parses_as(fx, "x''", "(' (' x))");
}

static void test_elementwise_binds_tighter_than_multiply(void **state)
{
    Fixture *fx = *state;
    assert_parses_as(fx, "a .* b * c", "(* (.* a b) c)");
    assert_parses_as(fx, "a * b .* c", "(* a (.* b c))");
    assert_parses_as(fx, "a ./ b ./ c", "(./ (./ a b) c)");
}

static void test_comparison_and_logic_levels(void **state)
{
    Fixture *fx = *state;
    assert_parses_as(fx, "a + b < c && d == e || !f",
                     "(|| (&& (< (+ a b) c) (== d e)) (! f))");
    assert_parses_as(fx, "a == b != c", "(!= (== a b) c)");
    assert_parses_as(fx, "a %/% b % c", "(% (%/% a b) c)");
}

static void test_postfix_forms(void **state)
{
    Fixture *fx = *state;
    assert_parses_as(fx, "x.1.2", "x.1.2");
    assert_parses_as(fx, "(a, b).2", "(tuple a, b).2");
    assert_parses_as(fx, "y[i, :, 2:, :n, 1:3]", "y[i, :, 2:, :n, 1:3]");
    assert_parses_as(fx, "normal_lpdf(y | mu, s)", "normal_lpdf(y | mu, s)");
    assert_parses_as(fx, "f() + {1, 2}[1]", "(+ f() {1, 2}[1])");
    assert_parses_as(fx, "[1, 2]' * (c)", "(* (' [1, 2]) (paren c))");
    assert_parses_as(fx, "2.5i * z", "(* 2.5i z)");
}

static void test_conditional_call_node(void **state)
{
    const Expr *e = parse_expr_text(*state, "normal_lpdf(y | mu, s)");
    assert_int_equal(e->kind, EX_COND_CALL);
    assert_int_equal(e->nargs, 3);
    assert_int_equal(e->name_span.begin.col, 6);
    assert_int_equal(e->name_span.end.col, 17);
    e = parse_expr_text(*state, "f(y, mu)");
    assert_int_equal(e->kind, EX_CALL);
}

static void test_expression_spans(void **state)
{
    /* x = a * (b + c); on line 2, from column 6 */
    const Expr *e = parse_expr_text(*state, "a * (b + c)");
    assert_int_equal(e->span.begin.line, 2);
    assert_int_equal(e->span.begin.col, 6);
    assert_int_equal(e->span.end.col, 17);
    assert_int_equal(e->rhs->kind, EX_PAREN);
    assert_int_equal(e->rhs->span.begin.col, 10);
}

/* ----------------------------------------------------------- blocks */

static void test_blocks_in_order(void **state)
{
    Program *p = parse_ok(*state, "functions {\n}\ndata {\n}\n"
                          "transformed data {\n}\nparameters {\n}\n"
                          "transformed parameters {\n}\nmodel {\n}\n"
                          "generated quantities {\n}\n");
    for (int b = 0; b < BLK__COUNT; b++)
        assert_true(p->blocks[b].present);
    assert_int_equal(p->blocks[BLK_MODEL].span.begin.line, 11);
    assert_false(p->is_functions_file);
}

static void test_blocks_may_be_left_out(void **state)
{
    Program *p = parse_ok(*state, "parameters { real y; }\n"
                          "generated quantities { real z = y; }\n");
    assert_false(p->blocks[BLK_DATA].present);
    assert_false(p->blocks[BLK_MODEL].present);
    assert_true(p->blocks[BLK_PARAMETERS].present);
    assert_int_equal(p->blocks[BLK_GENERATED_QUANTITIES].nstmts, 1);
}

static void test_block_out_of_order_is_an_error(void **state)
{
    const Diag *d = parse_error(*state, "model {\n}\ndata {\n  int N;\n}\n");
    assert_error_at(d, 3, 0, "data block must come before the model block");
}

static void test_repeated_block_is_an_error(void **state)
{
    const Diag *d = parse_error(*state, "data {\n}\nparameters {\n}\n"
                                "data {\n}\n");
    assert_error_at(d, 5, 0, "may appear only once");
}

static void test_unknown_block_is_an_error(void **state)
{
    const Diag *d = parse_error(*state, "data {\n}\nmodle {\n}\n");
    assert_error_at(d, 3, 0, "Expected \"transformed data {\"");
}

static void test_statements_not_allowed_in_data(void **state)
{
    const Diag *d = parse_error(*state, "data {\n  int N;\n  N = 3;\n}\n");
    assert_error_at(d, 3, 2, "variable declaration");
}

/* ------------------------------------------------------ declarations */

typedef struct DeclCase {
    const char *name;
    TypeKind kind;
    TransformKind tr;
    const char *keyword;
    int nsizes;
    bool has_a, has_b;     /* lower/offset, upper/multiplier */
} DeclCase;

static const DeclCase constrained_decls[] = {
    {"a", TY_REAL, TR_LOWER, "real", 0, true, false},
    {"b", TY_REAL, TR_UPPER, "real", 0, false, true},
    {"c", TY_REAL, TR_LOWER_UPPER, "real", 0, true, true},
    {"d", TY_REAL, TR_OFFSET, "real", 0, true, false},
    {"e", TY_REAL, TR_MULTIPLIER, "real", 0, false, true},
    {"f", TY_REAL, TR_OFFSET_MULTIPLIER, "real", 0, true, true},
    {"g", TY_VECTOR, TR_LOWER, "vector", 1, true, false},
    {"h", TY_MATRIX, TR_LOWER_UPPER, "matrix", 2, true, true},
    {"i", TY_ROW_VECTOR, TR_OFFSET_MULTIPLIER, "row_vector", 1, true, true},
    {"j", TY_INT, TR_LOWER_UPPER, "int", 0, true, true},
    {"k", TY_VECTOR, TR_SIMPLEX, "simplex", 1, false, false},
    {"l", TY_VECTOR, TR_UNIT_VECTOR, "unit_vector", 1, false, false},
    {"m", TY_VECTOR, TR_SUM_TO_ZERO_VECTOR, "sum_to_zero_vector", 1, false,
     false},
    {"n", TY_MATRIX, TR_SUM_TO_ZERO_MATRIX, "sum_to_zero_matrix", 2, false,
     false},
    {"o", TY_VECTOR, TR_ORDERED, "ordered", 1, false, false},
    {"p", TY_VECTOR, TR_POSITIVE_ORDERED, "positive_ordered", 1, false,
     false},
    {"q", TY_MATRIX, TR_CHOLESKY_CORR, "cholesky_factor_corr", 1, false,
     false},
    {"r", TY_MATRIX, TR_CHOLESKY_COV, "cholesky_factor_cov", 1, false, false},
    {"s", TY_MATRIX, TR_CHOLESKY_COV, "cholesky_factor_cov", 2, false, false},
    {"t", TY_MATRIX, TR_CORR_MATRIX, "corr_matrix", 1, false, false},
    {"u", TY_MATRIX, TR_COV_MATRIX, "cov_matrix", 1, false, false},
    {"v", TY_MATRIX, TR_STOCHASTIC_ROW, "row_stochastic_matrix", 2, false,
     false},
    {"w", TY_MATRIX, TR_STOCHASTIC_COLUMN, "column_stochastic_matrix", 2,
     false, false},
    {"x", TY_COMPLEX, TR_NONE, "complex", 0, false, false},
    {"y", TY_COMPLEX_MATRIX, TR_NONE, "complex_matrix", 2, false, false},
};

static void test_declarations_with_every_constraint(void **state)
{
    Program *p = parse_ok(*state,
        "parameters {\n"
        "  real<lower=0> a;\n"
        "  real<upper=1> b;\n"
        "  real<lower=-1, upper=1> c;\n"
        "  real<offset=mu> d;\n"
        "  real<multiplier=2> e;\n"
        "  real<offset=1, multiplier=tau> f;\n"
        "  vector<lower=0>[N] g;\n"
        "  matrix<lower=0, upper=1>[N, M] h;\n"
        "  row_vector<offset=0, multiplier=s>[N] i;\n"
        "}\n"
        "generated quantities {\n"
        "  int<lower=0, upper=N> j;\n"
        "  simplex[K] k;\n"
        "  unit_vector[K] l;\n"
        "  sum_to_zero_vector[K] m;\n"
        "  sum_to_zero_matrix[K, L] n;\n"
        "  ordered[K] o;\n"
        "  positive_ordered[K] p;\n"
        "  cholesky_factor_corr[K] q;\n"
        "  cholesky_factor_cov[K] r;\n"
        "  cholesky_factor_cov[K, L] s;\n"
        "  corr_matrix[K] t;\n"
        "  cov_matrix[K] u;\n"
        "  row_stochastic_matrix[K, L] v;\n"
        "  column_stochastic_matrix[K, L] w;\n"
        "  complex x;\n"
        "  complex_matrix[K, L] y;\n"
        "}\n");
    int ncases = (int)(sizeof constrained_decls / sizeof constrained_decls[0]);
    int found = 0;
    for (int b = BLK_PARAMETERS; b <= BLK_GENERATED_QUANTITIES; b++) {
        const Block *blk = &p->blocks[b];
        for (int i = 0; blk->present && i < blk->nstmts; i++, found++) {
            assert_true(found < ncases);
            const DeclCase *want = &constrained_decls[found];
            const Stmt *s = blk->stmts[i];
            assert_int_equal(s->kind, ST_DECL);
            const VarDecl *d = s->decl;
            const SizedType *st = d->type;
            assert_string_equal(d->name, want->name);
            assert_true(d->is_global);
            assert_int_equal(st->kind, want->kind);
            assert_int_equal(st->tr.kind, want->tr);
            assert_string_equal(st->keyword, want->keyword);
            assert_int_equal(st->nsizes, want->nsizes);
            assert_int_equal(st->tr.a != NULL, want->has_a);
            assert_int_equal(st->tr.b != NULL, want->has_b);
        }
    }
    assert_int_equal(found, ncases);
}

static void test_bound_expressions(void **state)
{
    Program *p = parse_ok(*state, "data {\n"
                          "  real<lower=-a * 2, upper=f(b)> x;\n"
                          "}\n");
    const SizedType *st = p->blocks[BLK_DATA].stmts[0]->decl->type;
    char lo[128] = "", hi[128] = "";
    expr_str(lo, sizeof lo, st->tr.a);
    expr_str(hi, sizeof hi, st->tr.b);
    assert_string_equal(lo, "(* (- a) 2)");
    assert_string_equal(hi, "f(b)");
}

static void test_array_and_tuple_declarations(void **state)
{
    Program *p = parse_ok(*state, "data {\n"
                          "  array[N, M] vector<lower=0>[K] z;\n"
                          "  tuple(real, array[2] int) t;\n"
                          "  real a, b;\n"
                          "}\n");
    const Block *data = &p->blocks[BLK_DATA];
    assert_int_equal(data->nstmts, 4);
    const SizedType *z = data->stmts[0]->decl->type;
    assert_int_equal(z->kind, TY_ARRAY);
    assert_int_equal(z->ndims, 2);
    assert_int_equal(z->elem->kind, TY_VECTOR);
    assert_int_equal(z->elem->tr.kind, TR_LOWER);
    const SizedType *t = data->stmts[1]->decl->type;
    assert_int_equal(t->kind, TY_TUPLE);
    assert_int_equal(t->nitems, 2);
    assert_int_equal(t->items[1]->kind, TY_ARRAY);
    /* real a, b; declares two variables of one type */
    assert_string_equal(data->stmts[2]->decl->name, "a");
    assert_string_equal(data->stmts[3]->decl->name, "b");
    assert_ptr_equal(data->stmts[2]->decl->type, data->stmts[3]->decl->type);
}

static void test_annotations_on_declarations(void **state)
{
    Program *p = parse_ok(*state, "parameters {\n"
                          "  @silent @extra(1, (2)) real y;\n"
                          "}\n");
    const VarDecl *d = p->blocks[BLK_PARAMETERS].stmts[0]->decl;
    assert_int_equal(d->nannots, 2);
    assert_string_equal(d->annots[0].name, "silent");
    assert_string_equal(d->annots[1].name, "extra");
    assert_string_equal(d->annots[1].text, "extra(1, (2))");
}

static void test_int_takes_no_offset(void **state)
{
    const Diag *d = parse_error(*state, "data {\n  int<offset=1> n;\n}\n");
    assert_error_at(d, 2, 6, "\"lower\" or \"upper\"");
}

static void test_local_variables_take_no_constraints(void **state)
{
    const Diag *d = parse_error(*state,
                                "model {\n  real<lower=0> x;\n}\n");
    assert_error_at(d, 2, 6, "constraints");
}

static void test_local_constrained_type_is_an_error(void **state)
{
    const Diag *d = parse_error(*state, "model {\n  simplex[3] x;\n}\n");
    assert_error_at(d, 2, 2, "simplex");
}

static void test_data_cannot_be_defined(void **state)
{
    const Diag *d = parse_error(*state, "data {\n  real x = 1;\n}\n");
    assert_error_at(d, 2, 9, "cannot be assigned");
}

/* --------------------------------------------------------- statements */

static void test_statement_kinds(void **state)
{
    Program *p = parse_ok(*state,
        "model {\n"
        "  y ~ normal(mu, sigma) T[0, ];\n"
        "  target += f(y);\n"
        "  jacobian += g(y);\n"
        "  for (i in 1:N) y[i] ~ std_normal();\n"
        "  for (v in vs) { }\n"
        "  while (c) break;\n"
        "  if (a) continue; else ;\n"
        "  profile(\"p\") { print(\"x\", y); }\n"
        "  h(y);\n"
        "  x[1] += 2;\n"
        "}\n");
    const Block *m = &p->blocks[BLK_MODEL];
    static const StmtKind want[] = {
        ST_TILDE, ST_TARGET_PE, ST_JACOBIAN_PE, ST_FOR, ST_FOREACH, ST_WHILE,
        ST_IF, ST_PROFILE, ST_CALL, ST_ASSIGN
    };
    assert_int_equal(m->nstmts, (int)(sizeof want / sizeof want[0]));
    for (int i = 0; i < m->nstmts; i++)
        assert_int_equal(m->stmts[i]->kind, want[i]);
    const Stmt *tilde = m->stmts[0];
    assert_string_equal(tilde->name, "normal");
    assert_int_equal(tilde->nargs, 2);
    assert_true(tilde->truncated);
    assert_non_null(tilde->trunc_lo);
    assert_null(tilde->trunc_hi);
    assert_int_equal(tilde->span.begin.col, 2);
    assert_int_equal(tilde->span.end.col, 31);
    assert_string_equal(m->stmts[3]->name, "i");
    assert_int_equal(m->stmts[3]->body->kind, ST_TILDE);
    assert_int_equal(m->stmts[6]->else_body->kind, ST_SKIP);
    assert_int_equal(m->stmts[7]->nstmts, 1);
    assert_int_equal(m->stmts[7]->stmts[0]->kind, ST_PRINT);
    assert_int_equal(m->stmts[9]->aop, ASSIGN_ADD);
}

static void test_function_definitions(void **state)
{
    Program *p = parse_ok(*state,
        "functions {\n"
        "  real f(data real x, array[,] vector v);\n"
        "  void g_lp() { }\n"
        "  tuple(real, int) h(tuple(real, int) t) { return t; }\n"
        "}\n");
    const Block *fns = &p->blocks[BLK_FUNCTIONS];
    assert_int_equal(fns->nstmts, 3);
    const FunDef *f = fns->stmts[0]->fundef;
    assert_string_equal(f->name, "f");
    assert_null(f->body);             /* a forward declaration */
    assert_int_equal(f->nparams, 2);
    assert_true(f->params[0].data_only);
    assert_int_equal(f->params[1].type->kind, TY_ARRAY);
    assert_int_equal(f->params[1].type->dims, 2);
    assert_int_equal(fns->stmts[1]->fundef->ret->kind, TY_VOID);
    assert_non_null(fns->stmts[1]->fundef->body);
    assert_int_equal(fns->stmts[2]->fundef->ret->kind, TY_TUPLE);
}

static void test_functions_file_is_a_bare_list(void **state)
{
    Fixture *fx = *state;
    Program *p = parse(fx, "real twice(real x) { return 2 * x; }\n"
                       "real half(real x) { return x / 2; }\n", true);
    assert_non_null(p);
    assert_true(p->is_functions_file);
    assert_true(p->blocks[BLK_FUNCTIONS].present);
    assert_int_equal(p->blocks[BLK_FUNCTIONS].nstmts, 2);
}

static void test_declaration_as_loop_body_is_an_error(void **state)
{
    const Diag *d = parse_error(*state,
                                "model {\n  for (i in 1:3) real x;\n}\n");
    assert_error_at(d, 2, 17, "not allowed here");
}

static void test_bare_expression_is_not_a_statement(void **state)
{
    const Diag *d = parse_error(*state, "model {\n  a + b;\n}\n");
    assert_error_at(d, 2, 7, "statement was expected");
}

/* ------------------------------------------------------ removed syntax */

static void test_old_array_syntax_is_removed(void **state)
{
    const Diag *d = parse_error(*state, "parameters {\n  real y[10];\n}\n");
    assert_error_at(d, 2, 8, "removed");
    assert_non_null(strstr(d->msg, "array[...] real y"));
}

static void test_arrow_assignment_is_removed(void **state)
{
    const Diag *d = parse_error(*state,
                                "model {\n  real x;\n  x <- 1;\n}\n");
    assert_error_at(d, 3, 4, "'<-' was removed");
}

static void test_increment_log_prob_is_removed(void **state)
{
    const Diag *d = parse_error(*state,
                                "model {\n  increment_log_prob(-1);\n}\n");
    assert_error_at(d, 2, 2, "increment_log_prob");
}

static void test_old_unsized_array_type_is_removed(void **state)
{
    const Diag *d = parse_error(*state, "functions {\n"
                                "  real f(real[] x) { return 1; }\n}\n");
    assert_error_at(d, 2, 13, "array[] real");
}

/* -------------------------------------------------- first error's place */

static void test_only_the_first_error_is_reported(void **state)
{
    /* Two mistakes; the parse stops at the first, the missing ";" noticed
     * at the next token. */
    const Diag *d = parse_error(*state, "data {\n  int N\n  real y\n}\n");
    assert_error_at(d, 3, 2, "\";\"");
    assert_int_equal(d->span.end.col, 6);
}

static void test_error_at_end_of_file(void **state)
{
    const Diag *d = parse_error(*state, "model {\n  y ~ normal(0, 1);\n");
    assert_non_null(strstr(d->msg, "\"}\""));
    assert_int_equal(d->span.begin.line, 3);
    assert_int_equal(d->span.begin.col, 0);
}

static void test_fe_compile_reports_syntax_errors(void **state)
{
    (void)state;
    /* Through the whole pipeline: a syntax error leaves no program. */
    FeOptions opts = {0};
    FeUnit u;
    bool ok = fe_compile(&u, "bad.stan", "parameters {\n  real y\n}\n",
                         &opts);
    assert_false(ok);
    assert_false(u.parsed);
    assert_null(u.prog);
    assert_int_equal(u.sink.nerrors, 1);
    const Diag *d = u.sink.diags.items[0];
    assert_int_equal(d->cls, DC_PARSING);
    assert_int_equal(d->span.begin.line, 3);
    assert_int_equal(d->span.begin.col, 0);
    assert_string_equal(src_file(&u.sm, d->span.begin.file)->path,
                        "bad.stan");
    fe_unit_free(&u);

    ok = fe_compile(&u, "good.stan", "parameters {\n  real y;\n}\n"
                    "model {\n  y ~ std_normal();\n}\n", &opts);
    assert_true(u.parsed);
    assert_non_null(u.prog);
    assert_true(ok);
    assert_int_equal(u.sink.nerrors, 0);
    fe_unit_free(&u);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
#define T(name) cmocka_unit_test_setup_teardown(name, setup, teardown)
        T(test_unary_minus_binds_looser_than_power),
        T(test_power_is_right_associative),
        T(test_additive_operators_are_left_associative),
        T(test_conditional_is_right_associative),
        T(test_transpose_is_postfix),
        T(test_elementwise_binds_tighter_than_multiply),
        T(test_comparison_and_logic_levels),
        T(test_postfix_forms),
        T(test_conditional_call_node),
        T(test_expression_spans),
        T(test_blocks_in_order),
        T(test_blocks_may_be_left_out),
        T(test_block_out_of_order_is_an_error),
        T(test_repeated_block_is_an_error),
        T(test_unknown_block_is_an_error),
        T(test_statements_not_allowed_in_data),
        T(test_declarations_with_every_constraint),
        T(test_bound_expressions),
        T(test_array_and_tuple_declarations),
        T(test_annotations_on_declarations),
        T(test_int_takes_no_offset),
        T(test_local_variables_take_no_constraints),
        T(test_local_constrained_type_is_an_error),
        T(test_data_cannot_be_defined),
        T(test_statement_kinds),
        T(test_function_definitions),
        T(test_functions_file_is_a_bare_list),
        T(test_declaration_as_loop_body_is_an_error),
        T(test_bare_expression_is_not_a_statement),
        T(test_old_array_syntax_is_removed),
        T(test_arrow_assignment_is_removed),
        T(test_increment_log_prob_is_removed),
        T(test_old_unsized_array_type_is_removed),
        T(test_only_the_first_error_is_reported),
        T(test_error_at_end_of_file),
        T(test_fe_compile_reports_syntax_errors),
#undef T
    };
    return cmocka_run_group_tests_name("parser", tests, NULL, NULL);
}
