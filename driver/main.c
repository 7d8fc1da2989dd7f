/* main.c - the pplbench command line.
 *
 *   pplbench [options] model.stan     check one model (stanc3-compatible)
 *   pplbench [options] folder/        check every .stan file in the folder
 *
 * The driver is the only place that knows about files, folders and exit
 * codes: 0 success, 1 an error in a model, 2 usage or I/O error, 3 internal
 * compiler error (raised by ICE() below the driver). */
#define _GNU_SOURCE     /* fopencookie: standard output's write errors */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "frontend.h"
#include "analyses.h"
#include "backend.h"
#include "batch.h"
#include "build.h"
#include "gendata.h"
#include "job.h"
#include "mir.h"
#include "passes.h"
#include "pipeline.h"
#include "pplrt.h"
#include "report.h"
#include "summary.h"
#include "report.h"
#include "trace.h"
#include "validate.h"
#include "viz.h"


enum { EXIT_OK = 0, EXIT_MODEL = 1, EXIT_USAGE = 2, EXIT_INTERNAL = 3 };

typedef enum Mode {
    MODE_CHECK,
    MODE_FORMAT,
    MODE_INFO,
    MODE_DEBUG_LEX,
    MODE_DEBUG_PARSE,
    MODE_DEBUG_AST,
    MODE_MIR,               /* --debug-mir-pretty: as lowered */
    MODE_TRANSFORMED_MIR,   /* --debug-transformed-mir-pretty */
    MODE_OPTIMIZED_MIR,     /* --debug-optimized-mir-pretty */
    MODE_EMIT_C,            /* --o=FILE.c: the model as C */
    MODE_GEN_DATA,          /* --debug-generate-data */
    MODE_GEN_INITS,         /* --debug-generate-inits */
    MODE_MEM_PATTERNS       /* --debug-mem-patterns */
} Mode;

/* The most passes one --passes list may name. */
#define DRV_MAX_PASSES 64

typedef struct Cli {
    Mode mode;
    const char *input;
    const char *output;       /* --o */
    const char *name;         /* --name */
    const char *outdir;       /* --out: the batch mode's products */
    bool check_only;          /* --check-only: the batch mode only checks */
    int timeout_seconds;      /* --timeout: per batch job, 0 for none */
    bool timeout_given;
    DrvGenOptions gen;        /* --seed, --debug-data-file */
    /* the optimization: a level's pipeline, or --passes in that order */
    PassLevel level;
    bool level_given;         /* --O0, --O1 or --Oexperimental */
    bool warn_uninit;         /* --warn-uninitialized */
    const PassInfo *passes[DRV_MAX_PASSES];
    int npasses;
    bool passes_given;
    /* the validator (a folder) */
    PassLevel levels[2];
    int nlevels;
    bool pairs, posterior;
    bool graphs;              /* --graphs: the validator's pictures */
    const char *report, *baseline;
    int workers, shard_k, shard_n, points, seed;
    bool sample_mode;         /* `pplbench sample DIR`: build and sample */
    bool warn_pedantic;       /* --warn-pedantic */
    const char *factor_graph; /* --factor-graph=FILE.{json,dot,svg,png} */
    VizContext *viz;          /* Graphviz's, once per process: pictures */
    int argc;
    char **argv;
    FeOptions fe;
    FmtOptions fmt;
    PtrVec include_paths;
    Arena arena;
} Cli;

static const char usage_text[] =
    "Usage: pplbench [options] MODEL.stan\n"
    "       pplbench FOLDER [--passes=A,B] [--levels=O1,Oexperimental]\n"
    "                [--pairs] [--out=OUT] [--report=FILE.xml] [-j N]\n"
    "                [--shard=K/N] [--baseline=OLD.xml] [--points=K]\n"
    "                [--seed=S] [--timeout=SECONDS] [--graphs]\n"
    "       pplbench sample FOLDER [--out=OUT] [--timeout=SECONDS]\n"
    "       pplbench build MODEL.stan -o EXE [--O0|--O1|--Oexperimental]\n"
    "                      [--profile]\n"
    "       pplbench summary FILE.csv... [--sig-figs=N]\n"
    "       pplbench merge A.xml B.xml... -o ALL.xml\n"
    "       pplbench trace MODEL.stan [--data=D.json] [--params=P.json |\n"
    "                --seed=S [--point=K]] [--levels=N]\n"
    "                [--o=FILE.{txt,dot,png,svg}]\n"
    "                [--backward=@i] [--forward=@i]\n"
    "\n"
    "Checks a Stan program and prints stanc3-style diagnostics.\n"
    "\n"
    "Given a folder, validates the optimization passes on every .stan file\n"
    "in it (not its subfolders): for each model and each job (each pass of\n"
    "--passes alone, then all of them in the order given as one job A+B;\n"
    "each level of --levels; with --pairs every ordered pair of passes; with\n"
    "neither --passes nor --levels every pass alone and both levels), the\n"
    "job's passes are applied to the model's --O0 program, both programs are\n"
    "compiled to samplers (each distinct C text once, cached in OUT/.cache),\n"
    "and both samplers are evaluated at K seeded unconstrained points\n"
    "(--points, default 8; --seed, default 1): the log density with and\n"
    "without the Jacobian (as differences between points), the gradient,\n"
    "rejections and their class, printed output, and the constrained\n"
    "parameters, transformed parameters and generated quantities under one\n"
    "RNG seed must agree within the pass's tolerance (exact for passes that\n"
    "only move or delete code). Data: NAME.data.json beside the model. A\n"
    "failing level or composition is bisected to its first failing pass.\n"
    "Products: OUT/NAME/JOB/before.mir, after.mir, diff.txt (and for a\n"
    "level the MIR after each of its passes), the compiler's and samplers'\n"
    "logs, and the JUnit XML report (OUT/report.xml, or --report). -j N\n"
    "validates N models at once; --shard=K/N takes every N-th model from\n"
    "the K-th, and 'pplbench merge' joins the shards' reports; --baseline\n"
    "prints new and fixed failures and jobs over 10% slower than in an older\n"
    "report. Each model runs in a process of its own, each compile and\n"
    "sampler run in a process group of its own with a time limit\n"
    "(--timeout); a candidate that does not compile, crashes or hangs is an\n"
    "error of its job, and the run goes on. Exit codes in the folder mode: 0\n"
    "every check passed, 1 a job could not be run (an error), 3 a check\n"
    "failed, 2 usage or I/O error.\n"
    "\n"
    "'sample' builds a sampler for each model of the folder the C backend\n"
    "compiles and runs a short chain (1 chain, seed 1, 200 warm-up + 200\n"
    "draws; data from NAME.data.json beside the model). The products of\n"
    "NAME.stan go into OUT/NAME/ (OUT: --out): NAME.c, the sampler NAME, the\n"
    "draws NAME.csv, the console NAME.log and NAME.summary.txt; each is\n"
    "replaced only by a complete file, the draws only by those of a\n"
    "successful run, and never an input.\n"
    "In both folder modes each C compile and each sampler run is a job in a\n"
    "process group of its own with a time limit (--timeout): past it, or\n"
    "when the batch gets SIGINT, SIGTERM, SIGHUP or SIGPIPE, the group gets\n"
    "SIGTERM, then SIGKILL 5 s later. A batch locks OUT (OUT/.pplbench.lock):\n"
    "a second batch into the same OUT is refused (exit 2).\n"
    "'build' emits the model's C and compiles it into a sampler, at --O1\n"
    "unless --O0 (the program as written) or --Oexperimental says otherwise\n"
    "(the checking and emitting options above stay at --O0 by default).\n"
    "With --profile, the 'profile' pass (see --list-passes) puts a profile\n"
    "record around every model-block statement and every user function;\n"
    "the sampler then writes CmdStan's profile CSV (output profile_file=F,\n"
    "by default profile.csv beside the output file).\n"
    "'summary' prints a posterior summary of Stan CSV files, as CmdStan's\n"
    "stansummary does.\n"
    "'merge' merges the JUnit XML reports of the shards of one validation\n"
    "run into the report of the whole run ('pplbench merge --help').\n"
    "'trace' evaluates the log density once with the MIR interpreter (the\n"
    "MIR the backend compiles, calling the samplers' runtime math) at the\n"
    "constrained values of --params or at the probe method's point K of\n"
    "--seed, and prints it as an extended Wengert list: nodes @i with their\n"
    "values, <constants>, places [§block:%expr], the branches taken, user\n"
    "function calls expanded to --levels (1: none), then the log density\n"
    "(with the Jacobian, dropping ~'s constants as the sampler does);\n"
    "--backward/--forward @i list what @i depends on and what depends on it.\n"
    "--o=FILE.dot, .png or .svg draws the trace (data flow, the branches\n"
    "taken, calls as boxes) and prints the list as without it.\n"
    "\n"
    "Options:\n"
    "  --help                   print this help and exit\n"
    "  --version                print the version and exit\n"
    "  --print-model-cflags     print the flags models are compiled with\n"
    "  --info                   print JSON describing the model's variables,\n"
    "                           functions, distributions and included files\n"
    "  --auto-format            print the program in the standard layout\n"
    "  --canonicalize=LIST      with --auto-format: apply the comma-separated\n"
    "                           rewrites deprecations, parentheses, braces,\n"
    "                           includes, strip-comments\n"
    "  --print-canonical        --auto-format --canonicalize=deprecations,\n"
    "                           parentheses,braces,includes\n"
    "  --max-line-length=N      column at which formatting splits lines (78)\n"
    "  --o=FILE                 write the output (format, info) to FILE\n"
    "  --include-paths=A,B      folders searched by #include\n"
    "  --allow-undefined        accept functions declared but not defined\n"
    "  --name=NAME              the model's name (default: file name + _model)\n"
    "  --out=DIR                the batch mode's folder for C, samplers,\n"
    "                           draws and summaries (default out)\n"
    "  --check-only             the batch mode only checks the models\n"
    "  --levels=O1,Oexperimental  validate these levels' pipelines\n"
    "  --pairs                  validate every ordered pair of passes\n"
    "  --report=FILE.xml        the JUnit XML report (default OUT/report.xml)\n"
    "  -j N, --jobs=N           validate N models at once (default 1)\n"
    "  --shard=K/N              validate the K-th of N slices of the models\n"
    "  --baseline=OLD.xml       compare with an older report\n"
    "  --points=K               seeded points per model (default 8)\n"
    "  --seed=S                 the points' and RNG's seed (default 1)\n"
    "  --posterior              also run a short NUTS chain (300 + 300\n"
    "                           draws) of both programs and compare every\n"
    "                           posterior mean within 5 Monte Carlo\n"
    "                           standard errors\n"
    "  --graphs                 also draw, as DOT and PNG, each model's\n"
    "                           factor graph (OUT/NAME/factor_graph.*), for\n"
    "                           a small model the trace of one log density\n"
    "                           (OUT/NAME/trace.*), and per job the\n"
    "                           flowgraph of log_prob before and after, the\n"
    "                           nodes it changed filled\n"
    "                           (OUT/NAME/JOB/flowgraph_{before,after}.*);\n"
    "                           the report links them (graph:* properties)\n"
    "  --timeout=SECONDS        the batch mode's time limit for each C compile\n"
    "                           and each sampler run (default 600; 0: none);\n"
    "                           a job past it is killed and counts as failed\n"
    "  --debug-lex              print the tokens\n"
    "  --debug-parse            print the parse tree (before type checking)\n"
    "  --debug-ast              print the typed syntax tree\n"
    "  --debug-mir-pretty       print the MIR as lowered\n"
    "  --debug-transformed-mir-pretty\n"
    "                           print the MIR after the backend's\n"
    "                           transformations (data reads, checks,\n"
    "                           constraining transforms)\n"
    "  --debug-optimized-mir-pretty\n"
    "                           print the MIR after the optimization level\n"
    "                           or the --passes (with neither, the same as\n"
    "                           the transformed MIR)\n"
    "  --O0                     no optimization (the default; build: --O1)\n"
    "  --O1                     stanc3's level 1 passes, in its order\n"
    "  --Oexperimental, --O     every pass, in stanc3's order\n"
    "  --passes=A,B             exactly these passes, in this order (one\n"
    "                           model; see --list-passes)\n"
    "  --list-passes            print every pass with its level and what it\n"
    "                           does\n"
    "  --warn-pedantic          also warn of likely mistakes in the model, as\n"
    "                           stanc3's pedantic mode does (one model)\n"
    "  --factor-graph=FILE.json write the factor graph of the log density\n"
    "                           (factors, variables, edges, plates) as JSON,\n"
    "                           or as a picture: FILE.dot, FILE.svg or\n"
    "                           FILE.png (Graphviz; where PNG or SVG cannot\n"
    "                           be rendered, FILE.svg or FILE.dot instead)\n"
    "  --warn-uninitialized     warn about reads of variables that may not\n"
    "                           have been assigned a value (one model)\n"
    "  --debug-mem-patterns     print each vector and matrix of the log\n"
    "                           density with the memory pattern the soa\n"
    "                           pass chose (SoA or AoS) and why each AoS one\n"
    "                           is AoS; runs the --O1 passes unless a level\n"
    "                           or --passes is given\n"
    "  --debug-generate-data    print random data for the data block (JSON)\n"
    "  --debug-generate-inits   print random parameter values (JSON); both\n"
    "                           take --seed=N (1234), --debug-data-file=FILE\n"
    "\n"
    "Exit codes: 0 success, 1 the model has errors (the batch mode: or a\n"
    "build or sampler run failed or timed out, or a model met an internal\n"
    "compiler error: the batch goes on to the next model), 2 usage or I/O\n"
    "error (the batch mode: OUT is locked by another batch, or a product\n"
    "could not be written), 3 internal compiler error (one model); the\n"
    "batch mode stopped by SIGINT, SIGTERM, SIGHUP or SIGPIPE exits 130,\n"
    "143, 129 or 141 (128 + the signal).\n";

/* --list-passes: name, level, tolerance and what each pass does. */
static void list_passes(FILE *out)
{
    for (const PassInfo *p = pass_table; p->name; p++) {
        if (p->level == PASS_TEST_ONLY)
            continue;
        fprintf(out, "%-16s %-14s %s\n", p->name, pass_level_name(p->level),
                p->desc);
    }
    for (PassLevel l = PASS_O1; l <= PASS_OEXPERIMENTAL; l++) {
        const PassInfo *pipe[DRV_MAX_PASSES];
        int n = pass_pipeline(l, pipe, DRV_MAX_PASSES);
        fprintf(out, "--%s:", pass_level_name(l));
        for (int i = 0; i < n; i++)
            fprintf(out, "%s%s", i ? "," : " ", pipe[i]->name);
        fprintf(out, "%s\n", n ? "" : " (no passes)");
    }
}

/* A whole decimal number in [lo, hi]. */
static bool parse_count(const char *v, long lo, long hi, int *out)
{
    char *end;
    errno = 0;
    long n = strtol(v, &end, 10);
    if (!*v || *end || errno || n < lo || n > hi)
        return false;
    *out = (int)n;
    return true;
}

static int usage_error(const char *fmt, const char *arg)
{
    fputs("pplbench: ", stderr);
    fprintf(stderr, fmt, arg);
    fputs("\nTry 'pplbench --help' for the list of options.\n", stderr);
    return EXIT_USAGE;
}

/* "--opt=value": the value if arg starts with "--opt=", else NULL. */
static const char *option_value(const char *arg, const char *opt)
{
    size_t n = strlen(opt);
    if (strncmp(arg, opt, n) == 0 && arg[n] == '=')
        return arg + n + 1;
    return NULL;
}

static bool set_canonicalize(FmtOptions *f, const char *list)
{
    char buf[256];
    if (snprintf(buf, sizeof buf, "%s", list) >= (int)sizeof buf)
        return false;   /* longer than every valid list: not one of them */
    for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
        if (strcmp(tok, "deprecations") == 0)
            f->canon_deprecations = true;
        else if (strcmp(tok, "parentheses") == 0)
            f->canon_parentheses = true;
        else if (strcmp(tok, "braces") == 0)
            f->canon_braces = true;
        else if (strcmp(tok, "includes") == 0)
            f->canon_includes = true;
        else if (strcmp(tok, "strip-comments") == 0)
            f->canon_strip_comments = true;
        else
            return false;
    }
    return true;
}

static void split_paths(Cli *c, const char *list)
{
    const char *p = list;
    while (*p) {
        const char *comma = strchr(p, ',');
        size_t n = comma ? (size_t)(comma - p) : strlen(p);
        if (n)
            vec_push(&c->arena, &c->include_paths,
                     arena_strndup(&c->arena, p, n));
        p += n + (comma ? 1 : 0);
    }
}

/* Returns -1 to go on, or an exit code. */
static int parse_cli(Cli *c, int argc, char **argv)
{
    c->fmt.max_line_length = 78;
    c->timeout_seconds = DRV_BATCH_TIMEOUT_SECONDS;
    c->gen.seed = DRV_GEN_DEFAULT_SEED;
    bool canonicalize_given = false;
    const char *gen_option = NULL;  /* given: --seed, --debug-data-file */
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        if (strcmp(a, "--help") == 0) {
            fputs(usage_text, stdout);
            return EXIT_OK;
        } else if (strcmp(a, "--print-model-cflags") == 0) {
            puts(DRV_MODEL_CFLAGS);
            return EXIT_OK;
        } else if (strcmp(a, "--version") == 0) {
            printf("pplbench %s (Stan language 2.36)\n", PPLBENCH_VERSION);
            return EXIT_OK;
        } else if (strcmp(a, "--info") == 0) {
            c->mode = MODE_INFO;
        } else if (strcmp(a, "--auto-format") == 0) {
            c->mode = MODE_FORMAT;
        } else if (strcmp(a, "--print-canonical") == 0) {
            c->mode = MODE_FORMAT;
            set_canonicalize(&c->fmt, "deprecations,parentheses,braces,"
                                      "includes");
        } else if ((v = option_value(a, "--canonicalize"))) {
            if (!set_canonicalize(&c->fmt, v))
                return usage_error("--canonicalize takes a list of "
                                   "deprecations, parentheses, braces, "
                                   "includes, strip-comments; got '%s'", v);
            canonicalize_given = true;
        } else if ((v = option_value(a, "--max-line-length"))) {
            char *end;
            long n = strtol(v, &end, 10);
            if (*end || n < 1 || n > 10000)
                return usage_error("--max-line-length takes a positive "
                                   "number; got '%s'", v);
            c->fmt.max_line_length = (int)n;
        } else if ((v = option_value(a, "--o"))
                   || (v = option_value(a, "-o"))) {
            c->output = v;
        } else if ((v = option_value(a, "--include-paths"))
                   || (v = option_value(a, "--include_paths"))) {
            split_paths(c, v);
        } else if (strcmp(a, "--allow-undefined") == 0) {
            c->fe.allow_undefined = true;
        } else if ((v = option_value(a, "--out"))) {
            c->outdir = v;
        } else if (strcmp(a, "--check-only") == 0) {
            c->check_only = true;
        } else if ((v = option_value(a, "--timeout"))) {
            char *end;
            errno = 0;
            long n = strtol(v, &end, 10);
            if (!*v || *end || errno || n < 0 || n > 1000000)
                return usage_error("--timeout takes a number of seconds "
                                   "(0 for no limit); got '%s'", v);
            c->timeout_seconds = (int)n;
            c->timeout_given = true;
        } else if ((v = option_value(a, "--name"))) {
            /* it names the emitted C model, so it must be a C identifier
             * (one rule for --name and for names from file names) */
            if (!emit_model_name_valid(v))
                return usage_error("--name takes letters, digits and '_', "
                                   "not starting with a digit; got '%s'", v);
            c->name = v;
        } else if (strcmp(a, "--debug-lex") == 0) {
            c->mode = MODE_DEBUG_LEX;
        } else if (strcmp(a, "--debug-parse") == 0) {
            c->mode = MODE_DEBUG_PARSE;
            c->fe.parse_only = true;
        } else if (strcmp(a, "--debug-ast") == 0) {
            c->mode = MODE_DEBUG_AST;
        } else if (strcmp(a, "--debug-mir-pretty") == 0) {
            c->mode = MODE_MIR;
        } else if (strcmp(a, "--debug-transformed-mir-pretty") == 0) {
            c->mode = MODE_TRANSFORMED_MIR;
        } else if (strcmp(a, "--debug-optimized-mir-pretty") == 0) {
            c->mode = MODE_OPTIMIZED_MIR;
        } else if (strcmp(a, "--debug-mem-patterns") == 0) {
            c->mode = MODE_MEM_PATTERNS;
        } else if (strcmp(a, "--warn-uninitialized") == 0) {
            c->warn_uninit = true;
        } else if (strcmp(a, "--debug-generate-data") == 0) {
            c->mode = MODE_GEN_DATA;
        } else if (strcmp(a, "--debug-generate-inits") == 0) {
            c->mode = MODE_GEN_INITS;
        } else if ((v = option_value(a, "--debug-data-file"))) {
            c->gen.data_file = v;
            gen_option = "--debug-data-file";
        } else if ((v = option_value(a, "--seed"))
                   || strcmp(a, "--seed") == 0) {
            if (!v && !(v = i + 1 < argc ? argv[++i] : NULL))
                return usage_error("%s", "--seed takes a non-negative "
                                   "integer");
            char *end;
            errno = 0;
            unsigned long long n = strtoull(v, &end, 10);
            if (!isdigit((unsigned char)*v) || *end || errno)
                return usage_error("--seed takes a non-negative integer; "
                                   "got '%s'", v);
            c->gen.seed = n;
            /* the validator's seed (points, RNG) is a sampler's: 31 bits */
            c->seed = n <= 2147483647 ? (int)n : -1;
            gen_option = "--seed";
        } else if (strcmp(a, "--O0") == 0) {
            c->level = PASS_O0;
            c->level_given = true;
        } else if (strcmp(a, "--O1") == 0) {
            c->level = PASS_O1;
            c->level_given = true;
        } else if (strcmp(a, "--Oexperimental") == 0
                   || strcmp(a, "--O") == 0) {
            c->level = PASS_OEXPERIMENTAL;
            c->level_given = true;
        } else if ((v = option_value(a, "--levels"))) {
            c->nlevels = 0;
            for (const char *p = v; *p;) {
                size_t k = strcspn(p, ",");
                if (k == 2 && strncmp(p, "O1", 2) == 0 && c->nlevels < 2)
                    c->levels[c->nlevels++] = PASS_O1;
                else if (k == 13 && strncmp(p, "Oexperimental", 13) == 0
                         && c->nlevels < 2)
                    c->levels[c->nlevels++] = PASS_OEXPERIMENTAL;
                else
                    return usage_error("--levels takes O1, Oexperimental or "
                                       "both, comma-separated; got '%s'", v);
                p += k + (p[k] == ',');
            }
        } else if (strcmp(a, "--pairs") == 0) {
            c->pairs = true;
        } else if (strcmp(a, "--posterior") == 0) {
            c->posterior = true;
        } else if (strcmp(a, "--graphs") == 0) {
            c->graphs = true;
        } else if ((v = option_value(a, "--report"))) {
            c->report = v;
        } else if ((v = option_value(a, "--baseline"))) {
            c->baseline = v;
        } else if ((v = option_value(a, "--points"))) {
            if (!parse_count(v, 1, 1000, &c->points))
                return usage_error("--points takes a number from 1 to 1000; "
                                   "got '%s'", v);
        } else if (strcmp(a, "-j") == 0 || strncmp(a, "-j", 2) == 0
                   || (v = option_value(a, "--jobs"))) {
            const char *n = strncmp(a, "--jobs=", 7) == 0 ? a + 7
                : a[2] ? a + 2 : i + 1 < argc ? argv[++i] : "";
            if (!parse_count(n, 1, 64, &c->workers))
                return usage_error("-j takes a number of parallel workers "
                                   "from 1 to 64; got '%s'", n);
        } else if ((v = option_value(a, "--shard"))) {
            int k, n;
            char extra;
            if (sscanf(v, "%d/%d%c", &k, &n, &extra) != 2 || n < 1
                || n > 100000 || k < 1 || k > n)
                return usage_error("--shard takes K/N with 1 <= K <= N; "
                                   "got '%s'", v);
            c->shard_k = k;
            c->shard_n = n;
        } else if (strcmp(a, "--warn-pedantic") == 0) {
            c->warn_pedantic = true;
        } else if ((v = option_value(a, "--factor-graph"))) {
            VizFormat f;
            if (!name_has_suffix(v, ".json")
                && !viz_format_of_path(v, &f))
                return usage_error("--factor-graph writes FILE.json, "
                                   "FILE.dot, FILE.svg or FILE.png; got "
                                   "'%s'", v);
            c->factor_graph = v;
        } else if (strcmp(a, "--list-passes") == 0) {
            list_passes(stdout);
            return EXIT_OK;
        } else if ((v = option_value(a, "--passes"))) {
            char why[512];
            int n = pass_parse_list(v, c->passes, DRV_MAX_PASSES, why,
                                    sizeof why);
            if (n < 0)
                return usage_error("%s", why);
            c->npasses = n;
            c->passes_given = true;
        } else if (a[0] == '-' && a[1] != '\0') {
            return usage_error("unknown option '%s'", a);
        } else if (c->input) {
            return usage_error("more than one input given: '%s'", a);
        } else {
            c->input = a;
        }
    }
    if (!c->input)
        return usage_error("%s", "no model file or folder given");
    struct stat in_st;
    bool folder = stat(c->input, &in_st) == 0 && S_ISDIR(in_st.st_mode);
    bool gen = c->mode == MODE_GEN_DATA || c->mode == MODE_GEN_INITS;
    bool seed = gen_option && strcmp(gen_option, "--seed") == 0;
    if (gen_option && !gen && !(folder && seed))
        return usage_error(seed ? "%s is for --debug-generate-data, "
                                  "--debug-generate-inits and the validator "
                                  "(a folder)"
                                : "%s is for --debug-generate-data and "
                                  "--debug-generate-inits", gen_option);
    if (folder && (c->warn_pedantic || c->factor_graph))
        return usage_error("%s is for one model, not a folder",
                           c->warn_pedantic ? "--warn-pedantic"
                                            : "--factor-graph");
    if (c->graphs && (!folder || c->check_only))
        return usage_error("%s", "--graphs is for the validator (a folder); "
                           "one model's pictures: --factor-graph=FILE.png, "
                           "pplbench trace --o=FILE.png");
    if (folder && !gen && c->seed < 0)
        return usage_error("%s", "the validator's --seed is at most "
                           "2147483647");
    if (folder && (c->warn_uninit || c->mode == MODE_MEM_PATTERNS))
        return usage_error("%s is for one model, not a folder",
                           c->warn_uninit ? "--warn-uninitialized"
                                          : "--debug-mem-patterns");
    if (canonicalize_given && c->mode != MODE_FORMAT)
        c->mode = MODE_FORMAT;
    /* removed # comments: the formatter turns them into //, and
     * --debug-parse shows the tree the formatter prints */
    c->fe.hash_comments = c->mode == MODE_FORMAT
        || c->mode == MODE_DEBUG_PARSE;
    if (c->output && c->mode == MODE_CHECK)
        c->mode = MODE_EMIT_C;
    c->fe.include_paths = (const char **)c->include_paths.items;
    c->fe.ninclude_paths = c->include_paths.len;
    return -1;
}

/* Open --o=FILE through rt_out_open (atomic for a regular file, direct
 * for a device or fifo), refusing the model or any file it includes.
 * NULL after a message. */
static RtOutFile *open_output(const Cli *c, const FeUnit *u,
                               const char *path)
{
    int n = u->sm.files.len;
    const char **inputs = malloc(((size_t)n + 2) * sizeof *inputs);
    if (!inputs) {
        fprintf(stderr, "pplbench: out of memory\n");
        return NULL;
    }
    inputs[0] = c->input;
    for (int i = 0; i < n; i++)
        inputs[i + 1] = src_file(&u->sm, i)->path;
    int ninputs = n + 1;
    if (c->gen.data_file)       /* --debug-data-file is an input too */
        inputs[ninputs++] = c->gen.data_file;
    RtError err = {.msg = ""};
    RtOutFile *o = rt_out_open(path, inputs, ninputs, &err);
    free(inputs);
    if (!o)
        fprintf(stderr, "pplbench: %s\n", err.msg);
    return o;
}

/* The model's name: --name, or the file's base name + "_model" as stanc3
 * names it (emit_model_name: only letters, digits and '_'). */
static const char *model_name(const Cli *c, Arena *a)
{
    if (c->name)
        return c->name;
    const char *base = strrchr(c->input, '/');
    base = base ? base + 1 : c->input;
    const char *dot = strrchr(base, '.');
    size_t n = dot ? (size_t)(dot - base) : strlen(base);
    return emit_model_name(a, arena_strndup(a, base, n));
}

/* Lower (and transform) the checked program, then print its MIR or write
 * its C, through the protected pipeline (pipeline.h): the MIR is verified
 * after each stage, and a violation or an ICE() is an internal error. */
static int print_mir(const Cli *c, FeUnit *u, FILE *out)
{
    DrvPipeline pl = {.path = c->input, .name = model_name(c, &u->arena)};
    bool gen = c->mode == MODE_GEN_DATA || c->mode == MODE_GEN_INITS;
    pl.stop = c->mode == MODE_MIR || gen ? DRV_PIPELINE_LOWERED
            : c->mode == MODE_TRANSFORMED_MIR ? DRV_PIPELINE_TRANSFORMED
            : c->mode == MODE_OPTIMIZED_MIR ? DRV_PIPELINE_OPTIMIZED
            : c->mode == MODE_MEM_PATTERNS ? DRV_PIPELINE_OPTIMIZED
            : DRV_PIPELINE_EMITTED;
    bool mem = c->mode == MODE_MEM_PATTERNS;
    pl.mir_out = c->mode == MODE_EMIT_C || gen || mem ? NULL : out;
    /* the optimization: --passes in that order, or the level's pipeline;
     * the memory patterns are the soa pass's, which --O0 does not run:
     * they take --O1's unless told otherwise (stanc3 prints them at
     * whatever level it is given, all AoS at --O0, as an explicit --O0
     * does here) */
    const PassInfo *pipe[DRV_MAX_PASSES];
    pl.passes = c->passes;
    pl.npasses = c->npasses;
    if (!c->passes_given) {
        PassLevel level = mem && !c->level_given ? PASS_O1 : c->level;
        pl.npasses = pass_pipeline(level, pipe, DRV_MAX_PASSES);
        pl.passes = pipe;
    }
    switch (drv_pipeline_run(u, &pl)) {
    case DRV_PIPELINE_INTERNAL:
        drv_pipeline_print_internal(stderr, "", pl.why);
        return EXIT_INTERNAL;
    case DRV_PIPELINE_NOT_COMPILED:
        fprintf(stderr, "Error: %s.\n", pl.why);
        return EXIT_MODEL;
    case DRV_PIPELINE_OK:
        break;
    }
    if (gen) {      /* from the declarations of the lowered MIR */
        DrvGenOptions o = c->gen;
        o.what = c->mode == MODE_GEN_DATA ? DRV_GEN_DATA : DRV_GEN_INITS;
        RtError err = {.msg = ""};
        int rc = drv_gen_write(out, pl.program, &o, &err);
        if (rc != 0) {
            fprintf(stderr, "Error: %s\n", err.msg);
            return rc == -2 ? EXIT_USAGE : EXIT_MODEL;
        }
        return EXIT_OK;
    }
    if (mem)
        mem_print_patterns(out, pl.program);
    /* a write that fails is reported by the caller (rt_out_commit, or the
     * check of standard output), with the reason the stream recorded */
    if (pl.c_code)
        fwrite(pl.c_code, 1, pl.c_len, out);
    free(pl.c_code);
    return EXIT_OK;
}

/* The MIR as lowered of a checked model, for the analyses, in pl.
 * EXIT_OK, or the exit code of a failure (printed). */
static int lowered(const Cli *c, FeUnit *u, DrvPipeline *pl)
{
    *pl = (DrvPipeline){.path = c->input, .name = model_name(c, &u->arena),
                        .stop = DRV_PIPELINE_LOWERED};
    switch (drv_pipeline_run(u, pl)) {
    case DRV_PIPELINE_INTERNAL:
        drv_pipeline_print_internal(stderr, "", pl->why);
        return EXIT_INTERNAL;
    case DRV_PIPELINE_NOT_COMPILED:
        fprintf(stderr, "Error: %s.\n", pl->why);
        return EXIT_MODEL;
    case DRV_PIPELINE_OK:
        break;
    }
    return EXIT_OK;
}

/* --warn-uninitialized: the uninitialized-variable warnings of the MIR
 * as lowered (analyses/uninit.c), printed after the frontend's; the exit
 * code is not changed by them.  EXIT_OK, or the code of an internal
 * error (printed). */
static int warn_uninitialized(const Cli *c, FeUnit *u)
{
    DrvPipeline pl;
    int status = lowered(c, u, &pl);
    if (status != EXIT_OK)
        return status;
    int first = u->sink.diags.len;
    uninit_warn(pl.program, &u->sink);
    for (int i = first; i < u->sink.diags.len; i++)
        diag_render(stderr, &u->sink, u->sink.diags.items[i]);
    return EXIT_OK;
}

static int run_one(const Cli *c);

/* pplbench build MODEL.stan -o EXE: emit the C, compile and link it, at
 * --O1 unless told otherwise: every corpus model validates there, and
 * make bench measures no bench model slower than at --O0 (the loop models
 * 8 to 15 times faster).  stanc3's users opt in to its levels; ours get
 * the fast code by default. */
static int run_build(int argc, char **argv)
{
    const char *model = NULL, *exe = NULL;
    PassLevel level = PASS_O1;
    bool profile = false;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--profile") == 0)
            profile = true;
        else if (strcmp(argv[i], "-o") == 0 && i + 1 < argc)
            exe = argv[++i];
        else if (strncmp(argv[i], "-o=", 3) == 0)
            exe = argv[i] + 3;
        else if (strcmp(argv[i], "--O0") == 0)
            level = PASS_O0;
        else if (strcmp(argv[i], "--O1") == 0)
            level = PASS_O1;
        else if (strcmp(argv[i], "--Oexperimental") == 0
                 || strcmp(argv[i], "--O") == 0)
            level = PASS_OEXPERIMENTAL;
        else if (argv[i][0] == '-')
            return usage_error("build: unknown option '%s'", argv[i]);
        else
            model = argv[i];
    }
    if (!model || !exe)
        return usage_error("%s", "usage: pplbench build MODEL.stan -o EXE "
                           "[--O0|--O1|--Oexperimental] [--profile]");
    char cfile[4096];
    if (snprintf(cfile, sizeof cfile, "%s.c", exe) >= (int)sizeof cfile)
        return usage_error("build: the path '%.80s...' is too long", exe);
    /* refused before anything is written: an executable over the model or
     * over the C file it is built from */
    const char *inputs[] = {model, cfile};
    RtError err = {.msg = ""};
    if (rt_out_check(exe, inputs, 2, &err) != 0) {
        fprintf(stderr, "pplbench: %s\n", err.msg);
        return EXIT_USAGE;
    }
    Cli c = {0};
    c.mode = MODE_EMIT_C;
    c.level = level;
    if (profile) {
        /* the level's passes, then the instrumentation on their result:
         * the records time the code that runs */
        c.npasses = pass_pipeline(level, c.passes, DRV_MAX_PASSES - 1);
        c.passes[c.npasses++] = pass_find("profile");
        c.passes_given = true;
    }
    c.input = model;
    c.output = cfile;
    c.fmt.max_line_length = 78;
    int status = run_one(&c);
    arena_free(&c.arena);
    if (status != EXIT_OK)
        return status;
    double seconds = 0;
    DrvBuildOptions o = {.compile_seconds = &seconds, .protect = inputs,
                         .nprotect = 1};
    if (drv_compile_c(cfile, exe, &o, stderr) != 0)
        return EXIT_MODEL;
    printf("built %s (C compile %.2f s)\n", exe, seconds);
    return EXIT_OK;
}

/* --factor-graph=FILE.dot, .svg or .png: the picture is rendered in memory,
 * then written through rt_out_open; where this Graphviz cannot render the
 * format asked for, the fallback's file (FILE.svg, FILE.dot) is written
 * instead, with a one-line notice. */
static int write_factor_graph_picture(const Cli *c, FeUnit *u,
                                      const MirProgram *p, VizFormat want)
{
    FactorGraph *g = fgraph_build(p);
    if (!g) {
        fprintf(stderr, "pplbench: out of memory building the factor "
                "graph\n");
        return EXIT_USAGE;
    }
    char why[512];
    VizPicture pic;
    int rc = viz_factor_graph(c->viz, g, want, &pic, why, sizeof why);
    fgraph_free(g);
    if (rc != 0) {
        fprintf(stderr, "pplbench: %s: %s\n", c->factor_graph, why);
        return EXIT_USAGE;
    }
    const char *path = c->factor_graph;
    if (pic.format != want) {
        const char *dot = strrchr(path, '.');
        path = arena_printf(&u->arena, "%.*s.%s", (int)(dot - path), path,
                            viz_format_name(pic.format));
        fprintf(stderr, "pplbench: notice: this Graphviz cannot render %s; "
                "writing %s instead\n", viz_format_name(want), path);
    }
    RtOutFile *file = open_output(c, u, path);
    if (!file) {
        viz_picture_free(&pic);
        return EXIT_USAGE;
    }
    RtError err = {.msg = ""};
    int status = EXIT_OK;
    if (fwrite(pic.data, 1, pic.len, rt_out_stream(file)) != pic.len) {
        fprintf(stderr, "pplbench: %s: %s\n", path, strerror(errno));
        rt_out_abort(file);
        status = EXIT_USAGE;
    } else if (rt_out_commit(file, &err) != 0) {
        fprintf(stderr, "pplbench: %s\n", err.msg);
        status = EXIT_USAGE;
    }
    viz_picture_free(&pic);
    return status;
}

/* The analyses of a checked model (--warn-pedantic, --factor-graph) on its
 * MIR as lowered: pedantic warnings go into the unit's sink (printed with
 * the frontend's); they do not change the exit code. */
static int run_analyses(const Cli *c, FeUnit *u)
{
    DrvPipeline pl;
    int lstatus = lowered(c, u, &pl);
    if (lstatus != EXIT_OK)
        return lstatus;
    if (c->warn_pedantic && !ped_check(pl.program, &u->sink)) {
        fprintf(stderr, "pplbench: out of memory in pedantic mode\n");
        return EXIT_USAGE;
    }
    if (!c->factor_graph)
        return EXIT_OK;
    VizFormat format;
    if (viz_format_of_path(c->factor_graph, &format))
        return write_factor_graph_picture(c, u, pl.program, format);
    FactorGraph *g = fgraph_build(pl.program);
    RtOutFile *file = g ? open_output(c, u, c->factor_graph) : NULL;
    if (!g || !file) {
        if (!g)
            fprintf(stderr, "pplbench: out of memory building the factor "
                    "graph\n");
        fgraph_free(g);
        return EXIT_USAGE;
    }
    char why[512];
    RtError err = {.msg = ""};
    int status = EXIT_OK;
    if (fgraph_write_json(rt_out_stream(file), g, why, sizeof why) != 0) {
        fprintf(stderr, "pplbench: %s: %s\n", c->factor_graph, why);
        rt_out_abort(file);
        status = EXIT_USAGE;
    } else if (rt_out_commit(file, &err) != 0) {
        fprintf(stderr, "pplbench: %s\n", err.msg);
        status = EXIT_USAGE;
    }
    fgraph_free(g);
    return status;
}

static int run_one(const Cli *c)
{
    FeUnit u;
    bool ok = fe_compile(&u, c->input, NULL, &c->fe);
    int status = EXIT_OK;
    if (ok && !u.internal_error && (c->warn_pedantic || c->factor_graph))
        status = run_analyses(c, &u);
    diag_render_all(stderr, &u.sink);
    if (status != EXIT_OK) {
        /* the analyses failed, and said why */
    } else if (u.internal_error) {
        status = EXIT_INTERNAL;
    } else if (u.file_missing) {
        status = EXIT_USAGE;
    } else if (c->mode == MODE_DEBUG_LEX) {
        lex_dump(stdout, &u.sm, &u.tokens);
        status = ok ? EXIT_OK : EXIT_MODEL;
    } else if (c->mode == MODE_DEBUG_PARSE && u.parsed) {
        ast_dump(stdout, u.prog);  /* not checked: no types in the dump */
        status = ok ? EXIT_OK : EXIT_MODEL;
    } else if (!ok) {
        status = EXIT_MODEL;
    } else if (c->warn_uninit
               && (status = warn_uninitialized(c, &u)) != EXIT_OK) {
        /* an internal error, printed: no output */
    } else if (c->mode != MODE_CHECK && c->mode != MODE_DEBUG_PARSE) {
        RtOutFile *file = NULL;
        if (c->output && !(file = open_output(c, &u, c->output))) {
            fe_unit_free(&u);
            return EXIT_USAGE;
        }
        FILE *out = file ? rt_out_stream(file) : stdout;
        if (c->mode == MODE_FORMAT) {
            fmt_program(out, &u, &c->fmt);
            if (!file)
                fputc('\n', out);  /* stanc3 prints it with print_endline */
        }
        else if (c->mode == MODE_INFO)
            info_print(out, &u);
        else if (c->mode == MODE_DEBUG_AST)
            ast_dump(out, u.prog);
        else
            status = print_mir(c, &u, out);
        /* a write that failed is reported by rt_out_commit, with the
         * reason the stream recorded (errno is long gone by now) */
        RtError err = {.msg = ""};
        if (file && status != EXIT_OK && !ferror(out)) {
            rt_out_abort(file);
        } else if (file && rt_out_commit(file, &err) != 0) {
            fprintf(stderr, "pplbench: %s\n", err.msg);
            status = EXIT_USAGE;
        }
    }
    fe_unit_free(&u);
    return status;
}

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The models of a folder: its .stan files that are regular files (a fifo
 * would block the checker; a folder is not a model), sorted by name.  Not
 * recursive: the models of one batch are the files of one folder, so no
 * two have the same name, nor the same product folder OUT/NAME.  False
 * after a message when the folder cannot be read. */
static bool find_models(Cli *c, PtrVec *files)
{
    DIR *d = opendir(c->input);
    if (!d) {
        fprintf(stderr, "Error: folder '%s' cannot be opened: %s\n",
                c->input, strerror(errno));
        return false;
    }
    struct dirent *e;
    size_t dlen = strlen(c->input);
    while (dlen > 1 && c->input[dlen - 1] == '/')
        dlen--;
    while ((e = readdir(d))) {
        if (!name_has_suffix(e->d_name, ".stan"))
            continue;
        char *path = arena_printf(&c->arena, "%.*s/%s", (int)dlen, c->input,
                                  e->d_name);
        struct stat st;
        if (stat(path, &st) == 0 && S_ISREG(st.st_mode))
            vec_push(&c->arena, files, path);
    }
    closedir(d);
    qsort(files->items, (size_t)files->len, sizeof(void *), compare_names);
    return true;
}

/* The batch's inputs, which no product may replace: every model and every
 * NAME.data.json beside one. */
static void batch_inputs(Cli *c, const PtrVec *files, DrvBatchOptions *bo)
{
    const char **inputs = arena_alloc(&c->arena, (2 * (size_t)files->len + 1)
                                                 * sizeof *inputs);
    int n = 0;
    for (int i = 0; i < files->len; i++) {
        const char *path = files->items[i];
        inputs[n++] = path;
        inputs[n++] = arena_printf(&c->arena, "%.*s.data.json",
                                   (int)(strlen(path) - 5), path);
    }
    bo->inputs = inputs;
    bo->ninputs = n;
}

/* What the batch's models came to. */
typedef struct BatchTally {
    int nok, nwarn, nerr;
    int sampled, not_compiled, failed, timed_out, internal, write_failed;
} BatchTally;

static void tally(BatchTally *t, int r)
{
    t->sampled += r == DRV_BATCH_SAMPLED;
    t->not_compiled += r == DRV_BATCH_NOT_COMPILED;
    t->failed += r == DRV_BATCH_FAILED || r == DRV_BATCH_TIMED_OUT
                 || r == DRV_BATCH_INTERNAL_ERROR;
    t->timed_out += r == DRV_BATCH_TIMED_OUT;
    t->internal += r == DRV_BATCH_INTERNAL_ERROR;
    t->write_failed += r == DRV_BATCH_WRITE_FAILED;
}

/* Check one model and print its line; true when it has no errors. */
static bool check_model(Cli *c, FeUnit *u, const char *path, BatchTally *t)
{
    fe_compile(u, path, NULL, &c->fe);
    if (u->sink.nerrors) {
        const Diag *first = NULL;
        for (int j = 0; j < u->sink.diags.len && !first; j++)
            if (diag_is_error(u->sink.diags.items[j]))
                first = u->sink.diags.items[j];
        printf("%-40s error\n", path);
        diag_render(stdout, &u->sink, first);
        t->nerr++;
        return false;
    }
    if (u->sink.nwarnings) {
        printf("%-40s ok, %d warning%s\n", path, u->sink.nwarnings,
               u->sink.nwarnings == 1 ? "" : "s");
        t->nwarn++;
    } else {
        printf("%-40s ok\n", path);
        t->nok++;
    }
    return true;
}

/* The output folder, made if needed, and its lock; the lock's descriptor,
 * or -1 after a message. */
static int open_outdir(const char *outdir)
{
    if (mkdir(outdir, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "Error: cannot create '%s': %s\n", outdir,
                strerror(errno));
        return -1;
    }
    char why[2048];
    int lock = drv_batch_lock(outdir, why, sizeof why);
    if (lock < 0)
        fprintf(stderr, "pplbench: %s\n", why);
    return lock;
}

/* Folder mode: one line per model, then a total.  The batch holds the
 * lock of its output folder to the end; SIGINT, SIGTERM, SIGHUP or
 * SIGPIPE stop it after the running job is killed (exit 128 + the
 * signal). */
static int run_folder(Cli *c)
{
    PtrVec files = {0};
    if (!find_models(c, &files))
        return EXIT_USAGE;
    BatchTally t = {0};
    DrvBatchOptions bo = {.outdir = c->outdir ? c->outdir : "out",
                          .num_warmup = 200, .num_samples = 200, .seed = 1,
                          .timeout_seconds = c->timeout_seconds};
    batch_inputs(c, &files, &bo);
    int lock = -1;
    if (!c->check_only) {
        drv_job_catch_signals();
        if ((lock = open_outdir(bo.outdir)) < 0)
            return EXIT_USAGE;
    }
    int done = 0;
    for (int i = 0; i < files.len && !drv_job_stop_signal(); i++) {
        const char *path = files.items[i];
        FeUnit u;
        int r = DRV_BATCH_SAMPLED;
        if (check_model(c, &u, path, &t) && !c->check_only) {
            r = drv_batch_model(&u, path, &bo, stdout);
            tally(&t, r);
            if (r == DRV_BATCH_INTERRUPTED)
                printf("    interrupted: the running job was killed; "
                       "nothing unfinished was kept\n");
        }
        done += r != DRV_BATCH_INTERRUPTED;
        fflush(stdout);
        fe_unit_free(&u);
    }
    int sig = c->check_only ? 0 : drv_job_stop_signal();
    if (sig)
        printf("interrupted by signal %d (%s): stopped after %d of %d "
               "models; the finished results are kept\n", sig,
               drv_job_signal_name(sig), done, files.len);
    printf("%d models: %d ok, %d with warnings, %d with errors\n",
           t.nok + t.nwarn + t.nerr, t.nok, t.nwarn, t.nerr);
    if (!c->check_only) {
        char internal[64] = "";
        if (t.internal)
            snprintf(internal, sizeof internal, ", %d internal compiler "
                     "error%s", t.internal, t.internal == 1 ? "" : "s");
        printf("samplers: %d built and sampled, %d not compiled by the "
               "backend yet, %d failed (%d timed out%s), %d not written; "
               "products in %s/\n", t.sampled, t.not_compiled, t.failed,
               t.timed_out, internal, t.write_failed, bo.outdir);
    }
    if (lock >= 0)
        close(lock);
    if (sig)
        return 128 + sig;
    if (t.write_failed)
        return EXIT_USAGE;
    return t.nerr || t.failed ? EXIT_MODEL : EXIT_OK;
}

/* "a,b": the --passes given. */
static const char *passes_text(Cli *c)
{
    const char *t = "";
    for (int i = 0; i < c->npasses; i++)
        t = arena_printf(&c->arena, "%s%s%s", t, i ? "," : "",
                         c->passes[i]->name);
    return t;
}

/* "O1,Oexperimental": the --levels given. */
static const char *levels_text(Cli *c)
{
    const char *t = "";
    for (int i = 0; i < c->nlevels; i++)
        t = arena_printf(&c->arena, "%s%s%s", t, i ? "," : "",
                         pass_level_name(c->levels[i]));
    return t;
}

/* The validator over a folder: every model, each job (validate.h). */
static int run_validate(Cli *c)
{
    PtrVec files = {0};
    if (!find_models(c, &files))
        return EXIT_USAGE;
    DrvBatchOptions bo = {0};
    batch_inputs(c, &files, &bo);
    DrvJobSpec *jobs = arena_alloc(&c->arena, sizeof *jobs * DRV_MAX_JOBS);
    char why[1024];
    int njobs = drv_validate_jobs(c->passes, c->npasses, c->levels,
                                  c->nlevels, c->pairs, jobs, DRV_MAX_JOBS,
                                  why, sizeof why);
    if (njobs < 0)
        return usage_error("%s", why);
    /* what the run validates, for the report: the options that decide
     * the results (not where they go, nor the shard: every shard of a run
     * records the same, so that their reports merge) */
    char *flags = arena_printf(&c->arena, "%s%s%s%s --points=%d --seed=%d"
                               "%s%s", c->passes_given ? "--passes=" : "",
                               c->passes_given ? passes_text(c) : "",
                               c->nlevels ? " --levels=" : "",
                               c->nlevels ? levels_text(c) : "",
                               c->points ? c->points : 8,
                               c->seed > 0 ? c->seed : 1,
                               c->pairs ? " --pairs" : "",
                               c->posterior ? " --posterior" : "");
    if (flags[0] == ' ')
        flags++;
    DrvValidateOptions o = {
        .outdir = c->outdir ? c->outdir : "out",
        .report = c->report,
        .baseline = c->baseline,
        .jobs = jobs,
        .njobs = njobs,
        .points = c->points ? c->points : 8,
        .seed = c->seed ? c->seed : 1,
        .workers = c->workers ? c->workers : 1,
        .shard_k = c->shard_n ? c->shard_k : 1,
        .shard_n = c->shard_n ? c->shard_n : 1,
        .timeout_seconds = c->timeout_given ? c->timeout_seconds
                                            : DRV_BATCH_TIMEOUT_SECONDS,
        .posterior = c->posterior,
        .graphs = c->graphs,
        .flags = flags,
        .inputs = bo.inputs,
        .ninputs = bo.ninputs,
        .fe = &c->fe,
    };
    return drv_validate(&o, (char *const *)files.items, files.len);
}

/* Standard output is written through a stream that keeps the first
 * failed write's errno: stdio forgets it once the output passes its
 * buffer, and the check at the end would say "Input/output error" for a
 * full disk. */
typedef struct StdoutSink {
    int write_errno;    /* 0 if none */
} StdoutSink;

static ssize_t stdout_write(void *cookie, const char *buf, size_t n)
{
    StdoutSink *sink = cookie;
    size_t done = 0;
    while (done < n) {
        ssize_t w = write(STDOUT_FILENO, buf + done, n - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            if (!sink->write_errno)
                sink->write_errno = w < 0 ? errno : EIO;
            return done ? (ssize_t)done : -1;
        }
        done += (size_t)w;
    }
    return (ssize_t)n;
}

/* Every command's standard output is checked at the end: a write error
 * there (a full disk, /dev/full) is an I/O error, not a success with a
 * truncated result. */
static int finish_stdout(int status, const StdoutSink *sink)
{
    RtError err = {.msg = ""};
    int rc = rt_out_check_stream(stdout, "standard output", &err);
    if (fclose(stdout) != 0 && rc == 0)
        rc = rt_error(&err, "error writing standard output: %s",
                      strerror(errno));
    if (rc != 0 && sink->write_errno)
        rt_error(&err, "error writing standard output: %s",
                 strerror(sink->write_errno));
    if (rc != 0) {
        fprintf(stderr, "pplbench: %s\n", err.msg);
        if (status < EXIT_USAGE)
            status = EXIT_USAGE;
    }
    return status;
}

static int run_command(int argc, char **argv);

int main(int argc, char **argv)
{
    StdoutSink sink = {0};
    cookie_io_functions_t io = {.write = stdout_write};
    FILE *out = isatty(STDOUT_FILENO) ? NULL : fopencookie(&sink, "w", io);
    if (out)
        stdout = out;   /* a terminal keeps its line buffering */
    return finish_stdout(run_command(argc, argv), &sink);
}

static int run_command(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "summary") == 0)
        return drv_summary(argc - 1, argv + 1, stdout, stderr);
    if (argc > 1 && strcmp(argv[1], "merge") == 0)
        return drv_merge_main(argc - 1, argv + 1, stdout, stderr);
    if (argc > 1 && strcmp(argv[1], "build") == 0)
        return run_build(argc - 1, argv + 1);
    if (argc > 1 && strcmp(argv[1], "trace") == 0)
        return drv_trace_main(argc - 1, argv + 1, stdout, stderr);
    Cli c = {0};
    bool sample = argc > 1 && strcmp(argv[1], "sample") == 0;
    int status = sample ? parse_cli(&c, argc - 1, argv + 1)
                        : parse_cli(&c, argc, argv);
    c.sample_mode = sample;
    c.argc = argc;
    c.argv = argv;
    if (status < 0 && sample) {
        struct stat st;
        if (stat(c.input, &st) != 0 || !S_ISDIR(st.st_mode))
            status = usage_error("sample takes a folder of models; '%s' is "
                                 "not one", c.input);
        else if (c.graphs)
            status = usage_error("%s", "--graphs is for the validator, not "
                                 "pplbench sample");
    }
    if (status < 0) {
        struct stat st;
        if (stat(c.input, &st) == 0 && S_ISDIR(st.st_mode))
            status = c.sample_mode || c.check_only ? run_folder(&c)
                                                   : run_validate(&c);
        else if (c.timeout_given)
            status = usage_error("--timeout is for the batch mode (a "
                                 "folder); '%s' is not a folder", c.input);
        else {
            VizFormat f;
            /* Graphviz's context: one per process, for the pictures */
            if (c.factor_graph && viz_format_of_path(c.factor_graph, &f)
                && f != VIZ_DOT && !(c.viz = viz_open()))
                fprintf(stderr, "pplbench: notice: Graphviz could not start;"
                        " the picture is written as DOT\n");
            status = run_one(&c);
            viz_close(c.viz);
        }
    }
    arena_free(&c.arena);
    return status;
}
