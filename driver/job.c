/* job.c - a batch job in a process group of its own, with a time limit
 * (job.h).
 *
 * The batch waits for a job with sigtimedwait: SIGCHLD, SIGINT, SIGTERM
 * and SIGHUP are blocked while it waits, so a signal that arrives between
 * two checks stays pending and ends the next wait at once instead of being
 * lost.  The job's first process is left a zombie (waitid with WNOWAIT)
 * until its group has been killed: while it is unreaped its pid, which is
 * the group's id, cannot be given to another process, so the final
 * kill(-pgid, SIGKILL) reaches only the job's own processes. */
#include <errno.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "job.h"

/* The signal that asked the batch to stop: the one piece of file-scope
 * state here, because a signal handler can reach nothing else. */
static volatile sig_atomic_t job_stop_signal;

/* SIGPIPE too: a batch whose reader went away (`pplbench corpus/ | head`)
 * would otherwise die in a write, with a job's temporaries open */
static const int job_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE};
#define JOB_NSIGNALS ((int)(sizeof job_signals / sizeof job_signals[0]))

static void job_on_signal(int sig)
{
    if (!job_stop_signal)
        job_stop_signal = sig;
}

static bool job_ignored(int sig)
{
    struct sigaction old;
    return sigaction(sig, NULL, &old) == 0 && !(old.sa_flags & SA_SIGINFO)
           && old.sa_handler == SIG_IGN;
}

void drv_job_catch_signals(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = job_on_signal;
    /* the batch's own reads and writes go on; it looks at the signal
     * between its steps */
    sa.sa_flags = SA_RESTART;
    sigemptyset(&sa.sa_mask);
    for (int i = 0; i < JOB_NSIGNALS; i++)
        if (!job_ignored(job_signals[i]))
            sigaction(job_signals[i], &sa, NULL);
    signal(SIGCHLD, SIG_DFL);
}

int drv_job_stop_signal(void)
{
    return job_stop_signal;
}

const char *drv_job_signal_name(int sig)
{
    switch (sig) {
    case SIGINT:
        return "SIGINT";
    case SIGTERM:
        return "SIGTERM";
    case SIGHUP:
        return "SIGHUP";
    case SIGPIPE:
        return "SIGPIPE";
    default:
        return "a signal";
    }
}

/* ------------------------------------------------------------ waiting */

static double job_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

typedef enum JobWait { WAIT_ENDED, WAIT_TIME_UP, WAIT_STOP } JobWait;

/* Wait until pid ends (left unreaped), the monotonic clock passes
 * deadline (< 0: never), or, when stoppable, a stop signal has come.
 * set holds the signals blocked for the wait. */
static JobWait job_wait(pid_t pid, const sigset_t *set, double deadline,
                        bool stoppable)
{
    for (;;) {
        siginfo_t si;
        memset(&si, 0, sizeof si);
        int w = waitid(P_PID, (id_t)pid, &si, WEXITED | WNOHANG | WNOWAIT);
        if ((w == 0 && si.si_pid == pid) || (w != 0 && errno == ECHILD))
            return WAIT_ENDED;
        if (stoppable && job_stop_signal)
            return WAIT_STOP;
        double left = 3600;
        if (deadline >= 0) {
            left = deadline - job_now();
            if (left <= 0)
                return WAIT_TIME_UP;
        }
        struct timespec ts;
        ts.tv_sec = (time_t)left;
        ts.tv_nsec = (long)((left - (double)ts.tv_sec) * 1e9);
        int sig = sigtimedwait(set, NULL, &ts);
        if (sig > 0 && sig != SIGCHLD && !job_stop_signal)
            job_stop_signal = sig;
    }
}

/* SIGTERM to the group, then a grace period for the first process to
 * end.  The caller sends the SIGKILL that follows in every case. */
static void job_terminate(pid_t pid, const sigset_t *set)
{
    kill(-pid, SIGTERM);
    kill(-pid, SIGCONT);
    job_wait(pid, set, job_now() + DRV_JOB_GRACE_SECONDS, false);
}

/* ----------------------------------------------------------- running */

/* The child's side: a group of its own, death with the batch, default
 * signals; never returns. */
static void job_child(pid_t parent, int (*body)(void *), void *arg)
{
    setpgid(0, 0);
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent)   /* the batch died before the prctl */
        _exit(127);
    for (int i = 0; i < JOB_NSIGNALS; i++)
        signal(job_signals[i], SIG_DFL);
    signal(SIGCHLD, SIG_DFL);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    _exit(body(arg));
}

DrvJobEnd drv_job_run(int (*body)(void *arg), void *arg,
                      double timeout_seconds, DrvJobResult *r)
{
    *r = (DrvJobResult){.end = DRV_JOB_INTERRUPTED};
    sigset_t set, old;
    sigemptyset(&set);
    sigaddset(&set, SIGCHLD);
    for (int i = 0; i < JOB_NSIGNALS; i++)
        if (!job_ignored(job_signals[i]))
            sigaddset(&set, job_signals[i]);
    sigprocmask(SIG_BLOCK, &set, &old);
    if (job_stop_signal) {
        sigprocmask(SIG_SETMASK, &old, NULL);
        return r->end;
    }
    fflush(NULL);
    pid_t parent = getpid();
    double start = job_now();
    pid_t pid = fork();
    if (pid == 0)
        job_child(parent, body, arg);
    if (pid < 0) {
        r->end = DRV_JOB_NOT_STARTED;
        r->code = errno;
        sigprocmask(SIG_SETMASK, &old, NULL);
        return r->end;
    }
    setpgid(pid, pid);   /* as the child does: no window without a group */
    double deadline = timeout_seconds > 0 ? start + timeout_seconds : -1;
    JobWait how = job_wait(pid, &set, deadline, true);
    if (how != WAIT_ENDED)
        job_terminate(pid, &set);
    kill(-pid, SIGKILL);   /* anything of the group still running */
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        continue;
    r->seconds = job_now() - start;
    sigprocmask(SIG_SETMASK, &old, NULL);
    if (how == WAIT_TIME_UP) {
        r->end = DRV_JOB_TIMED_OUT;
    } else if (how == WAIT_STOP) {
        r->end = DRV_JOB_INTERRUPTED;
    } else if (WIFSIGNALED(status)) {
        r->end = DRV_JOB_KILLED;
        r->code = WTERMSIG(status);
    } else {
        r->end = DRV_JOB_EXITED;
        r->code = WEXITSTATUS(status);
    }
    return r->end;
}
