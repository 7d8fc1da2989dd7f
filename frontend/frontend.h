/* frontend.h - the frontend's table of contents: from a .stan file to a
 * typed AST, its diagnostics, and its printed forms. */
#ifndef PPL_FRONTEND_H
#define PPL_FRONTEND_H

#include <stdio.h>

#include "support.h"   /* arena, ICE, scopes, spans, types */
#include "ast.h"
#include "diag.h"
#include "lexer.h"
#include "parser.h"
#include "sigs.h"
#include "typecheck.h"

typedef struct FeOptions {
    const char **include_paths;
    int ninclude_paths;
    bool allow_undefined;
    bool functions_only;    /* treat as .stanfunctions even if not named so */
    bool parse_only;        /* stop after parsing (--debug-parse) */
    bool hash_comments;     /* a # comment (removed in Stan 2.32) is a
                               warning, not an error: --auto-format prints
                               it as //, as stanc3's message promises */
} FeOptions;

/* One compilation unit: everything allocated for one model. */
typedef struct FeUnit {
    Arena arena;
    SourceMgr sm;
    DiagSink sink;
    TokenList tokens;
    Program *prog;          /* NULL after a syntax error */
    bool file_missing;      /* the model file could not be read */
    bool internal_error;    /* the compiler failed itself (ICE) */
    bool parsed, checked;   /* the stages that completed without error */
} FeUnit;

/* Read, lex, parse and check `path` (or the text, when text is non-NULL).
 * Returns whether the program is free of errors; diagnostics are in
 * u->sink.  Free with fe_unit_free. */
bool fe_compile(FeUnit *u, const char *path, const char *text,
                const FeOptions *o);
void fe_unit_free(FeUnit *u);

/* --- format.c --- */
typedef struct FmtOptions {
    int max_line_length;     /* default 78 */
    bool canon_deprecations, canon_parentheses, canon_braces,
         canon_includes,
         canon_strip_comments;  /* print no comment (stanc3's
                                   --canonicalize=strip-comments) */
} FmtOptions;

/* Print the program as stanc3's --auto-format does (the text stanc3 prints
 * before print_endline adds its last newline).  The output parses to the
 * same AST and formatting it again changes nothing. */
void fmt_program(FILE *out, const FeUnit *u, const FmtOptions *o);

/* --- info.c --- */
/* Print --info JSON: inputs, parameters, transformed parameters, generated
 * quantities (type and dimensions), functions, distributions, included
 * files. */
void info_print(FILE *out, const FeUnit *u);

#endif
