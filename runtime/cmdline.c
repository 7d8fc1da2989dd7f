/* cmdline.c - rt_main: the command line of an emitted sampler, in CmdStan's
 * language (CmdStan Guide, "Command-Line Interface Overview", "MCMC
 * Sampling", "Extracting log probabilities and gradients").
 *
 * CmdStan's arguments form a tree: groups (`sample`, `adapt`, `data`,
 * `random`, `output`), lists whose value selects a subtree
 * (`method=sample`, `algorithm=hmc`, `engine=nuts`, `metric=diag_e`) and
 * leaves (`num_samples=1000`).  A token is looked up among the children
 * of the current group and, failing that, of each enclosing group in
 * turn, so `sample adapt delta=0.9 num_samples=100 data file=d.json`
 * needs no closing brackets.  `sample`, `log_prob` and `probe` may stand
 * alone for `method=...`.  A bad command line gets a message and the usage on
 * stderr and exit code 1, which is what CmdStan's main returns (its
 * parser's internal code is 64, EX_USAGE, but main maps every failure to
 * 1).  `help` prints the usage on stdout and exits 0.
 *
 * sample runs NUTS from an initial point: inits=FILE through the model's
 * unconstrain, or uniform(-R, R) on the unconstrained scale, retried up to
 * 100 times until the log density and its gradient are finite (Stan's
 * rule; R = 0 is the origin, tried once).  A model without parameters
 * runs the fixed_param sampler, as CmdStan 2.33 switches to it.
 * log_prob writes lp__ and the gradient at given points.  probe (not
 * CmdStan's; probe.c) writes everything observable at seeded points as
 * JSON, for the validator; `probe seed=S` is accepted for `random seed=S`. */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "pplrt.h"

/* Stan's limit on random initialization attempts. */
#define MAX_INIT_TRIES 100

/* ---------------------------------------------------- the argument tree */

typedef enum ArgKind {
    ARG_GROUP,      /* bare keyword opening a group: adapt */
    ARG_LIST,       /* key=choice: algorithm=hmc */
    ARG_CHOICE,     /* a list's value, itself a group: hmc */
    ARG_INT,
    ARG_REAL,
    ARG_BOOL,       /* 0, 1, false, true */
    ARG_STRING      /* file names; init (a radius or a file); seed */
} ArgKind;

typedef enum ArgId {
    A_METHOD, A_SAMPLE, A_NUM_SAMPLES, A_NUM_WARMUP, A_SAVE_WARMUP, A_THIN,
    A_ADAPT, A_ENGAGED, A_GAMMA, A_DELTA, A_KAPPA, A_T0, A_INIT_BUFFER,
    A_TERM_BUFFER, A_WINDOW, A_ALGORITHM, A_HMC, A_ENGINE, A_NUTS,
    A_MAX_DEPTH, A_METRIC, A_DIAG_E, A_STEPSIZE, A_STEPSIZE_JITTER,
    A_NUM_CHAINS, A_LOG_PROB, A_UNCONSTRAINED, A_CONSTRAINED, A_JACOBIAN,
    A_ID, A_DATA, A_DATA_FILE, A_INIT, A_RANDOM, A_SEED, A_OUTPUT,
    A_OUTPUT_FILE, A_REFRESH, A_PROFILE_FILE, A_PROBE, A_POINTS, A_PROBE_SEED,
    A_SAMPLE_CONTEXT, A_LP_CONTEXT, A_COUNT
} ArgId;

typedef struct ArgSpec {
    const char *name;
    ArgKind kind;
    int parent;                  /* an ArgId; -1 at the top level */
    double lo, hi;               /* ARG_INT, ARG_REAL: the valid range */
    bool lo_open, hi_open;
} ArgSpec;

#define TOP (-1)
#define ANY_INT (double)INT_MAX
static const ArgSpec arg_tree[A_COUNT] = {
    [A_METHOD] = {"method", ARG_LIST, TOP, 0, 0, false, false},
    [A_SAMPLE] = {"sample", ARG_CHOICE, A_METHOD, 0, 0, false, false},
    [A_NUM_SAMPLES] = {"num_samples", ARG_INT, A_SAMPLE, 0, ANY_INT,
                       false, false},
    [A_NUM_WARMUP] = {"num_warmup", ARG_INT, A_SAMPLE, 0, ANY_INT,
                      false, false},
    [A_SAVE_WARMUP] = {"save_warmup", ARG_BOOL, A_SAMPLE, 0, 0, false,
                       false},
    [A_THIN] = {"thin", ARG_INT, A_SAMPLE, 0, ANY_INT, true, false},
    [A_ADAPT] = {"adapt", ARG_GROUP, A_SAMPLE, 0, 0, false, false},
    [A_ENGAGED] = {"engaged", ARG_BOOL, A_ADAPT, 0, 0, false, false},
    [A_GAMMA] = {"gamma", ARG_REAL, A_ADAPT, 0, INFINITY, true, false},
    [A_DELTA] = {"delta", ARG_REAL, A_ADAPT, 0, 1, true, true},
    [A_KAPPA] = {"kappa", ARG_REAL, A_ADAPT, 0, INFINITY, true, false},
    [A_T0] = {"t0", ARG_REAL, A_ADAPT, 0, INFINITY, true, false},
    [A_INIT_BUFFER] = {"init_buffer", ARG_INT, A_ADAPT, 0, ANY_INT, false,
                       false},
    [A_TERM_BUFFER] = {"term_buffer", ARG_INT, A_ADAPT, 0, ANY_INT, false,
                       false},
    [A_WINDOW] = {"window", ARG_INT, A_ADAPT, 0, ANY_INT, false, false},
    [A_ALGORITHM] = {"algorithm", ARG_LIST, A_SAMPLE, 0, 0, false, false},
    [A_HMC] = {"hmc", ARG_CHOICE, A_ALGORITHM, 0, 0, false, false},
    [A_ENGINE] = {"engine", ARG_LIST, A_HMC, 0, 0, false, false},
    [A_NUTS] = {"nuts", ARG_CHOICE, A_ENGINE, 0, 0, false, false},
    [A_MAX_DEPTH] = {"max_depth", ARG_INT, A_NUTS, 0, ANY_INT, true, false},
    [A_METRIC] = {"metric", ARG_LIST, A_HMC, 0, 0, false, false},
    [A_DIAG_E] = {"diag_e", ARG_CHOICE, A_METRIC, 0, 0, false, false},
    [A_STEPSIZE] = {"stepsize", ARG_REAL, A_HMC, 0, INFINITY, true, false},
    [A_STEPSIZE_JITTER] = {"stepsize_jitter", ARG_REAL, A_HMC, 0, 1, false,
                           false},
    [A_NUM_CHAINS] = {"num_chains", ARG_INT, A_SAMPLE, 1, 1, false, false},
    [A_LOG_PROB] = {"log_prob", ARG_CHOICE, A_METHOD, 0, 0, false, false},
    [A_UNCONSTRAINED] = {"unconstrained_params", ARG_STRING, A_LOG_PROB, 0,
                         0, false, false},
    [A_CONSTRAINED] = {"constrained_params", ARG_STRING, A_LOG_PROB, 0, 0,
                       false, false},
    [A_JACOBIAN] = {"jacobian", ARG_BOOL, A_LOG_PROB, 0, 0, false, false},
    [A_ID] = {"id", ARG_INT, TOP, 0, ANY_INT, false, false},
    [A_DATA] = {"data", ARG_GROUP, TOP, 0, 0, false, false},
    [A_DATA_FILE] = {"file", ARG_STRING, A_DATA, 0, 0, false, false},
    [A_INIT] = {"init", ARG_STRING, TOP, 0, 0, false, false},
    [A_RANDOM] = {"random", ARG_GROUP, TOP, 0, 0, false, false},
    [A_SEED] = {"seed", ARG_STRING, A_RANDOM, 0, 0, false, false},
    [A_OUTPUT] = {"output", ARG_GROUP, TOP, 0, 0, false, false},
    [A_OUTPUT_FILE] = {"file", ARG_STRING, A_OUTPUT, 0, 0, false, false},
    [A_REFRESH] = {"refresh", ARG_INT, A_OUTPUT, 0, ANY_INT, false, false},
    [A_PROFILE_FILE] = {"profile_file", ARG_STRING, A_OUTPUT, 0, 0, false,
                        false},
    [A_PROBE] = {"probe", ARG_CHOICE, A_METHOD, 0, 0, false, false},
    [A_POINTS] = {"points", ARG_INT, A_PROBE, 1, 100000, false, false},
    /* after A_SEED: a misplaced seed= is named as random's */
    [A_PROBE_SEED] = {"seed", ARG_STRING, A_PROBE, 0, 0, false, false},
    [A_SAMPLE_CONTEXT] = {"context", ARG_STRING, A_SAMPLE, 0, 0, false,
                          false},
    [A_LP_CONTEXT] = {"context", ARG_STRING, A_LOG_PROB, 0, 0, false, false},
};

/* CmdStan arguments and methods these samplers do not offer: named as
 * such rather than as typos. */
static const char *const unsupported_args[] = {
    "optimize", "variational", "diagnose", "generate_quantities",
    "pathfinder", "laplace", "sig_figs", "diagnostic_file",
    "num_threads", "metric_file", "save_metric", "save_cmdstan_config",
    "opencl",
};

/* The parsed command line. */
typedef struct Options {
    RtRunConfig cfg;
    bool given[A_COUNT];
    bool help;
    bool init_is_file;
    double init_radius;
} Options;

static int find_child(int parent, const char *name)
{
    for (int id = 0; id < A_COUNT; id++)
        if (arg_tree[id].parent == parent && arg_tree[id].kind != ARG_CHOICE
            && strcmp(arg_tree[id].name, name) == 0)
            return id;
    return -1;
}

static int find_choice(int list, const char *name)
{
    for (int id = 0; id < A_COUNT; id++)
        if (arg_tree[id].parent == list && arg_tree[id].kind == ARG_CHOICE
            && strcmp(arg_tree[id].name, name) == 0)
            return id;
    return -1;
}

/* Where an argument lives: "sample algorithm=hmc engine=nuts". */
static void arg_path(int id, char *buf, size_t size)
{
    int chain[16], n = 0;
    for (int c = arg_tree[id].parent; c >= 0 && n < 16;
         c = arg_tree[c].parent)
        chain[n++] = c;
    size_t at = 0;
    buf[0] = '\0';
    for (int k = n - 1; k >= 0 && at < size; k--) {
        const ArgSpec *a = &arg_tree[chain[k]];
        if (a->kind == ARG_LIST)
            continue;            /* printed with its choice */
        int w;
        if (a->kind == ARG_CHOICE && a->parent != A_METHOD)
            w = snprintf(buf + at, size - at, "%s%s=%s", at ? " " : "",
                         arg_tree[a->parent].name, a->name);
        else
            w = snprintf(buf + at, size - at, "%s%s", at ? " " : "",
                         a->name);
        if (w < 0)
            break;
        at += (size_t)w;
    }
}

/* "0 < delta < 1", "0 <= num_samples", "num_chains = 1". */
static void range_text(const ArgSpec *a, char *buf, size_t size)
{
    if (a->lo == a->hi) {
        snprintf(buf, size, "%s = %g", a->name, a->lo);
        return;
    }
    bool has_hi = a->kind == ARG_REAL ? isfinite(a->hi) : a->hi < ANY_INT;
    int w = snprintf(buf, size, "%g %s %s", a->lo, a->lo_open ? "<" : "<=",
                     a->name);
    if (has_hi && w > 0 && (size_t)w < size)
        snprintf(buf + w, size - (size_t)w, " %s %g",
                 a->hi_open ? "<" : "<=", a->hi);
}

static bool in_range(const ArgSpec *a, double x)
{
    if (a->lo_open ? !(x > a->lo) : !(x >= a->lo))
        return false;
    return a->hi_open ? x < a->hi : x <= a->hi;
}

static int parse_long(const char *s, long long *out)
{
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (!*s || *end || errno)
        return -1;
    *out = v;
    return 0;
}

static int parse_double(const char *s, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (!*s || *end || errno || !isfinite(v))
        return -1;
    *out = v;
    return 0;
}

static int parse_bool(const char *s, bool *out)
{
    if (!strcmp(s, "1") || !strcmp(s, "true"))
        *out = true;
    else if (!strcmp(s, "0") || !strcmp(s, "false"))
        *out = false;
    else
        return -1;
    return 0;
}

/* seed=N: an unsigned 64-bit integer, or -1 for a random seed. */
static int store_seed(Options *o, const char *tok, const char *value,
                      RtError *err)
{
    if (!strcmp(value, "-1")) {
        o->given[A_SEED] = false;
        return 0;
    }
    char *end;
    errno = 0;
    unsigned long long v = strtoull(value, &end, 10);
    if (!*value || *end || errno || value[0] == '-' || value[0] == '+')
        return rt_error(err, "%s: expected an integer with 0 <= seed (or"
                             " -1 for a random seed)", tok);
    o->cfg.seed = (uint64_t)v;
    return 0;
}

/* init=R (a radius, R >= 0) or init=FILE. */
static int store_init(Options *o, const char *tok, const char *value,
                      RtError *err)
{
    double r;
    if (!*value)
        return rt_error(err, "%s: expected a radius (a number >= 0) or a"
                             " file name", tok);
    o->cfg.init = value;
    if (parse_double(value, &r) == 0) {
        if (r < 0)
            return rt_error(err, "%s: expected a radius (a number >= 0) or"
                                 " a file name", tok);
        o->init_radius = r;
        o->init_is_file = false;
    } else {
        o->init_is_file = true;
    }
    return 0;
}

/* A leaf's value into the configuration. */
/* context=joint|prior|likelihood (pplbench's, not CmdStan's): which
 * factors of the log density count. */
static int store_context(RtRunConfig *c, const char *tok, const char *value,
                         RtError *err)
{
    if (!strcmp(value, "joint"))
        c->context = RT_JOINT;
    else if (!strcmp(value, "prior"))
        c->context = RT_PRIOR;
    else if (!strcmp(value, "likelihood"))
        c->context = RT_LIKELIHOOD;
    else
        return rt_error(err, "%s: expected context=joint, context=prior or "
                             "context=likelihood", tok);
    return 0;
}

static int store(Options *o, int id, const char *tok, const char *value,
                 RtError *err)
{
    const ArgSpec *a = &arg_tree[id];
    RtRunConfig *c = &o->cfg;
    long long iv = 0;
    double rv = 0;
    bool bv = false;
    char range[96];
    range_text(a, range, sizeof range);
    if (a->kind == ARG_INT
        && (parse_long(value, &iv) != 0 || !in_range(a, (double)iv)))
        return rt_error(err, "%s: expected an integer with %s", tok, range);
    if (a->kind == ARG_REAL
        && (parse_double(value, &rv) != 0 || !in_range(a, rv)))
        return rt_error(err, "%s: expected a number with %s", tok, range);
    if (a->kind == ARG_BOOL && parse_bool(value, &bv) != 0)
        return rt_error(err, "%s: expected 0, 1, false or true", tok);
    switch ((ArgId)id) {
    case A_NUM_SAMPLES: c->num_samples = (int)iv; break;
    case A_NUM_WARMUP: c->num_warmup = (int)iv; break;
    case A_SAVE_WARMUP: c->save_warmup = bv; break;
    case A_THIN: c->thin = (int)iv; break;
    case A_ENGAGED: c->adapt_engaged = bv; break;
    case A_GAMMA: c->adapt_gamma = rv; break;
    case A_DELTA: c->adapt_delta = rv; break;
    case A_KAPPA: c->adapt_kappa = rv; break;
    case A_T0: c->adapt_t0 = rv; break;
    case A_INIT_BUFFER: c->adapt_init_buffer = (int)iv; break;
    case A_TERM_BUFFER: c->adapt_term_buffer = (int)iv; break;
    case A_WINDOW: c->adapt_window = (int)iv; break;
    case A_MAX_DEPTH: c->max_depth = (int)iv; break;
    case A_STEPSIZE: c->stepsize = rv; break;
    case A_STEPSIZE_JITTER: c->stepsize_jitter = rv; break;
    case A_NUM_CHAINS: break;    /* only 1 is valid */
    case A_UNCONSTRAINED: c->unconstrained_params = value; break;
    case A_CONSTRAINED: c->constrained_params = value; break;
    case A_JACOBIAN: c->jacobian = bv; break;
    case A_ID: c->chain_id = (unsigned)iv; break;
    case A_DATA_FILE: c->data_file = value; break;
    case A_INIT: return store_init(o, tok, value, err);
    case A_SEED: return store_seed(o, tok, value, err);
    case A_OUTPUT_FILE:
        if (!*value)
            return rt_error(err, "%s: the output file name is empty", tok);
        c->output_file = value;
        break;
    case A_REFRESH: c->refresh = (int)iv; break;
    case A_PROFILE_FILE:
        if (!*value)
            return rt_error(err, "%s: the profile file name is empty", tok);
        c->profile_file = value;
        break;
    case A_POINTS: c->probe_points = (int)iv; break;
    case A_SAMPLE_CONTEXT:
    case A_LP_CONTEXT: return store_context(c, tok, value, err);
    case A_PROBE_SEED:
        /* the same seed as random seed=S: one of the two, once */
        if (o->given[A_SEED])
            return rt_error(err, "%s: seed is given twice", tok);
        o->given[A_SEED] = true;
        return store_seed(o, tok, value, err);
    default: break;
    }
    return 0;
}

/* A token that names nothing reachable from the current group. */
static int unknown_arg(const char *tok, const char *name, RtError *err)
{
    for (size_t i = 0;
         i < sizeof unsupported_args / sizeof unsupported_args[0]; i++)
        if (!strcmp(name, unsupported_args[i]))
            return rt_error(err, "%s: CmdStan's %s is not supported by"
                                 " pplbench samplers", tok, name);
    for (int id = 0; id < A_COUNT; id++) {
        if (arg_tree[id].kind == ARG_CHOICE || strcmp(arg_tree[id].name, name))
            continue;
        char path[160];
        arg_path(id, path, sizeof path);
        return rt_error(err, "%s is misplaced: %s belongs after '%s'", tok,
                        name, path[0] ? path : "(the top level)");
    }
    return rt_error(err, "%s is not a valid argument (mistyped?)", tok);
}

/* key=choice for a list argument; returns the choice, or -1. */
static int select_choice(int list, const char *tok, const char *value,
                         RtError *err)
{
    int choice = value ? find_choice(list, value) : -1;
    if (choice >= 0)
        return choice;
    char names[160] = "";
    size_t at = 0;
    for (int id = 0; id < A_COUNT; id++)
        if (arg_tree[id].parent == list && arg_tree[id].kind == ARG_CHOICE
            && at < sizeof names)
            at += (size_t)snprintf(names + at, sizeof names - at, "%s%s",
                                   at ? ", " : "", arg_tree[id].name);
    rt_error(err, "%s: expected %s=VALUE with one of: %s", tok,
             arg_tree[list].name, names);
    return -1;
}

/* Parse argv into o.  Returns 0 (o->help set for help), or -1 with err. */
static int parse_args(int argc, char **argv, Options *o, RtError *err)
{
    int ctx = TOP;
    for (int i = 1; i < argc; i++) {
        const char *tok = argv[i];
        if (!strcmp(tok, "help") || !strcmp(tok, "help-all")) {
            o->help = true;
            return 0;
        }
        const char *eq = strchr(tok, '=');
        size_t n = eq ? (size_t)(eq - tok) : strlen(tok);
        char name[64];
        if (n == 0 || n >= sizeof name)
            return rt_error(err, "%s is not a valid argument", tok);
        memcpy(name, tok, n);
        name[n] = '\0';
        const char *value = eq ? eq + 1 : NULL;

        int id = -1;
        for (int c = ctx;; c = arg_tree[c].parent) {
            id = find_child(c, name);
            if (id >= 0 || c == TOP)
                break;
        }
        if (id < 0 && !value && find_choice(A_METHOD, name) >= 0) {
            id = A_METHOD;       /* `sample` for `method=sample` */
            value = arg_tree[find_choice(A_METHOD, name)].name;
        }
        if (id < 0)
            return unknown_arg(tok, name, err);

        const ArgSpec *a = &arg_tree[id];
        if (a->kind == ARG_GROUP) {
            if (value)
                return rt_error(err, "%s: %s takes no value; write '%s'"
                                     " and then its arguments",
                                tok, name, name);
            ctx = id;
            continue;
        }
        if (o->given[id])
            return rt_error(err, "%s: %s is given twice", tok, a->name);
        o->given[id] = true;
        if (!value)
            return rt_error(err, "%s needs a value (%s=...)", tok, name);
        if (a->kind == ARG_LIST) {
            ctx = select_choice(id, tok, value, err);
            if (ctx < 0)
                return -1;
            if (id == A_METHOD)
                o->cfg.method = ctx == A_LOG_PROB ? RT_METHOD_LOG_PROB
                                : ctx == A_PROBE  ? RT_METHOD_PROBE
                                                  : RT_METHOD_SAMPLE;
            continue;
        }
        if (store(o, id, tok, value, err) != 0)
            return -1;
        ctx = a->parent;
    }
    if (!o->given[A_METHOD])
        return rt_error(err, "no method given: the first argument should be"
                             " sample, log_prob or probe");
    return 0;
}

static Options options_defaults(void)
{
    Options o = {.cfg = rt_csv_config_defaults(), .init_radius = 2};
    o.cfg.probe_points = 8;
    return o;
}

int rt_cmdline_parse_only(int argc, char **argv, RtRunConfig *cfg,
                          RtError *err)
{
    Options o = options_defaults();
    if (parse_args(argc, argv, &o, err) != 0)
        return -1;
    *cfg = o.cfg;
    return o.help ? 1 : 0;
}

static void print_usage(FILE *out, const char *prog)
{
    fprintf(out,
        "Usage: %s sample [num_samples=N] [num_warmup=N] [thin=N]"
        " [save_warmup=0|1]\n"
        "         [adapt [engaged=0|1] [delta=D] [gamma=G] [kappa=K]"
        " [t0=T]\n"
        "                [init_buffer=N] [term_buffer=N] [window=N]]\n"
        "         [algorithm=hmc [engine=nuts [max_depth=N]]"
        " [metric=diag_e]\n"
        "                        [stepsize=S] [stepsize_jitter=J]]\n"
        "         [context=joint|prior|likelihood] COMMON\n"
        "   or: %s log_prob constrained_params=FILE.json"
        " | unconstrained_params=FILE.json\n"
        "         [jacobian=0|1] [context=joint|prior|likelihood] COMMON\n"
        "   or: %s probe [points=K] COMMON\n"
        "   or: %s help\n"
        "COMMON: [id=N] [data file=FILE] [init=R|FILE] [random seed=N]\n"
        "        [output [file=FILE] [refresh=N] [profile_file=FILE]]\n"
        "A keyword opens a group (sample, adapt, data, random, output);"
        " key=value\n"
        "arguments are looked up in the open group and then in the groups"
        " around it.\n"
        "context= picks the factors of the log density: joint (the default),"
        " prior\n"
        "(the factors on parameters only, and the Jacobian; sample"
        " context=prior draws\n"
        "from the prior, its generated quantities are prior predictive"
        " draws) or\n"
        "likelihood (the factors on data); joint = prior + likelihood.\n",
        prog, prog, prog, prog);
}

/* ------------------------------------------------------------- helpers */

static double seconds_since(const struct timespec *t0)
{
    struct timespec t1;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    return (double)(t1.tv_sec - t0->tv_sec)
           + 1e-9 * (double)(t1.tv_nsec - t0->tv_nsec);
}

/* CmdStan's seed when none is given: from the clock, 32 bits, reported
 * in the header so that the run can be repeated. */
static uint64_t clock_seed(void)
{
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    uint64_t z = (uint64_t)t.tv_sec * UINT64_C(1000000007)
                 ^ (uint64_t)t.tv_nsec ^ ((uint64_t)getpid() << 20);
    z ^= z >> 29;
    z *= UINT64_C(0xBF58476D1CE4E5B9);
    z ^= z >> 32;
    return z & UINT64_C(0xFFFFFFFF);
}

/* The log density for NUTS: with the Jacobian, dropping constants, as
 * Stan's sampler evaluates it. */
typedef struct Target {
    const RtModel *model;
    const void *m;
    RtContext context;          /* sample context=...: joint by default */
} Target;

static int target_density(void *ctx, const double *u, double *lp,
                          double *grad, RtError *err)
{
    const Target *t = ctx;
    return t->model->log_density(t->m, u, true, true, t->context, lp, grad,
                                 err);
}

/* Evaluate at u for an initial point: 0 when the density and gradient
 * are finite, else -1 with the reason in err (Stan's checks).  *seconds
 * gets the time the evaluation took. */
static int check_initial(const Target *t, const double *u, double *grad,
                         int dim, double *seconds, RtError *err)
{
    double lp = 0;
    RtError why = {.msg = ""};
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int rc = target_density((void *)t, u, &lp, grad, &why);
    *seconds = seconds_since(&t0);
    if (rc != 0 && why.fatal)
        return rt_fatal(err, "Unrecoverable error evaluating the log"
                             " probability at the initial value.\n%s",
                        why.msg);
    if (rc != 0)
        return rt_error(err, "Rejecting initial value:\n  Error evaluating"
                             " the log probability at the initial value.\n"
                             "%s", why.msg);
    if (!isfinite(lp))
        return rt_error(err, "Rejecting initial value:\n  Log probability"
                             " is %s at the initial value; sampling cannot"
                             " start there.", isnan(lp) ? "nan" : "-inf");
    for (int i = 0; i < dim; i++)
        if (!isfinite(grad[i]))
            return rt_error(err, "Rejecting initial value:\n  Gradient"
                                 " evaluated at the initial value is not"
                                 " finite; sampling cannot start there.");
    return 0;
}

/* The initial point: from init=FILE, or uniform(-R, R) retried up to
 * MAX_INIT_TRIES times (once for R = 0).  *seconds: the time of one
 * gradient evaluation. */
static int initial_point(const Options *o, const Target *t, RtRng *rng,
                         int dim, double *u, double *seconds, RtError *err)
{
    double *grad = malloc(((size_t)dim + 1) * sizeof *grad);
    if (!grad)
        return rt_error(err, "out of memory");
    int rc = -1;
    if (o->init_is_file) {
        RtData *inits = rt_data_load(o->cfg.init, err);
        if (inits && t->model->unconstrain(t->m, inits, u, err) != 0) {
            char msg[sizeof err->msg];
            snprintf(msg, sizeof msg, "%s", err->msg);
            rt_error(err, "cannot use the initial values in %s: %s",
                     o->cfg.init, msg);
        } else if (inits) {
            rc = check_initial(t, u, grad, dim, seconds, err);
        }
        rt_data_free(inits);
        free(grad);
        return rc;
    }
    double r = o->init_radius;
    int tries = r > 0 ? MAX_INIT_TRIES : 1;
    for (int k = 0; k < tries && rc != 0; k++) {
        for (int i = 0; i < dim; i++)
            u[i] = r > 0 ? r * (2 * rt_rng_uniform(rng) - 1) : 0;
        rc = check_initial(t, u, grad, dim, seconds, err);
        if (rc != 0 && err->fatal)
            break;      /* not retried: the caller prints it */
        if (rc != 0)
            printf("%s\n\n", err->msg);
    }
    if (rc != 0 && !err->fatal)
        rt_error(err, "Initialization between (-%s, %s) failed after %d"
                      " attempt%s.\n Try giving initial values (init=FILE),"
                      " a smaller init radius, or reparameterizing the"
                      " model.", o->cfg.init, o->cfg.init, tries,
                 tries == 1 ? "" : "s");
    free(grad);
    return rc;
}

/* --------------------------------------------------------------- sample */

static const char *const nuts_columns[] = {
    "lp__", "accept_stat__", "stepsize__", "treedepth__", "n_leapfrog__",
    "divergent__", "energy__",
};
#define NUTS_COLUMNS 7

/* Where draws go: the CSV, through the model's write_array. */
typedef struct Sink {
    RtCsv *csv;
    const RtModel *model;
    const void *m;
    RtRng *rng;
    double *row;
    int nsampler, nout;
    RtError stop;       /* a fatal error in generated quantities */
} Sink;

/* Constrained values, transformed parameters and generated quantities
 * into row[nsampler...]; an error there (a reject in generated
 * quantities) is printed and leaves NaN, as Stan writes it.  A fatal
 * error (fatal_error) writes no row: it goes into s->stop and -1 is
 * returned, which stops the run. */
static int sink_outputs(Sink *s, const double *u)
{
    RtError err = {.msg = ""};
    double *out = s->row + s->nsampler;
    for (int i = 0; i < s->nout; i++)
        out[i] = NAN;
    if (s->model->write_array(s->m, s->rng, u, out, &err) != 0) {
        if (err.fatal)
            return rt_fatal(&s->stop, "Unrecoverable error in generated"
                                      " quantities.\n%s", err.msg);
        printf("%s\n", err.msg);
    }
    rt_csv_row(s->csv, s->nsampler + s->nout, s->row);
    return 0;
}

static int on_draw(void *ctx, const RtNutsDraw *d, const double *u)
{
    Sink *s = ctx;
    double sampler[NUTS_COLUMNS] = {
        d->lp, d->accept_stat, d->stepsize, d->treedepth, d->n_leapfrog,
        d->divergent ? 1 : 0, d->energy,
    };
    memcpy(s->row, sampler, sizeof sampler);
    return sink_outputs(s, u);
}

static void on_adapted(void *ctx, double stepsize, const double *inv_metric,
                       int dim)
{
    Sink *s = ctx;
    rt_csv_adaptation(s->csv, stepsize, inv_metric, dim);
}

static void print_elapsed(double warmup_s, double sampling_s)
{
    printf("\n Elapsed Time: %g seconds (Warm-up)\n"
           "               %g seconds (Sampling)\n"
           "               %g seconds (Total)\n\n",
           warmup_s, sampling_s, warmup_s + sampling_s);
}

/* A model without parameters: CmdStan's fixed_param sampler, which only
 * runs generated quantities (columns lp__ and accept_stat__, both 0). */
static int run_fixed_param(const RtRunConfig *c, Sink *s)
{
    printf("Model contains no parameters: running the fixed_param sampler"
           " (no updates to the Markov chain).\n\n");
    s->nsampler = 2;
    s->row[0] = s->row[1] = 0;
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int n = c->num_samples;
    int width = n > 0 ? (int)floor(log10((double)n)) + 1 : 1;
    for (int m = 0; m < n; m++) {
        if (c->refresh > 0
            && (m == 0 || m + 1 == n || (m + 1) % c->refresh == 0))
            printf("Iteration: %*d / %d [%3d%%]  (Sampling)\n", width, m + 1,
                   n, (int)(100.0 * (m + 1) / n));
        if (m % c->thin == 0 && sink_outputs(s, NULL) != 0) {
            fflush(stdout);
            fprintf(stderr, "%s\n", s->stop.msg);
            return 1;
        }
    }
    double sampling = seconds_since(&t0);
    rt_csv_timing(s->csv, 0, sampling);
    print_elapsed(0, sampling);
    return 0;
}

static RtNutsConfig nuts_config(const RtRunConfig *c)
{
    RtNutsConfig n = rt_nuts_defaults();
    n.num_warmup = c->num_warmup;
    n.num_samples = c->num_samples;
    n.thin = c->thin;
    n.save_warmup = c->save_warmup;
    n.max_depth = c->max_depth;
    n.stepsize = c->stepsize;
    n.stepsize_jitter = c->stepsize_jitter;
    n.adapt_engaged = c->adapt_engaged;
    n.delta = c->adapt_delta;
    n.gamma = c->adapt_gamma;
    n.kappa = c->adapt_kappa;
    n.t0 = c->adapt_t0;
    n.init_buffer = c->adapt_init_buffer;
    n.term_buffer = c->adapt_term_buffer;
    n.window = c->adapt_window;
    n.refresh = c->refresh;
    n.progress = stdout;
    return n;
}

/* Gradient timing, as CmdStan reports it before sampling. */
static void print_gradient_time(double seconds)
{
    printf("\nGradient evaluation took %g seconds\n"
           "1000 transitions using 10 leapfrog steps per transition would"
           " take %g seconds.\nAdjust your expectations accordingly!\n\n\n",
           seconds, seconds * 1e4);
}

/* Open the output file, refusing one that is an input of the run: the
 * data, init and log_prob files and the sampler binary itself. */
#define NUM_INPUTS 5
static void run_inputs(const Options *o, char *exe, size_t size,
                       const char *inputs[NUM_INPUTS])
{
    const RtRunConfig *c = &o->cfg;
    ssize_t n = readlink("/proc/self/exe", exe, size - 1);
    if (n > 0)
        exe[n] = '\0';
    else
        snprintf(exe, size, "/proc/self/exe");
    inputs[0] = c->data_file;
    inputs[1] = o->init_is_file ? c->init : NULL;
    inputs[2] = c->unconstrained_params;
    inputs[3] = c->constrained_params;
    inputs[4] = exe;
}

static RtCsv *open_output(const Options *o, RtError *err)
{
    char exe[4096];
    const char *inputs[NUM_INPUTS];
    run_inputs(o, exe, sizeof exe, inputs);
    return rt_csv_open(o->cfg.output_file, inputs, NUM_INPUTS, err);
}

static int run_sample(const Options *o, const RtModel *model, const void *m)
{
    const RtRunConfig *c = &o->cfg;
    Target target = {model, m, c->context};
    int dim = model->num_unconstrained(m);
    int nout = model->num_outputs(m);
    RtError err = {.msg = ""};
    RtRng *rng = rt_rng_new(c->seed, c->chain_id);
    double *u0 = malloc(((size_t)dim + 1) * sizeof *u0);
    double *row = malloc(((size_t)NUTS_COLUMNS + (size_t)nout)
                         * sizeof *row);
    const char **names = malloc(((size_t)nout + 1) * sizeof *names);
    RtCsv *csv = NULL;
    int rc = 1;
    if (!rng || !u0 || !row || !names) {
        fprintf(stderr, "out of memory\n");
        goto done;
    }
    double gradient_seconds = 0;
    if (dim > 0
        && initial_point(o, &target, rng, dim, u0, &gradient_seconds, &err)
               != 0) {
        fflush(stdout);
        fprintf(stderr, "%s\n", err.msg);
        goto done;
    }
    if (dim > 0)
        print_gradient_time(gradient_seconds);
    for (int i = 0; i < nout; i++)
        names[i] = model->output_name(m, i);

    csv = open_output(o, &err);
    if (!csv) {
        fprintf(stderr, "%s\n", err.msg);
        goto done;
    }
    rt_csv_header(csv, c);
    Sink sink = {csv, model, m, rng, row, NUTS_COLUMNS, nout,
                 {.msg = ""}};
    if (dim == 0) {
        static const char *const fixed[] = {"lp__", "accept_stat__"};
        rt_csv_columns(csv, 2, fixed, nout, names);
        rc = run_fixed_param(c, &sink);
    } else {
        rt_csv_columns(csv, NUTS_COLUMNS, nuts_columns, nout, names);
        RtNutsConfig ncfg = nuts_config(c);
        RtNutsResult result;
        rc = rt_nuts_run(target_density, &target, dim, u0, &ncfg, rng,
                         on_draw, &sink, on_adapted, &result, &err);
        if (rc == 0) {
            rt_csv_timing(csv, result.warmup_seconds,
                          result.sampling_seconds);
            print_elapsed(result.warmup_seconds, result.sampling_seconds);
        } else {
            /* a fatal error in generated quantities stopped the run from
             * the draw callback: the reason is the sink's */
            fflush(stdout);
            fprintf(stderr, "%s\n", sink.stop.fatal ? sink.stop.msg
                                                     : err.msg);
        }
        rt_nuts_result_free(&result);
    }
    /* on a sampler error too: the draws so far stay, as in CmdStan */
    if (rt_csv_close(csv, &err) != 0) {
        fprintf(stderr, "%s\n", err.msg);
        rc = 1;
    }
    rc = rc != 0;
done:
    free(names);
    free(row);
    free(u0);
    rt_rng_free(rng);
    return rc;
}

/* ------------------------------------------------------------- log_prob */

/* The points of log_prob, unconstrained: rows x dim values (malloc'd). */
static double *log_prob_points(const RtRunConfig *c, const RtModel *model,
                               const void *m, int dim, int *rows,
                               RtError *err)
{
    const char *file = c->unconstrained_params ? c->unconstrained_params
                                               : c->constrained_params;
    size_t n = strlen(file);
    if (c->constrained_params && n >= 4 && !strcmp(file + n - 4, ".csv")) {
        rt_error(err, "constrained_params=%s: reading a Stan CSV file is not"
                      " supported yet; give the values as JSON", file);
        return NULL;
    }
    RtData *in = rt_data_load(file, err);
    if (!in)
        return NULL;
    double *u = NULL;
    int dims[2] = {1, dim};
    if (c->constrained_params) {
        *rows = 1;
        u = malloc(((size_t)dim + 1) * sizeof *u);
        if (!u)
            rt_error(err, "out of memory: cannot allocate %zu bytes for the "
                     "parameter values", ((size_t)dim + 1) * sizeof *u);
        if (u && model->unconstrain(m, in, u, err) != 0) {
            free(u);
            u = NULL;
        }
    } else {
        int found[3] = {0, 0, 0};
        int nd = rt_data_dims(in, "params_r", 3, found, err);
        if (nd < 0) {
            rt_error(err, "%s has no variable params_r (the unconstrained"
                          " parameter values)", file);
        } else if (nd != 1 && nd != 2) {
            rt_error(err, "%s: params_r must be a vector or an array of"
                          " vectors, found %d dimensions", file, nd);
        } else if (found[nd - 1] != dim) {
            rt_error(err, "%s: params_r has %d values per point, but the"
                          " model has %d unconstrained parameters",
                     file, found[nd - 1], dim);
        } else {
            if (nd == 2)
                dims[0] = found[0];
            *rows = dims[0];
            u = malloc(((size_t)dims[0] * (size_t)dim + 1) * sizeof *u);
            if (!u)
                rt_error(err, "out of memory: cannot allocate %zu bytes for "
                         "params_r", ((size_t)dims[0] * (size_t)dim + 1)
                         * sizeof *u);
            if (u && rt_data_reals(in, "params_r", nd, nd == 2 ? dims
                                   : dims + 1, u, err) != 0) {
                free(u);
                u = NULL;
            }
        }
    }
    rt_data_free(in);
    return u;
}

static int run_log_prob(const Options *o, const RtModel *model,
                        const void *m)
{
    const RtRunConfig *c = &o->cfg;
    if (!c->unconstrained_params == !c->constrained_params) {
        fprintf(stderr, "log_prob needs exactly one of constrained_params="
                        "FILE and unconstrained_params=FILE\n");
        return 1;
    }
    int dim = model->num_unconstrained(m), rows = 0;
    RtError err = {.msg = ""};
    double *points = log_prob_points(c, model, m, dim, &rows, &err);
    if (!points) {
        fprintf(stderr, "%s\n", err.msg);
        return 1;
    }
    double *row = malloc(((size_t)dim + 1) * sizeof *row);
    char *labels = malloc(((size_t)dim + 1) * 256);
    const char **names = malloc(((size_t)dim + 1) * sizeof *names);
    RtCsv *csv = NULL;
    int rc = 1;
    if (!row || !labels || !names) {
        fprintf(stderr, "out of memory\n");
        goto done;
    }
    csv = open_output(o, &err);
    if (!csv) {
        fprintf(stderr, "%s\n", err.msg);
        goto done;
    }
    rt_csv_header(csv, c);
    for (int i = 0; i < dim; i++) {
        char *label = labels + 256 * (size_t)i;
        if (model->unconstrained_name)
            snprintf(label, 256, "g_%s", model->unconstrained_name(m, i));
        else
            snprintf(label, 256, "g.%d", i + 1);
        names[i] = label;
    }
    static const char *const lp_column[] = {"lp__"};
    rt_csv_columns(csv, 1, lp_column, dim, names);
    rc = 0;
    for (int r = 0; r < rows && rc == 0; r++) {
        if (model->log_density(m, points + (size_t)r * (size_t)dim,
                               c->jacobian, true, c->context, &row[0], row + 1,
                               &err) != 0) {
            fprintf(stderr, "Error during log_prob calculation:\n%s\n",
                    err.msg);
            rc = 1;
        } else {
            rt_csv_row(csv, dim + 1, row);
        }
    }
    if (rt_csv_close(csv, &err) != 0) {
        fprintf(stderr, "%s\n", err.msg);
        rc = 1;
    }
done:
    free(names);
    free(labels);
    free(row);
    free(points);
    return rc;
}

/* ---------------------------------------------------------------- probe */

/* probe.c does the work; its output defaults to output.json. */
static int run_probe(Options *o, const RtModel *model, const RtData *data)
{
    if (!o->given[A_OUTPUT_FILE])
        o->cfg.output_file = "output.json";
    char exe[4096];
    const char *inputs[NUM_INPUTS];
    run_inputs(o, exe, sizeof exe, inputs);
    RtError err = {.msg = ""};
    if (rt_probe_run(model, data, &o->cfg, inputs, NUM_INPUTS, &err) != 0) {
        fflush(stdout);
        fprintf(stderr, "%s\n", err.msg);
        return 1;
    }
    return 0;
}

/* ---------------------------------------------------------------- main */

/* CmdStan's profile CSV (profile.c) of a program with profile blocks:
 * to profile_file=FILE, by default profile.csv in the output file's
 * folder; never over an input or the output file.  With check set, only
 * whether it may be written (before the run, so that a refusal costs no
 * sampling); else written when a profile block ran. */
static int write_profile(const Options *o, const RtModel *model,
                         const void *m, bool check)
{
    if (!model->profiles)
        return 0;
    const RtRunConfig *c = &o->cfg;
    const char *out = c->output_file ? c->output_file : "output.csv";
    char path[4096];
    const char *file = c->profile_file;
    if (!file) {
        const char *slash = strrchr(out, '/');
        int dir = slash ? (int)(slash - out + 1) : 0;
        if (snprintf(path, sizeof path, "%.*sprofile.csv", dir, out)
            >= (int)sizeof path) {
            fprintf(stderr, "profile_file: the output folder's name is too "
                    "long\n");
            return 1;
        }
        file = path;
    }
    char exe[4096];
    const char *inputs[NUM_INPUTS + 1];
    run_inputs(o, exe, sizeof exe, inputs);
    inputs[NUM_INPUTS] = out;
    RtError err = {.msg = ""};
    const RtProfiles *t = check ? NULL : model->profiles(m);
    if (check ? rt_out_check(file, inputs, NUM_INPUTS + 1, &err) != 0
        : t && rt_profile_rows(t) > 0
          && rt_profile_save(t, file, inputs, NUM_INPUTS + 1, &err) != 0) {
        fprintf(stderr, "Error writing the profile: %s\n", err.msg);
        return 1;
    }
    return 0;
}

static int run_main(int argc, char **argv, const RtModel *model)
{
    const char *prog = argc > 0 && argv[0] ? argv[0] : "model";
    Options o = options_defaults();
    o.cfg.model_name = model->name;
    RtError err = {.msg = ""};
    if (argc <= 1) {
        print_usage(stdout, prog);
        return 1;
    }
    if (parse_args(argc, argv, &o, &err) != 0) {
        fprintf(stderr, "%s\n", err.msg);
        print_usage(stderr, prog);
        return 1;
    }
    if (o.help) {
        print_usage(stdout, prog);
        return 0;
    }
    RtRunConfig *c = &o.cfg;
    /* a model without contexts (RtModel.contexts_undefined): refused
     * before anything is read or written */
    if (c->context != RT_JOINT && model->contexts_undefined) {
        fprintf(stderr, "context=%s: %s\n", c->context == RT_PRIOR ? "prior"
                : "likelihood", model->contexts_undefined);
        return 1;
    }
    /* CmdStan marks an argument "(Default)" when it equals the default */
    c->default_num_samples = c->num_samples == 1000;
    c->default_num_warmup = c->num_warmup == 1000;
    c->default_thin = c->thin == 1;
    c->default_delta = c->adapt_delta == 0.8;
    c->default_max_depth = c->max_depth == 10;
    c->default_init = !strcmp(c->init, "2");
    c->default_seed = !o.given[A_SEED];
    if (c->default_seed)
        c->seed = clock_seed();
    char datetime[64];
    time_t now = time(NULL);
    struct tm utc;
    if (gmtime_r(&now, &utc)
        && strftime(datetime, sizeof datetime, "%Y-%m-%d %H:%M:%S UTC",
                    &utc) > 0)
        c->start_datetime = datetime;

    if (c->method != RT_METHOD_PROBE) {
        rt_csv_print_config(stdout, c);
        printf("\n");
    }

    RtData *data = rt_data_load(c->data_file, &err);
    if (!data) {
        fflush(stdout);
        fprintf(stderr, "Error reading data: %s\n", err.msg);
        return 1;
    }
    /* probe runs transformed data itself: its output is in the file */
    void *m = c->method == RT_METHOD_PROBE ? NULL
                                           : model->create(data, c->seed, &err);
    int rc = 1;
    if (c->method == RT_METHOD_PROBE) {
        rc = run_probe(&o, model, data);
    } else if (m && write_profile(&o, model, m, true) != 0) {
        rc = 1;
    } else if (!m) {
        fflush(stdout);
        fprintf(stderr, "Error in the data or transformed data of %s:\n%s\n",
                model->name, err.msg);
    } else if (c->method == RT_METHOD_LOG_PROB) {
        rc = run_log_prob(&o, model, m);
    } else {
        rc = run_sample(&o, model, m);
    }
    if (m && c->method != RT_METHOD_PROBE
        && write_profile(&o, model, m, false) != 0)
        rc = 1;
    if (m)
        model->destroy(m);
    rt_data_free(data);
    if (rt_out_check_stream(stdout, "standard output", &err) != 0) {
        fprintf(stderr, "%s\n", err.msg);
        rc = 1;
    }
    return rc;
}

typedef struct MainCall {
    int argc;
    char **argv;
    const RtModel *model;
} MainCall;

static int main_call(void *p)
{
    const MainCall *c = p;
    return run_main(c->argc, c->argv, c->model);
}

/* The whole run, transformed data included, on a stack of its own: deep
 * recursion in user functions works, and runaway recursion is reported as
 * "recursion too deep" instead of a SIGSEGV (stack.c). */
int rt_main(int argc, char **argv, const RtModel *model)
{
    MainCall c = {argc, argv, model};
    return rt_run_with_stack(main_call, &c);
}
