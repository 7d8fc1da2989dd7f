/* udiff.h - a unified diff of two texts (udiff.c). */
#ifndef PPL_UDIFF_H
#define PPL_UDIFF_H

#include <stdbool.h>
#include <stdio.h>

/* The largest table of line pairs the diff computes exactly (cells of 4
 * bytes: 64 MB); a larger middle is shown as one replacement. */
#define DRV_UDIFF_MAX_CELLS ((size_t)16 * 1024 * 1024)

/* Write the unified diff of a_text and b_text to out, with `context`
 * lines around each change and the headers "--- a_name" / "+++ b_name";
 * nothing when the texts are equal.  0, or -1 when memory runs out. */
int drv_udiff(FILE *out, const char *a_text, const char *b_text,
              const char *a_name, const char *b_name, int context);

#endif
