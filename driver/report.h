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
 * a check that did not apply has <skipped>. */
#ifndef PPL_REPORT_H
#define PPL_REPORT_H

#include <stdbool.h>
#include <stddef.h>

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

typedef struct DrvSuite {
    char *name;         /* the model */
    char *timestamp;    /* ISO 8601, UTC, when the model started */
    double seconds;
    DrvProperty *props;
    int nprops, capprops;
    DrvCase *cases;
    int ncases, capcases;
} DrvSuite;

typedef struct DrvReport {
    char *name;         /* the <testsuites> name: "pplbench" */
    DrvProperty *props; /* run-wide: version, flags, seeds, passes */
    int nprops, capprops;
    DrvSuite *suites;
    int nsuites, capsuites;
} DrvReport;

/* All strings are copied; every function returning int gives 0, or -1 with
 * a message in why (size nwhy) when memory runs out or a file cannot be
 * read or written. */
void drv_report_init(DrvReport *r);
void drv_report_free(DrvReport *r);
int drv_report_prop(DrvReport *r, const char *name, const char *value,
                    char *why, size_t nwhy);
/* A new suite for model (the pointer stays valid until the next
 * drv_report_suite call on r); NULL when out of memory. */
DrvSuite *drv_report_suite(DrvReport *r, const char *model,
                           const char *timestamp, char *why, size_t nwhy);
int drv_suite_prop(DrvSuite *s, const char *name, const char *value,
                   char *why, size_t nwhy);
/* message and details may be NULL. */
int drv_suite_case(DrvSuite *s, const char *name, DrvCaseStatus status,
                   double seconds, const char *message, const char *details,
                   char *why, size_t nwhy);

/* Counts over the whole report. */
typedef struct DrvReportCounts {
    int tests, failures, errors, skipped;
} DrvReportCounts;
DrvReportCounts drv_report_counts(const DrvReport *r);

/* Write r to path atomically (rt_out_open: a complete file or none; an
 * input in protect is never replaced). */
int drv_report_write(const DrvReport *r, const char *path,
                     const char *const *protect, int nprotect,
                     char *why, size_t nwhy);
/* Read a report written by drv_report_write (or another JUnit writer's
 * file of the same shape) into r (initialized by the caller). */
int drv_report_read(DrvReport *r, const char *path, char *why, size_t nwhy);

/* Append every suite of src to dst (merging shards of one run: suites are
 * kept in model order, run-wide properties are taken from the first). */
int drv_report_merge(DrvReport *dst, const DrvReport *src, char *why,
                     size_t nwhy);

#endif
