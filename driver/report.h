/* report.h - the validation report (report.c): results of the batch
 * validator as JUnit XML, written with libxml2, read back for `pplbench
 * merge` and `--baseline`.
 *
 * The format (tests/report.xsd): <testsuites> holds one <testsuite> per
 * model (attributes name, tests, failures, errors, skipped, time,
 * timestamp, always present), each holding <properties> and one
 * <testcase> per job and check: classname = the model, name = JOB:CHECK
 * (unique in the file), time in seconds as %.3f in the C locale.  A failed
 * check has <failure message="one line">details</failure>; a job that could
 * not run (the candidate did not compile, crashed, timed out) has <error>;
 * a check that did not apply has <skipped>.  Run-wide properties (version,
 * flags, seeds, passes) are a <properties> of <testsuites>; a model's (its
 * tolerance policy, speed ratios) a <properties> of its <testsuite>.
 *
 * Strings: every string is cleaned when it is copied in, so that whatever
 * bytes a model name or a message holds, the file is well-formed and reads
 * back to the same strings: a byte that is not part of valid UTF-8, and a
 * character XML 1.0 forbids or discourages (controls other than tab, line
 * feed and carriage return, DEL and U+0080-U+009F, U+FFFE, U+FFFF), becomes
 * U+FFFD; in names (models, cases, properties) and in a case's message,
 * which are one line, tab, line feed and carriage return become spaces.
 * Seconds that are negative or not finite are stored as 0.
 *
 * Names are unique: a second suite for one model, or a second case of one
 * name in a suite, is refused (an error, not a renamed copy: a duplicate
 * is a bug of the caller, and renaming would break --baseline, which pairs
 * cases by model and name).  So (classname, name) is unique in the file.
 *
 * Speed (read by drv_report_baseline): the validator gives each job's
 * speed as a property of the model's suite named "speed:JOB" whose value
 * is a decimal number, the candidate's gradient time over the reference's
 * (1.000 = as fast as --O0; more is slower). */
#ifndef PPL_REPORT_H
#define PPL_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* The tool's version, as --version prints it and reports record it. */
#define PPLBENCH_VERSION "0.1.0"

typedef enum DrvCaseStatus {
    DRV_CASE_PASSED,
    DRV_CASE_FAILED,    /* <failure>: the pass changed what a user sees */
    DRV_CASE_ERROR,     /* <error>: the job could not be run to the end */
    DRV_CASE_SKIPPED    /* <skipped>: the check does not apply */
} DrvCaseStatus;

typedef struct DrvProperty {
    char *name, *value;
} DrvProperty;

typedef struct DrvCase {
    char *name;         /* JOB:CHECK, e.g. "lcm:gradient" */
    double seconds;
    DrvCaseStatus status;
    char *message;      /* one line; NULL when passed */
    char *details;      /* the body: point, values, tolerance, dump paths */
} DrvCase;

/* Where each name of a table is (open addressing over its index + 1), so
 * that a duplicate is found without a scan. */
typedef struct DrvNameIndex {
    int *slots;
    size_t nslots;
} DrvNameIndex;

typedef struct DrvSuite {
    char *name;         /* the model (first member, as in DrvCase) */
    char *timestamp;    /* ISO 8601, UTC, when the model started */
    double seconds;
    DrvProperty *props;
    int nprops, capprops;
    DrvCase *cases;
    int ncases, capcases;
    DrvNameIndex case_index;
} DrvSuite;

typedef struct DrvReport {
    char *name;         /* the <testsuites> name: "pplbench" */
    DrvProperty *props; /* run-wide: version, flags, seeds, passes */
    int nprops, capprops;
    DrvSuite *suites;
    int nsuites, capsuites;
    DrvNameIndex suite_index;
} DrvReport;

/* All strings are copied; every function returning int gives 0, or -1 with
 * a message in why (size nwhy) when memory runs out or a file cannot be
 * read or written. */
/* Write the message into why (size nwhy; why may be NULL) and return -1:
 * the error return of this file's functions and baseline.c's. */
int drv_report_fail(char *why, size_t nwhy, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void drv_report_init(DrvReport *r);
void drv_report_free(DrvReport *r);
int drv_report_prop(DrvReport *r, const char *name, const char *value,
                    char *why, size_t nwhy);
/* A new suite for model (the pointer stays valid until the next
 * drv_report_suite or drv_report_merge call on r); NULL when out of
 * memory, when r already has a suite of that name, or when timestamp is
 * not an ISO 8601 date and time (YYYY-MM-DDTHH:MM:SS, optional fraction,
 * optional Z or +HH:MM).  A NULL timestamp is the current time, UTC. */
DrvSuite *drv_report_suite(DrvReport *r, const char *model,
                           const char *timestamp, char *why, size_t nwhy);
int drv_suite_prop(DrvSuite *s, const char *name, const char *value,
                   char *why, size_t nwhy);
/* message and details may be NULL; both are ignored for a passed case,
 * and a failure or error without a message gets "(no message)".  A case
 * name already in s is refused. */
int drv_suite_case(DrvSuite *s, const char *name, DrvCaseStatus status,
                   double seconds, const char *message, const char *details,
                   char *why, size_t nwhy);

/* The suite of model in r, or NULL; the case named name in s, or NULL. */
DrvSuite *drv_report_find(const DrvReport *r, const char *model);
const DrvCase *drv_suite_find(const DrvSuite *s, const char *name);

/* Counts over the whole report (drv_suite_counts: over one suite). */
typedef struct DrvReportCounts {
    int tests, failures, errors, skipped;
} DrvReportCounts;
DrvReportCounts drv_report_counts(const DrvReport *r);
DrvReportCounts drv_suite_counts(const DrvSuite *s);

/* Write r to path atomically (rt_out_open: a complete file or none; an
 * input in protect is never replaced). */
int drv_report_write(const DrvReport *r, const char *path,
                     const char *const *protect, int nprotect,
                     char *why, size_t nwhy);
/* Read a report written by drv_report_write (or another JUnit writer's
 * file of the same shape: root <testsuites>, or one <testsuite>) into r
 * (initialized by the caller; on error it holds what was read so far and
 * is still freed by the caller).  A report is untrusted input: at most
 * DRV_REPORT_MAX_BYTES, read without the network, a DTD or entity
 * expansion (a file with a DTD is refused); an element out of place, a
 * duplicate name, a count attribute that disagrees with the cases, or a
 * time that is not a number is an error naming the file and line. */
enum { DRV_REPORT_MAX_BYTES = 64 << 20 };
int drv_report_read(DrvReport *r, const char *path, char *why, size_t nwhy);

/* Add every suite of src to dst, merging the shards of one run: a model in
 * both is refused (shards are disjoint); afterwards dst's suites are in the
 * order in which the batch runs the models, strcmp of their file names
 * NAME.stan (drv_report_sort).  Run-wide properties: one with the same
 * name and value in both is kept once; "shard" (K/N, which differs
 * between shards) is dropped, so the merged report is that of the
 * unsharded run, and so are "baseline" and "baseline:*" (a shard's
 * comparison with a baseline is not the whole run's: compare the merged
 * report again); a property only in src is added; one whose value in src
 * differs from dst's is refused (the reports are not shards of one run,
 * or a flag that differs between shards is not in "shard"). */
int drv_report_merge(DrvReport *dst, const DrvReport *src, char *why,
                     size_t nwhy);
/* Sort r's suites into model order (as drv_report_merge leaves them). */
void drv_report_sort(DrvReport *r);

/* ---------------------------------------------------------- baseline.c */

/* --baseline OLD.xml: what changed since an older report.  A case is
 * failing when it has <failure> or <error>; cases are paired by model and
 * name.  A new failure is failing in cur and passed, skipped or absent in
 * old; a fixed failure is failing in old and passed in cur (a case absent
 * from cur was not run and is not fixed); a slower job has a "speed:JOB"
 * property in both whose ratio grew by more than DRV_BASELINE_SLOWER
 * (cur > old * 1.10).  A ratio that is not a positive finite decimal is
 * left out of the comparison. */
#define DRV_BASELINE_SLOWER 1.10
typedef struct DrvBaseline {
    char **lines;       /* to print: one per change, then the summary */
    int nlines, caplines;
    int new_failures, fixed, slower;
} DrvBaseline;
/* Compare cur with old (label names old in the lines, e.g. its path) into
 * b (zeroed by the caller), and add the result to cur as run-wide
 * properties: "baseline" = label, "baseline:summary" = the summary line,
 * and one "baseline:new-failure", "baseline:fixed" or "baseline:slower"
 * per change (value "MODEL JOB:CHECK" or "MODEL JOB OLD -> NEW"). */
int drv_report_baseline(DrvReport *cur, const DrvReport *old,
                        const char *label, DrvBaseline *b, char *why,
                        size_t nwhy);
void drv_baseline_free(DrvBaseline *b);

/* ------------------------------------------------------------- merge.c */

/* `pplbench merge A.xml B.xml ... -o ALL.xml`: drv_report_merge of the
 * inputs, in any order, written atomically to ALL.xml (never over an
 * input).  Prints the totals on out; errors on err.  Exit codes: 0 merged,
 * 2 usage, a file that cannot be read or is not a report, reports that
 * cannot be merged, or an output that cannot be written. */
int drv_merge_main(int argc, char **argv, FILE *out, FILE *err);

#endif
