/* parser.h - recursive-descent parser for Stan programs. */
#ifndef PPL_PARSER_H
#define PPL_PARSER_H

#include "ast.h"
#include "diag.h"
#include "lexer.h"

/* Parse a whole program (or, for a .stanfunctions file, a list of function
 * definitions) from the tokens.  Stops at the first syntax error, which
 * goes to the sink; returns NULL then. */
Program *parse_program(Arena *a, DiagSink *sink, const TokenList *tl,
                       bool functions_only);

#endif
