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

/* --- emit_text.c --- */
/* The model's name for a file stem, as stanc3 derives it: the stem with
 * every byte that is not a letter, digit or '_' replaced ('-' by '_', any
 * other by "x" and its code in decimal), "_" in front when it starts with
 * a digit, then "_model" ("8 schools" -> "_8x32schools_model").  The
 * result satisfies emit_model_name_valid; it is allocated in a. */
const char *emit_model_name(Arena *a, const char *stem);
/* Whether name can name a model (--name): not empty, letters, digits and
 * '_' only, not starting with a digit. */
bool emit_model_name_valid(const char *name);

#endif
