/* fuzz_frontend.c - libFuzzer target: the lexer, parser, typechecker,
 * formatter and MIR lowering must never crash or hang on any input, and
 * every program that checks must lower to MIR that verifies (make fuzz). */
#include <stdint.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "frontend.h"
#include "mir.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

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
