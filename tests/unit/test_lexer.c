/* test_lexer.c - tokens and their spans, comment capture, #include
 * splicing and its errors, and the places where one character decides the
 * token: ".1" after an expression, "1.*x", imaginary literals, annotations. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "lexer.h"

enum { MAX_FILES = 8 };

/* One lexing job: its arena, sources and diagnostics, and a scratch folder
 * for the #include tests (removed with everything written in it). */
typedef struct Fixture {
    Arena arena;
    SourceMgr sm;
    DiagSink sink;
    TokenList tl;
    char dir[64];
    char *written[MAX_FILES];
    int nwritten;
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
    for (int i = 0; i < fx->nwritten; i++) {
        remove(fx->written[i]);
        free(fx->written[i]);
    }
    if (fx->dir[0])
        rmdir(fx->dir);
    arena_free(&fx->arena);
    test_free(fx);
    return 0;
}

/* Lex `text` as the main file `path`. */
static const TokenList *lex(Fixture *fx, const char *path, const char *text)
{
    Loc none = {0, 0, 0, 0};
    int file = src_add(&fx->sm, path, text, strlen(text), -1, none);
    fx->tl = lex_file(&fx->sm, &fx->sink, file);
    return &fx->tl;
}

static const TokenList *lex_text(Fixture *fx, const char *text)
{
    return lex(fx, "test.stan", text);
}

/* The scratch folder, made on first use. */
static const char *scratch_dir(Fixture *fx)
{
    if (!fx->dir[0]) {
        snprintf(fx->dir, sizeof fx->dir, "/tmp/test_lexer.XXXXXX");
        assert_non_null(mkdtemp(fx->dir));
    }
    return fx->dir;
}

/* Write `text` to scratch_dir/name; returns the full path. */
static const char *write_file(Fixture *fx, const char *name, const char *text)
{
    assert_true(fx->nwritten < MAX_FILES);
    char path[256];
    snprintf(path, sizeof path, "%s/%s", scratch_dir(fx), name);
    FILE *fp = fopen(path, "w");
    assert_non_null(fp);
    fputs(text, fp);
    assert_int_equal(fclose(fp), 0);
    fx->written[fx->nwritten] = strdup(path);
    return fx->written[fx->nwritten++];
}

/* Lex the main file at `path` as read from disk. */
static const TokenList *lex_path(Fixture *fx, const char *path)
{
    size_t len;
    char *text = src_read_file(&fx->arena, path, &len);
    assert_non_null(text);
    Loc none = {0, 0, 0, 0};
    int file = src_add(&fx->sm, path, text, len, -1, none);
    fx->tl = lex_file(&fx->sm, &fx->sink, file);
    return &fx->tl;
}

/* The kinds of all tokens, T_EOF included, must be exactly `want`. */
static void assert_kinds(const TokenList *tl, const TokKind *want, int n)
{
    for (int i = 0; i < n && i < tl->len; i++) {
        if (tl->toks[i].kind != want[i])
            fail_msg("token %d is %s \"%s\", expected %s", i,
                     lex_kind_str(tl->toks[i].kind), tl->toks[i].text,
                     lex_kind_str(want[i]));
    }
    assert_int_equal(tl->len, n);
}

#define ASSERT_KINDS(tl, ...) do { \
        const TokKind want_[] = {__VA_ARGS__}; \
        assert_kinds((tl), want_, (int)(sizeof want_ / sizeof want_[0])); \
    } while (0)

static void assert_texts(const TokenList *tl, const char *const *want, int n)
{
    assert_true(tl->len >= n);
    for (int i = 0; i < n; i++)
        assert_string_equal(tl->toks[i].text, want[i]);
}

#define ASSERT_TEXTS(tl, ...) do { \
        const char *const want_[] = {__VA_ARGS__}; \
        assert_texts((tl), want_, (int)(sizeof want_ / sizeof want_[0])); \
    } while (0)

static const Diag *diag_at(const Fixture *fx, int i)
{
    assert_true(i < fx->sink.diags.len);
    return fx->sink.diags.items[i];
}

static void assert_span(Span sp, int line, int col, int end_line, int end_col)
{
    assert_int_equal(sp.begin.line, line);
    assert_int_equal(sp.begin.col, col);
    assert_int_equal(sp.end.line, end_line);
    assert_int_equal(sp.end.col, end_col);
}

/* ------------------------------------------------------------- tokens */

static void test_declaration_tokens(void **state)
{
    Fixture *fx = *state;
    const TokenList *tl = lex_text(fx, "real<lower=0> sigma = 3 * y;");
    ASSERT_KINDS(tl, K_REAL, P_LT, K_LOWER, P_ASSIGN, T_INT_LIT, P_GT,
                 T_IDENT, P_ASSIGN, T_INT_LIT, P_TIMES, T_IDENT, P_SEMI,
                 T_EOF);
    ASSERT_TEXTS(tl, "real", "<", "lower", "=", "0", ">", "sigma", "=", "3",
                 "*", "y", ";");
    assert_int_equal(fx->sink.nerrors, 0);
    assert_int_equal(tl->toks[0].include_depth, 0);
    assert_int_equal(tl->toks[0].include_id, -1);
}

static void test_operators_take_the_longest_match(void **state)
{
    Fixture *fx = *state;
    const TokenList *tl = lex_text(fx, "a %/% b .*= c ./= d <= e <- f || g' "
                                       "!= h .^ i");
    ASSERT_KINDS(tl, T_IDENT, P_IDIVIDE, T_IDENT, P_ELTTIMESASSIGN, T_IDENT,
                 P_ELTDIVIDEASSIGN, T_IDENT, P_LEQ, T_IDENT, P_ARROW,
                 T_IDENT, P_OR, T_IDENT, P_TRANSPOSE, P_NEQ, T_IDENT,
                 P_ELTPOW, T_IDENT, T_EOF);
}

static void test_keywords_and_identifiers(void **state)
{
    Fixture *fx = *state;
    /* T (truncation) and jacobian are ordinary identifiers to the lexer;
     * the parser gives them meaning where they occur. */
    const TokenList *tl = lex_text(fx, "for in while T jacobian target "
                                       "offset simplex x_1 array tuple");
    ASSERT_KINDS(tl, K_FOR, K_IN, K_WHILE, T_IDENT, T_IDENT, K_TARGET,
                 K_OFFSET, K_SIMPLEX, T_IDENT, K_ARRAY, K_TUPLE, T_EOF);
    assert_true(lex_is_reserved("for"));
    assert_true(lex_is_reserved("repeat"));   /* reserved, no token */
    assert_true(lex_is_reserved("cholesky_factor_cov"));
    assert_false(lex_is_reserved("foo"));
    assert_false(lex_is_reserved("jacobian"));
    assert_string_equal(lex_kind_str(T_IDENT), "identifier");
    assert_string_equal(lex_kind_str(P_ELTTIMES), ".*");
}

static void test_string_literal_keeps_its_quotes(void **state)
{
    Fixture *fx = *state;
    const TokenList *tl = lex_text(fx, "print(\"a b, c\");");
    ASSERT_KINDS(tl, K_PRINT, P_LPAREN, T_STRING, P_RPAREN, P_SEMI, T_EOF);
    assert_string_equal(tl->toks[2].text, "\"a b, c\"");
    assert_span(tl->toks[2].span, 1, 6, 1, 14);
}

/* ------------------------------------------------------------- spans */

static void test_spans_use_zero_based_columns(void **state)
{
    Fixture *fx = *state;
    const TokenList *tl = lex_text(fx, "model {\n  y ~ normal(0, 1);\n}\n");
    ASSERT_KINDS(tl, K_MODEL, P_LBRACE, T_IDENT, P_TILDE, T_IDENT, P_LPAREN,
                 T_INT_LIT, P_COMMA, T_INT_LIT, P_RPAREN, P_SEMI, P_RBRACE,
                 T_EOF);
    assert_span(tl->toks[0].span, 1, 0, 1, 5);     /* model */
    assert_span(tl->toks[1].span, 1, 6, 1, 7);     /* { */
    assert_span(tl->toks[2].span, 2, 2, 2, 3);     /* y */
    assert_span(tl->toks[4].span, 2, 6, 2, 12);    /* normal */
    assert_span(tl->toks[11].span, 3, 0, 3, 1);    /* } */
    /* Byte offsets count from the start of the file. */
    assert_int_equal(tl->toks[2].span.begin.offset, 10);
    /* End of file sits after the last newline. */
    assert_int_equal(tl->toks[12].span.begin.line, 4);
    assert_int_equal(tl->toks[12].span.begin.col, 0);
    assert_int_equal(tl->toks[12].span.begin.file, 0);
}

/* ----------------------------------------------------------- comments */

static void test_comments_are_captured_not_tokens(void **state)
{
    Fixture *fx = *state;
    const TokenList *tl = lex_text(fx, "// line\nreal x; /* block\n  two */"
                                       " int n;\n# old\n");
    ASSERT_KINDS(tl, K_REAL, T_IDENT, P_SEMI, K_INT, T_IDENT, P_SEMI, T_EOF);
    assert_int_equal(tl->ncomments, 3);
    assert_string_equal(tl->comments[0].text, "// line");
    assert_span(tl->comments[0].span, 1, 0, 1, 7);
    assert_false(tl->comments[0].hash);
    assert_string_equal(tl->comments[1].text, "/* block\n  two */");
    assert_span(tl->comments[1].span, 2, 8, 3, 8);
    assert_string_equal(tl->comments[2].text, "# old");
    assert_true(tl->comments[2].hash);
    /* A # comment (removed syntax) is recorded, not diagnosed: fe_compile
     * refuses it, or warns for the formatter (tests/golden
     * bad_removed_hash_comment, fmt_hash_comment). */
    assert_int_equal(fx->sink.nerrors, 0);
    assert_int_equal(fx->sink.nwarnings, 0);
    assert_span(tl->comments[2].span, 4, 0, 4, 5);
}

static void test_unterminated_comment_is_an_error(void **state)
{
    Fixture *fx = *state;
    const TokenList *tl = lex_text(fx, "real x;\n  /* never closed\n");
    assert_int_equal(fx->sink.nerrors, 1);
    assert_int_equal(diag_at(fx, 0)->id, D_LEX_UNTERMINATED_COMMENT);
    assert_int_equal(diag_at(fx, 0)->span.begin.line, 2);
    assert_int_equal(diag_at(fx, 0)->span.begin.col, 2);
    /* The list still ends in T_EOF, after the tokens before the error. */
    ASSERT_KINDS(tl, K_REAL, T_IDENT, P_SEMI, T_EOF);
}

/* ------------------------------------------------- ".1", "1.*", "2i" */

static void test_dot_int_after_expression_is_tuple_projection(void **state)
{
    Fixture *fx = *state;
    const TokenList *tl = lex_text(fx, "x.1 + f(a).2 + y[1].1.2 + 0.1 + .5");
    ASSERT_KINDS(tl, T_IDENT, T_DOT_INT, P_PLUS,
                 T_IDENT, P_LPAREN, T_IDENT, P_RPAREN, T_DOT_INT, P_PLUS,
                 T_IDENT, P_LBRACK, T_INT_LIT, P_RBRACK, T_DOT_INT, T_DOT_INT,
                 P_PLUS, T_REAL_LIT, P_PLUS, T_REAL_LIT, T_EOF);
    assert_string_equal(tl->toks[1].text, ".1");
    assert_string_equal(tl->toks[7].text, ".2");
    assert_string_equal(tl->toks[16].text, "0.1");
    assert_string_equal(tl->toks[18].text, ".5");
}

static void test_int_before_elementwise_operator(void **state)
{
    Fixture *fx = *state;
    /* "1." would be a real literal, but here the dot starts ".*". */
    const TokenList *tl = lex_text(fx, "1.*x + 2./y + 3.^z + 4.5*w + 1.e3");
    ASSERT_KINDS(tl, T_INT_LIT, P_ELTTIMES, T_IDENT, P_PLUS,
                 T_INT_LIT, P_ELTDIVIDE, T_IDENT, P_PLUS,
                 T_INT_LIT, P_ELTPOW, T_IDENT, P_PLUS,
                 T_REAL_LIT, P_TIMES, T_IDENT, P_PLUS, T_REAL_LIT, T_EOF);
    assert_string_equal(tl->toks[0].text, "1");
    assert_string_equal(tl->toks[12].text, "4.5");
    assert_string_equal(tl->toks[16].text, "1.e3");
}

static void test_real_literal_forms(void **state)
{
    Fixture *fx = *state;
    const TokenList *tl = lex_text(fx, "1e10 2.5E-3 7e+2 42");
    ASSERT_KINDS(tl, T_REAL_LIT, T_REAL_LIT, T_REAL_LIT, T_INT_LIT, T_EOF);
    ASSERT_TEXTS(tl, "1e10", "2.5E-3", "7e+2", "42");
}

static void test_imaginary_literals(void **state)
{
    Fixture *fx = *state;
    const TokenList *tl = lex_text(fx, "2i + 1.5i - 1e-3i * i");
    ASSERT_KINDS(tl, T_IMAG_LIT, P_PLUS, T_IMAG_LIT, P_MINUS, T_IMAG_LIT,
                 P_TIMES, T_IDENT, T_EOF);
    ASSERT_TEXTS(tl, "2i", "+", "1.5i", "-", "1e-3i", "*", "i");
}

static void test_letters_glued_to_a_number_are_an_error(void **state)
{
    Fixture *fx = *state;
    lex_text(fx, "x = 2if;");
    assert_int_equal(fx->sink.nerrors, 1);
    assert_int_equal(diag_at(fx, 0)->id, D_LEX_BAD_NUMBER);
    assert_int_equal(diag_at(fx, 0)->span.begin.col, 4);
}

static void test_exponent_without_digits_is_an_error(void **state)
{
    Fixture *fx = *state;
    lex_text(fx, "real x = 1e;");
    assert_int_equal(fx->sink.nerrors, 1);
    assert_int_equal(diag_at(fx, 0)->id, D_LEX_BAD_NUMBER);
    assert_int_equal(diag_at(fx, 0)->span.begin.col, 9);
}

/* --------------------------------------------------------- annotations */

static void test_annotation_takes_balanced_parentheses(void **state)
{
    Fixture *fx = *state;
    const TokenList *tl = lex_text(fx, "@silent @tag(f(a, (b)), c) real x;");
    ASSERT_KINDS(tl, T_ANNOTATION, T_ANNOTATION, K_REAL, T_IDENT, P_SEMI,
                 T_EOF);
    assert_string_equal(tl->toks[0].text, "@silent");
    assert_string_equal(tl->toks[1].text, "@tag(f(a, (b)), c)");
    assert_span(tl->toks[1].span, 1, 8, 1, 26);
}

static void test_unclosed_annotation_is_an_error(void **state)
{
    Fixture *fx = *state;
    lex_text(fx, "@tag(f(a) real x;");
    assert_int_equal(fx->sink.nerrors, 1);
    assert_int_equal(diag_at(fx, 0)->cls, DC_LEXING);
    assert_int_equal(diag_at(fx, 0)->span.begin.col, 0);
}

/* ------------------------------------------------- invalid characters */

static void test_invalid_character(void **state)
{
    Fixture *fx = *state;
    const TokenList *tl = lex_text(fx, "real x;\nreal $y;\n");
    assert_int_equal(fx->sink.nerrors, 1);
    const Diag *d = diag_at(fx, 0);
    assert_int_equal(d->id, D_LEX_INVALID_CHAR);
    assert_int_equal(d->cls, DC_LEXING);
    assert_int_equal(d->span.begin.line, 2);
    assert_int_equal(d->span.begin.col, 5);
    /* Lexing stops there: the tokens before it, then T_EOF. */
    ASSERT_KINDS(tl, K_REAL, T_IDENT, P_SEMI, K_REAL, T_EOF);
}

/* Any byte but a control character, as stanc3 lexes a string: UTF-8 and
 * other encodings pass, a tab too; a control character is an error. */
static void test_non_ascii_in_string_is_a_string(void **state)
{
    Fixture *fx = *state;
    const TokenList *tl = lex_text(fx, "print(\"caf\xc3\xa9 \xe9\t\");");
    assert_int_equal(fx->sink.nerrors, 0);
    ASSERT_KINDS(tl, K_PRINT, P_LPAREN, T_STRING, P_RPAREN, P_SEMI, T_EOF);
}

static void test_control_character_in_string_is_an_error(void **state)
{
    Fixture *fx = *state;
    lex_text(fx, "print(\"caf\x01\");");
    assert_int_equal(fx->sink.nerrors, 1);
    assert_int_equal(diag_at(fx, 0)->id, D_LEX_BAD_STRING_CHAR);
    assert_int_equal(diag_at(fx, 0)->span.begin.col, 10);
}

/* Digit separators between digits (stanc3's [0-9]+ ('_' [0-9]+)*) in each
 * part of a literal; anywhere else the literal is invalid. */
static void test_digit_separators(void **state)
{
    Fixture *fx = *state;
    const TokenList *tl = lex_text(fx, "1_000 1_0.0_1 1e1_0 .5_5 3_0i");
    assert_int_equal(fx->sink.nerrors, 0);
    ASSERT_KINDS(tl, T_INT_LIT, T_REAL_LIT, T_REAL_LIT, T_REAL_LIT,
                 T_IMAG_LIT, T_EOF);
    const char *bad[] = {"1_", "1__0", "1_.5", "1._5", "1e_5"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int before = fx->sink.nerrors;
        lex_text(fx, bad[i]);
        if (fx->sink.nerrors != before + 1
            || diag_at(fx, before)->id != D_LEX_BAD_NUMBER)
            fail_msg("'%s' lexed without the invalid literal error", bad[i]);
    }
}

static void test_unterminated_string_is_an_error(void **state)
{
    Fixture *fx = *state;
    lex_text(fx, "print(\"abc\n\");");
    assert_int_equal(fx->sink.nerrors, 1);
    assert_int_equal(diag_at(fx, 0)->id, D_LEX_UNTERMINATED_STRING);
}

/* ------------------------------------------------------------ #include */

static void test_include_splices_the_file(void **state)
{
    Fixture *fx = *state;
    write_file(fx, "inner.stan", "real x; // from inner\nint n;\n");
    const char *main_path = write_file(
        fx, "main.stan", "data {\n#include inner.stan\n  real y;\n}\n");
    const TokenList *tl = lex_path(fx, main_path);
    assert_int_equal(fx->sink.nerrors, 0);
    ASSERT_KINDS(tl, K_DATA, P_LBRACE, K_REAL, T_IDENT, P_SEMI, K_INT,
                 T_IDENT, P_SEMI, K_REAL, T_IDENT, P_SEMI, P_RBRACE, T_EOF);
    /* The included tokens come from file 1, at depth 1, include 0. */
    const Token *x = &tl->toks[3];
    assert_string_equal(x->text, "x");
    assert_int_equal(x->span.begin.file, 1);
    assert_span(x->span, 1, 5, 1, 6);
    assert_int_equal(x->include_depth, 1);
    assert_int_equal(x->include_id, 0);
    const Token *y = &tl->toks[9];
    assert_int_equal(y->span.begin.file, 0);
    assert_int_equal(y->span.begin.line, 3);
    assert_int_equal(y->include_depth, 0);
    /* The directive as written, and where it is. */
    assert_int_equal(tl->nincludes, 1);
    assert_string_equal(tl->includes[0], "inner.stan");
    assert_int_equal(tl->include_spans[0].begin.line, 2);
    assert_int_equal(tl->include_spans[0].begin.col, 0);
    const SrcFile *f = src_file(&fx->sm, 1);
    assert_non_null(f);
    assert_string_equal(f->include_name, "inner.stan");
    assert_int_equal(f->parent, 0);
    assert_int_equal(f->include_loc.line, 2);
    /* The comments of every file are captured, with their file (the
     * formatter prints those of included files with
     * --canonicalize=includes, as stanc3 does). */
    assert_int_equal(tl->ncomments, 1);
    assert_string_equal(tl->comments[0].text, "// from inner");
    assert_int_equal(tl->comments[0].span.begin.file, 1);
    assert_int_equal(tl->comments[0].span.begin.line, 1);
}

static void test_include_forms_and_search_paths(void **state)
{
    Fixture *fx = *state;
    write_file(fx, "a.stan", "real a;");
    write_file(fx, "b.stan", "real b;");
    /* The main file lives elsewhere: the includes are found through the
     * include path. */
    const char *paths[] = {scratch_dir(fx)};
    fx->sm.include_paths = paths;
    fx->sm.ninclude_paths = 1;
    const TokenList *tl = lex(fx, "/nonexistent/main.stan",
                              "#include <a.stan>\n#include \"b.stan\"\n");
    assert_int_equal(fx->sink.nerrors, 0);
    ASSERT_KINDS(tl, K_REAL, T_IDENT, P_SEMI, K_REAL, T_IDENT, P_SEMI, T_EOF);
    ASSERT_TEXTS(tl, "real", "a", ";", "real", "b", ";");
    assert_int_equal(tl->toks[0].include_id, 0);
    assert_int_equal(tl->toks[3].include_id, 1);
    assert_int_equal(tl->nincludes, 2);
    assert_string_equal(tl->includes[1], "b.stan");
}

static void test_missing_include_is_an_error(void **state)
{
    Fixture *fx = *state;
    const char *main_path = write_file(fx, "main.stan",
                                       "real x;\n  #include gone.stan\n");
    lex_path(fx, main_path);
    assert_int_equal(fx->sink.nerrors, 1);
    const Diag *d = diag_at(fx, 0);
    assert_int_equal(d->id, D_INCLUDE_NOT_FOUND);
    assert_int_equal(d->cls, DC_INCLUDE);
    assert_int_equal(d->span.begin.line, 2);
    assert_int_equal(d->span.begin.col, 2);
    assert_non_null(strstr(d->msg, "'gone.stan'"));
}

static void test_recursive_include_is_an_error(void **state)
{
    Fixture *fx = *state;
    write_file(fx, "a.stan", "real a;\n#include b.stan\n");
    write_file(fx, "b.stan", "#include a.stan\n");
    const char *main_path = write_file(fx, "main.stan", "#include a.stan\n");
    lex_path(fx, main_path);
    assert_int_equal(fx->sink.nerrors, 1);
    const Diag *d = diag_at(fx, 0);
    assert_int_equal(d->id, D_INCLUDE_RECURSIVE);
    assert_non_null(strstr(d->msg, "a.stan"));
    /* Reported in b.stan, the file whose directive closes the cycle. */
    const SrcFile *where = src_file(&fx->sm, d->span.begin.file);
    assert_non_null(where);
    assert_non_null(strstr(where->path, "b.stan"));
    assert_int_equal(d->span.begin.line, 1);
}

static void test_file_including_itself_is_an_error(void **state)
{
    Fixture *fx = *state;
    const char *main_path = write_file(fx, "self.stan", "#include self.stan\n");
    lex_path(fx, main_path);
    assert_int_equal(fx->sink.nerrors, 1);
    assert_int_equal(diag_at(fx, 0)->id, D_INCLUDE_RECURSIVE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
#define T(name) cmocka_unit_test_setup_teardown(name, setup, teardown)
        T(test_declaration_tokens),
        T(test_operators_take_the_longest_match),
        T(test_keywords_and_identifiers),
        T(test_string_literal_keeps_its_quotes),
        T(test_spans_use_zero_based_columns),
        T(test_comments_are_captured_not_tokens),
        T(test_unterminated_comment_is_an_error),
        T(test_dot_int_after_expression_is_tuple_projection),
        T(test_int_before_elementwise_operator),
        T(test_real_literal_forms),
        T(test_imaginary_literals),
        T(test_letters_glued_to_a_number_are_an_error),
        T(test_exponent_without_digits_is_an_error),
        T(test_annotation_takes_balanced_parentheses),
        T(test_unclosed_annotation_is_an_error),
        T(test_invalid_character),
        T(test_non_ascii_in_string_is_a_string),
        T(test_control_character_in_string_is_an_error),
        T(test_digit_separators),
        T(test_unterminated_string_is_an_error),
        T(test_include_splices_the_file),
        T(test_include_forms_and_search_paths),
        T(test_missing_include_is_an_error),
        T(test_recursive_include_is_an_error),
        T(test_file_including_itself_is_an_error),
#undef T
    };
    return cmocka_run_group_tests_name("lexer", tests, NULL, NULL);
}
