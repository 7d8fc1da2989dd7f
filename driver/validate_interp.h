/* validate_interp.h - the validator's third opinion (validate_interp.c):
 * the MIR interpreter's log density and gradient at the reference probe's
 * points against the O0 sampler's. */
#ifndef PPL_VALIDATE_INTERP_H
#define PPL_VALIDATE_INTERP_H

#include "mir.h"
#include "report.h"

/* How a testcase is added: the check's name ("interp"), its status, its
 * time, the one-line message (NULL when it passed) and details (may be
 * NULL). */
typedef void (*ValCaseFn)(void *ctx, const char *check, DrvCaseStatus st,
                          double secs, const char *msg, const char *details);

/* The interpreter on o0 with the data file data_path (NULL: none) at the
 * points of the probe file probe; one testcase through add. */
void val_interp_opinion(const char *probe, const char *data_path,
                        MirProgram *o0, ValCaseFn add, void *ctx);

#endif
