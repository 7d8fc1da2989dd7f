#include "frontend.h"
void fmt_program(FILE *out, const FeUnit *u, const FmtOptions *o) { (void)out; (void)u; (void)o; }
