/* merge.c - `pplbench merge A.xml B.xml ... -o ALL.xml` (report.h): the
 * reports of the shards of one run (--shard K/N) made into the report of
 * the whole run. */
#include <stdlib.h>
#include <string.h>

#include "report.h"

enum { MERGE_OK = 0, MERGE_USAGE = 2 };

static const char merge_usage[] =
    "Usage: pplbench merge A.xml B.xml ... -o ALL.xml\n"
    "\n"
    "Merges the JUnit XML reports of the shards of one validation run\n"
    "(--shard K/N) into one report: every model's suite, in the order in\n"
    "which the unsharded run validates the models; the run-wide properties\n"
    "that all shards share, without 'shard' and the shards' baseline\n"
    "comparisons. A model in two reports, or a run-wide property whose\n"
    "value differs between them, is refused. ALL.xml is replaced only by a\n"
    "complete file, and never when it is one of the inputs.\n"
    "Exit codes: 0 merged; 2 usage, a report that cannot be read or merged,\n"
    "or ALL.xml that cannot be written.\n";

int drv_merge_main(int argc, char **argv, FILE *out, FILE *err)
{
    const char *output = NULL;
    const char **inputs = calloc((size_t)(argc > 0 ? argc : 1),
                                 sizeof *inputs);
    int ninputs = 0;
    if (!inputs) {
        fputs("pplbench merge: out of memory\n", err);
        return MERGE_USAGE;
    }
    const char *problem = NULL, *what = "";
    for (int i = 1; i < argc && !problem; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0) {
            fputs(merge_usage, out);
            free(inputs);
            return MERGE_OK;
        }
        if (strcmp(a, "-o") == 0 || strncmp(a, "-o=", 3) == 0) {
            const char *v = a[2] == '=' ? a + 3 : i + 1 < argc ? argv[++i]
                                                                : NULL;
            if (output)
                problem = "-o is given twice", what = "";
            else if (!v || !*v)
                problem = "-o takes the merged report's path", what = "";
            output = v;
        } else if (a[0] == '-' && a[1] != '\0') {
            problem = "unknown option ", what = a;
        } else {
            inputs[ninputs++] = a;
        }
    }
    if (!problem && ninputs == 0)
        problem = "no report given", what = "";
    else if (!problem && !output)
        problem = "no output given (-o ALL.xml)", what = "";
    if (problem) {
        fprintf(err, "pplbench merge: %s%s%s%s\n%s", problem, *what ? "'" : "",
                what, *what ? "'" : "", merge_usage);
        free(inputs);
        return MERGE_USAGE;
    }
    char why[1024] = "";
    DrvReport all, one;
    drv_report_init(&all);
    int status = MERGE_OK;
    for (int i = 0; i < ninputs && status == MERGE_OK; i++) {
        drv_report_init(&one);
        if (drv_report_read(&one, inputs[i], why, sizeof why) != 0) {
            fprintf(err, "pplbench merge: %s\n", why);
            status = MERGE_USAGE;
        } else if (drv_report_merge(&all, &one, why, sizeof why) != 0) {
            fprintf(err, "pplbench merge: %s: %s\n", inputs[i], why);
            status = MERGE_USAGE;
        }
        drv_report_free(&one);
    }
    if (status == MERGE_OK
        && drv_report_write(&all, output, inputs, ninputs, why,
                            sizeof why) != 0) {
        fprintf(err, "pplbench merge: %s\n", why);
        status = MERGE_USAGE;
    }
    if (status == MERGE_OK) {
        DrvReportCounts n = drv_report_counts(&all);
        fprintf(out, "merged %d report%s into %s: %d model%s, %d tests, "
                "%d failures, %d errors, %d skipped\n", ninputs,
                ninputs == 1 ? "" : "s", output, all.nsuites,
                all.nsuites == 1 ? "" : "s", n.tests, n.failures, n.errors,
                n.skipped);
    }
    drv_report_free(&all);
    free(inputs);
    return status;
}
