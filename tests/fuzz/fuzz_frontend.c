/* fuzz_frontend.c - libFuzzer target: the lexer, parser, typechecker,
 * formatter and MIR lowering must never crash or hang on any input, every
 * program that checks must lower to MIR that verifies, and its formatted
 * text must parse to the same tree and format to itself again, the check
 * stanc3 makes after every --auto-format (make fuzz). */
#include <stdint.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "frontend.h"
#include "mir.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char *print_to_string(void (*print)(FILE *, const FeUnit *,
                                            const FmtOptions *),
                             const FeUnit *u, const FmtOptions *f)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    if (!mem)
        return NULL;
    print(mem, u, f);
    fclose(mem);
    return buf;
}

static char *tree_of(const FeUnit *u)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    if (!mem)
        return NULL;
    ast_dump(mem, u->prog);
    fclose(mem);
    return buf;
}

/* Format, parse the output, compare the trees, format again. */
static void check_round_trip(const FeUnit *u)
{
    FmtOptions f = {.max_line_length = 78};
    char *once = print_to_string(fmt_program, u, &f);
    if (!once)
        return;
    FeOptions o = {0};
    FeUnit again;
    fe_compile(&again, "fuzz.stan", once, &o);
    if (!again.parsed) {
        fprintf(stderr, "formatted program does not parse:\n%s\n", once);
        abort();
    }
    char *t1 = tree_of(u), *t2 = tree_of(&again);
    if (t1 && t2 && strcmp(t1, t2) != 0) {
        fprintf(stderr, "formatted program parses to another tree:\n%s\n",
                once);
        abort();
    }
    char *twice = print_to_string(fmt_program, &again, &f);
    if (twice && strcmp(once, twice) != 0) {
        fprintf(stderr, "formatting again changes it:\n%s\n---\n%s\n",
                once, twice);
        abort();
    }
    free(t1);
    free(t2);
    free(twice);
    free(once);
    fe_unit_free(&again);
}

/* Whether u was refused only for nesting deeper than the parser's limit */
static bool too_deep(const FeUnit *u)
{
    for (int i = 0; i < u->sink.diags.len; i++) {
        const Diag *d = u->sink.diags.items[i];
        if (d->id == D_PARSE_EXPRESSION_TOO_DEEP && u->sink.nerrors == 1)
            return true;
    }
    return false;
}

/* With every canonicalization (--print-canonical) the tree changes, but
 * the output must still check and format to itself again. */
static void check_canonical(const FeUnit *u)
{
    FmtOptions f = {.max_line_length = 78, .canon_deprecations = true,
                    .canon_parentheses = true, .canon_braces = true};
    char *once = print_to_string(fmt_program, u, &f);
    if (!once)
        return;
    FeOptions o = {0};
    FeUnit again;
    if (!fe_compile(&again, "fuzz.stan", once, &o)) {
        if (too_deep(&again)) {
            /* the parentheses stanc3's canonicalizer adds (a chain of
             * comparisons bracketed at each step) count toward the
             * expression nesting limit: a chain near it comes back over
             * it, with the parser's message, as a resource limit */
            free(once);
            fe_unit_free(&again);
            return;
        }
        fprintf(stderr, "canonical program does not check:\n%s\n", once);
        abort();
    }
    char *twice = print_to_string(fmt_program, &again, &f);
    if (twice && strcmp(once, twice) != 0) {
        fprintf(stderr, "canonicalizing again changes it:\n%s\n---\n%s\n",
                once, twice);
        abort();
    }
    free(twice);
    free(once);
    fe_unit_free(&again);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    FeOptions o = {0};
    FeUnit u;
    bool ok = fe_compile(&u, "fuzz.stan", text, &o);
    FILE *sink = fopen("/dev/null", "w");
    if (sink) {
        diag_render_all(sink, &u.sink);
        if (ok) {
            FmtOptions f = {.max_line_length = 78};
            fmt_program(sink, &u, &f);
            check_round_trip(&u);
            check_canonical(&u);
            info_print(sink, &u);
            MirProgram *p = mir_lower(&u.arena, u.prog, "fuzz_model");
            char why[512];
            if (!mir_verify(p, why, sizeof why)) {
                fprintf(stderr, "lowered MIR invalid: %s\n", why);
                abort();
            }
            mir_transform(p);
            if (!mir_verify(p, why, sizeof why)) {
                fprintf(stderr, "transformed MIR invalid: %s\n", why);
                abort();
            }
            mir_pretty(sink, p);
        }
        fclose(sink);
    }
    fe_unit_free(&u);
    free(text);
    return 0;
}
