/* build.c - from emitted C to a sampler executable: find the runtime
 * (header and libpplrt.a), assemble the compiler's command line, run the
 * compiler without a shell, capture what it prints, and put the executable
 * in place atomically.  See build.h for the command and the search order.
 *
 * Only POSIX and Linux's /proc/self/exe; pkg-config is the one program run
 * through a shell (popen), with a fixed command line. */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "build.h"
#include "pplrt.h"

/* What the Makefile's asan target passes; the libpplrt.a of such a build
 * needs its runtimes at link time.  gcc defines __SANITIZE_ADDRESS__,
 * clang answers __has_feature. */
#if defined(__SANITIZE_ADDRESS__)
#define BUILD_SANITIZE "-fsanitize=address,undefined"
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define BUILD_SANITIZE "-fsanitize=address,undefined"
#endif
#endif

static const char fallback_libs[] = "-lgsl -lgslcblas -ljansson -lm";

/* ------------------------------------------------------------ strings */

/* A NULL-terminated, growable argv whose strings it owns. */
typedef struct ArgList {
    char **items;
    size_t len, cap;
} ArgList;

static void args_free(ArgList *a)
{
    for (size_t i = 0; i < a->len; i++)
        free(a->items[i]);
    free(a->items);
    *a = (ArgList){0};
}

/* Append a copy of the first n bytes of s; returns false when out of
 * memory (the list stays valid). */
static bool args_push_n(ArgList *a, const char *s, size_t n)
{
    if (a->len + 2 > a->cap) {
        size_t cap = a->cap ? 2 * a->cap : 16;
        char **items = realloc(a->items, cap * sizeof *items);
        if (!items)
            return false;
        a->items = items;
        a->cap = cap;
    }
    char *copy = malloc(n + 1);
    if (!copy)
        return false;
    memcpy(copy, s, n);
    copy[n] = '\0';
    a->items[a->len++] = copy;
    a->items[a->len] = NULL;
    return true;
}

static bool args_push(ArgList *a, const char *s)
{
    return args_push_n(a, s, strlen(s));
}

static bool is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' ||
           c == '\v';
}

/* Append each white-space separated word of text (NULL: none). */
static bool args_push_words(ArgList *a, const char *text)
{
    const char *p = text ? text : "";
    for (;;) {
        while (is_space(*p))
            p++;
        if (!*p)
            return true;
        const char *start = p;
        while (*p && !is_space(*p))
            p++;
        if (!args_push_n(a, start, (size_t)(p - start)))
            return false;
    }
}

/* malloc'd "a/b", or NULL when out of memory. */
static char *path_join(const char *a, const char *b)
{
    size_t n = strlen(a) + 1 + strlen(b) + 1;
    char *s = malloc(n);
    if (s)
        snprintf(s, n, "%s/%s", a, b);
    return s;
}

/* malloc'd directory part of an absolute path ("/a/b" -> "/a", "/a" ->
 * "/"), or NULL when out of memory. */
static char *parent_dir(const char *path)
{
    const char *slash = strrchr(path, '/');
    size_t n = (slash && slash != path) ? (size_t)(slash - path) : 1;
    char *s = malloc(n + 1);
    if (s) {
        memcpy(s, slash ? path : "/", n);
        s[n] = '\0';
    }
    return s;
}

/* ------------------------------------------------ finding the runtime */

/* True when dir/name exists and can be read. */
static bool readable_in(const char *dir, const char *name)
{
    char *path = path_join(dir, name);
    bool ok = path && access(path, R_OK) == 0;
    free(path);
    return ok;
}

/* The directory of the running executable, malloc'd, or NULL. */
static char *self_dir(void)
{
    char buf[4096];
    ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
    if (n <= 0 || (size_t)n >= sizeof buf - 1)
        return NULL;
    buf[n] = '\0';
    return parent_dir(buf);
}

/* Find pplrt.h and libpplrt.a for an executable in exe_dir, in the two
 * layouts of build.h (installed first).  On success *include_dir and
 * *lib_dir are malloc'd and the result is 0; otherwise -1. */
static int find_runtime(const char *exe_dir, char **include_dir,
                        char **lib_dir)
{
    char *up = parent_dir(exe_dir);
    if (!up)
        return -1;
    char *layouts[2][2] = {
        {path_join(up, "include/pplbench"), path_join(up, "lib")},
        {path_join(up, "runtime"), strdup(exe_dir)},
    };
    int found = -1;
    for (int i = 0; i < 2 && found < 0; i++) {
        char *inc = layouts[i][0], *lib = layouts[i][1];
        if (inc && lib && readable_in(inc, "pplrt.h") &&
            readable_in(lib, "libpplrt.a"))
            found = i;
    }
    for (int i = 0; i < 2; i++) {
        if (i == found) {
            *include_dir = layouts[i][0];
            *lib_dir = layouts[i][1];
        } else {
            free(layouts[i][0]);
            free(layouts[i][1]);
        }
    }
    free(up);
    return found < 0 ? -1 : 0;
}

/* -------------------------------------------------------- link flags */

/* Append the words of `pkg-config --libs gsl jansson`, or the fallback
 * when pkg-config is missing, fails or prints nothing, then -pthread. */
static bool push_link_libs(ArgList *a)
{
    char out[1024];
    size_t n = 0;
    FILE *p = popen("pkg-config --libs gsl jansson 2>/dev/null", "r");
    if (p) {
        n = fread(out, 1, sizeof out - 1, p);
        int status = pclose(p);
        if (status != 0 || n == sizeof out - 1)
            n = 0;
    }
    out[n] = '\0';
    size_t before = a->len;
    if (!args_push_words(a, out))
        return false;
    if (a->len == before && !args_push_words(a, fallback_libs))
        return false;
    /* the runtime runs the algorithm on a thread of its own (stack.c):
     * glibc before 2.34 keeps pthread_create out of libc */
    return args_push_words(a, "-pthread");
}

/* ------------------------------------------------- running a program */

/* What happened to one program run by run_captured. */
typedef struct RunResult {
    int exec_errno;   /* non-zero: execvp failed with this errno */
    int exit_code;    /* when it exited */
    int term_signal;  /* non-zero: it was killed by this signal */
    char *output;     /* stdout and stderr, interleaved; malloc'd */
    size_t output_len;
} RunResult;

static bool set_cloexec(int fd)
{
    int flags = fcntl(fd, F_GETFD);
    return flags >= 0 && fcntl(fd, F_SETFD, flags | FD_CLOEXEC) == 0;
}

/* Read fd to its end into a malloc'd, NUL-terminated buffer. */
static bool read_all(int fd, char **buf, size_t *len)
{
    size_t cap = 4096, n = 0;
    char *s = malloc(cap);
    if (!s)
        return false;
    for (;;) {
        if (cap - n < 2048) {
            char *bigger = realloc(s, cap * 2);
            if (!bigger) {
                free(s);
                return false;
            }
            s = bigger;
            cap *= 2;
        }
        ssize_t got = read(fd, s + n, cap - n - 1);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            break;
        n += (size_t)got;
    }
    s[n] = '\0';
    *buf = s;
    *len = n;
    return true;
}

/* Run argv[0] (looked up in PATH) with stdout and stderr into one pipe,
 * and wait for it.  A second, close-on-exec pipe tells a failed execvp
 * (the child writes errno into it) from a program that ran and failed.
 * Returns 0 when r describes the run, -1 (errno set) when the run could
 * not be attempted. */
static int run_captured(char *const argv[], RunResult *r)
{
    *r = (RunResult){0};
    int out[2], status_pipe[2];
    if (pipe(out) != 0)
        return -1;
    if (pipe(status_pipe) != 0 || !set_cloexec(status_pipe[1]) ||
        !set_cloexec(status_pipe[0])) {
        int saved = errno;
        close(out[0]);
        close(out[1]);
        errno = saved;
        return -1;
    }
    pid_t pid = fork();
    if (pid == 0) {
        close(out[0]);
        close(status_pipe[0]);
        if (dup2(out[1], STDOUT_FILENO) >= 0 &&
            dup2(out[1], STDERR_FILENO) >= 0) {
            close(out[1]);
            execvp(argv[0], argv);
        }
        int e = errno;
        ssize_t ignored = write(status_pipe[1], &e, sizeof e);
        (void)ignored;
        _exit(127);
    }
    int saved = errno;
    close(out[1]);
    close(status_pipe[1]);
    if (pid < 0) {
        close(out[0]);
        close(status_pipe[0]);
        errno = saved;
        return -1;
    }
    bool read_ok = read_all(out[0], &r->output, &r->output_len);
    close(out[0]);
    int e = 0;
    ssize_t got;
    do
        got = read(status_pipe[0], &e, sizeof e);
    while (got < 0 && errno == EINTR);
    close(status_pipe[0]);
    if (got == (ssize_t)sizeof e)
        r->exec_errno = e ? e : ENOEXEC;
    int status;
    while (waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR) {
            free(r->output);
            r->output = NULL;
            return -1;
        }
    }
    if (WIFEXITED(status))
        r->exit_code = WEXITSTATUS(status);
    else if (WIFSIGNALED(status))
        r->term_signal = WTERMSIG(status);
    if (!read_ok) {
        errno = ENOMEM;
        return -1;
    }
    return 0;
}

static double seconds_since(const struct timespec *start)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - start->tv_sec) +
           (double)(now.tv_nsec - start->tv_nsec) * 1e-9;
}

static void print_command(FILE *err, char *const argv[])
{
    fputs("Command:", err);
    for (size_t i = 0; argv[i]; i++)
        fprintf(err, " %s", argv[i]);
    fputc('\n', err);
}

/* ---------------------------------------------------------- building */

/* Set *include_dir and *lib_dir (malloc'd) to the runtime that o names,
 * or to the one found beside this executable.  Returns 0, or 1 after
 * telling err what is missing. */
static int locate_runtime(const DrvBuildOptions *o, char **include_dir,
                          char **lib_dir, FILE *err)
{
    *include_dir = *lib_dir = NULL;
    if (o->runtime_include_dir || o->runtime_lib_dir) {
        if (!o->runtime_include_dir || !o->runtime_lib_dir) {
            fprintf(err, "Error: the runtime's include and library "
                         "directories must be given together\n");
            return 1;
        }
        if (!readable_in(o->runtime_include_dir, "pplrt.h") ||
            !readable_in(o->runtime_lib_dir, "libpplrt.a")) {
            fprintf(err, "Error: the pplbench runtime is not complete: "
                         "need %s/pplrt.h and %s/libpplrt.a\n",
                    o->runtime_include_dir, o->runtime_lib_dir);
            return 1;
        }
        *include_dir = strdup(o->runtime_include_dir);
        *lib_dir = strdup(o->runtime_lib_dir);
    } else {
        char *dir = self_dir();
        if (!dir || find_runtime(dir, include_dir, lib_dir) != 0) {
            fprintf(err, "Error: cannot find the pplbench runtime (pplrt.h "
                         "and libpplrt.a) for the executable in %s: looked in "
                         "../include/pplbench with ../lib (make install), and "
                         "../runtime with the executable's own folder "
                         "(make)\n",
                    dir ? dir : "(unknown: /proc/self/exe cannot be read)");
            free(dir);
            return 1;
        }
        free(dir);
    }
    if (!*include_dir || !*lib_dir) {
        fprintf(err, "Error: out of memory\n");
        free(*include_dir);
        free(*lib_dir);
        return 1;
    }
    return 0;
}

/* Append the command of build.h to argv.  False when out of memory. */
static bool build_command(ArgList *argv, const DrvBuildOptions *o,
                          const char *cc, const char *c_file,
                          const char *tmp_out, const char *include_dir,
                          const char *lib_dir)
{
    const char *extra = o->extra_cflags ? o->extra_cflags
                                        : getenv("PPLBENCH_CFLAGS");
    char *lib_file = path_join(lib_dir, "libpplrt.a");
    bool ok = lib_file && args_push_words(argv, cc) &&
              args_push(argv, "-std=c11") &&
              args_push_words(argv, o->opt_flags ? o->opt_flags
                                                 : DRV_MODEL_CFLAGS) &&
              args_push_words(argv, extra);
#ifdef BUILD_SANITIZE
    ok = ok && args_push(argv, BUILD_SANITIZE);
#endif
    ok = ok && args_push(argv, "-I") && args_push(argv, include_dir) &&
         (!o->compile_only || args_push(argv, "-c")) &&
         args_push(argv, "-o") && args_push(argv, tmp_out) &&
         args_push(argv, c_file);
    for (int i = 0; ok && i < o->nmore_inputs; i++)
        ok = args_push(argv, o->more_inputs[i]);
    if (!o->compile_only)
        ok = ok && args_push(argv, lib_file) && push_link_libs(argv);
    free(lib_file);
    return ok;
}

/* Tell err why the run r of argv on c_file failed; false when it did not. */
static bool report_failure(FILE *err, const char *c_file, char *const argv[],
                           const RunResult *r)
{
    if (r->exec_errno) {
        fprintf(err, "Error: cannot run the C compiler '%s' on %s: %s (set CC "
                     "to a C compiler)\n",
                argv[0], c_file, strerror(r->exec_errno));
        return true;
    }
    if (r->term_signal)
        fprintf(err, "Error: the C compiler was killed by signal %d on %s:\n",
                r->term_signal, c_file);
    else if (r->exit_code != 0)
        fprintf(err, "Error: the C compiler failed on %s (exit %d):\n", c_file,
                r->exit_code);
    else
        return false;
    fwrite(r->output, 1, r->output_len, err);
    if (r->output_len > 0 && r->output[r->output_len - 1] != '\n')
        fputc('\n', err);
    print_command(err, argv);
    return true;
}

int drv_compile_c(const char *c_file, const char *exe_out,
                  const DrvBuildOptions *o, FILE *err)
{
    DrvBuildOptions defaults = {0};
    if (!o)
        o = &defaults;
    if (o->compile_seconds)
        *o->compile_seconds = 0.0;

    const char *cc = o->cc;
    if (!cc) {
        cc = getenv("CC");
        if (!cc || !*cc)
            cc = "cc";
    }
    if (!cc[strspn(cc, " \t\n\r\f\v")]) {
        fprintf(err, "Error: the C compiler is empty: set CC\n");
        return 1;
    }
    /* the compiler writes the executable: it is given the unique
     * temporary of rt_out_open as its output (or a device, directly), so
     * exe_out is the old file or a complete new one, and never an input */
    int ninputs = 1 + o->nprotect + o->nmore_inputs;
    const char **inputs = malloc((size_t)ninputs * sizeof *inputs);
    if (!inputs) {
        fprintf(err, "Error: out of memory building %s\n", c_file);
        return 1;
    }
    inputs[0] = c_file;
    for (int i = 0; i < o->nprotect; i++)
        inputs[i + 1] = o->protect[i];
    for (int i = 0; i < o->nmore_inputs; i++)
        inputs[1 + o->nprotect + i] = o->more_inputs[i];
    RtError rt_err = {.msg = ""};
    RtOutFile *exe = rt_out_open(exe_out, inputs, ninputs, &rt_err);
    free(inputs);
    if (!exe) {
        fprintf(err, "Error: %s\n", rt_err.msg);
        return 1;
    }
    const char *tmp_out = rt_out_temporary(exe) ? rt_out_temporary(exe)
                                                : exe_out;
    char *include_dir, *lib_dir;
    if (locate_runtime(o, &include_dir, &lib_dir, err) != 0) {
        rt_out_abort(exe);
        return 1;
    }
    ArgList argv = {0};
    bool ok = build_command(&argv, o, cc, c_file, tmp_out, include_dir,
                            lib_dir);
    free(include_dir);
    free(lib_dir);
    if (!ok) {
        fprintf(err, "Error: out of memory building %s\n", c_file);
        args_free(&argv);
        rt_out_abort(exe);
        return 1;
    }

    struct timespec start;
    clock_gettime(CLOCK_MONOTONIC, &start);
    RunResult r;
    int ran = run_captured(argv.items, &r);
    if (o->compile_seconds)
        *o->compile_seconds = seconds_since(&start);
    int status = 1;
    if (ran != 0) {
        fprintf(err, "Error: cannot run the C compiler '%s' on %s: %s\n",
                argv.items[0], c_file, strerror(errno));
    } else if (report_failure(err, c_file, argv.items, &r)) {
        /* told */
    } else {
        status = 0;
    }
    if (status != 0) {
        rt_out_abort(exe);
    } else if (rt_out_commit(exe, &rt_err) != 0) {
        fprintf(err, "Error: %s\n", rt_err.msg);
        status = 1;
    }
    if (ran == 0)
        free(r.output);
    args_free(&argv);
    return status;
}
