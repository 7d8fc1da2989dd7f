/* test_job.c - drv_job_run: a job's exit code and signal come back; a job
 * past its time limit is killed with its whole process group (a process it
 * started, and one that ignores SIGTERM); a process a job leaves behind is
 * killed when the job ends; SIGTERM to the batch while a job runs kills the
 * job and is recorded.
 *
 * driver/ is in no library the unit tests link, so job.c is included
 * here. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "../../driver/job.c"

/* True once pid is gone or a zombie (a killed orphan is reaped by init
 * at its own pace); waits up to about 10 s for that. */
static bool process_gone(pid_t pid)
{
    for (int i = 0; i < 1000; i++) {
        char path[64], state = '?';
        snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
        FILE *f = fopen(path, "r");
        if (!f)
            return true;
        int n = fscanf(f, "%*d (%*[^)]) %c", &state);
        fclose(f);
        if (n == 1 && state == 'Z')
            return true;
        nanosleep(&(struct timespec){.tv_nsec = 10000000}, NULL);
    }
    return false;
}

static int body_exit_3(void *arg)
{
    (void)arg;
    return 3;
}

static int body_abort(void *arg)
{
    (void)arg;
    raise(SIGABRT);
    return 0;
}

static void test_exit_code_and_signal(void **state)
{
    (void)state;
    DrvJobResult r;
    assert_int_equal(drv_job_run(body_exit_3, NULL, 0, &r), DRV_JOB_EXITED);
    assert_int_equal(r.code, 3);
    assert_int_equal(drv_job_run(body_abort, NULL, 10, &r), DRV_JOB_KILLED);
    assert_int_equal(r.code, SIGABRT);
}

/* A job that starts a second process (its pid written to the pipe *arg),
 * then does what the variant asks. */
typedef struct Spawner {
    int fd[2];
    bool ignore_term;    /* the job ignores SIGTERM and spins */
    bool leave;          /* the job exits 0 at once, leaving the other */
} Spawner;

static int body_spawn(void *arg)
{
    Spawner *s = arg;
    pid_t child = fork();
    if (child == 0) {
        for (;;)
            pause();
    }
    ssize_t w = write(s->fd[1], &child, sizeof child);
    (void)w;
    if (s->leave)
        return 0;
    if (s->ignore_term)
        signal(SIGTERM, SIG_IGN);
    for (;;)
        pause();
}

static pid_t spawned(Spawner *s)
{
    pid_t pid = -1;
    ssize_t got = read(s->fd[0], &pid, sizeof pid);
    assert_int_equal(got, (ssize_t)sizeof pid);
    close(s->fd[0]);
    close(s->fd[1]);
    return pid;
}

static void test_timeout_kills_the_group(void **state)
{
    (void)state;
    Spawner s = {0};
    assert_int_equal(pipe(s.fd), 0);
    DrvJobResult r;
    assert_int_equal(drv_job_run(body_spawn, &s, 1, &r), DRV_JOB_TIMED_OUT);
    assert_true(process_gone(spawned(&s)));
}

static void test_sigterm_ignored_gets_sigkill(void **state)
{
    (void)state;
    Spawner s = {.ignore_term = true};
    assert_int_equal(pipe(s.fd), 0);
    DrvJobResult r;
    assert_int_equal(drv_job_run(body_spawn, &s, 1, &r), DRV_JOB_TIMED_OUT);
    assert_true(process_gone(spawned(&s)));
}

static void test_leftover_process_killed(void **state)
{
    (void)state;
    Spawner s = {.leave = true};
    assert_int_equal(pipe(s.fd), 0);
    DrvJobResult r;
    assert_int_equal(drv_job_run(body_spawn, &s, 0, &r), DRV_JOB_EXITED);
    assert_int_equal(r.code, 0);
    assert_true(process_gone(spawned(&s)));
}

/* The job asks the batch to stop, as a user's SIGTERM would. */
static int body_term_parent(void *arg)
{
    (void)arg;
    kill(getppid(), SIGTERM);
    for (;;)
        pause();
    return 0;
}

static void test_stop_signal_kills_the_job(void **state)
{
    (void)state;
    drv_job_catch_signals();
    assert_int_equal(drv_job_stop_signal(), 0);
    DrvJobResult r;
    assert_int_equal(drv_job_run(body_term_parent, NULL, 0, &r),
                     DRV_JOB_INTERRUPTED);
    assert_int_equal(drv_job_stop_signal(), SIGTERM);
    /* once stopped, no further job starts */
    assert_int_equal(drv_job_run(body_exit_3, NULL, 0, &r),
                     DRV_JOB_INTERRUPTED);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_exit_code_and_signal),
        cmocka_unit_test(test_timeout_kills_the_group),
        cmocka_unit_test(test_sigterm_ignored_gets_sigkill),
        cmocka_unit_test(test_leftover_process_killed),
        cmocka_unit_test(test_stop_signal_kills_the_job), /* last: it stops */
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
