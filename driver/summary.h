/* summary.h - `pplbench summary`: the posterior summary of Stan CSV files,
 * printed in the layout of CmdStan's stansummary. */
#ifndef PPL_SUMMARY_H
#define PPL_SUMMARY_H

#include <stdio.h>

#include "arena.h"

/* Exit codes of drv_summary, the driver's own: 0 success, 1 a file that is
 * not a well-formed Stan CSV of sampler output, 2 usage or I/O error. */
enum { SUMMARY_OK = 0, SUMMARY_BAD_CSV = 1, SUMMARY_USAGE = 2 };

/* Run `pplbench summary FILE.csv [FILE2.csv ...] [--sig-figs=N]`, one file
 * per chain.  argv[0] names the subcommand and is skipped, as main() skips
 * the program's name.  The summary goes to out; usage and parse errors go
 * to err, each naming the file and line.  Returns one of the codes above. */
int drv_summary(int argc, char **argv, FILE *out, FILE *err);

/* One column of a chain: its name, the mean of its draws and the Monte
 * Carlo standard error of that mean (NaN when the draws do not vary or are
 * not finite), as the summary computes them. */
typedef struct DrvColumnStats {
    const char *name;
    double mean, mcse;
} DrvColumnStats;

/* The statistics of every column of one Stan CSV file of sampler output
 * (one chain), allocated in a: the validator's --posterior compares two
 * programs' chains with them.  Returns one of the codes above (errors on
 * err, naming the file and line). */
int drv_summary_columns(Arena *a, const char *path, DrvColumnStats **cols,
                        int *ncols, FILE *err);

#endif
