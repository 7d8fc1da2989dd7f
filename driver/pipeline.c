/* pipeline.c - one model's compilation after the frontend, protected; see
 * pipeline.h.
 *
 * The recovery point of internal errors is set here, in the function that
 * owns what the stages hold outside the unit's arena (the memory stream
 * the C is emitted into), so that after a jump the stream is closed and
 * its buffer freed: an internal error leaks nothing (the MIR is in the
 * unit's arena, freed with the unit). */
#include "pipeline.h"

#include <stdlib.h>
#include <string.h>

#include "backend.h"

/* What the stages hold outside the unit's arena.  It lives in the arena,
 * not in drv_pipeline_run's frame: a local changed between setjmp and
 * longjmp has no reliable value after the jump. */
typedef struct Held {
    FILE *c_stream;      /* the C being emitted, until it is closed */
    char *c_buf;         /* its buffer (open_memstream's) */
    size_t c_len;
} Held;

#ifdef PPLBENCH_TEST_HOOKS
/* Test builds only ($(BUILD)/pplbench_test; build/pplbench has no such
 * hook): PPLBENCH_TEST_ICE=STAGE:FILE raises an internal error at STAGE
 * (lower, transform, optimize, or emit: with the C's stream open) of the
 * model whose file's base name is FILE, so that a test can show what an
 * internal error does to a batch (tests/hostile/batch_ice.sh). */
static void test_hook(const DrvPipeline *pl, const char *stage)
{
    const char *want = getenv("PPLBENCH_TEST_ICE");
    size_t n = strlen(stage);
    if (!want || strncmp(want, stage, n) != 0 || want[n] != ':')
        return;
    const char *base = strrchr(pl->path, '/');
    base = base ? base + 1 : pl->path;
    if (strcmp(base, want + n + 1) == 0)
        ICE("PPLBENCH_TEST_ICE: an internal error at the %s stage of %s",
            stage, base);
}
#else
static void test_hook(const DrvPipeline *pl, const char *stage)
{
    (void)pl;
    (void)stage;
}
#endif

static DrvPipelineStatus internal(DrvPipeline *pl, const char *what,
                                  const char *why)
{
    snprintf(pl->why, sizeof pl->why, "the %s MIR is invalid: %s", what, why);
    return DRV_PIPELINE_INTERNAL;
}

static DrvPipelineStatus print_mir(DrvPipeline *pl)
{
    if (pl->mir_out)
        mir_pretty(pl->mir_out, pl->program);
    return DRV_PIPELINE_OK;
}

static DrvPipelineStatus emit(DrvPipeline *pl, Held *h)
{
    h->c_stream = open_memstream(&h->c_buf, &h->c_len);
    if (!h->c_stream) {
        snprintf(pl->why, sizeof pl->why, "out of memory");
        return DRV_PIPELINE_NOT_COMPILED;
    }
    test_hook(pl, "emit");
    bool ok = emit_c(h->c_stream, pl->program, pl->why, sizeof pl->why);
    FILE *f = h->c_stream;
    h->c_stream = NULL;
    if (fclose(f) != 0 && ok) {
        snprintf(pl->why, sizeof pl->why, "out of memory");
        ok = false;
    }
    if (!ok)
        return DRV_PIPELINE_NOT_COMPILED;
    pl->c_code = h->c_buf;
    pl->c_len = h->c_len;
    h->c_buf = NULL;
    return DRV_PIPELINE_OK;
}

static DrvPipelineStatus run_stages(FeUnit *u, DrvPipeline *pl, Held *h)
{
    char why[512];
    test_hook(pl, "lower");
    pl->program = mir_lower(&u->arena, u->prog, pl->name);
    if (!mir_verify(pl->program, why, sizeof why))
        return internal(pl, "lowered", why);
    if (pl->stop == DRV_PIPELINE_LOWERED)
        return print_mir(pl);
    test_hook(pl, "transform");
    mir_transform(pl->program);
    if (!mir_verify(pl->program, why, sizeof why))
        return internal(pl, "transformed", why);
    if (pl->stop == DRV_PIPELINE_TRANSFORMED)
        return print_mir(pl);
    test_hook(pl, "optimize");
    if (!pass_run(pl->program, pl->passes, pl->npasses, NULL, NULL, pl->why,
                  sizeof pl->why))
        return DRV_PIPELINE_INTERNAL;
    if (pl->stop == DRV_PIPELINE_OPTIMIZED)
        return print_mir(pl);
    return emit(pl, h);
}

DrvPipelineStatus drv_pipeline_run(FeUnit *u, DrvPipeline *pl)
{
    pl->program = NULL;
    pl->c_code = NULL;
    pl->c_len = 0;
    pl->why[0] = '\0';
    Held *h = NEW(&u->arena, Held);
    jmp_buf recover;
    jmp_buf *outer = diag_set_ice_target(&recover);
    volatile DrvPipelineStatus status;
    if (setjmp(recover) == 0) {
        status = run_stages(u, pl, h);
    } else {
        snprintf(pl->why, sizeof pl->why, "%s", diag_ice_message());
        status = DRV_PIPELINE_INTERNAL;
    }
    diag_set_ice_target(outer);
    /* after a jump out of the emission, its stream is still open */
    if (h->c_stream)
        fclose(h->c_stream);
    free(h->c_buf);
    return status;
}

void drv_pipeline_print_internal(FILE *out, const char *indent,
                                 const char *message)
{
    fprintf(out, "%sInternal compiler error: %s\n%sThis should never happen. "
            "Please report it as a bug in pplbench.\n", indent, message,
            indent);
}
