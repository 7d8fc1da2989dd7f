/* gendata.h - seeded random data and initial values for a model, made from
 * its declarations (stanc3's --debug-generate-data and
 * --debug-generate-inits).
 *
 * The data block's variables (MirProgram.input_vars) or the parameters
 * (the MV_PARAM entries of output_vars) get values of their declared
 * shapes that satisfy their declared constraints, as one JSON object in
 * CmdStan's data format: one member per variable; arrays, vectors and
 * matrices as nested arrays (row-major); a complex as [re, im]; a tuple as
 * an object with members "1", "2", ...  Sizes and bounds are expressions:
 * they are evaluated on the values chosen so far (literals, earlier data
 * and parameters, + - * / %/% % and the common functions); an expression
 * that cannot be evaluated is an error that names the variable.
 *
 * The values are a function of the seed alone.  Inits are generated after
 * the data that --debug-generate-data gives with the same seed (or the
 * values of a data file), so that the sizes of the two files agree. */
#ifndef PPL_GENDATA_H
#define PPL_GENDATA_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "mir.h"
#include "pplrt.h"

/* The seed when none is given (--seed). */
#define DRV_GEN_DEFAULT_SEED 1234u

typedef enum DrvGenWhat {
    DRV_GEN_DATA,       /* the data block's variables */
    DRV_GEN_INITS       /* the parameters, constrained */
} DrvGenWhat;

typedef struct DrvGenOptions {
    DrvGenWhat what;
    uint64_t seed;
    /* a CmdStan JSON file whose members give the values of data variables
     * (the others are generated), or NULL (--debug-data-file) */
    const char *data_file;
} DrvGenOptions;

/* Write the generated JSON object to out, one variable per line.  p is
 * the lowered (or transformed) MIR of a checked program.  Returns 0; -1
 * when a value cannot be generated, or -2 when o->data_file cannot be read
 * or is not a JSON object, with the reason in err (which names the
 * variable or the file); nothing is written then.  A write error is left
 * to the caller (ferror(out)). */
int drv_gen_write(FILE *out, const MirProgram *p, const DrvGenOptions *o,
                  RtError *err);

#endif
