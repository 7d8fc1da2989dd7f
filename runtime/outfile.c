/* outfile.c - the one safe way to write an output file (rt_outfile.h).
 *
 * A regular or absent PATH: mkstemp makes PATH.XXXXXX beside it (so the
 * rename is within one file system and atomic), commit checks every write
 * and renames it over PATH.  Each writer has its own temporary, so two
 * processes writing one PATH never mix rows.  A device, fifo or socket is
 * opened directly: renaming a file over /dev/null would replace the device
 * (as root), and a fifo's reader is waiting on that fifo, not on a new
 * file.  Before anything is created, PATH is compared with the caller's
 * inputs by device and inode, so that neither another spelling of a name
 * nor a link lets an output replace an input.
 *
 * The stream is a stdio stream over our own write function (glibc's
 * fopencookie), which records the first failed write's errno: stdio
 * alone may drop the reason (a write that fails inside one large fwrite
 * leaves nothing for the final fflush to fail on), and the message must
 * say "No space left on device", not a guess. */
#define _GNU_SOURCE     /* fopencookie */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "pplrt.h"

#ifndef NAME_MAX
#define NAME_MAX 255
#endif
#ifndef PATH_MAX
#define PATH_MAX 4096
#endif

struct RtOutFile {
    FILE *f;         /* over fd, through out_write */
    int fd;
    int write_errno; /* the first failed write's errno; 0 if none */
    char *path;      /* as the caller gave it: for messages */
    char *target;    /* the file the temporary replaces (a link resolved) */
    char *tmp;       /* the temporary; NULL when writing PATH directly */
    int slot;        /* its entry in the signal table, -1 when direct */
};

/* ------------------------------------------------ removal on a signal */

/* The temporaries not yet committed, for the signal handler to unlink,
 * and the handlers ours replaced: the one piece of file-scope state here,
 * because a signal handler can reach nothing else.  Each entry is filled
 * before it is marked in use (a signal fence keeps that order) and
 * unmarked before it is reused, so the handler never reads a half-copied
 * path; the owner's pid keeps a forked child (between fork and exec,
 * where handlers are inherited) from removing its parent's file.  PATH_MAX
 * bytes hold any name the kernel accepts. */
#define OUT_MAX_TEMPS 16

static struct {
    volatile sig_atomic_t used;
    pid_t owner;
    char path[PATH_MAX];
} out_temps[OUT_MAX_TEMPS];

/* The handlers in place before ours, to pass each signal on to. */
static const int out_signals[] = {SIGINT, SIGTERM, SIGHUP};
#define OUT_NSIGNALS ((int)(sizeof out_signals / sizeof out_signals[0]))
static struct sigaction out_previous[OUT_NSIGNALS];

void rt_out_remove_temporaries(void)
{
    pid_t self = getpid();
    for (int i = 0; i < OUT_MAX_TEMPS; i++)
        if (out_temps[i].used && out_temps[i].owner == self)
            unlink(out_temps[i].path);
}

/* Remove the temporaries, then do what would have happened without us:
 * call the previous handler, or die of the signal. */
static void out_on_signal(int sig, siginfo_t *info, void *context)
{
    rt_out_remove_temporaries();
    for (int i = 0; i < OUT_NSIGNALS; i++) {
        if (out_signals[i] != sig)
            continue;
        const struct sigaction *old = &out_previous[i];
        if (old->sa_flags & SA_SIGINFO) {
            old->sa_sigaction(sig, info, context);
            return;
        }
        if (old->sa_handler != SIG_DFL && old->sa_handler != SIG_IGN) {
            old->sa_handler(sig);
            return;
        }
    }
    /* the signal is blocked while we run: it is delivered, with the
     * default action, when the handler returns */
    signal(sig, SIG_DFL);
    raise(sig);
}

static bool out_is_ours(const struct sigaction *sa)
{
    return (sa->sa_flags & SA_SIGINFO) && sa->sa_sigaction == out_on_signal;
}

/* Put our handler in front of each signal's, checked at every open: the
 * program may have set its own since the last one. */
static void out_install_handlers(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = out_on_signal;
    sa.sa_flags = SA_SIGINFO;
    /* every signal blocked while the handler runs: timeout(1) follows its
     * SIGTERM with another to the group and a SIGCONT, and the handler
     * must get to unlink before any of them ends the process */
    sigfillset(&sa.sa_mask);
    for (int i = 0; i < OUT_NSIGNALS; i++) {
        struct sigaction now;
        if (sigaction(out_signals[i], NULL, &now) != 0 || out_is_ours(&now))
            continue;
        /* an ignored signal (nohup's SIGHUP) stays ignored */
        if (!(now.sa_flags & SA_SIGINFO) && now.sa_handler == SIG_IGN)
            continue;
        /* ours is not in place, so no handler reads this while it changes */
        out_previous[i] = now;
        sigaction(out_signals[i], &sa, NULL);
    }
}

/* A free entry holding TMP, or -1 when all are taken. */
static int out_register(const char *tmp)
{
    for (int i = 0; i < OUT_MAX_TEMPS; i++) {
        if (out_temps[i].used)
            continue;
        snprintf(out_temps[i].path, sizeof out_temps[i].path, "%s", tmp);
        out_temps[i].owner = getpid();
        atomic_signal_fence(memory_order_seq_cst);
        out_temps[i].used = 1;
        out_install_handlers();
        return i;
    }
    return -1;
}

static void out_unregister(int slot)
{
    if (slot >= 0)
        out_temps[slot].used = 0;
}

/* ------------------------------------------------------------ helpers */

static char *out_strdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d)
        memcpy(d, s, n);
    return d;
}

static void out_free(RtOutFile *o)
{
    if (!o)
        return;
    free(o->path);
    free(o->target);
    free(o->tmp);
    free(o);
}

/* The stream's write function: all of BUF, or the count written before a
 * failure, whose errno is kept (the stream is then in error). */
static ssize_t out_write(void *cookie, const char *buf, size_t n)
{
    RtOutFile *o = cookie;
    size_t done = 0;
    while (done < n) {
        ssize_t w = write(o->fd, buf + done, n - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            if (!o->write_errno)
                o->write_errno = w < 0 ? errno : EIO;
            break;
        }
        done += (size_t)w;
    }
    return (ssize_t)done;
}

static int out_close_fd(void *cookie)
{
    RtOutFile *o = cookie;
    int rc = close(o->fd);
    if (rc != 0 && !o->write_errno)
        o->write_errno = errno;
    o->fd = -1;
    return rc;
}

/* The stream over O->fd; false (fd closed) when out of memory. */
static bool out_stream(RtOutFile *o)
{
    cookie_io_functions_t io = {.write = out_write, .close = out_close_fd};
    o->f = fopencookie(o, "w", io);
    if (!o->f) {
        close(o->fd);
        o->fd = -1;
    }
    return o->f != NULL;
}

/* TARGET's temporary name pattern: TARGET.XXXXXX, the base name shortened
 * when it would pass NAME_MAX with the suffix.  NULL when out of memory. */
static char *out_template(const char *target)
{
    const char *slash = strrchr(target, '/');
    size_t dir_len = slash ? (size_t)(slash - target) + 1 : 0;
    size_t base_len = strlen(target) - dir_len;
    if (base_len > NAME_MAX - 7)
        base_len = NAME_MAX - 7;
    char *t = malloc(dir_len + base_len + 8);
    if (!t)
        return NULL;
    memcpy(t, target, dir_len + base_len);
    memcpy(t + dir_len + base_len, ".XXXXXX", 8);
    return t;
}

/* The mode of a new file: 0666 less the umask.  umask can only be read by
 * setting it; the runtime and the driver are single-threaded. */
static mode_t out_new_file_mode(void)
{
    mode_t mask = umask(0);
    umask(mask);
    return 0666 & ~mask;
}

/* Refuse PATH (whose status is ST) when it is one of the inputs. */
static int out_check_protected(const char *path, const struct stat *st,
                               const char *const *protect, int nprotect,
                               RtError *err)
{
    for (int i = 0; i < nprotect; i++) {
        struct stat ps;
        if (!protect || !protect[i] || stat(protect[i], &ps) != 0)
            continue;
        if (ps.st_dev == st->st_dev && ps.st_ino == st->st_ino)
            return rt_error(err, "refusing to write %s: it is the same file "
                            "as the input %s", path, protect[i]);
    }
    return 0;
}

/* Children (a compiler, a sampler) must not inherit an output. */
static void out_close_on_exec(int fd)
{
    int flags = fcntl(fd, F_GETFD);
    if (flags >= 0)
        fcntl(fd, F_SETFD, flags | FD_CLOEXEC);
}

/* Open the temporary for O->target; MODE its permission bits. */
static int out_open_temporary(RtOutFile *o, mode_t mode, RtError *err)
{
    o->tmp = out_template(o->target);
    if (!o->tmp)
        return rt_error(err, "out of memory opening %s", o->path);
    int fd = mkstemp(o->tmp);
    if (fd < 0)
        return rt_error(err, "cannot open %s for writing: %s", o->path,
                        strerror(errno));
    o->slot = out_register(o->tmp);
    if (o->slot < 0) {
        close(fd);
        unlink(o->tmp);
        return rt_error(err, "cannot open %s for writing: more than %d "
                        "output files open at once", o->path, OUT_MAX_TEMPS);
    }
    out_close_on_exec(fd);
    o->fd = fd;
    if (fchmod(fd, mode) != 0 || !out_stream(o)) {
        int e = errno;
        if (o->fd >= 0)
            close(fd);
        unlink(o->tmp);
        out_unregister(o->slot);
        return rt_error(err, "cannot open %s for writing: %s", o->path,
                        strerror(e));
    }
    return 0;
}

/* ------------------------------------------------------------- the API */

/* PATH's status in *ST (*EXISTS false when absent) after the checks of
 * rt_out_check. */
static int out_inspect(const char *path, const char *const *protect,
                       int nprotect, struct stat *st, bool *exists,
                       RtError *err)
{
    *exists = false;
    if (!path[0])
        return rt_error(err, "cannot write an output file with an empty "
                        "name");
    *exists = stat(path, st) == 0;
    if (!*exists && errno != ENOENT)
        return rt_error(err, "cannot open %s for writing: %s", path,
                        strerror(errno));
    if (*exists && S_ISDIR(st->st_mode))
        return rt_error(err, "cannot write %s: it is a folder", path);
    if (*exists)
        return out_check_protected(path, st, protect, nprotect, err);
    return 0;
}

int rt_out_check(const char *path, const char *const *protect, int nprotect,
                 RtError *err)
{
    struct stat st;
    bool exists;
    return out_inspect(path, protect, nprotect, &st, &exists, err);
}

RtOutFile *rt_out_open(const char *path, const char *const *protect,
                       int nprotect, RtError *err)
{
    RtOutFile *o = calloc(1, sizeof *o);
    if (!o || !(o->path = out_strdup(path))) {
        free(o);
        rt_error(err, "out of memory opening %s", path);
        return NULL;
    }
    o->slot = -1;
    o->fd = -1;
    struct stat st;
    bool exists;
    if (out_inspect(path, protect, nprotect, &st, &exists, err) != 0)
        goto fail;
    if (exists && !S_ISREG(st.st_mode)) {
        /* a device, fifo or socket: written in place, never replaced */
        o->fd = open(path, O_WRONLY | O_TRUNC | O_NOCTTY);
        if (o->fd < 0 || !out_stream(o)) {
            rt_error(err, "cannot open %s for writing: %s", path,
                     strerror(errno));
            goto fail;
        }
        out_close_on_exec(o->fd);
        return o;
    }
    /* regular or absent (a dangling link is replaced, not followed): the
     * temporary goes beside the file it replaces, a link's target */
    if (exists) {
        char resolved[PATH_MAX];
        if (!realpath(path, resolved)) {
            rt_error(err, "cannot open %s for writing: %s", path,
                     strerror(errno));
            goto fail;
        }
        o->target = out_strdup(resolved);
    } else {
        o->target = out_strdup(path);
    }
    if (!o->target) {
        rt_error(err, "out of memory opening %s", path);
        goto fail;
    }
    mode_t mode = exists ? (st.st_mode & 07777) : out_new_file_mode();
    if (out_open_temporary(o, mode, err) != 0)
        goto fail;
    return o;
fail:
    out_free(o);
    return NULL;
}

FILE *rt_out_stream(RtOutFile *o)
{
    return o->f;
}

const char *rt_out_path(const RtOutFile *o)
{
    return o->path;
}

const char *rt_out_temporary(const RtOutFile *o)
{
    return o->tmp;
}

int rt_out_commit(RtOutFile *o, RtError *err)
{
    if (!o)
        return 0;
    int rc = 0;
    errno = 0;
    bool failed = fflush(o->f) != 0 || ferror(o->f);
    failed |= fclose(o->f) != 0;
    if (failed || o->write_errno)
        rc = rt_error(err, "error writing %s: %s", o->path,
                      strerror(o->write_errno ? o->write_errno
                               : errno ? errno : EIO));
    if (o->tmp && rc == 0 && rename(o->tmp, o->target) != 0)
        rc = rt_error(err, "cannot replace %s: %s", o->path, strerror(errno));
    if (o->tmp && rc != 0)
        unlink(o->tmp);
    out_unregister(o->slot);
    out_free(o);
    return rc;
}

void rt_out_abort(RtOutFile *o)
{
    if (!o)
        return;
    fclose(o->f);
    if (o->tmp)
        unlink(o->tmp);
    out_unregister(o->slot);
    out_free(o);
}

int rt_out_check_stream(FILE *f, const char *name, RtError *err)
{
    errno = 0;
    if (fflush(f) != 0 || ferror(f))
        return rt_error(err, "error writing %s: %s", name,
                        strerror(errno ? errno : EIO));
    return 0;
}
