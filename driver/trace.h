/* trace.h - `pplbench trace`: one evaluation of a model's log density by
 * the MIR interpreter (mir/interp.c), printed as an extended Wengert
 * list. */
#ifndef PPL_TRACE_H
#define PPL_TRACE_H

#include <stdio.h>

/* pplbench trace MODEL.stan [--data D.json] [--params P.json | --seed S
 * [--point K]] [--levels N] [--o FILE.txt] [--backward @i] [--forward @i]
 * (argv[0] is "trace").  Returns the exit code: 0; 1 for a model that
 * does not compile, bad data, a rejection at the point or a construct the
 * interpreter does not support yet; 2 for usage and I/O errors; 3 for an
 * internal error. */
int drv_trace_main(int argc, char **argv, FILE *out, FILE *err);

#endif
