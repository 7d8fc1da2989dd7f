/* build.h - turn one emitted C translation unit into a sampler executable:
 * run the C compiler on it and link it with libpplrt. */
#ifndef PPL_BUILD_H
#define PPL_BUILD_H

#include <stdbool.h>
#include <stdio.h>

/* How to build.  Zero-initialize and set what you need; a NULL field takes
 * the default named beside it.  Fields that hold several words (cc,
 * opt_flags, extra_cflags) are split at white space, without quoting, and
 * no shell ever sees them.
 *
 * Extra flags come from $PPLBENCH_CFLAGS, not $CFLAGS: make exports a
 * $CFLAGS that came from the environment to its recipes with the
 * Makefile's own additions (-MMD, -Werror, -I...), so `make bench` would
 * hand them to every model compilation.
 *
 * The runtime is pplrt.h (and the rt_*.h it includes) in runtime_include_dir
 * and libpplrt.a in runtime_lib_dir.  When both are NULL they are found
 * beside the running pplbench (/proc/self/exe, in directory D):
 *   installed   D/../include/pplbench/pplrt.h  and  D/../lib/libpplrt.a
 *               (make install PREFIX=P puts pplbench in P/bin)
 *   build tree  D/../runtime/pplrt.h  and  D/libpplrt.a
 *               (build/pplbench, or $(BUILD)/pplbench for a BUILD that is
 *               a folder of the repository's top level)
 * The first layout whose two files exist wins.  Set both fields to build
 * against a runtime elsewhere (the unit tests do). */
/* The optimization flags a model is compiled with.  Besides -O2, sums may
 * be reassociated: a loop's partial sums then run in parallel instead of
 * as one chain of additions (ar1_loop's gradient takes 30% less time).
 * NaN and infinity keep their meaning (no -ffinite-math-only), so the
 * emitted checks still see them; only the order of additions, and so the
 * last bits of a sum, may differ from strict left-to-right order, the
 * same for every run of one executable.  The math functions do not set
 * errno (-fno-math-errno: nothing in a sampler reads it after a math
 * call), so gcc may treat exp, log and sqrt as pure and compute a
 * loop-invariant call once instead of every iteration, and inline sqrt.
 * `pplbench --print-model-cflags` prints them (make bench compiles the
 * emitted code with them). */
#define DRV_MODEL_CFLAGS "-O2 -fassociative-math -fno-signed-zeros " \
                         "-fno-trapping-math -fno-math-errno"

typedef struct DrvBuildOptions {
    const char *cc;                  /* NULL: $CC if set and not empty, else cc */
    const char *opt_flags;           /* NULL: DRV_MODEL_CFLAGS */
    const char *extra_cflags;        /* NULL: $PPLBENCH_CFLAGS, else none */
    const char *runtime_include_dir; /* NULL (with the next): found, above */
    const char *runtime_lib_dir;
    double *compile_seconds;         /* out if not NULL: wall time of the
                                        compiler run, in seconds */
    const char *const *protect;      /* nprotect inputs (the model, its
                                        includes) the executable must not
                                        replace; c_file always counts */
    int nprotect;
    bool compile_only;               /* -c: an object file, not linked */
    const char *const *more_inputs;  /* further C or object files, after */
    int nmore_inputs;                /* c_file on the command line */
} DrvBuildOptions;

/* Compile c_file (which includes only "pplrt.h") and link it with libpplrt
 * into the executable exe_out, written through rt_out_open's unique
 * temporary EXE.XXXXXX and renamed, so exe_out is either the old file or
 * a complete new one (a device is written directly); an exe_out that is
 * c_file or one of o->protect is refused.  The command is
 *   CC -std=c11 OPT EXTRA -I INCLUDE_DIR -o EXE.XXXXXX C_FILE LIB_DIR/libpplrt.a
 *      $(pkg-config --libs gsl jansson)
 * (-lgsl -lgslcblas -ljansson -lm when pkg-config fails), run with
 * fork/execvp, its output captured.  A pplbench built with AddressSanitizer
 * adds -fsanitize=address,undefined: the libpplrt.a of that build is
 * instrumented.  o may be NULL for every default.  On success the
 * compiler's output (warnings) is dropped and 0 returned; otherwise a
 * message goes to err, with the compiler's output if it ran, and the result
 * is non-zero.  With o->compile_only the command is -c and names no
 * library: exe_out is then an object file.  o->more_inputs follow c_file
 * (the validator links two models' objects with its timing harness). */
int drv_compile_c(const char *c_file, const char *exe_out,
                  const DrvBuildOptions *o, FILE *err);

#endif
