/* backend.h - the backend's table of contents: MIR to C. */
#ifndef PPL_BACKEND_H
#define PPL_BACKEND_H

#include <stdbool.h>
#include <stdio.h>

#include "mir.h"

/* --- emit_c.c --- */
/* Write the transformed program p as one C translation unit that includes
 * only pplrt.h and defines main() through rt_main (docs/backend.md).
 * Returns false, with the reason in why, when the program uses something
 * the backend does not compile yet; nothing is then written to out. */
bool emit_c(FILE *out, const MirProgram *p, char *why, size_t nwhy);

#endif
