/* test_rt_outfile.c - the one safe way to write an output file
 * (runtime/outfile.c): a regular or absent file through a unique
 * temporary renamed on commit, a device or fifo written in place, inputs
 * (by inode, through links) and folders refused, failures that leave the
 * old file and no temporary, and the temporary removed on SIGTERM. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "pplrt.h"
#include "rt_test_files.h"

/* A private folder, removed with everything in it by teardown. */
typedef struct Scratch {
    char dir[64];
    char buf[8][200];
    int nbuf;
} Scratch;

static int setup_scratch(void **state)
{
    Scratch *s = test_calloc(1, sizeof *s);
    snprintf(s->dir, sizeof s->dir, "/tmp/test_rt_outfile_XXXXXX");
    if (!mkdtemp(s->dir))
        return -1;
    *state = s;
    return 0;
}

static int teardown_scratch(void **state)
{
    Scratch *s = *state;
    DIR *d = opendir(s->dir);
    for (struct dirent *e; d && (e = readdir(d));) {
        char p[400];
        snprintf(p, sizeof p, "%s/%s", s->dir, e->d_name);
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
            if (remove(p) != 0)
                rmdir(p);
    }
    if (d)
        closedir(d);
    rmdir(s->dir);
    test_free(s);
    return 0;
}

/* NAME inside the scratch folder (up to 8 per test). */
static const char *at(Scratch *s, const char *name)
{
    char *b = s->buf[s->nbuf++ % 8], tmp[200];
    snprintf(tmp, sizeof tmp, "%s/%s", s->dir, name);
    memcpy(b, tmp, sizeof tmp);
    return b;
}

/* A character device like SYSTEM (major, minor) as NAME in the scratch
 * folder when we may make one (as root), else SYSTEM itself: as root a
 * regression would replace the system's /dev/null. */
static const char *device(Scratch *s, const char *name, unsigned major,
                          unsigned minor, const char *system)
{
    const char *p = at(s, name);
    if (geteuid() == 0 && mknod(p, S_IFCHR | 0666, makedev(major, minor)) == 0)
        return p;
    return system;
}

static void put(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    assert_int_equal(fclose(f), 0);
}

/* The whole of PATH, or "" if it cannot be read (into a static buffer). */
static const char *get(const char *path)
{
    static char buf[4096];
    buf[0] = '\0';
    FILE *f = fopen(path, "r");
    if (!f)
        return buf;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

/* ------------------------------------------------------------ regular */

static void test_regular_replaced_on_commit(void **state)
{
    Scratch *s = *state;
    const char *out = at(s, "out.csv");
    put(out, "old\n");
    assert_int_equal(chmod(out, 0640), 0);
    RtError err = {.msg = ""};
    RtOutFile *o = rt_out_open(out, NULL, 0, &err);
    assert_non_null(o);
    assert_string_equal(rt_out_path(o), out);
    fputs("new\n", rt_out_stream(o));
    fflush(rt_out_stream(o));
    /* the old file is intact beside its temporary until commit */
    assert_string_equal(get(out), "old\n");
    assert_int_equal(count_entries(s->dir), 2);
    assert_int_equal(rt_out_commit(o, &err), 0);
    assert_string_equal(get(out), "new\n");
    assert_int_equal(count_entries(s->dir), 1);
    struct stat st;
    assert_int_equal(stat(out, &st), 0);
    assert_int_equal(st.st_mode & 07777, 0640);   /* the old file's mode */
}

static void test_absent_created_on_commit(void **state)
{
    Scratch *s = *state;
    const char *out = at(s, "new.csv");
    mode_t old_mask = umask(027);
    RtError err = {.msg = ""};
    RtOutFile *o = rt_out_open(out, NULL, 0, &err);
    umask(old_mask);
    assert_non_null(o);
    fputs("x\n", rt_out_stream(o));
    assert_int_not_equal(access(out, F_OK), 0);
    assert_int_equal(rt_out_commit(o, &err), 0);
    assert_string_equal(get(out), "x\n");
    struct stat st;
    assert_int_equal(stat(out, &st), 0);
    assert_int_equal(st.st_mode & 07777, 0640);   /* 0666 & ~027 */
    assert_int_equal(count_entries(s->dir), 1);
}

static void test_abort_leaves_the_old_file(void **state)
{
    Scratch *s = *state;
    const char *out = at(s, "out.csv");
    put(out, "old\n");
    RtError err = {.msg = ""};
    RtOutFile *o = rt_out_open(out, NULL, 0, &err);
    assert_non_null(o);
    fputs("half-written", rt_out_stream(o));
    rt_out_abort(o);
    assert_string_equal(get(out), "old\n");
    assert_int_equal(count_entries(s->dir), 1);
    rt_out_abort(NULL);
    assert_int_equal(rt_out_commit(NULL, &err), 0);
}

/* Two writers of one path each have their own temporary: neither sees the
 * other's bytes, and the last commit wins with a complete file. */
static void test_two_writers_do_not_mix(void **state)
{
    Scratch *s = *state;
    const char *out = at(s, "out.csv");
    RtError err = {.msg = ""};
    RtOutFile *a = rt_out_open(out, NULL, 0, &err);
    RtOutFile *b = rt_out_open(out, NULL, 0, &err);
    assert_non_null(a);
    assert_non_null(b);
    assert_int_equal(count_entries(s->dir), 2);
    fputs("a1\n", rt_out_stream(a));
    fputs("b1\n", rt_out_stream(b));
    fputs("a2\n", rt_out_stream(a));
    fputs("b2\n", rt_out_stream(b));
    assert_int_equal(rt_out_commit(a, &err), 0);
    assert_string_equal(get(out), "a1\na2\n");
    assert_int_equal(rt_out_commit(b, &err), 0);
    assert_string_equal(get(out), "b1\nb2\n");
    assert_int_equal(count_entries(s->dir), 1);
}

/* A link to a regular file: the target gets the new contents, the link
 * stays a link. */
static void test_symlink_target_replaced(void **state)
{
    Scratch *s = *state;
    const char *target = at(s, "target.csv");
    const char *link = at(s, "link.csv");
    put(target, "old\n");
    assert_int_equal(symlink("target.csv", link), 0);
    RtError err = {.msg = ""};
    RtOutFile *o = rt_out_open(link, NULL, 0, &err);
    assert_non_null(o);
    fputs("new\n", rt_out_stream(o));
    assert_int_equal(rt_out_commit(o, &err), 0);
    struct stat st;
    assert_int_equal(lstat(link, &st), 0);
    assert_true(S_ISLNK(st.st_mode));
    assert_string_equal(get(target), "new\n");
    assert_int_equal(count_entries(s->dir), 2);
}

/* ---------------------------------------------------- devices, fifos */

static void test_dev_null_written_in_place(void **state)
{
    Scratch *s = *state;
    const char *null = device(s, "null", 1, 3, "/dev/null");
    RtError err = {.msg = ""};
    RtOutFile *o = rt_out_open(null, NULL, 0, &err);
    assert_non_null(o);
    assert_null(rt_out_temporary(o));
    fputs("discarded\n", rt_out_stream(o));
    assert_int_equal(rt_out_commit(o, &err), 0);
    struct stat st;
    assert_int_equal(stat(null, &st), 0);
    assert_true(S_ISCHR(st.st_mode));
}

static void test_fifo_written_in_place(void **state)
{
    Scratch *s = *state;
    const char *fifo = at(s, "pipe");
    assert_int_equal(mkfifo(fifo, 0600), 0);
    /* a reader first, so that opening for writing does not block */
    int rd = open(fifo, O_RDONLY | O_NONBLOCK);
    assert_true(rd >= 0);
    RtError err = {.msg = ""};
    RtOutFile *o = rt_out_open(fifo, NULL, 0, &err);
    assert_non_null(o);
    fputs("through the fifo\n", rt_out_stream(o));
    assert_int_equal(rt_out_commit(o, &err), 0);
    char buf[64] = "";
    ssize_t n = read(rd, buf, sizeof buf - 1);
    close(rd);
    assert_int_equal(n, 17);
    assert_string_equal(buf, "through the fifo\n");
    struct stat st;
    assert_int_equal(lstat(fifo, &st), 0);
    assert_true(S_ISFIFO(st.st_mode));
    assert_int_equal(count_entries(s->dir), 1);
}

/* A write error on a device: commit fails naming the path and the reason,
 * and the device is still a device. */
static void test_dev_full_commit_fails(void **state)
{
    Scratch *s = *state;
    const char *full = device(s, "full", 1, 7, "/dev/full");
    RtError err = {.msg = ""};
    RtOutFile *o = rt_out_open(full, NULL, 0, &err);
    assert_non_null(o);
    for (int i = 0; i < 2000; i++)
        fputs("a row of draws\n", rt_out_stream(o));
    assert_int_not_equal(rt_out_commit(o, &err), 0);
    char want[300];
    snprintf(want, sizeof want, "error writing %s: No space left on device",
             full);
    assert_string_equal(err.msg, want);
    struct stat st;
    assert_int_equal(stat(full, &st), 0);
    assert_true(S_ISCHR(st.st_mode));
}

/* One large write that fails inside fwrite leaves stdio nothing to fail
 * on at the final flush; the reason is still the device's. */
static void test_one_large_failed_write_keeps_its_reason(void **state)
{
    Scratch *s = *state;
    const char *full = device(s, "full", 1, 7, "/dev/full");
    static char block[20000];
    memset(block, 'x', sizeof block);
    RtError err = {.msg = ""};
    RtOutFile *o = rt_out_open(full, NULL, 0, &err);
    assert_non_null(o);
    assert_int_not_equal(fwrite(block, 1, sizeof block, rt_out_stream(o)),
                         sizeof block);
    assert_int_not_equal(rt_out_commit(o, &err), 0);
    char want[300];
    snprintf(want, sizeof want, "error writing %s: No space left on device",
             full);
    assert_string_equal(err.msg, want);
}

/* A write error into a regular file (past a size limit) fails the commit
 * and leaves the old file and no temporary. */
static void test_write_error_leaves_old_file(void **state)
{
    Scratch *s = *state;
    const char *out = at(s, "out.csv");
    put(out, "old\n");
    struct rlimit old, small;
    assert_int_equal(getrlimit(RLIMIT_FSIZE, &old), 0);
    void (*old_handler)(int) = signal(SIGXFSZ, SIG_IGN);
    RtError err = {.msg = ""};
    RtOutFile *o = rt_out_open(out, NULL, 0, &err);
    assert_non_null(o);
    small = old;
    small.rlim_cur = 4096;
    assert_int_equal(setrlimit(RLIMIT_FSIZE, &small), 0);
    for (int i = 0; i < 2000; i++)
        fputs("a row of draws\n", rt_out_stream(o));
    int rc = rt_out_commit(o, &err);
    setrlimit(RLIMIT_FSIZE, &old);
    signal(SIGXFSZ, old_handler);
    assert_int_not_equal(rc, 0);
    char want[300];
    snprintf(want, sizeof want, "error writing %s: File too large", out);
    assert_string_equal(err.msg, want);
    assert_string_equal(get(out), "old\n");
    assert_int_equal(count_entries(s->dir), 1);
}

static void test_stream_write_error_named(void **state)
{
    (void)state;
    FILE *f = fopen("/dev/full", "w");
    assert_non_null(f);
    fputs("lost\n", f);
    RtError err = {.msg = ""};
    assert_int_not_equal(rt_out_check_stream(f, "standard output", &err), 0);
    assert_string_equal(err.msg, "error writing standard output: "
                                 "No space left on device");
    fclose(f);
}

/* ------------------------------------------------------------ refused */

static void test_folder_refused(void **state)
{
    Scratch *s = *state;
    RtError err = {.msg = ""};
    assert_null(rt_out_open(s->dir, NULL, 0, &err));
    char want[200];
    snprintf(want, sizeof want, "cannot write %s: it is a folder", s->dir);
    assert_string_equal(err.msg, want);
    assert_int_equal(count_entries(s->dir), 0);
}

static void test_empty_name_refused(void **state)
{
    Scratch *s = *state;
    RtError err = {.msg = ""};
    assert_null(rt_out_open("", NULL, 0, &err));
    assert_string_equal(err.msg,
                        "cannot write an output file with an empty name");
    assert_int_equal(rt_out_check("", NULL, 0, &err), -1);
    assert_int_equal(count_entries(s->dir), 0);
}

static void test_missing_folder_refused(void **state)
{
    Scratch *s = *state;
    const char *out = at(s, "no/such/out.csv");
    RtError err = {.msg = ""};
    assert_null(rt_out_open(out, NULL, 0, &err));
    char want[300];
    snprintf(want, sizeof want,
             "cannot open %s for writing: No such file or directory", out);
    assert_string_equal(err.msg, want);
}

/* An input, reached by another name (a symbolic link either way, a hard
 * link), is refused and left as it was. */
static void test_inputs_protected_by_inode(void **state)
{
    Scratch *s = *state;
    const char *data = at(s, "data.json");
    const char *soft = at(s, "soft.csv");
    const char *hard = at(s, "hard.csv");
    put(data, "{\"N\": 1}\n");
    assert_int_equal(symlink("data.json", soft), 0);
    assert_int_equal(link(data, hard), 0);
    const char *inputs[] = {at(s, "absent.json"), NULL, data};
    RtError err = {.msg = ""};
    char want[400];

    assert_null(rt_out_open(soft, inputs, 3, &err));
    snprintf(want, sizeof want, "refusing to write %s: it is the same file "
             "as the input %s", soft, data);
    assert_string_equal(err.msg, want);

    assert_null(rt_out_open(hard, inputs, 3, &err));
    snprintf(want, sizeof want, "refusing to write %s: it is the same file "
             "as the input %s", hard, data);
    assert_string_equal(err.msg, want);

    /* the input named through a link, the output by its own name */
    const char *by_link[] = {soft};
    assert_null(rt_out_open(data, by_link, 1, &err));
    snprintf(want, sizeof want, "refusing to write %s: it is the same file "
             "as the input %s", data, soft);
    assert_string_equal(err.msg, want);

    assert_string_equal(get(data), "{\"N\": 1}\n");
    assert_int_equal(count_entries(s->dir), 3);

    /* another file is fine, with absent and NULL inputs skipped */
    RtOutFile *o = rt_out_open(at(s, "out.csv"), inputs, 3, &err);
    assert_non_null(o);
    assert_int_equal(rt_out_commit(o, &err), 0);
}

/* ------------------------------------------------------------ signals */

/* A process stopped by SIG while writing leaves neither the final name
 * nor a temporary, and dies of the signal. */
static void check_signal_removes_temporary(Scratch *s, int sig)
{
    const char *out = at(s, "out.csv");
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        /* as a process started from a terminal has it (a test run in the
         * background may have inherited SIGINT ignored) */
        signal(sig, SIG_DFL);
        RtError err;
        RtOutFile *o = rt_out_open(out, NULL, 0, &err);
        if (!o)
            _exit(3);
        fputs("partial\n", rt_out_stream(o));
        fflush(rt_out_stream(o));
        raise(sig);
        _exit(4);
    }
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFSIGNALED(status));
    assert_int_equal(WTERMSIG(status), sig);
    assert_int_equal(count_entries(s->dir), 0);
}

static void test_signals_remove_temporary(void **state)
{
    check_signal_removes_temporary(*state, SIGTERM);
    check_signal_removes_temporary(*state, SIGINT);
    check_signal_removes_temporary(*state, SIGHUP);
}

/* A handler the program had before is still called, after the removal. */
static volatile sig_atomic_t previous_called;

static void previous_handler(int sig)
{
    (void)sig;
    previous_called = 1;
}

static void test_previous_handler_still_called(void **state)
{
    Scratch *s = *state;
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        signal(SIGHUP, previous_handler);
        RtError err;
        RtOutFile *o = rt_out_open(at(s, "out.csv"), NULL, 0, &err);
        if (!o)
            _exit(3);
        raise(SIGHUP);
        /* the handler ran and the temporary is gone; the process lives */
        _exit(previous_called && count_entries(s->dir) == 0 ? 0 : 5);
    }
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 0);
}

#define T(name) cmocka_unit_test_setup_teardown(name, setup_scratch, \
                                                teardown_scratch)

int main(void)
{
    const struct CMUnitTest tests[] = {
        T(test_regular_replaced_on_commit),
        T(test_absent_created_on_commit),
        T(test_abort_leaves_the_old_file),
        T(test_two_writers_do_not_mix),
        T(test_symlink_target_replaced),
        T(test_dev_null_written_in_place),
        T(test_fifo_written_in_place),
        T(test_dev_full_commit_fails),
        T(test_one_large_failed_write_keeps_its_reason),
        T(test_write_error_leaves_old_file),
        T(test_stream_write_error_named),
        T(test_folder_refused),
        T(test_empty_name_refused),
        T(test_missing_folder_refused),
        T(test_inputs_protected_by_inode),
        T(test_signals_remove_temporary),
        T(test_previous_handler_still_called),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
